//! Cheap proofs of impossibility, run before any search: position classes. Every jump flips the
//! three holes it touches, so for any set W of holes meeting each jump in an even number of holes
//! (0 or 2), the parity of the number of pegs on W never changes. On square grids these sets are
//! de Bruijn's position classes (the "rule of three"); here they are found for any jump table as
//! the null space over GF(2) of the jumps' hole vectors.

use super::board::Board;
use super::engine::pagoda::Pagoda;
pub use super::engine::parity_sets::parity_sets;

/// The first invariant set on which `a` and `b` differ in parity.
pub fn separating(sets: &[u128], a: u128, b: u128) -> Option<u128> {
    sets.iter()
        .copied()
        .find(|w| (w & a).count_ones() % 2 != (w & b).count_ones() % 2)
}

/// The note for a start that a pagoda function rules out: its weights, the start's value and
/// the least a goal position weighs.
pub fn pagoda_note(board: &Board, p: &Pagoda, start_value: i32) -> String {
    let weights: Vec<String> = (0..board.len())
        .filter(|&h| p.weights[h] != 0)
        .map(|h| format!("{} {}", board.labels[h], p.weights[h]))
        .collect();
    format!(
        "impossible by a pagoda function: with the weights {{{}}} (0 elsewhere) no jump raises the total weight of the pegs (the landing hole never weighs more than the two it empties); the start weighs {start_value}, every goal position at least {}",
        weights.join(", "),
        p.floor
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::peg_solitaire::engine::jump::Jump;

    #[test]
    fn a_row_keeps_parity_of_ends_plus_middle() {
        // Row of 3 holes, one jump each way: W = {0, 1} (or {1, 2}, {0, 2}) meets it twice.
        let jumps = [
            Jump {
                from: 0,
                over: 1,
                to: 2,
            },
            Jump {
                from: 2,
                over: 1,
                to: 0,
            },
        ];
        let sets = parity_sets(3, &jumps);
        assert_eq!(sets.len(), 2);
        for w in &sets {
            assert_eq!((w & 0b111).count_ones() % 2, 0);
        }
        // {0,1} full -> {2}: parity on {0,1} goes 0 -> 0 (even, even), on {1,2}: 1 -> 1.
        assert_eq!(separating(&sets, 0b011, 0b100), None);
        assert!(separating(&sets, 0b011, 0b001).is_some());
    }
}
