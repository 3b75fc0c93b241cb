//! The constraints given to the propagation engine: `distinct(...)` over variables becomes an
//! all-different propagator, `table(...)` a table one, a comparison of two linear sides
//! (`+ - *` by numbers, `number(...)`, `sum`) a linear one, a boolean combination of such
//! comparisons clauses, each part of a top-level `and` on its own; an element (`cell[i]` with a
//! variable index) becomes a new variable and an element propagator. Any other constraint is
//! tested (and filters the last free variable's values) as a whole.

use super::clauses::cnf;
use super::elements::Added;
use super::linear_form::{Domains, linear};
use super::model::{Model, conjuncts};
use super::order::Order;
use crate::engine::propagation::{AllDifferent, Clause, Linear, Propagator, Table, Test};
use crate::expr::{Builtin, Expr, ExprKind};
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

pub fn translate(model: &Model, offset: i64) -> Translation {
    let known = Domains {
        model,
        offset,
        order: Order::of(model),
    };
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
    let order = Order::of(model);
    let mut out: Option<(i128, i128)> = None;
    for e in &model.constraints {
        for part in conjuncts(e) {
            let ExprKind::Call(Builtin::Distinct, args) = &part.kind else {
                continue;
            };
            for a in args.iter().filter(|a| !matches!(a.kind, ExprKind::Var(_))) {
                let Some(form) = linear(a) else { continue };
                let Some((lo, hi)) = form.bounds(model) else {
                    continue;
                };
                let lo = order
                    .floor(&form.terms, form.constant)
                    .map_or(lo, |least| lo.max(least));
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

pub fn variables(e: &Expr, out: &mut Vec<usize>) {
    if let ExprKind::Var(v) = e.kind {
        out.push(v);
    }
    e.for_each_child(&mut |c| variables(c, out));
}
