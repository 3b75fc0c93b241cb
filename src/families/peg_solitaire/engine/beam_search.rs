//! One solution on boards too large to search whole: a beam search over jump layers. Exact
//! layers are grown backwards from the goal while they stay small; forwards from the start only
//! the best positions of each layer are kept, until a forward layer meets the top backward
//! layer. The path is then traced back through the beam and down the backward layers.

use super::bitboard::Bitboard;
use super::jump_layers::{goal_layer, intersect};
use super::jump_space::JumpSpace;
use super::layer::Layer;
use super::layer_expand::expand_set;
use crate::engine::Progress;
use rayon::prelude::*;

/// One solution by beam search, for boards too large to search whole: exact layers backwards
/// from the goal while they stay below `cap` classes, and forwards from the start only the
/// `width` best classes of each layer by `score` (lower is better), until a forward layer meets
/// the top backward layer; each width of `widths` in turn (the backward layers are built once)
/// until one meets it. Incomplete (None proves nothing), but it needs no luck with move order.
/// The jumps returned go from `start` to a goal position.
pub fn beam_solution<B: Bitboard>(
    space: &JumpSpace<B>,
    start: B,
    goals: &[B],
    widths: &[usize],
    cap: usize,
    score: impl Fn(B) -> u32 + Sync,
    progress: &Progress,
) -> Option<Vec<usize>> {
    let back = backward_layers(space, start, goals, cap, progress);
    let top = back.last().expect("the goal layer");
    widths.iter().find_map(|&width| {
        let beam = forward_beam(space, start, top, width, &score, progress)?;
        trace(space, start, &beam, &back)
    })
}

/// Exact layers back from the goal, while they stay below `cap` classes (as built, or as
/// foreseen from the growth of the last two) and above the start.
fn backward_layers<B: Bitboard>(
    space: &JumpSpace<B>,
    start: B,
    goals: &[B],
    cap: usize,
    progress: &Progress,
) -> Vec<Layer<B>> {
    let mut back = vec![goal_layer(space, goals)];
    loop {
        let top = back.last().expect("the goal layer");
        if top.pegs + 1 >= start.count() || top.is_empty() {
            break;
        }
        // Layers grow by a roughly steady factor: a layer that would pass the cap is not
        // built only to be thrown away.
        if let [.., below, _] = back.as_slice()
            && top.len().saturating_mul(top.len()) / below.len().max(1) > cap
        {
            break;
        }
        progress.message(|| format!("beam: backward to {} pegs", top.pegs + 1));
        let Some(next) = expand_set(space, top, true) else {
            break;
        };
        if next.len() > cap {
            break;
        }
        back.push(next);
    }
    back
}

/// Layers forward from the start keeping the `width` best classes each, down to the top
/// backward layer, the last one its meeting with it; None when the beam dies out.
fn forward_beam<B: Bitboard>(
    space: &JumpSpace<B>,
    start: B,
    top: &Layer<B>,
    width: usize,
    score: impl Fn(B) -> u32 + Sync,
    progress: &Progress,
) -> Option<Vec<Layer<B>>> {
    let mut beam = vec![Layer {
        pegs: start.count(),
        keys: vec![space.canonical(start)],
        counts: Vec::new(),
    }];
    while beam.last().expect("the start layer").pegs > top.pegs {
        let last = beam.last().expect("the start layer");
        progress.message(|| format!("beam: forward to {} pegs", last.pegs - 1));
        // Stopped (None): no beam, as when it dies out; the report says the search was stopped.
        let mut next = expand_set(space, last, false)?;
        if next.is_empty() {
            return None;
        }
        if next.pegs == top.pegs {
            next = intersect(&next, top);
            if next.is_empty() {
                return None;
            }
        } else if next.len() > width {
            let mut scored: Vec<(u32, B)> = next.keys.par_iter().map(|&k| (score(k), k)).collect();
            scored.select_nth_unstable_by_key(width, |e| (e.0, e.1));
            scored.truncate(width);
            next.keys = scored.into_iter().map(|e| e.1).collect();
            next.keys.sort_unstable();
        }
        beam.push(next);
    }
    Some(beam)
}

/// The jumps from the start through the beam to its meeting class, then down the backward
/// layers to a goal position.
fn trace<B: Bitboard>(
    space: &JumpSpace<B>,
    start: B,
    beam: &[Layer<B>],
    back: &[Layer<B>],
) -> Option<Vec<usize>> {
    // Trace back: a raw position of the meeting class, then raw parents in the beam layers.
    let mut b = beam.last()?.keys[0];
    let mut up = Vec::new();
    for layer in beam.iter().rev().skip(1) {
        let mut step = None;
        space.for_each_unjump(b, |j, p| {
            if step.is_none() && layer.contains(space.canonical(p)) {
                step = Some((j, p));
            }
        });
        let (j, p) = step?;
        up.push(j);
        b = p;
    }
    // The group keeps the start, so its class is the start alone.
    if b != start {
        return None;
    }
    let meet_at = beam.last()?.keys[0];
    let mut path: Vec<usize> = up.into_iter().rev().collect();
    // Replay to the meeting position, then walk down the backward layers to the goal.
    let mut cur = start;
    for &j in &path {
        cur = space.apply(cur, j)?;
    }
    debug_assert_eq!(space.canonical(cur), meet_at);
    for layer in back.iter().rev().skip(1) {
        let mut step = None;
        space.for_each_jump(cur, |j, q| {
            if step.is_none() && layer.contains(space.canonical(q)) {
                step = Some((j, q));
            }
        });
        let (j, q) = step?;
        path.push(j);
        cur = q;
    }
    Some(path)
}
