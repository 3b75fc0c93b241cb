//! Pagoda bounds that drop, from the layers, positions that lie on no solution: a position met
//! going forwards that weighs less than every goal position never reaches the goal, and a
//! position met going backwards from the goal is reachable from the start only if its
//! complement reaches the start's complement (a jump read on complements is the same jump
//! played backwards), so a complement weighing less than the start's complement rules it out.
//! Dropping them changes no count or useful position (their counts never meet the other side)
//! but shrinks the layers several-fold. Once a side's layers grow large, more bounds are found
//! for that side from a sample of its layer by linear programming (see [`Prune::sharpen`]).

use super::bitboard::Bitboard;
use super::jump::Jump;
use super::layer::{CHUNK, Layer};
use super::pagoda::Pagoda;
use super::sampled_pagodas::sampled_pagodas;
use rayon::prelude::*;
use std::sync::OnceLock;

pub struct Prune<B> {
    /// Per side, forwards then backwards: forwards, pagodas seeded on the goal holes (their
    /// floor: the lightest goal position); backwards, pagodas seeded on the start's empty
    /// holes, applied to complements.
    sides: [Side; 2],
    /// Every hole of the board, to take complements.
    board: B,
    /// The board's hole count and jumps, for the linear programs of [`Prune::sharpen`].
    rules: (usize, Vec<Jump>),
}

/// The bounds of one side: those given, and once found from a sample of a grown layer (see
/// [`Prune::sharpen`]), those with more.
#[derive(Default)]
struct Side {
    given: Vec<Pagoda>,
    given_read: Pagodas,
    /// The single position the side's bounds compare with (the goal, or the start's
    /// complement); None: no bound is looked for.
    target: Option<u64>,
    /// The given bounds and those found by linear programming, read together.
    sharpened: OnceLock<Pagodas>,
}

impl Side {
    fn bounds(&self) -> &Pagodas {
        self.sharpened.get().unwrap_or(&self.given_read)
    }
}

/// A layer is sampled for more bounds once it holds this many positions: the search is then
/// large enough that a few dozen linear programs cost little beside it, and the bounds found
/// from a layer nearer the largest cut those more (English 33's central game sampled at 13
/// pegs rather than 12: the 13-peg layer 367,030 -> 509,263 positions, but the 14-, 15- and
/// 16-peg layers 4-6% smaller; 5,825,519 -> 5,688,769 positions in all, the count 12% less
/// CPU, the proof 1-2%).
const SAMPLE_FROM: usize = 1 << 18;
/// Positions of the layer sampled (a power of two).
const SAMPLE: usize = 2048;
/// An odd step through the sample: every index once, far apart.
const SPREAD: usize = 1031;

/// A set of pagoda bounds, four at a time where their weights are small enough to share a
/// word, the others one at a time.
#[derive(Default)]
struct Pagodas {
    packed: Vec<PagodaLanes>,
    single: Vec<ByteWeights>,
    /// The packed words side by side, where there are at most [`WORDS`] and each compares
    /// its lanes by one subtraction: every word's entry for a byte is then one row.
    rows: Option<WordRows>,
}

impl Pagodas {
    fn new(pagodas: &[Pagoda]) -> Self {
        let (small, large): (Vec<&Pagoda>, Vec<&Pagoda>) =
            pagodas.iter().partition(|p| PagodaLanes::fits(p));
        let packed: Vec<PagodaLanes> = small.chunks(LANES).map(PagodaLanes::new).collect();
        Pagodas {
            rows: WordRows::new(&packed),
            packed,
            single: large.into_iter().map(ByteWeights::new).collect(),
        }
    }

    fn is_empty(&self) -> bool {
        self.packed.is_empty() && self.single.is_empty()
    }

    #[inline]
    #[cfg(test)]
    fn keep<B: Bitboard>(&self, b: B) -> bool {
        self.packed.iter().all(|p| p.keeps(p.sum(b, 0))) && self.single.iter().all(|p| p.keeps(b))
    }

