//! Search that learns from its failures (conflict-driven nogood learning over domains, in the
//! manner of lazy clause generation): each conflict is analysed back to the decision it
//! follows from, the cause is kept as a nogood that prunes every later part of the tree where
//! it recurs, and the search jumps back to where the nogood first applies. Variables are chosen
//! by activity (VSIDS: those in recent conflicts first) and the search restarts on Luby's
//! schedule, keeping what it learned.
//!
//! For optimisation and one-solution runs: an enumeration would have to block each solution.

mod analysis;
mod explain;
mod nogoods;
#[cfg(test)]
mod tests;

use super::search::{Restarts, better_of, fill, next_branch, objective_value, optimistic, tighten};
use super::store::{Bits, DECISION};
use super::{Outcome, Problem, Tests};
use crate::engine::Progress;
use analysis::Analysis;
use explain::Facts;
use nogoods::{NOGOOD, Nogoods};
use std::time::Instant;

/// Learned nogoods kept at most: past it the least active are forgotten at each restart (a
/// note in the outcome). At about 20 facts of 32 bytes a nogood, some 32 MB.
pub const MOST_NOGOODS: usize = 50_000;

/// Nogoods kept before the first forgetting; the limit grows by a tenth each time.
const FIRST_LIMIT: usize = 2_000;

/// Activity decay per conflict (MiniSat's 0.95).
const DECAY: f64 = 0.95;

/// What failed: a propagator (its number) or a learned nogood (its cause number).
#[derive(Debug, Clone, Copy)]
enum Conflict {
    Propagator(usize),
    Nogood(u32),
}

/// The learning state beside the problem.
struct Learner {
    nogoods: Nogoods,
    analysis: Analysis,
    /// `levels[k]`: the trail entry of level k + 1's decision.
    levels: Vec<usize>,
    activity: Vec<f64>,
    bump: f64,
    limit: usize,
    bound: Option<usize>,
}

/// Calls `on_solution(values, objective value)` for each solution (with an objective, each
/// better than the last; without, only the first); it returns false to stop.
pub fn search_learning<T: Tests>(
    mut p: Problem,
    tests: &T,
    mut on_solution: impl FnMut(&[i64], Option<i128>) -> bool,
    progress: &Progress,
) -> Outcome {
    let start = Instant::now();
    let mut out = Outcome::default();
    let bound = super::search::add_bound(&mut p);
    let n = p.store.len();
    p.store.keep_reasons();
    let mut l = Learner {
        nogoods: Nogoods::new(n),
        analysis: Analysis::new(n),
        levels: Vec::new(),
        activity: vec![0.0; n],
        bump: 1.0,
        limit: FIRST_LIMIT,
        bound,
    };
    p.network.enqueue_all();
    if let Err(Conflict::Propagator(c)) = l.propagate(&mut p, tests) {
        out.root_conflict = Some(c);
        out.elapsed = start.elapsed();
        return out;
    }
    let mut values = vec![0i64; n];
    let mut best = None;
    let mut restarts = Restarts::default();
    loop {
        if let Err(c) = l.propagate(&mut p, tests) {
            out.failures += 1;
            if !l.learn(&mut p, c) {
                break; // proved: nothing (better) is left
            }
            out.learned += 1;
            if restarts.failed() {
                out.forgotten += l.restart(&mut p);
            }
            continue;
        }
        if out.nodes & 63 == 63 && crate::engine::stop::requested().is_some() {
            out.cut_short = true;
            break;
        }
        let Some(var) = l.choose(&p) else {
            out.solutions += 1;
            fill(&p.store, &mut values);
            let value = objective_value(&p, bound);
            best = value.or(best);
            if !on_solution(&values, value) {
                out.stopped = true;
                break;
            }
            match (bound, value) {
                (Some(b), Some(v)) => {
                    // The solution now breaks the bound: the next propagation fails there.
                    tighten(&mut p, b, v);
                    p.network.enqueue(b);
                    continue;
                }
                _ => break,
            }
        };
        out.nodes += 1;
        if out.nodes & 0xF_FFFF == 0 {
            let nodes = out.nodes;
            progress.message(|| format!("{nodes} nodes, {} nogoods", l.nogoods.list.len()));
        }
        l.decide(&mut p, var);
    }
    if out.cut_short && p.objective.is_some() {
        l.backjump(&mut p, 0);
        let open = l
            .propagate(&mut p, tests)
            .ok()
            .and_then(|()| optimistic(&p));
        out.proven_bound = better_of(&p, open, best);
    }
    out.learned_kept = l.nogoods.list.len() as u64;
    out.elapsed = start.elapsed();
    out
}

