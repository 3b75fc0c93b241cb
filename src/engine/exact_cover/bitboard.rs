//! Exact cover on one machine word: the items are bits (at most 128, all primary), and the
//! search always covers the lowest uncovered item, trying only the options whose lowest item it
//! is. On packing boards numbered along their long side this is the classic fill-the-first-
//! empty-cell backtracker, several times faster than dancing links there: no links to update,
//! one AND per option tried.

use super::memo::{self, Memo};
use super::prune;
use super::split::{self, Task};
use super::word::{Word, mask_of};
use super::{Keep, KeepEach, Listing, Problem, Tally};
use crate::engine::Progress;
use crate::engine::split::Shard;

/// The options by their lowest item and then by group: the options of group `g` at item `i`
/// are `slot[i * groups + g]` in `option` and `id`, and `groups_at[i]` has bit `g` set
/// where there are any, so that the walk visits only the groups with budget left (a word of
/// them), one AND each, the way pentomino programs keep a mask of the pieces used.
pub struct Table<W> {
    groups: usize,
    groups_at: Vec<u64>,
    /// (first option, end of options).
    slot: Vec<(u32, u32)>,
    /// Each option's items and ring, side by side: the walk reads both of every option it
    /// tries, and the option's number only for those it chooses.
    option: Vec<Slot<W>>,
    /// Each item's hitting set (`prune::hitting_sets`; all bits where it has none).
    hit: prune::Hits<W>,
    /// The problem's number of each option.
    id: Vec<u32>,
    budget: Vec<u32>,
    /// The word with every item covered; bits past the items are set from the start.
    init: W,
    /// A count remembers its counts below the nodes with this many groups open
    /// ([`memo_level`]; `u32::MAX`: never).
    memo_at: u32,
}

/// An option as the walk tries it: its items, and its ring (`prune::ring`): the items it may
/// leave dead.
#[derive(Clone, Copy)]
struct Slot<W> {
    mask: W,
    ring: W,
}

/// The most groups the bitboard takes: their budgets left are kept as one 64-bit word.
pub const MAX_GROUPS: usize = 64;

impl<W: Word> Table<W> {
    /// The table of `p`, which must fit the word ([`Problem::fits_bitboard`] for 128 bits).
    pub fn new(p: &Problem) -> Table<W> {
        let bits = 8 * std::mem::size_of::<W>();
        assert!(p.primary <= bits && p.secondary == 0 && p.budget.len() <= MAX_GROUPS);
        let hit = prune::hitting_sets::<W>(p);
        let masks: Vec<W> = p
            .options
            .iter()
            .map(|o| mask_of(o.iter().map(|e| e.item as usize)))
            .collect();
        let mut holding: Vec<Vec<W>> = vec![Vec::new(); p.primary];
        for (o, option) in p.options.iter().enumerate() {
            for e in option {
                holding[e.item as usize].push(masks[o]);
            }
        }
        let groups = p.budget.len();
        // Options by (lowest item, group), in the problem's order within each.
        let mut by_slot: Vec<Vec<u32>> = vec![Vec::new(); p.primary * groups];
        for (o, option) in p.options.iter().enumerate() {
            let ring = prune::ring(&hit, masks[o]);
            if prune::hopeless(&holding, ring, masks[o]) {
                continue;
            }
            let low = option.iter().map(|e| e.item).min().unwrap_or(0) as usize;
            by_slot[low * groups + p.group[o] as usize].push(o as u32);
        }
        let mut t = Table {
            groups,
            groups_at: vec![0; p.primary],
            slot: Vec::with_capacity(by_slot.len()),
            option: Vec::new(),
            id: Vec::new(),
            budget: p.budget.clone(),
            init: W::ZERO,
            hit: prune::Hits::new(&hit),
            memo_at: memo::level(&p.budget),
        };
        for (s, options) in by_slot.iter().enumerate() {
            let from = t.option.len() as u32;
            for &o in options {
                let mask = masks[o as usize];
                let ring = prune::ring(&hit, mask);
                t.option.push(Slot { mask, ring });
                t.id.push(o);
            }
            if !options.is_empty() {
                t.groups_at[s / groups] |= 1 << (s % groups);
            }
            t.slot.push((from, t.option.len() as u32));
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

/// The groups with budget left, as bits.
fn open_groups(budget: &[u32]) -> u64 {
    budget
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b > 0)
        .fold(0, |m, (g, _)| m | 1 << g)
}

/// One depth-first walk from a task's state.
struct Walk<'t, W, F> {
    t: &'t Table<W>,
    budget: Vec<u32>,
    /// The groups with budget left (bit g: `budget[g] > 0`).
    open: u64,
    path: Vec<usize>,
    nodes: u64,
    /// The covers reached, those the memo gave included.
    found: u64,
    /// The counts below nodes already walked, when this walk may use them (a count that
    /// keeps every cover).
    memo: Option<&'t mut Memo>,
    stopped: bool,
    /// Called with each cover; false ends the walk.
    visit: F,
    /// Past this depth the walk hands its state to `cut` instead of going on (splitting).
    cut_depth: usize,
}

impl<'t, W: Word, F: FnMut(&[usize], W, &[u32]) -> bool> Walk<'t, W, F> {
    /// Returns false once the walk must end (the visitor said so, or a stop request).
    fn go(&mut self, covered: W) -> bool {
        if covered == W::ALL || self.path.len() == self.cut_depth {
            self.found += u64::from(covered == W::ALL);
            return (self.visit)(&self.path, covered, &self.budget);
        }
        if self.open.count_ones() == self.t.memo_at
            && let Some(memo) = self.memo.take()
        {
            let going = self.go_remembering(covered, memo);
            return going;
        }
        self.go_on(covered)
    }

