//! Why a domain changed or a propagator failed, as facts `x in S` that held at the time: what
//! conflict analysis resolves on. Explanations are built lazily, from the trail, only for the
//! changes an analysis reaches (Chuffed's way).
//!
//! Every propagator has the general explanation "the domains of everything it reads, as they
//! were": sound because a propagator's conclusion depends only on those domains, but specific,
//! so learned nogoods generalise little. Linear sums and all-different removals of fixed values
//! get the textbook ones: the other terms' bounds, the fixed members' values.

use super::nogoods::{NOGOOD, Nogoods};
use crate::engine::propagation::linear::{bounds_of, term_range};
use crate::engine::propagation::network::{Network, Propagator};
use crate::engine::propagation::store::{Bits, Store};
use crate::engine::propagation::{AllDifferent, Linear, Relation};

/// Facts, each a variable and a set of values.
pub type Facts = Vec<(u32, Bits)>;

/// Facts that held just before trail entry `e` and, with the change `e` made, put its variable
/// inside `want` (which its domain after `e` lies in). Not for decisions.
pub fn change(s: &Store, net: &Network, nogoods: &Nogoods, e: usize, want: Bits, out: &mut Facts) {
    let (x, old) = s.entry(e);
    let cause = s.cause_of(e);
    if cause & NOGOOD != 0 {
        // The nogood's other facts held; it made x's fact false (the facts may have been
        // reordered by the watches since, so x's is found by its variable).
        let mut own = 0;
        for &(v, set) in &nogoods.list[(cause & !NOGOOD) as usize].facts {
            if v as usize == x {
                own = set;
            } else {
                out.push((v, set));
            }
        }
        out.push((x as u32, want | own));
        return;
    }
    let p = cause as usize;
    let new = s.dom_before(x, e + 1);
    let done = match &net.propagators[p] {
        Propagator::Linear(l) if l.relation != Relation::Ne => linear_change(l, s, e, x, want, out),
        Propagator::AllDifferent(a) => fixed_values_removed(a, s, e, x, old & !new, want, out),
        _ => false,
    };
    if !done {
        everything_read(s, net.scope(p), Some(e), out);
    }
}

/// Facts that hold now and that propagator `p` cannot satisfy together.
pub fn failure(s: &Store, net: &Network, p: usize, out: &mut Facts) {
    let scope = net.scope(p);
    // A failure by emptying a domain is explained by the change that emptied it.
    let emptied = scope.iter().any(|&v| s.dom(v as usize) == 0);
    if let (Propagator::Linear(l), false) = (&net.propagators[p], emptied)
        && l.relation != Relation::Ne
        && linear_failure(l, s, out)
    {
        return;
    }
    everything_read(s, scope, None, out);
}

/// The domains of `scope` just before entry `e` (now, without one).
fn everything_read(s: &Store, scope: &[u32], e: Option<usize>, out: &mut Facts) {
    for &v in scope {
        let d = match e {
            Some(e) => s.dom_before(v as usize, e),
            None => s.dom(v as usize),
        };
        out.push((v, d));
    }
}

/// The bounds of the terms other than `x` before entry `e`, as [`Store::range_mask`] sees them.
fn bounds_before(s: &Store, l: &Linear, e: Option<usize>) -> Vec<(i64, usize, i64, i64)> {
    l.terms
        .iter()
        .map(|&(a, v)| {
            let d = match e {
                Some(e) => s.dom_before(v, e),
                None => s.dom(v),
            };
            let lo = s.value_of(d.trailing_zeros());
            let hi = s.value_of(127 - d.leading_zeros());
            (a, v, lo, hi)
        })
        .collect()
}

/// The least value of `a * x` for `x` in `lo..=hi` (`least`), or the greatest.
fn extreme(a: i64, lo: i64, hi: i64, least: bool) -> i128 {
    let (low, high) = bounds_of(a, lo, hi);
    if least { low } else { high }
}

