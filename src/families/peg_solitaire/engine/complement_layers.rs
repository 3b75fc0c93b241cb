//! Duality of the central games: a jump read on complements (pegs and holes swapped) is the
//! same jump played backwards, so when the start is the complement of the only goal position,
//! the positions reachable from the start with `p` pegs are exactly the complements of the
//! positions that reach the goal with `total - p` pegs, and the number of sequences reaching
//! one is the number leaving the other. The backward layers are then grown only half way and
//! the forward layers are their complements: half the expansions of growing both sides. Only
//! the last of them is made (the others are never grown from); the positions on a solution
//! are complements of positions on a solution too, so the useful layers above the middle are
//! the complements of those below it.

use super::bitboard::Bitboard;
use super::dense_layers::{Dense, dense_image};
use super::dense_membership::DenseMembership;
use super::jump_space::JumpSpace;
use super::layer::ABSENT;
use super::layer::{CHUNK, Goal, LAYER_GROWTH, Layer};
use super::layer_expand::{expand, expand_set};
use super::layer_membership::Membership;
use super::layer_prune::Prune;
use super::sorted_runs::sort_and_join;
use crate::engine::{Progress, room, stop};
use rayon::prelude::*;

/// `start + goal` pegs when the start is the complement of the only goal class (the case
/// where the forward layers are complements of the backward ones), else None.
pub fn dual_total<B: Bitboard>(space: &JumpSpace<B>, start: B, goal: &Goal<B>) -> Option<u32> {
    let Goal::Positions(goals) = goal else {
        return None;
    };
    let flipped = space.canonical(space.board & !start);
    let dual = !goals.is_empty() && goals.iter().all(|&g| space.canonical(g) == flipped);
    dual.then(|| start.count() + (space.board & !start).count())
}

/// Grows `backward` (the goal layer first) to half of `total` pegs; returns the classes grown
/// and how many forward layers are left implicit. Counting, `forward` is set to the complement
/// of the last backward layer (the others are implicit), one or no jump above it, and the
/// usual meeting finishes the rest; a layer grown from is released, as only the last layer of
/// each side is read. Not counting, `forward` is set to the meeting layer itself (see
/// [`reachable_part`]) and every forward layer above it is implicit.
pub fn grow_half<B: Bitboard>(
    space: &JumpSpace<B>,
    (forward, backward): (&mut Vec<Layer<B>>, &mut Vec<Layer<B>>),
    total: u32,
    (counting, prune): (bool, &Prune<B>),
    progress: &Progress,
) -> (u64, usize) {
    let mut states = 0;
    while let Some(last) = backward.last()
        && 2 * (last.pegs + 1) <= total
        && !last.is_empty()
        && stop::requested().is_none()
    {
        progress.message(|| format!("layers: backward to {} pegs", last.pegs + 1));
        let next = if counting {
            expand(space, last, true)
        } else {
            expand_set(space, last, true)
        };
        let Some(mut next) = next else { break };
        prune.apply(&mut next, true);
        prune.sharpen(&mut next, true);
        states += next.len() as u64;
        if counting && let Some(done) = backward.last_mut() {
            done.release();
        }
        backward.push(next);
    }
    // Stopped: the forward side stays at the start (the caller sees the request and reports).
    let Some(last) = backward.last() else {
        return (states, 0);
    };
    let odd = total % 2 == 1;
    if !counting && let Some(middle) = reachable_part(space, last, odd) {
        states += middle.len() as u64;
        *forward = vec![middle];
        return (states, backward.len() - usize::from(!odd));
    }
    if stop::requested().is_none()
        && let Some(layer) = complement(space, last, total - last.pegs)
    {
        *forward = vec![layer];
        return (states, backward.len() - 1);
    }
    (states, 0)
}

/// The positions of `last` (the last layer grown back from the goal) that the start reaches:
/// the meeting layer, found without growing the forward side. The positions the start reaches
/// one peg up are the complements of `last` (`odd`: an odd number of holes), so a position is
/// kept when one of its predecessors has its complement in `last`; with an even number of
/// holes, when its own complement is in `last`. None when a stop was requested or the layer is
/// too large to index.
fn reachable_part<B: Bitboard>(
    space: &JumpSpace<B>,
    last: &Layer<B>,
    odd: bool,
) -> Option<Layer<B>> {
    let member = Membership::new(space, &last.keys, last.pegs)?;
    let parts: Vec<Vec<B>> = last
        .keys
        .par_chunks(CHUNK)
        .map(|chunk| {
            if stop::requested().is_some() {
                return None;
            }
            Some(match &member {
                Membership::Dense(dense) => reached_as_made(space, dense, chunk, odd),
                Membership::Sorted(_) => reached_in_batches(space, &member, chunk, odd),
            })
        })
        .collect::<Option<_>>()?;
    Some(Layer {
        pegs: last.pegs,
        keys: parts.concat(),
        counts: Vec::new(),
    })
}

