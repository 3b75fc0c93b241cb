//! `show` templates: text with `{expression}` parts evaluated for each solution.

use crate::expr::{self, Expr, ExprError, Value};

pub enum Piece {
    Text(String),
    /// An expression and where its text starts in the template (its spans count from there).
    Expr(Expr, usize),
}

/// `err` (inside the expression starting at `offset`) with its span counted in the template.
pub fn in_template(mut err: ExprError, offset: usize) -> ExprError {
    err.span = err.span.start + offset..err.span.end + offset;
    err
}

/// Splits `text` into literal text and parsed `{...}` expressions; error spans are in `text`.
pub fn parse(text: &str) -> Result<Vec<Piece>, ExprError> {
    let mut pieces = Vec::new();
    let mut rest = 0;
    while let Some(open) = text[rest..].find('{').map(|i| rest + i) {
        if open > rest {
            pieces.push(Piece::Text(text[rest..open].to_string()));
        }
        let Some(close) = text[open..].find('}').map(|i| open + i) else {
            return Err(ExprError::new("this `{` is never closed", open..open + 1)
                .help("write {expression}, e.g. {n * (n + 1)}"));
        };
        let inner = &text[open + 1..close];
        let e = expr::parse(inner).map_err(|err| {
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
        pieces.push(Piece::Expr(e, open + 1));
        rest = close + 1;
    }
    if rest < text.len() {
        pieces.push(Piece::Text(text[rest..].to_string()));
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
            Piece::Expr(e, offset) => match expr::eval(e, bound) {
                Ok(Value::Num(n)) => out.push_str(&n.to_string()),
                Ok(Value::Bool(b)) => out.push_str(if b { "true" } else { "false" }),
                Err(err) => {
                    out.push_str(&format!("<{}>", err.message));
                    first_error.get_or_insert(in_template(err, *offset));
                }
            },
        }
    }
    (out, first_error)
}
