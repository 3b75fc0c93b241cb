//! The edges between two layers of positions on solutions: the successors (or predecessors)
//! of a layer's positions that another layer holds, each kept with the jump to it. The
//! layer tested is sorted, so the positions reached are numbered by where they stand in it:
//! a bit for each, counted, with no sort of the edges (English 33's largest layer: 1.2 M
//! edges).

use super::bitboard::Bitboard;
use super::jump_space::{Images, JumpSpace};
use super::layer::ABSENT;
use super::layer::{CHUNK, LAYER_GROWTH};
use super::layer_membership::Membership;
use super::useful_layer::UsefulLayer;
use super::useful_layer::edge_starts;
use super::useful_mirror::complements;
use crate::engine::{room, stop};
use rayon::prelude::*;

/// Membership in `layer` (its keys and peg count), met from `from`: none (nothing held) when
/// either is empty or absent; None when the layer is too large to index.
pub(super) fn membership<'a, B: Bitboard>(
    space: &'a JumpSpace<B>,
    layer: Option<(&'a [B], u32)>,
    from: &UsefulLayer<B>,
) -> Option<Held<'a, B>> {
    match layer {
        Some((keys, pegs)) if !keys.is_empty() && !from.is_empty() => {
            let member = Membership::new(space, keys, pegs)?;
            Some(Held {
                keys,
                member: Some(member),
            })
        }
        _ => Some(Held {
            keys: &[],
            member: None,
        }),
    }
}

/// A layer the positions found are looked up in: its keys and their membership (none when
/// nothing is held).
pub(super) struct Held<'a, B> {
    keys: &'a [B],
    member: Option<Membership<'a, B>>,
}

impl<B: Bitboard> Held<'_, B> {
    /// Sets `found[i]` to the index of `keys[i]` among the layer's keys, [`ABSENT`] when the
    /// layer does not hold it.
    fn index_each(&self, keys: &[B], found: &mut Vec<u32>) {
        found.clear();
        match &self.member {
            Some(m) => m.index_each(keys, found),
            None => found.resize(keys.len(), ABSENT),
        }
    }
}

/// The layer below `above`: the successors of its positions that `held` holds; the jumps to
/// them become `above`'s edges (each also in the frame of the position it reaches). Positions
/// are visited in order, so each one's edges come out together, each with the index of the
/// position it reaches in `held`; the positions reached, in `held`'s order, are the new
/// layer.
pub(super) fn descend<B: Bitboard>(
    space: &JumpSpace<B>,
    above: &mut UsefulLayer<B>,
    held: &Held<B>,
) -> Option<UsefulLayer<B>> {
    let pegs = above.pegs.saturating_sub(1);
    let parts = gather(space, &above.keys, held, |b, images, tried| {
        space.for_each_move(b, false, |j| {
            let (key, g) = space.least_and_symmetry(&space.after(images, j));
            // The jump in the position's frame, and above it in the reached one's.
            let seen = space.jump_image(g, j);
            tried.push(key, (j | seen << 16) as u32);
        });
    })?;
    let reached = Reached::new(held.keys.len(), &parts)?;
    let keys = reached.keys(held.keys)?;
    let edges: usize = parts.iter().map(|p| p.at.len()).sum();
    let mut starts: Vec<u32> = room::reserved(above.len() + 1, LAYER_GROWTH)?;
    let mut child: Vec<u32> = room::reserved(edges, LAYER_GROWTH)?;
    let mut jump: Vec<u16> = room::reserved(edges, LAYER_GROWTH)?;
    let mut seen: Vec<u16> = room::reserved(edges, LAYER_GROWTH)?;
    starts.push(0);
    for part in parts {
        child.extend(part.at.iter().map(|&i| reached.index(i)));
        jump.extend(part.payload.iter().map(|&j| j as u16));
        seen.extend(part.payload.iter().map(|&j| (j >> 16) as u16));
        for c in part.counts {
            starts.push(starts.last().copied().unwrap_or(0) + c);
        }
    }
    (above.starts, above.child) = (starts, child);
    (above.jump, above.reverse) = (jump, seen);
    above.complete = true;
    Some(UsefulLayer::without_edges(pegs, keys))
}

