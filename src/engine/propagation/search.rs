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
    /// The fewest values left per unit of weight (dom/wdeg): each conflict adds one to the
    /// weight of every variable of the propagator that found it, so the search turns to the
    /// variables that keep failing.
    Activity,
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
    /// Each branch halves the values left (the lower half first, the upper when descending)
    /// rather than trying one value at a time.
    pub split: bool,
    /// Start again from the root after a growing number of conflicts (Luby's sequence), keeping
    /// the objective's bound and the conflict weights: only for optimisation and one-solution
    /// runs (a count would find its solutions again).
    pub restarts: bool,
    /// With an objective: look for a first solution in the declared order, one value at a time
    /// (greedy: a Golomb ruler's marks from the left), for at most [`Dive::FAILURES`]
    /// conflicts, then start again from the root in `order` with that solution's bound.
    /// Unsplit searches only.
    pub dive: bool,
    pub objective: Option<Objective>,
}

#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// Values tried (search nodes).
    pub nodes: u64,
    /// Nodes where propagation found a conflict.
    pub failures: u64,
    pub solutions: u64,
    pub stopped: bool,
    /// A stop request (time limit, Ctrl-C, memory) ended the walk before the tree was searched.
    pub cut_short: bool,
    /// With an objective, when [`search`] was cut short: the best objective value any solution
    /// can have, proved (for a minimum, no solution is below it): the best found so far, or the
    /// best that a subtree left open can still reach after propagation if that is better.
    /// None when nothing was found and no open subtree survives propagation.
    pub proven_bound: Option<i128>,
    /// Propagation before any search found the problem has no solution, in this propagator.
    pub root_conflict: Option<usize>,
    pub elapsed: Duration,
    /// A part of a split search ([`super::search_part`]): for each of its prefixes in turn, its
    /// number in the whole search's order and the solutions found before it.
    pub part_starts: Vec<(u64, u64)>,
    /// Nogoods learned from conflicts (a learning search only), forgotten again as the least
    /// active when there were too many, and kept at the end.
    pub learned: u64,
    pub forgotten: u64,
    pub learned_kept: u64,
}

impl Outcome {
    /// The number of the prefix (in the whole search's order) below which the `i`-th solution
    /// of this part was found; 0 outside a split search.
    pub fn slot_of(&self, i: u64) -> u64 {
        let after = self.part_starts.partition_point(|&(_, before)| before <= i);
        after.checked_sub(1).map_or(0, |k| self.part_starts[k].0)
    }
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
    let dive = (p.dive && p.objective.is_some()).then(|| Dive::start(&mut p));
    match choose(&p) {
        None => {
            out.solutions = 1;
            fill(&p.store, &mut values);
            out.stopped = !on_solution(&values, objective_value(&p, bound));
        }
        Some(var) => stack.push(frame(&p.store, var)),
    }
    // Each solution with an objective beats the last one, so the last value is the best.
    let mut best = None;
    let mut on_solution = |v: &[i64], value: Option<i128>| {
        best = value.or(best);
        on_solution(v, value)
    };
    let mut walk = Walk {
        tests,
        bound,
        values: &mut values,
        progress,
        restarts: p.restarts.then(Restarts::default),
        dive,
    };
    walk.explore(&mut p, &mut stack, &mut on_solution, &mut out);
    if out.cut_short && p.objective.is_some() {
        let open = open_bound(&mut p, &stack, tests, bound);
        out.proven_bound = better_of(&p, open, best);
    }
    out.elapsed = start.elapsed();
    out
}

/// The best objective value the subtrees left open on `stack` can still reach: each frame's
/// untried values, propagated from the frame's state (the objective's bound included), give
/// the objective its most optimistic value over the domains left. None when every one fails.
fn open_bound<T: Tests>(
    p: &mut Problem,
    stack: &[Frame],
    tests: &T,
    bound: Option<usize>,
) -> Option<i128> {
    let mut open = None;
    // The deepest frame first: undoing to a frame's mark goes back up the tree.
    for f in stack.iter().rev() {
        p.store.undo(f.mark);
        if f.rest != 0 && descend(p, tests, f.var, f.rest, bound) {
            open = better_of(p, optimistic(p), open);
        }
        p.store.undo(f.mark);
    }
    open
}

/// The objective's best value over the current domains (least for a minimum).
pub(super) fn optimistic(p: &Problem) -> Option<i128> {
    let o = p.objective.as_ref()?;
    let s = &p.store;
    let sum: i128 = o
        .terms
        .iter()
        .map(|&(a, v)| {
            let low = (a > 0) == (o.sense == Sense::Minimize);
            i128::from(a) * i128::from(if low { s.min(v) } else { s.max(v) })
        })
        .sum();
    Some(sum + o.constant)
}

