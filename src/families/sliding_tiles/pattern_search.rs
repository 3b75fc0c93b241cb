//! IDA* with additive pattern databases, specialised for sliding tiles (issue 16): the node is
//! the board plus one 64-bit key holding the cell of every tile (4 bits each, group after group),
//! so a move updates every table index at once by one subtraction and one addition; the blank's
//! neighbours are read from a fixed array and the move that undoes the last one is skipped by
//! its cell; no move list is built. The mirror image's key is kept alongside and looked up only
//! when the plain sum does not settle the node (it prunes, and cannot lower the next bound). The
//! groups cover every tile, so the sum is 0 exactly at the goal: the goal test is the heuristic.
//!
//! Same nodes, order and bounds as the generic engine (`crate::engine::ida_star`) with
//! `tile_search::PatternSpace`: children in the board's adjacency order, every child generated
//! counted, the next bound the smallest f = g + max(plain, mirror) above the bound.

use super::board::{Board, MAX_CELLS};
use super::pattern_database::PatternDatabase;
use super::pattern_tables::{KeySum, MixedSum};
use super::tile_search::{BlankMove, mirror_map};
use crate::engine::ida_star::IdaOutcome;
use crate::engine::{Progress, stop};
use std::time::Instant;

/// The specialised search: the board's moves, the tables, and each tile's place in the key.
pub struct PatternSearch<'a> {
    tables: MixedSum<'a>,
    neighbours: [[u8; MAX_CELLS]; MAX_CELLS],
    degree: [u8; MAX_CELLS],
    /// Bit offset of each tile's cell in the key.
    shift: [u32; MAX_CELLS],
    /// For the mirror image: each cell's reflection and the offset of each tile's image.
    mirror: Option<([u8; MAX_CELLS], [u32; MAX_CELLS])>,
}

