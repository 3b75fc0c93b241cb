//! One part of a propagation search split by the prefixes of its tree (`run --shard K/N`): the
//! first decisions (variable, value) are enumerated, one level more at a time, until there are
//! many more prefixes than shards; the prefixes, in depth-first order, are dealt in turn, and
//! this part searches the subtrees of its own ([`own_prefixes`]). The prefixes are found without the objective's
//! bound (which depends on the solutions a part finds), so every part lists the same ones.

use super::Tests;
use super::search::{
    Frame, Outcome, Problem, Walk, add_bound, choose, descend, frame, leaf, next_bit, next_branch,
};
use super::store::Bits;
use crate::engine::Progress;
use crate::engine::split::Shard;
use crate::engine::stop;
use std::time::Instant;

/// Prefixes per shard to aim for: enough that neighbouring subtrees' sizes average out.
const PREFIXES_PER_SHARD: usize = 32;

/// How the prefixes branch. Every part walks the whole tree above its prefixes, so the fewer
/// its inner nodes the cheaper a part: one value per branch makes it shallow, where halving
/// domains (`values = "split"`) doubles the nodes at each level (64 parts of the 4x4 magic
/// squares walked some 3,500 inner nodes each, as long as a part's own search). But only
/// branches as the search takes them keep a part's solutions in the unsplit run's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrefixBranches {
    /// As the search branches: the parts list their solutions in the unsplit run's order.
    AsSearched,
    /// One value per branch: for counts, where no order is kept.
    OneValue,
}

/// A path from the root: its decisions (variable, values kept), in order.
type Prefix = Vec<(usize, Bits)>;

/// As [`super::search`], over the subtrees of `shard`'s prefixes only.
pub fn search_part<T: Tests>(
    mut p: Problem,
    tests: &T,
    mut on_solution: impl FnMut(&[i64], Option<i128>) -> bool,
    progress: &Progress,
    shard: Shard,
    branching: PrefixBranches,
) -> Outcome {
    let start = Instant::now();
    let mut out = Outcome::default();
    let bound = add_bound(&mut p);
    let mut values = vec![0i64; p.store.len()];
    p.network.enqueue_all();
    if let Err(c) = p.network.fixpoint(&mut p.store, tests) {
        out.root_conflict = Some(c);
        out.elapsed = start.elapsed();
        return out;
    }
    let root = p.store.mark();
    let want = shard.count as usize * PREFIXES_PER_SHARD;
    let prefixes = own_prefixes(&mut p, tests, bound, want, (shard, branching));
    let mut walk = Walk {
        tests,
        bound,
        values: &mut values,
        progress,
        // A part's first frame is not the root: restarting there would lose its prefix.
        restarts: None,
        dive: None,
    };
    let mut stack: Vec<Frame> = Vec::new();
    for (slot, prefix) in &prefixes {
        out.part_starts.push((*slot, out.solutions));
        p.store.undo(root);
        out.nodes += 1;
        // The bound this part's own solutions set may rule a prefix out.
        if !replay(&mut p, tests, bound, prefix) {
            out.failures += 1;
            continue;
        }
        match choose(&p) {
            None => {
                out.solutions += 1;
                if !leaf(&mut p, bound, walk.values, &mut on_solution) {
                    out.stopped = true;
                }
            }
            Some(var) => {
                stack.push(frame(&p.store, var));
                walk.explore(&mut p, &mut stack, &mut on_solution, &mut out);
            }
        }
        if out.stopped || stop::requested().is_some() {
            break;
        }
    }
    out.elapsed = start.elapsed();
    out
}

/// Binds the prefix's decisions in order from the root; false on a conflict.
fn replay<T: Tests>(
    p: &mut Problem,
    tests: &T,
    bound: Option<usize>,
    decisions: &[(usize, Bits)],
) -> bool {
    decisions
        .iter()
        .all(|&(var, bit)| descend(p, tests, var, bit, bound))
}

/// Levels walked in full at most: each level binds a variable, and with two branches or more a
/// level doubles the nodes, so only a chain of forced choices comes near this.
const MOST_LEVELS: usize = 64;

