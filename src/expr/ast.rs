//! The expression tree, its binding of names to slots, and its static type check.

use super::error::{ExprError, Type};
use super::functions::{Builtin, unknown_function};
use std::ops::Range;

#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    /// Byte range inside the formula text.
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    Int(i128),
    /// A name not yet bound to a variable slot.
    Name(String),
    /// A bound variable: index into the environment given to `eval`.
    Var(usize),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// A built-in function, resolved when parsed.
    Call(Builtin, Vec<Expr>),
    /// A call of a name that is no built-in function: an error where a formula is checked,
    /// read by the forms that give such names a meaning (`rows(9, 9)` in groups).
    Apply(String, Vec<Expr>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
        }
    }
}

impl Expr {
    /// Replaces every name by its slot from `lookup`; an unknown name is an error listing `known`.
    pub fn bind(
        &mut self,
        lookup: &dyn Fn(&str) -> Option<usize>,
        known: &[String],
    ) -> Result<(), ExprError> {
        match &mut self.kind {
            ExprKind::Name(name) => match lookup(name) {
                Some(slot) => {
                    self.kind = ExprKind::Var(slot);
                    Ok(())
                }
                None => Err(
                    ExprError::new(format!("unknown name `{name}`"), self.span.clone())
                        .help(format!("the names defined here are: {}", known.join(", "))),
                ),
            },
            ExprKind::Int(_) | ExprKind::Var(_) => Ok(()),
            ExprKind::Neg(e) | ExprKind::Not(e) => e.bind(lookup, known),
            ExprKind::Binary(_, a, b) => {
                a.bind(lookup, known)?;
                b.bind(lookup, known)
            }
            ExprKind::Call(_, args) | ExprKind::Apply(_, args) => {
                args.iter_mut().try_for_each(|a| a.bind(lookup, known))
            }
        }
    }

    /// The type of the expression, or an error at the first operand of the wrong type.
    pub fn check_type(&self) -> Result<Type, ExprError> {
        let want = |e: &Expr, t: Type| -> Result<(), ExprError> {
            let got = e.check_type()?;
            if got == t {
                Ok(())
            } else {
                Err(ExprError::new(
                    format!("expected {} here, found {}", t.words(), got.words()),
                    e.span.clone(),
                ))
            }
        };
        match &self.kind {
            ExprKind::Int(_) | ExprKind::Name(_) | ExprKind::Var(_) => Ok(Type::Number),
            ExprKind::Neg(e) => want(e, Type::Number).map(|_| Type::Number),
            ExprKind::Not(e) => want(e, Type::Bool).map(|_| Type::Bool),
            ExprKind::Binary(op, a, b) => {
                let (operand, result) = match op {
                    BinOp::Or | BinOp::And => (Type::Bool, Type::Bool),
                    BinOp::Eq | BinOp::Ne => {
                        let ta = a.check_type()?;
                        want(b, ta)?;
                        return Ok(Type::Bool);
                    }
                    BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => (Type::Number, Type::Bool),
                    _ => (Type::Number, Type::Number),
                };
                want(a, operand)?;
                want(b, operand)?;
                Ok(result)
            }
            ExprKind::Apply(name, _) => Err(unknown_function(name, &self.span)),
            ExprKind::Call(builtin, args) => {
                builtin.check_arity(args.len(), &self.span)?;
                let f = builtin.function();
                for a in args {
                    want(a, f.argument)?;
                }
                Ok(f.result)
            }
        }
    }

    /// Every name in the expression, in order of appearance (with repeats).
    pub fn names(&self) -> Vec<&str> {
        let mut out = Vec::new();
        self.collect_names(&mut out);
        out
    }

    fn collect_names<'a>(&'a self, out: &mut Vec<&'a str>) {
        match &self.kind {
            ExprKind::Name(n) => out.push(n),
            ExprKind::Int(_) | ExprKind::Var(_) => {}
            ExprKind::Neg(e) | ExprKind::Not(e) => e.collect_names(out),
            ExprKind::Binary(_, a, b) => {
                a.collect_names(out);
                b.collect_names(out);
            }
            ExprKind::Call(_, args) | ExprKind::Apply(_, args) => {
                args.iter().for_each(|a| a.collect_names(out))
            }
        }
    }
}
