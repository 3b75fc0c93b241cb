//! Exact cover: choose options (sets of items) so that every primary item is in exactly one
//! chosen option and every secondary item in at most one (or, with colours, in options that
//! agree on its colour: Knuth's XCC). Options may also belong to groups with a budget (how many
//! options of the group may be chosen), which is how copies of one piece, or cells allowed to
//! stay empty, are said without new items.
//!
//! Two engines, one problem: [`bitboard`] fills the lowest uncovered item first with the items
//! kept in one machine word (at most 128 primary items, no secondary ones: packing boards), and
//! [`dlx`] is Algorithm C over dancing links with the fewest-options (MRV) choice, for anything.
//! Both count without listing, list up to a limit, poll the stop request, and split a count over
//! the cores by its first choices ([`split`]).

pub mod bitboard;
pub mod dlx;
mod memo;
mod pin;
mod prune;
mod split;
mod word;

use crate::engine::stop;

/// The two engines, for callers that choose one at run time (a spec's `engine`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Algorithm {
    /// Algorithm C over dancing links, the primary item with the fewest options first.
    DancingLinks,
    /// The lowest uncovered item first, the items in one 64- or 128-bit word.
    Bitboard,
}

impl Algorithm {
    /// Counts the covers (those `keep` accepts; only part `shard` of the search when given);
    /// the bitboard in a 64-bit word when the primary items fit one, else in 128 bits.
    pub fn count(
        self,
        problem: &Problem,
        keep: Option<Keep>,
        progress: &crate::engine::Progress,
        shard: Option<crate::engine::split::Shard>,
    ) -> Tally {
        match self {
            Algorithm::Bitboard if problem.primary <= 64 => {
                bitboard::count::<u64>(problem, keep, progress, shard)
            }
            Algorithm::Bitboard => bitboard::count::<u128>(problem, keep, progress, shard),
            Algorithm::DancingLinks => dlx::count(problem, keep, progress, shard),
        }
    }

    /// Counts, for each option of `roots`, the covers that hold it (over dancing links, the
    /// root's coloured secondary items keep the options of the same colour),
    /// stopping after the first count a stop request cuts short; `keep(k, cover)` is asked of
    /// each cover found with the `k`-th root (the cover holds the root's number), unless
    /// `keep_all[k]` says it keeps them all (the bitboard then counts through a memo).
    pub fn count_each(
        self,
        problem: &Problem,
        roots: &[usize],
        keep: KeepEach,
        keep_all: &[bool],
        progress: &crate::engine::Progress,
        shard: Option<crate::engine::split::Shard>,
    ) -> Vec<Tally> {
        match self {
            Algorithm::Bitboard if problem.primary <= 64 => {
                bitboard::count_each::<u64>(problem, roots, keep, keep_all, progress, shard)
            }
            Algorithm::Bitboard => {
                bitboard::count_each::<u128>(problem, roots, keep, keep_all, progress, shard)
            }
            Algorithm::DancingLinks => pin::count_each_dlx(problem, roots, keep, progress, shard),
        }
    }

    /// Lists up to `limit` covers that `keep` accepts (all when none; e.g. one per symmetry
    /// class), the bitboard's word chosen as for [`Algorithm::count`].
    pub fn list(self, problem: &Problem, limit: usize, keep: Option<Keep>) -> Listing {
        match self {
            Algorithm::Bitboard if problem.primary <= 64 => {
                bitboard::list::<u64>(problem, limit, keep)
            }
            Algorithm::Bitboard => bitboard::list::<u128>(problem, limit, keep),
            Algorithm::DancingLinks => dlx::list(problem, limit, keep),
        }
    }
}

/// Whether a walk at its `nodes`-th node must stop: the request is looked at on a walk's first
/// node and every 256th after it. A count is split into many tasks, most far smaller than
/// `stop::poll`'s 4,096 nodes, so polling by that count missed the stop in every task; one
/// atomic load per 256 nodes (a few microseconds of search) costs nothing measurable.
#[inline]
fn stop_seen(nodes: u64) -> bool {
    nodes & 0xFF == 1 && stop::requested().is_some()
}

/// One item of an option: its number, and its colour on a secondary item (0: no colour).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub item: u32,
    pub colour: u32,
}