/// This part's prefixes, in depth-first order, each with its slot. The tree is walked in full
/// down to the least depth whose nodes have at least `want` branches in all (or where no node
/// goes deeper); each of those branches, and each node above that is a solution, is a slot,
/// numbered in depth-first order and dealt in turn, and only this part's own branches are
/// taken. Every part walks the same levels, so all number the slots alike; but a part
/// propagates only its 1/N of the last level, where most of the prefix tree's nodes are (with
/// all of it walked by every part, 64 parts of 4x4 magic squares spent a fifth more than the
/// whole count).
fn own_prefixes<T: Tests>(
    p: &mut Problem,
    tests: &T,
    bound: Option<usize>,
    want: usize,
    (shard, branching): (Shard, PrefixBranches),
) -> Vec<(u64, Prefix)> {
    let root = p.store.mark();
    let mut walk = PrefixWalk {
        tests,
        bound,
        depth: 0,
        branching,
    };
    let mut own = Vec::new();
    loop {
        // Each depth's walk deals its slots as it goes: when the depth is the last, this
        // part's prefixes are already taken.
        own.clear();
        let (mut slot, mut open) = (0u64, false);
        walk.visit(p, &mut Vec::new(), &mut |p, path, var| {
            let Some(var) = var else {
                if shard.owns_turn(slot) {
                    own.push((slot, path.clone()));
                }
                slot += 1;
                return;
            };
            open = true;
            for bit in branches(p, var, branching) {
                let mark = p.store.mark();
                if shard.owns_turn(slot) && descend_unweighted(p, tests, var, bit, bound) {
                    let mut prefix = path.clone();
                    prefix.push((var, bit));
                    own.push((slot, prefix));
                }
                p.store.undo(mark);
                slot += 1;
            }
        });
        if slot as usize >= want || !open || walk.depth == MOST_LEVELS {
            break;
        }
        walk.depth += 1;
    }
    p.store.undo(root);
    own
}

/// [`descend`] without leaving a conflict's weight behind: a part propagates only its own
/// slots of the last level, so their conflicts must not steer the activity order (dom/wdeg) of
/// the deeper levels every part walks alike, or the parts would number different slots.
fn descend_unweighted<T: Tests>(
    p: &mut Problem,
    tests: &T,
    var: usize,
    bit: Bits,
    bound: Option<usize>,
) -> bool {
    let weights = p.network.weights.clone();
    let fits = descend(p, tests, var, bit, bound);
    if !fits {
        p.network.weights = weights;
    }
    fits
}

/// The branches of `var` at the current node, in the order the search takes them.
fn branches(p: &Problem, var: usize, branching: PrefixBranches) -> Vec<Bits> {
    let mut rest = p.store.dom(var);
    let mut out = Vec::new();
    while rest != 0 {
        let bit = match branching {
            PrefixBranches::AsSearched => next_branch(p, var, rest),
            PrefixBranches::OneValue => next_bit(rest, p.descending[var]),
        };
        rest &= !bit;
        out.push(bit);
    }
    out
}

/// A depth-first walk of the tree's first `depth` levels.
struct PrefixWalk<'t, T> {
    tests: &'t T,
    bound: Option<usize>,
    depth: usize,
    branching: PrefixBranches,
}

impl<T: Tests> PrefixWalk<'_, T> {
    /// Calls `leaf` at each node without a conflict that is `depth` decisions below the root,
    /// or above that depth a solution, in depth-first order, with the node's path and its next
    /// variable (None: a solution). Recursion is at most `depth` deep.
    fn visit(
        &self,
        p: &mut Problem,
        path: &mut Prefix,
        leaf: &mut impl FnMut(&mut Problem, &Prefix, Option<usize>),
    ) {
        let var = choose(p);
        let Some(var) = var.filter(|_| path.len() < self.depth) else {
            leaf(p, path, var);
            return;
        };
        let mark = p.store.mark();
        for bit in branches(p, var, self.branching) {
            if descend(p, self.tests, var, bit, self.bound) {
                path.push((var, bit));
                self.visit(p, path, leaf);
                path.pop();
            }
            p.store.undo(mark);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::propagation::search::tests::{Diagonals, queens_problem as queens};

    #[test]
    fn parts_list_every_solution_once() {
        for n in [1, 4, 6, 8] {
            for split in [false, true] {
                let problem = || {
                    let mut p = queens(n);
                    p.split = split;
                    p
                };
                let mut whole = Vec::new();
                super::super::search(
                    problem(),
                    &Diagonals(n),
                    |v, _| {
                        whole.push(v.to_vec());
                        true
                    },
                    &Progress::hidden(),
                );
                for branching in [PrefixBranches::AsSearched, PrefixBranches::OneValue] {
                    for count in [1, 3, 7, 64] {
                        let mut parts = Vec::new();
                        for k in 0..count {
                            let shard = Shard::new(k, count).unwrap();
                            let out = search_part(
                                problem(),
                                &Diagonals(n),
                                |v, _| {
                                    parts.push((k, v.to_vec()));
                                    true
                                },
                                &Progress::hidden(),
                                shard,
                                branching,
                            );
                            assert!(!out.stopped);
                        }
                        let mut found: Vec<_> = parts.into_iter().map(|(_, v)| v).collect();
                        found.sort();
                        let mut expected = whole.clone();
                        expected.sort();
                        let at = format!("n {n} split {split} {branching:?} N {count}");
                        assert_eq!(found, expected, "{at}");
                    }
                }
            }
        }
    }
}
