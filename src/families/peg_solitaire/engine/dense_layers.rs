//! A layer's successors (or predecessors) as a dense bitset over their ranks
//! ([`super::ranked_keys`]) instead of a sorted vector: each successor sets one bit, and the
//! bitset read in order is the next layer, sorted and without duplicates. No expansion buffer
//! and no radix sort: on English 33 a layer of up to 2.5 M classes grows through 8.7 MiB of
//! bits (one bitset per worker, ORed at the end) where the sorted runs took about 20 bytes a
//! successor. Used only for sets (no counts) and only when the layer is dense enough in its
//! rank space that clearing and scanning the bits costs less than sorting.

use super::bitboard::Bitboard;
use super::jump_space::JumpSpace;
use super::layer::{LAYER_GROWTH, Layer};
use super::ranked_keys::{LayerRanks, NOT_RANKED};
use crate::engine::prefetch::prefetch;
use crate::engine::{room, stop};
use rayon::prelude::*;

/// Bitsets filled at once, each by its own worker over a contiguous part of the layer.
const MAX_PARTS: usize = 4;
/// Positions expanded between stop polls (and per batch given to the `keep` filter).
const BATCH: usize = 1 << 10;
/// A layer is grown as bits when its parents number at least one per this many words of the
/// next layer's bitset: clearing and scanning a word costs far less than sorting a parent's
/// successors (English 33's 12-peg layer, 85,684 parents for 1.39 M words: 80 ms sorted).
const DENSE_RATIO: usize = 32;
/// Bitset words read per parallel task of the extraction.
const WORDS_PER_TASK: usize = 1 << 14;

/// A filter on a batch of successors' keys (canonical), or None where every successor is kept:
/// then each one's bit is set as it is made, with no batch written and read back.
pub type Keep<'a, B> = Option<&'a (dyn Fn(&mut Vec<B>) + Sync)>;

pub enum Dense<B> {
    Grown(Layer<B>),
    /// A stop was requested, or the memory for the bits was refused.
    Stopped,
    /// Not worth it (the layer too sparse in its rank space) or not possible (a board too
    /// large to rank, a successor of another class): grow the layer by sorting.
    Unfit,
}

/// The successors (predecessors when `backward`) of `layer` that `keep` leaves, as a layer.
pub fn expand_dense<B: Bitboard>(
    space: &JumpSpace<B>,
    layer: &Layer<B>,
    backward: bool,
    keep: Keep<B>,
) -> Dense<B> {
    expand_dense_within(space, layer, backward, keep, None)
}

/// Like [`expand_dense`], keeping only the successors that `within` (keys of the next layer's
/// peg count) holds: where the two searches meet, the successors' bits ANDed with the other
/// side's layer as bits, with no test per successor.
pub fn expand_dense_within<B: Bitboard>(
    space: &JumpSpace<B>,
    layer: &Layer<B>,
    backward: bool,
    keep: Keep<B>,
    within: Option<&[B]>,
) -> Dense<B> {
    let Some(&first) = layer.keys.first() else {
        return Dense::Unfit;
    };
    let pegs = if backward {
        layer.pegs + 1
    } else {
        layer.pegs.saturating_sub(1)
    };
    let successors = |b: B, out: &mut Vec<B>| {
        let images = space.images_of(b);
        space.for_each_move(b, backward, |j| {
            out.push(space.least(&space.after(&images, j)))
        });
    };
    // Jumps keep the class: the successors share the layer's (checked for each).
    let grown = DenseSet {
        space,
        pegs,
        class_of: first,
        most: space.jumps.len(),
    };
    grown.collect(&layer.keys, &successors, keep, within)
}

/// The canonical keys of `map(k)` for every `k` of `keys` (each map of `pegs` pegs), as a
/// layer: for sets of positions given unsorted, such as the complements of a layer.
pub fn dense_image<B: Bitboard>(
    space: &JumpSpace<B>,
    keys: &[B],
    pegs: u32,
    map: &(impl Fn(B) -> B + Sync),
) -> Dense<B> {
    let Some(&first) = keys.first() else {
        return Dense::Unfit;
    };
    let set = DenseSet {
        space,
        pegs,
        class_of: map(first),
        most: 1,
    };
    set.collect(keys, &|b, out: &mut Vec<B>| out.push(map(b)), None, None)
}

