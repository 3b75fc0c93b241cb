//! `kind = "alphametic"`: covered arithmetic such as SEND + MORE = MONEY. Each letter stands for
//! a digit; different letters for different digits, and no word of two or more letters starts
//! with 0 (both configurable); any base from 2 to 36.

mod model;
mod solver;
mod spec;

use super::{Family, Puzzle, SolveContext};
use crate::diagnostic::Diagnostic;
use crate::expr::{self, BinOp, Expr, ExprError, ExprKind, Value};
use crate::report::{Report, Solution, StateView, Stats, Status, Step};
use crate::spec::SpecDocument;
use model::{Alphametic, LinearForm};
use solver::Strategy;
use spec::AlphameticDocument;

pub struct AlphameticFamily;

const OBJECTIVES: &[&str] = &["all", "first", "count"];
const ENGINES: &[&str] = &["weighted-sums", "columns"];

impl Family for AlphameticFamily {
    fn kind(&self) -> &'static str {
        "alphametic"
    }

    fn about(&self) -> &'static str {
        "covered arithmetic: letters stand for digits, e.g. SEND + MORE = MONEY"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        let spec: AlphameticDocument = doc.deserialize()?;
        let table = spec.alphametic.get_ref();
        let formula = &table.formula;
        let err = |e: ExprError| doc.formula_error(formula, "the formula", e);
        let mut equation = expr::parse_equation(formula.get_ref()).map_err(err)?;
        let base = match &table.base {
            None => 10,
            Some(b) => match u32::try_from(*b.get_ref()) {
                Ok(v) if (2..=36).contains(&v) => v,
                _ => {
                    return Err(doc
                        .error(b.span(), format!("base {} is not supported", b.get_ref()))
                        .label("not a base from 2 to 36")
                        .help("use a base from 2 to 36 (digits 0-9 then a-z)"));
                }
            },
        };
        // Distinct words become the variables of the equation; letters are numbered in order
        // of first appearance.
        let mut names: Vec<String> = Vec::new();
        for side in [&equation.lhs, &equation.rhs] {
            for n in side.names() {
                if !names.iter().any(|m| m == n) {
                    names.push(n.to_string());
                }
            }
        }
        if names.is_empty() {
            return Err(err(ExprError::new(
                "the formula has no words",
                0..formula.get_ref().len(),
            )
            .help("write words of letters, e.g. \"SEND + MORE = MONEY\"")));
        }
        let lookup = |n: &str| names.iter().position(|m| m == n);
        equation.lhs.bind(&lookup, &names).map_err(err)?;
        equation.rhs.bind(&lookup, &names).map_err(err)?;
        let mut letters: Vec<char> = Vec::new();
        let mut words = Vec::new();
        let mut nonzero = 0u64;
        for name in &names {
            let word: Vec<usize> = name
                .chars()
                .map(|c| match letters.iter().position(|&x| x == c) {
                    Some(i) => i,
                    None => {
                        letters.push(c);
                        letters.len() - 1
                    }
                })
                .collect();
            if word.len() > 1 && !table.leading_zero {
                nonzero |= 1 << word[0];
            }
            words.push(word);
        }
        if letters.len() > 64 {
            return Err(err(ExprError::new(
                format!(
                    "{} different letters; at most 64 are supported",
                    letters.len()
                ),
                0..formula.get_ref().len(),
            )));
        }
        let too_big = || {
            err(ExprError::new(
                "the numbers of this formula can exceed 127 bits",
                0..formula.get_ref().len(),
            )
            .help("use shorter words, a smaller base, or fewer products"))
        };
        let limits = words
            .iter()
            .map(|w| i128::from(base).checked_pow(w.len() as u32))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(too_big)?;
        for side in [&equation.lhs, &equation.rhs] {
            model::magnitude(side, &limits).ok_or_else(too_big)?;
        }
        let linear = match model::linear_in_words(&equation.lhs, &equation.rhs, words.len()) {
            Err(()) => return Err(too_big()),
            Ok(None) => None,
            Ok(Some((word_coefs, constant))) => {
                let mut weights = vec![0i128; letters.len()];
                let mut bound = constant.checked_abs().ok_or_else(too_big)?;
                for (w, coef) in words.iter().zip(word_coefs) {
                    let mut place = 1i128;
                    for &l in w.iter().rev() {
                        let add = coef.checked_mul(place).ok_or_else(too_big)?;
                        weights[l] = weights[l].checked_add(add).ok_or_else(too_big)?;
                        place = place.saturating_mul(i128::from(base));
                    }
                }
                for w in &weights {
                    let most = w
                        .checked_abs()
                        .and_then(|a| a.checked_mul(i128::from(base)));
                    bound = most
                        .and_then(|m| bound.checked_add(m))
                        .ok_or_else(too_big)?;
                }
                Some(LinearForm { weights, constant })
            }
        };
        let objective = spec.solve.objective(&doc.source, OBJECTIVES)?.to_string();
        let engine = spec.solve.engine(&doc.source, ENGINES)?;
        let strategy = match engine {
            "columns" => Strategy::Columns,
            "weighted-sums" if linear.is_none() => {
                let span = spec.solve.engine.as_ref().map_or(0..0, |e| e.span());
                return Err(doc
                    .error(
                        span,
                        "engine `weighted-sums` needs a formula linear in the words",
                    )
                    .label("this formula multiplies words together")
                    .help("use engine = \"columns\" or \"auto\""));
            }
            "weighted-sums" => Strategy::WeightedSums,
            _ if linear.is_some() => Strategy::WeightedSums,
            _ => Strategy::Columns,
        };
        let model = Alphametic {
            letters,
            words,
            nonzero,
            base,
            distinct: table.distinct,
            lhs: equation.lhs,
            rhs: equation.rhs,
            linear,
        };
        Ok(Box::new(AlphameticPuzzle {
            model,
            formula: formula.get_ref().clone(),
            objective,
            auto: engine == "auto",
            strategy,
            limit: spec.solve.limit(100) as usize,
        }))
    }
}

