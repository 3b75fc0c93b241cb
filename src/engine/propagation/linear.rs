//! Linear constraints `sum(a_i * x_i) + c  (== | <= | !=)  0` with bounds reasoning: each term
//! must fit between what the other terms can still add up to, so a variable's domain is cut to
//! the range that leaves the sum reachable (all but one variable fixed: exactly the value left).

use super::store::Store;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    Eq,
    Le,
    Ne,
}

#[derive(Debug, Clone)]
pub struct Linear {
    /// (coefficient, variable), each variable once, no zero coefficient.
    pub terms: Vec<(i64, usize)>,
    pub constant: i128,
    pub relation: Relation,
}

fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i128, b: i128) -> i128 {
    -floor_div(-a, b)
}

/// Terms whose bounds [`Linear::narrow_bounds`] keeps on the stack (longer sums read them twice).
const CACHED: usize = 32;

/// The least and greatest value of `a * x`.
fn term_bounds(s: &Store, a: i64, v: usize) -> (i128, i128) {
    bounds_of(a, s.min(v), s.max(v))
}

/// The least and greatest value of `a * x` for `x` in `lo..=hi`.
#[inline]
pub(super) fn bounds_of(a: i64, lo: i64, hi: i64) -> (i128, i128) {
    let (lo, hi) = (i128::from(lo), i128::from(hi));
    let a = i128::from(a);
    if a > 0 {
        (a * lo, a * hi)
    } else {
        (a * hi, a * lo)
    }
}

/// The values of `x` for which `a * x` lies in `least..=most`. Unit coefficients (most sums:
/// magic lines, differences) skip the 128-bit divisions, which took a fifth of a Golomb
/// ruler's time.
pub(super) fn term_range(a: i64, least: i128, most: i128) -> (i128, i128) {
    match a {
        1 => (least, most),
        -1 => (-most, -least),
        _ => {
            let a = i128::from(a);
            if a > 0 {
                (ceil_div(least, a), floor_div(most, a))
            } else {
                (ceil_div(most, a), floor_div(least, a))
            }
        }
    }
}

impl Linear {
    /// The value of the left side when every variable is fixed.
    pub fn value(&self, s: &Store) -> i128 {
        self.terms
            .iter()
            .map(|&(a, v)| i128::from(a) * i128::from(s.min(v)))
            .sum::<i128>()
            + self.constant
    }

    pub fn propagate(&self, s: &mut Store) -> bool {
        match self.relation {
            Relation::Ne => self.propagate_ne(s),
            Relation::Eq | Relation::Le => loop {
                match self.narrow_bounds(s) {
                    None => return false,
                    Some(false) => return true,
                    Some(true) => {}
                }
            },
        }
    }

    /// One pass of bounds reasoning; Some(true) when a domain changed.
    fn narrow_bounds(&self, s: &mut Store) -> Option<bool> {
        // Each variable's bounds, read once: a term's own domain changes only at its own turn
        // below (each variable is in one term), so the second loop can reuse them.
        let mut read = [(0i64, 0i64); CACHED];
        let cached = self.terms.len() <= CACHED;
        let (mut lo_sum, mut hi_sum) = (self.constant, self.constant);
        for (k, &(a, v)) in self.terms.iter().enumerate() {
            let (x_min, x_max) = (s.min(v), s.max(v));
            if cached {
                read[k] = (x_min, x_max);
            }
            let (lo, hi) = bounds_of(a, x_min, x_max);
            lo_sum += lo;
            hi_sum += hi;
        }
        let eq = self.relation == Relation::Eq;
        if lo_sum > 0 || (eq && hi_sum < 0) {
            return None;
        }
        let mut changed = false;
        for (k, &(a, v)) in self.terms.iter().enumerate() {
            let (x_min, x_max) = if cached {
                read[k]
            } else {
                (s.min(v), s.max(v))
            };
            let (lo, hi) = bounds_of(a, x_min, x_max);
            // The term may rise until the sum reaches 0, and (for ==) must reach it.
            let most = lo - lo_sum;
            let least = if eq { hi - hi_sum } else { i128::MIN / 4 };
            let (x_lo, x_hi) = term_range(a, least, most);
            // Most terms keep their bounds: nothing to cut, no mask to build.
            if x_lo <= i128::from(x_min) && x_hi >= i128::from(x_max) {
                continue;
            }
            if !s.restrict(v, s.range_mask(x_lo, x_hi)) {
                return None;
            }
            changed = true;
        }
        Some(changed)
    }

