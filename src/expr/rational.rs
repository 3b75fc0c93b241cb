//! Exact rational numbers over i128 with checked arithmetic: a division that is not exact stays a
//! fraction, and an overflow is reported, never wrapped.

use std::cmp::Ordering;
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rational {
    num: i128,
    /// Always positive; the fraction is always in lowest terms.
    den: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Rational {
    pub const ZERO: Rational = Rational { num: 0, den: 1 };

    pub fn int(n: i128) -> Rational {
        Rational { num: n, den: 1 }
    }

    /// `num / den`, reduced; None when `den` is zero or the result overflows.
    pub fn new(num: i128, den: i128) -> Option<Rational> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        let (mut num, mut den) = (num / g, den / g);
        if den < 0 {
            num = num.checked_neg()?;
            den = den.checked_neg()?;
        }
        Some(Rational { num, den })
    }

    pub fn numer(self) -> i128 {
        self.num
    }

    pub fn denom(self) -> i128 {
        self.den
    }

    pub fn is_integer(self) -> bool {
        self.den == 1
    }

    /// The value as an integer, when it is one.
    pub fn to_integer(self) -> Option<i128> {
        self.is_integer().then_some(self.num)
    }

    pub fn checked_add(self, o: Rational) -> Option<Rational> {
        if self.den == 1 && o.den == 1 {
            return Some(Rational::int(self.num.checked_add(o.num)?));
        }
        let g = gcd(self.den, o.den);
        let l = self.den / g;
        let num = self
            .num
            .checked_mul(o.den / g)?
            .checked_add(o.num.checked_mul(l)?)?;
        Rational::new(num, l.checked_mul(o.den)?)
    }

    pub fn checked_neg(self) -> Option<Rational> {
        Some(Rational {
            num: self.num.checked_neg()?,
            den: self.den,
        })
    }

    pub fn checked_sub(self, o: Rational) -> Option<Rational> {
        self.checked_add(o.checked_neg()?)
    }

    pub fn checked_mul(self, o: Rational) -> Option<Rational> {
        if self.den == 1 && o.den == 1 {
            return Some(Rational::int(self.num.checked_mul(o.num)?));
        }
        let g1 = gcd(self.num, o.den).max(1);
        let g2 = gcd(o.num, self.den).max(1);
        Rational::new(
            (self.num / g1).checked_mul(o.num / g2)?,
            (self.den / g2).checked_mul(o.den / g1)?,
        )
    }

    /// None on division by zero or overflow.
    pub fn checked_div(self, o: Rational) -> Option<Rational> {
        if o.num == 0 {
            return None;
        }
        self.checked_mul(Rational::new(o.den, o.num)?)
    }

    pub fn abs(self) -> Option<Rational> {
        Some(Rational {
            num: self.num.checked_abs()?,
            den: self.den,
        })
    }
}

impl Ord for Rational {
    fn cmp(&self, o: &Self) -> Ordering {
        if self.den == o.den {
            return self.num.cmp(&o.num);
        }
        // Cross-multiplication can overflow i128 only for huge operands; compare as floats
        // of the quotient-remainder split then.
        match (self.num.checked_mul(o.den), o.num.checked_mul(self.den)) {
            (Some(a), Some(b)) => a.cmp(&b),
            _ => {
                let a = self.num.div_euclid(self.den);
                let b = o.num.div_euclid(o.den);
                a.cmp(&b).then_with(|| {
                    let ra = Rational::new(self.num.rem_euclid(self.den), self.den);
                    let rb = Rational::new(o.num.rem_euclid(o.den), o.den);
                    ra.cmp(&rb)
                })
            }
        }
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn division_is_exact() {
        let seven = Rational::int(7);
        let two = Rational::int(2);
        let q = seven.checked_div(two).unwrap();
        assert_eq!((q.numer(), q.denom()), (7, 2));
        assert_eq!(q.checked_mul(two).unwrap(), seven);
        assert!(seven.checked_div(Rational::ZERO).is_none());
    }

    #[test]
    fn overflow_is_reported() {
        assert!(
            Rational::int(i128::MAX)
                .checked_add(Rational::int(1))
                .is_none()
        );
    }

    #[test]
    fn ordering_of_fractions() {
        let a = Rational::new(1, 3).unwrap();
        let b = Rational::new(1, 2).unwrap();
        assert!(a < b);
        assert_eq!(Rational::new(2, -4).unwrap(), Rational::new(-1, 2).unwrap());
    }
}
