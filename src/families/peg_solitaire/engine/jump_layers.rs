//! Positions of a jump game layer by layer (every jump removes one peg, so a layer is a peg
//! count), from the start forwards and from the goal backwards, each layer a sorted vector of
//! canonical positions with the number of jump sequences reaching it. The two searches meet in
//! the middle, which gives
//! - the exact number of jump sequences from the start to the goal (sum over the meeting layer),
//! - the *useful* positions: those on at least one solution, which the move-metric engines
//!   search instead of the whole reachable space.
//!
//! Counts are orbit totals: the number of sequences reaching any position of a symmetry class.
//! This is sound when the start and the goal set are invariant under the group.

use super::bitboard::Bitboard;
use super::complement_layers::{dual_total, grow_half};
use super::dense_layers::{Dense, expand_dense_within};
use super::jump_space::JumpSpace;
use super::layer::{Goal, Layer, next_pegs};
use super::layer_expand::{expand, expand_kept, expand_set, expand_set_kept};
use super::layer_membership::LayerMembership;
use super::layer_prune::Prune;
use crate::engine::{Progress, stop};

pub struct Meeting<B> {
    /// Layers from the start, pegs descending; the last is the meeting layer. Counting, only
    /// the last layer of each side keeps its positions (see [`Layer::release`]).
    pub forward: Vec<Layer<B>>,
    /// For a central game (see [`dual_total`]), the forward layers above `forward`'s first,
    /// left implicit: the complements of the first `implied` backward layers (the meeting
    /// layer's included when the start's side was not grown at all).
    pub implied: usize,
    /// Layers from the goal, pegs ascending; the last is the meeting layer (absent for
    /// [`Goal::Within`], which is tested on the last forward layer).
    pub backward: Vec<Layer<B>>,
    /// Jump sequences from the start to the goal (None when a side overflowed 64 bits).
    pub sequences: Option<u128>,
    pub states: u64,
    /// The search was asked to stop (time limit, memory near the cap, Ctrl-C) before the two
    /// sides met: the layers are those grown so far, and `sequences` is None.
    pub stopped: bool,
}

impl<B> Meeting<B> {
    /// Layers on the start's side, the implicit ones included.
    pub fn forward_layers(&self) -> usize {
        self.forward.len() + self.implied
    }
}

const OVERFLOW: u64 = u64::MAX;

/// The layer holding the goal positions, each counted by its orbit size (see the module doc).
pub fn goal_layer<B: Bitboard>(space: &JumpSpace<B>, goals: &[B]) -> Layer<B> {
    let v: Vec<(B, u64)> = goals
        .iter()
        .map(|&g| {
            let c = space.canonical(g);
            (c, space.orbit_size(c))
        })
        .collect();
    // Several goals of one class add their class once: dedupe without summing.
    let mut v = v;
    v.sort_unstable_by_key(|e| e.0);
    v.dedup_by_key(|e| e.0);
    let pegs = goals.first().map_or(0, |g| g.count());
    let (keys, counts) = v.into_iter().unzip();
    Layer { pegs, keys, counts }
}

/// Layers backwards from the goal positions while they stay below `max` positions and above
/// `floor` pegs; the last one (all positions of its peg count that can reach the goal).
pub fn endgame_layer<B: Bitboard>(
    space: &JumpSpace<B>,
    goals: &[B],
    floor: u32,
    max: usize,
    progress: &Progress,
) -> Layer<B> {
    let mut layer = goal_layer(space, goals);
    while layer.pegs + 1 < floor {
        progress.message(|| format!("end game: {} pegs, {} classes", layer.pegs, layer.len()));
        let Some(next) = expand(space, &layer, true) else {
            break;
        };
        if next.len() > max {
            break;
        }
        layer = next;
    }
    layer
}

