//! Givens: fixed values of an array's elements drawn as text, one character per element
//! (`8........` with `.` for a blank; `|`, `+` and `-` may draw lines) when every value of the
//! domain is a single digit, else whitespace-separated numbers and `.`s.

use super::model::{Array, Variable};
use crate::diagnostic::Diagnostic;
use crate::expr::ExprError;
use crate::spec::SpecDocument;
use std::collections::BTreeMap;
use toml::Spanned;

/// Fixes the domains of the given elements; a given outside its element's domain empties it,
/// and the returned notes say where (file:line:col) and why.
pub fn apply(
    doc: &SpecDocument,
    givens: &BTreeMap<String, Spanned<String>>,
    arrays: &[Array],
    variables: &mut [Variable],
) -> Result<Vec<String>, Diagnostic> {
    let mut notes = Vec::new();
    for (name, text) in givens {
        let what = format!("the givens of `{name}`");
        let err = |e: ExprError| doc.formula_error(text, &what, e);
        let Some(array) = arrays.iter().find(|a| &a.name == name) else {
            let names: Vec<&str> = arrays.iter().map(|a| a.name.as_str()).collect();
            return Err(doc
                .error(text.span(), format!("`{name}` is not an array"))
                .help(format!(
                    "givens are drawn for arrays; the arrays are: {}",
                    names.join(", ")
                )));
        };
        let elements = &mut variables[array.first..array.first + array.len];
        let single_digits = elements
            .iter()
            .all(|v| v.domain.iter().all(|x| (0..=9).contains(x)));
        let cells = cells(text.get_ref(), single_digits).map_err(err)?;
        if cells.len() != array.len {
            return Err(err(ExprError::new(
                format!(
                    "{} cells drawn, but `{name}` has {} elements",
                    cells.len(),
                    array.len
                ),
                0..text.get_ref().len(),
            )
            .help("draw one character (or number) per element, `.` for a blank")));
        }
        for (element, (given, span)) in elements.iter_mut().zip(cells) {
            let Some(value) = given else { continue };
            if !element.domain.contains(&value) {
                let at = err(ExprError::new(
                    format!(
                        "the given {value} of {} is outside its domain",
                        element.name
                    ),
                    span,
                ));
                notes.push(format!("{} has an empty domain: {at}", element.name));
                element.domain.clear();
            } else {
                element.domain = vec![value];
            }
        }
    }
    Ok(notes)
}

type Cell = (Option<i64>, std::ops::Range<usize>);

fn cells(text: &str, single_digits: bool) -> Result<Vec<Cell>, ExprError> {
    let mut out = Vec::new();
    if single_digits {
        for (i, c) in text.char_indices() {
            match c {
                '.' => out.push((None, i..i + 1)),
                '0'..='9' => out.push((Some(i64::from(c as u8 - b'0')), i..i + 1)),
                c if c.is_whitespace() || "|+-".contains(c) => {}
                _ => return Err(bad_cell(i..i + c.len_utf8())),
            }
        }
        return Ok(out);
    }
    let mut at = 0;
    for word in text.split_whitespace() {
        let start = at + text[at..].find(word).unwrap_or(0);
        at = start + word.len();
        let span = start..at;
        match word {
            "." => out.push((None, span)),
            _ => match word.parse::<i64>() {
                Ok(v) => out.push((Some(v), span)),
                Err(_) => return Err(bad_cell(span)),
            },
        }
    }
    Ok(out)
}

fn bad_cell(span: std::ops::Range<usize>) -> ExprError {
    ExprError::new("expected a digit or `.` (a blank) here", span)
        .help("draw each element as its value, `.` for one that is not given")
}