/// An exact-cover problem. Items `0..primary` are primary, `primary..primary + secondary`
/// secondary.
#[derive(Debug, Clone, Default)]
pub struct Problem {
    pub primary: usize,
    pub secondary: usize,
    pub options: Vec<Vec<Entry>>,
    /// The group of each option (all 0 when there are no groups).
    pub group: Vec<u32>,
    /// How many options of each group may be chosen; `u32::MAX`: no bound.
    pub budget: Vec<u32>,
}

impl Problem {
    /// A problem without groups: every option may be chosen (once).
    pub fn new(primary: usize, secondary: usize, options: Vec<Vec<Entry>>) -> Problem {
        let group = vec![0; options.len()];
        Problem {
            primary,
            secondary,
            options,
            group,
            budget: vec![u32::MAX],
        }
    }

    /// Whether the bitboard engine takes it: primary items fit a 128-bit word, no secondary
    /// items and no colours, at most 64 groups.
    pub fn fits_bitboard(&self) -> bool {
        self.secondary == 0
            && self.primary <= 128
            && self.budget.len() <= bitboard::MAX_GROUPS
            && self.options.iter().all(|o| !o.is_empty())
    }

    /// Whether `chosen` (option numbers) is an exact cover: each primary item once, each
    /// secondary item at most once or always with one colour, and no group over its budget.
    /// Written plainly, apart from the engines, to check every answer they give.
    pub fn check(&self, chosen: &[usize]) -> Result<(), String> {
        let items = self.primary + self.secondary;
        let mut seen: Vec<Option<u32>> = vec![None; items];
        let mut used = vec![0u64; self.budget.len()];
        for &o in chosen {
            let option = self.options.get(o).ok_or(format!("no option {o}"))?;
            let g = self.group[o] as usize;
            used[g] += 1;
            if used[g] > u64::from(self.budget[g]) {
                return Err(format!(
                    "group {g} is used more than {} times",
                    self.budget[g]
                ));
            }
            for e in option {
                let i = e.item as usize;
                match seen[i] {
                    Some(c) if i < self.primary || c == 0 || c != e.colour => {
                        return Err(format!("item {i} is covered twice"));
                    }
                    _ => seen[i] = Some(e.colour),
                }
            }
        }
        match (0..self.primary).find(|&i| seen[i].is_none()) {
            Some(i) => Err(format!("item {i} is not covered")),
            None => Ok(()),
        }
    }
}

/// A count: the exact covers found, how many of them the caller's filter kept (e.g. one per
/// symmetry class), the search nodes, and whether the search ran to its end.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub solutions: u64,
    pub kept: u64,
    pub nodes: u64,
    /// False when a stop request cut the search short: the numbers are lower bounds.
    pub complete: bool,
}

impl Tally {
    /// One cover found: counted, and counted as kept when `keep` (if any) accepts it.
    fn found(&mut self, keep: Option<Keep>, cover: &[usize]) {
        self.solutions += 1;
        if keep.is_none_or(|k| k(cover)) {
            self.kept += 1;
        }
    }

    /// The whole count: the tasks' tally with the nodes the split spent before them, complete
    /// only when the split itself was.
    fn after_split(self, split_nodes: u64, split_whole: bool) -> Tally {
        Tally {
            nodes: self.nodes + split_nodes,
            complete: self.complete && split_whole,
            ..self
        }
    }

    fn add(self, other: Tally) -> Tally {
        Tally {
            solutions: self.solutions + other.solutions,
            kept: self.kept + other.kept,
            nodes: self.nodes + other.nodes,
            complete: self.complete && other.complete,
        }
    }
}

/// Covers listed in the engine's order, each as its option numbers.
#[derive(Debug, Clone, Default)]
pub struct Listing {
    pub solutions: Vec<Vec<usize>>,
    pub nodes: u64,
    /// True when every cover was listed (the limit did not cut the listing, nor a stop request).
    pub complete: bool,
    /// True when a stop request cut the listing short.
    pub stopped: bool,
}

/// Decides, for each cover found by a count, whether it is kept (counted in `Tally::kept`).
pub type Keep<'a> = &'a (dyn Fn(&[usize]) -> bool + Sync);

/// Decides, for the `k`-th root of [`Algorithm::count_each`], whether a cover holding it (the
/// root's number included) is kept.
pub type KeepEach<'a> = &'a (dyn Fn(usize, &[usize]) -> bool + Sync);

#[cfg(test)]
mod tests;
