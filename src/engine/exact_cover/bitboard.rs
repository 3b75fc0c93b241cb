//! Exact cover on one machine word: the items are bits (at most 128, all primary), and the
//! search always covers the lowest uncovered item, trying only the options whose lowest item it
//! is. On packing boards numbered along their long side this is the classic fill-the-first-
//! empty-cell backtracker, several times faster than dancing links there: no links to update,
//! one AND per option tried.

use super::prune;
use super::split::{self, Task};
use super::{Keep, Listing, Problem, Tally};
use crate::engine::Progress;
use crate::engine::split::Shard;
use std::ops::{BitAnd, BitOr, Not};

/// A word of item bits.
pub trait Word:
    Copy + Eq + Send + Sync + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self>
{
    const ZERO: Self;
    const ALL: Self;
    fn bit(i: usize) -> Self;
    fn trailing_zeros(self) -> u32;
    /// The word less its lowest set bit.
    fn without_lowest(self) -> Self;
}

impl Word for u64 {
    const ZERO: u64 = 0;
    const ALL: u64 = u64::MAX;
    fn bit(i: usize) -> u64 {
        1 << i
    }
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
    fn without_lowest(self) -> u64 {
        self & self.wrapping_sub(1)
    }
}

impl Word for u128 {
    const ZERO: u128 = 0;
    const ALL: u128 = u128::MAX;
    fn bit(i: usize) -> u128 {
        1 << i
    }
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    fn without_lowest(self) -> u128 {
        self & self.wrapping_sub(1)
    }
}

/// The options by their lowest item and then by group: the runs of item `i` are
/// `start[i]..start[i + 1]` in `runs`, each run the options of one group, so that a group whose
/// budget is spent is passed over in one step (half the pieces are placed, on average).
pub struct Table<W> {
    start: Vec<u32>,
    /// (group, first option, end of options).
    runs: Vec<(u32, u32, u32)>,
    mask: Vec<W>,
    /// Each option's ring (`prune::ring`): the items it may leave dead.
    ring: Vec<W>,
    /// Each item's hitting set (`prune::hitting_sets`; all bits where it has none).
    hit: Vec<W>,
    /// The problem's number of each option.
    id: Vec<u32>,
    budget: Vec<u32>,
    /// The word with every item covered; bits past the items are set from the start.
    init: W,
}

impl<W: Word> Table<W> {
    /// The table of `p`, which must fit the word ([`Problem::fits_bitboard`] for 128 bits).
    pub fn new(p: &Problem) -> Table<W> {
        let bits = 8 * std::mem::size_of::<W>();
        assert!(p.primary <= bits && p.secondary == 0);
        let hit = prune::hitting_sets::<W>(p);
        let masks: Vec<W> = p.options.iter().map(|o| mask_of(o)).collect();
        let mut holding: Vec<Vec<W>> = vec![Vec::new(); p.primary];
        for (o, option) in p.options.iter().enumerate() {
            for e in option {
                holding[e.item as usize].push(masks[o]);
            }
        }
        let mut by_low: Vec<Vec<(u32, u32, W, W)>> = vec![Vec::new(); p.primary];
        for (o, option) in p.options.iter().enumerate() {
            let mask = masks[o];
            let ring = prune::ring(&hit, mask);
            if prune::hopeless(&holding, ring, mask) {
                continue;
            }
            let low = option.iter().map(|e| e.item).min().unwrap_or(0) as usize;
            by_low[low].push((p.group[o], o as u32, mask, ring));
        }
        let mut t = Table {
            start: vec![0],
            runs: Vec::new(),
            mask: Vec::new(),
            ring: Vec::new(),
            hit: hit.into_iter().map(|h| h.unwrap_or(W::ALL)).collect(),
            id: Vec::new(),
            budget: p.budget.clone(),
            init: W::ZERO,
        };
        for mut list in by_low {
            // Stable: within a group the options keep the problem's order.
            list.sort_by_key(|&(group, _, _, _)| group);
            for (group, id, mask, ring) in list {
                let at = t.mask.len() as u32;
                let this_item = t.runs.len() as u32 > *t.start.last().unwrap_or(&0);
                match t.runs.last_mut() {
                    Some(run) if this_item && run.0 == group && run.2 == at => run.2 += 1,
                    _ => t.runs.push((group, at, at + 1)),
                }
                t.mask.push(mask);
                t.ring.push(ring);
                t.id.push(id);
            }
            t.start.push(t.runs.len() as u32);
        }
        for i in p.primary..bits {
            t.init = t.init | W::bit(i);
        }
        t
    }

