//! Running the plan's engine: generate and test, or propagation; each keeps the solutions to
//! list, and for an objective the best solution so far.

use super::puzzle::{Goal, SearchPuzzle};
use super::strategy::{Strategy, Values};
use super::translate::{self, Translation};
use crate::diagnostic::Diagnostic;
use crate::engine::propagation::{
    self, Bits, Network, PrefixBranches, Problem, Propagator, Relation, Sense, Store,
};
use crate::engine::{Progress, backtracking};
use crate::expr::{self, ExprError, Rational, Value};
use crate::families::family::SolveContext;
use std::time::Duration;

/// What a run found.
pub struct Run {
    pub listed: Vec<Vec<i64>>,
    pub nodes: u64,
    pub solutions: u64,
    pub elapsed: Duration,
    /// The best objective value (with an objective and a solution).
    pub best: Option<Rational>,
    /// Propagation only: how the constraints were handled.
    pub translation: Option<Translation>,
    /// Propagation only: the propagator that proved before any search that nothing holds.
    pub root_conflict: Option<usize>,
    /// The objective had no linear form: every solution was evaluated, without bounds.
    pub unbounded_objective: bool,
    /// A part of a split run: the part of the search each listed solution came from.
    pub slots: Vec<u64>,
    /// An unsplit propagation run with a linear objective, cut short: the objective's bound it
    /// proved (no solution is better).
    pub proven_bound: Option<i128>,
    /// A learning search: nogoods learned, and forgotten as the least active past the cap.
    pub learned: Option<(u64, u64)>,
}

/// The solutions kept while a search runs: the first `keep`, or the best for an objective.
struct Keeper<'a> {
    goal: Option<&'a Goal>,
    keep: usize,
    stop_after: Option<u64>,
    found: u64,
    listed: Vec<Vec<i64>>,
    best: Option<Rational>,
    error: Option<ExprError>,
}

impl Keeper<'_> {
    /// Takes one solution; false to stop the search.
    fn offer(&mut self, values: &[i64]) -> bool {
        self.found += 1;
        let Some(goal) = self.goal else {
            if self.listed.len() < self.keep {
                self.listed.push(values.to_vec());
            }
            return self.stop_after.is_none_or(|s| self.found < s);
        };
        let value = match expr::eval(&goal.expr, values) {
            Ok(Value::Num(n)) => n,
            Ok(Value::Bool(_)) => return true,
            Err(e) => {
                self.error = Some(e);
                return false;
            }
        };
        let better = self.best.is_none_or(|b| match goal.sense {
            Sense::Maximize => value > b,
            Sense::Minimize => value < b,
        });
        if better {
            self.best = Some(value);
            self.listed = vec![values.to_vec()];
        }
        true
    }
}

