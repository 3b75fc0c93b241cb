//! `total = sum(parts)` where the parts are pairwise different (members of one all-different):
//! k different values add up to at least the k smallest values any part can still take, and at
//! most the k largest, which is much more than the sum of each part's own bounds when the parts
//! share their values (a Golomb ruler's gaps: three different gaps span at least 1 + 2 + 3).

use super::store::{Bits, Store};

#[derive(Debug, Clone)]
pub struct DistinctSum {
    pub total: usize,
    /// Pairwise different (an all-different elsewhere makes them so), each once.
    pub parts: Vec<usize>,
}

/// The sums of the `k - 1` and of the `k` smallest values of `set`, `k` at least 1 (None when
/// it has fewer than `k`): one walk for both.
fn smallest(s: &Store, mut set: Bits, k: usize) -> Option<(i128, i128)> {
    let mut sum = 0i128;
    for _ in 1..k {
        if set == 0 {
            return None;
        }
        sum += i128::from(s.value_of(set.trailing_zeros()));
        set &= set - 1;
    }
    (set != 0).then(|| (sum, sum + i128::from(s.value_of(set.trailing_zeros()))))
}

/// The sums of the `k - 1` and of the `k` largest values of `set`, `k` at least 1.
fn largest(s: &Store, mut set: Bits, k: usize) -> Option<(i128, i128)> {
    let mut sum = 0i128;
    for _ in 1..k {
        if set == 0 {
            return None;
        }
        let top = 127 - set.leading_zeros();
        sum += i128::from(s.value_of(top));
        set &= !(1 << top);
    }
    (set != 0).then(|| (sum, sum + i128::from(s.value_of(127 - set.leading_zeros()))))
}

impl DistinctSum {
    pub fn vars(&self) -> Vec<usize> {
        let mut v = self.parts.clone();
        v.push(self.total);
        v
    }