/// The better of two objective values for the problem's sense (either may be missing).
pub(super) fn better_of(p: &Problem, a: Option<i128>, b: Option<i128>) -> Option<i128> {
    let minimize = p.objective.as_ref()?.sense == Sense::Minimize;
    match (a, b) {
        (Some(x), Some(y)) => Some(if minimize { x.min(y) } else { x.max(y) }),
        (x, y) => x.or(y),
    }
}

/// What a depth-first walk of the tree needs besides the problem and its stack.
pub(super) struct Walk<'a, T> {
    pub tests: &'a T,
    pub bound: Option<usize>,
    pub values: &'a mut [i64],
    pub progress: &'a Progress,
    /// The restart schedule, when the search restarts.
    pub restarts: Option<Restarts>,
    /// While diving for a first solution ([`Problem::dive`]).
    pub dive: Option<Dive>,
}

/// A dive for a first solution: the problem's own order and split, put back when it ends, and
/// the conflicts it may still meet.
#[derive(Debug)]
pub(super) struct Dive {
    order: Order,
    split: bool,
    failures_left: u64,
}

impl Dive {
    /// Conflicts a dive may meet before the search starts again in its own order: Golomb 11's
    /// first ruler takes about 300 nodes declared and none in 100,000 by fewest values first.
    const FAILURES: u64 = 1_000;

    /// Switches `p` to the declared order, one value at a time.
    fn start(p: &mut Problem) -> Dive {
        let dive = Dive {
            order: p.order,
            split: p.split,
            failures_left: Self::FAILURES,
        };
        p.order = Order::Declared;
        p.split = false;
        dive
    }
}

/// Conflicts allowed before the next restart: `SCALE` times Luby's sequence 1 1 2 1 1 2 4 ...
#[derive(Debug, Default)]
pub(super) struct Restarts {
    done: u64,
    failures: u64,
}

impl Restarts {
    /// Conflicts per unit of Luby's sequence (Chuffed's and MiniSat's choice).
    const SCALE: u64 = 100;

    /// Counts a conflict; true when it is time to restart.
    pub(super) fn failed(&mut self) -> bool {
        self.failures += 1;
        if self.failures < Self::SCALE * luby(self.done + 1) {
            return false;
        }
        self.done += 1;
        self.failures = 0;
        true
    }
}

/// Luby, Sinclair and Zuckerman's universal sequence (1993), from `i` = 1: 1 1 2 1 1 2 4 1 ...
pub(super) fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
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
            // A node of a large model costs up to a millisecond (Golomb 11 at load 8: 6,000 a
            // second), so the request is looked at every 64 nodes, not stop::poll's 4,096; the
            // branch not taken stays in the frame, open for the bound of what is left.
            if out.nodes & 63 == 63 && crate::engine::stop::requested().is_some() {
                out.cut_short = true;
                break; // the caller marks the report as stopped
            }
            let bit = next_branch(p, top.var, top.rest);
            top.rest &= !bit;
            let var = top.var;
            out.nodes += 1;
            if out.nodes & 0xF_FFFF == 0 {
                let nodes = out.nodes;
                self.progress.message(|| format!("{nodes} nodes"));
            }
            if !descend(p, self.tests, var, bit, self.bound) {
                out.failures += 1;
                if let Some(d) = &mut self.dive {
                    d.failures_left -= 1;
                    if d.failures_left == 0 {
                        self.end_dive(p, stack, on_solution, out);
                    }
                } else if self.restarts.as_mut().is_some_and(Restarts::failed) {
                    self.restart(p, stack, on_solution, out);
                }
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
                    if self.dive.is_some() {
                        self.end_dive(p, stack, on_solution, out);
                    }
                }
            }
        }
    }
}

impl<T: Tests> Walk<'_, T> {
    /// The dive is over (a solution, or its conflicts spent): the problem's own order and
    /// split from the root again, with the bound the dive found.
    fn end_dive(
        &mut self,
        p: &mut Problem,
        stack: &mut Vec<Frame>,
        on_solution: &mut impl FnMut(&[i64], Option<i128>) -> bool,
        out: &mut Outcome,
    ) {
        if let Some(d) = self.dive.take() {
            p.order = d.order;
            p.split = d.split;
            self.restart(p, stack, on_solution, out);
        }
    }

    /// Back to the root (the first frame's mark), the objective's bound propagated there, and a
    /// fresh first choice; an empty stack when the bound leaves nothing (the search is over).
    fn restart(
        &mut self,
        p: &mut Problem,
        stack: &mut Vec<Frame>,
        on_solution: &mut impl FnMut(&[i64], Option<i128>) -> bool,
        out: &mut Outcome,
    ) {
        let Some(root) = stack.first().map(|f| f.mark) else {
            return;
        };
        stack.clear();
        p.store.undo(root);
        if let Some(b) = self.bound {
            p.network.enqueue(b);
        }
        if p.network.fixpoint(&mut p.store, self.tests).is_err() {
            return;
        }
        match choose(p) {
            Some(next) => stack.push(frame(&p.store, next)),
            None => {
                out.solutions += 1;
                out.stopped = !leaf(p, self.bound, self.values, on_solution);
            }
        }
    }
}

