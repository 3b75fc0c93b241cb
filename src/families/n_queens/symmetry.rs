//! Counting with all 8 symmetries of the square (Takaken's method). Each solution class is
//! searched once, from a canonical representative, and weighed by the size of its orbit: 8, 4
//! (symmetric under the half turn only) or 2 (symmetric under the quarter turn). Total = 8·C8 +
//! 4·C4 + 2·C2 and unique = C8 + C4 + C2, for about an eighth of the plain search.
//!
//! Two cases by the queen of row 0:
//! - in the corner (column 0): no other class member has a corner queen unless it is the
//!   diagonal mirror, which is excluded by requiring the row-1 queen to be right of the
//!   row-1/column-1 diagonal; such classes always have 8 members.
//! - elsewhere (column `b1` in 1..n/2): a representative must be the least of its class; rows
//!   before `b1` and after `b2` avoid the edge columns, and a full placement is compared against
//!   its rotations (`check`) to count it once with its orbit size.
//!
//! The count itself is `constellation.rs` (faster, and split by its constellations); this
//! search, built for the tests only, is that count's independent check.

use super::backtrack::bits;
use super::board::full_mask;
use super::classes::Classes;
use crate::engine::Progress;
use crate::engine::stop;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The fixed parameters of one search branch.
#[derive(Clone, Copy)]
pub(super) struct Phase {
    pub(super) last: usize,
    mask: u64,
    top: u64,
    pub(super) bound1: usize,
    bound2: usize,
    side: u64,
    last_mask: u64,
    end_bit: u64,
    /// Rows before this one fan out their placements to rayon's threads.
    split_until: usize,
}

pub(super) type Rows = [u64; 64];

/// The classes of solutions of the empty n x n board (n from 1 to 64).
pub fn count(n: usize, progress: &Progress) -> Classes {
    match n {
        1 => {
            // One queen: its single solution is fixed by every symmetry (an orbit of 1).
            return Classes {
                one: 1,
                nodes: 1,
                ..Classes::default()
            };
        }
        2 | 3 => return Classes::default(),
        _ => {}
    }
    let tasks = branches(n);
    let (total, done) = (tasks.len(), AtomicUsize::new(0));
    tasks
        .into_par_iter()
        .map(|(corner, p)| {
            let c = if corner {
                corner_branch(&p)
            } else {
                edge_branch(&p)
            };
            let k = done.fetch_add(1, Ordering::Relaxed) + 1;
            progress.position("branches", k as u64, total as u64);
            c
        })
        .reduce(Classes::default, |a, b| a + b)
}

/// The search branches of an n x n board (n >= 4): (corner, its phase).
pub(super) fn branches(n: usize) -> Vec<(bool, Phase)> {
    let last = n - 1;
    let mask = full_mask(n);
    let top = 1u64 << last;
    let base = Phase {
        last,
        mask,
        top,
        bound1: 0,
        bound2: 0,
        side: top | 1,
        last_mask: top | 1,
        end_bit: top >> 1,
        split_until: if n >= 10 { 4 } else { 0 },
    };
    let corner: Vec<Phase> = (2..last).map(|b1| Phase { bound1: b1, ..base }).collect();
    let mut edge = Vec::new();
    let (mut b1, mut b2) = (1, n - 2);
    let mut phase = base;
    while b1 < b2 {
        edge.push(Phase {
            bound1: b1,
            bound2: b2,
            ..phase
        });
        phase.last_mask |= phase.last_mask >> 1 | phase.last_mask << 1;
        phase.end_bit >>= 1;
        b1 += 1;
        b2 -= 1;
    }
    corner
        .into_iter()
        .map(|p| (true, p))
        .chain(edge.into_iter().map(|p| (false, p)))
        .collect()
}

/// Row 0's queen in the corner, row 1's in column `bound1`: every class found has 8 members.
fn corner_branch(p: &Phase) -> Classes {
    let mut rows: Rows = [0; 64];
    let bit = 1 << p.bound1;
    rows[0] = 1;
    rows[1] = bit;
    let mut c = Classes {
        nodes: 2,
        ..Classes::default()
    };
    search::<true>(p, &mut rows, 2, ((2 | bit) << 1, 1 | bit, bit >> 1), &mut c);
    c
}

/// Row 0's queen in column `bound1`: placements that may be the least of their class.
fn edge_branch(p: &Phase) -> Classes {
    let mut rows: Rows = [0; 64];
    let bit = 1 << p.bound1;
    rows[0] = bit;
    let mut c = Classes {
        nodes: 1,
        ..Classes::default()
    };
    search::<false>(p, &mut rows, 1, (bit << 1, bit, bit >> 1), &mut c);
    c
}

