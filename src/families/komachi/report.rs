//! How a komachi solve looks in the report: the notes on the formulas evaluated and those
//! without a value, the table of values for target "all", and the typed fields the kind adds to
//! the JSON document (docs/json.md, docs/schema/komachi.json).

use crate::expr::Rational;
use crate::report::shard::part_note;
use crate::report::{Report, Section, count_from_json, group_digits};
use serde::{Serialize, Serializer};
use serde_json::Value;

/// The fields `kind = "komachi"` adds to the report. Counts are numbers, or strings above 2^64.
#[derive(Debug, Serialize)]
pub struct KomachiDetails {
    /// Formulas evaluated (without parentheses) or trees counted (with them).
    #[serde(serialize_with = "count")]
    pub formulas: u128,
    /// Formulas that divide by zero and have no value.
    #[serde(serialize_with = "count")]
    pub undefined: u128,
    /// Formulas skipped because they left 127-bit arithmetic (absent when none).
    #[serde(serialize_with = "count", skip_serializing_if = "is_zero")]
    pub overflowed: u128,
    /// With a target: the listed formulas, `"... = target"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub formulas_found: Option<Vec<String>>,
    /// With target "all": how many of the distinct values are whole numbers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub integer_values: Option<usize>,
    /// With target "all": every value with how many formulas make it, by value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<ValueCount>>,
}

#[derive(Debug, Serialize)]
pub struct ValueCount {
    /// The exact value: "100" or "7/2".
    pub value: String,
    #[serde(serialize_with = "count")]
    pub formulas: u128,
}

fn is_zero(c: &u128) -> bool {
    *c == 0
}

fn count<S: Serializer>(c: &u128, s: S) -> Result<S::Ok, S::Error> {
    match u64::try_from(*c) {
        Ok(small) => s.serialize_u64(small),
        Err(_) => s.serialize_str(&c.to_string()),
    }
}

/// The notes on how many formulas were evaluated, and on those without a value: dividing by
/// zero, or leaving 127-bit arithmetic (`digits_at` names where the digits are written). In a
/// part of a split run (`part`) they count that part's formulas, and say so.
pub fn evaluation_notes(
    report: &mut Report,
    parentheses: bool,
    (formulas, undefined, overflowed): (u128, u128, u128),
    digits_at: &str,
    part: bool,
) {
    let first = report.notes.len();
    let what = if parentheses {
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
            "{} formulas left 127-bit arithmetic and were skipped (the digits at {digits_at})",
            group_digits(overflowed)
        ));
    }
    if part {
        for note in &mut report.notes[first..] {
            *note = part_note(note);
        }
    }
}

/// Why no formula makes `target`; when none had a value at all, the note says the arithmetic
/// failed rather than that the values missed.
pub fn no_formula_note(report: &mut Report, target: Rational, formulas: u128, failed: u128) {
    if formulas > 0 && failed == formulas {
        report.notes.push(format!(
            "none of the formulas makes {target}: every one of them failed to evaluate (division by zero or beyond 127 bits), so none has a value"
        ));
    } else {
        report
            .notes
            .push(format!("none of the formulas makes {target}"));
    }
}

/// Every value with its number of formulas: all of them in JSON (by value), the most frequent
/// `limit` in text. The count is the number of distinct values.
pub fn values_section(
    report: &mut Report,
    details: &mut KomachiDetails,
    mut values: Vec<(Rational, u128)>,
    limit: usize,
) {
    values.sort();
    details.integer_values = Some(values.iter().filter(|(v, _)| v.is_integer()).count());
    describe_values(report, &values, limit);
    details.values = Some(
        values
            .iter()
            .map(|(v, c)| ValueCount {
                value: v.to_string(),
                formulas: *c,
            })
            .collect(),
    );
}

/// The count of distinct values, the note on them and the section of the most frequent
/// `limit`, for `values` sorted by value.
fn describe_values(report: &mut Report, values: &[(Rational, u128)], limit: usize) {
    report.count = Some(values.len() as u128);
    let integers = values.iter().filter(|(v, _)| v.is_integer()).count();
    report.notes.push(format!(
        "{} distinct values, {} of them whole numbers",
        group_digits(values.len() as u128),
        group_digits(integers as u128)
    ));
    let mut by_count: Vec<&(Rational, u128)> = values.iter().collect();
    by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let shown = by_count.len().min(limit.max(1));
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
}

/// A merged split run's notes and values (`puzzlespec merge`), as a plain run shows them; only
/// formulas without parentheses split, so the notes say "evaluated". `limit` is the spec's.
pub fn describe_merged(doc: &Value, report: &mut Report, limit: Option<u64>) {
    let number = |key: &str| doc.get(key).and_then(count_from_json);
    let Some(formulas) = number("formulas") else {
        return;
    };
    let counts = (
        formulas,
        number("undefined").unwrap_or(0),
        number("overflowed").unwrap_or(0),
    );
    evaluation_notes(report, false, counts, "`digits`", false);
    let Some(listed) = doc.get("values").and_then(Value::as_array) else {
        return;
    };
    let values: Option<Vec<(Rational, u128)>> = listed
        .iter()
        .map(|v| {
            let value = v.get("value").and_then(Value::as_str)?.parse().ok()?;
            let formulas = count_from_json(v.get("formulas")?)?;
            Some((value, formulas))
        })
        .collect();
    if let Some(mut values) = values {
        values.sort();
        let limit = limit.map_or(usize::MAX, |l| usize::try_from(l).unwrap_or(usize::MAX));
        describe_values(report, &values, limit);
    }
}
