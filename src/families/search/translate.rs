//! The constraints given to the propagation engine: `distinct(...)` over variables becomes an
//! all-different propagator, a comparison of two linear sides (`+ - *` by numbers, `number(...)`,
//! `sum`) a linear one, each part of a top-level `and` on its own; any other constraint is
//! tested (and filters the last free variable's values) as a whole.

use super::model::Model;
use crate::engine::propagation::{AllDifferent, Linear, Propagator, Relation, Test};
use crate::expr::{BinOp, Expr, ExprKind};
use std::collections::BTreeMap;

pub struct Translation {
    pub propagators: Vec<Propagator>,
    /// Per propagator, the constraint instance it comes from (None: a distinct declaration).
    pub sources: Vec<Option<usize>>,
    /// The constraints (instances) left to testing, in order.
    pub tested: Vec<usize>,
}

/// A linear form: coefficient per variable, and a constant.
#[derive(Debug, Clone, Default)]
pub struct LinearForm {
    pub terms: BTreeMap<usize, i128>,
    pub constant: i128,
}

pub fn translate(model: &Model) -> Translation {
    let mut propagators = distinct_groups(model);
    let mut sources = vec![None; propagators.len()];
    let mut tested = Vec::new();
    for (c, e) in model.constraints.iter().enumerate() {
        let mut whole = true;
        for part in conjuncts(e) {
            match propagator(model, part) {
                Some(p) => {
                    propagators.push(p);
                    sources.push(Some(c));
                }
                None => whole = false,
            }
        }
        if !whole {
            let mut vars = Vec::new();
            variables(e, &mut vars);
            vars.sort_unstable();
            vars.dedup();
            propagators.push(Propagator::Test(Test { vars, id: c }));
            sources.push(Some(c));
            tested.push(c);
        }
    }
    Translation {
        propagators,
        sources,
        tested,
    }
}

/// The `distinct in` / `permutation of` declarations as all-different propagators.
fn distinct_groups(model: &Model) -> Vec<Propagator> {
    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (i, v) in model.variables.iter().enumerate() {
        if let Some(g) = v.group {
            groups.entry(g).or_default().push(i);
        }
    }
    groups
        .into_values()
        .filter(|vars| vars.len() > 1)
        .map(|vars| Propagator::AllDifferent(AllDifferent { vars }))
        .collect()
}

fn conjuncts(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Binary(BinOp::And, a, b) => {
            let mut v = conjuncts(a);
            v.extend(conjuncts(b));
            v
        }
        _ => vec![e],
    }
}

fn propagator(model: &Model, e: &Expr) -> Option<Propagator> {
    match &e.kind {
        ExprKind::Call(name, args) if name == "distinct" => {
            let mut vars: Vec<usize> = args
                .iter()
                .map(|a| match a.kind {
                    ExprKind::Var(v) => Some(v),
                    _ => None,
                })
                .collect::<Option<_>>()?;
            let n = vars.len();
            vars.sort_unstable();
            vars.dedup();
            // The same variable twice is never distinct: leave that to the test.
            (vars.len() == n).then_some(Propagator::AllDifferent(AllDifferent { vars }))
        }
        ExprKind::Binary(op, a, b) => comparison(model, *op, a, b, false),
        ExprKind::Not(inner) => match &inner.kind {
            ExprKind::Binary(op, a, b) => comparison(model, *op, a, b, true),
            _ => None,
        },
        _ => None,
    }
}

/// `a op b` (negated when `not`) as a linear propagator, if both sides are linear.
fn comparison(model: &Model, op: BinOp, a: &Expr, b: &Expr, not: bool) -> Option<Propagator> {
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
    Some(Propagator::Linear(form.to_linear(model, relation)?))
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
        ExprKind::Call(name, args) if name == "number" => {
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
    /// bounds cannot overflow; None otherwise (the constraint is then tested).
    pub fn to_linear(&self, model: &Model, relation: Relation) -> Option<Linear> {
        const LIMIT: i128 = 1 << 100;
        let mut total = self.constant.checked_abs()?;
        let mut terms = Vec::with_capacity(self.terms.len());
        for (&v, &a) in &self.terms {
            let d = &model.variables[v].domain;
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

pub fn variables(e: &Expr, out: &mut Vec<usize>) {
    match &e.kind {
        ExprKind::Var(v) => out.push(*v),
        ExprKind::Int(_) | ExprKind::Name(_) => {}
        ExprKind::Neg(a) | ExprKind::Not(a) => variables(a, out),
        ExprKind::Binary(_, a, b) => {
            variables(a, out);
            variables(b, out);
        }
        ExprKind::Call(_, args) => args.iter().for_each(|a| variables(a, out)),
    }
}
