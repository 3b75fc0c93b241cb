//! `kind = "komachi"`: put operators between digits written in a fixed order (1 to 9 by
//! default) to make a target, e.g. 1 + 2 + 3 - 4 + 5 + 6 + 78 + 9 = 100. Arithmetic is exact:
//! a division that does not come out even is a fraction.

mod insertion;
mod intervals;
mod model;
mod spec;

use super::{Family, Puzzle, SolveContext};
use crate::diagnostic::Diagnostic;
use crate::expr::{self, Rational, Value};
use crate::report::group_digits;
use crate::report::{Report, Section, Solution, Stats, Status, Step};
use crate::spec::SpecDocument;
use model::{Komachi, Op};
use spec::KomachiDocument;
use std::time::Duration;
use toml::Spanned;

pub struct KomachiFamily;

const OBJECTIVES: &[&str] = &["all", "first", "count"];
const ENGINES: &[&str] = &["operator-insertion", "interval-values"];
/// More digits than this would take hours even with two operators.
const MAX_DIGITS: usize = 20;

impl Family for KomachiFamily {
    fn kind(&self) -> &'static str {
        "komachi"
    }

    fn about(&self) -> &'static str {
        "operators between digits in a fixed order to make a target, e.g. 1+2+3-4+5+6+78+9 = 100"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        let spec: KomachiDocument = doc.deserialize()?;
        let table = spec.komachi.get_ref();
        let digits = read_digits(doc, table.digits.as_ref())?;
        let ops = read_operators(doc, table.operators.as_ref())?;
        let target = read_target(doc, &table.target)?;
        let objective = spec.solve.objective(&doc.source, OBJECTIVES)?.to_string();
        let engine = spec.solve.engine(&doc.source, ENGINES)?;
        let needed = if table.parentheses {
            "interval-values"
        } else {
            "operator-insertion"
        };
        if engine != "auto" && engine != needed {
            let span = spec.solve.engine.as_ref().map_or(0..0, |e| e.span());
            let why = if table.parentheses { "with" } else { "without" };
            return Err(doc
                .error(
                    span,
                    format!("engine `{engine}` does not solve formulas {why} parentheses"),
                )
                .help(format!("use engine = \"{needed}\" or \"auto\"")));
        }
        if target.is_none() && objective == "first" {
            let span = spec.solve.objective.as_ref().map_or(0..0, |o| o.span());
            return Err(doc
                .error(span, "objective `first` needs a target value")
                .help(
                    "give komachi.target a number, or use objective \"all\" with target \"all\"",
                ));
        }
        Ok(Box::new(KomachiPuzzle {
            model: Komachi {
                digits,
                ops,
                leading_minus: table.leading_minus,
                parentheses: table.parentheses,
            },
            target,
            objective,
            auto: engine == "auto",
            limit: spec.solve.limit(100) as usize,
        }))
    }
}

fn read_digits(
    doc: &SpecDocument,
    field: Option<&Spanned<toml::Value>>,
) -> Result<Vec<u8>, Diagnostic> {
    let Some(field) = field else {
        return Ok((1..=9).collect());
    };
    let bad = |what: String| {
        doc.error(field.span(), what)
            .help("write digits = [1, 2, 3, 4, 5, 6, 7, 8, 9] or digits = \"987654321\"")
    };
    let digits: Vec<u8> = match field.get_ref() {
        toml::Value::String(s) => s
            .chars()
            .map(|c| c.to_digit(10).map(|d| d as u8))
            .collect::<Option<_>>()
            .ok_or_else(|| bad(format!("\"{s}\" is not a string of digits")))?,
        toml::Value::Array(items) => items
            .iter()
            .map(|v| {
                v.as_integer()
                    .and_then(|d| u8::try_from(d).ok())
                    .filter(|d| *d <= 9)
            })
            .collect::<Option<_>>()
            .ok_or_else(|| bad("every digit must be a whole number from 0 to 9".into()))?,
        other => {
            return Err(bad(format!(
                "digits must be an array or a string, found {}",
                other.type_str()
            )));
        }
    };
    if digits.is_empty() || digits.len() > MAX_DIGITS {
        return Err(bad(format!(
            "{} digits; give 1 to {MAX_DIGITS}",
            digits.len()
        )));
    }
    Ok(digits)
}