/// The values the next branch on `var` keeps, out of `rest`: one value, or with
/// [`Problem::split`] half the domain at the frame's first branch and the rest at its second.
pub(super) fn next_branch(p: &Problem, var: usize, rest: Bits) -> Bits {
    let descending = p.descending[var];
    let k = rest.count_ones();
    if !p.split || k <= 2 || rest != p.store.dom(var) {
        return if p.split && rest != p.store.dom(var) {
            rest
        } else {
            next_bit(rest, descending)
        };
    }
    // The lowest k / 2 values (or the highest, descending).
    let take = if descending { k - k / 2 } else { k / 2 };
    let mut upper = rest;
    for _ in 0..take {
        upper &= upper - 1;
    }
    if descending { upper } else { rest & !upper }
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
    match p.network.fixpoint(&mut p.store, tests) {
        Ok(()) => true,
        Err(c) => {
            if p.order == Order::Activity {
                p.network.bump(c);
            }
            false
        }
    }
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
        Order::Activity => {
            let w = &p.network.weights;
            let mut best: Option<(u64, u64, usize)> = None;
            for (v, &wv) in w.iter().enumerate() {
                let size = u64::from(s.size(v));
                // size / wv < best size / best weight, without division.
                if size > 1 && best.is_none_or(|(bs, bw, _)| size * bw < bs * wv) {
                    best = Some((size, wv, v));
                }
            }
            best.map(|(_, _, v)| v)
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
pub(super) fn tighten(p: &mut Problem, b: usize, value: i128) {
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
            split: false,
            restarts: false,
            dive: false,
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
    fn luby_sequence() {
        // Luby, Sinclair and Zuckerman (1993): 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8.
        let seq: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(seq, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    /// Every N-queens solution by brute force over all permutations' rows (no search engine).
    fn queens_brute(n: usize) -> u64 {
        fn place(n: usize, rows: &mut Vec<i64>) -> u64 {
            if rows.len() == n {
                return 1;
            }
            let k = rows.len() as i64;
            let mut found = 0;
            for c in 0..n as i64 {
                let free = rows
                    .iter()
                    .enumerate()
                    .all(|(i, &r)| r != c && (r - c).abs() != k - i as i64);
                if free {
                    rows.push(c);
                    found += place(n, rows);
                    rows.pop();
                }
            }
            found
        }
        place(n, &mut Vec::new())
    }

    #[test]
    fn every_order_and_split_count_the_same() {
        for (order, split) in [
            (Order::Declared, true),
            (Order::Activity, false),
            (Order::Activity, true),
            (Order::SmallestDomain, true),
        ] {
            for n in 1..=8 {
                let mut p = queens_problem(n);
                p.order = order;
                p.split = split;
                let out = search(p, &Diagonals(n), |_, _| true, &Progress::hidden());
                assert_eq!(
                    out.solutions,
                    queens_brute(n),
                    "{order:?} split {split} n {n}"
                );
            }
        }
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
        for (order, split, restarts) in [
            (Order::SmallestDomain, false, false),
            (Order::Activity, true, true),
            (Order::Declared, true, false),
        ] {
            maximise_with(order, split, restarts);
        }
    }

    /// The activity order with restarts and split values keeps the optimum: checked against
    /// the best of every (first row, last row) pair tried one by one.
    #[test]
    fn restarts_keep_the_optimum() {
        // Queens on 8 rows, maximise 8 * row0 + row7 under restarts: brute force gives it.
        let mut best = i64::MIN;
        for a in 0..8i64 {
            for b in 0..8i64 {
                let mut p = queens_problem(8);
                p.store = Store::new(0, {
                    let mut d = vec![0xFFu128; 8];
                    d[0] = 1 << a;
                    d[7] = 1 << b;
                    d
                });
                let found = search(p, &Diagonals(8), |_, _| false, &Progress::hidden());
                if found.solutions > 0 {
                    best = best.max(8 * a + b);
                }
            }
        }
        let mut p = queens_problem(8);
        p.order = Order::Activity;
        p.restarts = true;
        p.dive = true;
        p.split = true;
        p.objective = Some(Objective {
            terms: vec![(8, 0), (1, 7)],
            constant: 0,
            sense: Sense::Maximize,
        });
        let mut last = None;
        search(
            p,
            &Diagonals(8),
            |_, v| {
                last = v;
                true
            },
            &Progress::hidden(),
        );
        assert_eq!(last, Some(i128::from(best)));
    }

    fn maximise_with(order: Order, split: bool, restarts: bool) {
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
            order,
            split,
            restarts,
            dive: order == Order::SmallestDomain,
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
