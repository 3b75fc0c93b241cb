//! Element: `value == array[index]` with the index a variable (positions from 0). Domain
//! consistent: a position stays in the index's domain only while its element and the value
//! still share a value; the value keeps only what some possible element can take; and once
//! the index is fixed, that element and the value share one domain.

use super::store::{Bits, Store};

pub struct Element {
    pub index: usize,
    pub array: Vec<usize>,
    pub value: usize,
}

impl Element {
    pub fn vars(&self) -> Vec<usize> {
        let mut v = self.array.clone();
        v.push(self.index);
        v.push(self.value);
        v.sort_unstable();
        v.dedup();
        v
    }

    pub fn propagate(&self, s: &mut Store) -> bool {
        let (positions, value) = (s.dom(self.index), s.dom(self.value));
        let (mut keep, mut reachable): (Bits, Bits) = (0, 0);
        for (i, &a) in self.array.iter().enumerate() {
            let bit = s.bit(i as i64);
            let common = s.dom(a) & value;
            if bit & positions != 0 && common != 0 {
                keep |= bit;
                reachable |= common;
            }
        }
        if !s.restrict(self.index, keep) || !s.restrict(self.value, reachable) {
            return false;
        }
        if s.is_fixed(self.index) {
            let Ok(i) = usize::try_from(s.min(self.index)) else {
                return false;
            };
            let a = self.array[i];
            let both = s.dom(a) & s.dom(self.value);
            return s.restrict(a, both) && s.restrict(self.value, both);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrows_index_value_and_the_chosen_element() {
        // Values from 0: a0 in {1, 2}, a1 in {5}, a2 in {2, 3}; index in 0..3 (3 is outside);
        // value in {2, 3, 4}: a1 cannot match, so index in {0, 2} and value in {2, 3}.
        let mut s = Store::new(0, vec![0b110, 1 << 5, 0b1100, 0b1111, 0b11100]);
        let e = Element {
            index: 3,
            array: vec![0, 1, 2],
            value: 4,
        };
        assert!(e.propagate(&mut s));
        assert_eq!((s.dom(3), s.dom(4)), (0b101, 0b1100));
        // Index fixed to 0: a0 and the value meet at 2.
        assert!(s.restrict(3, 0b1));
        assert!(e.propagate(&mut s));
        assert_eq!((s.dom(0), s.dom(4)), (0b100, 0b100));
        // No element can take the value: a conflict.
        let mut s = Store::new(0, vec![0b10, 0b10, 0b11, 1 << 7]);
        let e = Element {
            index: 2,
            array: vec![0, 1],
            value: 3,
        };
        assert!(!e.propagate(&mut s));
    }
}
