//! `show` templates: text with `{expression}` parts evaluated for each solution; a part may
//! also be a whole array, shown as its values.

use super::{Expr, ExprError, Forms, Value, eval};

/// A template as parsed, before its names are bound.
pub enum Part {
    Text(String),
    /// A part and where its text starts in the template (its spans count from there).
    Term(Expr, usize),
}

pub enum Piece {
    Text(String),
    /// An expression and where its text starts in the template (its spans count from there).
    Expr(Expr, usize),
    /// A whole array: its elements, shown as `[1 2 3]` (by name when the names are given).
    List(Vec<Expr>, usize, Option<Vec<String>>),
    /// A value shown as the member of an enumeration it numbers (`{nationality[i]}`).
    Named(Expr, Vec<String>, usize),
}

/// `err` (inside the expression starting at `offset`) with its span counted in the template.
pub fn in_template(mut err: ExprError, offset: usize) -> ExprError {
    err.span = err.span.start + offset..err.span.end + offset;
    err
}

/// Splits `text` into literal text and parsed `{...}` expressions; error spans are in `text`.
pub fn parse(text: &str) -> Result<Vec<Part>, ExprError> {
    let mut pieces = Vec::new();
    let mut rest = 0;
    while let Some(open) = text[rest..].find('{').map(|i| rest + i) {
        if open > rest {
            pieces.push(Part::Text(text[rest..open].to_string()));
        }
        let Some(close) = text[open..].find('}').map(|i| open + i) else {
            return Err(ExprError::new("this `{` is never closed", open..open + 1)
                .help("write {expression}, e.g. {n * (n + 1)}"));
        };
        let inner = &text[open + 1..close];
        let e = Forms::All.parse(inner).map_err(|err| {
            let shift = open + 1;
            // Column numbers in the message count from the start of the whole template.
            let column = text[..shift + err.span.start].chars().count() + 1;
            let message = match err.message.split_once(" of the formula: ") {
                Some((_, detail)) => format!("syntax error at column {column}: {detail}"),
                None => err.message.clone(),
            };
            ExprError {
                message,
                span: err.span.start + shift..err.span.end + shift,
                help: err.help,
            }
        })?;
        pieces.push(Part::Term(e, open + 1));
        rest = close + 1;
    }
    if rest < text.len() {
        pieces.push(Part::Text(text[rest..].to_string()));
    }
    Ok(pieces)
}

/// The template's text for `bound`; a part that cannot be evaluated shows as `<message>`, and
/// the first such error is returned with its span in the template.
pub fn render(pieces: &[Piece], bound: &[i64]) -> (String, Option<ExprError>) {
    let mut out = String::new();
    let mut first_error = None;
    for p in pieces {
        match p {
            Piece::Text(t) => out.push_str(t),
            Piece::Expr(e, offset) => {
                let (text, err) = value_text(e, bound, *offset);
                out.push_str(&text);
                first_error = first_error.or(err);
            }
            Piece::Named(e, names, offset) => {
                let (text, err) = value_text(e, bound, *offset);
                out.push_str(&by_name(text, names));
                first_error = first_error.or(err);
            }
            Piece::List(items, offset, names) => {
                let mut words = Vec::with_capacity(items.len());
                for e in items {
                    let (mut text, err) = value_text(e, bound, *offset);
                    if let Some(names) = names {
                        text = by_name(text, names);
                    }
                    words.push(text);
                    first_error = first_error.or(err);
                }
                out.push_str(&format!("[{}]", words.join(" ")));
            }
        }
    }
    (out, first_error)
}

/// The member a value's text numbers, or the text itself when it numbers none.
fn by_name(text: String, names: &[String]) -> String {
    match text.parse::<usize>().ok().and_then(|i| names.get(i)) {
        Some(name) => name.clone(),
        None => text,
    }
}

/// One value as text, or `<message>` and the error (its span in the template).
fn value_text(e: &Expr, bound: &[i64], offset: usize) -> (String, Option<ExprError>) {
    match eval(e, bound) {
        Ok(Value::Num(n)) => (n.to_string(), None),
        Ok(Value::Bool(b)) => (b.to_string(), None),
        Err(err) => (format!("<{}>", err.message), Some(in_template(err, offset))),
    }
}