/// A layer being gathered as bits: `pegs` pegs, of the class of `class_of`, each input key
/// producing at most `most` keys.
struct DenseSet<'a, B: Bitboard> {
    space: &'a JumpSpace<B>,
    pegs: u32,
    class_of: B,
    most: usize,
}

impl<B: Bitboard> DenseSet<'_, B> {
    /// The keys `produce` makes from `keys` and `keep` leaves (and `within` holds, when
    /// given), sorted and without duplicates.
    fn collect(
        &self,
        keys: &[B],
        produce: &(impl Fn(B, &mut Vec<B>) + Sync),
        keep: Keep<B>,
        within: Option<&[B]>,
    ) -> Dense<B> {
        let Some(ranks) = self.space.key_ranks() else {
            return Dense::Unfit;
        };
        let ranks = LayerRanks::new(ranks, self.pegs, ranks.state(self.class_of.fold64()));
        let words = ranks.size().div_ceil(64) as usize;
        if keys.len().saturating_mul(DENSE_RATIO) < words {
            return Dense::Unfit;
        }
        let parts = rayon::current_num_threads().clamp(1, MAX_PARTS);
        let marked: Vec<Option<Marked>> = keys
            .par_chunks(keys.len().div_ceil(parts))
            .map(|part| match keep {
                None => self.mark(part, produce, &ranks, words),
                Some(keep) => self.mark_kept(part, produce, keep, &ranks, words),
            })
            .collect();
        let mut bits: Option<Vec<u64>> = None;
        for m in marked {
            let part = match m {
                None => return Dense::Stopped,
                Some(Marked::Unfit) => return Dense::Unfit,
                Some(Marked::Bits(part)) => part,
            };
            if let Some(all) = bits.as_mut() {
                all.par_iter_mut()
                    .zip(part.par_iter())
                    .for_each(|(a, x)| *a |= x);
            } else {
                bits = Some(part);
            }
        }
        if let (Some(bits), Some(within)) = (bits.as_mut(), within) {
            let Some(mask) = bits_of(within, &ranks, words) else {
                return Dense::Stopped;
            };
            bits.par_iter_mut()
                .zip(mask.par_iter())
                .for_each(|(a, m)| *a &= m);
        }
        match bits.and_then(|b| extract(&b, &ranks)) {
            Some(keys) => Dense::Grown(Layer {
                pegs: self.pegs,
                keys,
                counts: Vec::new(),
            }),
            None => Dense::Stopped,
        }
    }

    /// The bits of the keys produced from `keys`; None when stopped or refused. Each key's
    /// bit is fetched as it is ranked and set [`BITS_AHEAD`] keys later (a ring of ranks):
    /// ranking the next keys covers the wait, with no batch of keys or ranks written to
    /// memory and read back (English 33's largest layer: 11 M keys, 127 -> 106 ms).
    fn mark(
        &self,
        keys: &[B],
        produce: &impl Fn(B, &mut Vec<B>),
        ranks: &LayerRanks,
        words: usize,
    ) -> Option<Marked> {
        let mut bits = room::filled(words, LAYER_GROWTH, 0u64)?;
        let mut ahead = RankRing::<()>::new();
        let mut made: Vec<B> = room::reserved(self.most, LAYER_GROWTH)?;
        for chunk in keys.chunks(BATCH) {
            if stop::requested().is_some() {
                return None;
            }
            for &b in chunk {
                made.clear();
                produce(b, &mut made);
                for &k in &made {
                    let Some(r) = ranks.rank(k.fold64()) else {
                        return Some(Marked::Unfit);
                    };
                    prefetch(&bits, (r / 64) as usize);
                    if let Some((set, ())) = ahead.push(r, ()) {
                        set_bit(&mut bits, set);
                    }
                }
            }
        }
        for (r, ()) in ahead.drain() {
            set_bit(&mut bits, r);
        }
        Some(Marked::Bits(bits))
    }

    /// Like [`DenseSet::mark`], for the keys `keep` leaves of each batch.
    fn mark_kept(
        &self,
        keys: &[B],
        produce: &impl Fn(B, &mut Vec<B>),
        keep: &(dyn Fn(&mut Vec<B>) + Sync),
        ranks: &LayerRanks,
        words: usize,
    ) -> Option<Marked> {
        let mut bits = room::filled(words, LAYER_GROWTH, 0u64)?;
        let mut batch: Vec<B> = room::reserved(BATCH * self.most, LAYER_GROWTH)?;
        let mut batch_ranks: Vec<u64> = room::reserved(BATCH * self.most, LAYER_GROWTH)?;
        for chunk in keys.chunks(BATCH) {
            if stop::requested().is_some() {
                return None;
            }
            batch.clear();
            for &b in chunk {
                produce(b, &mut batch);
            }
            keep(&mut batch);
            batch_ranks.clear();
            ranks.rank_each(&batch, |r| batch_ranks.push(r));
            if batch_ranks.contains(&NOT_RANKED) {
                return Some(Marked::Unfit);
            }
            set_bits(&mut bits, &batch_ranks);
        }
        Some(Marked::Bits(bits))
    }
}

