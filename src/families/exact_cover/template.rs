//! Names written as templates (`"row {r}"`, `"cell {p}:{v}"`), computed for each value of the
//! parameters by the rules kind's constant lowering (parameters, tables, loop variables): the
//! spec language's formulas, not a second expression language.

use crate::expr::check::{Ir, Names, Ty};
use crate::expr::template::{self as text, Part};
use crate::expr::{Expr, ExprError};
use std::ops::Range;

/// A parsed template: literal text and `{formula}` parts; error spans count from the start of
/// the TOML string it was cut from.
pub struct Template {
    parts: Vec<(Option<Expr>, String, usize)>,
}

impl Template {
    /// Parses `whole[range]`; errors are placed in `whole`.
    pub fn parse(whole: &str, range: Range<usize>) -> Result<Template, ExprError> {
        let at = range.start;
        let parts = text::parse(&whole[range]).map_err(|e| text::in_template(e, at))?;
        let parts = parts
            .into_iter()
            .map(|p| match p {
                Part::Text(t) => (None, t, at),
                Part::Term(t, offset) => (Some(t), String::new(), at + offset),
            })
            .collect();
        Ok(Template { parts })
    }

    /// The text for the parameter values bound in `names`.
    pub fn render(&self, names: &mut Names) -> Result<String, ExprError> {
        let mut out = String::new();
        for (term, literal, offset) in &self.parts {
            let Some(t) = term else {
                out.push_str(literal);
                continue;
            };
            let shift = |e| text::in_template(e, *offset);
            match names.lower(t).map_err(shift)? {
                (Ir::Const(v), Ty::Bool) => out.push_str(if v != 0 { "true" } else { "false" }),
                (Ir::Const(v), Ty::Number) => out.push_str(&v.to_string()),
                (Ir::Fail(message, span, _), _) => {
                    return Err(shift(ExprError::new(message, span)));
                }
                _ => {
                    return Err(shift(ExprError::new(
                        "this must be known from the parameters and tables",
                        t.span.clone(),
                    )));
                }
            }
        }
        Ok(out)
    }
}

/// Where an option's item entry splits into the item and its colour: the last `:` outside
/// `{...}` (`"cell {p}:{v}"`), if any.
pub fn colour_split(entry: &str) -> Option<usize> {
    let mut depth = 0i32;
    let mut at = None;
    for (i, c) in entry.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ':' if depth == 0 => at = Some(i),
            _ => {}
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::colour_split;

    #[test]
    fn the_colour_follows_the_last_colon_outside_braces() {
        assert_eq!(colour_split("cell {p}:{v}"), Some(8));
        assert_eq!(colour_split("row {r}"), None);
        assert_eq!(colour_split("a:b:c"), Some(3));
    }
}