impl<'a> PatternSearch<'a> {
    /// `dbs` must cover every tile of the board once (the loader checks the groups).
    pub fn new(board: &Board, goal: &[u8], dbs: &'a [PatternDatabase]) -> PatternSearch<'a> {
        let mut shift = [0u32; MAX_CELLS];
        let mut offset = 0;
        for db in dbs {
            for (i, &t) in db.tiles.iter().enumerate() {
                shift[t as usize] = 4 * (offset + i) as u32;
            }
            offset += db.tiles.len();
        }
        let mut neighbours = [[0u8; MAX_CELLS]; MAX_CELLS];
        let mut degree = [0u8; MAX_CELLS];
        for (c, adj) in board.adjacent.iter().enumerate() {
            neighbours[c][..adj.len()].copy_from_slice(adj);
            degree[c] = adj.len() as u8;
        }
        let mirror = mirror_map(board, goal).map(|(transpose, image)| {
            let mut mshift = [0u32; MAX_CELLS];
            for t in 1..board.cells() {
                mshift[t] = shift[image[t] as usize];
            }
            (transpose, mshift)
        });
        PatternSearch {
            tables: MixedSum::new(dbs, board.cells()),
            neighbours,
            degree,
            shift,
            mirror,
        }
    }

    pub fn uses_mirror(&self) -> bool {
        self.mirror.is_some()
    }

    /// The plain and mirror keys of an arrangement (the tile on each cell).
    pub fn keys(&self, tiles: &[u8]) -> (u64, u64) {
        let (mut key, mut mkey) = (0u64, 0u64);
        for (cell, &t) in tiles.iter().enumerate() {
            if t == 0 {
                continue;
            }
            key += (cell as u64) << self.shift[t as usize];
            if let Some((transpose, mshift)) = &self.mirror {
                mkey += u64::from(transpose[cell]) << mshift[t as usize];
            }
        }
        (key, mkey)
    }

    /// The heuristic of an arrangement: the larger of the plain and mirror sums.
    pub fn heuristic(&self, tiles: &[u8]) -> u32 {
        let (key, mkey) = self.keys(tiles);
        let plain = self.tables.sum(key);
        match self.mirror {
            Some(_) => plain.max(self.tables.sum(mkey)),
            None => plain,
        }
    }

    /// IDA* from `start` for at most `max_cost` moves, with the tables' sum unrolled for the
    /// usual partitions (three sparse tables, two compact ones).
    pub fn solve(&self, start: &[u8], max_cost: u32, progress: &Progress) -> IdaOutcome<BlankMove> {
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
        let (key, mkey) = self.keys(start);
        let h = self.heuristic(start);
        let mut dfs = Dfs {
            search: self,
            sum,
            bound: h,
            next_bound: u32::MAX,
            nodes: 0,
            stopped: false,
            path: vec![0; max_cost as usize + 1],
            length: 0,
        };
        let mut bounds = Vec::new();
        let mut found = h == 0;
        while !found && dfs.bound <= max_cost {
            bounds.push(dfs.bound);
            progress.message(|| format!("ida*: bound {}, {} nodes", dfs.bound, dfs.nodes));
            dfs.next_bound = u32::MAX;
            found = dfs.descend(blank, u8::MAX, 0, key, mkey, pack(start));
            if found || dfs.stopped || dfs.next_bound == u32::MAX {
                break; // nothing beyond the bound: the reachable space holds no goal
            }
            dfs.bound = dfs.next_bound;
        }
        let moves = found.then(|| blank_moves(blank, &dfs.path[..dfs.length]));
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
fn blank_moves(mut blank: u8, cells: &[u8]) -> Vec<BlankMove> {
    cells
        .iter()
        .map(|&to| {
            let mv = BlankMove { from: blank, to };
            blank = to;
            mv
        })
        .collect()
}

/// One iteration's depth-first search.
struct Dfs<'s, 'a, T> {
    search: &'s PatternSearch<'a>,
    sum: &'s T,
    bound: u32,
    next_bound: u32,
    nodes: u64,
    stopped: bool,
    /// The blank's cell after each move of the current path (`path[g]` after move g + 1).
    path: Vec<u8>,
    /// The number of moves of the path found.
    length: usize,
}

impl<T: KeySum> Dfs<'_, '_, T> {
    /// Searches below the node whose blank is on `blank` (reached from `back`), `g` moves from
    /// the start, its tiles packed in `board`; true when the goal was reached (the blank's
    /// cells are then in `path[..length]`).
    fn descend(&mut self, blank: u8, back: u8, g: u32, key: u64, mkey: u64, board: u64) -> bool {
        let s = self.search;
        let b = blank as usize;
        for &cell in &s.neighbours[b][..s.degree[b] as usize] {
            if cell == back || self.stopped {
                continue;
            }
            self.nodes += 1;
            self.stopped |= stop::poll(self.nodes as usize);
            // The tile on `cell` slides onto `blank`.
            let tile = (board >> (4 * cell)) & 15;
            let sh = s.shift[tile as usize];
            let key = key - (u64::from(cell) << sh) + (u64::from(blank) << sh);
            let mut h = self.sum.sum(key);
            let mut mkey = mkey;
            if let Some((transpose, mshift)) = &s.mirror {
                let sh = mshift[tile as usize];
                let (from, to) = (transpose[cell as usize], transpose[b]);
                mkey = mkey - (u64::from(from) << sh) + (u64::from(to) << sh);
                // Read at once with the plain sum rather than after it: the two sets of table
                // reads then wait on memory together (where the plain sum prunes, the larger
                // sum prunes too and leaves the next bound as it was).
                h = h.max(self.sum.sum(mkey));
            }
            let f = g + 1 + h;
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            self.path[g as usize] = cell;
            if h == 0 {
                self.length = g as usize + 1;
                return true;
            }
            let board = board ^ (tile << (4 * cell)) ^ (tile << (4 * blank));
            if self.descend(cell, blank, g + 1, key, mkey, board) {
                return true;
            }
        }
        false
    }
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
        assert!(search.uses_mirror());
        // Every 997th position, and the seed's 31-move start.
        let mut positions: Vec<(&Vec<u8>, &u32)> = dist.iter().collect();
        positions.sort();
        let seed = vec![8, 6, 7, 2, 5, 4, 3, 0, 1];
        let picked = positions
            .iter()
            .step_by(997)
            .map(|(s, d)| ((*s).clone(), **d));
        for (start, d) in picked.chain([(seed, 31)]) {
            assert!(search.heuristic(&start) <= d, "admissible at {start:?}");
            let out = search.solve(&start, 80, &Progress::hidden());
            let moves = out.moves.unwrap();
            assert_eq!(moves.len() as u32, d, "{start:?}");
            assert!(replays_to_goal(&start, &goal, &board, &moves));
        }
    }
}
