//! Whether a start can reach the goal, decided before any search by the invariant that fits the
//! board's graph:
//! - every move swaps the blank with one tile, so on a bipartite board the parity of the
//!   permutation (start -> goal) equals the parity of the blank's distance;
//! - on a path the tiles can never pass each other; on a cycle only their rotations are reachable;
//! - Wilson (1974): on a 2-connected board other than a cycle, that parity is the only invariant
//!   when the board is bipartite, and every arrangement is reachable when it is not (except on the
//!   7-cell graph theta-0, which is left to search);
//! - boards with a cut cell, or in pieces, keep further invariants: the search decides.

use super::board::{Board, Topology};

#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Solvable(String),
    Unsolvable(String),
    /// No invariant settles it; the reason says why the search must decide.
    Unknown(String),
}

/// The tiles met walking the cells in `order`, the blank left out.
fn tiles_along(order: &[u8], a: &[u8]) -> Vec<u8> {
    order
        .iter()
        .map(|&c| a[c as usize])
        .filter(|&t| t != 0)
        .collect()
}

/// `start` and `goal` list the tile on each cell (0 = blank); both hold the same tiles.
pub fn decide(board: &Board, topology: &Topology, start: &[u8], goal: &[u8]) -> Verdict {
    let blank = |a: &[u8]| a.iter().position(|&t| t == 0).unwrap_or(0);
    let blanks = (blank(start), blank(goal));
    match topology {
        Topology::Path(order) => on_path(order, start, goal),
        Topology::Cycle(order) => on_cycle(order, start, goal),
        Topology::Disconnected => in_pieces(board, start, goal, blanks),
        Topology::TwoConnected | Topology::CutCell => {
            connected(board, topology, start, goal, blanks)
        }
    }
}

fn on_path(order: &[u8], start: &[u8], goal: &[u8]) -> Verdict {
    if tiles_along(order, start) == tiles_along(order, goal) {
        Verdict::Solvable("on a path the tiles keep their order, and it is the goal's".into())
    } else {
        Verdict::Unsolvable(
            "the board is a path, so tiles can never pass each other, and the start's \
             order of tiles along it differs from the goal's"
                .into(),
        )
    }
}

fn on_cycle(order: &[u8], start: &[u8], goal: &[u8]) -> Verdict {
    let (s, g) = (tiles_along(order, start), tiles_along(order, goal));
    let rotation = (0..s.len()).any(|k| s.iter().cycle().skip(k).take(s.len()).eq(g.iter()));
    if rotation {
        Verdict::Solvable("on a cycle the tiles only rotate, and the goal is a rotation".into())
    } else {
        Verdict::Unsolvable(
            "the board is a cycle, so the tiles can only rotate around it, and the goal \
             is not a rotation of the start's cyclic order"
                .into(),
        )
    }
}

/// A board in pieces: the blank's piece must be the same, and the others untouched.
fn in_pieces(board: &Board, start: &[u8], goal: &[u8], (bs, bg): (usize, usize)) -> Verdict {
    let n = board.cells();
    let comp = board.components();
    if comp[bs] != comp[bg] {
        return Verdict::Unsolvable(format!(
            "the board is in pieces and the blank cannot get from cell {bs} to cell {bg}"
        ));
    }
    if let Some(c) = (0..n).find(|&c| comp[c] != comp[bs] && start[c] != goal[c]) {
        return Verdict::Unsolvable(format!(
            "cell {c} lies in a piece of the board the blank never enters, and its tile \
             differs from the goal's"
        ));
    }
    Verdict::Unknown("the board is in pieces; no invariant is known here".into())
}

/// A connected board: parity when it is bipartite, Wilson's theorem when it is 2-connected.
fn connected(
    board: &Board,
    topology: &Topology,
    start: &[u8],
    goal: &[u8],
    (bs, bg): (usize, usize),
) -> Verdict {
    let n = board.cells();
    if let Some(colour) = board.two_colouring() {
        let odd_permutation = permutation_is_odd(start, goal);
        let odd_distance = colour[bs] != colour[bg];
        if odd_permutation != odd_distance {
            let word = |odd: bool| if odd { "odd" } else { "even" };
            return Verdict::Unsolvable(format!(
                "parity: the start is an {} permutation of the goal but the blank is an \
                 {} number of moves from its goal cell ({bs} -> {bg}); every move swaps \
                 the blank with one tile, changing both parities, so they never match",
                word(odd_permutation),
                word(odd_distance)
            ));
        }
        if *topology == Topology::TwoConnected {
            return Verdict::Solvable(
                "parity matches, the only invariant of a 2-connected bipartite board \
                 (Wilson 1974)"
                    .into(),
            );
        }
        return Verdict::Unknown(
            "parity matches, but the board has a cut cell, where more invariants may hold".into(),
        );
    }
    if *topology == Topology::TwoConnected {
        if n == 7 && board.edges() == 8 {
            return Verdict::Unknown("this board may be Wilson's exceptional graph theta-0".into());
        }
        return Verdict::Solvable(
            "every arrangement is reachable on a 2-connected board with an odd cycle \
             (Wilson 1974)"
                .into(),
        );
    }
    Verdict::Unknown("the board has a cut cell; no invariant is known here".into())
}

/// Parity of the permutation taking the goal's cells to the start's (cycle count).
pub fn permutation_is_odd(start: &[u8], goal: &[u8]) -> bool {
    let n = start.len();
    let mut where_in_goal = vec![0usize; n];
    for (c, &t) in goal.iter().enumerate() {
        where_in_goal[t as usize] = c;
    }
    let mut seen = vec![false; n];
    let mut transpositions = 0;
    for c in 0..n {
        let mut len = 0;
        let mut x = c;
        while !seen[x] {
            seen[x] = true;
            x = where_in_goal[start[x] as usize];
            len += 1;
        }
        if len > 0 {
            transpositions += len - 1;
        }
    }
    transpositions % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_15_14_swap_is_unsolvable() {
        let board = Board::rectangle(4, 4);
        let goal: Vec<u8> = (1..16).chain([0]).collect();
        let mut start = goal.clone();
        start.swap(13, 14);
        let v = decide(&board, &board.topology(), &start, &goal);
        assert!(matches!(v, Verdict::Unsolvable(_)), "{v:?}");
        assert!(matches!(
            decide(&board, &board.topology(), &goal, &goal),
            Verdict::Solvable(_)
        ));
    }

    #[test]
    fn odd_cycles_make_everything_reachable() {
        // A square with one diagonal: 2-connected, not bipartite, not a cycle.
        let board = Board {
            adjacent: vec![vec![1, 2, 3], vec![0, 2], vec![0, 1, 3], vec![0, 2]],
            shape: None,
        };
        let v = decide(&board, &board.topology(), &[2, 1, 3, 0], &[1, 2, 3, 0]);
        assert!(matches!(v, Verdict::Solvable(_)), "{v:?}");
    }
}
