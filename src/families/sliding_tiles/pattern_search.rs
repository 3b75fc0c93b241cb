//! IDA* with additive pattern databases, specialised for sliding tiles (issue 16): the node is
//! the board plus one 64-bit key holding the cell of every tile (4 bits each, group after group),
//! so a move updates every table index at once (by one subtraction on a rectangle, where what a
//! move does to the key depends only on its direction and the tile: `pattern_grid_dfs.rs`); on
//! a rectangle the recursion is specialised on the last move's direction, so the move back is
//! never generated; elsewhere the blank's neighbours are read from a fixed array and the move
//! back is skipped by its cell; no move list is built. The mirror image's key is kept alongside
//! and looked up only when the plain sum does not settle the node (it prunes, and cannot lower
//! the next bound). The groups cover every tile, so the sum is 0 exactly at the goal: the goal
//! test is the heuristic.
//!
//! Elsewhere the same nodes, order and bounds as the generic engine (`crate::engine::ida_star`)
//! with `tile_search::PatternSpace`: children in the board's adjacency order, every child
//! generated counted, the next bound the smallest f = g + max(plain, mirror) above the bound. On
//! a rectangle, a move that would complete a sequence leading where a smaller one leads is not
//! generated (`duplicate_moves.rs`): a third fewer nodes on Korf's 100, the same lengths. (The C++
//! peer raises its bound by 2; on a rectangle the next bound found here moves by 2 anyway: a
//! group tile's move takes it to a cell of the other colour of the checkerboard, so it changes
//! its group's entry by exactly 1 and f keeps its parity.)

use super::board::Board;
use super::duplicate_moves::DuplicateMoves;
use super::pattern_database::PatternDatabase;
use super::pattern_dfs::Dfs;
use super::pattern_moves::{NO_CELL, PatternMoves};
use super::pattern_tables::{KeySum, MixedSum};
use super::tile_search::BlankMove;
use crate::engine::Progress;
use crate::engine::ida_star::IdaOutcome;
use std::time::Instant;

/// The specialised search: the board's moves and each tile's place in the key, and the tables.
pub struct PatternSearch<'a> {
    tables: MixedSum<'a>,
    moves: PatternMoves,
}

