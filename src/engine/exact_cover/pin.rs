//! Counting the covers that hold a given option (a *root*), for several roots: how a caller
//! counts one class of placements of a pinned piece at a time. The bitboard starts its walks
//! from the root's items already covered (one table and one task list for every root); dancing
//! links gets the problem with the root chosen outright.

use super::{Entry, KeepEach, Problem, Tally, dlx};
use crate::engine::Progress;
use crate::engine::split::Shard;

/// The count of each root in turn over dancing links, stopping after the first cut short.
pub fn count_each_dlx(
    problem: &Problem,
    roots: &[usize],
    keep: KeepEach,
    progress: &Progress,
    shard: Option<Shard>,
) -> Vec<Tally> {
    let mut out = Vec::new();
    for (k, &root) in roots.iter().enumerate() {
        let (pinned, ids) = pin(problem, root);
        let keep_k = |cover: &[usize]| {
            let original: Vec<usize> = std::iter::once(root)
                .chain(cover.iter().map(|&o| ids[o]))
                .collect();
            keep(k, &original)
        };
        let t = dlx::count(&pinned, Some(&keep_k), progress, shard);
        out.push(t);
        if !t.complete {
            break;
        }
    }
    out
}

/// `problem` with option `root` chosen outright: its items and every option that meets them
/// left out, and one fewer of its group (the remaining items renumbered in their order, so the
/// search goes as before); and the original number of each option kept.
fn pin(problem: &Problem, root: usize) -> (Problem, Vec<usize>) {
    let group = problem.group[root] as usize;
    let taken: Vec<u32> = problem.options[root].iter().map(|e| e.item).collect();
    let mut renumber = vec![u32::MAX; problem.primary + problem.secondary];
    let mut next = 0;
    for (i, slot) in renumber.iter_mut().enumerate() {
        if !taken.contains(&(i as u32)) {
            *slot = next;
            next += 1;
        }
    }
    let mut budget = problem.budget.clone();
    budget[group] = budget[group].saturating_sub(1);
    let ids: Vec<usize> = (0..problem.options.len())
        .filter(|&o| {
            o != root
                && (budget[group] > 0 || problem.group[o] as usize != group)
                && problem.options[o].iter().all(|e| !taken.contains(&e.item))
        })
        .collect();
    let options = ids
        .iter()
        .map(|&o| {
            problem.options[o]
                .iter()
                .map(|e| Entry {
                    item: renumber[e.item as usize],
                    colour: e.colour,
                })
                .collect()
        })
        .collect();
    let primary = problem.primary
        - taken
            .iter()
            .filter(|&&i| (i as usize) < problem.primary)
            .count();
    let secondary = problem.secondary - (taken.len() - (problem.primary - primary));
    let mut pinned = Problem::new(primary, secondary, options);
    pinned.group = ids.iter().map(|&o| problem.group[o]).collect();
    pinned.budget = budget;
    (pinned, ids)
}