    /// `go` at a node whose count below is remembered: read, or walked and written.
    fn go_remembering(&mut self, covered: W, memo: &'t mut Memo) -> bool {
        let key = (covered.wide(), self.open);
        if let Some(n) = memo.get(key) {
            self.found += n;
            self.memo = Some(memo);
            return true;
        }
        let before = self.found;
        self.memo = Some(memo);
        let going = self.go_on(covered);
        if going && !self.stopped {
            let memo = self.memo.as_mut().expect("the memo is put back below");
            memo.put(key, self.found - before);
        }
        going
    }

    /// A node's search: its lowest uncovered item covered by each option that fits in turn.
    fn go_on(&mut self, covered: W) -> bool {
        self.nodes += 1;
        if super::stop_seen(self.nodes) {
            self.stopped = true;
            return false;
        }
        let low = (!covered).trailing_zeros() as usize;
        let mut groups = self.open & self.t.groups_at[low];
        while groups != 0 {
            let g = groups.trailing_zeros() as usize;
            groups &= groups - 1;
            let (from, to) = self.t.slot[low * self.t.groups + g];
            let t = self.t;
            let options = &t.option[from as usize..to as usize];
            for (k, o) in options.iter().enumerate() {
                if o.mask & covered != W::ZERO {
                    continue;
                }
                let next = covered | o.mask;
                if t.hit.any_dead(o.ring, next) {
                    continue;
                }
                if !self.choose(g, t.id[from as usize + k], next) {
                    return false;
                }
            }
        }
        true
    }

