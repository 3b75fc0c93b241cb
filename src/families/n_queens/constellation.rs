//! Counting by constellations (after Preußer and Engelhardt's Q27 project): the queens of the
//! four border lines (row 0, the last row, column 0, the last column) are placed first, one
//! constellation per class of the board's 8 symmetries, and the rows between are counted by
//! bitboard backtracking. A constellation stands for its whole orbit, so the placements are
//! Σ |orbit| · completions, with no comparison of finished placements; the few constellations
//! fixed by the half turn also sort their placements by symmetry, for the classes.
//!
//! Placing the border first narrows every inner row from both ends, so the inner search meets
//! fewer dead ends than row-by-row search from the top; and the constellations are independent
//! parts of about even size, which `--shard` deals out and rayon spreads over the cores.

use super::backtrack;
use super::board::full_mask;
use super::classes::Classes;
use super::fewest::{self, Fewest};
use super::gapped::Gapped;
use crate::engine::Progress;
use crate::engine::split::Shard;
use crate::engine::stop;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// The border queens: the column of row 0's and of the last row's, the row of column 0's and
/// of the last column's. A corner queen is two of them at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Border {
    top: u8,
    bottom: u8,
    left: u8,
    right: u8,
}

/// One representative of a class of borders and the size of the class.
#[derive(Clone, Copy, Debug)]
pub struct Constellation {
    border: Border,
    /// How many of the 8 symmetries map the border onto itself (8 / the orbit's size).
    fixed_by: u8,
    /// Whether the half turn maps the border onto itself: only then can a completion be
    /// symmetric (no placement of 2 or more queens is its own mirror image: see `classes`).
    half_turn: bool,
}

/// Index of the half turn among `image`'s symmetries.
const HALF_TURN: usize = 2;

/// Square (r, c) of an n x n board under symmetry `g` (0: identity, 1-3: quarter turns, 4-7:
/// reflections).
fn image(n: usize, g: usize, (r, c): (usize, usize)) -> (usize, usize) {
    let m = n - 1;
    match g {
        0 => (r, c),
        1 => (c, m - r),
        2 => (m - r, m - c),
        3 => (m - c, r),
        4 => (r, m - c),
        5 => (c, r),
        6 => (m - r, c),
        _ => (m - c, m - r),
    }
}

impl Border {
    fn squares(self, n: usize) -> [(usize, usize); 4] {
        let m = n - 1;
        [
            (0, usize::from(self.top)),
            (m, usize::from(self.bottom)),
            (usize::from(self.left), 0),
            (usize::from(self.right), m),
        ]
    }

    /// The border's image under symmetry `g` (which maps border lines onto border lines).
    fn mapped(self, n: usize, g: usize) -> Border {
        let m = n - 1;
        let mut out = self;
        for sq in self.squares(n) {
            let (r, c) = image(n, g, sq);
            if r == 0 {
                out.top = c as u8;
            }
            if r == m {
                out.bottom = c as u8;
            }
            if c == 0 {
                out.left = r as u8;
            }
            if c == m {
                out.right = r as u8;
            }
        }
        out
    }

    /// No two of its distinct queens attack each other (so each border line has one queen).
    fn is_valid(self, n: usize) -> bool {
        let sq = self.squares(n);
        (0..4).all(|i| {
            (i + 1..4).all(|j| {
                let ((r1, c1), (r2, c2)) = (sq[i], sq[j]);
                sq[i] == sq[j] || (r1 != r2 && c1 != c2 && r1.abs_diff(r2) != c1.abs_diff(c2))
            })
        })
    }

    /// Per row, whether a border queen is in it.
    fn rows(self, n: usize) -> Vec<bool> {
        let mut fixed = vec![false; n];
        for (r, _) in self.squares(n) {
            fixed[r] = true;
        }
        fixed
    }

    /// Per row, the columns open to a queen: a border row only its border queen's, any other
    /// row the squares no border queen attacks.
    fn allowed(self, n: usize) -> Vec<u64> {
        let squares = self.squares(n);
        (0..n)
            .map(|y| {
                if let Some(&(_, c)) = squares.iter().find(|&&(r, _)| r == y) {
                    return 1 << c;
                }
                let mut open = full_mask(n);
                for &(r, c) in &squares {
                    let d = y.abs_diff(r);
                    open &= !(1 << c);
                    if c + d < n {
                        open &= !(1 << (c + d));
                    }
                    if let Some(k) = c.checked_sub(d) {
                        open &= !(1 << k);
                    }
                }
                open
            })
            .collect()
    }
}

