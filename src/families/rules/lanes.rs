//! Instances found by where a value sits: when every guard pins a different slot of one row of
//! equal slots to the same value (the blank's cell of a sliding puzzle: `cell[p] == 0`), the
//! slots holding that value are found at once by comparing every slot in one word (SWAR), and
//! only their instances are tried. The 8-puzzle's 24 slides are then 1 word operation and the
//! 2 to 4 slides of the blank's cell, rather than 24 pin tests per state.

use super::instance::Instance;
use super::word::Word;

/// The instances of each slot of the row, and the words that find the slots holding the value.
#[derive(Debug, Clone)]
pub struct LaneDispatch {
    /// The row's first bit, and the mask of its bits from there (at most 64).
    shift: u32,
    mask: u64,
    /// Bits per slot.
    width: u32,
    /// The pinned value in every slot's place.
    broadcast: u64,
    /// Every bit of each slot but its top one, and the top ones.
    low: u64,
    high: u64,
    /// Per slot of the row (from the lowest bits), the instances pinning it.
    buckets: Vec<Vec<u32>>,
}

impl LaneDispatch {
    /// The dispatch, when every instance's guard starts with `slot == v` for one raw value
    /// `v`, on slots of one width spaced by that width, spanning at most 64 bits.
    pub fn build(instances: &[Instance]) -> Option<LaneDispatch> {
        let pins: Vec<(u32, u64, u64)> = (instances.iter())
            .map(|i| match i.guard.as_ref()?.pinned()? {
                (shift, mask, Some(raw)) => Some((shift, mask, raw)),
                _ => None,
            })
            .collect::<Option<_>>()?;
        LaneDispatch::of_pins(&pins)
    }

    /// The dispatch over `pins` (per instance: the shift, mask and raw value of the slot it
    /// needs), under the conditions of [`LaneDispatch::build`].
    pub fn of_pins(pins: &[(u32, u64, u64)]) -> Option<LaneDispatch> {
        let &(_, mask, raw) = pins.first()?;
        if mask == 0 || mask == u64::MAX || mask & (mask + 1) != 0 {
            return None;
        }
        let width = mask.count_ones();
        let shift = pins.iter().map(|p| p.0).min()?;
        let last = pins.iter().map(|p| p.0).max()?;
        let same =
            |p: &&(u32, u64, u64)| p.1 == mask && p.2 == raw && (p.0 - shift).is_multiple_of(width);
        let lanes = (last - shift) / width + 1;
        if pins.iter().any(|p| !same(&p)) || lanes * width > 64 || lanes < 2 {
            return None;
        }
        let mut buckets = vec![Vec::new(); lanes as usize];
        for (k, p) in pins.iter().enumerate() {
            buckets[((p.0 - shift) / width) as usize].push(k as u32);
        }
        let every = |v: u64| (0..lanes).fold(0u64, |w, k| w | v << (k * width));
        let span = lanes * width;
        Some(LaneDispatch {
            shift,
            mask: if span == 64 {
                u64::MAX
            } else {
                (1 << span) - 1
            },
            width,
            broadcast: every(raw),
            low: every(mask >> 1),
            high: every(1 << (width - 1)),
            buckets,
        })
    }

    /// The most `cost` any one slot's instances add up to (what a state costs at most).
    pub fn most(&self, cost: impl Fn(usize) -> u64) -> u64 {
        let bucket = |b: &Vec<u32>| {
            b.iter()
                .fold(0u64, |n, &i| n.saturating_add(cost(i as usize)))
        };
        self.buckets.iter().map(bucket).max().unwrap_or(0)
    }

    /// Calls `f` with each instance whose pinned slot holds the value in `s`, until it
    /// returns false.
    #[inline]
    pub fn each<W: Word>(&self, s: W, mut f: impl FnMut(usize) -> bool) -> bool {
        let x = s.field(self.shift, self.mask) ^ self.broadcast;
        // A slot's top bit ends up set when its lower bits are not all 0 (no carry leaves a
        // slot: each half is below the top bit); with the slot's own bits or'ed in, the top
        // bit is clear only in a slot of all zeros: one holding the value.
        let nonzero = ((x & self.low) + self.low) | x | self.low;
        let mut found = !nonzero & self.high & self.mask;
        while found != 0 {
            let lane = found.trailing_zeros() / self.width;
            found &= found - 1;
            for &i in &self.buckets[lane as usize] {
                if !f(i as usize) {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of `lanes` slots of `width` bits at `shift`, every slot pinned to `raw` by one
    /// instance (instance k pins slot k).
    fn row(shift: u32, width: u32, lanes: u32, raw: u64) -> LaneDispatch {
        let mask = (1u64 << width) - 1;
        let pins: Vec<_> = (0..lanes).map(|k| (shift + k * width, mask, raw)).collect();
        LaneDispatch::of_pins(&pins).expect("a row of equal slots")
    }

    #[test]
    fn finds_exactly_the_slots_holding_the_value() {
        let mut words = crate::util::random::xorshift(0x5EED_1A9E);
        for (shift, width, lanes) in [(0, 4, 9), (3, 4, 16), (1, 1, 40), (0, 3, 21), (5, 7, 8)] {
            let mask = (1u64 << width) - 1;
            for raw in [0, 1, mask] {
                let d = row(shift, width, lanes, raw);
                for _ in 0..2_000 {
                    // Slots drawn so the value is common: half of them hold it.
                    let mut s = 0u128;
                    let mut want = Vec::new();
                    for k in 0..lanes {
                        let word = words.next().expect("an endless stream");
                        let v = if word & 1 == 0 {
                            raw
                        } else {
                            (word >> 1) & mask
                        };
                        if v == raw {
                            want.push(k as usize);
                        }
                        s |= u128::from(v) << (shift + k * width);
                    }
                    let mut got = Vec::new();
                    d.each(s, |i| {
                        got.push(i);
                        true
                    });
                    assert_eq!(got, want, "width {width}, raw {raw}, state {s:#x}");
                }
            }
        }
    }
}