    /// Sets `kept[i]` to whether every bound keeps the `i`th of `positions`. Positions in
    /// ascending order mostly share their holes from the [`LOW_BYTES`]th byte on with the one
    /// before, and their weight there is summed once for them all: on English 33 two table
    /// reads for each word of four bounds where there were five. The words are read side by
    /// side where they fit (see [`WordRows`]).
    fn keep_each<B: Bitboard>(&self, positions: impl Iterator<Item = B>, kept: &mut [bool]) {
        if let Some(rows) = &self.rows {
            return self.keep_each_by_rows(rows, positions, kept);
        }
        let mut high: Vec<u64> = vec![0; self.packed.len()];
        let mut last_high = None;
        for (b, k) in positions.zip(kept) {
            let top = b.shifted_down(8 * LOW_BYTES as u32);
            if last_high != Some(top) {
                for (h, p) in high.iter_mut().zip(&self.packed) {
                    *h = p.sum(b, LOW_BYTES);
                }
                last_high = Some(top);
            }
            // Every bound read, with no branch on any: about a third of the positions of a
            // large layer are ruled out, by no bound in particular.
            let packed = (self.packed.iter().zip(&high))
                .fold(true, |ok, (p, &h)| ok & p.keeps(h + p.sum_low(b)));
            *k = self.single.iter().fold(packed, |ok, p| ok & p.keeps(b));
        }
    }

    /// [`Pagodas::keep_each`] with the packed words read side by side (see [`WordRows`]). The
    /// loop is written out again rather than shared with the words read in turn through
    /// closures: shared, English 33's tests took 28 ms instead of 24.
    fn keep_each_by_rows<B: Bitboard>(
        &self,
        rows: &WordRows,
        positions: impl Iterator<Item = B>,
        kept: &mut [bool],
    ) {
        let mut high = [0; WORDS];
        let mut last_high = None;
        for (b, k) in positions.zip(kept) {
            let top = b.shifted_down(8 * LOW_BYTES as u32);
            if last_high != Some(top) {
                high = rows.sum(b, LOW_BYTES..rows.by_byte.len());
                last_high = Some(top);
            }
            let low = rows.sum(b, 0..LOW_BYTES.min(rows.by_byte.len()));
            let packed = rows.keeps(add_words(high, low));
            *k = self.single.iter().fold(packed, |ok, p| ok & p.keeps(b));
        }
    }
}

/// The most packed words read side by side: 16 bounds (English 33's central game: two given
/// and twelve sampled, see `super::sampled_pagodas`).
const WORDS: usize = 4;

/// Up to [`WORDS`] words of packed bounds ([`PagodaLanes`], each comparing its lanes by one
/// subtraction) laid out by byte: the entries of all words for a byte's pegs are one row of
/// 32 bytes, so that a position's sums are a few row reads and vector adds with no loop over
/// the words (English 33's layers, measured with three words: 44 -> 25 ms for their 6.1 M
/// positions, one thread, where each word's tables were read in turn).
struct WordRows {
    /// `by_byte[i][v]`: each word's entry for the pegs `v` on holes `8 i` to `8 i + 7` (0 in
    /// unused words).
    by_byte: Vec<[[u64; WORDS]; 256]>,
    /// Each word's least sums, lane by lane (0 in unused words, which then keep everything).
    least: [u64; WORDS],
}

impl WordRows {
    /// The rows of `packed`; None when there are more than [`WORDS`] words or one of them is
    /// not compared by one subtraction.
    fn new(packed: &[PagodaLanes]) -> Option<WordRows> {
        if packed.is_empty() || packed.len() > WORDS {
            return None;
        }
        let bytes = packed.iter().map(|p| p.by_byte.len()).max().unwrap_or(0);
        let mut by_byte = vec![[[0u64; WORDS]; 256]; bytes];
        let mut least = [0u64; WORDS];
        for (w, p) in packed.iter().enumerate() {
            least[w] = p.narrow?;
            for (row, table) in by_byte.iter_mut().zip(&p.by_byte) {
                for (entry, &e) in row.iter_mut().zip(table) {
                    entry[w] = e;
                }
            }
        }
        Some(WordRows { by_byte, least })
    }

