//! Hall intervals for a large all-different (bounds reasoning in the manner of Puget and
//! Lopez-Ortiz et al.): when the k variables whose domains lie inside an interval [lo, hi] can
//! only take k values between them, no other variable can take those values; fewer than k is a
//! conflict. Meant for groups with many more values than variables (a Golomb ruler's
//! differences), where the fixed-value and hidden-single rules see nothing until late.
//!
//! The intervals tried start at a variable's least value and end at a variable's greatest; for
//! each start the variables inside are met in order of their greatest value, so each start costs
//! one pass (O(n^2) per call, no allocation).

use super::store::{Bits, Store};

/// Narrows `vars` by their Hall intervals; Some(true) when a domain changed, None on a conflict.
/// More variables than a domain has bits are left alone (the pigeonhole rule fails them). The
/// fixed variables' values must already be gone from the others' domains.
pub fn hall_intervals(vars: &[usize], s: &mut Store) -> Option<bool> {
    const MAX: usize = super::store::WIDTH as usize;
    if vars.len() > MAX {
        return Some(false);
    }
    // Only the free variables: the caller has removed the fixed ones' values from the others,
    // so a set of variables is a Hall set (or too many for its values) exactly when its free
    // members are, and the fixed members' values are gone from every other domain already.
    // Deep in a Golomb search most differences are fixed.
    let mut buf = [0usize; MAX];
    let mut free = 0;
    for &v in vars {
        if s.size(v) > 1 {
            buf[free] = v;
            free += 1;
        }
    }
    let order = &mut buf[..free];
    // By greatest value ascending: fewer leading zeros is a greater value.
    order.sort_unstable_by_key(|&v| std::cmp::Reverse(s.dom(v).leading_zeros()));
    let order = &*order;
    let mut changed = false;
    // Variables sharing a least value start the same interval: it is tried once (the caller
    // runs again after any change, so the fixpoint is the same).
    let mut tried: Bits = 0;
    for &start in order {
        let lo = s.dom(start).trailing_zeros();
        if i64::from(lo) >= super::store::WIDTH || tried & (1 << lo) != 0 {
            continue;
        }
        tried |= 1 << lo;
        let (mut union, mut inside): (Bits, u32) = (0, 0);
        for &v in order.iter() {
            let d = s.dom(v);
            if d.trailing_zeros() < lo {
                continue;
            }
            union |= d;
            inside += 1;
            let room = union.count_ones();
            if room < inside {
                return None;
            }
            if room == inside {
                changed |= remove_outside(order, s, union)?;
            }
        }
    }
    Some(changed)
}

/// Removes the values of a Hall set `set` from every variable not inside it (a domain inside
/// it has no value outside it). Some(true) when a domain changed, None when one emptied.
#[inline]
pub(super) fn remove_outside(vars: &[usize], s: &mut Store, set: Bits) -> Option<bool> {
    let mut changed = false;
    for &v in vars {
        let d = s.dom(v);
        if d & !set != 0 && d & set != 0 {
            if !s.restrict(v, !set) {
                return None;
            }
            changed = true;
        }
    }
    Some(changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment of pairwise different values from the domains, by enumeration: the
    /// values each variable takes in at least one (empty lists when there is none).
    fn supported(doms: &[Bits]) -> Vec<Bits> {
        fn walk(doms: &[Bits], i: usize, used: Bits, pick: &mut Vec<u32>, keep: &mut [Bits]) {
            if i == doms.len() {
                for (k, &b) in pick.iter().enumerate() {
                    keep[k] |= 1 << b;
                }
                return;
            }
            let mut d = doms[i] & !used;
            while d != 0 {
                let b = d.trailing_zeros();
                d &= d - 1;
                pick.push(b);
                walk(doms, i + 1, used | 1 << b, pick, keep);
                pick.pop();
            }
        }
        let mut keep = vec![0; doms.len()];
        walk(doms, 0, 0, &mut Vec::new(), &mut keep);
        keep
    }

    /// Removes each fixed variable's value from the others: Some(true) when a domain changed,
    /// None when one emptied (two variables fixed to one value). The caller's own
    /// (`AllDifferent::remove_fixed_values`) is not called here: importing all_different from
    /// this file would close an import circle (all_different calls these Hall intervals).
    fn remove_fixed(vars: &[usize], s: &mut Store) -> Option<bool> {
        let mut changed = false;
        for &v in vars {
            if s.size(v) == 1 {
                let value = s.dom(v);
                for &w in vars {
                    if w != v && s.dom(w) & value != 0 {
                        if !s.restrict(w, !value) {
                            return None;
                        }
                        changed = true;
                    }
                }
            }
        }
        Some(changed)
    }

    /// On random small groups the narrowing never loses a supported value, and a conflict is
    /// reported only when no assignment exists; on interval domains it reaches the supported
    /// bounds (bounds consistency), checked by enumeration.
    #[test]
    fn sound_and_bounds_consistent_against_enumeration() {
        let mut words = crate::util::random::xorshift(0x9E37_79B9_7F4A_7C15);
        let mut next = || words.next().expect("an endless stream");
        for case in 0..3000 {
            let n = 2 + (next() % 5) as usize;
            let width = n as u64 + next() % 4;
            let intervals = case % 2 == 0;
            let doms: Vec<Bits> = (0..n)
                .map(|_| {
                    if intervals {
                        let a = next() % width;
                        let b = a + next() % (width - a);
                        ((1 as Bits) << (b + 1)) - (1 << a)
                    } else {
                        (next() as Bits & ((1 << width) - 1)).max(1)
                    }
                })
                .collect();
            let support = supported(&doms);
            let mut s = Store::new(0, doms.clone());
            let vars: Vec<usize> = (0..n).collect();
            let mut ok = true;
            loop {
                // The caller's part: the fixed variables' values leave the others first.
                match remove_fixed(&vars, &mut s) {
                    None => ok = false,
                    Some(true) => continue,
                    Some(false) => {}
                }
                if !ok {
                    break;
                }
                match hall_intervals(&vars, &mut s) {
                    None => ok = false,
                    Some(true) => continue,
                    Some(false) => {}
                }
                break;
            }
            if support[0] == 0 {
                continue;
            }
            assert!(ok, "{doms:?}: a conflict with a solution");
            for (v, &want) in support.iter().enumerate() {
                assert_eq!(s.dom(v) & want, want, "{doms:?}: lost a value");
                if intervals {
                    let got = (s.dom(v).trailing_zeros(), s.dom(v).leading_zeros());
                    let want = (want.trailing_zeros(), want.leading_zeros());
                    assert_eq!(got, want, "{doms:?}: bounds of {v}");
                }
            }
        }
    }

    #[test]
    fn an_interval_full_of_variables_leaves_the_others() {
        // x0, x1, x2 in 1..3 fill it: x3 in 1..5 keeps 4 and 5 only.
        let mut s = Store::new(1, vec![0b111, 0b011, 0b110, 0b11111]);
        assert_eq!(hall_intervals(&[0, 1, 2, 3], &mut s), Some(true));
        assert_eq!(s.dom(3), 0b11000);
        let mut s = Store::new(1, vec![0b11, 0b11, 0b11]);
        assert_eq!(hall_intervals(&[0, 1, 2], &mut s), None);
    }
}
