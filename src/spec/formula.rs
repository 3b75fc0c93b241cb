//! Formulas inside spec strings: parse errors and name errors point at the column inside the
//! formula and, through the string's span, at the line and column of the file.

use super::{SpecDocument, inner_span};
use crate::diagnostic::Diagnostic;
use crate::expr::{self, Expr, ExprError};
use std::cell::{Cell, RefCell};
use std::sync::Arc;
use toml::Spanned;

/// Where a formula lives in the spec, kept by a puzzle so that an error found while solving
/// (an overflow, a division by zero for some state) points at the formula's text in the file,
/// `--set` values included.
#[derive(Debug, Clone)]
pub struct FormulaSite {
    source: Arc<crate::diagnostic::SourceText>,
    value: Spanned<String>,
    what: String,
    /// The formula is a bare word of a `--set` argument (no quotes to decode).
    bare: bool,
}

impl FormulaSite {
    /// The diagnostic for `err`, found inside this formula.
    pub fn error(&self, err: ExprError) -> Diagnostic {
        let at = self.value.span().start;
        let span = if self.bare {
            at + err.span.start..at + err.span.end
        } else {
            inner_span(
                &self.source.text,
                self.value.span(),
                self.value.get_ref(),
                err.span.clone(),
            )
        };
        let mut d =
            Diagnostic::new(format!("in {}: {}", self.what, err.message)).at(&self.source, span);
        if let Some(help) = err.help {
            d = d.help(help);
        }
        d
    }

    /// The note for a formula that had no value `count` times (a division by zero, an
    /// overflow) and counted as false there; `first` is the first such error, shown at its place.
    pub fn failure_note(&self, count: u64, first: ExprError) -> String {
        format!(
            "{} evaluation{} of {} had no value and counted as false; the first: {}",
            crate::report::group_digits(u128::from(count)),
            if count == 1 { "" } else { "s" },
            self.what,
            self.error(first)
        )
    }
}

/// Evaluations of one formula that had no value (division by zero, a fraction given to a digit
/// function): each counts as false for its state or candidate, and the first is kept so the
/// note can point at the part of the formula that failed.
#[derive(Debug, Default)]
pub struct Failures {
    count: Cell<u64>,
    first: RefCell<Option<ExprError>>,
}

impl Failures {
    /// Counts one failed evaluation; the formula counts as false there.
    pub fn record(&self, e: ExprError) -> bool {
        self.count.set(self.count.get() + 1);
        self.first.borrow_mut().get_or_insert(e);
        false
    }

    pub fn count(&self) -> u64 {
        self.count.get()
    }

    /// The note for the formula at `site`, when any evaluation failed.
    pub fn note(&self, site: &FormulaSite) -> Option<String> {
        let first = self.first.borrow().clone()?;
        Some(site.failure_note(self.count(), first))
    }
}

impl SpecDocument {
    /// An error found inside the string `value` (at `err.span` of its text).
    pub fn formula_error(&self, value: &Spanned<String>, what: &str, err: ExprError) -> Diagnostic {
        self.formula_site(value, what).error(err)
    }

    /// The place of the formula `value`, kept for errors found while solving.
    /// A formula a `--set` wrote is placed in that argument (`--set:1:17`), not in the edited
    /// document, whose lines the file does not have.
    pub fn formula_site(&self, value: &Spanned<String>, what: &str) -> FormulaSite {
        let from_set = self
            .overrides
            .iter()
            .rev()
            .find_map(|o| o.wrote(value.get_ref()));
        match from_set {
            Some((source, span, bare)) => FormulaSite {
                source,
                value: Spanned::new(span, value.get_ref().clone()),
                what: what.to_string(),
                bare,
            },
            None => FormulaSite {
                source: Arc::clone(&self.source),
                value: value.clone(),
                what: what.to_string(),
                bare: false,
            },
        }
    }

    /// Parses the formula in `value`; `what` names it in messages ("goal", "formula").
    pub fn parse_formula(&self, value: &Spanned<String>, what: &str) -> Result<Expr, Diagnostic> {
        expr::Forms::Plain
            .parse(value.get_ref())
            .map_err(|e| self.formula_error(value, what, e))
    }
}