impl SearchPuzzle {
    fn keeper(&self, keep: usize, stop_after: Option<u64>) -> Keeper<'_> {
        Keeper {
            goal: self.goal.as_ref(),
            keep,
            stop_after,
            found: 0,
            listed: Vec::new(),
            best: None,
            error: None,
        }
    }

    fn finish(&self, k: Keeper, nodes: u64, elapsed: Duration) -> Result<Run, Diagnostic> {
        if let (Some(e), Some(goal)) = (k.error, &self.goal) {
            return Err(goal.site.error(e));
        }
        Ok(Run {
            listed: k.listed,
            nodes,
            solutions: k.found,
            elapsed,
            best: k.best,
            translation: None,
            root_conflict: None,
            unbounded_objective: false,
            slots: Vec::new(),
            proven_bound: None,
            learned: None,
        })
    }

    pub(super) fn backtrack(
        &self,
        keep: usize,
        stop_after: Option<u64>,
        progress: &Progress,
    ) -> Result<Run, Diagnostic> {
        let mut k = self.keeper(keep, stop_after);
        let out = backtracking::search(&self.model, |bound| k.offer(bound), progress);
        self.finish(k, out.nodes, out.elapsed)
    }

    pub(super) fn propagate(
        &self,
        keep: usize,
        stop_after: Option<u64>,
        (offset, strategy): (i64, Strategy),
        ctx: &SolveContext,
    ) -> Result<(Run, Strategy), Diagnostic> {
        let mut translation = translate::translate(&self.model, offset);
        let mut props = std::mem::take(&mut translation.propagators);
        // Sums of distinct differences (a Golomb ruler's spans over its gaps), only searched.
        for (from, p) in propagation::implied_sums(&props) {
            props.push(p);
            translation.sources.push(translation.sources[from]);
        }
        let disjunctive = props.iter().any(|p| matches!(p, Propagator::Clause(_)));
        let unbounded = self.goal.is_some() && self.linear_objective().is_none();
        let split = ctx.shard.is_some();
        let strategy = strategy.settle_learning(self.objective, disjunctive, (split, unbounded));
        let (problem, bounded) = self.problem(props, &translation.extra, offset, strategy);
        let mut k = self.keeper(keep, stop_after);
        // The variables the translation added come last; a solution is the model's part.
        let n = self.model.variables.len();
        let on_solution = |v: &[i64], _| k.offer(&v[..n]);
        // A part that lists keeps the unsplit run's order; a count needs none.
        let branching = if keep > 0 {
            PrefixBranches::AsSearched
        } else {
            PrefixBranches::OneValue
        };
        let out = match ctx.shard {
            Some(s) => {
                let progress = ctx.progress;
                propagation::search_part(problem, &self.model, on_solution, progress, s, branching)
            }
            None if strategy.learning => {
                propagation::search_learning(problem, &self.model, on_solution, ctx.progress)
            }
            None => propagation::search(problem, &self.model, on_solution, ctx.progress),
        };
        let mut run = self.finish(k, out.nodes, out.elapsed)?;
        run.solutions = if self.goal.is_some() {
            run.solutions
        } else {
            out.solutions
        };
        if ctx.shard.is_some() && self.goal.is_none() {
            // The keeper listed the first solutions offered, in the order they were found.
            run.slots = (0..run.listed.len() as u64)
                .map(|i| out.slot_of(i))
                .collect();
        }
        run.translation = Some(translation);
        run.root_conflict = out.root_conflict;
        run.proven_bound = out.proven_bound;
        run.learned = strategy.learning.then_some((out.learned, out.forgotten));
        run.unbounded_objective = self.goal.is_some() && !bounded;
        Ok((run, strategy))
    }

    /// The engine's problem; and whether the objective is bounded by branch and bound.
    fn problem(
        &self,
        props: Vec<Propagator>,
        extra: &[Vec<i64>],
        offset: i64,
        strategy: Strategy,
    ) -> (Problem, bool) {
        let vars = &self.model.variables;
        let all = || {
            vars.iter()
                .map(|v| v.domain.as_slice())
                .chain(extra.iter().map(Vec::as_slice))
        };
        let domains: Vec<Bits> = all()
            .map(|d| d.iter().fold(0, |m, &x| m | 1 << (x - offset)))
            .collect();
        let descending = all()
            .map(|d| match strategy.values {
                Values::Declared | Values::Split => d.len() > 1 && d[0] > d[1],
                Values::Min => false,
                Values::Max => true,
            })
            .collect();
        let objective = self.linear_objective();
        let bounded = objective.is_some();
        let domains_len = domains.len();
        let problem = Problem {
            store: Store::new(offset, domains),
            network: Network::new(domains_len, props),
            descending,
            order: strategy.order,
            split: strategy.values == Values::Split,
            restarts: strategy.restarts,
            dive: strategy.dive,
            objective,
        };
        (problem, bounded)
    }

    /// The objective as the engine's linear bound, when it is linear.
    fn linear_objective(&self) -> Option<propagation::Objective> {
        let g = self.goal.as_ref()?;
        let domain = |v: usize| self.model.variables[v].domain.as_slice();
        let l = g.linear.as_ref()?.to_linear(domain, Relation::Le)?;
        Some(propagation::Objective {
            terms: l.terms,
            constant: l.constant,
            sense: g.sense,
        })
    }
}

impl Run {
    /// No search at all (a domain was empty before it could start).
    pub fn nothing() -> Run {
        Run {
            listed: Vec::new(),
            nodes: 0,
            solutions: 0,
            elapsed: Duration::ZERO,
            best: None,
            translation: None,
            root_conflict: None,
            unbounded_objective: false,
            slots: Vec::new(),
            proven_bound: None,
            learned: None,
        }
    }
}
