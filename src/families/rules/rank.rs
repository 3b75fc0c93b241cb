//! A dense index of the reachable states, for the bitmap engines, when the packed state is
//! wider than the states it can hold: an array whose values are a permutation at the start
//! and which every move only permutes (a cube's cubies) is numbered by its Lehmer code (n!
//! values instead of the 2^bits its slots span), and every other slot by its range. The pocket
//! cube then indexes 7! * 3^7 = 11,022,480 places instead of 2^35, so its visited set is a
//! 1.4 MB bitmap rather than a hash set of 3.67 M states.

use super::instance::{Instance, Target};
use super::layout::{Layout, Shape};
use super::word::{Mask, Word};

/// The arrays ranked as permutations and the slots ranked by their range, each digit with its
/// weight in the index (so the digits are added, not chained through multiplications).
#[derive(Debug, Clone)]
pub struct Ranking {
    /// Per permutation array: each slot's shift, mask and weight (its Lehmer digit's place).
    perms: Vec<Vec<(u32, u64, u64)>>,
    /// Every other slot: shift, mask and weight.
    others: Vec<(u32, u64, u64)>,
    /// Every index is below this.
    pub bound: u64,
    /// The permutation arrays' names and lengths, for the plan's reason.
    pub arrays: Vec<(String, usize)>,
    /// When the index is one array's Lehmer code over slots of one width laid side by side
    /// (a sliding puzzle's board): read in one pass over a shifted word.
    row: Option<Row>,
}

/// One permutation array's slots in a row: the first slot's shift, bits per slot, the digits'
/// count (the last slot's digit is always 0) and each digit's weight.
#[derive(Debug, Clone)]
struct Row {
    shift: u32,
    width: u32,
    digits: usize,
    weights: [u64; MAX_PERMUTED],
}

/// Arrays longer than this are not ranked (the Lehmer digits are kept in 4-bit fields).
const MAX_PERMUTED: usize = 16;
/// 1 in every 4-bit field, and each field holding its own place (0, 1, 2, ... 15).
const ONES: u64 = 0x1111_1111_1111_1111;
const PLACES: u64 = 0xFEDC_BA98_7654_3210;

impl Ranking {
    /// The ranking, when some array stays a permutation and the index fits a u64.
    pub fn build(layout: &Layout, instances: &[Instance], start: Mask) -> Option<Ranking> {
        let values = layout.unpack(start);
        let permuted: Vec<usize> = (0..layout.vars.len())
            .filter(|&v| stays_a_permutation(layout, v, &values, instances))
            .collect();
        if permuted.is_empty() {
            return None;
        }
        let mut in_perm = vec![false; layout.slots.len()];
        for &v in &permuted {
            let var = &layout.vars[v];
            (var.first..var.first + var.len()).for_each(|k| in_perm[k] = true);
        }
        let others: Vec<usize> = (0..layout.slots.len())
            .filter(|&k| !in_perm[k] && layout.slots[k].mask != 0)
            .collect();
        // Weights from the last digit up: the others' slots, then the arrays.
        let mut weight: u128 = 1;
        // The weight of the next digit up, after one of `size` values.
        let place = |weight: &mut u128, size: u128| {
            let w = u64::try_from(*weight).ok();
            *weight = weight.checked_mul(size)?;
            w
        };
        let mut other_digits = Vec::new();
        for &k in others.iter().rev() {
            let f = layout.slots[k];
            other_digits.push((
                f.shift,
                f.mask,
                place(&mut weight, (f.hi - f.lo + 1) as u128)?,
            ));
        }
        let mut perms = Vec::new();
        for &v in permuted.iter().rev() {
            let var = &layout.vars[v];
            let n = var.len();
            let unit = u64::try_from(weight).ok()?;
            // The last slot's digit is always 0 (no value below it is left unseen).
            let digits = (0..n - 1).map(|i| {
                let f = layout.slots[var.first + i];
                let fact: u64 = (1..=(n - 1 - i) as u64).product();
                (f.shift, f.mask, unit.saturating_mul(fact))
            });
            perms.push(digits.collect());
            place(&mut weight, (1..=n as u128).product())?;
        }
        Some(Ranking {
            row: Row::of(&perms, &other_digits),
            perms,
            others: other_digits,
            bound: u64::try_from(weight).ok()?,
            arrays: (permuted.iter())
                .map(|&v| (layout.vars[v].name.clone(), layout.vars[v].len()))
                .collect(),
        })
    }

