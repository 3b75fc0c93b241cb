//! How many positions a sliding-blocks puzzle may have, for the note before a search beyond
//! reach. Read the board's cells in order: each cell not covered by a piece met before is
//! either empty or the first cell of a piece, so a position is a word of class names and
//! "empty", each class as often as it has pieces on the board, and the empty cells as many as
//! the pieces leave free. The words with those counts are a multinomial coefficient; summed
//! over how many pieces of each class that may exit have left, it bounds the positions.
//! Pieces held to one lane (Rush Hour's cars) have few placements: the ways to put each class's
//! pieces on the placements they can reach from the start bound the positions too, and the
//! smaller bound is given.

use super::model::{Blocks, Class};

/// Past this many ways for the pieces to have left, no bound is given (a rare, huge puzzle).
const MAX_EXIT_COMBINATIONS: usize = 1 << 16;

impl Blocks {
    /// An upper bound on the positions reachable from `start` (placement numbers per slot):
    /// the smaller of the two in the module doc.
    pub fn position_bound(&self, start: &[u16]) -> f64 {
        let placements = self.placement_bound(start);
        self.cell_word_bound()
            .map_or(placements, |w| w.min(placements))
    }

    /// The ways to put each class's pieces on distinct placements they can reach (or, for a
    /// class that may exit, on those or off the board: a multiset of placements and "gone").
    fn placement_bound(&self, start: &[u16]) -> f64 {
        self.classes
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let (p, n) = (self.reachable_placements(k, start), c.pieces.len() as u32);
                if can_leave(c) {
                    binomial(p + n, n)
                } else {
                    binomial(p, n)
                }
            })
            .product()
    }

    /// The placements the pieces of class `k` can reach from `start` by steps in the class's
    /// directions, whatever the other pieces (so an upper bound).
    fn reachable_placements(&self, k: usize, start: &[u16]) -> u32 {
        let class = &self.classes[k];
        let mut seen = vec![false; class.masks.len()];
        let mut todo: Vec<usize> = Vec::new();
        for &p in &start[self.class_slots(k)] {
            if let Some(s) = seen.get_mut(usize::from(p)) {
                *s = true;
                todo.push(usize::from(p));
            }
        }
        while let Some(p) = todo.pop() {
            for (d, &next) in class.step[p].iter().enumerate() {
                let next = usize::from(next);
                if class.dirs & (1 << d) != 0 && next < seen.len() && !seen[next] {
                    seen[next] = true;
                    todo.push(next);
                }
            }
        }
        seen.iter().filter(|&&s| s).count() as u32
    }

    /// The cell-word bound of the module doc, None when too costly to sum.
    fn cell_word_bound(&self) -> Option<f64> {
        let combinations = self
            .classes
            .iter()
            .filter(|c| can_leave(c))
            .try_fold(1usize, |n, c| n.checked_mul(c.pieces.len() + 1))?;
        if combinations > MAX_EXIT_COMBINATIONS {
            return None;
        }
        let cells = self
            .classes
            .iter()
            .flat_map(|c| c.masks.iter())
            .fold(0u128, |m, p| m | p)
            .count_ones();
        let mut gone = vec![0; self.classes.len()];
        let mut total = 0.0;
        loop {
            total += self.words(cells, &gone);
            if !self.next_gone(&mut gone) {
                return Some(total);
            }
        }
    }

    /// The words (positions read cell by cell) with `gone[k]` pieces of class `k` off the board.
    fn words(&self, cells: u32, gone: &[usize]) -> f64 {
        let mut covered = 0;
        let mut tokens = 0;
        let mut arrangements_of_alike = 1.0;
        for (class, &g) in self.classes.iter().zip(gone) {
            let on_board = class.pieces.len() - g;
            covered += on_board as u32 * class.masks.first().map_or(0, |m| m.count_ones());
            tokens += on_board as u32;
            arrangements_of_alike *= factorial(on_board as u32);
        }
        let Some(empty) = cells.checked_sub(covered) else {
            return 0.0;
        };
        factorial(tokens + empty) / (arrangements_of_alike * factorial(empty))
    }

    /// The next way for pieces to have left (counting up, class by class); false after the last.
    fn next_gone(&self, gone: &mut [usize]) -> bool {
        for (class, g) in self.classes.iter().zip(gone.iter_mut()) {
            if can_leave(class) && *g < class.pieces.len() {
                *g += 1;
                return true;
            }
            *g = 0;
        }
        false
    }
}

/// Whether pieces of `class` may exit the board.
fn can_leave(class: &Class) -> bool {
    class.leave.iter().any(|&d| d != 0)
}

/// n choose k as a float.
fn binomial(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    (0..k).fold(1.0, |r, i| r * f64::from(n - i) / f64::from(i + 1))
}

/// n! as a float (at most 128!, about 3.9e215).
fn factorial(n: u32) -> f64 {
    (2..=n).map(f64::from).product()
}

#[cfg(test)]
mod tests {
    use super::{binomial, factorial};

    #[test]
    fn small_counts() {
        assert_eq!(factorial(0), 1.0);
        assert_eq!(factorial(5), 120.0);
        assert_eq!(binomial(5, 2), 10.0);
        assert_eq!(binomial(3, 5), 0.0);
        // Hakoiri musume's cell words: 10 pieces and 2 empty cells, classes of 1, 4, 1, 4.
        let words = factorial(12) / (factorial(4) * factorial(4) * factorial(2));
        assert_eq!(words, 415_800.0);
    }
}
