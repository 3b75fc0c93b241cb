//! Sequences of blank moves the depth-first search need not try (Taylor and Korf's duplicate
//! pruning, 1993), as an automaton over the four directions.
//!
//! A sequence `s` of blank moves is dropped when, from every cell of the rectangle where `s`
//! keeps the blank on the board, some smaller sequence (fewer moves, or as many and first in
//! direction order) also fits and leaves every tile where `s` does. Then a path that contains
//! `s` can be rewritten into a smaller one reaching the same node at no more cost, so the least
//! optimal solution in that order contains no dropped sequence: IDA* finds the same lengths and
//! still sees every bound it needs, with fewer nodes. Moving straight back is the shortest such
//! sequence (`UD` does what the empty sequence does); the others are the ways round the cycles
//! of the board (the shortest are 12 moves long: two routes of 6 to one node).
//!
//! The dropped sequences are found by enumerating sequences in that order up to a length, on a
//! board without edges (what a sequence does to the tiles does not depend on where it starts,
//! only whether it fits), grouping them by what they do, and keeping, for each group, the cells
//! where one of its members already fits. A sequence containing a dropped one is not extended.
//! The automaton (Aho and Corasick's) then reads the path's directions one by one and refuses
//! a move that would complete a dropped sequence.

use rustc_hash::FxHashMap;

/// The longest sequences dropped: longer ones prune few more nodes, and those they prune are
/// cheap (a node reached again soon finds its table entries in the cache), while the automaton
/// grows (docs/benchmarks.md).
const MAX_LEN: usize = 10;

/// The directions, as in `pattern_grid_dfs.rs`: up, left, right, down (reverse of `d`: `3 - d`).
const DIRECTIONS: usize = 4;

/// A transition that completes a dropped sequence.
pub const REFUSED: u32 = u32::MAX;

/// The automaton: state 0 before any move; `next[state][d]` the state after a move in direction
/// `d`, or [`REFUSED`] (as `u16::MAX`: 8 bytes a state keep a few thousand states in the
/// first-level cache, read at every node).
pub struct DuplicateMoves {
    next: Vec<[u16; DIRECTIONS]>,
}

impl DuplicateMoves {
    /// The state before any move.
    pub const START: u32 = 0;

    /// For a `rows` x `cols` rectangle, dropping sequences of up to `max_len` moves; None when
    /// the automaton has too many states to number in 16 bits (one number is [`REFUSED`]).
    pub fn new(rows: usize, cols: usize, max_len: usize) -> Option<DuplicateMoves> {
        DuplicateMoves::from_sequences(&dropped_sequences(rows, cols, max_len))
    }

    /// An automaton that refuses nothing (for boards that are not rectangles, where it is not
    /// read).
    pub fn none() -> DuplicateMoves {
        DuplicateMoves {
            next: vec![[0; DIRECTIONS]],
        }
    }

    /// For a `rows` x `cols` rectangle, the longest sequences whose automaton has fewer than
    /// 65,535 states, up to [`MAX_LEN`] moves.
    pub fn for_rectangle(rows: usize, cols: usize) -> DuplicateMoves {
        // With no sequence dropped there is one state, so the search always ends.
        (0..=MAX_LEN)
            .rev()
            .step_by(2)
            .find_map(|len| DuplicateMoves::new(rows, cols, len))
            .unwrap_or_else(DuplicateMoves::none)
    }

    /// The state after a move in direction `d` from `state`, or [`REFUSED`].
    #[inline(always)]
    pub fn next(&self, state: u32, d: usize) -> u32 {
        match self.next[state as usize][d] {
            u16::MAX => REFUSED,
            s => u32::from(s),
        }
    }

    #[cfg(test)]
    pub fn states(&self) -> usize {
        self.next.len()
    }

    /// The automaton of `sequences`, none of which contains another, made minimal; None when
    /// its states do not fit below `u16::MAX`.
    fn from_sequences(sequences: &[Vec<u8>]) -> Option<DuplicateMoves> {
        let table = minimal(&aho_corasick(sequences));
        if table.len() >= usize::from(u16::MAX) {
            return None;
        }
        let next = table
            .into_iter()
            .map(|row| row.map(|t| t.min(u32::from(u16::MAX)) as u16))
            .collect();
        Some(DuplicateMoves { next })
    }
}