    /// Every word's sum over the bytes `bytes` of `b`.
    #[inline(always)]
    fn sum<B: Bitboard>(&self, b: B, bytes: std::ops::Range<usize>) -> [u64; WORDS] {
        bytes.fold([0; WORDS], |sum, i| {
            add_words(sum, self.by_byte[i][b.chunk(8 * i, 8)])
        })
    }

    /// Whether every lane of every word of `sum` reaches its floor (see [`PagodaLanes::keeps`]).
    #[inline(always)]
    fn keeps(&self, sum: [u64; WORDS]) -> bool {
        let mut all = LANE_TOP;
        for (&s, &least) in sum.iter().zip(&self.least) {
            all &= lanes_reaching(s, least);
        }
        all == LANE_TOP
    }
}

/// The top bit of each lane of `sum` that reaches its least in `least` (both packed as in
/// [`PagodaLanes::narrow`]): a lane's top bit stays set exactly when it does, as a lane's sum
/// and least are at most its top bit and nothing borrows from the next lane.
#[inline(always)]
fn lanes_reaching(sum: u64, least: u64) -> u64 {
    (sum | LANE_TOP).wrapping_sub(least) & LANE_TOP
}

#[inline(always)]
fn add_words(a: [u64; WORDS], b: [u64; WORDS]) -> [u64; WORDS] {
    std::array::from_fn(|w| a[w].wrapping_add(b[w]))
}

/// Bytes of a position read for each position in [`Pagodas::keep_each`]; those above are
/// read once for a run of positions that share them.
const LOW_BYTES: usize = 2;

/// Pagodas read together, one to a 16-bit lane of a word.
const LANES: usize = 4;

/// Added to each lane's weight of a byte of pegs, so that no lane goes below 0 and borrows
/// from the next; a byte's weight must stay within `-BIAS < w < BIAS`, so that the sum over
/// up to 16 bytes (128 holes) stays below 2^16 and carries into no other lane.
const BIAS: i32 = 1 << 11;

/// Up to [`LANES`] pagodas' values read a byte of the position at a time: one table read per 8
/// holes gives all of them (in the layers of English 33 this is one read where it was four).
struct PagodaLanes {
    /// `by_byte[i][v]`: lane `k` holds pagoda `k`'s weight of the pegs `v` on holes `8 i` to
    /// `8 i + 7`, plus [`BIAS`].
    by_byte: Vec<[u64; 256]>,
    /// Per lane, the least sum kept: the floor plus a [`BIAS`] per byte (0 in unused lanes).
    least: [u64; LANES],
    /// Where every lane's sum stays below [`LANE_TOP`] (boards of up to 64 holes): the lanes'
    /// least sums, each at most [`LANE_TOP`], side by side, so that one subtraction compares
    /// all four lanes.
    narrow: Option<u64>,
}

/// The top bit of each 16-bit lane.
const LANE_TOP: u64 = 0x8000_8000_8000_8000;

impl PagodaLanes {
    /// Whether every byte of `p`'s weights sums within `-BIAS < w < BIAS`.
    fn fits(p: &Pagoda) -> bool {
        let bytes = p.weights.len().div_ceil(8);
        bytes <= 16
            && p.weights.chunks(8).all(|w| {
                let (neg, pos): (i64, i64) = w.iter().fold((0, 0), |(n, q), &x| {
                    (n + i64::from(x.min(0)), q + i64::from(x.max(0)))
                });
                neg > -i64::from(BIAS) && pos < i64::from(BIAS)
            })
    }