    /// Narrows the total and the parts to a fixpoint; false on a conflict.
    pub fn propagate(&self, s: &mut Store) -> bool {
        loop {
            match self.narrow(s) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// One pass; Some(true) when a domain changed. The fixed parts count their own values; the
    /// free ones take different values from what they can take but the fixed parts hold (deep in
    /// a Golomb search most gaps are fixed, and their values leave the others).
    fn narrow(&self, s: &mut Store) -> Option<bool> {
        let (mut free_union, mut fixed_values, mut fixed_sum, mut free) = (0 as Bits, 0, 0i128, 0);
        let (mut lo_own, mut hi_own) = (0i128, 0i128);
        for &p in &self.parts {
            let (d, p_lo) = (s.dom(p), i128::from(s.min(p)));
            lo_own += p_lo;
            hi_own += i128::from(s.max(p));
            if d.count_ones() == 1 {
                fixed_values |= d;
                fixed_sum += p_lo;
            } else {
                free_union |= d;
                free += 1;
            }
        }
        let union = free_union & !fixed_values;
        // Fewer values than free parts: they cannot all differ.
        let ((rest_lo, all_lo), (rest_hi, all_hi)) = if free == 0 {
            ((0, 0), (0, 0))
        } else {
            (smallest(s, union, free)?, largest(s, union, free)?)
        };
        let lo = lo_own.max(fixed_sum + all_lo);
        let hi = hi_own.min(fixed_sum + all_hi);
        let before = s.dom(self.total);
        if !s.restrict(self.total, s.range_mask(lo, hi)) {
            return None;
        }
        let mut changed = s.dom(self.total) != before;
        if free == 0 {
            return Some(changed);
        }
        let (t_lo, t_hi) = (i128::from(s.min(self.total)), i128::from(s.max(self.total)));
        // The others of a free part: the fixed parts, and free - 1 different values of the
        // union, whichever free part is left out.
        let (rest_lo, rest_hi) = (fixed_sum + rest_lo, fixed_sum + rest_hi);
        for &p in &self.parts {
            if s.size(p) == 1 {
                continue;
            }
            let (p_lo, p_hi) = (i128::from(s.min(p)), i128::from(s.max(p)));
            let others_lo = (lo_own - p_lo).max(rest_lo);
            let others_hi = (hi_own - p_hi).min(rest_hi);
            let before = s.dom(p);
            if !s.restrict(p, s.range_mask(t_lo - others_hi, t_hi - others_lo)) {
                return None;
            }
            changed |= s.dom(p) != before;
        }
        Some(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every (total, parts) assignment with pairwise different parts and total = their sum,
    /// by enumeration: the values each variable takes in at least one of them.
    fn supported(doms: &[Vec<i64>]) -> Vec<Vec<i64>> {
        let k = doms.len() - 1;
        let mut keep = vec![Vec::new(); doms.len()];
        let mut pick = vec![0i64; k];
        fn walk(doms: &[Vec<i64>], i: usize, pick: &mut Vec<i64>, keep: &mut [Vec<i64>]) {
            let k = pick.len();
            if i == k {
                let sum: i64 = pick.iter().sum();
                if doms[k].contains(&sum) {
                    for (j, &x) in pick.iter().enumerate() {
                        keep[j].push(x);
                    }
                    keep[k].push(sum);
                }
                return;
            }
            for &x in &doms[i] {
                if !pick[..i].contains(&x) {
                    pick[i] = x;
                    walk(doms, i + 1, pick, keep);
                }
            }
        }
        walk(doms, 0, &mut pick, &mut keep);
        keep
    }

    /// The narrowing never removes a supported value, and keeps each domain's bounds within
    /// the supported values' bounds or empties them on no support (checked by enumeration).
    #[test]
    fn sound_against_enumeration() {
        let cases: Vec<Vec<Vec<i64>>> = vec![
            // Three gaps from 1..9 and their span: at least 1 + 2 + 3.
            vec![
                (1..=9).collect(),
                (1..=9).collect(),
                (1..=9).collect(),
                (0..=40).collect(),
            ],
            // Parts that share only two values cannot be three different values.
            vec![vec![1, 2], vec![1, 2], vec![1, 2], (0..=10).collect()],
            // A total of at most 7 from parts in {1, 2, 4, 8}: 1 + 2 + 4.
            vec![
                vec![1, 2, 4, 8],
                vec![1, 2, 4, 8],
                vec![1, 2, 4, 8],
                (0..=7).collect(),
            ],
            vec![vec![3, 5], (1..=6).collect(), (2..=9).collect()],
            // Fixed parts: the free ones cannot take their values.
            vec![
                vec![1],
                vec![2],
                (1..=4).collect(),
                (1..=4).collect(),
                (0..=10).collect(),
            ],
            vec![vec![1], vec![1, 2, 3], vec![1, 3], (0..=5).collect()],
        ];
        // And small random groups, some parts fixed.
        let mut words = crate::util::random::xorshift(0x2545_F491_4F6C_DD1D);
        let mut next = || words.next().expect("an endless stream");
        let mut cases = cases;
        for _ in 0..400 {
            let k = 2 + (next() % 3) as usize;
            let mut doms: Vec<Vec<i64>> = (0..k)
                .map(|_| {
                    let d: Vec<i64> = (1..=6).filter(|_| next() % 2 == 0).collect();
                    if d.is_empty() || next() % 3 == 0 {
                        vec![1 + (next() % 6) as i64]
                    } else {
                        d
                    }
                })
                .collect();
            let lo = (next() % 8) as i64;
            doms.push((lo..=lo + (next() % 16) as i64).collect());
            cases.push(doms);
        }
        for doms in cases {
            let n = doms.len();
            let bits = doms
                .iter()
                .map(|d| d.iter().fold(0 as Bits, |m, &x| m | 1 << x))
                .collect();
            let mut s = Store::new(0, bits);
            let p = DistinctSum {
                total: n - 1,
                parts: (0..n - 1).collect(),
            };
            let ok = p.propagate(&mut s);
            let support = supported(&doms);
            if support[0].is_empty() {
                // Sound either way; no assignment exists.
                continue;
            }
            assert!(ok, "{doms:?}");
            for (v, sup) in support.iter().enumerate() {
                for &x in sup {
                    assert!(s.dom(v) & s.bit(x) != 0, "{doms:?}: lost {x} of {v}");
                }
            }
        }
        // The span of three different gaps from 1..9 is at least 6 and at most 24.
        let mut s = Store::new(0, vec![0x3FE, 0x3FE, 0x3FE, (1 << 41) - 1]);
        let p = DistinctSum {
            total: 3,
            parts: vec![0, 1, 2],
        };
        assert!(p.propagate(&mut s));
        assert_eq!((s.min(3), s.max(3)), (6, 24));
        let mut s = Store::new(0, vec![0b110, 0b110, 0b110, (1 << 11) - 1]);
        assert!(!p.propagate(&mut s), "three different values out of two");
    }
}
