//! Counting with the left-right mirror: a solution and its mirror image differ in the first row
//! (or, when n is odd and the first queen is in the middle column, in the second row), so only
//! first queens in the left half are searched and their completions counted twice.

use super::backtrack::{self, Frontier, Tally};
use super::board::full_mask;
use rayon::prelude::*;

/// Solutions of the empty n x n board.
pub fn count(n: usize) -> Tally {
    let all = vec![full_mask(n); n];
    if n == 1 {
        return Tally {
            solutions: 1,
            nodes: 1,
        };
    }
    let half = n / 2;
    // (frontier, nodes to reach it, weight): first queen in the left half, twice each.
    let mut starts: Vec<(Frontier, u64, u64)> = (0..half)
        .map(|c| (Frontier::START.place(1 << c), 1, 2))
        .collect();
    if n % 2 == 1 {
        // First queen in the middle: the second queen's side tells a solution from its mirror.
        let middle = Frontier::START.place(1 << half);
        for c in 0..half {
            if middle.open(all[1]) & (1 << c) != 0 {
                starts.push((middle.place(1 << c), 1, 2));
            }
        }
    }
    let split = backtrack::split_rows(n).max(1) + 1;
    let middle_node = Tally {
        solutions: 0,
        nodes: (n % 2) as u64,
    };
    middle_node
        + starts
            .into_par_iter()
            .map(|(f, nodes, weight)| {
                let t = backtrack::count(&all, f, split);
                Tally {
                    solutions: t.solutions * weight,
                    nodes: t.nodes + nodes,
                }
            })
            .reduce(Tally::default, |a, b| a + b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_count_equals_plain_count() {
        for n in 1..=9 {
            let plain = backtrack::count(&vec![full_mask(n); n], Frontier::START, 0);
            assert_eq!(count(n).solutions, plain.solutions, "n = {n}");
        }
    }
}
