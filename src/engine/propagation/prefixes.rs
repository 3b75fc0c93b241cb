//! One part of a propagation search split by the prefixes of its tree (`run --shard K/N`): the
//! first decisions (variable, value) are enumerated, one level more at a time, until there are
//! many more prefixes than shards; the prefixes, in depth-first order, are dealt in turn, and
//! this part searches the subtrees of its own. The prefixes are found without the objective's
//! bound (which depends on the solutions a part finds), so every part lists the same ones.

use super::Tests;
use super::search::{
    Frame, Outcome, Problem, Walk, add_bound, choose, descend, frame, leaf, next_branch,
};
use super::store::Bits;
use crate::engine::Progress;
use crate::engine::split::Shard;
use crate::engine::stop;
use std::time::Instant;

/// Prefixes per shard to aim for: enough that neighbouring subtrees' sizes average out.
const PREFIXES_PER_SHARD: usize = 32;

/// A path from the root: its decisions, and whether it may go deeper (false: a solution).
struct Prefix {
    decisions: Vec<(usize, Bits)>,
    open: bool,
}

/// As [`super::search`], over the subtrees of `shard`'s prefixes only.
pub fn search_part<T: Tests>(
    mut p: Problem,
    tests: &T,
    mut on_solution: impl FnMut(&[i64], Option<i128>) -> bool,
    progress: &Progress,
    shard: Shard,
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
    let prefixes = prefixes(&mut p, tests, bound, root, want);
    let mut walk = Walk {
        tests,
        bound,
        values: &mut values,
        progress,
        // A part's first frame is not the root: restarting there would lose its prefix.
        restarts: None,
    };
    let mut stack: Vec<Frame> = Vec::new();
    let mine = prefixes
        .iter()
        .enumerate()
        .filter(|(i, _)| shard.owns_turn(*i as u64));
    for (_, prefix) in mine {
        p.store.undo(root);
        out.nodes += 1;
        // The bound this part's own solutions set may rule a prefix out.
        if !replay(&mut p, tests, bound, &prefix.decisions) {
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

/// The tree's prefixes, one level deeper at a time, until there are at least `want` (or every
/// prefix ends in a solution); in depth-first order. Conflicting nodes are left out.
fn prefixes<T: Tests>(
    p: &mut Problem,
    tests: &T,
    bound: Option<usize>,
    root: usize,
    want: usize,
) -> Vec<Prefix> {
    let mut parts = vec![Prefix {
        decisions: Vec::new(),
        open: true,
    }];
    while parts.len() < want {
        let mut next = Vec::with_capacity(parts.len() * 4);
        let mut grew = false;
        for part in parts {
            if !part.open {
                next.push(part);
                continue;
            }
            p.store.undo(root);
            // Without a solution the bound still allows everything: the replay holds.
            replay(p, tests, bound, &part.decisions);
            let Some(var) = choose(p) else {
                next.push(Prefix {
                    open: false,
                    ..part
                });
                continue;
            };
            grew = true;
            let mark = p.store.mark();
            let mut rest = p.store.dom(var);
            while rest != 0 {
                p.store.undo(mark);
                let bit = next_branch(p, var, rest);
                rest &= !bit;
                if descend(p, tests, var, bit, bound) {
                    let mut decisions = part.decisions.clone();
                    decisions.push((var, bit));
                    next.push(Prefix {
                        decisions,
                        open: true,
                    });
                }
            }
        }
        parts = next;
        if !grew {
            break;
        }
    }
    p.store.undo(root);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::propagation::search::tests::{Diagonals, queens_problem as queens};

    #[test]
    fn parts_list_every_solution_once() {
        for n in [1, 4, 6, 8] {
            let mut whole = Vec::new();
            super::super::search(
                queens(n),
                &Diagonals(n),
                |v, _| {
                    whole.push(v.to_vec());
                    true
                },
                &Progress::hidden(),
            );
            whole.sort();
            for count in [1, 3, 7, 64] {
                let mut parts = Vec::new();
                for k in 0..count {
                    let shard = Shard::new(k, count).unwrap();
                    let out = search_part(
                        queens(n),
                        &Diagonals(n),
                        |v, _| {
                            parts.push(v.to_vec());
                            true
                        },
                        &Progress::hidden(),
                        shard,
                    );
                    assert!(!out.stopped);
                }
                parts.sort();
                assert_eq!(parts, whole, "n {n} N {count}");
            }
        }
    }
}
