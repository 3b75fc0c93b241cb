//! The N-queens board: its size, the queens the spec places, and for each row the columns still
//! open to a queen (a bitmask, bit c = column c). Also the independent check of a finished
//! placement and its two renderings (the seed's row notation and a picture of the board).

use crate::report::picture::{Content, Grid, Picture};

/// Bitboards are u64, so the backtracking engines take boards of at most 64 columns.
pub const MAX_N: usize = 64;
/// `objective = "any"` builds its placement in O(n): a million columns take milliseconds.
pub const MAX_ANY_N: usize = 1_000_000;

pub struct Board {
    pub n: usize,
    /// Queens given by the spec, as (row, column), in spec order.
    pub placed: Vec<(usize, usize)>,
    /// Per row, the columns a queen may take: the given column in a row with a placed queen,
    /// otherwise every column that no placed queen attacks. Empty on boards over `MAX_N`,
    /// which only the constructive placement takes.
    pub allowed: Vec<u64>,
}

/// Two given queens that attack each other (indices into the given list).
#[derive(Debug, PartialEq, Eq)]
pub struct Conflict {
    pub first: usize,
    pub second: usize,
    pub line: Line,
}

/// What two attacking queens share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    /// Both on one square.
    Square,
    Row,
    Column,
    Diagonal,
}

impl Line {
    pub fn name(self) -> &'static str {
        match self {
            Line::Square => "square",
            Line::Row => "row",
            Line::Column => "column",
            Line::Diagonal => "diagonal",
        }
    }
}

impl Board {
    /// A board of size `n` (1..=`MAX_ANY_N`) with the `placed` queens (each inside the board).
    pub fn new(n: usize, placed: Vec<(usize, usize)>) -> Result<Board, Conflict> {
        assert!((1..=MAX_ANY_N).contains(&n) && placed.iter().all(|&(r, c)| r < n && c < n));
        for (second, &b) in placed.iter().enumerate() {
            for (first, &a) in placed[..second].iter().enumerate() {
                if let Some(line) = attack_line(a, b) {
                    return Err(Conflict {
                        first,
                        second,
                        line,
                    });
                }
            }
        }
        if n > MAX_N {
            let allowed = Vec::new();
            return Ok(Board { n, placed, allowed });
        }
        let full = full_mask(n);
        let allowed = (0..n)
            .map(|row| match placed.iter().find(|&&(r, _)| r == row) {
                Some(&(_, c)) => 1u64 << c,
                None => placed
                    .iter()
                    .fold(full, |open, &q| open & !attacked_in_row(n, q, row)),
            })
            .collect();
        Ok(Board { n, placed, allowed })
    }

    /// True when no queen is given: the board is then symmetric under all 8 symmetries.
    pub fn is_empty(&self) -> bool {
        self.placed.is_empty()
    }

    /// Checks a finished placement (`cols[row]` = column of the queen in that row) from scratch,
    /// in O(n) with one counter per column and per diagonal: n queens, each inside the board, no
    /// two sharing a column or a diagonal, and every given queen present (rows are distinct by
    /// construction: one entry per row). Returns what is wrong otherwise.
    pub fn verify<C: Copy + Into<u32>>(&self, cols: &[C]) -> Result<(), String> {
        let n = self.n;
        if cols.len() != n {
            return Err(format!("{} queens on a board of {n}", cols.len()));
        }
        let mut column = vec![0u32; n];
        // Diagonal r + c and anti-diagonal r - c + n - 1, each in 0..2n - 1.
        let mut sum = vec![0u32; 2 * n - 1];
        let mut difference = vec![0u32; 2 * n - 1];
        for (r, &c) in cols.iter().enumerate() {
            let c = c.into() as usize;
            if c >= n {
                return Err(format!("row {r} has column {c}, outside the board"));
            }
            column[c] += 1;
            sum[r + c] += 1;
            difference[r + n - 1 - c] += 1;
        }
        let crowded = |counts: &[u32], what: &str| match counts.iter().position(|&k| k > 1) {
            Some(i) => Err(format!("{} queens share {what} {i}", counts[i])),
            None => Ok(()),
        };
        crowded(&column, "column")?;
        crowded(&sum, "the diagonal row + column =")?;
        crowded(&difference, "the diagonal row - column + n - 1 =")?;
        for &(r, c) in &self.placed {
            if cols[r].into() as usize != c {
                return Err(format!("the given queen at ({r}, {c}) is missing"));
            }
        }
        Ok(())
    }