impl Learner {
    /// Propagators and nogoods to a common fixpoint.
    fn propagate<T: Tests>(&mut self, p: &mut Problem, tests: &T) -> Result<(), Conflict> {
        loop {
            p.network
                .fixpoint(&mut p.store, tests)
                .map_err(Conflict::Propagator)?;
            if !self
                .nogoods
                .propagate(&mut p.store)
                .map_err(Conflict::Nogood)?
            {
                return Ok(());
            }
        }
    }

    /// Learns from conflict `c` and jumps back to where the nogood narrows a domain; false
    /// when the conflict holds at the root (the search is over).
    fn learn(&mut self, p: &mut Problem, c: Conflict) -> bool {
        let mut failed: Facts = Vec::new();
        match c {
            Conflict::Propagator(q) => explain::failure(&p.store, &p.network, q, &mut failed),
            Conflict::Nogood(id) => {
                let n = &mut self.nogoods.list[(id & !NOGOOD) as usize];
                n.activity += 1.0;
                failed.extend_from_slice(&n.facts);
            }
        }
        let (s, net, nogoods) = (&p.store, &p.network, &self.nogoods);
        let learned = self.analysis.run(s, &self.levels, &failed, |e, want, out| {
            explain::change(s, net, nogoods, e, want, out)
        });
        let Some(learned) = learned else {
            return false;
        };
        for &(v, _) in &learned.facts {
            self.bump_var(v as usize);
        }
        for &v in &learned.resolved {
            self.bump_var(v as usize);
        }
        self.bump /= DECAY;
        self.backjump(p, learned.level);
        let (x, set) = learned.facts[0];
        let id = self.nogoods.add(learned.facts);
        p.store.cause = id;
        // Not empty: x's fact held only from a level now undone.
        p.store.restrict(x as usize, !set);
        true
    }

    fn bump_var(&mut self, v: usize) {
        self.activity[v] += self.bump;
        if self.activity[v] > 1e100 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-100);
            self.bump *= 1e-100;
        }
    }

    /// Undoes every level above `level`.
    fn backjump(&mut self, p: &mut Problem, level: usize) {
        if let Some(&mark) = self.levels.get(level) {
            p.store.undo(mark);
            self.levels.truncate(level);
            self.nogoods.backtrack(mark);
        }
    }

    /// Back to the root, the bound propagated again there; forgets the least active nogoods
    /// when there are too many. The number forgotten.
    fn restart(&mut self, p: &mut Problem) -> u64 {
        self.backjump(p, 0);
        if let Some(b) = self.bound {
            p.network.enqueue(b);
        }
        let before = self.nogoods.list.len();
        if before <= self.limit {
            return 0;
        }
        let mut order: Vec<f64> = self.nogoods.list.iter().map(|n| n.activity).collect();
        order.sort_unstable_by(f64::total_cmp);
        let median = order[order.len() / 2];
        // At the root no change is explained by a nogood any more: numbers may change.
        self.nogoods
            .retain(|n| n.facts.len() <= 2 || n.activity > median);
        self.nogoods.list.iter_mut().for_each(|n| n.activity *= 0.5);
        self.limit = (self.limit + self.limit / 10).min(MOST_NOGOODS);
        (before - self.nogoods.list.len()) as u64
    }

    /// The free variable of highest activity, the fewest values on a tie; None when all are
    /// fixed.
    fn choose(&self, p: &Problem) -> Option<usize> {
        let s = &p.store;
        let mut best: Option<(f64, u32, usize)> = None;
        for (v, &a) in self.activity.iter().enumerate() {
            let size = s.size(v);
            if size > 1 && best.is_none_or(|(ba, bs, _)| a > ba || (a == ba && size < bs)) {
                best = Some((a, size, v));
            }
        }
        best.map(|(_, _, v)| v)
    }

    /// A new level: `var` narrowed to its first value (or half, when splitting).
    fn decide(&mut self, p: &mut Problem, var: usize) {
        self.levels.push(p.store.mark());
        let keep: Bits = next_branch(p, var, p.store.dom(var));
        p.store.cause = DECISION;
        p.store.restrict(var, keep);
        if let Some(b) = self.bound {
            p.network.enqueue(b);
        }
    }
}
