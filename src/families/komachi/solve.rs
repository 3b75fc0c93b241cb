//! A checked komachi puzzle and its solving: runs the plan's engine, replays every listed
//! formula through the expression parser and exact evaluator, and fills the report.

use super::insertion::{self, Goal};
use super::intervals;
use super::model::flat_text;
use super::plan::{CATALOG, Objective, Plan};
use super::puzzle::KomachiPuzzle;
use super::report::{KomachiDetails, evaluation_notes, no_formula_note, values_section};
use crate::diagnostic::Diagnostic;
use crate::engine::split::Shard;
use crate::expr::{self, Rational, Value};
use crate::families::family::{Puzzle, SolveContext};
use crate::report::{Report, Solution, Stats, Status, Step};
use std::time::Duration;

/// What either engine found, in one shape.
struct Found {
    /// The listed formulas, as text.
    listed: Vec<String>,
    /// In a part of a split run: the part each listed formula is in (`Report::slots`).
    slots: Vec<u64>,
    /// Formulas making the target (or every formula for "all").
    count: u128,
    formulas: u128,
    undefined: u128,
    overflowed: u128,
    /// For "all": every value with its number of formulas.
    values: Vec<(Rational, u128)>,
    elapsed: Duration,
}

impl Puzzle for KomachiPuzzle {
    fn summary(&self) -> String {
        let m = &self.model;
        let digits: String = m.digits.iter().map(|d| char::from(b'0' + d)).collect();
        let ops: Vec<&str> = m.ops.iter().map(|o| o.name()).collect();
        let target = self
            .target
            .map_or("every value".to_string(), |t| t.to_string());
        let minus = if m.leading_minus {
            ", leading minus"
        } else {
            ""
        };
        let parens = if m.parentheses { ", parentheses" } else { "" };
        format!(
            "digits {digits}, operators {}{minus}{parens}, target {target}",
            ops.join(" ")
        )
    }

    /// Formulas without parentheses split into the subtrees below their first operators; the
    /// values of digit runs (with parentheses) are one table built bottom-up, so do not.
    fn splits(&self) -> Result<(), String> {
        match (self.objective, self.plan) {
            (Objective::First, _) => Err("`first` stops at its first formula, so its parts are not independent; use objective all or count".into()),
            (_, Plan::IntervalValues { .. }) => Err("with parentheses the values of every run of digits are one table built bottom-up, which does not split into independent parts".into()),
            _ => Ok(()),
        }
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        ctx.progress.message(|| "enumerating formulas".to_string());
        let found = match self.plan {
            Plan::OperatorInsertion { keep, stop_after } => {
                self.insert_operators(keep, stop_after, ctx.shard)
            }
            Plan::IntervalValues { keep } => self.interval_values(keep),
        };
        let mut report = Report::new(
            CATALOG.objective_name(self.objective),
            Status::Solved,
            CATALOG.engine_name(self.engine.engine),
            &self.engine.reason,
        );
        report.stats = Stats::new(
            u64::try_from(found.formulas).unwrap_or(u64::MAX),
            found.elapsed,
        );
        evaluation_notes(
            &mut report,
            self.model.parentheses,
            (found.formulas, found.undefined, found.overflowed),
            &self.digits_at,
            ctx.shard.is_some(),
        );
        let mut details = KomachiDetails {
            formulas: found.formulas,
            undefined: found.undefined,
            overflowed: found.overflowed,
            formulas_found: None,
            integer_values: None,
            values: None,
        };
        match self.target {
            None => {
                report.status = Status::Counted;
                values_section(&mut report, &mut details, found.values, self.shown_values);
            }
            Some(target) => {
                details.formulas_found = Some(self.list_formulas(&mut report, &found, target)?);
            }
        }
        report.set_details(&details);
        Ok(report)
    }
}

impl KomachiPuzzle {
    /// Formulas without parentheses, one operator sequence after another.
    fn insert_operators(
        &self,
        keep: usize,
        stop_after: Option<u64>,
        shard: Option<Shard>,
    ) -> Found {
        let goal = match self.target {
            Some(t) => Goal::Target(t),
            None => Goal::All,
        };
        let out = insertion::enumerate(&self.model, &goal, (keep, stop_after), shard);
        Found {
            listed: out
                .listed
                .iter()
                .map(|(negative, ops)| flat_text(&self.model.digits, *negative, ops))
                .collect(),
            slots: out.slots,
            count: u128::from(out.count),
            formulas: u128::from(out.formulas),
            undefined: u128::from(out.undefined),
            overflowed: u128::from(out.overflowed),
            values: out
                .values
                .into_iter()
                .map(|(v, c)| (v, u128::from(c)))
                .collect(),
            elapsed: out.elapsed,
        }
    }

    /// Formulas with parentheses, counted by the values of each run of digits.
    fn interval_values(&self, keep: usize) -> Found {
        let out = intervals::solve(&self.model, self.target, keep);
        let mut listed: Vec<String> = out.listed.iter().map(intervals::Tree::text).collect();
        listed.sort();
        Found {
            listed,
            slots: Vec::new(),
            count: out.count,
            formulas: out.formulas,
            undefined: out.undefined,
            overflowed: out.overflowed,
            values: out.values,
            elapsed: out.elapsed,
        }
    }

    /// Replays and lists the formulas making `target`, sets the count and the status; returns
    /// the listed lines `"formula = target"`.
    fn list_formulas(
        &self,
        report: &mut Report,
        found: &Found,
        target: Rational,
    ) -> Result<Vec<String>, Diagnostic> {
        let mut lines = Vec::with_capacity(found.listed.len());
        for text in &found.listed {
            self.check(text, target)?;
            let line = format!("{text} = {target}");
            report.solutions.push(Solution {
                steps: vec![Step {
                    action: text.clone(),
                    state: None,
                }],
                notation: Some(line.clone()),
                picture: None,
            });
            lines.push(line);
        }
        report.slots.clone_from(&found.slots);
        if self.objective != Objective::First {
            report.count = Some(found.count);
        }
        let listed = report.solutions.len() as u128;
        if found.count == 0 {
            report.status = Status::NoSolution;
            let failed = found.undefined + found.overflowed;
            no_formula_note(report, target, found.formulas, failed);
        } else if self.objective == Objective::Count {
            report.status = Status::Counted;
        } else if listed < found.count {
            report.notes.push(format!(
                "listing {listed} of {} formulas (raise solve.limit for more)",
                found.count
            ));
        }
        Ok(lines)
    }

    /// Replays a formula through the expression parser and exact evaluator.
    fn check(&self, text: &str, target: Rational) -> Result<(), Diagnostic> {
        let e = expr::Forms::Plain.parse(text).map_err(|e| {
            Diagnostic::internal(format!("formula `{text}` does not parse: {}", e.message))
        })?;
        match expr::eval(&e, &[]) {
            Ok(Value::Num(v)) if v == target => Ok(()),
            other => Err(Diagnostic::internal(format!(
                "formula `{text}` gives {other:?}, not {target}"
            ))),
        }
    }
}
