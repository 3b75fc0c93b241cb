//! The checked tree ([`Ir`]) as the expression the exact evaluator computes and the search
//! engine propagates, over variables at slots: a slot is a variable, an array read at a
//! variable index an `element(...)` (which `search` propagates), an `if` whose condition depends
//! on the variables a sum weighed by the condition, and a long chain of one operator a balanced
//! tree (so that no later pass nests deeply). The kinds whose formulas are computed exactly
//! (`search`, parameters, goals over named values) check with [`super::Names`] and compute this.

use super::ir::{Ir, Ty};
use super::table::Table;
use crate::expr::{BinOp, Builtin, Expr, ExprError, ExprKind};
use std::ops::Range;

/// `ir`, of type `ty`, as an expression; `span` places the parts the tree gives no place of.
/// `arrays(k)` gives the slots of state array `k` ([`super::StateVar::index`]).
pub fn to_expr(
    ir: &Ir,
    ty: Ty,
    span: &Range<usize>,
    arrays: &dyn Fn(usize) -> Range<usize>,
    tables: &[(String, Table)],
) -> Result<Expr, ExprError> {
    Convert { arrays, tables }.expr(ir, ty, span)
}

struct Convert<'a> {
    arrays: &'a dyn Fn(usize) -> Range<usize>,
    tables: &'a [(String, Table)],
}

/// The type a node has whatever its context wants (None for a constant, which is either).
fn natural(ir: &Ir) -> Option<Ty> {
    match ir {
        Ir::Const(_) | Ir::Fail(..) => None,
        Ir::Wide(_) | Ir::Load(_) | Ir::LoadAt { .. } | Ir::TableAt { .. } | Ir::Neg(..) => {
            Some(Ty::Number)
        }
        Ir::Not(_) => Some(Ty::Bool),
        Ir::Bin(op, ..) => Some(binary_types(*op).1),
        Ir::If(_, a, b) => natural(a).or_else(|| natural(b)),
        Ir::Call(f, ..) => Some(f.function().result),
    }
}

/// The operands' type (None: either, alike) and the result's of a binary operator.
fn binary_types(op: BinOp) -> (Option<Ty>, Ty) {
    match op {
        BinOp::Or | BinOp::And => (Some(Ty::Bool), Ty::Bool),
        BinOp::Eq | BinOp::Ne => (None, Ty::Bool),
        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => (Some(Ty::Number), Ty::Bool),
        _ => (Some(Ty::Number), Ty::Number),
    }
}

fn at(kind: ExprKind, span: &Range<usize>) -> Expr {
    Expr {
        kind,
        span: span.clone(),
    }
}

fn call(f: Builtin, args: Vec<Expr>, span: &Range<usize>) -> Expr {
    at(ExprKind::Call(f, args), span)
}

fn bin(op: BinOp, a: Expr, b: Expr, span: &Range<usize>) -> Expr {
    at(ExprKind::Binary(op, Box::new(a), Box::new(b)), span)
}

fn not(a: Expr, span: &Range<usize>) -> Expr {
    at(ExprKind::Not(Box::new(a)), span)
}

/// A truth value written as the expression language has none: `0 == 0` or `0 != 0`.
fn truth(value: bool, span: &Range<usize>) -> Expr {
    let zero = || at(ExprKind::Int(0), span);
    let op = if value { BinOp::Eq } else { BinOp::Ne };
    bin(op, zero(), zero(), span)
}

