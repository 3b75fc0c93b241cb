//! The pattern tables, compact (`ranked_pattern_build.rs`) and sparse (`pattern_database.rs`),
//! each checked against a breadth-first search over (group cells, blank cell) written out
//! plainly here, and against each other.

use super::board::Board;
use super::pattern_database;
use super::pattern_rank::{placements, rank};
use super::ranked_pattern_build::{build, pack};
use std::collections::{HashMap, VecDeque};

/// Moves of the group's tiles from each placement with the blank anywhere, by a 0-1
/// breadth-first search over (group cells, blank cell) written out plainly: a blank step onto
/// a free cell costs 0, onto a group tile (sliding it) costs 1. The table's value is the
/// least over blank cells.
fn brute_force(board: &Board, goal: &[u8], tiles: &[u8]) -> HashMap<Vec<u8>, u8> {
    let cell_of = |t: u8| goal.iter().position(|&g| g == t).unwrap() as u8;
    let root: (Vec<u8>, u8) = (tiles.iter().map(|&t| cell_of(t)).collect(), cell_of(0));
    let mut dist = HashMap::from([(root.clone(), 0u8)]);
    let mut queue = VecDeque::from([(root, 0u8)]);
    while let Some(((cells, blank), d)) = queue.pop_front() {
        if dist[&(cells.clone(), blank)] < d {
            continue;
        }
        for &c in &board.adjacent[blank as usize] {
            let mut next = cells.clone();
            let step = match cells.iter().position(|&x| x == c) {
                Some(i) => {
                    next[i] = blank;
                    1
                }
                None => 0,
            };
            let state = (next, c);
            if dist.get(&state).is_none_or(|&old| old > d + step) {
                dist.insert(state.clone(), d + step);
                match step {
                    0 => queue.push_front((state, d)),
                    _ => queue.push_back((state, d + 1)),
                }
            }
        }
    }
    let mut best = HashMap::new();
    for ((cells, _), d) in dist {
        let e = best.entry(cells).or_insert(d);
        *e = (*e).min(d);
    }
    best
}

fn agrees_with_brute_force(board: &Board, goal: &[u8], tiles: &[u8]) {
    let n = board.cells();
    let table = build(board, goal, tiles).unwrap();
    assert_eq!(table.len(), placements(n, tiles.len()));
    let want = brute_force(board, goal, tiles);
    assert_eq!(want.len(), table.len(), "every placement is reachable");
    for (cells, d) in want {
        let index = rank(pack(&cells), tiles.len() as u32, n as u32);
        assert_eq!(table[index], d, "{tiles:?} on {cells:?}");
    }
}

#[test]
fn compact_tables_equal_an_independent_search() {
    let eight = Board::rectangle(3, 3);
    agrees_with_brute_force(&eight, &[1, 2, 3, 4, 5, 6, 7, 8, 0], &[1, 2, 3, 4]);
    agrees_with_brute_force(&eight, &[1, 2, 3, 4, 5, 6, 7, 8, 0], &[2, 5, 6, 7, 8]);
    let fifteen = Board::rectangle(4, 4);
    let goal: Vec<u8> = (0..16).collect();
    agrees_with_brute_force(&fifteen, &goal, &[1, 4, 5]);
    agrees_with_brute_force(
        &Board::rectangle(3, 4),
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        &[3, 7, 10, 11],
    );
}

/// The sparse table (indexed by the 4-bit cells) against the brute force: every
/// placement's entry compared, and the rest unset.
fn sparse_agrees_with_brute_force(board: &Board, goal: &[u8], tiles: &[u8]) {
    let table = pattern_database::build(board, goal, tiles);
    let want = brute_force(board, goal, tiles);
    assert_eq!(want.len(), placements(board.cells(), tiles.len()));
    for (cells, d) in &want {
        let index = pack(cells) as usize;
        assert_eq!(table[index], *d, "{tiles:?} on {cells:?}");
    }
    let set = table.iter().filter(|&&v| v != u8::MAX).count();
    assert_eq!(set, want.len(), "no entry outside the placements is set");
}

#[test]
fn sparse_tables_of_six_tiles_equal_an_independent_search() {
    // The largest sparse group (16^6 entries) on the 8-puzzle, where the brute force is
    // quick.
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    sparse_agrees_with_brute_force(&Board::rectangle(3, 3), &goal, &[2, 3, 5, 6, 7, 8]);
}

#[test]
fn tables_built_with_a_symmetry_equal_an_independent_search() {
    // Groups that a mirror of the board maps onto themselves, whose builds (sparse and
    // compact) mark each region's image instead of expanding it.
    use super::pattern_symmetry::TableSymmetry;
    let cases: [(Board, Vec<u8>, Vec<u8>); 2] = [
        (
            Board::rectangle(3, 3),
            (1..9).chain([0]).collect(),
            vec![1, 3, 4, 6],
        ),
        (
            Board::rectangle(3, 4),
            (1..12).chain([0]).collect(),
            vec![1, 2, 5, 9, 10],
        ),
    ];
    for (board, goal, tiles) in cases {
        let symmetry = TableSymmetry::find(&board, &goal, &tiles);
        assert!(symmetry.is_some(), "{tiles:?} has a mirror");
        sparse_agrees_with_brute_force(&board, &goal, &tiles);
        agrees_with_brute_force(&board, &goal, &tiles);
    }
}

#[test]
fn compact_and_sparse_tables_hold_the_same_values() {
    let board = Board::rectangle(4, 4);
    let goal: Vec<u8> = (1..16).chain([0]).collect();
    let tiles = [3, 4, 7, 8];
    let compact = build(&board, &goal, &tiles).unwrap();
    let sparse = pattern_database::build(&board, &goal, &tiles);
    let mut checked = 0;
    for (key, &v) in sparse.iter().enumerate() {
        let cells: Vec<u64> = (0..4).map(|i| (key as u64 >> (4 * i)) & 15).collect();
        let distinct = (0..4).all(|i| (0..i).all(|j| cells[i] != cells[j]));
        if distinct {
            assert_eq!(compact[rank(key as u64, 4, 16)], v, "cells {cells:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, placements(16, 4));
}
