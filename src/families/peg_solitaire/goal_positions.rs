//! The goal as a list of positions, when it is short enough to list: every way to put the goal's
//! pegs on its holes, less those a position-class invariant rules out from the start.

use super::board::Board;
use super::engine::bitboard::holes;
use super::invariants;

/// List the goal positions (for the backward search) when there are at most this many.
pub const MAX_GOAL_POSITIONS: u64 = 1 << 20;

/// The goal positions (as hole masks) reachable as far as the invariants tell, None when too
/// many to list; an explanation when the invariants rule them all out.
pub fn goal_positions(
    board: &Board,
    pegs: u32,
    at: u128,
    origin: u128,
) -> Result<Option<Vec<u128>>, String> {
    let allowed: Vec<usize> = holes(at).collect();
    let k = pegs as usize;
    if binomial(allowed.len() as u64, k as u64) > MAX_GOAL_POSITIONS {
        return Ok(None);
    }
    let sets = invariants::parity_sets(board.len(), &board.jumps);
    let mut all = Vec::new();
    combinations(&allowed, k, 0, 0, &mut all);
    let kept: Vec<u128> = all
        .iter()
        .copied()
        .filter(|&g| invariants::separating(&sets, origin, g).is_none())
        .collect();
    if !kept.is_empty() {
        return Ok(Some(kept));
    }
    // Every goal position was ruled out: explain with the first one.
    match all.first() {
        Some(&first) => match invariants::separating(&sets, origin, first) {
            Some(w) => Err(ruled_out(board, origin, first, w, all.len())),
            None => Ok(Some(kept)),
        },
        None => Ok(Some(kept)),
    }
}

/// The note for a goal ruled out by the invariant set `w`: the set, and the parities of the
/// start and of the goal position `example` on it.
fn ruled_out(board: &Board, origin: u128, example: u128, w: u128, positions: usize) -> String {
    let names = |m: u128| -> Vec<&str> { holes(m).map(|h| board.labels[h].as_str()).collect() };
    let parity = |m: u128| {
        if (w & m).count_ones().is_multiple_of(2) {
            "even"
        } else {
            "odd"
        }
    };
    let others = if positions == 1 {
        String::new()
    } else {
        format!(
            " (each of the other {} goal positions is ruled out by such a set too)",
            positions - 1
        )
    };
    format!(
        "impossible by a position-class invariant: every jump has 0 or 2 of its three holes among {{{}}}, so the number of pegs there keeps its parity; the start has {} ({}), the goal with pegs on {} has {} ({}){others}",
        names(w).join(", "),
        (w & origin).count_ones(),
        parity(origin),
        names(example).join(", "),
        (w & example).count_ones(),
        parity(example),
    )
}

/// n choose k, saturating (anything past u64::MAX / 128 counts as too many).
pub fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let mut r: u64 = 1;
    for i in 0..k.min(n - k) {
        r = r.saturating_mul(n - i) / (i + 1);
        if r > u64::MAX / 128 {
            return u64::MAX;
        }
    }
    r
}

/// Every set of `k` of `holes` (from index `from` on), added to `acc`, as masks.
fn combinations(holes: &[usize], k: usize, from: usize, acc: u128, out: &mut Vec<u128>) {
    if k == 0 {
        out.push(acc);
        return;
    }
    for i in from..holes.len() {
        if holes.len() - i < k {
            break;
        }
        combinations(holes, k - 1, i + 1, acc | 1u128 << holes[i], out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomial_and_combinations_agree() {
        let holes = [1, 4, 6, 9, 11];
        for k in 0..=5 {
            let mut out = Vec::new();
            combinations(&holes, k, 0, 0, &mut out);
            assert_eq!(out.len() as u64, binomial(5, k as u64), "k = {k}");
            assert!(out.iter().all(|m| m.count_ones() as usize == k));
        }
        assert_eq!(binomial(33, 16), 1_166_803_110);
    }
}
