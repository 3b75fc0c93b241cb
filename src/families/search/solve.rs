//! A checked search puzzle and its solving: runs the plan's engine, re-checks every listed
//! solution from scratch, and fills the report.

use super::display;
use super::plan::{CATALOG, Objective, Plan};
use super::puzzle::SearchPuzzle;
use super::report::{
    Answer, SearchDetails, explored_note, no_solution_note, space_count, tested_note,
};
use super::run::Run;
use crate::diagnostic::Diagnostic;
use crate::engine::propagation::Sense;
use crate::expr::template;
use crate::expr::{self, Rational};
use crate::families::family::{Keeps, Puzzle, SearchSize, SolveContext};
use crate::report::group_digits;
use crate::report::shard::part_note;
use crate::report::{Report, Stats, Status};
use serde_json::Value as Json;

impl Puzzle for SearchPuzzle {
    fn summary(&self) -> String {
        format!(
            "{} variables, {} constraints, {} candidates in the full space",
            self.model.variables.len(),
            self.model.constraints.len(),
            space_count(self.model.space_size(), self.model.space_log10())
        )
    }

    /// The product of the domains' sizes (less a distinct group's earlier members) bounds the
    /// candidates: propagation narrows them at every node, generate-and-test only by the
    /// constraints it tests. An empty domain is refused before any search.
    fn search_size(&self) -> Option<SearchSize> {
        if !self.empty_domains.is_empty() {
            return None;
        }
        let keeps = match self.plan {
            Plan::Propagation { .. } => Keeps::PrunedPath,
            Plan::Backtracking { .. } => Keeps::Path,
        };
        Some(SearchSize {
            states_log10: self.model.space_log10(),
            keeps,
        })
    }

    fn splits(&self) -> Result<(), String> {
        match (self.objective, self.plan) {
            (Objective::First, _) => Err("`first` stops at its first solution, so its parts are not independent; use objective all, count, maximize or minimize".into()),
            (_, Plan::Backtracking { .. }) => Err("the generate-and-test engine does not split; use engine = \"propagation\"".into()),
            _ => Ok(()),
        }
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let mut report = Report::new(
            CATALOG.objective_name(self.objective),
            Status::Solved,
            CATALOG.engine_name(self.engine.engine),
            &self.engine.reason,
        );
        let run = if self.empty_domains.is_empty() {
            match self.plan {
                Plan::Backtracking { keep, stop_after } => {
                    self.backtrack(keep, stop_after, ctx.progress)?
                }
                Plan::Propagation {
                    keep,
                    stop_after,
                    offset,
                    strategy,
                } => {
                    let (run, used) = self.propagate(keep, stop_after, (offset, strategy), ctx)?;
                    report.notes.push(used.note(self.objective));
                    if let Some((learned, forgotten)) = run.learned {
                        report.notes.push(learned_note(learned, forgotten));
                    }
                    run
                }
            }
        } else {
            report.notes.extend(self.empty_domains.iter().cloned());
            Run::nothing()
        };
        self.fill(&mut report, &run, ctx.shard.is_some())?;
        Ok(report)
    }
}

/// An objective value in the JSON document: an integer, or a string when it is a fraction or
/// beyond 64 bits.
fn json_number(value: Rational) -> Json {
    match value.to_integer().and_then(|n| i64::try_from(n).ok()) {
        Some(n) => Json::from(n),
        None => Json::from(value.to_string()),
    }
}