    /// Goes on with option `id` of group `g` chosen, the board then `next`.
    fn choose(&mut self, g: usize, id: u32, next: W) -> bool {
        let open = self.open;
        self.budget[g] -= 1;
        if self.budget[g] == 0 {
            self.open &= !(1 << g);
        }
        self.path.push(id as usize);
        let going = self.go(next);
        self.path.pop();
        self.budget[g] += 1;
        self.open = open;
        going
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
    let (nodes, _, stopped) = walk_with(t, task, cut_depth, None, visit);
    (nodes, stopped)
}

/// [`walk`] with a memo (when given) of the counts below the nodes it remembers; also returns
/// the covers reached, those the memo gave included (which `visit` is not called with).
fn walk_with<'t, W: Word>(
    t: &'t Table<W>,
    task: &Task<W>,
    cut_depth: usize,
    memo: Option<&'t mut Memo>,
    visit: impl FnMut(&[usize], W, &[u32]) -> bool,
) -> (u64, u64, bool) {
    let mut w = Walk {
        t,
        budget: task.budget.clone(),
        open: open_groups(&task.budget),
        path: task.path.clone(),
        nodes: 0,
        found: 0,
        memo,
        stopped: false,
        visit,
        cut_depth,
    };
    w.go(task.state);
    (w.nodes, w.found, w.stopped)
}

/// Lists up to `limit` covers that `keep` accepts (all when none) in the search's order (one
/// thread, so the order is the same on every run).
pub fn list<W: Word>(p: &Problem, limit: usize, keep: Option<Keep>) -> Listing {
    let t = Table::<W>::new(p);
    let mut out = Listing::default();
    // One more than asked: finding it says the listing is not complete.
    let (nodes, stopped) = walk(&t, &t.root(), usize::MAX, |path, _, _| {
        if keep.is_none_or(|k| k(path)) {
            out.solutions.push(path.to_vec());
        }
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
            expand(&t, task, depth)
        });
    let (tasks, split_nodes) = split::mine(tasks, split_nodes, shard);
    let id = memo::new_count();
    let tally = split::run(&tasks, progress, |task| count_task(&t, task, keep, id));
    tally.after_split(split_nodes, split_whole)
}

/// The nodes `depth` choices below `task` as tasks (covers found sooner included), for
/// `split::tasks`: with the nodes visited and whether a stop request cut the walk.
fn expand<W: Word>(t: &Table<W>, task: &Task<W>, depth: usize) -> (Vec<Task<W>>, u64, bool) {
    let mut found = Vec::new();
    let (nodes, stopped) = walk(t, task, task.path.len() + depth, |path, state, budget| {
        found.push(Task {
            state,
            budget: budget.to_vec(),
            path: path.to_vec(),
        });
        true
    });
    (found, nodes, stopped)
}

/// The covers below `task`, each asked of `keep` when given; without `keep` (every cover
/// kept) through this thread's memo of the count numbered `count_id`.
fn count_task<W: Word>(t: &Table<W>, task: &Task<W>, keep: Option<Keep>, count_id: u64) -> Tally {
    let mut tally = Tally::default();
    let (nodes, found, stopped) = match keep {
        Some(_) => walk_with(t, task, usize::MAX, None, |path, _, _| {
            tally.found(keep, path);
            true
        }),
        None => memo::with(count_id, |m| {
            walk_with(t, task, usize::MAX, Some(m), |_, _, _| true)
        }),
    };
    tally.solutions = found;
    tally.kept = if keep.is_some() { tally.kept } else { found };
    tally.nodes = nodes;
    tally.complete = !stopped;
    tally
}

/// Counts, for each option of `roots`, the covers that hold it, over all cores: one table for
/// every root, each root's walks starting with its items covered, and the tasks of all roots
/// cut and counted together. With `shard`, only that part's: the one task list (every root's
/// tasks in turn) dealt as [`count`] deals its own.
pub fn count_each<W: Word>(
    p: &Problem,
    roots: &[usize],
    keep: KeepEach,
    keep_all: &[bool],
    progress: &Progress,
    shard: Option<Shard>,
) -> Vec<Tally> {
    let t = Table::<W>::new(p);
    let want = split::wanted(shard).div_ceil(roots.len().max(1));
    let mut tasks = Vec::new();
    let mut split_nodes = vec![0; roots.len()];
    let mut split_whole = vec![true; roots.len()];
    for (k, &root) in roots.iter().enumerate() {
        let mut start = t.root();
        start.state = start.state | mask_of(p.options[root].iter().map(|e| e.item as usize));
        let g = p.group[root] as usize;
        start.budget[g] = start.budget[g].saturating_sub(1);
        start.path.push(root);
        let (found, nodes, whole) =
            split::tasks(start, want, |task, depth| expand(&t, task, depth));
        tasks.extend(found.into_iter().map(|task| (k, task)));
        split_nodes[k] = shard.map_or(nodes, |s| split::split_nodes_of(nodes, s));
        split_whole[k] = whole;
    }
    let (tasks, _) = split::mine(tasks, 0, shard);
    let id = memo::new_count();
    let tallies = split::each(&tasks, progress, |(k, task)| {
        let keep_k = |cover: &[usize]| keep(*k, cover);
        let keep_k: Option<Keep> = if keep_all[*k] { None } else { Some(&keep_k) };
        count_task(&t, task, keep_k, id)
    });
    let mut out: Vec<Tally> = (0..roots.len())
        .map(|k| {
            Tally {
                complete: true,
                ..Tally::default()
            }
            .after_split(split_nodes[k], split_whole[k])
        })
        .collect();
    for ((k, _), tally) in tasks.iter().zip(tallies) {
        out[*k] = out[*k].add(tally);
    }
    out
}
