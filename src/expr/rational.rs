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
        // Cross-multiplication can overflow i128 only for huge operands; then compare the whole
        // parts, and the fractional parts by their reciprocals (a continued-fraction walk,
        // exact, and as short as Euclid's algorithm).
        match (self.num.checked_mul(o.den), o.num.checked_mul(self.den)) {
            (Some(a), Some(b)) => a.cmp(&b),
            _ => {
                let a = self.num.div_euclid(self.den);
                let b = o.num.div_euclid(o.den);
                a.cmp(&b).then_with(|| {
                    let (ra, rb) = (self.num.rem_euclid(self.den), o.num.rem_euclid(o.den));
                    match (ra, rb) {
                        (0, 0) => Ordering::Equal,
                        (0, _) => Ordering::Less,
                        (_, 0) => Ordering::Greater,
                        // ra/den < rb/o.den exactly when den/ra > o.den/rb; both in lowest terms.
                        _ => Rational {
                            num: o.den,
                            den: rb,
                        }
                        .cmp(&Rational {
                            num: self.den,
                            den: ra,
                        }),
                    }
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

/// The text [`fmt::Display`] writes, read back: "7", "-7/2" (reduced on reading).
impl std::str::FromStr for Rational {
    type Err = ();

    fn from_str(s: &str) -> Result<Rational, ()> {
        let (num, den) = s.split_once('/').unwrap_or((s, "1"));
        let (num, den) = (num.parse().map_err(|_| ())?, den.parse().map_err(|_| ())?);
        Rational::new(num, den).ok_or(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_reads_back() {
        for (n, d) in [(7, 2), (-7, 2), (0, 1), (12, 1), (i128::MAX, 3)] {
            let r = Rational::new(n, d).unwrap();
            assert_eq!(r.to_string().parse::<Rational>(), Ok(r));
        }
        assert_eq!("6/4".parse::<Rational>(), Rational::new(3, 2).ok_or(()));
        assert!("1/0".parse::<Rational>().is_err());
        assert!("x".parse::<Rational>().is_err());
    }

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
    fn ordering_of_fractions_whose_cross_products_overflow() {
        // Two fractions near 1/3 with different denominators near 2^126: their cross
        // products overflow i128, and the order must still be exact.
        let big = 1i128 << 126;
        let third = Rational::new(big / 3, big - 1).unwrap(); // (2^126 / 3) / (2^126 - 1)
        let above = Rational::new(big / 3, big - 3).unwrap(); // a smaller denominator
        assert_ne!(third.denom(), above.denom());
        assert!(third < above);
        assert_eq!(above.cmp(&third), Ordering::Greater);
        assert_eq!(third.cmp(&third), Ordering::Equal);
        let near_one = Rational::new(big - 2, big - 1).unwrap();
        let nearer_one = Rational::new(big - 1, big).unwrap();
        // 1 - 1/(2^126 - 1) < 1 - 1/2^126
        assert!(near_one < nearer_one);
    }

    #[test]
    fn ordering_of_fractions() {
        let a = Rational::new(1, 3).unwrap();
        let b = Rational::new(1, 2).unwrap();
        assert!(a < b);
        assert_eq!(Rational::new(2, -4).unwrap(), Rational::new(-1, 2).unwrap());
    }
}
