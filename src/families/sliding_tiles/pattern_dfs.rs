//! One iteration of the specialised IDA* (`pattern_search.rs`): the depth-first search below the
//! start within the bound, every child generated counted, the next bound the least f above it.
//!
//! Two shapes of the same search. On boards of at most four neighbours a cell (every rectangle)
//! the four child slots are written out and the recursion is specialised on the slot that led to
//! the node (`descend4::<_, FROM>`), as the C++ peer does with a template per direction: each
//! (slot in, slot out) pair then has its own copy of the pruning test, whose outcome depends
//! much on the pair (going straight on or turning), so the processor predicts them apart; a
//! mispredicted prune costs a table read's full wait. Other boards loop over the neighbours.

use super::board::MAX_CELLS;
use super::pattern_search::PatternSearch;
use super::pattern_tables::KeySum;
use crate::engine::stop;

/// No cell: an empty neighbour slot, or no move before the start.
pub const NO_CELL: u8 = u8::MAX;

/// One iteration's depth-first search.
pub struct Dfs<'s, 'a, T> {
    search: &'s PatternSearch<'a>,
    sum: &'s T,
    slots: [[u8; 4]; MAX_CELLS],
    pub bound: u32,
    pub next_bound: u32,
    pub nodes: u64,
    pub stopped: bool,
    /// The blank's cell after each move of the current path (`path[g]` after move g + 1).
    pub path: Vec<u8>,
    /// The number of moves of the path found.
    pub length: usize,
}

/// What became of a child.
enum Step {
    /// f is above the bound.
    Pruned,
    /// The goal was reached, or a stop was requested: the search ends.
    Ends,
    /// Within the bound: the child's keys and tiles, to search below it.
    Deeper { key: u64, mkey: u64, board: u64 },
}

impl<'s, 'a, T: KeySum> Dfs<'s, 'a, T> {
    pub fn new(search: &'s PatternSearch<'a>, sum: &'s T, bound: u32, max_cost: u32) -> Self {
        Dfs {
            search,
            sum,
            slots: search.slots.unwrap_or([[NO_CELL; 4]; MAX_CELLS]),
            bound,
            next_bound: u32::MAX,
            nodes: 0,
            stopped: false,
            path: vec![0; max_cost as usize + 1],
            length: 0,
        }
    }

    /// Searches below the node whose blank is on `blank` (reached from `back`), `g` moves from
    /// the start, its tiles packed in `board`; true when the search ends: the goal was reached
    /// (the blank's cells are then in `path[..length]`) or a stop was requested (`stopped`).
    /// `M`: whether the mirror image is looked up.
    pub fn descend<const M: bool>(
        &mut self,
        blank: u8,
        back: u8,
        g: u32,
        key: u64,
        mkey: u64,
        board: u64,
    ) -> bool {
        let s = self.search;
        let b = usize::from(blank) & (MAX_CELLS - 1);
        for &cell in s.neighbours[b].iter().take(usize::from(s.degree[b])) {
            if cell == back {
                continue;
            }
            let ends = match self.step::<M>(cell, blank, g, key, mkey, board) {
                Step::Pruned => false,
                Step::Ends => true,
                Step::Deeper { key, mkey, board } => {
                    self.descend::<M>(cell, blank, g + 1, key, mkey, board)
                }
            };
            if ends {
                return true;
            }
        }
        false
    }

    /// [`Dfs::descend`] for boards of at most four neighbours a cell, the node reached through
    /// its parent's slot `FROM` (any at the start); the children in slot order, which is the
    /// board's order.
    pub fn descend4<const M: bool, const FROM: usize>(
        &mut self,
        blank: u8,
        back: u8,
        g: u32,
        key: u64,
        mkey: u64,
        board: u64,
    ) -> bool {
        let slots = self.slots[usize::from(blank) & (MAX_CELLS - 1)];
        let node = (blank, back, g, key, mkey, board);
        self.child4::<M, 0>(slots[0], node)
            || self.child4::<M, 1>(slots[1], node)
            || self.child4::<M, 2>(slots[2], node)
            || self.child4::<M, 3>(slots[3], node)
    }

    /// The child in slot `SLOT` of the node `(blank, back, g, key, mkey, board)`: true when the
    /// search ends.
    #[inline(always)]
    fn child4<const M: bool, const SLOT: usize>(
        &mut self,
        cell: u8,
        (blank, back, g, key, mkey, board): (u8, u8, u32, u64, u64, u64),
    ) -> bool {
        if cell == NO_CELL || cell == back {
            return false;
        }
        match self.step::<M>(cell, blank, g, key, mkey, board) {
            Step::Pruned => false,
            Step::Ends => true,
            Step::Deeper { key, mkey, board } => {
                self.descend4::<M, SLOT>(cell, blank, g + 1, key, mkey, board)
            }
        }
    }

    /// Generates the child where the tile on `cell` slides onto `blank`, from the node `g`
    /// moves from the start with keys `key`, `mkey` and tiles `board`.
    #[inline(always)]
    fn step<const M: bool>(
        &mut self,
        cell: u8,
        blank: u8,
        g: u32,
        key: u64,
        mkey: u64,
        board: u64,
    ) -> Step {
        let s = self.search;
        self.nodes += 1;
        if stop::poll(self.nodes as usize) {
            self.stopped = true;
            return Step::Ends;
        }
        // Cells are below MAX_CELLS (16): the masks let the compiler drop the bounds checks.
        let (b, c) = (
            usize::from(blank) & (MAX_CELLS - 1),
            usize::from(cell) & (MAX_CELLS - 1),
        );
        let tile = (board >> (4 * c)) & 15;
        let sh = s.shift[tile as usize];
        let key = key - (u64::from(cell) << sh) + (u64::from(blank) << sh);
        let mut mkey = mkey;
        if M {
            let sh = s.mshift[tile as usize];
            let (from, to) = (s.transpose[c], s.transpose[b]);
            mkey = mkey - (u64::from(from) << sh) + (u64::from(to) << sh);
        }
        let Some(h) = self.within_bound::<M>(g + 1, key, mkey) else {
            return Step::Pruned;
        };
        self.path[g as usize] = cell;
        if h == 0 {
            self.length = g as usize + 1;
            return Step::Ends;
        }
        let board = board ^ (tile << (4 * c)) ^ (tile << (4 * b));
        Step::Deeper { key, mkey, board }
    }

    /// The heuristic of a child `g` moves from the start when g + h is within the bound, else
    /// None with the next bound lowered to g + h. The mirror's tables are read only when the
    /// plain sum does not prune, or prunes with an f that could lower the next bound (then the
    /// exact f, the larger of the two, is needed): once the next bound has reached its least
    /// value, most children are pruned by the plain sum alone.
    #[inline(always)]
    fn within_bound<const M: bool>(&mut self, g: u32, key: u64, mkey: u64) -> Option<u32> {
        let plain = self.sum.sum(key);
        if g + plain > self.bound {
            let f = match M && g + plain < self.next_bound {
                true => g + plain.max(self.sum.sum(mkey)),
                false => g + plain,
            };
            self.next_bound = self.next_bound.min(f);
            return None;
        }
        if !M {
            return Some(plain);
        }
        let h = plain.max(self.sum.sum(mkey));
        if g + h > self.bound {
            self.next_bound = self.next_bound.min(g + h);
            return None;
        }
        Some(h)
    }
}
