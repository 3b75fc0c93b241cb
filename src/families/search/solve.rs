//! A checked search puzzle and its solving: runs the plan's engine, re-checks every listed
//! solution from scratch, and fills the report.

use super::model::Model;
use super::plan::{CATALOG, Engine, Objective, Plan};
use super::report::{
    Answer, SearchDetails, explored_note, failure_note, float_count, no_solution_note,
};
use super::template::{self, Piece};
use crate::diagnostic::Diagnostic;
use crate::engine::backtracking;
use crate::expr;
use crate::families::plan::Resolved;
use crate::families::{Puzzle, SolveContext};
use crate::report::{Report, StateView, Stats, Status};
use crate::spec::FormulaSite;

/// The `show` template and where it is written, for a part that fails to evaluate.
pub struct Show {
    pub(super) pieces: Vec<Piece>,
    pub(super) site: FormulaSite,
}

pub struct SearchPuzzle {
    pub(super) model: Model,
    /// Each constraint as written, for messages.
    pub(super) texts: Vec<String>,
    /// Where each constraint is written, for an evaluation that fails while solving.
    pub(super) sites: Vec<FormulaSite>,
    pub(super) show: Option<Show>,
    pub(super) objective: Objective,
    pub(super) plan: Plan,
    pub(super) engine: Resolved<Engine>,
}

impl Puzzle for SearchPuzzle {
    fn summary(&self) -> String {
        format!(
            "{} variables, {} constraints, {} candidates in the full space",
            self.model.variables.len(),
            self.model.constraints.len(),
            float_count(self.model.space_size())
        )
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let (listed, out) = match self.plan {
            Plan::Backtracking { keep, stop_after } => self.backtrack(keep, stop_after, ctx),
        };
        let mut report = Report::new(
            CATALOG.objective_name(self.objective),
            Status::Solved,
            CATALOG.engine_name(self.engine.engine),
            &self.engine.reason,
        );
        report.stats = Stats::new(out.nodes, out.elapsed);
        let space = self.model.space_size();
        report.notes.push(explored_note(out.nodes, space));
        self.note_failures(&mut report);
        let answers = listed
            .iter()
            .map(|bound| self.check(bound))
            .collect::<Result<Vec<_>, _>>()?;
        self.note_show_failure(&mut report, &listed);
        report.solutions = answers.iter().map(Answer::solution).collect();
        self.set_status(&mut report, out.solutions);
        report.set_details(&SearchDetails {
            nodes: out.nodes,
            space,
            answers,
            evaluation_errors: self.model.failed_evaluations(),
        });
        Ok(report)
    }
}

impl SearchPuzzle {
    /// Runs the backtracking engine, keeping the first `keep` solutions.
    fn backtrack(
        &self,
        keep: usize,
        stop_after: Option<u64>,
        ctx: &SolveContext,
    ) -> (Vec<Vec<i64>>, backtracking::Outcome) {
        let mut listed: Vec<Vec<i64>> = Vec::new();
        let mut found = 0u64;
        let out = backtracking::search(
            &self.model,
            |bound| {
                found += 1;
                if listed.len() < keep {
                    listed.push(bound.to_vec());
                }
                stop_after.is_none_or(|s| found < s)
            },
            ctx.progress,
        );
        (listed, out)
    }

    /// One note per constraint that failed to evaluate, pointing at the failing part of it.
    fn note_failures(&self, report: &mut Report) {
        for (failures, site) in self.model.failures.iter().zip(&self.sites) {
            let count = failures.count.get();
            if let Some(first) = failures.first.borrow().clone() {
                let at = site.error(first).to_string();
                report.notes.push(failure_note(count, &at));
            }
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
    fn set_status(&self, report: &mut Report, solutions: u64) {
        if self.objective != Objective::First {
            report.count = Some(u128::from(solutions));
        }
        let listed = report.solutions.len() as u64;
        if solutions == 0 {
            report.status = Status::NoSolution;
            let only_failures =
                self.model.rejected_false.get() == 0 && self.model.failed_evaluations() > 0;
            no_solution_note(report, only_failures);
        } else if self.objective == Objective::Count {
            report.status = Status::Counted;
        } else if listed < solutions {
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
        let pairs: Vec<String> = vars
            .iter()
            .zip(bound)
            .map(|(v, x)| format!("{}={x}", v.name))
            .collect();
        let data: serde_json::Map<String, serde_json::Value> = vars
            .iter()
            .zip(bound)
            .map(|(v, x)| (v.name.clone(), serde_json::Value::from(*x)))
            .collect();
        Ok(Answer {
            text: match &self.show {
                Some(show) => template::render(&show.pieces, bound).0,
                None => pairs.join(" "),
            },
            values: StateView {
                text: pairs.join(" "),
                data: data.into(),
            },
        })
    }
}
