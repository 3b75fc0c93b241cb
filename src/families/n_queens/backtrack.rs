//! Plain bitboard backtracking, row by row: the columns and both diagonals under attack are three
//! bitmasks, so the open squares of a row are one AND-NOT and each queen tried is its lowest bit.
//! Honours the per-row `allowed` masks, so it handles given queens.

use crate::engine::stop;
use rayon::prelude::*;

/// A partial placement: the next row to fill and the squares of that row attacked along columns
/// (`down`) and the two diagonals (`left` moves one column up per row, `right` one down).
#[derive(Clone, Copy, Debug)]
pub struct Frontier {
    pub row: usize,
    pub left: u64,
    pub down: u64,
    pub right: u64,
}

impl Frontier {
    pub const START: Frontier = Frontier {
        row: 0,
        left: 0,
        down: 0,
        right: 0,
    };

    /// The frontier after a queen on `bit` in this row.
    #[inline(always)]
    pub fn place(self, bit: u64) -> Frontier {
        Frontier {
            row: self.row + 1,
            left: (self.left | bit) << 1,
            down: self.down | bit,
            right: (self.right | bit) >> 1,
        }
    }

    #[inline(always)]
    pub fn open(self, allowed: u64) -> u64 {
        allowed & !(self.left | self.down | self.right)
    }
}

pub struct Listing {
    /// Column per row, in lexicographic order.
    pub solutions: Vec<Vec<u8>>,
    /// False when the search stopped at the limit with placements left unexplored.
    pub complete: bool,
    pub nodes: u64,
}

/// The first `limit` solutions in lexicographic order of their columns (as the seed prints them).
pub fn list(allowed: &[u64], limit: usize) -> Listing {
    list_from(allowed, Frontier::START, &[], limit)
}

/// The first `limit` completions of the partial placement `f` (its columns so far `placed`).
pub fn list_from(allowed: &[u64], f: Frontier, placed: &[u8], limit: usize) -> Listing {
    let mut cols = vec![0; allowed.len()];
    cols[..placed.len()].copy_from_slice(placed);
    let mut l = Lister {
        allowed,
        cols,
        out: Listing {
            solutions: Vec::new(),
            complete: true,
            nodes: 0,
        },
        limit,
    };
    l.search(f);
    l.out
}

struct Lister<'a> {
    allowed: &'a [u64],
    cols: Vec<u8>,
    out: Listing,
    limit: usize,
}

impl Lister<'_> {
    /// False once the limit is reached.
    fn search(&mut self, f: Frontier) -> bool {
        if f.row == self.allowed.len() {
            if self.out.solutions.len() == self.limit {
                self.out.complete = false;
                return false;
            }
            self.out.solutions.push(self.cols.clone());
            return true;
        }
        let mut open = f.open(self.allowed[f.row]);
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            self.out.nodes += 1;
            self.cols[f.row] = bit.trailing_zeros() as u8;
            if !self.search(f.place(bit)) {
                return false;
            }
        }
        true
    }
}

/// Solutions and search nodes (queens placed) of a count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub solutions: u64,
    pub nodes: u64,
}

impl std::ops::Add for Tally {
    type Output = Tally;
    fn add(self, o: Tally) -> Tally {
        Tally {
            solutions: self.solutions + o.solutions,
            nodes: self.nodes + o.nodes,
        }
    }
}

/// Counts the completions of `f` without building them. Rows before `split_until` fan out their
/// placements to rayon's threads; deeper rows run sequentially.
pub fn count(allowed: &[u64], f: Frontier, split_until: usize) -> Tally {
    let n = allowed.len();
    if f.row == n {
        return Tally {
            solutions: 1,
            nodes: 0,
        };
    }
    if f.row >= split_until {
        // A stop (time limit, Ctrl-C) skips the subtrees not yet counted: the tally is then
        // partial, and the report says so.
        if stop::requested().is_some() {
            return Tally::default();
        }
        let mut nodes = 0;
        let solutions = count_sequential(allowed, f, &mut nodes);
        return Tally { solutions, nodes };
    }
    let open = f.open(allowed[f.row]);
    bits(open)
        .collect::<Vec<u64>>()
        .into_par_iter()
        .map(|bit| {
            let t = count(allowed, f.place(bit), split_until);
            Tally {
                solutions: t.solutions,
                nodes: t.nodes + 1,
            }
        })
        .reduce(Tally::default, |a, b| a + b)
}

/// The hot loop, without recursion: an explicit stack of the rows above, three masks per row,
/// and the last row counted by a popcount instead of being placed.
fn count_sequential(allowed: &[u64], f: Frontier, nodes: &mut u64) -> u64 {
    let last = allowed.len() - 1;
    if f.row == last {
        let found = u64::from(f.open(allowed[last]).count_ones());
        *nodes += found;
        return found;
    }
    // Saved (open squares left, left, down, right) of each row between f.row and the current.
    let mut stack = [(0u64, 0u64, 0u64, 0u64); 64];
    let mut depth = 0;
    let (mut row, mut left, mut down, mut right) = (f.row, f.left, f.down, f.right);
    let mut open = f.open(allowed[row]);
    let (mut total, mut placed) = (0u64, 0u64);
    loop {
        if open == 0 {
            if depth == 0 {
                break;
            }
            depth -= 1;
            row -= 1;
            (open, left, down, right) = stack[depth];
            continue;
        }
        let bit = open & open.wrapping_neg();
        open ^= bit;
        placed += 1;
        let (l, d, r) = ((left | bit) << 1, down | bit, (right | bit) >> 1);
        if row + 1 == last {
            let found = u64::from((allowed[last] & !(l | d | r)).count_ones());
            total += found;
            placed += found;
            continue;
        }
        if allowed[row + 2] & !((l << 1) | d | (r >> 1)) == 0 {
            // Row + 2 is closed whatever the next row takes.
            continue;
        }
        stack[depth] = (open, left, down, right);
        depth += 1;
        row += 1;
        (left, down, right) = (l, d, r);
        open = allowed[row] & !(left | down | right);
    }
    *nodes += placed;
    total
}

/// The set bits of `mask`, lowest first, each as a one-bit mask.
pub fn bits(mut mask: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask & mask.wrapping_neg();
            mask ^= bit;
            bit
        })
    })
}

/// How many rows to fan out so that 2-core machines (and bigger) get enough tasks to balance.
pub fn split_rows(n: usize) -> usize {
    match n {
        0..=8 => 0,
        9..=12 => 2,
        _ => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::n_queens::board::full_mask;

    #[test]
    fn lists_four_queens_in_order() {
        let l = list(&[full_mask(4); 4], 10);
        assert_eq!(l.solutions, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
        assert!(l.complete);
        let l = list(&[full_mask(4); 4], 1);
        assert_eq!(l.solutions.len(), 1);
        assert!(!l.complete);
    }

    #[test]
    fn counting_agrees_with_listing() {
        for n in 1..=8 {
            let allowed = vec![full_mask(n); n];
            let listed = list(&allowed, usize::MAX).solutions.len() as u64;
            for split in [0, 2, 3] {
                assert_eq!(count(&allowed, Frontier::START, split).solutions, listed);
            }
        }
    }
}
