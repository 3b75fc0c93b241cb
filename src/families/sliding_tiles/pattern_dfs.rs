//! One iteration of the specialised IDA* (`pattern_search.rs`): the depth-first search below the
//! start within the bound, every child generated counted, the next bound the least f above it.
//!
//! This file holds the iteration's state, the pruning test, and the search on any board (a loop
//! over the blank's neighbours, the move back skipped by its cell); rectangles get a search
//! specialised on the direction of the last move (`pattern_grid_dfs.rs`). The path is written
//! only once the goal is found, as the recursion unwinds: no store per node.
//!
//! A node carries its *floor*: the moves from the start, plus the Manhattan distance of all the
//! tiles when the tables hold only the excess over it ([`KeySum::ABOVE_DISTANCE`]); f is the
//! floor plus the tables' sum.

use super::board::MAX_CELLS;
use super::pattern_grid_dfs::GridMoves;
use super::pattern_nibbles::TileDistances;
use super::pattern_search::PatternSearch;
use super::pattern_tables::KeySum;
use crate::engine::stop;

/// No cell: an off-board neighbour, or no move before the start.
pub const NO_CELL: u8 = u8::MAX;

/// One iteration's depth-first search.
pub struct Dfs<'s, 'a, T> {
    pub(super) search: &'s PatternSearch<'a>,
    sum: &'s T,
    /// The moves by direction, on a rectangle (unused elsewhere).
    pub(super) grid: GridMoves,
    /// Each tile's distance to its goal cell from each cell (read when the floor holds it).
    distance: TileDistances,
    /// The goal's tiles, 4 bits per cell.
    goal: u64,
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
    /// Within the bound: the child's floor, keys and tiles, to search below it.
    Deeper {
        floor: u32,
        key: u64,
        mkey: u64,
        board: u64,
    },
}

impl<'s, 'a, T: KeySum> Dfs<'s, 'a, T> {
    pub fn new(search: &'s PatternSearch<'a>, sum: &'s T, bound: u32, max_cost: u32) -> Self {
        Dfs {
            search,
            sum,
            grid: search.grid.unwrap_or(GridMoves::NONE),
            distance: search.distance,
            goal: search.goal,
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

    /// Searches below the node whose blank is on `blank` (reached from `back`), at `floor`, its
    /// tiles packed in `board`; true when the search ends: the goal was reached
    /// (the blank's cells are then in `path`, last first) or a stop was requested (`stopped`).
    /// `M`: whether the mirror image is looked up.
    pub fn descend<const M: bool>(
        &mut self,
        blank: u8,
        back: u8,
        floor: u32,
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
            let ends = match self.step::<M>(cell, blank, floor, key, mkey, board) {
                Step::Pruned => false,
                Step::Ends => true,
                Step::Deeper {
                    floor,
                    key,
                    mkey,
                    board,
                } => self.descend::<M>(cell, blank, floor, key, mkey, board),
            };
            if ends {
                self.path.push(cell);
                return true;
            }
        }
        false
    }

    /// Generates the child where the tile on `cell` slides onto `blank`, from the node at
    /// `floor` with keys `key`, `mkey` and tiles `board`.
    #[inline(always)]
    fn step<const M: bool>(
        &mut self,
        cell: u8,
        blank: u8,
        floor: u32,
        key: u64,
        mkey: u64,
        board: u64,
    ) -> Step {
        let s = self.search;
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
        let floor = self.child_floor(floor, tile as usize, c, b);
        match self.within_bound::<M>(floor, key, mkey) {
            None => Step::Pruned,
            Some(sum) => {
                let board = board ^ (tile << (4 * c)) ^ (tile << (4 * b));
                match self.at_goal(sum, board) {
                    true => Step::Ends,
                    false => Step::Deeper {
                        floor,
                        key,
                        mkey,
                        board,
                    },
                }
            }
        }
    }

    /// The floor of the child where `tile` slides from cell `from` to `to`: one move more, and
    /// the change of its distance when the floor holds the distances.
    #[inline(always)]
    pub(super) fn child_floor(&self, floor: u32, tile: usize, from: usize, to: usize) -> u32 {
        if !T::ABOVE_DISTANCE {
            return floor + 1;
        }
        let d = &self.distance[tile & (MAX_CELLS - 1)];
        // A move changes the distance by at most 1: never below 0.
        floor + 1 + u32::from(d[to & (MAX_CELLS - 1)]) - u32::from(d[from & (MAX_CELLS - 1)])
    }

    /// Whether a child within the bound whose tables' sum is `sum` and tiles `board` is the
    /// goal: the sum is 0 only there, unless it is an excess over the distance, 0 wherever each
    /// group's entry equals its distance.
    #[inline(always)]
    pub(super) fn at_goal(&self, sum: u32, board: u64) -> bool {
        sum == 0 && (!T::ABOVE_DISTANCE || board == self.goal)
    }

    /// The tables' sum of a child at `floor` when f = floor + sum (g + h) is within the bound,
    /// else None with the next bound lowered to f. The mirror's tables are read only when the
    /// plain sum does not prune, or prunes with an f that could lower the next bound (then the
    /// exact f, the larger of the two, is needed): once the next bound has reached its least
    /// value, most children are pruned by the plain sum alone.
    #[inline(always)]
    pub(super) fn within_bound<const M: bool>(
        &mut self,
        floor: u32,
        key: u64,
        mkey: u64,
    ) -> Option<u32> {
        let plain = self.sum.sum(key);
        if floor + plain > self.bound {
            let f = match M && floor + plain < self.next_bound {
                true => floor + plain.max(self.sum.sum(mkey)),
                false => floor + plain,
            };
            self.next_bound = self.next_bound.min(f);
            return None;
        }
        if !M {
            return Some(plain);
        }
        let sum = plain.max(self.sum.sum(mkey));
        if floor + sum > self.bound {
            self.next_bound = self.next_bound.min(floor + sum);
            return None;
        }
        Some(sum)
    }
}
