//! Spec -> checked komachi puzzle: the digits, the operators, the target, the objective and the
//! engine (which follows from whether parentheses are allowed).

use super::model::{KomachiModel, Op};
use super::plan::{CATALOG, Objective, plan};
use super::puzzle::KomachiPuzzle;
use super::spec::KomachiDocument;
use crate::diagnostic::Diagnostic;
use crate::expr::Rational;
use crate::spec::SpecDocument;
use toml::Spanned;

/// More digits than this would take hours even with two operators.
const MAX_DIGITS: usize = 20;

pub fn puzzle_from_spec(doc: &SpecDocument) -> Result<KomachiPuzzle, Diagnostic> {
    let spec: KomachiDocument = doc.deserialize()?;
    let table = spec.komachi.get_ref();
    let digits = read_digits(doc, table.digits.as_ref())?;
    let ops = read_operators(doc, table.operators.as_ref())?;
    let target = read_target(doc, &table.target)?;
    let choice = CATALOG.choose(doc, &spec.solve)?;
    if target.is_none() && choice.objective == Objective::First {
        let span = spec.solve.objective.as_ref().map_or(0..0, |o| o.span());
        return Err(doc
            .error(span, "objective `first` needs a target value")
            .help("give komachi.target a number, or use objective \"all\" with target \"all\""));
    }
    let limit = usize::try_from(spec.solve.limit(100)).unwrap_or(usize::MAX);
    let (plan, engine) = plan(&choice, table.parentheses, limit)?;
    // Where the digits are written, named by the note on formulas that leave 127 bits.
    let digits_span = table
        .digits
        .as_ref()
        .map_or(spec.komachi.span(), |d| d.span());
    Ok(KomachiPuzzle {
        model: KomachiModel {
            digits,
            ops,
            leading_minus: table.leading_minus,
            parentheses: table.parentheses,
        },
        target,
        shown_values: limit,
        digits_at: doc.error(digits_span, "").position().unwrap_or_default(),
        objective: choice.objective,
        plan,
        engine,
    })
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