impl<'a> PatternSearch<'a> {
    /// `dbs` must cover every tile of the board once (the loader checks the groups).
    pub fn new(board: &Board, goal: &[u8], dbs: &'a [PatternDatabase]) -> PatternSearch<'a> {
        PatternSearch {
            tables: MixedSum::new(dbs, board.cells()),
            moves: PatternMoves::new(board, goal, dbs),
        }
    }

    /// The heuristic of an arrangement: the larger of the plain and mirror sums.
    pub fn heuristic(&self, tiles: &[u8]) -> u32 {
        let (key, mkey) = self.moves.keys(tiles);
        let plain = self.tables.sum(key);
        match self.moves.has_mirror {
            true => plain.max(self.tables.sum(mkey)),
            false => plain,
        }
    }

    /// IDA* from `start` for at most `max_cost` moves, with the tables' sum unrolled for the
    /// usual partitions (6-6-3 with its fields at fixed places, three sparse tables, two compact
    /// ones).
    pub fn solve(&self, start: &[u8], max_cost: u32, progress: &Progress) -> IdaOutcome<BlankMove> {
        if let Some(sum) = self.tables.six_six_three() {
            return self.solve_with(&sum, start, max_cost, progress);
        }
        if let Some(sum) = self.tables.sparse::<3>() {
            return self.solve_with(&sum, start, max_cost, progress);
        }
        if let Some(sum) = self.tables.ranked::<2>() {
            return self.solve_with(&sum, start, max_cost, progress);
        }
        self.solve_with(&self.tables, start, max_cost, progress)
    }

    fn solve_with<T: KeySum>(
        &self,
        sum: &T,
        start: &[u8],
        max_cost: u32,
        progress: &Progress,
    ) -> IdaOutcome<BlankMove> {
        let t0 = Instant::now();
        let blank = start.iter().position(|&t| t == 0).unwrap_or(0) as u8;
        let (key, mkey) = self.moves.keys(start);
        let h = self.heuristic(start);
        let mut dfs = Dfs::new(&self.moves, sum, h, max_cost);
        let mut bounds = Vec::new();
        let mut found = h == 0;
        let board = pack(start);
        while !found && dfs.bound <= max_cost {
            bounds.push(dfs.bound);
            progress.message(|| format!("ida*: bound {}, {} nodes", dfs.bound, dfs.nodes));
            dfs.next_bound = u32::MAX;
            let b = usize::from(blank) | (DuplicateMoves::START as usize) << 4;
            let ends = match (self.moves.has_mirror, self.moves.grid.is_some()) {
                (true, true) => dfs.descend_grid::<true, 4>(b, 0, key, mkey, board),
                (false, true) => dfs.descend_grid::<false, 4>(b, 0, key, mkey, board),
                (true, false) => dfs.descend::<true>(blank, NO_CELL, 0, key, mkey, board),
                (false, false) => dfs.descend::<false>(blank, NO_CELL, 0, key, mkey, board),
            };
            found = ends && !dfs.stopped;
            if ends || dfs.next_bound == u32::MAX {
                break; // nothing beyond the bound: the reachable space holds no goal
            }
            dfs.bound = dfs.next_bound;
        }
        // The path was pushed as the recursion unwound: the last move first.
        let moves = found.then(|| blank_moves(blank, dfs.path.iter().rev()));
        IdaOutcome {
            moves,
            nodes: dfs.nodes,
            bounds,
            elapsed: t0.elapsed(),
        }
    }
}

/// The tile on each cell, 4 bits per cell.
fn pack(tiles: &[u8]) -> u64 {
    let mut board = 0u64;
    for (cell, &t) in tiles.iter().enumerate() {
        board |= u64::from(t) << (4 * cell);
    }
    board
}

/// The blank's cells along the path as blank moves from `blank`.
fn blank_moves<'c>(mut blank: u8, cells: impl Iterator<Item = &'c u8>) -> Vec<BlankMove> {
    cells
        .map(|&to| {
            let mv = BlankMove { from: blank, to };
            blank = to;
            mv
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::sliding_tiles::pattern_database::build;
    use std::collections::HashMap;

    fn sparse(board: &Board, goal: &[u8], groups: &[&[u8]]) -> Vec<PatternDatabase> {
        groups
            .iter()
            .map(|g| PatternDatabase {
                tiles: g.to_vec(),
                table: build(board, goal, g),
                ranked: false,
                cached: false,
                refused: None,
            })
            .collect()
    }

    /// Every arrangement's distance to `goal` by breadth-first search (independent of IDA*).
    fn distances(board: &Board, goal: &[u8]) -> HashMap<Vec<u8>, u32> {
        let mut dist = HashMap::from([(goal.to_vec(), 0)]);
        let mut layer = vec![goal.to_vec()];
        let mut d = 0;
        while !layer.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for s in &layer {
                let b = s.iter().position(|&t| t == 0).unwrap();
                for &c in &board.adjacent[b] {
                    let mut t = s.clone();
                    t.swap(b, c as usize);
                    if !dist.contains_key(&t) {
                        dist.insert(t.clone(), d);
                        next.push(t);
                    }
                }
            }
            layer = next;
        }
        dist
    }

    fn replays_to_goal(start: &[u8], goal: &[u8], board: &Board, moves: &[BlankMove]) -> bool {
        let mut s = start.to_vec();
        for m in moves {
            if s[m.from as usize] != 0 || !board.adjacent[m.from as usize].contains(&m.to) {
                return false;
            }
            s.swap(m.from as usize, m.to as usize);
        }
        s == goal
    }

    #[test]
    fn optimal_on_every_sampled_eight_puzzle_position() {
        let board = Board::rectangle(3, 3);
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        let dist = distances(&board, &goal);
        assert_eq!(dist.len(), 181_440);
        let dbs = sparse(&board, &goal, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]);
        let search = PatternSearch::new(&board, &goal, &dbs);
        assert!(search.moves.has_mirror);
        // Every 97th position, and the seed's 31-move start.
        let mut positions: Vec<(&Vec<u8>, &u32)> = dist.iter().collect();
        positions.sort();
        let seed = vec![8, 6, 7, 2, 5, 4, 3, 0, 1];
        let picked = positions
            .iter()
            .step_by(97)
            .map(|(s, d)| ((*s).clone(), **d));
        for (start, d) in picked.chain([(seed, 31)]) {
            assert!(search.heuristic(&start) <= d, "admissible at {start:?}");
            let out = search.solve(&start, 80, &Progress::hidden());
            let moves = out.moves.unwrap();
            assert_eq!(moves.len() as u32, d, "{start:?}");
            assert!(replays_to_goal(&start, &goal, &board, &moves));
        }
    }

    /// A rectangle that is not square (no mirror; the duplicate moves depend on its shape):
    /// every position of the 2 x 4 board solved in its distance.
    #[test]
    fn optimal_on_every_position_of_a_two_by_four_board() {
        let board = Board::rectangle(2, 4);
        let goal = [1, 2, 3, 4, 5, 6, 7, 0];
        let dist = distances(&board, &goal);
        assert_eq!(dist.len(), 20_160);
        let dbs = sparse(&board, &goal, &[&[1, 2, 3, 4], &[5, 6, 7]]);
        let search = PatternSearch::new(&board, &goal, &dbs);
        for (start, &d) in &dist {
            let moves = search.solve(start, 80, &Progress::hidden()).moves.unwrap();
            assert_eq!(moves.len() as u32, d, "{start:?}");
            assert!(replays_to_goal(start, &goal, &board, &moves));
        }
    }
}
