//! A checked alphametic and its solving: runs the plan's engine, re-checks every listed
//! solution from scratch, and fills the report.

use super::model::substitute;
use super::plan::{CATALOG, Objective, Plan};
use super::puzzle::AlphameticPuzzle;
use super::report::{AlphameticDetails, Answer};
use super::solver::{self, Method};
use crate::diagnostic::Diagnostic;
use crate::expr::{self, BinOp, Expr, ExprError, ExprKind, Value};
use crate::families::family::{Puzzle, SolveContext};
use crate::report::{Report, StateView, Stats, Status};

impl Puzzle for AlphameticPuzzle {
    fn summary(&self) -> String {
        // A formula of hundreds of words is cut short in one-line listings.
        let mut shown: String = self.formula.chars().take(60).collect();
        if shown.len() < self.formula.len() {
            shown.push_str(" ...");
        }
        format!(
            "{shown}: {} letters, {} words, base {}",
            self.model.letters.len(),
            self.model.words.len(),
            self.model.base
        )
    }

    fn splits(&self) -> Result<(), String> {
        match self.objective {
            Objective::First => Err("`first` stops at its first solution, so its parts are not independent; use objective all or count".into()),
            Objective::All | Objective::Count => Ok(()),
        }
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let (method, listing) = match &self.plan {
            Plan::WeightedSums { form, listing } => (Method::WeightedSums(form), listing),
            Plan::Columns { listing } => (Method::Columns, listing),
        };
        let out = solver::solve(
            &self.model,
            method,
            (listing.keep, listing.stop_after),
            ctx.shard,
            ctx.progress,
        );
        if out.overflowed {
            return Err(self.overflow());
        }
        let mut report = Report::new(
            CATALOG.objective_name(self.objective),
            Status::Solved,
            CATALOG.engine_name(self.engine.engine),
            &self.engine.reason,
        );
        report.stats = Stats::new(out.nodes, out.elapsed);
        let answers = out
            .listed
            .iter()
            .map(|digits| self.check(digits))
            .collect::<Result<Vec<_>, _>>()?;
        report.solutions = answers.iter().map(Answer::solution).collect();
        report.slots = out.slots;
        self.set_status(&mut report, out.count, out.nodes);
        report.set_details(&AlphameticDetails {
            nodes: out.nodes,
            answers,
        });
        Ok(report)
    }
}

impl AlphameticPuzzle {
    /// The status, the count and the notes on what was (not) found.
    fn set_status(&self, report: &mut Report, count: u64, nodes: u64) {
        if self.objective != Objective::First {
            report.count = Some(u128::from(count));
        }
        let listed = report.solutions.len() as u64;
        // A search cut short found nothing yet: that is no proof (the driver marks it stopped).
        if count == 0 && crate::engine::stop::heeded().is_none() {
            report.status = Status::NoSolution;
            report.notes.push(format!(
                "no assignment of digits to the letters makes the two sides equal (exhaustive search, {nodes} nodes)"
            ));
        } else if self.objective == Objective::Count {
            report.status = Status::Counted;
        } else if listed < count {
            report.notes.push(format!(
                "listing {listed} of {count} solutions (raise solve.limit for more)"
            ));
        }
    }

    /// The load-time bound on the numbers was broken: an error at the formula.
    fn overflow(&self) -> Diagnostic {
        self.site.error(
            ExprError::new(
                "a number of this formula left 127 bits while solving",
                0..self.formula.len(),
            )
            .help("use shorter words, a smaller base, or fewer products"),
        )
    }

    /// Checks a solution from scratch — rules on digits, then the equation evaluated exactly by
    /// the expression evaluator with each word replaced by its number — and shows it.
    fn check(&self, digits: &[u8]) -> Result<Answer, Diagnostic> {
        let m = &self.model;
        for (l, &d) in digits.iter().enumerate() {
            let clash = m.distinct && digits[..l].contains(&d);
            let leading_zero = d == 0 && m.nonzero >> l & 1 == 1;
            if u32::from(d) >= m.base || clash || leading_zero {
                return Err(Diagnostic::internal(format!(
                    "a solution breaks the rules at letter {}",
                    m.letters[l]
                )));
            }
        }
        let values = (0..m.words.len())
            .map(|w| m.word_value(w, digits))
            .collect::<Option<Vec<i128>>>()
            .ok_or_else(|| self.overflow())?;
        let equation = Expr {
            kind: ExprKind::Binary(
                BinOp::Eq,
                Box::new(substitute(&m.lhs, &values)),
                Box::new(substitute(&m.rhs, &values)),
            ),
            span: 0..0,
        };
        match expr::eval(&equation, &[]) {
            Ok(Value::Bool(true)) => Ok(self.answer(digits)),
            Err(e) => Err(self.site.error(e)),
            Ok(_) => Err(Diagnostic::internal(
                "a solution does not satisfy the formula",
            )),
        }
    }

    /// The formula with each letter replaced by its digit, and the letters.
    fn answer(&self, digits: &[u8]) -> Answer {
        let m = &self.model;
        // Digits were checked below the base (at most 36).
        let digit_char = |d: u8| char::from_digit(u32::from(d), 36).unwrap_or('?');
        let formula: String = self
            .formula
            .chars()
            .map(|c| match m.letters.iter().position(|&x| x == c) {
                Some(l) => digit_char(digits[l]),
                None => c,
            })
            .collect();
        let pairs: Vec<String> = m
            .letters
            .iter()
            .zip(digits)
            .map(|(c, d)| format!("{c}={}", digit_char(*d)))
            .collect();
        let data: serde_json::Map<String, serde_json::Value> = m
            .letters
            .iter()
            .zip(digits)
            .map(|(c, d)| (c.to_string(), serde_json::Value::from(*d)))
            .collect();
        Answer {
            formula,
            letters: StateView {
                text: pairs.join(" "),
                data: data.into(),
                picture: None,
            },
        }
    }
}
