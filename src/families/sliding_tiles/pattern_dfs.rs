//! One iteration of the specialised IDA* (`pattern_search.rs`): the depth-first search below the
//! start within the bound, every child generated counted, the next bound the least f above it.
//!
//! This file holds the iteration's state, the pruning test, and the search on any board (a loop
//! over the blank's neighbours, the move back skipped by its cell); rectangles get a search
//! specialised on the direction of the last move (`pattern_grid_dfs.rs`). The path is written
//! only once the goal is found, as the recursion unwinds: no store per node.

use super::board::MAX_CELLS;
use super::duplicate_moves::DuplicateMoves;
use super::pattern_moves::{GridMoves, PatternMoves};
use super::pattern_tables::KeySum;
use crate::engine::stop;

/// One iteration's depth-first search.
pub struct Dfs<'s, T> {
    pub(super) moves: &'s PatternMoves,
    sum: &'s T,
    /// The moves by direction, on a rectangle (unused elsewhere).
    pub(super) grid: GridMoves,
    /// The duplicate-move automaton, on a rectangle.
    pub(super) duplicates: &'s DuplicateMoves,
    pub bound: u32,
    pub next_bound: u32,
    pub nodes: u64,
    pub stopped: bool,
    /// The blank's cells along the path found, the last move's first (pushed as the recursion
    /// unwinds from the goal).
    pub path: Vec<u8>,
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

impl<'s, T: KeySum> Dfs<'s, T> {
    pub fn new(moves: &'s PatternMoves, sum: &'s T, bound: u32, max_cost: u32) -> Self {
        Dfs {
            moves,
            sum,
            grid: moves.grid.unwrap_or(GridMoves::NONE),
            duplicates: &moves.duplicates,
            bound,
            next_bound: u32::MAX,
            nodes: 0,
            stopped: false,
            path: Vec::with_capacity(max_cost as usize + 1),
        }
    }

    /// Counts a generated child; true when a stop was requested (`stopped` is then set).
    #[inline(always)]
    pub(super) fn count_and_poll(&mut self) -> bool {
        self.nodes += 1;
        if stop::poll(self.nodes as usize) {
            self.stopped = true;
            return true;
        }
        false
    }

    /// Searches below the node whose blank is on `blank` (reached from `back`), `g` moves from
    /// the start, its tiles packed in `board`; true when the search ends: the goal was reached
    /// (the blank's cells are then in `path`, last first) or a stop was requested (`stopped`).
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
        let s = self.moves;
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
                self.path.push(cell);
                return true;
            }
        }
        false
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
        let s = self.moves;
        if self.count_and_poll() {
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
        match self.within_bound::<M>(g + 1, key, mkey) {
            None => Step::Pruned,
            Some(0) => Step::Ends,
            Some(_) => {
                let board = board ^ (tile << (4 * c)) ^ (tile << (4 * b));
                Step::Deeper { key, mkey, board }
            }
        }
    }

    /// The heuristic of a child `g` moves from the start when g + h is within the bound, else
    /// None with the next bound lowered to g + h. The mirror's tables are read only when the
    /// plain sum does not prune, or prunes with an f that could lower the next bound (then the
    /// exact f, the larger of the two, is needed): once the next bound has reached its least
    /// value, most children are pruned by the plain sum alone.
    #[inline(always)]
    pub(super) fn within_bound<const M: bool>(
        &mut self,
        g: u32,
        key: u64,
        mkey: u64,
    ) -> Option<u32> {
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