struct AlphameticPuzzle {
    model: Alphametic,
    formula: String,
    objective: String,
    auto: bool,
    strategy: Strategy,
    limit: usize,
}

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

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let reason = match (self.auto, self.strategy) {
            (false, _) => "",
            (true, Strategy::WeightedSums) => {
                "auto: the formula is linear in the words, so one weight per letter, placed units first, with bounds"
            }
            (true, Strategy::Columns) => {
                "auto: the formula multiplies words, so letters column by column, compared modulo base^k"
            }
        };
        let (limit, stop_after) = match self.objective.as_str() {
            "first" => (1, Some(1)),
            "count" => (0, None),
            _ => (self.limit, None),
        };
        let out = solver::solve(&self.model, self.strategy, limit, stop_after, ctx.progress);
        let mut report = Report::new(
            &self.objective,
            Status::Solved,
            self.strategy.name(),
            reason,
        );
        report.stats = Stats::new(out.nodes, out.elapsed);
        report.extra.insert("nodes".into(), out.nodes.into());
        let mut answers = Vec::new();
        for digits in &out.listed {
            let (text, letters) = self.check(digits)?;
            let letters_text = letters.text.clone();
            answers.push(serde_json::json!({"formula": text, "letters": letters.data}));
            report.solutions.push(Solution {
                steps: vec![Step {
                    action: text.clone(),
                    state: Some(letters),
                }],
                notation: Some(format!("{text}    {}", letters_text)),
            });
        }
        report.extra.insert("answers".into(), answers.into());
        if self.objective != "first" {
            report.count = Some(u128::from(out.count));
        }
        if out.count == 0 {
            report.status = Status::NoSolution;
            report.notes.push(self.no_solution_reason(out.nodes));
        } else if self.objective == "count" {
            report.status = Status::Counted;
        } else if (out.listed.len() as u64) < out.count {
            report.notes.push(format!(
                "listing {} of {} solutions (raise solve.limit for more)",
                out.listed.len(),
                out.count
            ));
        }
        Ok(report)
    }
}

impl AlphameticPuzzle {
    fn no_solution_reason(&self, nodes: u64) -> String {
        let m = &self.model;
        if m.distinct && m.letters.len() > m.base as usize {
            return format!(
                "{} different letters cannot take different digits in base {}",
                m.letters.len(),
                m.base
            );
        }
        format!(
            "no assignment of digits to the letters makes the two sides equal (exhaustive search, {nodes} nodes)"
        )
    }

    /// Checks a solution from scratch — rules on digits, then the equation evaluated exactly by
    /// the expression evaluator with each word replaced by its number — and shows it.
    fn check(&self, digits: &[u8]) -> Result<(String, StateView), Diagnostic> {
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
        let values: Vec<i128> = (0..m.words.len())
            .map(|w| m.word_value(w, digits).expect("magnitude checked at load"))
            .collect();
        let equation = Expr {
            kind: ExprKind::Binary(
                BinOp::Eq,
                Box::new(substitute(&m.lhs, &values)),
                Box::new(substitute(&m.rhs, &values)),
            ),
            span: 0..0,
        };
        if expr::eval(&equation, &[]) != Ok(Value::Bool(true)) {
            return Err(Diagnostic::internal(
                "a solution does not satisfy the formula",
            ));
        }
        let digit_char = |d: u8| char::from_digit(u32::from(d), 36).expect("base <= 36");
        let mut text = String::with_capacity(self.formula.len());
        for c in self.formula.chars() {
            match m.letters.iter().position(|&x| x == c) {
                Some(l) => text.push(digit_char(digits[l])),
                None => text.push(c),
            }
        }
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
        Ok((
            text,
            StateView {
                text: pairs.join(" "),
                data: data.into(),
            },
        ))
    }
}

/// The tree with each word slot replaced by its number.
fn substitute(e: &Expr, values: &[i128]) -> Expr {
    let kind = match &e.kind {
        ExprKind::Var(w) => ExprKind::Int(values[*w]),
        ExprKind::Neg(a) => ExprKind::Neg(Box::new(substitute(a, values))),
        ExprKind::Binary(op, a, b) => ExprKind::Binary(
            *op,
            Box::new(substitute(a, values)),
            Box::new(substitute(b, values)),
        ),
        other => other.clone(),
    };
    Expr {
        kind,
        span: e.span.clone(),
    }
}