impl Phase {
    /// The open squares of row `y` (before the last) under the representative's rules.
    #[inline(always)]
    pub(super) fn open<const CORNER: bool>(
        &self,
        y: usize,
        left: u64,
        down: u64,
        right: u64,
    ) -> u64 {
        let open = self.mask & !(left | down | right);
        if CORNER {
            // Keeps the row-1 queen right of the diagonal: excludes the diagonal mirror image.
            if y < self.bound1 { open & !2 } else { open }
        } else if y < self.bound1 {
            open & !self.side
        } else if y == self.bound2 {
            // By row b2 an edge column must be taken, or a rotation would be smaller.
            match down & self.side {
                0 => 0,
                both if both == self.side => open,
                _ => open & self.side,
            }
        } else {
            open
        }
    }

    /// Counts a full placement whose last row has the open squares `open` (at most one).
    #[inline(always)]
    fn finish<const CORNER: bool>(&self, rows: &mut Rows, open: u64, out: &mut Classes) {
        if CORNER {
            if open != 0 {
                out.nodes += 1;
                out.eight += 1;
            }
        } else if open != 0 && open & self.last_mask == 0 {
            rows[self.last] = open;
            out.nodes += 1;
            check(self, rows, out);
        }
    }
}

/// Searches the completions of rows `..y`; rows before `split_until` fan out to rayon.
pub(super) fn search<const CORNER: bool>(
    p: &Phase,
    rows: &mut Rows,
    y: usize,
    (left, down, right): (u64, u64, u64),
    out: &mut Classes,
) {
    if y == p.last {
        p.finish::<CORNER>(rows, p.mask & !(left | down | right), out);
        return;
    }
    if y >= p.split_until {
        // A stop (time limit, Ctrl-C) skips the subtrees not yet searched: the count is then
        // partial, and the report says so.
        if stop::requested().is_some() {
            return;
        }
        search_sequential::<CORNER>(p, rows, y, (left, down, right), out);
        return;
    }
    let open = p.open::<CORNER>(y, left, down, right);
    *out += bits(open)
        .collect::<Vec<u64>>()
        .into_par_iter()
        .map(|bit| {
            let mut rows = *rows;
            rows[y] = bit;
            let mut c = Classes {
                nodes: 1,
                ..Classes::default()
            };
            let next = ((left | bit) << 1, down | bit, (right | bit) >> 1);
            search::<CORNER>(p, &mut rows, y + 1, next, &mut c);
            c
        })
        .reduce(Classes::default, |a, b| a + b);
}

/// The hot loop, from row `y0` (before the last) without recursion: an explicit stack of
/// (open squares left, left, down, right) per row; the last row is finished in place.
fn search_sequential<const CORNER: bool>(
    p: &Phase,
    rows: &mut Rows,
    y0: usize,
    (left0, down0, right0): (u64, u64, u64),
    out: &mut Classes,
) {
    // Per row, the squares its rules leave open (the last row's for the edge case, too), to look
    // ahead with; past the last row everything is open so the test never fails there.
    let mut ahead = [u64::MAX; 66];
    for (k, a) in ahead.iter_mut().enumerate().take(p.last) {
        *a = p.open::<CORNER>(k, 0, 0, 0) | if k == p.bound2 { p.mask } else { 0 };
    }
    ahead[p.last] = if CORNER {
        p.mask
    } else {
        p.mask & !p.last_mask
    };
    let mut stack = [(0u64, 0u64, 0u64, 0u64); 64];
    let (mut y, mut left, mut down, mut right) = (y0, left0, down0, right0);
    let mut open = p.open::<CORNER>(y, left, down, right);
    loop {
        if open == 0 {
            if y == y0 {
                return;
            }
            y -= 1;
            (open, left, down, right) = stack[y];
            continue;
        }
        let bit = open & open.wrapping_neg();
        open ^= bit;
        if !CORNER {
            // Only the symmetry check of the edge case reads the rows.
            rows[y] = bit;
        }
        out.nodes += 1;
        let (l, d, r) = ((left | bit) << 1, down | bit, (right | bit) >> 1);
        if y + 1 == p.last {
            p.finish::<CORNER>(rows, p.mask & !(l | d | r), out);
            continue;
        }
        if ahead[y + 2] & !((l << 1) | d | (r >> 1)) == 0
            || ahead[y + 3] & !((l << 2) | d | (r >> 2)) == 0
        {
            // Row y + 2 (or y + 3) is closed whatever the rows between take.
            continue;
        }
        stack[y] = (open, left, down, right);
        y += 1;
        (left, down, right) = (l, d, r);
        open = if CORNER || y != p.bound2 {
            ahead[y] & !(left | down | right)
        } else {
            p.open::<CORNER>(y, left, down, right)
        };
    }
}

