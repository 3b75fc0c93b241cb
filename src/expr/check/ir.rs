//! What the checker gives: a formula's type and its tree with names resolved ([`Ir`]), and the
//! folding that computes it at once when its operands are known before the search.

use crate::expr::arith::{arith, floored};
use crate::expr::{BinOp, Builtin};
use std::ops::Range;

/// The type of a checked formula: the one type of the language ([`crate::expr::Type`]), so
/// that every kind words a wrong type alike.
pub use crate::expr::Type as Ty;

/// A checked, folded formula over the packed state.
#[derive(Debug, Clone)]
pub enum Ir {
    Const(i64),
    /// A whole number past 64 bits, for an engine that computes exactly past them (`search`);
    /// the kinds of 64-bit words refuse it where it is written.
    Wide(i128),
    Load(usize),
    /// An array element at an index known only in the state.
    LoadAt {
        var: usize,
        index: Box<Ir>,
        span: Range<usize>,
    },
    /// A list element, or a row's element, at indices known only in the state.
    TableAt {
        table: usize,
        row: Option<Box<Ir>>,
        index: Box<Ir>,
        span: Range<usize>,
    },
    Neg(Box<Ir>, Range<usize>),
    Not(Box<Ir>),
    Bin(BinOp, Box<Ir>, Box<Ir>, Range<usize>),
    If(Box<Ir>, Box<Ir>, Box<Ir>),
    Call(Builtin, Vec<Ir>, Range<usize>),
    /// Evaluating this fails (e.g. a constant index outside its array): only if reached.
    /// A failure known when compiling, met if the state reaches it; true: arithmetic.
    Fail(String, Range<usize>, bool),
}

pub fn fold_neg(a: Ir, s: &Range<usize>) -> Ir {
    match a {
        Ir::Const(v) => match v.checked_neg() {
            Some(n) => Ir::Const(n),
            None => Ir::Fail("arithmetic overflow".into(), s.clone(), true),
        },
        other => Ir::Neg(Box::new(other), s.clone()),
    }
}

/// `op` on two operands, computed now when both are known.
pub fn fold_binary(op: BinOp, x: Ir, y: Ir, s: &Range<usize>) -> Ir {
    match (op, &x, &y) {
        (BinOp::And, Ir::Const(0), _) | (BinOp::Or, Ir::Const(1), _) => x,
        (BinOp::And, Ir::Const(_), _) | (BinOp::Or, Ir::Const(_), _) => y,
        (BinOp::And, _, Ir::Const(1)) | (BinOp::Or, _, Ir::Const(0)) => x,
        (BinOp::Add, Ir::Const(0), _) => y,
        (BinOp::Add | BinOp::Sub, _, Ir::Const(0)) => x,
        (_, Ir::Const(a), Ir::Const(b)) => match arith(op, *a, *b) {
            Ok(v) => Ir::Const(v),
            Err(f) => Ir::Fail(f.message, s.clone(), f.no_value),
        },
        _ => Ir::Bin(op, Box::new(x), Box::new(y), s.clone()),
    }
}

pub fn fold_call(func: Builtin, args: Vec<Ir>, s: &Range<usize>) -> Ir {
    let consts: Option<Vec<i64>> = args
        .iter()
        .map(|a| match a {
            Ir::Const(v) => Some(*v),
            _ => None,
        })
        .collect();
    match (func, consts) {
        (Builtin::Abs, Some(v)) => match v[0].checked_abs() {
            Some(a) => Ir::Const(a),
            None => Ir::Fail("arithmetic overflow".into(), s.clone(), true),
        },
        (Builtin::Div | Builtin::Mod, Some(v)) => match floored(func, v[0], v[1]) {
            Ok(q) => Ir::Const(q),
            Err(f) => Ir::Fail(f.message, s.clone(), f.no_value),
        },
        (Builtin::Min, Some(v)) => Ir::Const(v.into_iter().min().unwrap_or(0)),
        (Builtin::Max, Some(v)) => Ir::Const(v.into_iter().max().unwrap_or(0)),
        _ => Ir::Call(func, args, s.clone()),
    }
}