/// The constellations of an n x n board (n >= 2), one per class, in lexicographic order of
/// their borders (the least of each class).
pub fn constellations(n: usize) -> Vec<Constellation> {
    let side = n as u8;
    let mut out = Vec::new();
    for top in 0..side {
        for bottom in 0..side {
            for left in 0..side {
                for right in 0..side {
                    let border = Border {
                        top,
                        bottom,
                        left,
                        right,
                    };
                    if !border.is_valid(n) {
                        continue;
                    }
                    let images: Vec<Border> = (0..8).map(|g| border.mapped(n, g)).collect();
                    if images.iter().any(|&b| b < border) {
                        continue;
                    }
                    out.push(Constellation {
                        border,
                        fixed_by: images.iter().filter(|&&b| b == border).count() as u8,
                        half_turn: images[HALF_TURN] == border,
                    });
                }
            }
        }
    }
    out
}

/// The classes of placements of the constellations `picked` (indices into `all`), the
/// constellations done shown as they are counted.
fn count_picked(
    n: usize,
    all: &[Constellation],
    picked: Vec<usize>,
    progress: &Progress,
) -> Classes {
    let inner = Inner::new(n);
    let total = picked.len() as u64;
    let done = AtomicU64::new(0);
    picked
        .into_par_iter()
        .map(|i| {
            // A stop (time limit, Ctrl-C) skips the constellations not yet counted: the count
            // is then partial, and the report says so.
            if stop::requested().is_some() {
                return Classes::default();
            }
            let c = classes(n, &all[i], &inner);
            let k = done.fetch_add(1, Ordering::Relaxed) + 1;
            progress.position("constellations", k, total);
            c
        })
        .reduce(Classes::default, |a, b| a + b)
}

/// The classes of placements of the empty n x n board.
#[cfg(test)]
pub fn count(n: usize) -> Classes {
    count_shard(n, Shard::WHOLE, &Progress::hidden())
}

/// This shard's part of the classes: the constellations dealt to it.
pub fn count_shard(n: usize, shard: Shard, progress: &Progress) -> Classes {
    match n {
        // One queen: its single placement is fixed by every symmetry (an orbit of 1).
        1 if shard.index == 0 => Classes {
            one: 1,
            nodes: 1,
            ..Classes::default()
        },
        0..=3 => Classes::default(),
        _ => {
            let all = constellations(n);
            let estimates: Vec<u64> = all.iter().map(|c| estimate(n, c)).collect();
            count_picked(n, &all, shard.deal(&estimates), progress)
        }
    }
}

/// The size of a constellation's search, roughly: the product of its inner rows' open squares
/// (they rank the constellations well enough to deal them to shards).
fn estimate(n: usize, c: &Constellation) -> u64 {
    let allowed = c.border.allowed(n);
    let product: f64 = allowed
        .iter()
        .map(|a| f64::from(a.count_ones().max(1)))
        .product();
    (product.sqrt() as u64).max(1)
}

/// The classes of the placements that complete one constellation, each class counted once.
/// A class meets the constellation's placements in one orbit of the border's stabiliser H, so a
/// placement fixed by k symmetries stands for k / |H| of a class of 8 / k members. Only turns
/// can fix a placement of n >= 2 queens: a mirror through a middle line would need every queen
/// on that line, and one through a diagonal maps a queen off it to a square on its own
/// anti-diagonal, so every queen would be on that diagonal. Hence below the half turn every
/// placement is fixed by the identity alone.
fn classes(n: usize, c: &Constellation, inner: &Inner) -> Classes {
    let allowed = c.border.allowed(n);
    let h = u64::from(c.fixed_by);
    let mut out = Classes::default();
    if !c.half_turn {
        let (found, nodes) = inner.count(n, c.border);
        out.eight = found / h;
        out.nodes = nodes;
        return out;
    }
    let listing = backtrack::list(&allowed, usize::MAX);
    out.nodes = listing.nodes;
    let mut by_fixed = [0u64; 5];
    for cols in &listing.solutions {
        by_fixed[turns_fixing(cols)] += 1;
    }
    out.eight = by_fixed[1] / h;
    out.four = by_fixed[2] * 2 / h;
    out.two = by_fixed[4] * 4 / h;
    out
}