/// The Aho-Corasick automaton of `sequences`, none of which contains another: `[REFUSED]` where
/// a move completes one of them.
fn aho_corasick(sequences: &[Vec<u8>]) -> Vec<[u32; DIRECTIONS]> {
    let mut child: Vec<[u32; DIRECTIONS]> = vec![[REFUSED; DIRECTIONS]];
    let mut ends = vec![false];
    for s in sequences {
        let mut at = 0usize;
        for &d in s {
            let d = usize::from(d);
            if child[at][d] == REFUSED {
                child[at][d] = child.len() as u32;
                child.push([REFUSED; DIRECTIONS]);
                ends.push(false);
            }
            at = child[at][d] as usize;
        }
        ends[at] = true;
    }
    // Breadth first, so that a state's fallback (its longest proper suffix in the trie) is
    // complete before its children's.
    let mut next = child.clone();
    let mut fallback = vec![0u32; child.len()];
    let mut refused = ends;
    let mut queue = std::collections::VecDeque::new();
    for d in 0..DIRECTIONS {
        match child[0][d] {
            REFUSED => next[0][d] = 0,
            c => queue.push_back(c),
        }
    }
    while let Some(s) = queue.pop_front() {
        let s = s as usize;
        refused[s] |= refused[fallback[s] as usize];
        for d in 0..DIRECTIONS {
            match child[s][d] {
                REFUSED => next[s][d] = next[fallback[s] as usize][d],
                c => {
                    fallback[c as usize] = next[fallback[s] as usize][d];
                    queue.push_back(c);
                }
            }
        }
    }
    for row in &mut next {
        for target in row.iter_mut() {
            if refused[*target as usize] {
                *target = REFUSED;
            }
        }
    }
    next
}

/// The smallest automaton equivalent to `next` (Moore's partition refinement: two states stay
/// together while they agree on whether each direction is refused and on where it leads),
/// state 0's class numbered 0. Unreachable from 0 classes are dropped too, as the classes are
/// numbered by a walk from it.
fn minimal(next: &[[u32; DIRECTIONS]]) -> Vec<[u32; DIRECTIONS]> {
    let mut class = vec![0u32; next.len()];
    let mut classes = 1;
    loop {
        let mut ids: FxHashMap<(u32, [u32; DIRECTIONS]), u32> = FxHashMap::default();
        let refined: Vec<u32> = next
            .iter()
            .enumerate()
            .map(|(s, row)| {
                let to = row.map(|t| {
                    if t == REFUSED {
                        REFUSED
                    } else {
                        class[t as usize]
                    }
                });
                let n = ids.len() as u32;
                *ids.entry((class[s], to)).or_insert(n)
            })
            .collect();
        let count = ids.len();
        class = refined;
        if count == classes {
            break;
        }
        classes = count;
    }
    // Number the classes in the order a breadth-first walk from state 0 meets them.
    let mut number = vec![REFUSED; classes];
    let mut member = Vec::new();
    number[class[0] as usize] = 0;
    member.push(0usize);
    let mut table = Vec::new();
    let mut i = 0;
    while i < member.len() {
        let row = next[member[i]].map(|t| {
            if t == REFUSED {
                return REFUSED;
            }
            let c = class[t as usize] as usize;
            if number[c] == REFUSED {
                number[c] = member.len() as u32;
                member.push(t as usize);
            }
            number[c]
        });
        table.push(row);
        i += 1;
    }
    table
}

/// The sequences to drop, shortest first, none containing another.
fn dropped_sequences(rows: usize, cols: usize, max_len: usize) -> Vec<Vec<u8>> {
    let mut e = Enumeration::new(rows, cols, max_len);
    for len in 1..=max_len {
        e.level(len);
    }
    e.dropped
}

/// The enumeration's state: a board without edges (large enough for `max_len` moves from its
/// centre) on which the sequences are played, and what has been found.
struct Enumeration {
    side: usize,
    /// `tile[c]`: what is on cell `c`; initially `c` itself (the blank is the centre's).
    tile: Vec<u16>,
    /// Cells the sequence has visited, in order (the blank's cells).
    visited: Vec<u16>,
    /// The sequence being played.
    path: Vec<u8>,
    /// `fits[dy][dx]`: the rectangle's cells from which a blank displaced by (dx, dy) is still
    /// on the board (offsets by `max_len`).
    fits: Vec<Vec<u64>>,
    max_len: usize,
    /// For each effect met, the cells where one of its sequences fits.
    seen: FxHashMap<Effect, u64>,
    dropped: Vec<Vec<u8>>,
    /// The automaton of the sequences dropped at the shorter lengths.
    shorter: Vec<[u32; DIRECTIONS]>,
}

