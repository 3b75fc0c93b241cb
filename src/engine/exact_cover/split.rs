//! A count split over the cores by its first choices: the search tree is cut a few levels down
//! into tasks (enough for the cores to share evenly), and the tasks are counted in parallel.

use super::Tally;
use crate::engine::Progress;
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
/// Cutting deeper costs more than it balances.
const MAX_DEPTH: usize = 6;

/// The tasks at the first depth that gives enough of them, the nodes visited, and false when a
/// stop request cut the split short (the tasks then miss part of the tree). `expand(root,
/// depth)` lists the nodes `depth` choices below `root` (covers found sooner included), the
/// nodes it visited and whether it was stopped.
pub fn tasks<S: Clone>(
    root: Task<S>,
    mut expand: impl FnMut(&Task<S>, usize) -> (Vec<Task<S>>, u64, bool),
) -> (Vec<Task<S>>, u64, bool) {
    let want = TASKS_PER_THREAD * rayon::current_num_threads().max(1);
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
    let done = AtomicU64::new(0);
    let total = tasks.len() as u64;
    let empty = Tally {
        complete: true,
        ..Tally::default()
    };
    tasks
        .par_iter()
        .map(|task| {
            let t = count(task);
            let d = done.fetch_add(1, Relaxed) + 1;
            progress.position("first choices", d, total);
            t
        })
        .reduce(|| empty, Tally::add)
}