/// How the free rows of a constellation are counted: on boards up to `fewest::MAX_N` the
/// narrowest row first, all rows in one vector; on larger ones top to bottom, in the image
/// that fails first.
enum Inner {
    Fewest(Box<Fewest>),
    TopDown,
}

impl Inner {
    fn new(n: usize) -> Inner {
        if (4..=fewest::MAX_N).contains(&n) {
            Inner::Fewest(Box::new(Fewest::new(n)))
        } else {
            Inner::TopDown
        }
    }

    /// The completions of `border` and the queens placed on the way.
    fn count(&self, n: usize, border: Border) -> (u64, u64) {
        match self {
            Inner::Fewest(f) => f.count(&border.allowed(n), &border.rows(n)),
            Inner::TopDown => easiest(n, border).count(),
        }
    }
}

/// Of the border's 8 images (whose completions are as many), the inner search that looks
/// smallest: the one whose first free rows leave the fewest squares open (fail first).
fn easiest(n: usize, border: Border) -> Gapped {
    (0..8)
        .map(|g| {
            let b = border.mapped(n, g);
            Gapped::new(&b.allowed(n), &b.rows(n))
        })
        .min_by_key(Gapped::top_size)
        .expect("8 images")
}

/// How many of the four turns map a placement (columns per row) onto itself: 1, 2 or 4.
fn turns_fixing(cols: &[u8]) -> usize {
    let m = cols.len() - 1;
    let half = (0..=m).all(|r| usize::from(cols[m - r]) == m - usize::from(cols[r]));
    if !half {
        return 1;
    }
    // The quarter turn takes (r, c) to (c, m - r).
    let quarter = (0..=m).all(|r| usize::from(cols[usize::from(cols[r])]) == m - r);
    if quarter { 4 } else { 2 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Progress;
    use crate::families::n_queens::symmetry;

    /// The board's borders: every valid one is the image of exactly one constellation, and
    /// each class has 8 / fixed_by members.
    #[test]
    fn constellations_cover_every_border_once() {
        for n in 4..=9 {
            let all = constellations(n);
            let mut images = std::collections::BTreeSet::new();
            for c in &all {
                let orbit: std::collections::BTreeSet<Border> =
                    (0..8).map(|g| c.border.mapped(n, g)).collect();
                assert_eq!(orbit.len() * usize::from(c.fixed_by), 8, "n = {n}");
                for b in orbit {
                    assert!(images.insert(b), "n = {n}: {b:?} in two classes");
                }
            }
            let side = n as u8;
            let valid = (0..side)
                .flat_map(|t| (0..side).map(move |b| (t, b)))
                .flat_map(|(t, b)| (0..side).map(move |l| (t, b, l)))
                .flat_map(|(t, b, l)| (0..side).map(move |r| (t, b, l, r)))
                .filter(|&(top, bottom, left, right)| {
                    Border {
                        top,
                        bottom,
                        left,
                        right,
                    }
                    .is_valid(n)
                })
                .count();
            assert_eq!(images.len(), valid, "n = {n}");
        }
    }

    /// The same classes as the row-by-row symmetry search (itself checked against orbits
    /// listed by brute force), for every board up to 13.
    #[test]
    fn classes_agree_with_the_symmetry_search() {
        for n in 1..=13 {
            let mut c = count(n);
            let mut s = symmetry::count(n, &Progress::hidden());
            (c.nodes, s.nodes) = (0, 0);
            assert_eq!(c, s, "n = {n}");
        }
    }

    /// The two ways of counting a constellation's free rows (narrowest row first, and top to
    /// bottom in the image that fails first) find the same completions for every
    /// constellation of the boards they share, so the top-down count, used above 18 queens
    /// only, is checked too.
    #[test]
    fn both_inner_counts_agree() {
        for n in 4..=12 {
            let narrow = Inner::new(n);
            for c in constellations(n) {
                let found = narrow.count(n, c.border).0;
                assert_eq!(found, Inner::TopDown.count(n, c.border).0, "n = {n}: {c:?}");
            }
        }
    }

    /// Split in shards, the parts add up to the whole.
    #[test]
    fn shards_add_up() {
        for n in [1, 4, 8, 10, 13] {
            let whole = count(n);
            for parts in [2, 7, 64] {
                let mut sum = Classes::default();
                for k in 0..parts {
                    sum += count_shard(n, Shard::new(k, parts).unwrap(), &Progress::hidden());
                }
                assert_eq!(sum, whole, "n = {n}, {parts} parts");
            }
        }
    }
}