impl Enumeration {
    fn new(rows: usize, cols: usize, max_len: usize) -> Enumeration {
        let max_len = max_len.min(EFFECT - 1);
        let side = 2 * max_len + 1;
        let span = max_len as i64;
        let fits = (-span..=span)
            .map(|dy| {
                (-span..=span)
                    .map(|dx| fitting_cells(rows, cols, dx, dy))
                    .collect()
            })
            .collect();
        // The empty sequence fits everywhere and moves nothing.
        let everywhere = fitting_cells(rows, cols, 0, 0);
        let seen = FxHashMap::from_iter([([0; EFFECT], everywhere)]);
        Enumeration {
            side,
            tile: (0..(side * side) as u16).collect(),
            visited: Vec::with_capacity(max_len + 1),
            path: Vec::with_capacity(max_len),
            fits,
            max_len,
            seen,
            dropped: Vec::new(),
            shorter: Vec::new(),
        }
    }

    /// Every sequence of `len` moves containing no dropped one, in direction order.
    fn level(&mut self, len: usize) {
        let centre = (self.max_len * self.side + self.max_len) as u16;
        self.visited.clear();
        self.visited.push(centre);
        // No sequence of this length contains another one: only shorter ones are refused.
        self.shorter = aho_corasick(&self.dropped);
        self.extend(len, centre, (0, 0), u64::MAX, 0);
    }

    /// Plays every continuation of the current sequence up to `len` moves: the blank on
    /// `blank`, displaced by `(dx, dy)`, the sequence fitting on the cells `fits`, the
    /// automaton of the shorter dropped sequences in `state`.
    fn extend(&mut self, len: usize, blank: u16, (dx, dy): (i64, i64), fits: u64, state: u32) {
        if self.path.len() == len {
            self.judge(fits);
            return;
        }
        let side = self.side as i64;
        for d in 0..DIRECTIONS {
            let (ddx, ddy) = [(0, -1), (-1, 0), (1, 0), (0, 1)][d];
            let state = self.shorter[state as usize][d];
            if state == REFUSED {
                continue;
            }
            let (nx, ny) = (dx + ddx, dy + ddy);
            let m = self.max_len as i64;
            let to = (i64::from(blank) + ddy * side + ddx) as u16;
            let fits = fits & self.fits[(ny + m) as usize][(nx + m) as usize];
            self.tile.swap(usize::from(blank), usize::from(to));
            self.path.push(d as u8);
            self.visited.push(to);
            self.extend(len, to, (nx, ny), fits, state);
            self.visited.pop();
            self.path.pop();
            self.tile.swap(usize::from(blank), usize::from(to));
        }
    }

    /// Drops the complete sequence when it fits nowhere, or where it fits a smaller one with
    /// the same effect fits too.
    fn judge(&mut self, fits: u64) {
        let effect = self.effect();
        let covered = match self.seen.get_mut(&effect) {
            Some(cells) if fits & !*cells == 0 => true,
            Some(cells) => {
                *cells |= fits;
                false
            }
            None => {
                self.seen.insert(effect, fits);
                false
            }
        };
        if covered || fits == 0 {
            self.dropped.push(self.path.clone());
        }
    }

    /// What the sequence did: each visited cell whose tile moved, with that tile, in cell order.
    fn effect(&self) -> Effect {
        let mut cells = [u16::MAX; EFFECT];
        cells[..self.visited.len()].copy_from_slice(&self.visited);
        cells.sort_unstable();
        let mut effect = [0; EFFECT];
        let mut n = 0;
        for (i, &c) in cells.iter().enumerate() {
            let fresh = i == 0 || c != cells[i - 1];
            if c != u16::MAX && fresh && self.tile[usize::from(c)] != c {
                effect[n] = u32::from(c) << 16 | u32::from(self.tile[usize::from(c)]);
                n += 1;
            }
        }
        effect
    }
}

/// The longest sequence the enumeration plays, plus its start: the cells it can visit.
const EFFECT: usize = 24;

/// What a sequence does: each moved tile's cell and the tile (`cell << 16 | tile`), in cell
/// order, then zeros.
type Effect = [u32; EFFECT];