    fn new(pagodas: &[&Pagoda]) -> Self {
        let bytes = pagodas
            .iter()
            .map(|p| p.weights.len().div_ceil(8))
            .max()
            .unwrap_or(0);
        let mut by_byte = vec![[0u64; 256]; bytes];
        let mut least = [0u64; LANES];
        for (lane, p) in pagodas.iter().enumerate() {
            let single = ByteWeights::new(p);
            for (i, row) in by_byte.iter_mut().enumerate() {
                for (v, entry) in row.iter_mut().enumerate() {
                    let w = single.by_byte.get(i).map_or(0, |t| t[v]);
                    *entry |= ((w + BIAS) as u64) << (16 * lane);
                }
            }
            // A floor below every reachable sum keeps everything (the lane's sum is never
            // negative).
            let floor = i64::from(p.floor) + i64::from(BIAS) * bytes as i64;
            least[lane] = floor.max(0) as u64;
        }
        // A byte's entry is below 2 BIAS, so eight bytes sum below the lane's top bit.
        let narrow = (bytes <= 8).then(|| {
            (0..LANES).fold(0, |packed, lane| {
                packed | least[lane].min(LANE_TOP & 0xFFFF) << (16 * lane)
            })
        });
        PagodaLanes {
            by_byte,
            least,
            narrow,
        }
    }

    /// Every lane's weight of the bytes of `b` from the `from`th on.
    #[inline]
    fn sum<B: Bitboard>(&self, b: B, from: usize) -> u64 {
        sum_by_byte(
            self.by_byte.get(from..).unwrap_or_default(),
            b.shifted_down(8 * from as u32),
        )
    }

    /// Every lane's weight of the first [`LOW_BYTES`] bytes of `b`.
    #[inline]
    fn sum_low<B: Bitboard>(&self, b: B) -> u64 {
        let low = &self.by_byte[..LOW_BYTES.min(self.by_byte.len())];
        sum_by_byte(low, b)
    }

    /// Whether every lane of `sum`, the weights of a position, reaches its floor.
    #[inline]
    fn keeps(&self, sum: u64) -> bool {
        if let Some(least) = self.narrow {
            return lanes_reaching(sum, least) == LANE_TOP;
        }
        (0..LANES).fold(true, |ok, lane| {
            ok & ((sum >> (16 * lane)) & 0xFFFF >= self.least[lane])
        })
    }
}

/// The entries of `by_byte` that the bytes of `b` select (row `i` for holes `8 i` to `8 i + 7`),
/// summed.
#[inline]
fn sum_by_byte<T: Copy + std::iter::Sum, B: Bitboard>(by_byte: &[[T; 256]], b: B) -> T {
    by_byte
        .iter()
        .enumerate()
        .map(|(i, t)| t[b.chunk(8 * i, 8)])
        .sum()
}

/// A pagoda's value read a byte of the position at a time: one table read per 8 holes instead
/// of one weight per peg (the bound is tested on every position of every layer).
struct ByteWeights {
    /// `by_byte[i][v]`: the weight of the pegs `v` on holes `8 i` to `8 i + 7`.
    by_byte: Vec<[i32; 256]>,
    floor: i32,
}

impl ByteWeights {
    fn new(p: &Pagoda) -> Self {
        let by_byte = p
            .weights
            .chunks(8)
            .map(|w| {
                std::array::from_fn(|v| {
                    w.iter()
                        .enumerate()
                        .filter(|&(bit, _)| v >> bit & 1 == 1)
                        .map(|(_, &x)| x)
                        .sum()
                })
            })
            .collect();
        ByteWeights {
            by_byte,
            floor: p.floor,
        }
    }

    #[inline]
    fn keeps<B: Bitboard>(&self, b: B) -> bool {
        sum_by_byte(&self.by_byte, b) >= self.floor
    }
}

impl<B: Bitboard> Prune<B> {
    pub fn new(to_goal: Vec<Pagoda>, from_start: Vec<Pagoda>, board: B) -> Self {
        let side = |given: Vec<Pagoda>| Side {
            given_read: Pagodas::new(&given),
            given,
            ..Side::default()
        };
        Prune {
            sides: [side(to_goal), side(from_start)],
            board,
            rules: (0, Vec::new()),
        }
    }