    /// The seed's notation: the column of each row's queen, `(0 4 7 5 2 6 1 3)`.
    pub fn notation<C: Copy + Into<u32>>(cols: &[C]) -> String {
        let cells: Vec<String> = cols.iter().map(|&c| c.into().to_string()).collect();
        format!("({})", cells.join(" "))
    }

    /// The placement drawn: a queen in column `cols[r]` of each row `r`, the rows and columns
    /// labelled from 0 as the placement `(0 4 7 5 2 6 1 3)` and the JSON squares count them.
    pub fn picture<C: Copy + Into<u32>>(&self, cols: &[C]) -> Picture {
        let mut grid = Grid::empty(cols.len(), self.n);
        for (r, &q) in cols.iter().enumerate() {
            let c = q.into() as usize;
            if c < self.n {
                // Named, not a bare piece, so that a queen reads as `Q` rather than a peg.
                grid.cell_mut(r, c).content = Content::Named {
                    text: "Q".to_string(),
                    group: 0,
                };
            }
        }
        grid.column_labels = (0..self.n).map(|c| c.to_string()).collect();
        grid.row_labels = (0..cols.len()).map(|r| r.to_string()).collect();
        Picture::Grid(grid)
    }
}

/// Columns 0..n as a bitmask.
pub fn full_mask(n: usize) -> u64 {
    u64::MAX >> (64 - n)
}

/// The line two distinct squares share, if a queen on one attacks the other.
fn attack_line(a: (usize, usize), b: (usize, usize)) -> Option<Line> {
    if a == b {
        Some(Line::Square)
    } else if a.0 == b.0 {
        Some(Line::Row)
    } else if a.1 == b.1 {
        Some(Line::Column)
    } else if a.0.abs_diff(b.0) == a.1.abs_diff(b.1) {
        Some(Line::Diagonal)
    } else {
        None
    }
}

/// The squares of `row` that a queen at `q` attacks (its column and both diagonals).
fn attacked_in_row(n: usize, q: (usize, usize), row: usize) -> u64 {
    let d = q.0.abs_diff(row);
    let mut bits = 1u64 << q.1;
    if q.1 + d < n {
        bits |= 1 << (q.1 + d);
    }
    if d <= q.1 {
        bits |= 1 << (q.1 - d);
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn given_queens_close_their_lines() {
        let b = Board::new(4, vec![(0, 1)]).unwrap();
        assert_eq!(b.allowed, vec![0b0010, 0b1000, 0b0101, 0b1101]);
    }

    #[test]
    fn attacking_queens_are_a_conflict() {
        let e = Board::new(8, vec![(0, 1), (3, 5), (5, 5)]).err().unwrap();
        assert_eq!((e.first, e.second, e.line), (1, 2, Line::Column));
        let e = Board::new(8, vec![(2, 2), (6, 6)]).err().unwrap();
        assert_eq!(e.line, Line::Diagonal);
    }

    #[test]
    fn verify_rejects_attacks() {
        let b = Board::new(4, vec![]).unwrap();
        assert!(b.verify(&[1u8, 3, 0, 2]).is_ok());
        assert!(b.verify(&[0u8, 2, 1, 3]).is_err());
        assert!(b.verify(&[2u8, 3, 0, 1]).is_err()); // rows 0 and 1 on a falling diagonal
        assert!(b.verify(&[1u8, 0, 3, 2]).is_err()); // rows 0 and 1 on a rising diagonal
        assert!(b.verify(&[1u8, 3, 0, 4]).is_err()); // off the board
        assert!(b.verify(&[1u8, 3, 1, 2]).is_err()); // column 1 twice
        assert!(b.verify(&[1u8, 3, 0]).is_err());
        let b = Board::new(4, vec![(0, 2)]).unwrap();
        assert!(b.verify(&[1u8, 3, 0, 2]).is_err());
    }

    #[test]
    fn full_mask_edges() {
        assert_eq!(full_mask(1), 1);
        assert_eq!(full_mask(64), u64::MAX);
    }
}
