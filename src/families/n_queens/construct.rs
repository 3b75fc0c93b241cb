//! One placement of n queens for any n, in O(n), by the explicit construction of Hoffman,
//! Loessi and Moore (1969; the version on Wikipedia's "Eight queens puzzle" page).
//!
//! In 1-based numbering, row i takes the i-th number of the list "even columns, then odd
//! columns". That list is already a solution unless n mod 6 is 2 or 3, where the diagonals of the
//! two halves meet; then a few numbers are moved:
//! - n mod 6 = 2: in the odd half, swap 1 and 3 and move 5 to the end (3, 1, 7, 9, ..., 5);
//! - n mod 6 = 3: move 2 to the end of the even half and 1, 3 to the end of the odd half
//!   (4, 6, ..., 2, 5, 7, ..., 1, 3).
//!
//! Boards of 2 and 3 have no placement. The construction is not trusted: the solve checks every
//! placement it prints (`Board::verify`).

/// The column (from 0) of the queen in each row, or None for n = 2 and 3 (no placement exists).
pub fn place(n: u32) -> Option<Vec<u32>> {
    match n {
        0 | 2 | 3 => return None,
        1 => return Some(vec![0]),
        _ => {}
    }
    let mut evens: Vec<u32> = (1..=n / 2).map(|k| 2 * k).collect();
    let mut odds: Vec<u32> = (0..n.div_ceil(2)).map(|k| 2 * k + 1).collect();
    match n % 6 {
        2 => {
            odds.swap(0, 1); // 3, 1, 5, 7, ...
            let five = odds.remove(2);
            odds.push(five);
        }
        3 => {
            evens.rotate_left(1); // 4, 6, ..., 2
            odds.rotate_left(2); // 5, 7, ..., 1, 3
        }
        _ => {}
    }
    // 1-based columns to 0-based.
    Some(evens.into_iter().chain(odds).map(|c| c - 1).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, pair by pair: no shared column, no shared diagonal.
    fn attacks(cols: &[u32]) -> bool {
        (0..cols.len()).any(|r| {
            (0..r).any(|r0| cols[r0] == cols[r] || (r - r0) as u32 == cols[r].abs_diff(cols[r0]))
        })
    }

    #[test]
    fn small_boards_follow_the_worked_examples() {
        assert_eq!(place(8), Some(vec![1, 3, 5, 7, 2, 0, 6, 4]));
        assert_eq!(place(9), Some(vec![3, 5, 7, 1, 4, 6, 8, 0, 2]));
        assert_eq!(place(2), None);
        assert_eq!(place(3), None);
    }

    #[test]
    fn every_board_up_to_300_is_a_permutation_without_attacks() {
        for n in (1..=300).filter(|&n| n != 2 && n != 3) {
            let cols = place(n).unwrap();
            assert_eq!(cols.len(), n as usize);
            let mut sorted = cols.clone();
            sorted.sort_unstable();
            assert!(sorted.iter().enumerate().all(|(i, &c)| c == i as u32));
            assert!(!attacks(&cols), "n = {n}");
        }
    }
}