    /// Lets [`Prune::sharpen`] look for more bounds on the board of `holes` holes and `jumps`
    /// (none are found past [`super::sampled_pagodas::MOST_HOLES`]): forwards against `goal`
    /// (the only goal position), backwards against `start_complement`, each when given.
    pub fn sampling(
        mut self,
        (holes, jumps): (usize, &[Jump]),
        goal: Option<B>,
        start_complement: Option<B>,
    ) -> Self {
        self.rules = (holes, jumps.to_vec());
        for (side, target) in self.sides.iter_mut().zip([goal, start_complement]) {
            side.target = target.map(B::fold64);
        }
        self
    }

    /// Once per side, when `layer` (just grown and pruned) is large: more pagodas, found by
    /// linear programming for a sample of its positions (see [`sampled_pagodas`]), for this
    /// layer and every later one of the side; the layer is pruned again with them.
    pub fn sharpen(&self, layer: &mut Layer<B>, backward: bool) {
        let side = &self.sides[usize::from(backward)];
        let Some(target) = side.target else {
            return;
        };
        if layer.len() < SAMPLE_FROM || side.sharpened.get().is_some() {
            return;
        }
        // Spread over the layer, and in an order that jumps about it, as the programs are
        // solved for the first few only.
        let step = layer.len() / SAMPLE;
        let sample: Vec<u64> = (0..SAMPLE)
            .map(|i| {
                let k = layer.keys[i * SPREAD % SAMPLE * step];
                let x = if backward { self.board & !k } else { k };
                x.fold64()
            })
            .collect();
        let (holes, jumps) = &self.rules;
        let mut found = sampled_pagodas(*holes, jumps, target, &sample);
        let more = !found.is_empty();
        found.extend(side.given.iter().cloned());
        let _ = side.sharpened.set(Pagodas::new(&found));
        if more {
            self.apply(layer, backward);
        }
    }

    /// No bound: every position is kept.
    #[cfg(test)]
    pub fn none() -> Self {
        Prune::new(Vec::new(), Vec::new(), B::ZERO)
    }

    /// Drops from a freshly grown layer the positions the bounds rule out.
    pub fn apply(&self, layer: &mut Layer<B>, backward: bool) {
        let bounds = self.sides[usize::from(backward)].bounds();
        if bounds.is_empty() {
            return;
        }
        let board = self.board;
        let test = |keys: &[B], kept: &mut [bool]| {
            if backward {
                bounds.keep_each(keys.iter().map(|&k| board & !k), kept);
            } else {
                bounds.keep_each(keys.iter().copied(), kept);
            }
        };
        // Each chunk is tested and closed up in place while it is in the core's cache; the
        // chunks' kept positions are then moved together, a block each (where a flag per
        // position was written and read back, and every position moved one at a time).
        let counted = !layer.counts.is_empty();
        let kept: Vec<usize> = if counted {
            let counts = layer.counts.par_chunks_mut(CHUNK);
            layer
                .keys
                .par_chunks_mut(CHUNK)
                .zip(counts)
                .map(|(keys, counts)| sift(keys, Some(counts), &test))
                .collect()
        } else {
            layer
                .keys
                .par_chunks_mut(CHUNK)
                .map(|keys| sift(keys, None, &test))
                .collect()
        };
        let mut n = 0;
        for (c, &k) in kept.iter().enumerate() {
            layer.keys.copy_within(c * CHUNK..c * CHUNK + k, n);
            if counted {
                layer.counts.copy_within(c * CHUNK..c * CHUNK + k, n);
            }
            n += k;
        }
        layer.keys.truncate(n);
        layer.keys.shrink_to_fit();
        if counted {
            layer.counts.truncate(n);
            layer.counts.shrink_to_fit();
        }
    }
}

