//! A count split over the cores by its first choices: the search tree is cut a few levels down
//! into tasks (enough for the cores to share evenly), and the tasks are counted in parallel.

use super::Tally;
use crate::engine::Progress;
use crate::engine::split::Shard;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A node of the search to resume from: the engine's state there, the groups' budgets left and
/// the options chosen on the way.
#[derive(Debug, Clone)]
pub struct Task<S> {
    pub state: S,
    pub budget: Vec<u32>,
    pub path: Vec<usize>,
}

/// Enough tasks to keep every core busy while the uneven ones finish: many per thread.
const TASKS_PER_THREAD: usize = 64;
/// Tasks per shard of a split run (`run --shard K/N`): enough that neighbouring subtrees'
/// sizes average out when they are dealt in turn.
const TASKS_PER_SHARD: usize = 32;

/// How many tasks to cut the tree into: for the cores, or for the shards of a split run (a
/// number that depends on N only, so that every machine cuts the same tasks).
pub fn wanted(shard: Option<Shard>) -> usize {
    match shard {
        Some(s) => TASKS_PER_SHARD * s.count as usize,
        None => TASKS_PER_THREAD * rayon::current_num_threads().max(1),
    }
}

/// The tasks of `shard` (dealt in turn, in the search's order), and the split's nodes it
/// reports: all of them in part 0, none in the others, so that the parts' nodes add up to the
/// whole run's.
pub fn mine<T>(tasks: Vec<T>, split_nodes: u64, shard: Option<Shard>) -> (Vec<T>, u64) {
    let Some(s) = shard else {
        return (tasks, split_nodes);
    };
    let kept = tasks
        .into_iter()
        .enumerate()
        .filter(|(i, _)| s.owns_turn(*i as u64))
        .map(|(_, t)| t)
        .collect();
    (kept, split_nodes_of(split_nodes, s))
}

/// The split's nodes a part reports: all of them in part 0, none in the others.
pub fn split_nodes_of(split_nodes: u64, shard: Shard) -> u64 {
    if shard.index == 0 { split_nodes } else { 0 }
}
/// Cutting deeper costs more than it balances.
const MAX_DEPTH: usize = 6;

/// The tasks at the first depth that gives `want` of them, the nodes visited, and false when a
/// stop request cut the split short (the tasks then miss part of the tree). `expand(root,
/// depth)` lists the nodes `depth` choices below `root` (covers found sooner included), the
/// nodes it visited and whether it was stopped.
pub fn tasks<S: Clone>(
    root: Task<S>,
    want: usize,
    mut expand: impl FnMut(&Task<S>, usize) -> (Vec<Task<S>>, u64, bool),
) -> (Vec<Task<S>>, u64, bool) {
    let mut nodes = 0;
    let mut best = vec![root.clone()];
    for depth in 1..=MAX_DEPTH {
        let (found, n, stopped) = expand(&root, depth);
        nodes += n;
        if stopped || crate::engine::stop::requested().is_some() {
            return (best, nodes, false);
        }
        let enough = found.len() >= want;
        // A level with fewer nodes than the one above ends in covers: keep the wider cut.
        if found.len() >= best.len() {
            best = found;
        }
        if enough {
            break;
        }
    }
    (best, nodes, true)
}

/// Counts the tasks in parallel, saying how many are done as they finish.
pub fn run<S: Sync>(
    tasks: &[Task<S>],
    progress: &Progress,
    count: impl Fn(&Task<S>) -> Tally + Sync,
) -> Tally {
    let empty = Tally {
        complete: true,
        ..Tally::default()
    };
    each(tasks, progress, count)
        .into_iter()
        .fold(empty, Tally::add)
}

/// Each task's count, in the tasks' order, counted in parallel.
pub fn each<T: Sync>(
    tasks: &[T],
    progress: &Progress,
    count: impl Fn(&T) -> Tally + Sync,
) -> Vec<Tally> {
    let done = AtomicU64::new(0);
    let total = tasks.len() as u64;
    tasks
        .par_iter()
        .map(|task| {
            let t = count(task);
            let d = done.fetch_add(1, Relaxed) + 1;
            progress.position("first choices", d, total);
            t
        })
        .collect()
}
