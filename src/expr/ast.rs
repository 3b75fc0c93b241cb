//! The expression tree, its binding of names to slots, and its static type check.

use super::error::{ExprError, Type};
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
    Call(String, Vec<Expr>),
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

/// A built-in function: its name, how many arguments it takes, what it computes.
pub struct Function {
    pub name: &'static str,
    pub min_args: usize,
    /// None: any number from `min_args` up.
    pub max_args: Option<usize>,
    pub result: Type,
    /// One line for error messages and docs.
    pub about: &'static str,
}

const fn function(
    name: &'static str,
    min_args: usize,
    max_args: Option<usize>,
    result: Type,
    about: &'static str,
) -> Function {
    Function {
        name,
        min_args,
        max_args,
        result,
        about,
    }
}

/// Built-in functions known to every formula. Every argument is a number.
pub const FUNCTIONS: &[Function] = &[
    function(
        "abs",
        1,
        Some(1),
        Type::Number,
        "abs(x): the absolute value",
    ),
    function(
        "min",
        1,
        None,
        Type::Number,
        "min(a, b, ...): the least argument",
    ),
    function(
        "max",
        1,
        None,
        Type::Number,
        "max(a, b, ...): the greatest argument",
    ),
    function(
        "int",
        1,
        Some(1),
        Type::Number,
        "int(p): 1 where the truth value p holds, else 0",
    ),
    function(
        "digits",
        1,
        Some(1),
        Type::Number,
        "digits(x): how many decimal digits the whole number x has",
    ),
    function(
        "digit_sum",
        1,
        Some(1),
        Type::Number,
        "digit_sum(x): the sum of the decimal digits of the whole number x",
    ),
    function(
        "number",
        1,
        None,
        Type::Number,
        "number(a, b, c): the decimal number with digits a b c, i.e. 100a + 10b + c",
    ),
    function(
        "distinct",
        1,
        None,
        Type::Bool,
        "distinct(a, b, ...): true when no two arguments are equal",
    ),
    function(
        "distinct_digits",
        1,
        Some(1),
        Type::Bool,
        "distinct_digits(x): true when no decimal digit repeats in the whole number x",
    ),
    function(
        "pandigital",
        1,
        Some(3),
        Type::Bool,
        "pandigital(x): x uses each digit 0-9 exactly once; pandigital(x, lo, hi): each digit lo..hi",
    ),
    function(
        "element",
        2,
        None,
        Type::Number,
        "element(i, a0, a1, ...): the argument at position i (from 0) of a0, a1, ... (what array[i] is when i depends on a variable)",
    ),
    function(
        "table",
        2,
        None,
        Type::Bool,
        "table(k, x1, ..., xk, rows...): (x1, ..., xk) equals one of the rows of k numbers that follow (what a [[search.tables]] entry is)",
    ),
];

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
            ExprKind::Call(_, args) => args.iter_mut().try_for_each(|a| a.bind(lookup, known)),
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
            ExprKind::Call(name, args) => {
                let Some(f) = FUNCTIONS.iter().find(|f| f.name == name) else {
                    let names: Vec<&str> = FUNCTIONS.iter().map(|f| f.name).collect();
                    return Err(ExprError::new(
                        format!("unknown function `{name}`"),
                        self.span.clone(),
                    )
                    .help(format!("the functions are: {}", names.join(", "))));
                };
                let arity_ok =
                    args.len() >= f.min_args && f.max_args.is_none_or(|max| args.len() <= max);
                if !arity_ok {
                    let wanted = match f.max_args {
                        None => format!("at least {}", f.min_args),
                        Some(max) if max == f.min_args => max.to_string(),
                        Some(max) => format!("{} to {max}", f.min_args),
                    };
                    return Err(ExprError::new(
                        format!("`{name}` takes {wanted} argument(s), found {}", args.len()),
                        self.span.clone(),
                    )
                    .help(f.about));
                }
                // `int` is the one function of a truth value.
                let argument = if f.name == "int" {
                    Type::Bool
                } else {
                    Type::Number
                };
                for a in args {
                    want(a, argument)?;
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
            ExprKind::Call(_, args) => args.iter().for_each(|a| a.collect_names(out)),
        }
    }
}