    /// Bits of the index (what a bitmap over it takes, as a power of two).
    pub fn bits(&self) -> u32 {
        64 - self.bound.saturating_sub(1).leading_zeros()
    }

    /// The index of `s`: the permutation arrays' Lehmer codes and the other slots' values, in
    /// mixed radix. Distinct reachable states get distinct indices below [`Ranking::bound`].
    #[inline]
    pub fn rank<W: Word>(&self, s: W) -> u64 {
        if let Some(row) = &self.row {
            return row.rank(s);
        }
        let mut r = 0u64;
        for slots in &self.perms {
            // Field v of `unseen` counts the values below v not seen yet: v's Lehmer digit.
            let mut unseen = PLACES;
            for &(shift, mask, weight) in slots {
                let v = s.field(shift, mask) as u32 * 4;
                r += ((unseen >> v) & 15) * weight;
                unseen -= (ONES << v) << 4;
            }
        }
        for &(shift, mask, weight) in &self.others {
            r += s.field(shift, mask) * weight;
        }
        r
    }
}

impl Row {
    /// The row, when the only digits are one array's, on slots of one width, each `width`
    /// bits above the one before, spanning at most 64 bits.
    fn of(perms: &[Vec<(u32, u64, u64)>], others: &[(u32, u64, u64)]) -> Option<Row> {
        let ([digits], []) = (perms, others) else {
            return None;
        };
        let &(shift, mask, _) = digits.first()?;
        let width = mask.count_ones();
        let in_row = |(i, d): (usize, &(u32, u64, u64))| {
            d.1 == mask && u64::from(d.0) == u64::from(shift) + i as u64 * u64::from(width)
        };
        let span = u64::from(width) * (digits.len() as u64 + 1);
        if mask & (mask + 1) != 0 || !digits.iter().enumerate().all(in_row) || span > 64 {
            return None;
        }
        let mut weights = [0; MAX_PERMUTED];
        for (w, d) in weights.iter_mut().zip(digits) {
            *w = d.2;
        }
        Some(Row {
            shift,
            width,
            digits: digits.len(),
            weights,
        })
    }

    /// [`Ranking::rank`] for a row: the slots read by shifting one word.
    #[inline]
    fn rank<W: Word>(&self, s: W) -> u64 {
        let mask = (1u64 << self.width) - 1;
        let mut x = s.field(self.shift, u64::MAX);
        // The values seen so far, one bit each: a digit is its value less the values below it
        // already seen, and only this set carries from one slot to the next.
        let mut seen = 0u32;
        let mut r = 0u64;
        for &weight in &self.weights[..self.digits] {
            let v = (x & mask) as u32;
            x >>= self.width;
            let below = (seen & ((1 << v) - 1)).count_ones();
            r += u64::from(v - below) * weight;
            seen |= 1 << v;
        }
        r
    }
}

