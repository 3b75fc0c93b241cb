//! Permutation effects: each moved slot takes another slot's old value, plus a constant modulo
//! the slot's range size (a cube's cubies move round a face and twist). A permutation is
//! invertible, so its inverse is computed once at load and bidirectional search finds a
//! state's predecessor through it in one step instead of trying old values.

use super::layout::Layout;
use super::word::{Mask, Word};
use std::collections::BTreeMap;

/// Slot `dst` takes slot `src`'s old value plus `add` (modulo the slots' range size).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub dst: usize,
    pub src: usize,
    pub add: u64,
}

/// One step on the packed state: shifts, the field's mask, and the raw value to add.
#[derive(Debug, Clone, Copy)]
struct Field {
    dst_shift: u32,
    src_shift: u32,
    mask: u64,
    add: u64,
    /// The range size when `add` is not 0 (the raw value wraps there), else never reached.
    size: u64,
}

/// A permutation of slots with additions, as steps and as shifts over the packed state.
#[derive(Debug, Clone)]
pub struct Perm {
    steps: Vec<Step>,
    fields: Vec<Field>,
    /// The bits of every destination slot (in the widest word).
    touched: Mask,
}

/// The number of values of slot `k`, saturated (adds are only allowed on small ranges).
pub fn size_of(layout: &Layout, k: usize) -> u64 {
    let f = layout.slots[k];
    u64::try_from(i128::from(f.hi) - i128::from(f.lo) + 1).unwrap_or(u64::MAX)
}

impl Perm {
    /// The permutation of `steps` (each `dst` once, the `src` a permutation of the `dst`, and
    /// each pair of slots of one range, which the callers check). Steps that change nothing
    /// are dropped and every `add` is reduced modulo its slot's range size.
    pub fn new(steps: Vec<Step>, layout: &Layout) -> Perm {
        let mut kept: Vec<Step> = steps
            .into_iter()
            .map(|s| Step {
                add: s.add % size_of(layout, s.dst).max(1),
                ..s
            })
            .filter(|s| s.dst != s.src || s.add != 0)
            .collect();
        kept.sort_by_key(|s| s.dst);
        let fields = kept
            .iter()
            .filter(|s| layout.slots[s.dst].mask != 0)
            .map(|s| Field {
                dst_shift: layout.slots[s.dst].shift,
                src_shift: layout.slots[s.src].shift,
                mask: layout.slots[s.dst].mask,
                add: s.add,
                size: if s.add == 0 {
                    u64::MAX
                } else {
                    size_of(layout, s.dst)
                },
            })
            .collect::<Vec<_>>();
        let touched = (fields.iter()).fold(Mask::default(), |m, f| {
            m | <Mask as Word>::place(f.mask, f.dst_shift)
        });
        Perm {
            steps: kept,
            fields,
            touched,
        }
    }

    #[cfg(test)]
    pub fn is_identity(&self) -> bool {
        self.steps.is_empty()
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// `base` with every destination slot set from the old state `s`.
    #[inline]
    pub fn apply<W: Word>(&self, s: W, base: W) -> W {
        let mut next = base & !W::narrow(self.touched);
        for f in &self.fields {
            let mut v = s.field(f.src_shift, f.mask) + f.add;
            if v >= f.size {
                v -= f.size;
            }
            next = next | W::place(v, f.dst_shift);
        }
        next
    }

    /// The permutation that undoes this one.
    pub fn inverse(&self, layout: &Layout) -> Perm {
        let steps = self.steps.iter().map(|s| Step {
            dst: s.src,
            src: s.dst,
            add: (size_of(layout, s.dst) - s.add) % size_of(layout, s.dst).max(1),
        });
        Perm::new(steps.collect(), layout)
    }

    /// This permutation followed by `next`.
    pub fn then(&self, next: &Perm, layout: &Layout) -> Perm {
        let first: BTreeMap<usize, (usize, u64)> =
            self.steps.iter().map(|s| (s.dst, (s.src, s.add))).collect();
        let mut out: BTreeMap<usize, Step> = self.steps.iter().map(|s| (s.dst, *s)).collect();
        for s in &next.steps {
            let (src, add) = first.get(&s.src).copied().unwrap_or((s.src, 0));
            let add = (add as u128 + s.add as u128) % u128::from(size_of(layout, s.dst).max(1));
            out.insert(
                s.dst,
                Step {
                    dst: s.dst,
                    src,
                    add: add as u64,
                },
            );
        }
        Perm::new(out.into_values().collect(), layout)
    }

    /// This permutation applied `times` times (at least once).
    pub fn power(&self, times: u32, layout: &Layout) -> Perm {
        (1..times).fold(self.clone(), |p, _| p.then(self, layout))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::rules::layout::Shape;

    fn layout() -> Layout {
        let mut l = Layout::default();
        l.push("p".into(), Shape::Array(4), 0, 3);
        l.push("o".into(), Shape::Array(4), 0, 2);
        l
    }

    /// A 4-cycle of `p` and `o` with twists on `o`, against the values moved by hand.
    fn quarter(l: &Layout) -> Perm {
        let mut steps = Vec::new();
        for k in 0..4 {
            let (from, to) = (k, (k + 1) % 4);
            steps.push(Step {
                dst: to,
                src: from,
                add: 0,
            });
            steps.push(Step {
                dst: 4 + to,
                src: 4 + from,
                add: [1, 2, 1, 2][to],
            });
        }
        Perm::new(steps, l)
    }

    #[test]
    fn moves_values_adds_modulo_and_inverts() {
        let l = layout();
        let q = quarter(&l);
        let s: u64 = l.pack(&[0, 1, 2, 3, 0, 1, 2, 0]);
        let t = q.apply(s, s);
        // Position k + 1 gets position k's values, `o` plus 1, 2, 1, 2 at the destinations:
        // o[0] = o[3] + 1 = 1, o[1] = o[0] + 2 = 2, o[2] = o[1] + 1 = 2, o[3] = o[2] + 2 = 4 = 1.
        assert_eq!(l.unpack(t), vec![3, 0, 1, 2, 1, 2, 2, 1]);
        assert_eq!(q.inverse(&l).apply(t, t), s);
        let four = q.power(4, &l);
        // Four quarter turns put every value back; each `o` got 1 + 2 + 1 + 2 = 6 = 0 mod 3.
        assert!(four.is_identity());
        let two = q.power(2, &l);
        assert_eq!(two.apply(s, s), q.apply(t, t));
        assert_eq!(two.inverse(&l).apply(two.apply(s, s), s), s);
    }
}
