//! Formulas inside spec strings: parse errors and name errors point at the column inside the
//! formula and, through the string's span, at the line and column of the file.

use super::{SpecDocument, inner_span};
use crate::diagnostic::Diagnostic;
use crate::expr::{self, Expr, ExprError};
use toml::Spanned;

impl SpecDocument {
    /// An error found inside the string `value` (at `err.span` of its text).
    pub fn formula_error(&self, value: &Spanned<String>, what: &str, err: ExprError) -> Diagnostic {
        let span = inner_span(&self.source.text, value.span(), err.span.clone());
        let mut d = self.error(span, format!("in {what}: {}", err.message));
        if let Some(help) = err.help {
            d = d.help(help);
        }
        d
    }

    /// Parses the formula in `value`; `what` names it in messages ("goal", "formula").
    pub fn parse_formula(&self, value: &Spanned<String>, what: &str) -> Result<Expr, Diagnostic> {
        expr::parse(value.get_ref()).map_err(|e| self.formula_error(value, what, e))
    }
}