/// The positions that `visit` finds from each position of `layer` (given with its images; it
/// pushes them into the batch) and `held` holds, chunk by chunk in parallel; None when a stop
/// was requested or the memory refused.
fn gather<B: Bitboard>(
    space: &JumpSpace<B>,
    layer: &[B],
    held: &Held<B>,
    visit: impl Fn(B, &Images<B>, &mut Tried<B>) + Sync,
) -> Option<Vec<Kept>> {
    layer
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(c, chunk)| {
            if stop::requested().is_some() {
                return None;
            }
            let mut tried = Tried::default();
            // Room for the edges most layers keep, made at once (growing it step by step
            // copied every edge once or twice more).
            let edges = chunk.len() * EDGES_EACH;
            let mut kept = Kept {
                at: room::reserved(edges, LAYER_GROWTH)?,
                payload: room::reserved(edges, LAYER_GROWTH)?,
                counts: room::reserved(chunk.len(), LAYER_GROWTH)?,
                first: c * CHUNK,
            };
            for batch in chunk.chunks(BATCH) {
                for &b in batch {
                    let images = space.images_of(b);
                    let before = tried.probes.len();
                    visit(b, &images, &mut tried);
                    tried.per.push((tried.probes.len() - before) as u32);
                }
                tried.keep_into(held, &mut kept)?;
            }
            Some(kept)
        })
        .collect()
}

/// The positions of a layer that some edge reaches: a bit for each, and how many are reached
/// before each word, so that an edge's index among them is one count.
struct Reached {
    bits: Vec<u64>,
    before: Vec<u32>,
}

impl Reached {
    /// The positions of a layer of `len` that the parts' edges reach; None when the memory was
    /// refused or there are more edges than 32-bit indices reach.
    fn new(len: usize, parts: &[Kept]) -> Option<Reached> {
        let edges: usize = parts.iter().map(|p| p.at.len()).sum();
        u32::try_from(edges).ok()?;
        let mut bits: Vec<u64> = room::filled(len.div_ceil(64), LAYER_GROWTH, 0)?;
        for &i in parts.iter().flat_map(|p| &p.at) {
            bits[i as usize / 64] |= 1 << (i % 64);
        }
        let mut before = room::reserved(bits.len(), LAYER_GROWTH)?;
        let mut count = 0;
        for w in &bits {
            before.push(count);
            count += w.count_ones();
        }
        Some(Reached { bits, before })
    }

    /// The index of reached position `i` among those reached.
    #[inline]
    fn index(&self, i: u32) -> u32 {
        let (w, bit) = (i as usize / 64, i % 64);
        self.before[w] + (self.bits[w] & ((1 << bit) - 1)).count_ones()
    }

    /// The positions reached, ascending.
    fn each(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    w * 64 + bit
                })
            })
        })
    }

    /// How many positions are reached.
    fn len(&self) -> usize {
        let last = self.bits.last().map_or(0, |w| w.count_ones());
        self.before.last().map_or(0, |&b| (b + last) as usize)
    }

    /// The keys of the positions reached among `keys`, in order; None when the memory was
    /// refused.
    fn keys<B: Copy>(&self, keys: &[B]) -> Option<Vec<B>> {
        let mut out = room::reserved(self.len(), LAYER_GROWTH)?;
        out.extend(self.each().map(|i| keys[i]));
        Some(out)
    }
}

/// The layer of `pegs` pegs above `below` (sorted keys): the predecessors of its positions
/// that `held` holds (or whose complements it holds, with `complement`), with their jumps onto
/// `below` as edges, each jump turned into the frame of its position's canonical key (and
/// kept in the frame of the position it reaches, `below`'s, as well). The
/// edges are found by the position they reach and are then laid out by the one they leave.
pub(super) fn ascend<B: Bitboard>(
    space: &JumpSpace<B>,
    below: &[B],
    pegs: u32,
    (held, complement): (&Held<B>, bool),
) -> Option<UsefulLayer<B>> {
    u32::try_from(below.len()).ok()?;
    let parts = gather(space, below, held, |b, images, tried| {
        space.for_each_unjump(b, |j, _| {
            let im = space.after(images, j);
            let (key, g) = space.least_and_symmetry(&im);
            let probe = if complement {
                space.least(&space.complement(&im))
            } else {
                key
            };
            let jump = space.jump_image(g, j);
            tried.push(probe, (jump | j << 16) as u32);
        });
    })?;
    let reached = Reached::new(held.keys.len(), &parts)?;
    let reached_keys = reached.keys(held.keys)?;
    let (keys, place) = if complement {
        let flipped = complements(space, &reached_keys)?;
        (flipped.keys, flipped.at)
    } else {
        (reached_keys, Vec::new())
    };
    // Where each edge's position is in the new layer.
    let position = |i: u32| {
        let r = reached.index(i);
        place.get(r as usize).copied().unwrap_or(r)
    };
    let edges: usize = parts.iter().map(|p| p.at.len()).sum();
    let starts = edge_starts(
        keys.len(),
        parts.iter().flat_map(|p| &p.at).map(|&i| position(i)),
    )?;
    let mut next = starts.clone();
    let mut child: Vec<u32> = room::filled(edges, LAYER_GROWTH, 0)?;
    let mut jump: Vec<u16> = room::filled(edges, LAYER_GROWTH, 0)?;
    let mut reverse: Vec<u16> = room::filled(edges, LAYER_GROWTH, 0)?;
    for part in &parts {
        for ((&i, &j), c) in part.at.iter().zip(&part.payload).zip(part.sources()) {
            let slot = &mut next[position(i) as usize];
            child[*slot as usize] = c;
            jump[*slot as usize] = j as u16;
            reverse[*slot as usize] = (j >> 16) as u16;
            *slot += 1;
        }
    }
    Some(UsefulLayer {
        pegs,
        keys,
        starts,
        child,
        jump,
        reverse,
        complete: false,
    })
}

