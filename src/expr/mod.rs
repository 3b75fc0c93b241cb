//! The expression language (grammar in `grammar/expr.pest`): goal predicates and formulas.
//! Parsing gives an [`Expr`] tree with spans inside the formula text; binding resolves names to
//! variable slots; evaluation is exact (rationals, checked arithmetic).

pub mod arith;
mod ast;
mod big;
mod builtins;
pub mod check;
mod comprehension;
mod declaration;
mod depth;
mod equation;
mod error;
mod eval;
mod extended;
mod functions;
mod list;
mod list_types;
mod parser;
mod rational;
pub mod template;

pub use ast::{AggOp, BinOp, Binding, Expr, ExprKind, Over};
pub use comprehension::{Comprehension, Element, parse_comprehension};
pub use declaration::{
    Constants, Declaration, DomainKind, constant, parse_declaration, parse_declaration_in,
};
pub use depth::MAX_DEPTH;
pub use equation::{Equation, parse_equation};
pub use eval::{Value, eval};
pub use extended::{Assignment, VarType, parse_bindings, parse_effects, parse_var_type};
pub use functions::{Builtin, FUNCTIONS, Function, unknown_function};
pub use list_types::element_error as list_element_error;
pub use parser::Forms;
pub use rational::Rational;

pub use error::{ExprError, Type};
