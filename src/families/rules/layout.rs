//! The packed state: every variable (each array element) gets the bits its range needs, offset
//! by its low end, inside one word (a u64, a u128, or several 64-bit words for wider states: see [`Word`]). Reading
//! and writing a slot is a shift and a mask.

use super::word::{Mask, Word};
pub use crate::expr::check::Shape;
use crate::expr::check::{StateVar, StateVars};

/// One packed whole number: a scalar variable or one array element.
#[derive(Debug, Clone, Copy)]
pub struct Slot {
    pub shift: u32,
    pub mask: u64,
    pub lo: i64,
    pub hi: i64,
}

#[derive(Debug, Clone)]
pub struct Var {
    pub name: String,
    pub shape: Shape,
    /// Its first slot; an array's elements are the following ones.
    pub first: usize,
    pub lo: i64,
    pub hi: i64,
}

impl Var {
    pub fn len(&self) -> usize {
        match self.shape {
            Shape::Array(n) => n,
            _ => 1,
        }
    }

    pub fn range_words(&self) -> String {
        match self.shape {
            Shape::Bool => "true/false".to_string(),
            _ => format!("{}..{}", self.lo, self.hi),
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct Layout {
    pub vars: Vec<Var>,
    pub slots: Vec<Slot>,
    /// Bits the whole state needs.
    pub bits: u32,
}

/// Bits to tell apart the values `lo..=hi`.
pub fn bits_for(lo: i64, hi: i64) -> u32 {
    let span = (i128::from(hi) - i128::from(lo)) as u128;
    128 - span.leading_zeros()
}

impl Layout {
    /// Adds a variable; the bits may run past 64 (the loader reports the total).
    pub fn push(&mut self, name: String, shape: Shape, lo: i64, hi: i64) {
        let bits = bits_for(lo, hi);
        let first = self.slots.len();
        let var = Var {
            name,
            shape,
            first,
            lo,
            hi,
        };
        for _ in 0..var.len() {
            let mask = if bits >= 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
            // A slot of no bits reads nothing: any shift below 64 does for every word.
            let shift = if bits == 0 {
                self.bits.min(63)
            } else {
                self.bits
            };
            self.slots.push(Slot {
                shift,
                mask,
                lo,
                hi,
            });
            self.bits = self.bits.saturating_add(bits);
        }
        self.vars.push(var);
    }

    pub fn var(&self, name: &str) -> Option<usize> {
        self.vars.iter().position(|v| v.name == name)
    }

    pub fn get<W: Word>(&self, s: W, slot: usize) -> i64 {
        let f = &self.slots[slot];
        f.lo + s.field(f.shift, f.mask) as i64
    }

    /// The bits of `slot` in the packed state.
    pub fn bits_of<W: Word>(&self, slot: usize) -> W {
        let f = &self.slots[slot];
        W::place(f.mask, f.shift)
    }

    /// The bits of `slot` as a mask over the widest state.
    pub fn mask_of(&self, slot: usize) -> Mask {
        self.bits_of::<Mask>(slot)
    }

    /// `s` with `slot` set to `v` (which the caller checked is in the slot's range).
    pub fn with<W: Word>(&self, s: W, slot: usize, v: i64) -> W {
        let f = &self.slots[slot];
        (s & !W::place(f.mask, f.shift)) | W::place((v - f.lo) as u64, f.shift)
    }

    pub fn pack<W: Word>(&self, values: &[i64]) -> W {
        values
            .iter()
            .enumerate()
            .fold(W::default(), |s, (i, &v)| self.with(s, i, v))
    }

    pub fn unpack<W: Word>(&self, s: W) -> Vec<i64> {
        (0..self.slots.len()).map(|i| self.get(s, i)).collect()
    }
}

/// The checker's names with the rules' state variables.
pub type Names<'a> = crate::expr::check::Names<'a, Layout>;

/// The checker finds the state variables by name here.
impl StateVars for Layout {
    fn find(&self, name: &str) -> Option<StateVar> {
        let index = self.var(name)?;
        let v = &self.vars[index];
        Some(StateVar {
            index,
            shape: v.shape,
            first: v.first,
        })
    }

    fn names(&self) -> Vec<&str> {
        self.vars.iter().map(|v| v.name.as_str()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_offsets_and_round_trips() {
        let mut l = Layout::default();
        l.push("a".into(), Shape::Number, -3, 4);
        l.push("b".into(), Shape::Bool, 0, 1);
        l.push("c".into(), Shape::Array(3), 0, 2);
        assert_eq!(l.bits, 3 + 1 + 3 * 2);
        let values = [-3, 1, 2, 0, 1];
        assert_eq!(l.unpack(l.pack::<u64>(&values)), values);
        assert_eq!(l.unpack(l.pack::<u128>(&values)), values);
        assert_eq!(bits_for(5, 5), 0);
        assert_eq!(bits_for(0, 255), 8);
    }
}
