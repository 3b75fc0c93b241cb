//! A whole layer's successors (or predecessors), deduplicated: with counts summed, or as a set
//! (dense over ranks where that fits).

use super::bitboard::Bitboard;
use super::dense_layers::{Dense, Keep, expand_dense};
use super::jump_space::JumpSpace;
use super::layer::{CHUNK, LAYER_GROWTH, Layer, next_pegs};
use super::sorted_runs::{merge_joined, sort_and_join, union_of_runs};
use crate::engine::{room, stop};
use rayon::prelude::*;

/// Positions of a counted layer whose successors are gathered at once, then merged into the
/// next layer: the unjoined successors (16 bytes each, about 8 a position) of a whole layer
/// took twice the memory of the rest of the search (English 33: 345 MB in all).
const WAVE: usize = 1 << 18;

/// Successors (or predecessors) of a whole layer, deduplicated, with counts summed. None when a
/// stop was requested or the memory cap refused the growth (the search was then asked to stop):
/// a layer is whole or absent.
pub fn expand<B: Bitboard>(
    space: &JumpSpace<B>,
    layer: &Layer<B>,
    backward: bool,
) -> Option<Layer<B>> {
    expand_kept(space, layer, backward, |_| {})
}

/// Like [`expand`], keeping only the successors `keep` leaves in each batch (canonical keys).
pub fn expand_kept<B: Bitboard>(
    space: &JumpSpace<B>,
    layer: &Layer<B>,
    backward: bool,
    keep: impl Fn(&mut Vec<(B, u64)>) + Sync,
) -> Option<Layer<B>> {
    let mut merged = Vec::new();
    let waves = layer.keys.chunks(WAVE).zip(layer.counts.chunks(WAVE));
    for (keys, counts) in waves {
        let parts: Vec<Vec<(B, u64)>> = keys
            .par_chunks(CHUNK)
            .zip(counts.par_chunks(CHUNK))
            .map(|(keys, counts)| {
                let item = |k: B, i: usize| (k, counts[i]);
                grow_chunk(space, keys, backward, item, &keep, |e| e.0, join_counts)
            })
            .collect::<Option<_>>()?;
        let wave = union_of_runs(parts, space.holes, |e| e.0, join_counts)?;
        // The first wave is copied too: handing it over as it is raised the count's peak
        // memory on English 33 from about 212 to 230 MB (the allocator's reuse, measured).
        merged = merge_joined(merged, wave, |e| e.0, join_counts)?;
    }
    let mut keys = room::reserved(merged.len(), LAYER_GROWTH)?;
    let mut counts = room::reserved(merged.len(), LAYER_GROWTH)?;
    keys.extend(merged.iter().map(|e| e.0));
    counts.extend(merged.iter().map(|e| e.1));
    drop(merged);
    Some(Layer {
        pegs: next_pegs(layer.pegs, backward),
        keys,
        counts,
    })
}

/// One position reached two ways: the counts add up.
fn join_counts<B>(a: (B, u64), b: (B, u64)) -> (B, u64) {
    (a.0, a.1.saturating_add(b.1))
}

/// Like [`expand`] without counts: only the set of positions, as a dense bitset over ranks when
/// the layer is dense enough (see [`expand_dense`]), else sorted (half the memory of counts).
pub fn expand_set<B: Bitboard>(
    space: &JumpSpace<B>,
    layer: &Layer<B>,
    backward: bool,
) -> Option<Layer<B>> {
    expand_set_kept(space, layer, backward, None)
}

/// Like [`expand_set`], keeping only the successors `keep` leaves in each batch (canonical keys;
/// every one when None).
pub fn expand_set_kept<B: Bitboard>(
    space: &JumpSpace<B>,
    layer: &Layer<B>,
    backward: bool,
    keep: Keep<B>,
) -> Option<Layer<B>> {
    match expand_dense(space, layer, backward, keep) {
        Dense::Grown(next) => return Some(next),
        Dense::Stopped => return None,
        Dense::Unfit => {}
    }
    let kept = |v: &mut Vec<B>| {
        if let Some(keep) = keep {
            keep(v);
        }
    };
    let parts: Vec<Vec<B>> = layer
        .keys
        .par_chunks(CHUNK)
        .map(|keys| grow_chunk(space, keys, backward, |k, _| k, &kept, |&k| k, |k, _| k))
        .collect::<Option<_>>()?;
    Some(Layer {
        pegs: next_pegs(layer.pegs, backward),
        keys: union_of_runs(parts, space.holes, |&k| k, |k, _| k)?,
        counts: Vec::new(),
    })
}

/// The successors (or predecessors) of `keys`, the i-th key's as `item(canonical, i)`, sorted
/// and joined; None when a stop was requested or the memory for them was refused.
fn grow_chunk<T: Copy + Default, B: Bitboard>(
    space: &JumpSpace<B>,
    keys: &[B],
    backward: bool,
    item: impl Fn(B, usize) -> T,
    keep: &impl Fn(&mut Vec<T>),
    key: impl Fn(&T) -> B,
    join: impl Fn(T, T) -> T,
) -> Option<Vec<T>> {
    if stop::requested().is_some() {
        return None;
    }
    let mut out: Vec<T> = room::reserved(keys.len() * 8, LAYER_GROWTH)?;
    for (i, &b) in keys.iter().enumerate() {
        let mut refused = false;
        // The successors' keys from the images of `b`, updated per jump (a few XORs).
        let images = space.images_of(b);
        space.for_each_move(b, backward, |j| {
            if room::room_for_one_in(&mut out, LAYER_GROWTH) {
                out.push(item(space.least(&space.after(&images, j)), i));
            } else {
                refused = true;
            }
        });
        if refused {
            return None;
        }
    }
    keep(&mut out);
    sort_and_join(out, space.holes, key, join)
}
