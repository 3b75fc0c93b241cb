//! The constraints given to the propagation engine: `distinct(...)` over variables becomes an
//! all-different propagator, `table(...)` a table one, a comparison of two linear sides
//! (`+ - *` by numbers, `number(...)`, `sum`) a linear one, a boolean combination of such
//! comparisons clauses, each part of a top-level `and` on its own; an element (`cell[i]` with a
//! variable index) becomes a new variable and an element propagator. Any other constraint is
//! tested (and filters the last free variable's values) as a whole.

use super::clauses::cnf;
use super::elements::Added;
use super::model::Model;
use crate::engine::propagation::{AllDifferent, Clause, Linear, Propagator, Relation, Table, Test};
use crate::expr::{BinOp, Builtin, Expr, ExprKind};
use std::collections::BTreeMap;

pub struct Translation {
    pub propagators: Vec<Propagator>,
    /// Per propagator, the constraint instance it comes from (None: a distinct declaration).
    pub sources: Vec<Option<usize>>,
    /// The constraints (instances) left to testing, in order.
    pub tested: Vec<usize>,
    /// The variables added after the model's (element values and positions), with domains.
    pub extra: Vec<Vec<i64>>,
}

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
}

impl Domains<'_> {
    pub fn domain(&self, v: usize) -> &[i64] {
        &self.model.variables[v].domain
    }
}

pub fn translate(model: &Model, offset: i64) -> Translation {
    let known = Domains { model, offset };
    let mut t = Translation {
        propagators: distinct_groups(model),
        sources: Vec::new(),
        tested: Vec::new(),
        extra: Vec::new(),
    };
    t.sources = vec![None; t.propagators.len()];
    for (c, e) in model.constraints.iter().enumerate() {
        let mut whole = true;
        for part in conjuncts(e) {
            let mut added = Added {
                known: &known,
                first: model.variables.len() + t.extra.len(),
                domains: Vec::new(),
                propagators: Vec::new(),
            };
            match propagators(&mut added, part) {
                Some(ps) => {
                    let props = added.propagators.into_iter().chain(ps);
                    for p in props {
                        t.propagators.push(p);
                        t.sources.push(Some(c));
                    }
                    t.extra.extend(added.domains);
                }
                None => whole = false,
            }
        }
        if !whole {
            let mut vars = Vec::new();
            variables(e, &mut vars);
            vars.sort_unstable();
            vars.dedup();
            t.propagators.push(Propagator::Test(Test { vars, id: c }));
            t.sources.push(Some(c));
            t.tested.push(c);
        }
    }
    t
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

/// The propagators of one conjunct (elements in it already rewritten by `added`), or None
/// when it must be tested.
fn propagators(added: &mut Added, e: &Expr) -> Option<Vec<Propagator>> {
    let e = added.rewrite(e)?;
    let vars_of = |args: &[Expr]| -> Option<Vec<usize>> {
        args.iter()
            .map(|a| match a.kind {
                ExprKind::Var(v) => Some(v),
                _ => None,
            })
            .collect()
    };
    match &e.kind {
        ExprKind::Call(Builtin::Distinct, args) => {
            // Differences and other linear terms get a variable each, tied to them.
            let mut vars = match vars_of(args) {
                Some(v) => v,
                None => args
                    .iter()
                    .map(|a| added.value_variable(a))
                    .collect::<Option<Vec<_>>>()?,
            };
            let n = vars.len();
            vars.sort_unstable();
            vars.dedup();
            // The same variable twice is never distinct: leave that to the test.
            (vars.len() == n).then(|| vec![Propagator::AllDifferent(AllDifferent { vars })])
        }
        ExprKind::Call(Builtin::Table, args) => {
            let k = match args[0].kind {
                ExprKind::Int(k) => usize::try_from(k).ok().filter(|&k| k > 0)?,
                _ => return None,
            };
            let vars = vars_of(args.get(1..=k)?)?;
            let numbers: Vec<i64> = args[k + 1..]
                .iter()
                .map(|a| match a.kind {
                    ExprKind::Int(x) => i64::try_from(x).ok(),
                    _ => None,
                })
                .collect::<Option<_>>()?;
            if !numbers.len().is_multiple_of(k) {
                return None;
            }
            let rows: Vec<Vec<i64>> = numbers.chunks(k).map(<[i64]>::to_vec).collect();
            let table = Table::new(vars, &rows, added.known.offset);
            Some(vec![Propagator::Table(table)])
        }
        _ => {
            let clauses = cnf(&e, true, &|v| added.domain(v))?;
            Some(clauses.into_iter().map(clause).collect())
        }
    }
}

/// The least and greatest values of the linear terms of `distinct(...)` constraints that are
/// not variables (`mark[j] - mark[i]`), from the declared domains: each gets a variable of its
/// own, which the engine's bit sets must hold too.
pub fn distinct_term_bounds(model: &Model) -> Option<(i128, i128)> {
    let mut out: Option<(i128, i128)> = None;
    for e in &model.constraints {
        for part in conjuncts(e) {
            let ExprKind::Call(Builtin::Distinct, args) = &part.kind else {
                continue;
            };
            for a in args.iter().filter(|a| !matches!(a.kind, ExprKind::Var(_))) {
                let Some((lo, hi)) = linear(a).and_then(|f| f.bounds(model)) else {
                    continue;
                };
                out = Some(out.map_or((lo, hi), |(l, h)| (l.min(lo), h.max(hi))));
            }
        }
    }
    out
}

/// One comparison is a linear propagator; more, a clause.
fn clause(mut literals: Vec<Linear>) -> Propagator {
    if literals.len() == 1 {
        Propagator::Linear(literals.remove(0))
    } else {
        Propagator::Clause(Clause { literals })
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
    fn bounds(&self, model: &Model) -> Option<(i128, i128)> {
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

pub fn variables(e: &Expr, out: &mut Vec<usize>) {
    match &e.kind {
        ExprKind::Var(v) => out.push(*v),
        ExprKind::Int(_) | ExprKind::Name(_) => {}
        ExprKind::Neg(a) | ExprKind::Not(a) => variables(a, out),
        ExprKind::Binary(_, a, b) => {
            variables(a, out);
            variables(b, out);
        }
        ExprKind::Call(_, args) | ExprKind::Apply(_, args) => {
            args.iter().for_each(|a| variables(a, out))
        }
    }
}