impl SearchPuzzle {
    /// The report's notes, answers (each re-checked), status and details from a run (of one
    /// part of a split search when `part`: its nodes are the part's).
    fn fill(&self, report: &mut Report, run: &Run, part: bool) -> Result<(), Diagnostic> {
        report.stats = Stats::new(run.nodes, run.elapsed);
        let (space, log10) = (self.model.space_size(), self.model.space_log10());
        let explored = explored_note(run.nodes, space, log10);
        report.notes.push(match part {
            true => part_note(&explored),
            false => explored,
        });
        self.note_propagation(report, run);
        self.note_failures(report);
        let answers = run
            .listed
            .iter()
            .map(|bound| self.check(bound))
            .collect::<Result<Vec<_>, _>>()?;
        self.note_show_failure(report, &run.listed);
        report.solutions = answers.iter().map(Answer::solution).collect();
        report.slots.clone_from(&run.slots);
        // A stop request the search heeded: what it found is not a proof (the app marks the
        // report stopped; the notes must not claim an exhaustive search or an optimum).
        let stopped = crate::engine::stop::heeded().is_some();
        self.set_status(report, run.solutions, run.root_conflict.is_some(), stopped);
        let (optimum, best_so_far, proven_bound) = match stopped {
            false => (self.note_optimum(report, run), None, None),
            true => self.note_stopped_objective(report, run),
        };
        report.set_details(&SearchDetails {
            nodes: run.nodes,
            space: space.is_finite().then_some(space),
            space_log10: log10.is_finite().then_some(log10),
            answers,
            evaluation_errors: self.model.failed_evaluations(),
            optimum,
            best_so_far,
            proven_bound,
        });
        Ok(())
    }

    /// What propagation did not cover, and a conflict found before any search.
    fn note_propagation(&self, report: &mut Report, run: &Run) {
        let Some(t) = &run.translation else { return };
        let mut tested: Vec<usize> = t.tested.iter().map(|&c| self.origins[c]).collect();
        tested.dedup();
        if !tested.is_empty() {
            report.notes.push(tested_note(&tested, |i| self.text_of(i)));
        }
        if let Some(p) = run.root_conflict {
            let culprit = match t.sources[p] {
                Some(c) => match &self.members[c] {
                    Some((group, k)) => {
                        format!(
                            "the constraint `{}` for member {k} of `{group}`",
                            self.texts[c]
                        )
                    }
                    None => format!("the constraint `{}`", self.texts[c]),
                },
                None => "a `distinct in` / `permutation of` declaration".to_string(),
            };
            report.notes.push(format!(
                "propagation before any search proves there is no solution: {culprit} cannot hold with the domains and givens"
            ));
        }
        if run.unbounded_objective {
            report.notes.push(
                "the objective is not linear, so it does not bound the search: every solution was evaluated"
                    .into(),
            );
        }
    }

    /// The text of the spec's constraint `i`.
    fn text_of(&self, i: usize) -> &str {
        let at = self.origins.iter().position(|&o| o == i).unwrap_or(0);
        &self.texts[at]
    }

    /// The optimum and its proof, for an objective.
    fn note_optimum(&self, report: &mut Report, run: &Run) -> Option<serde_json::Value> {
        let (goal, best) = (self.goal.as_ref()?, run.best?);
        let words = match goal.sense {
            Sense::Maximize => "largest",
            Sense::Minimize => "smallest",
        };
        report.notes.push(format!(
            "optimum proved: {best} is the {words} value of the objective (the whole space was searched{})",
            if run.unbounded_objective { "" } else { ", each solution found bounding the rest" }
        ));
        Some(json_number(best))
    }

    /// For an objective, a search cut short: the best value found so far and the bound proved
    /// ("best 78, at least 55"): the notes, and both for the JSON document.
    fn note_stopped_objective(
        &self,
        report: &mut Report,
        run: &Run,
    ) -> (Option<Json>, Option<Json>, Option<Json>) {
        let Some(goal) = &self.goal else {
            return (None, None, None);
        };
        let side = match goal.sense {
            Sense::Maximize => "at most",
            Sense::Minimize => "at least",
        };
        let bound = run.proven_bound;
        let best = run.best;
        let proved_optimal = best.is_some() && best.and_then(|b| b.to_integer()) == bound;
        let found = match best {
            Some(b) if proved_optimal => format!(
                "best {b}, proved optimal all the same: propagation rules out every part of the search left open"
            ),
            Some(b) => format!("best {b} so far"),
            None => "no solution found yet".to_string(),
        };
        let proved = match bound {
            _ if proved_optimal => String::new(),
            Some(k) => format!(
                "; every solution has an objective value of {side} {k} (proved: the best of the solutions found and of what propagation leaves to the parts of the search not yet explored)"
            ),
            None if best.is_none() && run.unbounded_objective => {
                "; the objective is not linear, so nothing is proved about it".to_string()
            }
            None => "; nothing is proved about the objective's value".to_string(),
        };
        report.notes.push(format!(
            "stopped before the search finished: {found}{proved}"
        ));
        (
            None,
            best.map(json_number),
            bound.map(|k| json_number(Rational::int(k))),
        )
    }