/// The fact bounding term `(a, v)` on the side that gives its least value (`least`) or greatest.
fn bound_fact(s: &Store, a: i64, v: usize, lo: i64, hi: i64, least: bool) -> (u32, Bits) {
    let mask = if (a > 0) == least {
        s.range_mask(i128::from(lo), i128::MAX / 2)
    } else {
        s.range_mask(i128::MIN / 2, i128::from(hi))
    };
    (v as u32, mask)
}

/// `sum + c <= 0` (and `>= 0` for `==`): the other terms' least (greatest) values bound x.
fn linear_change(l: &Linear, s: &Store, e: usize, x: usize, want: Bits, out: &mut Facts) -> bool {
    let terms = bounds_before(s, l, Some(e));
    let Some(&(ax, ..)) = terms.iter().find(|t| t.1 == x) else {
        return false;
    };
    let others = |least: bool| -> i128 {
        l.constant
            + terms
                .iter()
                .filter(|t| t.1 != x)
                .map(|&(a, _, lo, hi)| extreme(a, lo, hi, least))
                .sum::<i128>()
    };
    // From below: a*x <= -(c + others' least); from above (==): a*x >= -(c + others' most).
    let below = values_where(s, ax, i128::MIN / 4, -others(true));
    let above = if l.relation == Relation::Eq {
        values_where(s, ax, -others(false), i128::MAX / 4)
    } else {
        Bits::MAX
    };
    let old = s.dom_before(x, e);
    let sides: &[(bool, Bits)] = if old & below & !want == 0 {
        &[(true, below)]
    } else if old & above & !want == 0 {
        &[(false, above)]
    } else if old & below & above & !want == 0 {
        &[(true, below), (false, above)]
    } else {
        return false;
    };
    let mut keep = Bits::MAX;
    for &(least, allowed) in sides {
        keep &= allowed;
        for &(a, v, lo, hi) in terms.iter().filter(|t| t.1 != x) {
            out.push(bound_fact(s, a, v, lo, hi, least));
        }
    }
    // x's own fact: whatever the sum allows and is not wanted was already gone.
    let own = want | !keep;
    if own != Bits::MAX {
        out.push((x as u32, own));
    }
    true
}

/// The values of x with `a * x` in `least..=most`, as bits.
fn values_where(s: &Store, a: i64, least: i128, most: i128) -> Bits {
    let (lo, hi) = term_range(a, least, most);
    s.range_mask(lo, hi)
}

/// The sum's bounds cannot reach 0: every term's bound on the failing side.
fn linear_failure(l: &Linear, s: &Store, out: &mut Facts) -> bool {
    let terms = bounds_before(s, l, None);
    let sum = |least: bool| -> i128 {
        l.constant
            + terms
                .iter()
                .map(|&(a, _, lo, hi)| extreme(a, lo, hi, least))
                .sum::<i128>()
    };
    let least = if sum(true) > 0 {
        true
    } else if l.relation == Relation::Eq && sum(false) < 0 {
        false
    } else {
        return false;
    };
    for &(a, v, lo, hi) in &terms {
        out.push(bound_fact(s, a, v, lo, hi, least));
    }
    true
}

/// Values `removed` from x are each the value of another member fixed before entry `e`.
fn fixed_values_removed(
    a: &AllDifferent,
    s: &Store,
    e: usize,
    x: usize,
    removed: Bits,
    want: Bits,
    out: &mut Facts,
) -> bool {
    let start = out.len();
    let mut rest = removed;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let holder = a
            .vars
            .iter()
            .find(|&&y| y != x && s.dom_before(y, e) == bit);
        match holder {
            Some(&y) => out.push((y as u32, bit)),
            None => {
                out.truncate(start);
                return false;
            }
        }
    }
    let own = want | removed;
    if own != Bits::MAX {
        out.push((x as u32, own));
    }
    true
}
