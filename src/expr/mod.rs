//! The expression language (grammar in `grammar/expr.pest`): goal predicates and formulas.
//! Parsing gives an [`Expr`] tree with spans inside the formula text; binding resolves names to
//! variable slots; evaluation is exact (rationals, checked arithmetic).

mod ast;
mod big;
mod declaration;
mod depth;
mod equation;
mod eval;
mod extended;
mod parser;
mod rational;
mod term;

pub use ast::{BinOp, Expr, ExprKind, FUNCTIONS, Function};
pub use declaration::{Declaration, DomainKind, parse_declaration};
pub use depth::MAX_DEPTH;
pub use equation::{Equation, parse_equation};
pub use eval::{Value, eval};
pub use extended::{
    AggOp, Assignment, Binding, Over, VarType, parse_bindings, parse_effects, parse_var_type,
};
pub use parser::parse;
pub use rational::Rational;
pub use term::{Term, TermKind, parse_term};

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