/// Bits fetched this many ranks ahead of being set or tested: they land at random in memory
/// far larger than the caches (8.7 MiB for English 33's largest layer).
pub(super) const BITS_AHEAD: usize = 16;

/// The last [`BITS_AHEAD`] ranks given, each with a tag, handed back in order as they leave:
/// a rank's word of bits is fetched as it enters and read or written as it leaves, so that the
/// work between (making and ranking the next keys) covers the wait.
pub(super) struct RankRing<T> {
    ring: [(u64, T); BITS_AHEAD],
    n: usize,
}

impl<T: Copy + Default> RankRing<T> {
    pub fn new() -> Self {
        RankRing {
            ring: [(NOT_RANKED, T::default()); BITS_AHEAD],
            n: 0,
        }
    }

    /// Takes in `r` with its tag; gives back the rank and tag taken in [`BITS_AHEAD`] pushes
    /// before, once there is one.
    #[inline(always)]
    pub fn push(&mut self, r: u64, tag: T) -> Option<(u64, T)> {
        let slot = &mut self.ring[self.n % BITS_AHEAD];
        let out = (self.n >= BITS_AHEAD).then_some(*slot);
        *slot = (r, tag);
        self.n += 1;
        out
    }

    /// The ranks and tags still in the ring, in the order taken in; the ring is then empty.
    pub fn drain(&mut self) -> impl Iterator<Item = (u64, T)> + '_ {
        let n = std::mem::take(&mut self.n);
        (n.saturating_sub(BITS_AHEAD)..n).map(|i| self.ring[i % BITS_AHEAD])
    }
}

/// Sets the bits of `ranks`.
fn set_bits(bits: &mut [u64], ranks: &[u64]) {
    for (i, &r) in ranks.iter().enumerate() {
        if let Some(&ahead) = ranks.get(i + BITS_AHEAD) {
            prefetch(bits, (ahead / 64) as usize);
        }
        set_bit(bits, r);
    }
}

/// Sets bit `r`.
#[inline]
fn set_bit(bits: &mut [u64], r: u64) {
    bits[(r / 64) as usize] |= 1 << (r % 64);
}

enum Marked {
    Bits(Vec<u64>),
    Unfit,
}

/// The bits of the keys of `keys` that are of the layer `ranks` ranks (others cannot be met
/// there); None when the memory was refused.
pub(super) fn bits_of<B: Bitboard>(
    keys: &[B],
    ranks: &LayerRanks,
    words: usize,
) -> Option<Vec<u64>> {
    bits_of_ranks(keys.iter().filter_map(|k| ranks.rank(k.fold64())), words)
}

/// The bits of `keys`, every one of the layer `ranks` ranks; None when one is not (or the
/// memory was refused).
pub(super) fn bits_of_each<B: Bitboard>(
    keys: &[B],
    ranks: &LayerRanks,
    words: usize,
) -> Option<Vec<u64>> {
    let mut all = true;
    let each = keys.iter().map_while(|k| {
        let r = ranks.rank(k.fold64());
        all &= r.is_some();
        r
    });
    let bits = bits_of_ranks(each, words)?;
    all.then_some(bits)
}