/// Whether array `v` holds a permutation of its range at the start and every move either
/// leaves its slots alone or fills them from its own slots unchanged (a `permute` with no
/// `add` on it): then it holds a permutation in every reachable state.
pub fn stays_a_permutation(
    layout: &Layout,
    v: usize,
    start: &[i64],
    instances: &[Instance],
) -> bool {
    let var = &layout.vars[v];
    let Shape::Array(n) = var.shape else {
        return false;
    };
    let slots = var.first..var.first + n;
    if !(2..=MAX_PERMUTED).contains(&n) || var.hi - var.lo + 1 != n as i64 {
        return false;
    }
    let mut seen = vec![false; n];
    for &x in &start[slots.clone()] {
        let p = (x - var.lo) as usize;
        if std::mem::replace(&mut seen[p], true) {
            return false;
        }
    }
    let bits = (slots.clone()).fold(Mask::default(), |m, k| m | layout.mask_of(k));
    instances.iter().all(|inst| {
        let e = &inst.effect;
        let writes_here = e.writes.iter().any(|w| match &w.target {
            Target::Slot(k) => slots.contains(k),
            Target::At { var: t, .. } => *t == v,
        });
        let steps_ok = e.perm.as_ref().is_none_or(|p| {
            (p.steps().iter())
                .filter(|st| slots.contains(&st.dst))
                .all(|st| slots.contains(&st.src) && st.add == 0)
        });
        ((e.clear | e.set | e.toggle) & bits).is_empty() && !writes_here && steps_ok
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every permutation of 0..4 with every value of a 0..2 slot gets its own index below
    /// 4! * 3 = 72, and all 72 are used.
    #[test]
    fn ranks_are_a_bijection_onto_the_bound() {
        let mut l = Layout::default();
        l.push("p".into(), Shape::Array(4), 0, 3);
        l.push("x".into(), Shape::Number, 0, 2);
        let start: Mask = l.pack(&[0, 1, 2, 3, 0]);
        let r = Ranking::build(&l, &[], start).expect("p is a permutation");
        assert_eq!(r.bound, 72);
        let mut used = [false; 72];
        for a in 0..4 {
            for b in (0..4).filter(|&b| b != a) {
                for c in (0..4).filter(|&c| c != a && c != b) {
                    let d = 6 - a - b - c;
                    for x in 0..3 {
                        let s: u64 = l.pack(&[a, b, c, d, x]);
                        let i = r.rank(s) as usize;
                        assert!(!std::mem::replace(&mut used[i], true), "{a}{b}{c}{d} {x}");
                    }
                }
            }
        }
        assert!(used.iter().all(|&u| u));
        // Not a permutation at the start: not ranked.
        assert!(Ranking::build(&l, &[], l.pack(&[0, 0, 2, 3, 0])).is_none());
    }

    /// A board alone (one array in a row of slots) is ranked by the one-pass row, which
    /// gives every one of the 6! orders the index the slot-by-slot ranking gives, all distinct.
    #[test]
    fn a_row_ranks_as_the_slots_do() {
        let mut l = Layout::default();
        l.push("cell".into(), Shape::Array(6), 0, 5);
        let r = Ranking::build(&l, &[], l.pack(&[0, 1, 2, 3, 4, 5])).expect("a permutation");
        assert!(r.row.is_some(), "one array in a row");
        let slotwise = Ranking {
            row: None,
            ..r.clone()
        };
        let mut used = [false; 720];
        let mut order: Vec<i64> = (0..6).collect();
        for _ in 0..720 {
            let s: u64 = l.pack(&order);
            let i = r.rank(s);
            assert_eq!(i, slotwise.rank(s), "{order:?}");
            assert!(!std::mem::replace(&mut used[i as usize], true), "{order:?}");
            next_order(&mut order);
        }
        assert!(used.iter().all(|&u| u));
    }

    /// The next order in lexicographic order (wrapping to the first after the last).
    fn next_order(a: &mut [i64]) {
        let Some(i) = (0..a.len() - 1).rev().find(|&i| a[i] < a[i + 1]) else {
            a.reverse();
            return;
        };
        let j = (i + 1..a.len())
            .rev()
            .find(|&j| a[j] > a[i])
            .expect("a[i + 1] is");
        a.swap(i, j);
        a[i + 1..].reverse();
    }
}