fn read_operators(
    doc: &SpecDocument,
    field: Option<&Spanned<Vec<Spanned<String>>>>,
) -> Result<Vec<Op>, Diagnostic> {
    let Some(field) = field else {
        return Ok(vec![Op::Add, Op::Sub, Op::Concat]);
    };
    let names: Vec<&str> = Op::ALL.iter().map(|o| o.name()).collect();
    let mut ops = Vec::new();
    for name in field.get_ref() {
        let Some(op) = Op::from_name(name.get_ref()) else {
            return Err(doc
                .error(
                    name.span(),
                    format!("unknown operator `{}`", name.get_ref()),
                )
                .label("not an operator")
                .help(format!("use some of: {}", names.join(", "))));
        };
        if ops.contains(&op) {
            return Err(doc.error(
                name.span(),
                format!("operator `{}` is listed twice", op.name()),
            ));
        }
        ops.push(op);
    }
    if ops.is_empty() {
        return Err(doc
            .error(field.span(), "no operators")
            .help("allow at least one of: +, -, *, /, concat"));
    }
    Ok(ops)
}

/// The target value, or None for "all".
fn read_target(
    doc: &SpecDocument,
    field: &Spanned<toml::Value>,
) -> Result<Option<Rational>, Diagnostic> {
    let bad = || {
        doc.error(
            field.span(),
            "the target must be a whole number, a fraction like \"7/2\", or \"all\"",
        )
        .label("not a target")
    };
    match field.get_ref() {
        toml::Value::Integer(n) => Ok(Some(Rational::int(i128::from(*n)))),
        toml::Value::String(s) if s == "all" => Ok(None),
        toml::Value::String(s) => {
            let (num, den) = s.split_once('/').unwrap_or((s, "1"));
            let num: i128 = num.trim().parse().map_err(|_| bad())?;
            let den: i128 = den.trim().parse().map_err(|_| bad())?;
            Rational::new(num, den).map(Some).ok_or_else(bad)
        }
        _ => Err(bad()),
    }
}

struct KomachiPuzzle {
    model: Komachi,
    target: Option<Rational>,
    objective: String,
    auto: bool,
    limit: usize,
}

impl Puzzle for KomachiPuzzle {
    fn summary(&self) -> String {
        let digits: String = self
            .model
            .digits
            .iter()
            .map(|d| char::from(b'0' + d))
            .collect();
        let ops: Vec<&str> = self.model.ops.iter().map(|o| o.name()).collect();
        let target = self
            .target
            .map_or("every value".to_string(), |t| t.to_string());
        format!(
            "digits {digits}, operators {}{}{}, target {target}",
            ops.join(" "),
            if self.model.leading_minus {
                ", leading minus"
            } else {
                ""
            },
            if self.model.parentheses {
                ", parentheses"
            } else {
                ""
            },
        )
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        ctx.progress.message(|| "enumerating formulas".to_string());
        let (limit, stop_after) = match self.objective.as_str() {
            "first" => (1, Some(1)),
            "count" => (0, None),
            _ => (self.limit, None),
        };
        if self.model.parentheses {
            let reason = if self.auto {
                "auto: parentheses, so the values of every run of digits, counted by interval"
            } else {
                ""
            };
            let out = intervals::solve(&self.model, self.target, limit);
            let mut report =
                Report::new(&self.objective, Status::Solved, "interval-values", reason);
            let mut listed: Vec<String> = out.listed.iter().map(intervals::Tree::text).collect();
            listed.sort();
            self.finish(
                &mut report,
                listed,
                out.count,
                out.formulas,
                out.undefined,
                out.overflowed,
                out.elapsed,
            )?;
            if self.target.is_none() {
                self.values_section(&mut report, out.values);
            }
            return Ok(report);
        }
        let goal = match self.target {
            Some(t) => insertion::Goal::Target(t),
            None => insertion::Goal::All,
        };
        let reason = if self.auto {
            "auto: no parentheses, so every operator sequence in turn, evaluated incrementally"
        } else {
            ""
        };
        let out = insertion::enumerate(&self.model, &goal, limit, stop_after);
        let mut report = Report::new(
            &self.objective,
            Status::Solved,
            "operator-insertion",
            reason,
        );
        let listed: Vec<String> = out
            .listed
            .iter()
            .map(|(negative, ops)| model::flat_text(&self.model.digits, *negative, ops))
            .collect();
        let values = out
            .values
            .into_iter()
            .map(|(v, c)| (v, u128::from(c)))
            .collect();
        self.finish(
            &mut report,
            listed,
            u128::from(out.count),
            u128::from(out.formulas),
            u128::from(out.undefined),
            u128::from(out.overflowed),
            out.elapsed,
        )?;
        if self.target.is_none() {
            self.values_section(&mut report, values);
        }
        Ok(report)
    }
}

