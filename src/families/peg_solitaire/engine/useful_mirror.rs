//! The upper half of a central game's positions on solutions, as the lower half's mirror:
//! the start is the goal's complement, so the positions at `p` pegs on a solution are the
//! complements of those at `total - p`, and a jump from `y` to `x` below is the same jump from
//! the complement of `x` to the complement of `y` above. No position of the upper half is
//! searched.

use super::bitboard::Bitboard;
use super::jump_space::JumpSpace;
use super::layer::LAYER_GROWTH;
use super::useful_layer::edge_starts;
use super::useful_layer::{LayerSink, UsefulLayer};
use crate::engine::room;
use crate::util::radix_sort::sort_by_key;

/// A layer's complements: their canonical keys sorted, where each position's complement
/// lands among them, and the symmetry that makes it canonical.
pub(super) struct Complements<B> {
    pub keys: Vec<B>,
    pub at: Vec<u32>,
    symmetry: Vec<u16>,
}

impl<B> Complements<B> {
    /// The symmetry that takes the complement of position `i` onto its canonical key.
    pub fn symmetry(&self, i: usize) -> usize {
        usize::from(self.symmetry[i])
    }
}

/// The complements of the positions `keys`; None when the memory was refused.
pub(super) fn complements<B: Bitboard>(space: &JumpSpace<B>, keys: &[B]) -> Option<Complements<B>> {
    let len = keys.len();
    let mut symmetry: Vec<u16> = room::reserved(len, LAYER_GROWTH)?;
    let mut found: Vec<(B, u32)> = room::reserved(len, LAYER_GROWTH)?;
    for (&b, i) in keys.iter().zip(0u32..) {
        let im = space.complement(&space.images_of(b));
        let (key, g) = space.least_and_symmetry(&im);
        symmetry.push(g as u16);
        found.push((key, i));
    }
    if !sort_by_key(&mut found, space.holes, |e| e.0, LAYER_GROWTH) {
        return None;
    }
    let mut at: Vec<u32> = room::filled(len, LAYER_GROWTH, 0)?;
    let mut keys = room::reserved(len, LAYER_GROWTH)?;
    for (&(k, i), n) in found.iter().zip(0u32..) {
        at[i as usize] = n;
        keys.push(k);
    }
    Some(Complements { keys, at, symmetry })
}

/// The layers of `pegs` (ascending) of a central game as complements of the lower layers
/// (`lower`, pegs ascending, grown downwards), each handed to `sink` as soon as it is built:
/// the positions at `p` pegs are the complements of those at `total - p`, and a jump from `y`
/// to `x` below is the same jump from the complement of `x` to the complement of `y` above.
/// Each lower layer is released once mirrored. None when the memory was refused or the sink
/// stopped.
pub(super) fn mirror<B: Bitboard>(
    space: &JumpSpace<B>,
    mut lower: Vec<UsefulLayer<B>>,
    total: u32,
    pegs: std::ops::RangeInclusive<u32>,
    sink: &mut impl LayerSink<B>,
) -> Option<()> {
    let mut take = |pegs: u32| {
        lower
            .iter_mut()
            .find(|l| l.pegs == pegs)
            .map(std::mem::take)
            .unwrap_or_default()
    };
    let mut from = take(total + 1 - pegs.start());
    let mut above = complements(space, &from.keys)?;
    for p in pegs {
        let here = take(total - p);
        let mut flipped = complements(space, &here.keys)?;
        let mut layer = mirror_layer(space, &from, (&above, &flipped), p)?;
        layer.keys = std::mem::take(&mut flipped.keys);
        drop(std::mem::replace(&mut from, here));
        sink.take(&layer)?;
        above = flipped;
    }
    Some(())
}

/// The layer of `pegs` pegs mirroring the lower layer whose complements are `flipped`, its
/// edges the reversed jumps of `from` (the lower layer one peg up, complements `above`); its
/// keys, `flipped`'s, are left for the caller to move in.
fn mirror_layer<B: Bitboard>(
    space: &JumpSpace<B>,
    from: &UsefulLayer<B>,
    (above, flipped): (&Complements<B>, &Complements<B>),
    pegs: u32,
) -> Option<UsefulLayer<B>> {
    let edges = from.child.len();
    let starts = edge_starts(
        flipped.keys.len(),
        from.child.iter().map(|&x| flipped.at[x as usize]),
    )?;
    let mut next = starts.clone();
    let mut child: Vec<u32> = room::filled(edges, LAYER_GROWTH, 0)?;
    let mut jump: Vec<u16> = room::filled(edges, LAYER_GROWTH, 0)?;
    let mut reverse: Vec<u16> = room::filled(edges, LAYER_GROWTH, 0)?;
    for y in 0..from.len() {
        let turn_y = usize::from(above.symmetry[y]);
        for e in from.edges(y) {
            let x = from.child[e] as usize;
            let slot = next[flipped.at[x] as usize] as usize;
            next[flipped.at[x] as usize] += 1;
            child[slot] = above.at[y];
            let turn = usize::from(flipped.symmetry[x]);
            jump[slot] = space.jump_image(turn, usize::from(from.reverse[e])) as u16;
            reverse[slot] = space.jump_image(turn_y, usize::from(from.jump[e])) as u16;
        }
    }
    Some(UsefulLayer {
        pegs,
        // The keys are `flipped`'s, moved in by the caller.
        keys: Vec::new(),
        starts,
        child,
        jump,
        reverse,
        complete: false,
    })
}