/// The positions of `chunk` that the start reaches, their keys tested as they are made.
fn reached_as_made<B: Bitboard>(
    space: &JumpSpace<B>,
    member: &DenseMembership,
    chunk: &[B],
    odd: bool,
) -> Vec<B> {
    let mut reached = vec![false; chunk.len()];
    let mut ahead = member.held_ahead::<u32>();
    let mut mark = |i: u32, held: bool| reached[i as usize] |= held;
    for (i, &b) in (0u32..).zip(chunk) {
        keys_of(space, b, odd, |k| ahead.push(k, i, &mut mark));
    }
    ahead.finish(&mut mark);
    chunk
        .iter()
        .zip(&reached)
        .filter_map(|(&b, &r)| r.then_some(b))
        .collect()
}

/// The positions of `chunk` that the start reaches, their keys looked up a batch at a time.
fn reached_in_batches<B: Bitboard>(
    space: &JumpSpace<B>,
    member: &Membership<B>,
    chunk: &[B],
    odd: bool,
) -> Vec<B> {
    let mut looked_up = LookedUp::default();
    let mut kept = Vec::new();
    for batch in chunk.chunks(LOOKUP_BATCH) {
        looked_up.clear();
        for &b in batch {
            looked_up.add(space, b, odd);
        }
        member.index_each(&looked_up.keys, &mut looked_up.found);
        kept.extend(looked_up.reached(batch));
    }
    kept
}

/// The keys that tell whether the start reaches `b`, each given to `f`: the complements of its
/// predecessors (`odd`), or its own complement. The complement of a predecessor is the
/// complement of `b` with the jump undone.
#[inline]
fn keys_of<B: Bitboard>(space: &JumpSpace<B>, b: B, odd: bool, mut f: impl FnMut(B)) {
    let images = space.images_of(space.board & !b);
    if odd {
        space.for_each_move(b, true, |j| f(space.least(&space.after(&images, j))));
    } else {
        f(space.least(&images));
    }
}

/// Positions whose keys are looked up together (their table reads overlap).
const LOOKUP_BATCH: usize = 256;

/// The keys that tell whether the start reaches each position of a batch, looked up together.
#[derive(Default)]
struct LookedUp<B> {
    keys: Vec<B>,
    /// How many keys each position has.
    per: Vec<u32>,
    /// Whether the layer met holds each key ([`ABSENT`] when not).
    found: Vec<u32>,
}

impl<B: Bitboard> LookedUp<B> {
    fn clear(&mut self) {
        self.keys.clear();
        self.per.clear();
    }

    /// The keys for `b` (see [`keys_of`]).
    fn add(&mut self, space: &JumpSpace<B>, b: B, odd: bool) {
        let before = self.keys.len();
        keys_of(space, b, odd, |k| self.keys.push(k));
        self.per.push((self.keys.len() - before) as u32);
    }

    /// The positions of `batch` (those added, in order) one of whose keys was found.
    fn reached<'a>(&'a self, batch: &'a [B]) -> impl Iterator<Item = B> + 'a {
        let mut at = 0;
        batch.iter().zip(&self.per).filter_map(move |(&b, &n)| {
            let range = at..at + n as usize;
            at = range.end;
            self.found[range].iter().any(|&f| f != ABSENT).then_some(b)
        })
    }
}

/// The complements of a layer's positions (`pegs` pegs), canonical and sorted, counts carried
/// over; None when the memory cap refused the room for them.
pub fn complement<B: Bitboard>(
    space: &JumpSpace<B>,
    layer: &Layer<B>,
    pegs: u32,
) -> Option<Layer<B>> {
    let all = space.board;
    let flip = |k: B| space.canonical(all & !k);
    if layer.counts.is_empty() {
        match dense_image(space, &layer.keys, pegs, &flip) {
            Dense::Grown(complements) => return Some(complements),
            Dense::Stopped => return None,
            Dense::Unfit => {}
        }
        let mut keys: Vec<B> = room::reserved(layer.len(), LAYER_GROWTH)?;
        keys.extend(layer.keys.iter().map(|&k| flip(k)));
        let keys = sort_and_join(keys, space.holes, |&k| k, |k, _| k)?;
        return Some(Layer {
            pegs,
            keys,
            counts: Vec::new(),
        });
    }
    let mut pairs: Vec<(B, u64)> = room::reserved(layer.len(), LAYER_GROWTH)?;
    pairs.extend(
        layer
            .keys
            .iter()
            .zip(&layer.counts)
            .map(|(&k, &c)| (flip(k), c)),
    );
    // Complements of distinct classes are distinct classes: the join never fires.
    let pairs = sort_and_join(pairs, space.holes, |e| e.0, |a, _| a)?;
    let (keys, counts) = pairs.into_iter().unzip();
    Some(Layer { pegs, keys, counts })
}