    /// One note per constraint that failed to evaluate, pointing at the failing part of it.
    fn note_failures(&self, report: &mut Report) {
        for (failures, site) in self.model.failures.iter().zip(&self.sites) {
            report.notes.extend(failures.note(site));
        }
    }

    /// A note when `show` could not be evaluated for a listed solution, at the failing part.
    fn note_show_failure(&self, report: &mut Report, listed: &[Vec<i64>]) {
        let Some(show) = &self.show else {
            return;
        };
        let first = listed
            .iter()
            .find_map(|bound| template::render(&show.pieces, bound).1);
        if let Some(e) = first {
            report.notes.push(format!(
                "`show` could not be evaluated for a solution (shown as <...>): {}",
                show.site.error(e)
            ));
        }
    }

    /// The status, the count and the notes on what was (not) found.
    fn set_status(&self, report: &mut Report, solutions: u64, before_search: bool, stopped: bool) {
        let optimising = self.goal.is_some();
        if self.objective != Objective::First && !optimising {
            report.count = Some(u128::from(solutions));
        }
        let listed = report.solutions.len() as u64;
        if solutions == 0 {
            report.status = Status::NoSolution;
            let searched = !before_search && self.empty_domains.is_empty() && !stopped;
            let only_failures =
                self.model.rejected_false.get() == 0 && self.model.failed_evaluations() > 0;
            no_solution_note(report, only_failures, searched);
        } else if self.objective == Objective::Count {
            report.status = Status::Counted;
        } else if listed < solutions && !optimising {
            report.notes.push(format!(
                "listing {listed} of {solutions} solutions (raise solve.limit for more)"
            ));
        }
    }

    /// Re-checks a full assignment from scratch (domains, distinct groups, every constraint)
    /// and shows it.
    fn check(&self, bound: &[i64]) -> Result<Answer, Diagnostic> {
        let vars = &self.model.variables;
        for (i, v) in vars.iter().enumerate() {
            let clash = v.group.is_some()
                && (0..i).any(|j| vars[j].group == v.group && bound[j] == bound[i]);
            if !v.domain.contains(&bound[i]) || clash {
                return Err(Diagnostic::internal(format!(
                    "a solution gives {} = {}, outside its domain or equal to another",
                    v.name, bound[i]
                )));
            }
        }
        for (c, text) in self.texts.iter().enumerate() {
            if !matches!(
                expr::eval(&self.model.constraints[c], bound),
                Ok(expr::Value::Bool(true))
            ) {
                return Err(Diagnostic::internal(format!(
                    "a solution breaks the constraint `{text}`"
                )));
            }
        }
        let view = display::view(vars, &self.arrays, bound);
        Ok(Answer {
            text: match &self.show {
                Some(show) => template::render(&show.pieces, bound).0,
                None => view.text.clone(),
            },
            values: view,
        })
    }
}

/// What a learning search learned, and whether the cap on kept nogoods was reached.
fn learned_note(learned: u64, forgotten: u64) -> String {
    let mut note = format!("learned {} nogoods", group_digits(learned.into()));
    if forgotten > 0 {
        note.push_str(&format!(
            "; {} of them forgotten again as the least active (the nogoods kept are capped, the cap growing to {})",
            group_digits(forgotten.into()),
            group_digits(crate::engine::propagation::MOST_NOGOODS as u128)
        ));
    }
    note
}
