//! Constraints implied by a problem's own, added before the search: when the members of an
//! all-different are differences `d = x_b - x_a` (tied by linear equalities), a difference is
//! the sum of the differences along any path from `a` to `b`, all of them different. The
//! longest such path gives the strongest [`DistinctSum`]: a Golomb ruler's span from mark i to
//! mark j is the sum of the j - i gaps between them, so it is at least 1 + 2 + ... + (j - i),
//! and more as the small gaps are used up.

use super::network::Propagator;
use super::{DistinctSum, Linear, Relation};
use std::collections::{BTreeMap, HashSet};

/// `d = x_b - x_a` from a linear equality `d - x_b + x_a = 0` (or its negation) with `d` in
/// `group`: (a, b, d).
fn difference(l: &Linear, group: &HashSet<usize>) -> Option<(usize, usize, usize)> {
    if l.relation != Relation::Eq || l.constant != 0 || l.terms.len() != 3 {
        return None;
    }
    let (d_at, &(sign, d)) = l
        .terms
        .iter()
        .enumerate()
        .find(|(_, t)| group.contains(&t.1) && t.0.abs() == 1)?;
    let (mut a, mut b) = (None, None);
    for (i, &(c, v)) in l.terms.iter().enumerate() {
        if i == d_at || group.contains(&v) {
            continue;
        }
        // With d's coefficient made +1: d - x_b + x_a = 0.
        match c * sign {
            1 => a = Some(v),
            -1 => b = Some(v),
            _ => return None,
        }
    }
    Some((a?, b?, d))
}

/// The implied sums of every all-different group of differences in `props`, each with the
/// index of the all-different it comes from.
pub fn implied_sums(props: &[Propagator]) -> Vec<(usize, Propagator)> {
    let mut out = Vec::new();
    for (at, p) in props.iter().enumerate() {
        let Propagator::AllDifferent(g) = p else {
            continue;
        };
        let group: HashSet<usize> = g.vars.iter().copied().collect();
        let mut edges: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        for q in props {
            if let Propagator::Linear(l) = q
                && let Some((a, b, d)) = difference(l, &group)
            {
                edges.entry((a, b)).or_insert(d);
            }
        }
        let bounds = edges
            .iter()
            .flat_map(|(&(a, b), &d)| difference_bounds(props, a, b, d));
        out.extend(bounds.chain(path_sums(&edges)).map(|s| (at, s)));
    }
    out
}

/// `d = x_b - x_a` bounded by the problem's comparisons of `x_a` with `x_b` alone (`x_a < x_b`
/// makes it positive), which its equality, reading only the bounds of each, cannot see.
fn difference_bounds(props: &[Propagator], a: usize, b: usize, d: usize) -> Vec<Propagator> {
    let mut out = Vec::new();
    for p in props {
        let Propagator::Linear(l) = p else { continue };
        if l.relation != Relation::Le || l.terms.len() != 2 {
            continue;
        }
        let c = l.constant;
        let bound = match l.terms.as_slice() {
            // x_a - x_b + c <= 0: d >= c, written -d + c <= 0.
            [(1, x), (-1, y)] | [(-1, y), (1, x)] if (*x, *y) == (a, b) => (-1, c),
            // x_b - x_a + c <= 0: d + c <= 0.
            [(1, y), (-1, x)] | [(-1, x), (1, y)] if (*x, *y) == (a, b) => (1, c),
            _ => continue,
        };
        out.push(Propagator::Linear(Linear {
            terms: vec![(bound.0, d)],
            constant: bound.1,
            relation: Relation::Le,
        }));
    }
    out
}

