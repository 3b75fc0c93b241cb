//! Depth-first search with propagation at every node, and branch and bound for an objective:
//! each solution found tightens a bound the later nodes must beat, so the last solution is the
//! optimum once the space is exhausted.

use super::network::{Network, Propagator};
use super::store::{Bits, Store};
use super::{Linear, Relation, Tests};
use crate::engine::Progress;
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// The variable with the fewest values left, the first declared on a tie.
    SmallestDomain,
    /// The variables in their declared order.
    Declared,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sense {
    Minimize,
    Maximize,
}

/// A linear objective `sum(a_i * x_i) + constant`.
pub struct Objective {
    pub terms: Vec<(i64, usize)>,
    pub constant: i128,
    pub sense: Sense,
}

pub struct Problem {
    pub store: Store,
    pub network: Network,
    /// Per variable: try its values from the largest down.
    pub descending: Vec<bool>,
    pub order: Order,
    pub objective: Option<Objective>,
}

#[derive(Debug, Clone, Copy, Default)]
pub struct Outcome {
    /// Values tried (search nodes).
    pub nodes: u64,
    /// Nodes where propagation found a conflict.
    pub failures: u64,
    pub solutions: u64,
    pub stopped: bool,
    /// Propagation before any search found the problem has no solution, in this propagator.
    pub root_conflict: Option<usize>,
    pub elapsed: Duration,
}

pub(super) struct Frame {
    var: usize,
    rest: Bits,
    mark: usize,
}

/// Calls `on_solution(values, objective value)` for each solution (with an objective, each
/// better than the last); it returns false to stop.
pub fn search<T: Tests>(
    mut p: Problem,
    tests: &T,
    mut on_solution: impl FnMut(&[i64], Option<i128>) -> bool,
    progress: &Progress,
) -> Outcome {
    let start = Instant::now();
    let mut out = Outcome::default();
    let bound = add_bound(&mut p);
    let n = p.store.len();
    let mut values = vec![0i64; n];
    p.network.enqueue_all();
    if let Err(c) = p.network.fixpoint(&mut p.store, tests) {
        out.root_conflict = Some(c);
        out.elapsed = start.elapsed();
        return out;
    }
    let mut stack: Vec<Frame> = Vec::with_capacity(n + 1);
    match choose(&p) {
        None => {
            out.solutions = 1;
            fill(&p.store, &mut values);
            out.stopped = !on_solution(&values, objective_value(&p, bound));
        }
        Some(var) => stack.push(frame(&p.store, var)),
    }
    let mut walk = Walk {
        tests,
        bound,
        values: &mut values,
        progress,
    };
    walk.explore(&mut p, &mut stack, &mut on_solution, &mut out);
    out.elapsed = start.elapsed();
    out
}

/// What a depth-first walk of the tree needs besides the problem and its stack.
pub(super) struct Walk<'a, T> {
    pub tests: &'a T,
    pub bound: Option<usize>,
    pub values: &'a mut [i64],
    pub progress: &'a Progress,
}

impl<T: Tests> Walk<'_, T> {
    /// Searches the subtrees of the frames on `stack` to the end (or a stop); solutions go to
    /// `on_solution`, counts to `out`.
    pub(super) fn explore(
        &mut self,
        p: &mut Problem,
        stack: &mut Vec<Frame>,
        on_solution: &mut impl FnMut(&[i64], Option<i128>) -> bool,
        out: &mut Outcome,
    ) {
        while let Some(top) = stack.last_mut() {
            p.store.undo(top.mark);
            if top.rest == 0 {
                stack.pop();
                continue;
            }
            let bit = next_bit(top.rest, p.descending[top.var]);
            top.rest &= !bit;
            let var = top.var;
            out.nodes += 1;
            if out.nodes & 0xF_FFFF == 0 {
                let nodes = out.nodes;
                self.progress.message(|| format!("{nodes} nodes"));
            }
            if crate::engine::stop::poll(out.nodes as usize) {
                break; // the caller marks the report as stopped
            }
            if !descend(p, self.tests, var, bit, self.bound) {
                out.failures += 1;
                continue;
            }
            match choose(p) {
                Some(next) => stack.push(frame(&p.store, next)),
                None => {
                    out.solutions += 1;
                    if !leaf(p, self.bound, self.values, on_solution) {
                        out.stopped = true;
                        break;
                    }
                }
            }
        }
    }
}

/// Binds `var` to the value of `bit` and propagates; false on a conflict.
pub(super) fn descend<T: Tests>(
    p: &mut Problem,
    tests: &T,
    var: usize,
    bit: Bits,
    bound: Option<usize>,
) -> bool {
    p.store.restrict(var, bit);
    if let Some(b) = bound {
        p.network.enqueue(b);
    }
    p.network.fixpoint(&mut p.store, tests).is_ok()
}

/// A solution: tightens the objective's bound and hands it over; false to stop.
pub(super) fn leaf(
    p: &mut Problem,
    bound: Option<usize>,
    values: &mut [i64],
    on_solution: &mut impl FnMut(&[i64], Option<i128>) -> bool,
) -> bool {
    fill(&p.store, values);
    let value = objective_value(p, bound);
    if let (Some(b), Some(v)) = (bound, value) {
        tighten(p, b, v);
    }
    on_solution(values, value)
}

pub(super) fn frame(s: &Store, var: usize) -> Frame {
    Frame {
        var,
        rest: s.dom(var),
        mark: s.mark(),
    }
}

