//! Boolean combinations of comparisons (`and`, `or`, `not`, `implies`, `==` / `!=` between
//! truth values) in conjunctive form: a list of clauses, each a list of linear comparisons of
//! which at least one holds. Negations are pushed down to the comparisons (`not (a < b)` is
//! `a >= b`); an `or` of two conjunctions is distributed, up to a bound on the clauses.

use super::linear_form::comparison;
use crate::engine::propagation::Linear;
use crate::expr::{BinOp, Expr, ExprKind, Type};

/// Most clauses, and comparisons per clause, one constraint may become.
const MAX_CLAUSES: usize = 256;
const MAX_LITERALS: usize = 64;

pub type Cnf = Vec<Vec<Linear>>;

/// `e` (or its negation when `positive` is false) in conjunctive form, if every leaf is a
/// linear comparison and the form stays small; `bounds` gives the variables' domains.
pub fn cnf<'d>(e: &Expr, positive: bool, bounds: &dyn Fn(usize) -> &'d [i64]) -> Option<Cnf> {
    let p = |x: &Expr| cnf(x, true, bounds);
    let n = |x: &Expr| cnf(x, false, bounds);
    match &e.kind {
        ExprKind::Not(a) => cnf(a, !positive, bounds),
        ExprKind::Binary(BinOp::And, a, b) if positive => Some(and(p(a)?, p(b)?)),
        ExprKind::Binary(BinOp::And, a, b) => or(n(a)?, n(b)?),
        ExprKind::Binary(BinOp::Or, a, b) if positive => or(p(a)?, p(b)?),
        ExprKind::Binary(BinOp::Or, a, b) => Some(and(n(a)?, n(b)?)),
        ExprKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b)
            if a.check_type().ok() == Some(Type::Bool) =>
        {
            // a == b: (not a or b) and (a or not b); a != b: (a or b) and (not a or not b).
            if (*op == BinOp::Eq) == positive {
                Some(and(or(n(a)?, p(b)?)?, or(p(a)?, n(b)?)?))
            } else {
                Some(and(or(p(a)?, p(b)?)?, or(n(a)?, n(b)?)?))
            }
        }
        ExprKind::Binary(op, a, b) => Some(vec![vec![comparison(*op, a, b, !positive, bounds)?]]),
        _ => None,
    }
}

fn and(mut a: Cnf, b: Cnf) -> Cnf {
    a.extend(b);
    a
}

/// Every clause of `a` joined with every clause of `b`.
fn or(a: Cnf, b: Cnf) -> Option<Cnf> {
    if a.len() * b.len() > MAX_CLAUSES {
        return None;
    }
    let mut out = Vec::with_capacity(a.len() * b.len());
    for x in &a {
        for y in &b {
            if x.len() + y.len() > MAX_LITERALS {
                return None;
            }
            out.push(x.iter().chain(y).cloned().collect());
        }
    }
    Some(out)
}