/// For each edge (a, b) = d, the longest path of other edges from a to b (at least two), as
/// `d = sum(path)`; nothing when the edges hold a cycle.
fn path_sums(edges: &BTreeMap<(usize, usize), usize>) -> Vec<Propagator> {
    let Some(order) = topological(edges) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for &start in &order {
        // Longest path (in edges) from start to each node, with the edge taken last.
        let mut best: BTreeMap<usize, (usize, usize, usize)> = BTreeMap::new();
        let mut reached: HashSet<usize> = HashSet::from([start]);
        for &u in &order {
            if !reached.contains(&u) {
                continue;
            }
            let len = best.get(&u).map_or(0, |b| b.0);
            for (&(a, b), &d) in edges.range((u, 0)..=(u, usize::MAX)) {
                debug_assert_eq!(a, u);
                reached.insert(b);
                if best.get(&b).is_none_or(|x| x.0 < len + 1) {
                    best.insert(b, (len + 1, u, d));
                }
            }
        }
        for (&(a, b), &d) in edges.range((start, 0)..=(start, usize::MAX)) {
            debug_assert_eq!(a, start);
            let Some(&(len, _, _)) = best.get(&b) else {
                continue;
            };
            if len < 2 {
                continue;
            }
            let mut parts = Vec::with_capacity(len);
            let mut at = b;
            while at != start {
                let (_, from, e) = best[&at];
                parts.push(e);
                at = from;
            }
            out.push(Propagator::DistinctSum(DistinctSum { total: d, parts }));
        }
    }
    out
}

/// The nodes in an order where every edge goes forward, or None on a cycle.
fn topological(edges: &BTreeMap<(usize, usize), usize>) -> Option<Vec<usize>> {
    let mut indegree: BTreeMap<usize, usize> = BTreeMap::new();
    for &(a, b) in edges.keys() {
        indegree.entry(a).or_insert(0);
        *indegree.entry(b).or_insert(0) += 1;
    }
    let mut ready: Vec<usize> = indegree
        .iter()
        .filter(|e| *e.1 == 0)
        .map(|e| *e.0)
        .collect();
    let mut order = Vec::with_capacity(indegree.len());
    while let Some(u) = ready.pop() {
        order.push(u);
        for &(_, b) in edges.range((u, 0)..=(u, usize::MAX)).map(|e| e.0) {
            let k = indegree.get_mut(&b)?;
            *k -= 1;
            if *k == 0 {
                ready.push(b);
            }
        }
    }
    (order.len() == indegree.len()).then_some(order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::propagation::AllDifferent;

    /// Four marks 0..3 and the six differences d(i, j) = m_j - m_i as variables 4..9, all
    /// different: the span d(0, 3) is the sum of the three gaps, d(0, 2) and d(1, 3) of two.
    #[test]
    fn a_rulers_spans_are_sums_of_its_gaps() {
        let mut props = Vec::new();
        let mut d = BTreeMap::new();
        let mut next = 4;
        for i in 0..4 {
            for j in i + 1..4 {
                d.insert((i, j), next);
                props.push(Propagator::Linear(Linear {
                    terms: vec![(-1, next), (1, j), (-1, i)],
                    constant: 0,
                    relation: Relation::Eq,
                }));
                next += 1;
            }
        }
        props.push(Propagator::AllDifferent(AllDifferent {
            vars: d.values().copied().collect(),
        }));
        let mut found: Vec<(usize, Vec<usize>)> = implied_sums(&props)
            .into_iter()
            .map(|(_, p)| match p {
                Propagator::DistinctSum(s) => {
                    let mut parts = s.parts;
                    parts.sort_unstable();
                    (s.total, parts)
                }
                _ => panic!("only sums"),
            })
            .collect();
        found.sort();
        let gaps = vec![d[&(0, 1)], d[&(1, 2)], d[&(2, 3)]];
        let mut expected = vec![
            (d[&(0, 2)], vec![gaps[0], gaps[1]]),
            (d[&(1, 3)], vec![gaps[1], gaps[2]]),
            (d[&(0, 3)], gaps.clone()),
        ];
        expected.sort();
        assert_eq!(found, expected);
    }
}
