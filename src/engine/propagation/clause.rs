//! A clause: at least one of several linear comparisons holds (what `or`, `not`, `implies`
//! and `and` over comparisons become once put in conjunctive form). A comparison that the
//! domains make certain satisfies the clause; one they rule out is dropped; when all but one
//! are ruled out, the last is enforced as a linear propagator; none left is a conflict.

use super::Linear;
use super::store::Store;

pub struct Clause {
    pub literals: Vec<Linear>,
}

impl Clause {
    pub fn vars(&self) -> Vec<usize> {
        let mut v: Vec<usize> = self
            .literals
            .iter()
            .flat_map(|l| l.terms.iter().map(|t| t.1))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    pub fn propagate(&self, s: &mut Store) -> bool {
        let mut open = None;
        for l in &self.literals {
            match l.status(s) {
                Some(true) => return true,
                Some(false) => {}
                None if open.is_some() => return true,
                None => open = Some(l),
            }
        }
        match open {
            Some(l) => l.propagate(s),
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::propagation::Relation;

    fn le(terms: Vec<(i64, usize)>, constant: i128) -> Linear {
        Linear {
            terms,
            constant,
            relation: Relation::Le,
        }
    }

    #[test]
    fn the_last_open_comparison_is_enforced() {
        // x <= 2 or y >= 7 (written -y + 7 <= 0), x, y in 0..9.
        let c = Clause {
            literals: vec![le(vec![(1, 0)], -2), le(vec![(-1, 1)], 7)],
        };
        let mut s = Store::new(0, vec![0x3FF, 0x3FF]);
        assert!(c.propagate(&mut s));
        assert_eq!((s.dom(0), s.dom(1)), (0x3FF, 0x3FF), "both still open");
        assert!(s.restrict(0, s.range_mask(5, 9)));
        assert!(c.propagate(&mut s));
        assert_eq!(s.min(1), 7, "x > 2, so y >= 7");
        let mut s = Store::new(0, vec![0x3FF, 0x3FF]);
        assert!(s.restrict(0, s.range_mask(0, 1)));
        assert!(s.restrict(1, s.range_mask(0, 3)));
        assert!(c.propagate(&mut s), "x <= 2 is certain");
        let mut s = Store::new(0, vec![0b1000, 0x3FF]);
        assert!(s.restrict(1, s.range_mask(0, 3)));
        assert!(!c.propagate(&mut s), "x = 3 and y <= 3 break both");
    }

    #[test]
    fn equality_with_a_hole_is_ruled_out() {
        // x == 4 or x == 6, with x in {3, 5, 6}: x becomes 6.
        let eq = |k: i128| Linear {
            terms: vec![(1, 0)],
            constant: -k,
            relation: Relation::Eq,
        };
        let c = Clause {
            literals: vec![eq(4), eq(6)],
        };
        let mut s = Store::new(0, vec![0b110_1000]);
        assert!(c.propagate(&mut s));
        assert_eq!(s.dom(0), 1 << 6);
    }
}
