//! Domains as 128-bit sets over one shared offset, with a trail so that every change made below
//! a search node is undone on the way back (no copy of the domains per node).

/// The values of a variable: bit `i` stands for the value `offset + i`.
pub type Bits = u128;

/// The widest span of values the bit sets hold.
pub const WIDTH: i64 = 128;

/// The cause of a change made by a search decision rather than by a propagator.
pub const DECISION: u32 = u32::MAX;

/// No trail entry (a variable not changed since the start).
const NONE: u32 = u32::MAX;

pub struct Store {
    /// Value of bit 0, shared by all variables.
    pub offset: i64,
    domains: Vec<Bits>,
    /// (variable, domain before the change), newest last.
    trail: Vec<(u32, Bits)>,
    /// Variables changed since the propagation queue last looked, each with whether its least
    /// or greatest value moved (what bounds reasoning needs to hear about).
    changed: Vec<(u32, bool)>,
    /// What a learning search reads to explain a change; None otherwise (no cost then).
    reasons: Option<Reasons>,
    /// Who makes the next changes: a propagator's number, a learned nogood's, or [`DECISION`]
    /// (set by whoever runs them; read only when reasons are kept).
    pub cause: u32,
}

/// Beside each trail entry, its cause and the variable's previous entry, so that the domain a
/// variable had at any point of the trail is found by walking its own entries only.
struct Reasons {
    /// Per trail entry: (previous entry of the same variable or NONE, cause).
    entries: Vec<(u32, u32)>,
    /// Per variable, its newest trail entry or NONE.
    last: Vec<u32>,
}

impl Store {
    pub fn new(offset: i64, domains: Vec<Bits>) -> Store {
        let n = domains.len();
        Store {
            offset,
            domains,
            trail: Vec::with_capacity(4 * n + 16),
            changed: Vec::with_capacity(n),
            reasons: None,
            cause: DECISION,
        }
    }

    /// From now on, keeps the cause of every change (a learning search needs them).
    pub fn keep_reasons(&mut self) {
        self.reasons = Some(Reasons {
            entries: Vec::with_capacity(self.trail.capacity()),
            last: vec![NONE; self.domains.len()],
        });
        // Changes made before are taken as the start (none are kept: the trail is empty then).
        debug_assert!(self.trail.is_empty());
    }

    pub fn len(&self) -> usize {
        self.domains.len()
    }

    pub fn is_empty(&self) -> bool {
        self.domains.is_empty()
    }

    pub fn dom(&self, v: usize) -> Bits {
        self.domains[v]
    }

    pub fn size(&self, v: usize) -> u32 {
        self.domains[v].count_ones()
    }

    pub fn is_fixed(&self, v: usize) -> bool {
        self.domains[v].count_ones() == 1
    }

    /// The least value left (the domain must not be empty).
    pub fn min(&self, v: usize) -> i64 {
        self.offset + i64::from(self.domains[v].trailing_zeros())
    }

    pub fn max(&self, v: usize) -> i64 {
        self.offset + 127 - i64::from(self.domains[v].leading_zeros())
    }

    /// The bit of `value`, or 0 when it lies outside the span.
    pub fn bit(&self, value: i64) -> Bits {
        match value.checked_sub(self.offset) {
            Some(i) if (0..WIDTH).contains(&i) => 1 << i,
            _ => 0,
        }
    }

    pub fn value_of(&self, bit_index: u32) -> i64 {
        self.offset + i64::from(bit_index)
    }

    /// The bits of every value in `lo..=hi` (i128 so that bounds from sums never overflow).
    pub fn range_mask(&self, lo: i128, hi: i128) -> Bits {
        let off = i128::from(self.offset);
        let lo = (lo - off).max(0);
        let hi = (hi - off).min(127);
        if lo > hi {
            return 0;
        }
        let upper = if hi == 127 {
            Bits::MAX
        } else {
            (1 << (hi + 1)) - 1
        };
        upper & !((1 << lo) - 1)
    }

    /// Keeps only `keep` in the domain of `v`; false when nothing is left (a conflict).
    pub fn restrict(&mut self, v: usize, keep: Bits) -> bool {
        let old = self.domains[v];
        let new = old & keep;
        if new != old {
            if let Some(r) = &mut self.reasons {
                r.entries.push((r.last[v], self.cause));
                r.last[v] = self.trail.len() as u32;
            }
            self.trail.push((v as u32, old));
            self.domains[v] = new;
            let bounds = new.trailing_zeros() != old.trailing_zeros()
                || new.leading_zeros() != old.leading_zeros();
            self.changed.push((v as u32, bounds));
        }
        new != 0
    }

    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Undoes every change made since `mark`.
    pub fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (v, old) = self.trail.pop().expect("longer than mark");
            self.domains[v as usize] = old;
            if let Some(r) = &mut self.reasons {
                let (prev, _) = r.entries.pop().expect("one per trail entry");
                r.last[v as usize] = prev;
            }
        }
        self.changed.clear();
    }

    /// Trail entry `e`: the variable changed and its domain before the change.
    pub fn entry(&self, e: usize) -> (usize, Bits) {
        let (v, old) = self.trail[e];
        (v as usize, old)
    }

    /// The cause of trail entry `e` (reasons must be kept).
    pub fn cause_of(&self, e: usize) -> u32 {
        self.kept().entries[e].1
    }

    fn kept(&self) -> &Reasons {
        self.reasons.as_ref().expect("keep_reasons was called")
    }

    /// The domain `v` had just before trail entry `e` was made (reasons must be kept).
    pub fn dom_before(&self, v: usize, e: usize) -> Bits {
        let r = self.kept();
        let (mut d, mut i) = (self.domains[v], r.last[v]);
        while i != NONE && i as usize >= e {
            d = self.trail[i as usize].1;
            i = r.entries[i as usize].0;
        }
        d
    }

    /// The first trail entry after which the domain of `v` lies inside `set` for good (None
    /// when it did before any entry); the domain must lie inside `set` now.
    pub fn entry_entailing(&self, v: usize, set: Bits) -> Option<usize> {
        let r = self.kept();
        let mut i = r.last[v];
        while i != NONE {
            // The domain after entry i is inside set; is the one before it too?
            if self.trail[i as usize].1 & !set != 0 {
                return Some(i as usize);
            }
            i = r.entries[i as usize].0;
        }
        None
    }

    /// Hands the changed variables to `f` (with whether a bound moved) and forgets them.
    pub fn drain_changed(&mut self, mut f: impl FnMut(usize, bool)) {
        while let Some((v, bounds)) = self.changed.pop() {
            f(v as usize, bounds);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restrict_and_undo() {
        let mut s = Store::new(1, vec![0b1111, 0b11]);
        let m = s.mark();
        assert!(s.restrict(0, s.range_mask(2, 3)));
        assert_eq!((s.min(0), s.max(0)), (2, 3));
        assert!(!s.restrict(1, 0));
        s.undo(m);
        assert_eq!((s.dom(0), s.dom(1)), (0b1111, 0b11));
        assert_eq!(s.range_mask(-5, 200), Bits::MAX);
        assert_eq!(s.range_mask(5, 2), 0);
    }
}