#[cfg(test)]
mod tests {
    use super::super::dense_membership::DenseMembership;
    use super::super::jump::Jump;
    use super::super::layer_membership::LayerMembership;
    use super::*;

    /// Both memberships of `layer` give each of `tried` its place among the layer's keys.
    fn index_like_a_search(space: &JumpSpace<u64>, layer: &Layer<u64>, tried: &[u64]) {
        let dense = DenseMembership::new(space, &layer.keys, layer.pegs).unwrap();
        let dense = Membership::Dense(dense);
        let sorted = Membership::Sorted(LayerMembership::new(&layer.keys, space.holes).unwrap());
        let (mut by_dense, mut by_sorted) = (Vec::new(), Vec::new());
        dense.index_each(tried, &mut by_dense);
        sorted.index_each(tried, &mut by_sorted);
        for (i, &b) in tried.iter().enumerate() {
            // A held position where it stands among the sorted keys.
            let at = layer.keys.binary_search(&b).map_or(ABSENT, |i| i as u32);
            assert_eq!(by_dense[i], at, "{b:#x}");
            assert_eq!(by_sorted[i], at, "{b:#x}");
        }
    }

    /// `layer` grown back from `goal` by `rounds` jumps.
    fn grown(space: &JumpSpace<u64>, goal: u64, rounds: usize) -> Layer<u64> {
        let mut layer = Layer {
            pegs: goal.count_ones(),
            keys: vec![goal],
            counts: Vec::new(),
        };
        for _ in 0..rounds {
            layer = expand_set(space, &layer, true).unwrap();
        }
        layer
    }

    #[test]
    fn both_memberships_hold_and_index_the_same_positions() {
        // A layer of the triangle grown back from the apex, tested on every position of its
        // peg count (both canonical and not).
        let (jumps, group) = Jump::triangle();
        let space: JumpSpace<u64> = JumpSpace::new(15, jumps, &group);
        let layer = grown(&space, 1, 5);
        assert!(layer.len() > 50, "{} positions", layer.len());
        let all: Vec<u64> = (0..1u64 << 15)
            .filter(|b| b.count_ones() == layer.pegs)
            .collect();
        index_like_a_search(&space, &layer, &all);
    }

    /// English 33 without symmetry and the layer 7 jumps back from the centre: tens of
    /// thousands of positions, spread over many blocks of bits.
    fn english_seven_back() -> (JumpSpace<u64>, Layer<u64>) {
        let (_, jumps) = Jump::english();
        let space: JumpSpace<u64> = JumpSpace::new(33, jumps, &[]);
        let layer = grown(&space, 1 << 16, 7);
        assert!(layer.len() > 10_000, "{} positions", layer.len());
        (space, layer)
    }

    #[test]
    fn a_large_layer_is_indexed_across_its_blocks() {
        // English 33 without symmetry, 7 jumps back from the centre: tens of thousands of
        // positions spread over many blocks of bits, each tried with a few others of its peg
        // count (one hole moved), held or not.
        let (space, layer) = english_seven_back();
        let mut tried = Vec::new();
        for &k in &layer.keys {
            tried.push(k);
            let (peg, hole) = (k.trailing_zeros(), (!k & ((1 << 33) - 1)).trailing_zeros());
            tried.push(k ^ (1 << peg) ^ (1 << hole));
        }
        index_like_a_search(&space, &layer, &tried);
    }

    #[test]
    fn the_meeting_finds_the_same_positions_by_either_membership() {
        // English 33 without symmetry, 7 jumps back from the centre, met with a layer of the
        // complements of the predecessors of every third of its positions: a position is kept
        // when the complement of one of its predecessors is met (a binary search of the sorted
        // keys here), whether its keys are tested as they are made (bits over ranks) or a
        // batch at a time (the sorted keys' filter and search).
        let (space, layer) = english_seven_back();
        let mut met = Vec::new();
        for &b in layer.keys.iter().step_by(3) {
            keys_of(&space, b, true, |k| met.push(k));
        }
        met.sort_unstable();
        met.dedup();
        let expected: Vec<u64> = layer
            .keys
            .iter()
            .copied()
            .filter(|&b| {
                let mut found = false;
                keys_of(&space, b, true, |k| found |= met.binary_search(&k).is_ok());
                found
            })
            .collect();
        assert!(
            expected.len() < layer.len(),
            "{} of {}",
            expected.len(),
            layer.len()
        );
        let pegs = met[0].count_ones();
        let dense = DenseMembership::new(&space, &met, pegs).unwrap();
        assert_eq!(reached_as_made(&space, &dense, &layer.keys, true), expected);
        let sorted = Membership::Sorted(LayerMembership::new(&met, space.holes).unwrap());
        assert_eq!(
            reached_in_batches(&space, &sorted, &layer.keys, true),
            expected
        );
    }
}