/// The cells of a `rows` x `cols` rectangle (bit `r * cols + c`) that stay on it when moved
/// by (dx, dy).
fn fitting_cells(rows: usize, cols: usize, dx: i64, dy: i64) -> u64 {
    let mut mask = 0u64;
    for r in 0..rows as i64 {
        for c in 0..cols as i64 {
            let inside =
                (0..rows as i64).contains(&(r + dy)) && (0..cols as i64).contains(&(c + dx));
            if inside {
                mask |= 1 << (r * cols as i64 + c);
            }
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    const UP: u8 = 0;
    const LEFT: u8 = 1;
    const RIGHT: u8 = 2;
    const DOWN: u8 = 3;

    fn accepts(a: &DuplicateMoves, s: &[u8]) -> bool {
        let mut state = DuplicateMoves::START;
        for &d in s {
            state = a.next(state, usize::from(d));
            if state == REFUSED {
                return false;
            }
        }
        true
    }

    #[test]
    fn moving_straight_back_is_refused_and_nothing_else_of_two_moves() {
        let a = DuplicateMoves::new(4, 4, 2).expect("a small automaton");
        for x in 0..4u8 {
            for y in 0..4u8 {
                assert_eq!(accepts(&a, &[x, y]), x + y != 3, "{x} {y}");
            }
        }
    }

    #[test]
    fn the_longer_way_round_a_square_three_times_is_refused() {
        let a = DuplicateMoves::new(4, 4, 12).expect("15,007 states");
        // Round a 2 x 2 square three times returns every tile (the identity after 12 moves);
        // its first 6 moves and the last 6 reversed lead to one node.
        let round = [RIGHT, DOWN, LEFT, UP];
        let twelve: Vec<u8> = round.iter().cycle().take(12).copied().collect();
        assert!(!accepts(&a, &twelve));
        assert!(accepts(&a, &twelve[..6]));
    }

    /// Every arrangement within `depth` moves of a start (each blank cell in turn), by
    /// breadth-first search, against the least number of moves of the sequences the automaton
    /// accepts that reach it.
    fn accepted_paths_reach_everything_at_its_distance(rows: usize, cols: usize, depth: usize) {
        let board = super::super::board::Board::rectangle(rows, cols);
        let a = DuplicateMoves::new(rows, cols, depth).expect("a small automaton");
        let cells = rows * cols;
        for blank in 0..cells {
            let start: Vec<u8> = (0..cells as u8)
                .map(|c| if usize::from(c) == blank { 0 } else { c + 1 })
                .collect();
            let mut dist = FxHashMap::default();
            dist.insert(start.clone(), 0);
            let mut layer = vec![start.clone()];
            for d in 1..=depth {
                let mut next = Vec::new();
                for s in &layer {
                    let b = s.iter().position(|&t| t == 0).unwrap();
                    for &c in &board.adjacent[b] {
                        let mut t = s.clone();
                        t.swap(b, usize::from(c));
                        if !dist.contains_key(&t) {
                            dist.insert(t.clone(), d);
                            next.push(t);
                        }
                    }
                }
                layer = next;
            }
            let mut reached = FxHashMap::default();
            let mut tiles = start.clone();
            walk(
                &a,
                (rows, cols),
                &mut tiles,
                blank,
                DuplicateMoves::START,
                0,
                depth,
                &mut reached,
            );
            assert_eq!(
                reached.len(),
                dist.len(),
                "{rows} x {cols}, blank on {blank}"
            );
            for (s, d) in &dist {
                assert_eq!(reached.get(s), Some(d), "{s:?}");
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn walk(
        a: &DuplicateMoves,
        (rows, cols): (usize, usize),
        tiles: &mut Vec<u8>,
        blank: usize,
        state: u32,
        g: usize,
        depth: usize,
        reached: &mut FxHashMap<Vec<u8>, usize>,
    ) {
        let least = reached.entry(tiles.clone()).or_insert(g);
        *least = (*least).min(g);
        if g == depth {
            return;
        }
        let (r, c) = (blank / cols, blank % cols);
        let inside = [r > 0, c > 0, c + 1 < cols, r + 1 < rows];
        let offset = [-(cols as i64), -1, 1, cols as i64];
        for d in 0..DIRECTIONS {
            let next = a.next(state, d);
            if !inside[d] || next == REFUSED {
                continue;
            }
            let to = (blank as i64 + offset[d]) as usize;
            tiles.swap(blank, to);
            walk(a, (rows, cols), tiles, to, next, g + 1, depth, reached);
            tiles.swap(blank, to);
        }
    }

    #[test]
    fn accepted_sequences_reach_every_arrangement_of_small_boards_at_its_distance() {
        accepted_paths_reach_everything_at_its_distance(3, 3, 14);
        accepted_paths_reach_everything_at_its_distance(2, 4, 14);
        accepted_paths_reach_everything_at_its_distance(3, 4, 12);
    }

    /// The automaton's size and build time by board and length (a diagnostic, printed).
    #[test]
    #[ignore]
    fn sizes() {
        for (rows, cols) in [(1, 16), (2, 8), (3, 5), (3, 3), (4, 4)] {
            let t = std::time::Instant::now();
            let a = DuplicateMoves::for_rectangle(rows, cols);
            eprintln!("{rows}x{cols}: {} states, {:?}", a.states(), t.elapsed());
        }
        for len in [8, 10, 12, 14] {
            let t = std::time::Instant::now();
            let states = DuplicateMoves::new(4, 4, len).map(|a| a.states());
            eprintln!("4x4 len {len}: {states:?} states, {:?}", t.elapsed());
        }
    }
}
