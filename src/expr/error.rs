//! What every part of the expression language reports: an error at a place inside the formula,
//! and the two types a formula computes. Kept apart from the parser and evaluators so that
//! they (and the families) can name them without importing each other.

use std::ops::Range;

/// A problem in a formula: what, and where inside the formula text (byte range).
#[derive(Debug, Clone, PartialEq)]
pub struct ExprError {
    pub message: String,
    pub span: Range<usize>,
    pub help: Option<String>,
}

impl ExprError {
    pub fn new(message: impl Into<String>, span: Range<usize>) -> Self {
        ExprError {
            message: message.into(),
            span,
            help: None,
        }
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

/// The type an expression computes, checked before any search starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Type {
    Number,
    Bool,
}

impl Type {
    pub fn words(self) -> &'static str {
        match self {
            Type::Number => "a number",
            Type::Bool => "a truth value",
        }
    }
}
