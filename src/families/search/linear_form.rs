//! Linear forms of the expression language: a sum of variables times numbers plus a number,
//! recognised in a constraint's sides (`+ - *` by numbers, `number(...)`), and a comparison of
//! two such sides as the engine's linear propagator. Used by the translation of constraints
//! (`translate.rs`), of clauses (`clauses.rs`) and of elements (`elements.rs`).

use super::model::Model;
use crate::engine::propagation::{Linear, Relation};
use crate::expr::{BinOp, Builtin, Expr, ExprKind};
use std::collections::BTreeMap;

/// A linear form: coefficient per variable, and a constant.
#[derive(Debug, Clone, Default)]
pub struct LinearForm {
    pub terms: BTreeMap<usize, i128>,
    pub constant: i128,
}

/// The model's domains and the value of bit 0 of the engine's bit sets.
pub struct Domains<'a> {
    pub model: &'a Model,
    pub offset: i64,
    /// The least differences the order constraints allow (see `order.rs`).
    pub order: super::order::Order,
}

impl Domains<'_> {
    pub fn domain(&self, v: usize) -> &[i64] {
        &self.model.variables[v].domain
    }
}

/// `a op b` (negated when `not`) as a linear comparison, if both sides are linear.
pub fn comparison<'d>(
    op: BinOp,
    a: &Expr,
    b: &Expr,
    not: bool,
    bounds: &dyn Fn(usize) -> &'d [i64],
) -> Option<Linear> {
    use BinOp::*;
    let op = if not {
        match op {
            Eq => Ne,
            Ne => Eq,
            Lt => Ge,
            Le => Gt,
            Gt => Le,
            Ge => Lt,
            _ => return None,
        }
    } else {
        op
    };
    if !matches!(op, Eq | Ne | Lt | Le | Gt | Ge) {
        return None;
    }
    let diff = linear(a)?.minus(&linear(b)?)?;
    let (form, relation) = match op {
        Eq => (diff, Relation::Eq),
        Ne => (diff, Relation::Ne),
        Le => (diff, Relation::Le),
        Lt => (diff.plus_constant(1)?, Relation::Le),
        Ge => (diff.negated()?, Relation::Le),
        _ => (diff.negated()?.plus_constant(1)?, Relation::Le),
    };
    form.to_linear(bounds, relation)
}

/// The expression as a linear form, if it is one (no overflow).
pub fn linear(e: &Expr) -> Option<LinearForm> {
    match &e.kind {
        ExprKind::Int(n) => Some(LinearForm {
            terms: BTreeMap::new(),
            constant: *n,
        }),
        ExprKind::Var(v) => Some(LinearForm {
            terms: BTreeMap::from([(*v, 1)]),
            constant: 0,
        }),
        ExprKind::Neg(a) => linear(a)?.negated(),
        ExprKind::Binary(BinOp::Add, a, b) => linear(a)?.plus(&linear(b)?),
        ExprKind::Binary(BinOp::Sub, a, b) => linear(a)?.minus(&linear(b)?),
        ExprKind::Binary(BinOp::Mul, a, b) => {
            let (a, b) = (linear(a)?, linear(b)?);
            match (a.terms.is_empty(), b.terms.is_empty()) {
                (true, _) => b.times(a.constant),
                (_, true) => a.times(b.constant),
                _ => None,
            }
        }
        ExprKind::Call(Builtin::Number, args) => {
            let mut acc = LinearForm::default();
            for a in args {
                acc = acc.times(10)?.plus(&linear(a)?)?;
            }
            Some(acc)
        }
        _ => None,
    }
}

impl LinearForm {
    /// The least and greatest values over the model's declared domains.
    pub(super) fn bounds(&self, model: &Model) -> Option<(i128, i128)> {
        let (mut lo, mut hi) = (self.constant, self.constant);
        for (&v, &a) in &self.terms {
            let d = &model.variables.get(v)?.domain;
            let (x, y) = (i128::from(*d.iter().min()?), i128::from(*d.iter().max()?));
            lo = lo.checked_add(a.checked_mul(x)?.min(a.checked_mul(y)?))?;
            hi = hi.checked_add(a.checked_mul(x)?.max(a.checked_mul(y)?))?;
        }
        Some((lo, hi))
    }

    fn plus(mut self, o: &LinearForm) -> Option<LinearForm> {
        for (&v, &a) in &o.terms {
            let entry = self.terms.entry(v).or_insert(0);
            *entry = entry.checked_add(a)?;
        }
        self.terms.retain(|_, a| *a != 0);
        self.constant = self.constant.checked_add(o.constant)?;
        Some(self)
    }

    fn minus(self, o: &LinearForm) -> Option<LinearForm> {
        self.plus(&o.clone().negated()?)
    }

    fn negated(self) -> Option<LinearForm> {
        self.times(-1)
    }

    fn plus_constant(mut self, k: i128) -> Option<LinearForm> {
        self.constant = self.constant.checked_add(k)?;
        Some(self)
    }

    fn times(mut self, k: i128) -> Option<LinearForm> {
        for a in self.terms.values_mut() {
            *a = a.checked_mul(k)?;
        }
        self.terms.retain(|_, a| *a != 0);
        self.constant = self.constant.checked_mul(k)?;
        Some(self)
    }

    /// Coefficients as i64 and terms bounded well inside i128, so the engine's sums of
    /// bounds cannot overflow; None otherwise (the constraint is then tested). `domain`
    /// gives each variable's values.
    pub fn to_linear<'d>(
        &self,
        domain: impl Fn(usize) -> &'d [i64],
        relation: Relation,
    ) -> Option<Linear> {
        const LIMIT: i128 = 1 << 100;
        let mut total = self.constant.checked_abs()?;
        let mut terms = Vec::with_capacity(self.terms.len());
        for (&v, &a) in &self.terms {
            let d = domain(v);
            let big = d.iter().map(|x| i128::from(*x).abs()).max().unwrap_or(0);
            total = total.checked_add(a.checked_abs()?.checked_mul(big)?)?;
            terms.push((i64::try_from(a).ok()?, v));
        }
        (total < LIMIT).then_some(Linear {
            terms,
            constant: self.constant,
            relation,
        })
    }
}