/// Searches from both ends, always growing the smaller frontier, until they reach the same peg
/// count, and counts the jump sequences through the meeting layer.
/// With `counting` false only the sets are built (and `sequences` is None). `prune` drops
/// grown positions that lie on no solution (see [`Prune`]).
pub fn meet<B: Bitboard>(
    space: &JumpSpace<B>,
    start: B,
    goal: &Goal<B>,
    counting: bool,
    prune: &Prune<B>,
    progress: &Progress,
) -> Meeting<B> {
    let mut forward = vec![Layer {
        pegs: start.count(),
        keys: vec![space.canonical(start)],
        counts: vec![1],
    }];
    let (mut backward, target) = match goal {
        Goal::Positions(g) => {
            let layer = goal_layer(space, g);
            let pegs = layer.pegs;
            (vec![layer], pegs)
        }
        Goal::Within { pegs, .. } => (Vec::new(), *pegs),
    };
    let mut states = 1 + backward.first().map_or(0, |l: &Layer<B>| l.len() as u64);
    let mut implied = 0;
    if let Some(total) = dual_total(space, start, goal) {
        let sides = (&mut forward, &mut backward);
        let (grown, left) = grow_half(space, sides, total, (counting, prune), progress);
        states += grown;
        implied = left;
    }
    states += grow_to_meet(
        space,
        &mut forward,
        &mut backward,
        target,
        (counting, prune),
        progress,
    );
    if stop::requested().is_some() {
        return Meeting {
            forward,
            implied,
            backward,
            sequences: None,
            states,
            stopped: true,
        };
    }
    if let Goal::Within { pegs, allowed } = goal {
        keep_within(
            forward.last_mut().expect("the start layer"),
            *pegs,
            *allowed,
        );
    }
    let sequences = if counting {
        count_through(space, &forward, &backward)
    } else {
        None
    };
    Meeting {
        forward,
        implied,
        backward,
        sequences,
        states,
        stopped: false,
    }
}

/// Grows the smaller frontier, forward from the start or back from the goal, until they reach
/// the same peg count (or one side dies out); the classes added.
fn grow_to_meet<B: Bitboard>(
    space: &JumpSpace<B>,
    forward: &mut Vec<Layer<B>>,
    backward: &mut Vec<Layer<B>>,
    target: u32,
    (counting, prune): (bool, &Prune<B>),
    progress: &Progress,
) -> u64 {
    let grow = |l: &Layer<B>, backward: bool, other: Option<&Layer<B>>| {
        let mut next = grow_layer(space, l, backward, counting, other)?;
        prune.apply(&mut next, backward);
        prune.sharpen(&mut next, backward);
        Some(next)
    };
    let mut states = 0;
    loop {
        let f = forward.last().expect("the start layer");
        let b_pegs = backward.last().map_or(target, |l: &Layer<B>| l.pegs);
        if f.pegs <= b_pegs || f.is_empty() || stop::requested().is_some() {
            break;
        }
        let grow_back = match backward.last() {
            Some(bl) => bl.len() < f.len() && !bl.is_empty(),
            None => false,
        };
        if grow_back {
            let bl = backward.last().expect("checked");
            progress.message(|| format!("layers: backward to {} pegs", bl.pegs + 1));
            let Some(next) = grow(bl, true, Some(f)) else {
                break;
            };
            states += next.len() as u64;
            if counting {
                backward.last_mut().expect("checked").release();
            }
            backward.push(next);
        } else {
            progress.message(|| format!("layers: forward to {} pegs", f.pegs.saturating_sub(1)));
            let Some(next) = grow(f, false, backward.last()) else {
                break;
            };
            states += next.len() as u64;
            if counting {
                forward.last_mut().expect("the start layer").release();
            }
            forward.push(next);
        }
        if backward.last().is_some_and(|l| l.is_empty()) {
            break;
        }
    }
    states
}

/// The next layer from `layer`; when `other` (the opposite side's last layer) has the next
/// layer's peg count, the sides meet there and only the positions `other` holds are kept (the
/// only ones on a solution, and all that the count and the useful positions read).
fn grow_layer<B: Bitboard>(
    space: &JumpSpace<B>,
    layer: &Layer<B>,
    backward: bool,
    counting: bool,
    other: Option<&Layer<B>>,
) -> Option<Layer<B>> {
    let meets = other.filter(|o| o.pegs == next_pegs(layer.pegs, backward));
    if let (Some(o), false) = (meets, counting) {
        match expand_dense_within(space, layer, backward, None, Some(&o.keys)) {
            Dense::Grown(next) => return Some(next),
            Dense::Stopped => return None,
            Dense::Unfit => {}
        }
    }
    let members = meets.and_then(|o| LayerMembership::new(&o.keys, space.holes));
    match (members, counting) {
        (Some(m), true) => expand_kept(space, layer, backward, |v| m.retain(v, |e| e.0)),
        (Some(m), false) => expand_set_kept(space, layer, backward, Some(&|v| m.retain(v, |&k| k))),
        (None, true) => expand(space, layer, backward),
        (None, false) => expand_set(space, layer, backward),
    }
}