/// Compares a full placement with its quarter, half and three-quarter turns: counts it with the
/// size of its orbit when it is the least of its class, and not at all otherwise.
fn check(p: &Phase, rows: &Rows, out: &mut Classes) {
    if rows[p.bound2] == 1 {
        match quarter_turn(p, rows) {
            Versus::Greater => return,
            Versus::Same => {
                out.two += 1;
                return;
            }
            Versus::Less => {}
        }
    }
    if rows[p.last] == p.end_bit {
        match half_turn(p, rows) {
            Versus::Greater => return,
            Versus::Same => {
                out.four += 1;
                return;
            }
            Versus::Less => {}
        }
    }
    if rows[p.bound1] == p.top && three_quarter_turn(p, rows) == Versus::Greater {
        return;
    }
    out.eight += 1;
}

/// A placement against one of its turned images.
#[derive(PartialEq, Eq)]
enum Versus {
    Less,
    /// The turn maps the placement onto itself.
    Same,
    /// The image is smaller: the placement is not the least of its class.
    Greater,
}

#[inline(always)]
fn quarter_turn(p: &Phase, rows: &Rows) -> Versus {
    let last = p.last;
    let (mut own, mut ptn) = (1, 2u64);
    while own <= last {
        let (mut bit, mut you) = (1u64, last);
        while rows[you] != ptn && rows[own] >= bit {
            bit <<= 1;
            you -= 1;
        }
        if rows[own] > bit {
            return Versus::Greater;
        }
        if rows[own] < bit {
            return Versus::Less;
        }
        own += 1;
        ptn <<= 1;
    }
    Versus::Same
}

#[inline(always)]
fn half_turn(p: &Phase, rows: &Rows) -> Versus {
    let last = p.last;
    let (mut own, mut you) = (1, last - 1);
    while own <= last {
        let (mut bit, mut ptn) = (1u64, p.top);
        while ptn != rows[you] && rows[own] >= bit {
            bit <<= 1;
            ptn >>= 1;
        }
        if rows[own] > bit {
            return Versus::Greater;
        }
        if rows[own] < bit {
            return Versus::Less;
        }
        own += 1;
        you = you.wrapping_sub(1);
    }
    Versus::Same
}

#[inline(always)]
fn three_quarter_turn(p: &Phase, rows: &Rows) -> Versus {
    let last = p.last;
    let (mut own, mut ptn) = (1, p.top >> 1);
    while own <= last {
        let (mut bit, mut you) = (1u64, 0);
        while rows[you] != ptn && rows[own] >= bit {
            bit <<= 1;
            you += 1;
        }
        if rows[own] > bit {
            return Versus::Greater;
        }
        if rows[own] < bit {
            return Versus::Less;
        }
        own += 1;
        ptn >>= 1;
    }
    Versus::Same
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::n_queens::backtrack;
    use std::collections::BTreeSet;

    /// The 8 images of a placement (columns per row) under the symmetries of the square.
    fn images(cols: &[u8]) -> BTreeSet<Vec<u8>> {
        let n = cols.len();
        let mut out = BTreeSet::new();
        let mut cur = cols.to_vec();
        for _ in 0..4 {
            // Quarter turn: (r, c) -> (c, n-1-r).
            let mut turned = vec![0u8; n];
            for (r, &c) in cur.iter().enumerate() {
                turned[c as usize] = (n - 1 - r) as u8;
            }
            let mirrored: Vec<u8> = turned.iter().map(|&c| (n - 1) as u8 - c).collect();
            out.insert(mirrored);
            out.insert(turned.clone());
            cur = turned;
        }
        out
    }

    /// Orbit sizes found by listing every solution and applying the 8 symmetries directly.
    #[test]
    fn classes_match_brute_force_orbits() {
        for n in 1..=9 {
            let all = backtrack::list(&vec![full_mask(n); n], usize::MAX).solutions;
            let mut seen = BTreeSet::new();
            let mut sizes = [0u64; 9];
            for s in &all {
                if seen.contains(s) {
                    continue;
                }
                let orbit = images(s);
                sizes[orbit.len()] += 1;
                seen.extend(orbit);
            }
            let c = count(n, &Progress::hidden());
            assert_eq!(
                (c.one, c.two, c.four, c.eight),
                (sizes[1], sizes[2], sizes[4], sizes[8]),
                "n = {n}"
            );
            assert_eq!(c.total(), all.len() as u64, "n = {n}");
        }
    }
}