    fn root(&self) -> Task<W> {
        Task {
            state: self.init,
            budget: self.budget.clone(),
            path: Vec::new(),
        }
    }
}

fn mask_of<W: Word>(option: &[super::Entry]) -> W {
    option
        .iter()
        .fold(W::ZERO, |m, e| m | W::bit(e.item as usize))
}

/// One depth-first walk from a task's state.
struct Walk<'t, W, F> {
    t: &'t Table<W>,
    budget: Vec<u32>,
    path: Vec<usize>,
    nodes: u64,
    stopped: bool,
    /// Called with each cover; false ends the walk.
    visit: F,
    /// Past this depth the walk hands its state to `cut` instead of going on (splitting).
    cut_depth: usize,
}

impl<W: Word, F: FnMut(&[usize], W, &[u32]) -> bool> Walk<'_, W, F> {
    /// Returns false once the walk must end (the visitor said so, or a stop request).
    fn go(&mut self, covered: W) -> bool {
        if covered == W::ALL || self.path.len() == self.cut_depth {
            return (self.visit)(&self.path, covered, &self.budget);
        }
        self.nodes += 1;
        if super::stop_seen(self.nodes) {
            self.stopped = true;
            return false;
        }
        let low = (!covered).trailing_zeros() as usize;
        let (a, b) = (self.t.start[low] as usize, self.t.start[low + 1] as usize);
        for r in a..b {
            let (g, from, to) = self.t.runs[r];
            let g = g as usize;
            if self.budget[g] == 0 {
                continue;
            }
            for k in from as usize..to as usize {
                let mask = self.t.mask[k];
                if mask & covered != W::ZERO {
                    continue;
                }
                let next = covered | mask;
                if prune::any_dead(&self.t.hit, self.t.ring[k], next) {
                    continue;
                }
                self.budget[g] -= 1;
                self.path.push(self.t.id[k] as usize);
                let going = self.go(next);
                self.path.pop();
                self.budget[g] += 1;
                if !going {
                    return false;
                }
            }
        }
        true
    }
}

/// Walks from `task`, calling `visit` with each cover (the task's path included); returns the
/// nodes and whether a stop request ended the walk.
fn walk<W: Word>(
    t: &Table<W>,
    task: &Task<W>,
    cut_depth: usize,
    visit: impl FnMut(&[usize], W, &[u32]) -> bool,
) -> (u64, bool) {
    let mut w = Walk {
        t,
        budget: task.budget.clone(),
        path: task.path.clone(),
        nodes: 0,
        stopped: false,
        visit,
        cut_depth,
    };
    w.go(task.state);
    (w.nodes, w.stopped)
}

/// Lists up to `limit` covers in the search's order (one thread, so the order is the same on
/// every run).
pub fn list<W: Word>(p: &Problem, limit: usize) -> Listing {
    let t = Table::<W>::new(p);
    let mut out = Listing::default();
    // One more than asked: finding it says the listing is not complete.
    let (nodes, stopped) = walk(&t, &t.root(), usize::MAX, |path, _, _| {
        out.solutions.push(path.to_vec());
        out.solutions.len() <= limit
    });
    out.nodes = nodes;
    out.stopped = stopped;
    out.complete = !stopped && out.solutions.len() <= limit;
    out.solutions.truncate(limit);
    out
}

/// Counts every cover, over all cores; `keep` (when given) is asked of each cover found. With
/// `shard`, only that part's covers (`run --shard K/N`).
pub fn count<W: Word>(
    p: &Problem,
    keep: Option<Keep>,
    progress: &Progress,
    shard: Option<Shard>,
) -> Tally {
    let t = Table::<W>::new(p);
    let (tasks, split_nodes, split_whole) =
        split::tasks(t.root(), split::wanted(shard), |task, depth| {
            let mut found = Vec::new();
            let (nodes, stopped) =
                walk(&t, task, task.path.len() + depth, |path, state, budget| {
                    found.push(Task {
                        state,
                        budget: budget.to_vec(),
                        path: path.to_vec(),
                    });
                    true
                });
            (found, nodes, stopped)
        });
    let (tasks, split_nodes) = split::mine(tasks, split_nodes, shard);
    let tally = split::run(&tasks, progress, |task| {
        let mut tally = Tally::default();
        let (nodes, stopped) = walk(&t, task, usize::MAX, |path, _, _| {
            tally.found(keep, path);
            true
        });
        tally.nodes = nodes;
        tally.complete = !stopped;
        tally
    });
    tally.after_split(split_nodes, split_whole)
}