/// Keeps of the last forward layer the goal positions: `pegs` pegs, all within `allowed`.
fn keep_within<B: Bitboard>(last: &mut Layer<B>, pegs: u32, allowed: B) {
    if last.pegs == pegs {
        let keep: Vec<bool> = last.keys.iter().map(|&k| k & !allowed == B::ZERO).collect();
        let mut i = 0;
        last.keys.retain(|_| {
            i += 1;
            keep[i - 1]
        });
        let mut i = 0;
        last.counts.retain(|_| {
            i += 1;
            keep[i - 1]
        });
    } else {
        last.keys.clear();
        last.counts.clear();
    }
}

fn count_through<B: Bitboard>(
    space: &JumpSpace<B>,
    forward: &[Layer<B>],
    backward: &[Layer<B>],
) -> Option<u128> {
    let f = forward.last()?;
    let overflow = |l: &Layer<B>| l.counts.contains(&OVERFLOW);
    if overflow(f) {
        return None;
    }
    let Some(b) = backward.last() else {
        return Some(f.counts.iter().map(|&c| c as u128).sum());
    };
    if overflow(b) {
        return None;
    }
    if b.pegs != f.pegs {
        return Some(0);
    }
    let mut total: u128 = 0;
    let (mut i, mut j) = (0, 0);
    while i < f.len() && j < b.len() {
        match f.keys[i].cmp(&b.keys[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                let orbit = space.orbit_size(f.keys[i]) as u128;
                total = total.checked_add(f.counts[i] as u128 * b.counts[j] as u128 / orbit)?;
                i += 1;
                j += 1;
            }
        }
    }
    Some(total)
}

/// The positions of `a` that are also in `b` (both sorted).
pub fn intersect<B: Bitboard>(a: &Layer<B>, b: &Layer<B>) -> Layer<B> {
    let mut keys = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a.keys[i].cmp(&b.keys[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                keys.push(a.keys[i]);
                i += 1;
                j += 1;
            }
        }
    }
    Layer {
        pegs: a.pegs,
        keys,
        counts: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::jump::Jump;
    use super::*;

    /// A row of 5 holes, jumps both ways, no symmetry used.
    fn row5() -> JumpSpace<u64> {
        JumpSpace::new(5, Jump::along_row(5), &[])
    }

    /// Meets from `start` down to any position of `pegs` pegs anywhere on the row.
    fn down_to(s: &JumpSpace<u64>, start: u64, pegs: u32) -> Meeting<u64> {
        meet(
            s,
            start,
            &Goal::Within {
                pegs,
                allowed: 0b11111,
            },
            true,
            &Prune::none(),
            &Progress::hidden(),
        )
    }

    #[test]
    fn counts_sequences_on_a_row() {
        // Pegs on 0, 1, 3, 4 (hole 2 empty). 0 over 1 onto 2 leaves {2, 3, 4}: 4 over 3 onto 2
        // and 2 over 3 onto 4 are both blocked. The mirror likewise. So no way down to one peg,
        // and two sequences down to three pegs.
        let s = row5();
        let start = 0b11011u64;
        let none = down_to(&s, start, 1);
        assert_eq!(none.sequences, Some(0));
        let two = down_to(&s, start, 3);
        assert_eq!(two.sequences, Some(2));
    }

    #[test]
    fn meeting_in_the_middle_agrees_with_forward_only() {
        // Pegs on 0, 1, 3 of a row of 5: 0 over 1 onto 2, then 3 over 2 onto 1 leaves one peg.
        let s = row5();
        let start = 0b01011u64;
        let goals: Vec<u64> = (0..5).map(|i| 1u64 << i).collect();
        let a = meet(
            &s,
            start,
            &Goal::Positions(goals),
            true,
            &Prune::none(),
            &Progress::hidden(),
        );
        let b = down_to(&s, start, 1);
        assert_eq!(a.sequences, b.sequences);
        assert!(a.sequences.unwrap() >= 1);
    }
}
