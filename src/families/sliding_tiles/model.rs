//! An arrangement packed 4 bits per cell into a u64 (cell i in bits 4i..4i+4, 0 = blank); a move
//! slides the tile of a cell next to the blank into it. The rank of an arrangement (its Lehmer
//! code) is a perfect hash into 0..n!, used by the array-based searches.

use super::board::Board;
use crate::engine::ranked_bfs::RankedSpace;
use crate::engine::{ReversibleSpace, StateSpace};

pub type State = u64;

/// A tile slid from one cell to the next (where the blank was).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub tile: u8,
    pub from: u8,
    pub to: u8,
}

pub struct Tiles {
    pub board: Board,
    n: usize,
    /// Mask of the low nibble bit of every used cell.
    low_bits: u64,
    /// `weight[c]` = (n-1-c)!, the place value of cell c's Lehmer digit.
    weight: [u64; super::board::MAX_CELLS],
}

impl Tiles {
    pub fn new(board: Board) -> Tiles {
        let n = board.cells();
        let low_bits = (0..n).fold(0u64, |m, c| m | 1 << (4 * c));
        let mut weight = [1u64; super::board::MAX_CELLS];
        for c in (0..n.saturating_sub(1)).rev() {
            weight[c] = weight[c + 1] * (n - 1 - c) as u64;
        }
        Tiles {
            board,
            n,
            low_bits,
            weight,
        }
    }

    pub fn cells(&self) -> usize {
        self.n
    }

    pub fn pack(&self, tiles: &[u8]) -> State {
        tiles
            .iter()
            .enumerate()
            .fold(0, |s, (c, &t)| s | u64::from(t) << (4 * c))
    }

    pub fn unpack(&self, s: State) -> Vec<u8> {
        (0..self.n).map(|c| tile_at(s, c)).collect()
    }

    /// The blank's cell: the one zero nibble.
    #[inline]
    pub fn blank(&self, s: State) -> usize {
        let mut t = s | (s >> 1);
        t |= t >> 2;
        (!t & self.low_bits).trailing_zeros() as usize / 4
    }

    /// Slides the tile on `from` into the blank on `to`.
    #[inline]
    pub fn slide(s: State, from: usize, to: usize) -> (Move, State) {
        let tile = tile_at(s, from);
        let t = u64::from(tile);
        let next = s - (t << (4 * from)) + (t << (4 * to));
        (
            Move {
                tile,
                from: from as u8,
                to: to as u8,
            },
            next,
        )
    }

    /// The state after `mv`, when it is a legal move of `s`.
    pub fn apply(&self, s: State, mv: Move) -> Option<State> {
        let (from, to) = (mv.from as usize, mv.to as usize);
        let legal = to == self.blank(s)
            && self.board.adjacent[to].contains(&mv.from)
            && tile_at(s, from) == mv.tile;
        legal.then(|| Self::slide(s, from, to).1)
    }
}

#[inline]
pub fn tile_at(s: State, cell: usize) -> u8 {
    ((s >> (4 * cell)) & 0xF) as u8
}

impl StateSpace for Tiles {
    type State = State;
    type Move = Move;

    #[inline]
    fn successors(&self, s: &State, out: &mut Vec<(Move, State)>) {
        let blank = self.blank(*s);
        for &c in &self.board.adjacent[blank] {
            out.push(Self::slide(*s, c as usize, blank));
        }
    }
}

impl ReversibleSpace for Tiles {
    /// A slide is undone by sliding the same tile back.
    fn predecessors(&self, s: &State, out: &mut Vec<(Move, State)>) {
        let blank = self.blank(*s);
        for &c in &self.board.adjacent[blank] {
            let (back, prev) = Self::slide(*s, c as usize, blank);
            let forward = Move {
                tile: back.tile,
                from: back.to,
                to: back.from,
            };
            out.push((forward, prev));
        }
    }
}

impl RankedSpace for Tiles {
    fn size(&self) -> u64 {
        (1..=self.n as u64).product()
    }

    /// Lehmer code: each tile's count of smaller tiles not yet placed, times (n-1-c)!; the
    /// products are independent, so they run in parallel (the last digit is always 0).
    #[inline]
    fn rank(&self, s: &State) -> u64 {
        let mut unused: u32 = (1 << self.n) - 1;
        let mut rank = 0u64;
        for c in 0..self.n - 1 {
            let t = tile_at(*s, c);
            rank += self.weight[c] * u64::from((unused & ((1 << t) - 1)).count_ones());
            unused ^= 1 << t;
        }
        rank
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_perfect_hash() {
        let tiles = Tiles::new(Board::rectangle(2, 3));
        let mut seen = vec![false; 720];
        let root = tiles.pack(&[1, 2, 3, 4, 5, 0]);
        let out = crate::engine::layers::explore(&tiles, root, &crate::engine::Progress::hidden());
        assert_eq!(out.stats.states, 360);
        // Every rank is distinct and in range over all 720 permutations of 0..6.
        let mut perm = [0u8, 1, 2, 3, 4, 5];
        heap_permutations(&mut perm, 6, &mut |p| {
            let r = tiles.rank(&tiles.pack(p)) as usize;
            assert!(!seen[r]);
            seen[r] = true;
        });
        assert!(seen.iter().all(|&b| b));
    }

    fn heap_permutations(a: &mut [u8], k: usize, f: &mut impl FnMut(&[u8])) {
        if k == 1 {
            f(a);
            return;
        }
        for i in 0..k {
            heap_permutations(a, k - 1, f);
            let j = if k.is_multiple_of(2) { i } else { 0 };
            a.swap(j, k - 1);
        }
    }

    #[test]
    fn blank_is_found_and_moves_replay() {
        let tiles = Tiles::new(Board::rectangle(3, 3));
        let s = tiles.pack(&[8, 6, 7, 2, 5, 4, 3, 0, 1]);
        assert_eq!(tiles.blank(s), 7);
        let mut out = Vec::new();
        tiles.successors(&s, &mut out);
        assert_eq!(out.len(), 3);
        for (mv, next) in out {
            assert_eq!(tiles.apply(s, mv), Some(next));
        }
    }
}