/// `words` words with the bits of `ranks` set; None when the memory was refused.
fn bits_of_ranks(ranks: impl Iterator<Item = u64>, words: usize) -> Option<Vec<u64>> {
    let mut bits = room::filled(words, LAYER_GROWTH, 0u64)?;
    for r in ranks {
        bits[(r / 64) as usize] |= 1 << (r % 64);
    }
    Some(bits)
}

/// The keys whose bits are set, ascending; None when the memory for them was refused. Each
/// task decodes its own words into its own slice of the result (counted first).
fn extract<B: Bitboard>(bits: &[u64], ranks: &LayerRanks) -> Option<Vec<B>> {
    let counts: Vec<usize> = bits
        .par_chunks(WORDS_PER_TASK)
        .map(|words| words.iter().map(|w| w.count_ones() as usize).sum())
        .collect();
    let mut keys = room::filled(counts.iter().sum(), LAYER_GROWTH, B::ZERO)?;
    let mut slices = Vec::with_capacity(counts.len());
    let mut rest = &mut keys[..];
    for &n in &counts {
        let (slice, tail) = rest.split_at_mut(n);
        slices.push(slice);
        rest = tail;
    }
    slices
        .into_par_iter()
        .zip(bits.par_chunks(WORDS_PER_TASK))
        .enumerate()
        .for_each(|(task, (out, words))| decode(words, task * WORDS_PER_TASK, ranks, out));
    Some(keys)
}