impl KomachiPuzzle {
    #[allow(clippy::too_many_arguments)]
    fn finish(
        &self,
        report: &mut Report,
        listed: Vec<String>,
        count: u128,
        formulas: u128,
        undefined: u128,
        overflowed: u128,
        elapsed: Duration,
    ) -> Result<(), Diagnostic> {
        report.stats = Stats::new(u64::try_from(formulas).unwrap_or(u64::MAX), elapsed);
        report.extra.insert("formulas".into(), json_count(formulas));
        let what = if self.model.parentheses {
            "formulas (trees) counted"
        } else {
            "formulas evaluated exactly"
        };
        report
            .notes
            .push(format!("{} {what}", group_digits(formulas)));
        if undefined > 0 {
            report.notes.push(format!(
                "{} formulas divide by zero and have no value",
                group_digits(undefined)
            ));
        }
        if overflowed > 0 {
            report.notes.push(format!(
                "{} formulas left 127-bit arithmetic and were skipped",
                group_digits(overflowed)
            ));
        }
        report
            .extra
            .insert("undefined".into(), json_count(undefined));
        let Some(target) = self.target else {
            report.status = Status::Counted;
            report.count = Some(count);
            return Ok(());
        };
        let mut lines = Vec::new();
        for text in listed {
            self.check(&text, target)?;
            let line = format!("{text} = {target}");
            report.solutions.push(Solution {
                steps: vec![Step {
                    action: text.clone(),
                    state: None,
                }],
                notation: Some(line.clone()),
            });
            lines.push(line);
        }
        report.extra.insert("formulas_found".into(), lines.into());
        if self.objective != "first" {
            report.count = Some(count);
        }
        if count == 0 {
            report.status = Status::NoSolution;
            report
                .notes
                .push(format!("none of the formulas makes {target}"));
        } else if self.objective == "count" {
            report.status = Status::Counted;
        } else if (report.solutions.len() as u128) < count {
            report.notes.push(format!(
                "listing {} of {count} formulas (raise solve.limit for more)",
                report.solutions.len()
            ));
        }
        Ok(())
    }

    /// Every value with its number of formulas: all of it in JSON, the first `limit` in text.
    /// Every value with its number of formulas: all of them in JSON (by value), the most
    /// frequent `limit` in text. The count is the number of distinct values.
    fn values_section(&self, report: &mut Report, mut values: Vec<(Rational, u128)>) {
        values.sort();
        report.count = Some(values.len() as u128);
        let integers = values.iter().filter(|(v, _)| v.is_integer()).count();
        report
            .extra
            .insert("integer_values".into(), integers.into());
        report.notes.push(format!(
            "{} distinct values, {} of them whole numbers",
            group_digits(values.len() as u128),
            group_digits(integers as u128)
        ));
        let mut by_count: Vec<&(Rational, u128)> = values.iter().collect();
        by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let shown = by_count.len().min(self.limit.max(1));
        let mut lines: Vec<String> = by_count[..shown]
            .iter()
            .map(|(v, c)| format!("{:>12}: {c}", v.to_string()))
            .collect();
        if shown < values.len() {
            lines.push(format!(
                "... {} more (raise solve.limit, or use --json)",
                values.len() - shown
            ));
        }
        report.sections.push(Section {
            title: "values made by the most formulas (value: formulas)".into(),
            lines,
        });
        report.extra.insert(
            "values".into(),
            values
                .iter()
                .map(|(v, c)| serde_json::json!({"value": v.to_string(), "formulas": json_count(*c)}))
                .collect::<Vec<_>>()
                .into(),
        );
    }

    /// Replays a formula through the expression parser and exact evaluator.
    fn check(&self, text: &str, target: Rational) -> Result<(), Diagnostic> {
        let e = expr::parse(text).map_err(|e| {
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

/// A count in JSON: a number, or a string when above 2^64.
fn json_count(c: u128) -> serde_json::Value {
    match u64::try_from(c) {
        Ok(small) => small.into(),
        Err(_) => c.to_string().into(),
    }
}