pub(super) fn next_bit(rest: Bits, descending: bool) -> Bits {
    if descending {
        1 << (127 - rest.leading_zeros())
    } else {
        rest & rest.wrapping_neg()
    }
}

/// The next variable to bind, or None when all are fixed.
pub(super) fn choose(p: &Problem) -> Option<usize> {
    let s = &p.store;
    match p.order {
        Order::Declared => (0..s.len()).find(|&v| !s.is_fixed(v)),
        Order::SmallestDomain => {
            let mut best: Option<(u32, usize)> = None;
            for v in 0..s.len() {
                let size = s.size(v);
                if size > 1 && best.is_none_or(|(b, _)| size < b) {
                    best = Some((size, v));
                    if size == 2 {
                        break;
                    }
                }
            }
            best.map(|(_, v)| v)
        }
    }
}

pub(super) fn fill(s: &Store, values: &mut [i64]) {
    for (v, x) in values.iter_mut().enumerate() {
        *x = s.min(v);
    }
}

/// Adds the objective's bound as a linear propagator that allows everything until the first
/// solution; its index.
pub(super) fn add_bound(p: &mut Problem) -> Option<usize> {
    let o = p.objective.as_ref()?;
    let sign = match o.sense {
        Sense::Maximize => -1,
        Sense::Minimize => 1,
    };
    let bound = Linear {
        terms: o.terms.iter().map(|&(a, v)| (sign * a, v)).collect(),
        constant: i128::MIN / 4,
        relation: Relation::Le,
    };
    let props = std::mem::take(&mut p.network.propagators);
    let mut props: Vec<Propagator> = props;
    props.push(Propagator::Linear(bound));
    let index = props.len() - 1;
    p.network = Network::new(p.store.len(), props);
    Some(index)
}

pub(super) fn objective_value(p: &Problem, bound: Option<usize>) -> Option<i128> {
    let o = p.objective.as_ref()?;
    bound?;
    let sum: i128 = o
        .terms
        .iter()
        .map(|&(a, v)| i128::from(a) * i128::from(p.store.min(v)))
        .sum();
    Some(sum + o.constant)
}

/// From now on, only a strictly better objective value is a solution.
fn tighten(p: &mut Problem, b: usize, value: i128) {
    let Some(o) = &p.objective else { return };
    let constant = match o.sense {
        // -(sum) - k + value + 1 <= 0, i.e. objective >= value + 1.
        Sense::Maximize => value + 1 - o.constant,
        // sum + k - value + 1 <= 0, i.e. objective <= value - 1.
        Sense::Minimize => o.constant - value + 1,
    };
    if let Propagator::Linear(l) = &mut p.network.propagators[b] {
        l.constant = constant;
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::engine::propagation::{AllDifferent, Test};

    /// Queens: test `id` says queens `id / n` and `id % n` do not share a diagonal.
    pub(crate) struct Diagonals(pub usize);

    impl Tests for Diagonals {
        fn holds(&self, id: usize, env: &[i64]) -> bool {
            let (i, j) = (id / self.0, id % self.0);
            (env[i] - env[j]).abs() != (j - i) as i64
        }
    }

    /// N queens, one variable a row: all different, the diagonals tested by [`Diagonals`].
    pub(crate) fn queens_problem(n: usize) -> Problem {
        let mut props = vec![Propagator::AllDifferent(AllDifferent {
            vars: (0..n).collect(),
        })];
        for i in 0..n {
            for j in i + 1..n {
                props.push(Propagator::Test(Test {
                    vars: vec![i, j],
                    id: i * n + j,
                }));
            }
        }
        Problem {
            store: Store::new(0, vec![(1u128 << n) - 1; n]),
            network: Network::new(n, props),
            descending: vec![false; n],
            order: Order::SmallestDomain,
            objective: None,
        }
    }

    fn queens(n: usize) -> u64 {
        search(
            queens_problem(n),
            &Diagonals(n),
            |_, _| true,
            &Progress::hidden(),
        )
        .solutions
    }

    #[test]
    fn counts_queens() {
        // OEIS A000170.
        let counts: Vec<u64> = (1..=8).map(queens).collect();
        assert_eq!(counts, vec![1, 0, 0, 2, 10, 4, 40, 92]);
    }

    struct NoTests;
    impl Tests for NoTests {
        fn holds(&self, _: usize, _: &[i64]) -> bool {
            true
        }
    }

    #[test]
    fn branch_and_bound_maximises() {
        // x + y <= 10, x, y in 0..9, x - y != 0: the largest 3x + y is 27 + 1 = 28 (x 9, y 1).
        let props = vec![
            Propagator::Linear(Linear {
                terms: vec![(1, 0), (1, 1)],
                constant: -10,
                relation: Relation::Le,
            }),
            Propagator::Linear(Linear {
                terms: vec![(1, 0), (-1, 1)],
                constant: 0,
                relation: Relation::Ne,
            }),
        ];
        let p = Problem {
            store: Store::new(0, vec![0x3FF; 2]),
            network: Network::new(2, props),
            descending: vec![false; 2],
            order: Order::SmallestDomain,
            objective: Some(Objective {
                terms: vec![(3, 0), (1, 1)],
                constant: 0,
                sense: Sense::Maximize,
            }),
        };
        let mut last = None;
        let out = search(
            p,
            &NoTests,
            |v, value| {
                last = Some((v.to_vec(), value));
                true
            },
            &Progress::hidden(),
        );
        assert_eq!(last, Some((vec![9, 1], Some(28))));
        assert!(out.solutions >= 1);
    }
}