/// The keys of the bits set in `words` (word `first` of the bitset onwards), into `out`.
fn decode<B: Bitboard>(words: &[u64], first: usize, ranks: &LayerRanks, out: &mut [B]) {
    let base = first as u64 * 64;
    let mut high = ranks.high_of(base);
    let mut at = 0;
    for (i, &w) in words.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            let index = base + i as u64 * 64 + u64::from(w.trailing_zeros());
            w &= w - 1;
            let (key, h) = ranks.key_of(index, high);
            high = h;
            out[at] = B::from_u64(key);
            at += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::jump::Jump;
    use super::*;
    use std::collections::BTreeSet;

    const W: usize = 5;
    const H: usize = 4;

    /// The two middle holes of the rectangle (c2 and c3): a set every symmetry keeps, as the
    /// searches' origins are (the classes of a layer are then one position class).
    const MIDDLE: u64 = 1 << 7 | 1 << 12;
    const ALL: u64 = (1 << 20) - 1;

    /// A 5 x 4 rectangle, jumps along rows and columns, its 4 symmetries (as permutations).
    fn rectangle() -> (Vec<Jump>, Vec<Vec<u8>>) {
        let at = |x: usize, y: usize| (y * W + x) as u8;
        let mut jumps = Vec::new();
        for y in 0..H {
            for x in 0..W {
                for (dx, dy) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
                    let (x2, y2) = (x as i32 + 2 * dx, y as i32 + 2 * dy);
                    if (0..W as i32).contains(&x2) && (0..H as i32).contains(&y2) {
                        let over = at((x as i32 + dx) as usize, (y as i32 + dy) as usize);
                        jumps.push(Jump {
                            from: at(x, y),
                            over,
                            to: at(x2 as usize, y2 as usize),
                        });
                    }
                }
            }
        }
        let perm = |f: &dyn Fn(usize, usize) -> (usize, usize)| -> Vec<u8> {
            (0..W * H)
                .map(|h| {
                    let (x, y) = f(h % W, h / W);
                    at(x, y)
                })
                .collect()
        };
        let group = vec![
            perm(&|x, y| (W - 1 - x, y)),
            perm(&|x, y| (x, H - 1 - y)),
            perm(&|x, y| (W - 1 - x, H - 1 - y)),
        ];
        (jumps, group)
    }

    /// The least image of `b` under the group, by moving its holes one by one.
    fn least(b: u64, group: &[Vec<u8>]) -> u64 {
        group.iter().fold(b, |best, p| {
            let image = (0..W * H)
                .filter(|&h| b >> h & 1 == 1)
                .fold(0u64, |i, h| i | 1 << p[h]);
            best.min(image)
        })
    }

    /// The next layer by plain jumps over raw positions, as sorted classes.
    fn brute_next(layer: &[u64], jumps: &[Jump], group: &[Vec<u8>], backward: bool) -> Vec<u64> {
        let mut next = BTreeSet::new();
        for &b in layer {
            for j in jumps {
                let (f, o, t) = (1u64 << j.from, 1u64 << j.over, 1u64 << j.to);
                let legal = if backward {
                    b & t != 0 && b & (f | o) == 0
                } else {
                    b & (f | o) == f | o && b & t == 0
                };
                if legal {
                    next.insert(least(b ^ f ^ o ^ t, group));
                }
            }
        }
        next.into_iter().collect()
    }

    #[test]
    fn dense_layers_are_the_plain_successors() {
        let (jumps, group) = rectangle();
        let space = JumpSpace::<u64>::new(W * H, jumps.clone(), &group);
        for backward in [false, true] {
            let origin = if backward { MIDDLE } else { ALL & !MIDDLE };
            let mut layer = Layer {
                pegs: origin.count_ones(),
                keys: vec![least(origin, &group)],
                counts: Vec::new(),
            };
            let mut dense = 0;
            while !layer.is_empty() {
                let expected = brute_next(&layer.keys, &jumps, &group, backward);
                let next = match expand_dense(&space, &layer, backward, None) {
                    Dense::Grown(next) => {
                        dense += 1;
                        next
                    }
                    Dense::Unfit => Layer {
                        pegs: 0,
                        keys: expected.clone(),
                        counts: Vec::new(),
                    },
                    Dense::Stopped => panic!("nothing asked to stop"),
                };
                assert_eq!(next.keys, expected, "from {} pegs", layer.pegs);
                layer = Layer {
                    pegs: if backward {
                        layer.pegs + 1
                    } else {
                        layer.pegs - 1
                    },
                    keys: expected,
                    counts: Vec::new(),
                };
            }
            assert!(dense >= 8, "the bitsets grew {dense} layers");
        }
    }

    #[test]
    fn kept_successors_only() {
        let (jumps, group) = rectangle();
        let space = JumpSpace::<u64>::new(W * H, jumps.clone(), &group);
        let start = ALL & !MIDDLE;
        let mut layer = Layer {
            pegs: 18,
            keys: vec![least(start, &group)],
            counts: Vec::new(),
        };
        for _ in 0..4 {
            layer.keys = brute_next(&layer.keys, &jumps, &group, false);
            layer.pegs -= 1;
        }
        let all = brute_next(&layer.keys, &jumps, &group, false);
        let even = |v: &mut Vec<u64>| v.retain(|k| k % 2 == 0);
        let Dense::Grown(next) = expand_dense(&space, &layer, false, Some(&even)) else {
            panic!("a layer of {} classes should be dense", layer.len());
        };
        let expected: Vec<u64> = all.iter().copied().filter(|k| k % 2 == 0).collect();
        assert_eq!(next.keys, expected);
        // Within every third successor and keys that are no successor (other peg counts).
        let mut within: Vec<u64> = all.iter().copied().step_by(3).collect();
        within.extend([0b111, ALL]);
        within.sort_unstable();
        let Dense::Grown(met) = expand_dense_within(&space, &layer, false, None, Some(&within))
        else {
            panic!("a layer of {} classes should be dense", layer.len());
        };
        let expected: Vec<u64> = all.iter().copied().step_by(3).collect();
        assert_eq!(met.keys, expected);
    }

    #[test]
    fn complements_of_a_layer() {
        let (jumps, group) = rectangle();
        let space = JumpSpace::<u64>::new(W * H, jumps.clone(), &group);
        let mut keys = vec![least(ALL & !MIDDLE, &group)];
        for _ in 0..8 {
            keys = brute_next(&keys, &jumps, &group, false);
        }
        let flip = |k: u64| space.canonical(ALL & !k);
        let Dense::Grown(flipped) = dense_image(&space, &keys, 10, &flip) else {
            panic!("a layer of {} classes should be dense", keys.len());
        };
        let expected: BTreeSet<u64> = keys.iter().map(|&k| least(ALL & !k, &group)).collect();
        assert_eq!(flipped.keys, expected.into_iter().collect::<Vec<_>>());
    }
}