    /// Whether the constraint must hold (Some(true)), cannot hold (Some(false)) whatever values
    /// are still chosen, or either (None): bounds, and for `==` / `!=` with one variable left,
    /// whether the one value that makes the sum 0 is still in its domain.
    pub fn status(&self, s: &Store) -> Option<bool> {
        let (mut lo_sum, mut hi_sum) = (self.constant, self.constant);
        for &(a, v) in &self.terms {
            let (lo, hi) = term_bounds(s, a, v);
            lo_sum += lo;
            hi_sum += hi;
        }
        let zero_possible = || {
            if lo_sum > 0 || hi_sum < 0 {
                return false;
            }
            let free: Vec<&(i64, usize)> = self.terms.iter().filter(|t| !s.is_fixed(t.1)).collect();
            match free.as_slice() {
                [(a, v)] => {
                    let (lo, _) = term_bounds(s, *a, *v);
                    // The others are fixed: the free term must be lo - lo_sum.
                    let (need, a) = (lo - lo_sum, i128::from(*a));
                    need % a == 0
                        && i64::try_from(need / a).is_ok_and(|x| s.dom(*v) & s.bit(x) != 0)
                }
                _ => true,
            }
        };
        let sure_zero = lo_sum == 0 && hi_sum == 0;
        match self.relation {
            Relation::Le if hi_sum <= 0 => Some(true),
            Relation::Le if lo_sum > 0 => Some(false),
            Relation::Le => None,
            Relation::Eq if sure_zero => Some(true),
            Relation::Eq if !zero_possible() => Some(false),
            Relation::Ne if sure_zero => Some(false),
            Relation::Ne if !zero_possible() => Some(true),
            Relation::Eq | Relation::Ne => None,
        }
    }

    /// `!=`: only when one variable is left can a value be ruled out.
    fn propagate_ne(&self, s: &mut Store) -> bool {
        let mut free = None;
        let mut rest = self.constant;
        for &(a, v) in &self.terms {
            if s.is_fixed(v) {
                rest += i128::from(a) * i128::from(s.min(v));
            } else if free.is_some() {
                return true;
            } else {
                free = Some((a, v));
            }
        }
        let Some((a, v)) = free else {
            return rest != 0;
        };
        let a = i128::from(a);
        if rest % a != 0 {
            return true;
        }
        let banned = -rest / a;
        match i64::try_from(banned) {
            Ok(x) => s.restrict(v, !s.bit(x)),
            Err(_) => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sum longer than the terms whose bounds are kept on the stack reads them again, with
    /// the same result: 40 digits adding up to 359 leave each at least 8 (the other 39 give at
    /// most 351), and 356 leave each in 5..=9.
    #[test]
    fn bounds_of_a_long_sum() {
        for (total, least) in [(359, 8), (356, 5)] {
            let mut s = Store::new(0, vec![0x3FF; 40]);
            let sum = Linear {
                terms: (0..40).map(|v| (1, v)).collect(),
                constant: -total,
                relation: Relation::Eq,
            };
            assert!(sum.propagate(&mut s));
            assert!(
                (0..40).all(|v| (s.min(v), s.max(v)) == (least, 9)),
                "{total}"
            );
        }
    }

    #[test]
    fn bounds_of_a_sum() {
        // x + y + z == 24 over 1..9 each, x fixed to 9: y, z in 6..9.
        let mut s = Store::new(1, vec![1 << 8, 0x1FF, 0x1FF]);
        let sum = Linear {
            terms: vec![(1, 0), (1, 1), (1, 2)],
            constant: -24,
            relation: Relation::Eq,
        };
        assert!(sum.propagate(&mut s));
        assert_eq!((s.min(1), s.max(1)), (6, 9));
        // 2x - y <= -3 with x, y in 1..9: 2x <= y - 3 <= 6, so x <= 3 and y >= 5.
        let mut s = Store::new(1, vec![0x1FF, 0x1FF]);
        let le = Linear {
            terms: vec![(2, 0), (-1, 1)],
            constant: 3,
            relation: Relation::Le,
        };
        assert!(le.propagate(&mut s));
        assert_eq!((s.max(0), s.min(1)), (3, 5));
        // x != y with y fixed to 4.
        let mut s = Store::new(1, vec![0x1FF, 1 << 3]);
        let ne = Linear {
            terms: vec![(1, 0), (-1, 1)],
            constant: 0,
            relation: Relation::Ne,
        };
        assert!(ne.propagate(&mut s));
        assert_eq!(s.dom(0), 0x1FF & !(1 << 3));
    }
}
