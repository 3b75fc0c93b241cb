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

/// `problem` with option `root` chosen outright: its items left out, one fewer of its group,
/// and the options that clash with it left out: those meeting a primary item of it or a
/// secondary item it takes without a colour, or giving one of its coloured secondary items
/// another colour (or none). Options giving such an item the root's colour stay, without that
/// entry, as Algorithm C's purify keeps them. The remaining items are renumbered in their
/// order, so the search goes as before; and the original number of each option kept.
fn pin(problem: &Problem, root: usize) -> (Problem, Vec<usize>) {
    let group = problem.group[root] as usize;
    let items = problem.primary + problem.secondary;
    // The colour the root gives each of its items: 0 for a primary or colourless one.
    let mut taken: Vec<Option<u32>> = vec![None; items];
    for e in &problem.options[root] {
        taken[e.item as usize] = Some(e.colour);
    }
    let mut renumber = vec![u32::MAX; items];
    let mut next = 0;
    for (i, slot) in renumber.iter_mut().enumerate() {
        if taken[i].is_none() {
            *slot = next;
            next += 1;
        }
    }
    let mut budget = problem.budget.clone();
    budget[group] = budget[group].saturating_sub(1);
    let agrees = |e: &Entry| match taken[e.item as usize] {
        None => true,
        Some(c) => c != 0 && c == e.colour,
    };
    let ids: Vec<usize> = (0..problem.options.len())
        .filter(|&o| {
            let option = &problem.options[o];
            o != root
                && (budget[group] > 0 || problem.group[o] as usize != group)
                && option.iter().all(agrees)
                && option.iter().any(|e| taken[e.item as usize].is_none())
        })
        .collect();
    let options = ids
        .iter()
        .map(|&o| {
            problem.options[o]
                .iter()
                .filter(|e| taken[e.item as usize].is_none())
                .map(|e| Entry {
                    item: renumber[e.item as usize],
                    colour: e.colour,
                })
                .collect()
        })
        .collect();
    let gone = |range: std::ops::Range<usize>| range.filter(|&i| taken[i].is_some()).count();
    let primary = problem.primary - gone(0..problem.primary);
    let secondary = problem.secondary - gone(problem.primary..items);
    let mut pinned = Problem::new(primary, secondary, options);
    pinned.group = ids.iter().map(|&o| problem.group[o]).collect();
    pinned.budget = budget;
    (pinned, ids)
}