impl Convert<'_> {
    fn expr(&self, ir: &Ir, want: Ty, span: &Range<usize>) -> Result<Expr, ExprError> {
        // A truth value where a number is wanted (`int(p)`, a count's terms) is 0 or 1.
        if want == Ty::Number && natural(ir) == Some(Ty::Bool) {
            return Ok(call(
                Builtin::Int,
                vec![self.expr(ir, Ty::Bool, span)?],
                span,
            ));
        }
        Ok(match ir {
            Ir::Const(v) if want == Ty::Bool => truth(*v != 0, span),
            Ir::Const(v) => at(ExprKind::Int(i128::from(*v)), span),
            Ir::Wide(v) => at(ExprKind::Int(*v), span),
            Ir::Load(slot) => at(ExprKind::Var(*slot), span),
            Ir::LoadAt { var, index, span } => {
                let items = (self.arrays)(*var).map(|v| at(ExprKind::Var(v), span));
                self.element(index, items.collect(), span)?
            }
            Ir::TableAt {
                table,
                row,
                index,
                span,
            } => self.table_entry(*table, row.as_deref(), index, span)?,
            Ir::Neg(a, s) => at(ExprKind::Neg(Box::new(self.expr(a, Ty::Number, s)?)), s),
            Ir::Not(a) => not(self.expr(a, Ty::Bool, span)?, span),
            Ir::Bin(op, a, b, s) => self.binary(*op, a, b, s)?,
            Ir::If(c, a, b) => self.if_then_else(c, a, b, want, span)?,
            Ir::Call(f, args, s) => {
                let ty = f.function().argument;
                let args = args.iter().map(|a| self.expr(a, ty, s));
                call(*f, args.collect::<Result<_, _>>()?, s)
            }
            Ir::Fail(message, s, _) => return Err(ExprError::new(message.clone(), s.clone())),
        })
    }

    /// `a op b`; a chain of one associative operator (`a + b + c + ...`, as sums unroll) is
    /// gathered along its left spine and rebuilt balanced.
    fn binary(&self, op: BinOp, a: &Ir, b: &Ir, s: &Range<usize>) -> Result<Expr, ExprError> {
        let (operands, _) = binary_types(op);
        let ty = operands
            .or_else(|| natural(a))
            .or_else(|| natural(b))
            .unwrap_or(Ty::Number);
        if !matches!(op, BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or) {
            return Ok(bin(op, self.expr(a, ty, s)?, self.expr(b, ty, s)?, s));
        }
        let mut parts = vec![b];
        let mut left = a;
        while let Ir::Bin(inner, x, y, _) = left
            && *inner == op
        {
            parts.push(y);
            left = x;
        }
        parts.push(left);
        let parts = parts.iter().rev().map(|p| self.expr(p, ty, s));
        Ok(balanced(op, parts.collect::<Result<_, _>>()?, s))
    }

    /// `if c then a else b` where `c` depends on the variables: both branches, each weighed
    /// by whether `c` holds (a constant `c` was decided by the checker).
    fn if_then_else(
        &self,
        c: &Ir,
        a: &Ir,
        b: &Ir,
        want: Ty,
        s: &Range<usize>,
    ) -> Result<Expr, ExprError> {
        let cond = self.expr(c, Ty::Bool, s)?;
        let (x, y) = (self.expr(a, want, s)?, self.expr(b, want, s)?);
        Ok(match want {
            Ty::Bool => bin(
                BinOp::Or,
                bin(BinOp::And, cond.clone(), x, s),
                bin(BinOp::And, not(cond, s), y, s),
                s,
            ),
            // A sum's filtered term (`if c then x else 0`) is `int(c) * x`, as it is written.
            Ty::Number if matches!(b, Ir::Const(0)) => {
                bin(BinOp::Mul, call(Builtin::Int, vec![cond], s), x, s)
            }
            Ty::Number => {
                let one = call(Builtin::Int, vec![cond.clone()], s);
                let other = call(Builtin::Int, vec![not(cond, s)], s);
                bin(
                    BinOp::Add,
                    bin(BinOp::Mul, one, x, s),
                    bin(BinOp::Mul, other, y, s),
                    s,
                )
            }
        })
    }

    /// `element(index, items...)`: the item at a position known only in the search.
    fn element(&self, index: &Ir, items: Vec<Expr>, s: &Range<usize>) -> Result<Expr, ExprError> {
        let mut args = Vec::with_capacity(items.len() + 1);
        args.push(self.expr(index, Ty::Number, s)?);
        args.extend(items);
        Ok(call(Builtin::Element, args, s))
    }

    /// A table's entry at a position known only in the search: an element of its numbers
    /// (of one row, which must be known before the search).
    fn table_entry(
        &self,
        table: usize,
        row: Option<&Ir>,
        index: &Ir,
        s: &Range<usize>,
    ) -> Result<Expr, ExprError> {
        let numbers = |v: &[i64]| {
            v.iter()
                .map(|&x| at(ExprKind::Int(i128::from(x)), s))
                .collect()
        };
        match (&self.tables[table].1, row) {
            (Table::List(v), None) => self.element(index, numbers(v), s),
            (Table::Rows(rows), Some(Ir::Const(r))) => {
                let row = usize::try_from(*r).ok().and_then(|r| rows.get(r));
                let row = row.ok_or_else(|| {
                    ExprError::new(format!("row {r} is outside the table"), s.clone())
                })?;
                self.element(index, numbers(row), s)
            }
            _ => Err(ExprError::new(
                "this table's row must be known before the search",
                s.clone(),
            )
            .help("index the row by numbers, parameters and loop variables")),
        }
    }
}

/// `a op b op c ...` as a balanced tree.
fn balanced(op: BinOp, mut parts: Vec<Expr>, span: &Range<usize>) -> Expr {
    match parts.len() {
        1 => parts.remove(0),
        n => {
            let right = parts.split_off(n / 2);
            let (a, b) = (balanced(op, parts, span), balanced(op, right, span));
            bin(op, a, b, span)
        }
    }
}
