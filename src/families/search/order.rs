//! The orders the constraints impose between variables (`mark[i] < mark[i + 1]` for every i):
//! the least value each difference of two ordered variables can take, through chains of them.
//! A difference inside `distinct(...)` then gets a domain from that value up: a Golomb ruler's
//! differences are 1..L rather than -L..L, which keeps ten marks' differences inside the
//! propagation engine's bit sets, so they are propagated rather than tested.

use super::model::{Model, conjuncts};
use crate::expr::{BinOp, Expr, ExprKind};
use std::collections::BTreeMap;

/// More ordered variables than this are left out: the closure is cubic in them.
const MOST: usize = 256;

/// `least[i][j]`: the least value of `vars[j] - vars[i]` the order constraints allow.
#[derive(Debug, Default)]
pub struct Order {
    vars: Vec<usize>,
    least: Vec<Vec<Option<i128>>>,
}

impl Order {
    /// The orders among the model's variables, from the comparisons of two variables that are
    /// whole constraints or conjuncts of one (each must hold in every solution).
    pub fn of(model: &Model) -> Order {
        let edges: Vec<(usize, usize, i128)> = model
            .constraints
            .iter()
            .flat_map(conjuncts)
            .filter_map(edge)
            .collect();
        let mut vars: Vec<usize> = edges.iter().flat_map(|&(a, b, _)| [a, b]).collect();
        vars.sort_unstable();
        vars.dedup();
        if vars.is_empty() || vars.len() > MOST {
            return Order::default();
        }
        let at = |v: usize| vars.binary_search(&v).unwrap_or(0);
        let mut least = vec![vec![None; vars.len()]; vars.len()];
        for &(a, b, w) in &edges {
            let slot: &mut Option<i128> = &mut least[at(a)][at(b)];
            *slot = Some(slot.map_or(w, |x| x.max(w)));
        }
        close(&mut least);
        // A cycle that must grow (a < b < a) has no solution: the search finds that itself.
        if (0..vars.len()).any(|i| least[i][i].is_some_and(|d| d > 0)) {
            return Order::default();
        }
        Order { vars, least }
    }

    /// The least value of a linear form (its `terms`, coefficient by variable, plus
    /// `constant`) when it is one variable minus another plus the constant, the two ordered.
    pub fn floor(&self, terms: &BTreeMap<usize, i128>, constant: i128) -> Option<i128> {
        let mut terms = terms.iter();
        let (Some((&p, &ap)), Some((&q, &aq)), None) = (terms.next(), terms.next(), terms.next())
        else {
            return None;
        };
        let (plus, minus) = match (ap, aq) {
            (1, -1) => (p, q),
            (-1, 1) => (q, p),
            _ => return None,
        };
        let (i, j) = (self.index(minus)?, self.index(plus)?);
        constant.checked_add(self.least[i][j]?)
    }

    fn index(&self, v: usize) -> Option<usize> {
        self.vars.binary_search(&v).ok()
    }
}

/// `x < y` as (x, y, 1): y - x is at least 1; `<=` at least 0; `>` and `>=` turned round.
fn edge(e: &Expr) -> Option<(usize, usize, i128)> {
    let ExprKind::Binary(op, l, r) = &e.kind else {
        return None;
    };
    let (ExprKind::Var(x), ExprKind::Var(y)) = (&l.kind, &r.kind) else {
        return None;
    };
    match op {
        BinOp::Lt => Some((*x, *y, 1)),
        BinOp::Le => Some((*x, *y, 0)),
        BinOp::Gt => Some((*y, *x, 1)),
        BinOp::Ge => Some((*y, *x, 0)),
        _ => None,
    }
}

/// The longest chains (max-plus Floyd-Warshall), capped so that a growing cycle stays finite.
fn close(least: &mut [Vec<Option<i128>>]) {
    let n = least.len();
    let cap = n as i128 + 1;
    for k in 0..n {
        // Row k as it stands when chains through k are added: it changes in this round only
        // through a cycle at k, which either adds nothing (d[k][k] <= 0) or makes the whole
        // order contradictory, when it is dropped.
        let row_k = least[k].clone();
        for row in least.iter_mut() {
            let Some(ik) = row[k] else { continue };
            for (slot, kj) in row.iter_mut().zip(&row_k) {
                if let Some(kj) = kj {
                    let through = (ik + kj).min(cap * cap);
                    if slot.is_none_or(|d| through > d) {
                        *slot = Some(through);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chain a < b <= c < d: d - a is at least 2, c - a at least 1, a - d has no floor.
    #[test]
    fn chains_add_up() {
        let mut least = vec![vec![None; 4]; 4];
        least[0][1] = Some(1);
        least[1][2] = Some(0);
        least[2][3] = Some(1);
        close(&mut least);
        assert_eq!(least[0][3], Some(2));
        assert_eq!(least[0][2], Some(1));
        assert_eq!(least[3][0], None);
        let order = Order {
            vars: vec![4, 5, 6, 7],
            least,
        };
        let terms = |plus: usize, minus: usize| BTreeMap::from([(plus, 1), (minus, -1)]);
        assert_eq!(order.floor(&terms(7, 4), 3), Some(5));
        assert_eq!(order.floor(&terms(4, 7), 0), None);
        assert_eq!(order.floor(&terms(9, 4), 0), None);
    }
}