/// Moves the positions of `keys` (at most [`CHUNK`]) that `test` keeps to its front, with their
/// `counts` when given, and says how many there are.
fn sift<B: Copy>(
    keys: &mut [B],
    mut counts: Option<&mut [u64]>,
    test: &impl Fn(&[B], &mut [bool]),
) -> usize {
    let mut kept = [false; CHUNK];
    let kept = &mut kept[..keys.len()];
    test(keys, kept);
    let mut n = 0;
    for (i, &k) in kept.iter().enumerate() {
        keys[n] = keys[i];
        if let Some(c) = counts.as_deref_mut() {
            c[n] = c[i];
        }
        n += usize::from(k);
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::random::xorshift;

    /// A xorshift stream of positions of `holes` holes.
    fn positions(holes: u32) -> impl Iterator<Item = u64> {
        xorshift(0x9E37_79B9_7F4A_7C15).map(move |x| x & ((1 << holes) - 1))
    }

    #[test]
    fn byte_weights_give_the_pagoda_values() {
        // 37 holes (a byte past the fifth), weights of both signs.
        let weights: Vec<i32> = (0..37).map(|h| (h * 7 % 11) - 4).collect();
        for floor in [-20, 0, 3, 9] {
            let pagoda = Pagoda {
                weights: weights.clone(),
                floor,
            };
            let table = ByteWeights::new(&pagoda);
            for b in positions(37).take(2000) {
                assert_eq!(table.keeps(b), pagoda.value(b) >= floor, "{b:#x}");
            }
        }
    }

    #[test]
    fn pagodas_read_four_at_a_time_keep_what_each_keeps() {
        // Six pagodas on 37 holes: two words of lanes; one with weights too large to share a
        // word (read alone); floors below, within and above the values.
        let pagoda = |k: i32, floor: i32| Pagoda {
            weights: (0..37).map(|h| (h * (k + 3) % 13) - 5 - k).collect(),
            floor,
        };
        let mut set: Vec<Pagoda> = (0..6)
            .map(|k| pagoda(k, [-400, -60, -5, 0, 12, 300][k as usize]))
            .collect();
        set.push(Pagoda {
            weights: (0..37).map(|h| if h == 3 { 5000 } else { 1 }).collect(),
            floor: 20,
        });
        let pagodas = Pagodas::new(&set);
        assert_eq!((pagodas.packed.len(), pagodas.single.len()), (2, 1));
        assert!(
            pagodas.rows.is_some(),
            "two words of bounds read side by side"
        );
        // The same words read one at a time (as more than four words, or a board past 64
        // holes, are).
        let apart = Pagodas {
            rows: None,
            ..Pagodas::new(&set)
        };
        for b in positions(37).take(20_000) {
            let each = set.iter().all(|p| p.value(b) >= p.floor);
            assert_eq!(pagodas.keep(b), each, "{b:#x}");
        }
        // Read a run at a time: sorted, with 40 values above the low bytes (long runs that
        // share them), and in no order.
        let highs: Vec<u64> = positions(21).take(40).collect();
        let mut sorted: Vec<u64> = positions(37)
            .take(20_000)
            .map(|b| b & 0xFFFF | highs[(b >> 16) as usize % highs.len()] << 16)
            .collect();
        sorted.sort_unstable();
        for order in [sorted, positions(37).take(20_000).collect()] {
            for read in [&pagodas, &apart] {
                let mut kept = vec![false; order.len()];
                read.keep_each(order.iter().copied(), &mut kept);
                for (&b, &k) in order.iter().zip(&kept) {
                    let each = set.iter().all(|p| p.value(b) >= p.floor);
                    assert_eq!(k, each, "{b:#x}");
                }
            }
        }
        // Lanes one at a time, so that every floor decides some positions.
        for p in &set[..6] {
            let one = Pagodas::new(std::slice::from_ref(p));
            for b in positions(37).take(5_000) {
                assert_eq!(one.keep(b), p.value(b) >= p.floor, "{b:#x}");
            }
        }
    }
}