/// Edges a position keeps, for the room made ahead (English 33's lower half: 3.7 to 5.0).
const EDGES_EACH: usize = 6;

/// Positions whose successors are tested together: enough to keep many reads of the other
/// side's layer in flight, few enough that the successors tried stay in the core's cache.
const BATCH: usize = 256;

/// The positions one jump from a batch of a layer, before they are tested: the keys the other
/// side's layer is asked for, something carried for each, how many each position of the
/// batch gave, and room for the answers.
struct Tried<B> {
    probes: Vec<B>,
    payload: Vec<u32>,
    per: Vec<u32>,
    found: Vec<u32>,
}

impl<B> Default for Tried<B> {
    fn default() -> Self {
        Tried {
            probes: Vec::new(),
            payload: Vec::new(),
            per: Vec::new(),
            found: Vec::new(),
        }
    }
}

/// What a chunk kept: per edge, the index of the position reached in the layer tested and
/// the payload; how many edges each position kept; the index of the chunk's first position
/// in its layer.
#[derive(Default)]
struct Kept {
    at: Vec<u32>,
    payload: Vec<u32>,
    counts: Vec<u32>,
    first: usize,
}

impl Kept {
    /// Each edge's source: the index in its layer of the position it leaves, in order.
    fn sources(&self) -> impl Iterator<Item = u32> + '_ {
        let first = self.first as u32;
        (first..)
            .zip(&self.counts)
            .flat_map(|(i, &n)| std::iter::repeat_n(i, n as usize))
    }
}

/// Room for `more` elements past `v`'s length, doubling as a vector grows (false when the
/// memory was refused).
fn room_for_more<T>(v: &mut Vec<T>, more: usize) -> bool {
    let want = v.len() + more;
    want <= v.capacity() || room::room_for_total(v, want.max(2 * v.len()))
}

impl<B: Bitboard> Tried<B> {
    fn push(&mut self, probe: B, payload: u32) {
        self.probes.push(probe);
        self.payload.push(payload);
    }

    /// Looks the positions tried up in `held`, adds those it holds to `kept` and clears the
    /// batch; None when the memory was refused.
    fn keep_into(&mut self, held: &Held<B>, kept: &mut Kept) -> Option<()> {
        held.index_each(&self.probes, &mut self.found);
        let n = self.found.iter().filter(|&&i| i != ABSENT).count();
        let room = room_for_more(&mut kept.at, n + 1)
            && room_for_more(&mut kept.payload, n + 1)
            && room_for_more(&mut kept.counts, self.per.len());
        if !room {
            return None;
        }
        // Every tried position is written at the cursor, which moves on past those held only
        // (about half: a branch on each mispredicted), so one slot more than those kept.
        let (base, mut c) = (kept.at.len(), kept.at.len());
        kept.at.resize(base + n + 1, ABSENT);
        kept.payload.resize(base + n + 1, 0);
        let mut at = 0;
        for &tried in &self.per {
            let before = c;
            let range = at..at + tried as usize;
            for (&i, &payload) in self.found[range.clone()].iter().zip(&self.payload[range]) {
                kept.at[c] = i;
                kept.payload[c] = payload;
                c += usize::from(i != ABSENT);
            }
            at += tried as usize;
            kept.counts.push((c - before) as u32);
        }
        kept.at.truncate(c);
        kept.payload.truncate(c);
        self.probes.clear();
        self.payload.clear();
        self.per.clear();
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reached_positions_are_numbered_in_order() {
        // Two chunks' edges into a layer of 200 positions, some reaching the same one.
        let part = |at: Vec<u32>| Kept {
            at,
            ..Kept::default()
        };
        let parts = [part(vec![64, 5, 199]), part(vec![3, 64, 127, 128])];
        let reached = Reached::new(200, &parts).unwrap();
        let each: Vec<usize> = reached.each().collect();
        assert_eq!(each, [3, 5, 64, 127, 128, 199]);
        assert_eq!(reached.len(), 6);
        for (n, &i) in each.iter().enumerate() {
            assert_eq!(reached.index(i as u32), n as u32, "position {i}");
        }
        let keys: Vec<u64> = (0..200).map(|k| 1000 + k).collect();
        assert_eq!(
            reached.keys(&keys).unwrap(),
            [1003, 1005, 1064, 1127, 1128, 1199]
        );
    }
}
