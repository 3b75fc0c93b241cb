//! The move metric of peg solitaire: a move is a chain of consecutive jumps by one peg. Over the
//! useful positions (those on some solution, from [`super::jump_layers::useful_positions`]) this
//! computes, for every position, the exact number of moves still needed; the minimum of a
//! problem is then read off the start, and no solution with fewer moves can exist because every
//! solution runs through useful positions only.
//!
//! Distances are filled in by peg count from the goal upwards: a chain only removes pegs, so
//! every chain end lies in a layer already done. Each layer is done in parallel.

use super::bitboard::Bitboard;
use super::jump_layers::Layer;
use super::jump_space::{Images, JumpSpace};
use super::sorted_lookup::{SortedLookup, SortedValues};
use crate::engine::stop;
use rayon::prelude::*;
use rustc_hash::FxHashMap;

/// No free chain: the next jump starts a new move.
pub const NO_PEG: u8 = u8::MAX;

/// The chain search's buffers, reused from one chunk of positions to the next.
#[derive(Default)]
struct Chains<B> {
    /// A chunk's first steps: the jumps, where each position's end, the canonical keys and
    /// their distances when they are on a solution.
    jumps: Vec<u16>,
    ends: Vec<usize>,
    first_keys: Vec<B>,
    first_found: Vec<Option<u8>>,
    /// Each position's least distance one jump on.
    first: Vec<u8>,
    /// The chains followed: one jump further along, with the position they start from.
    next: Vec<(Link<B>, u32)>,
    /// Their canonical keys and distances when they are on a solution.
    keys: Vec<B>,
    found: Vec<Option<u8>>,
    /// Those on a solution: the chains to continue.
    kept: Vec<(Link<B>, u32)>,
    lookup: SortedLookup<B>,
}

/// A position along a chain: the position, its images, the moving peg's hole.
type Link<B> = (B, Images<B>, u8);

pub struct MoveDistances<'a, B: Bitboard> {
    space: &'a JumpSpace<B>,
    /// Moves from each useful position (canonical) to the goal beside its key, one sorted
    /// layer per peg count: the measure looks up a batch of keys at a time, sorted, and
    /// walks the layer forward; one position is found by binary search.
    sorted: Vec<(Vec<B>, Vec<u8>)>,
    positions: u64,
    goal_pegs: u32,
    goal: Box<dyn Fn(B) -> bool + Sync + 'a>,
}

/// A measure stopped part-way (time limit, Ctrl-C, memory near the cap): how far it got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unfinished {
    /// Positions whose distance was found (the goal layer's and the layers done above it).
    pub measured: u64,
    /// Useful positions in all.
    pub positions: u64,
    /// The peg count of the layer being measured when the stop came.
    pub pegs: u32,
}

/// Positions measured per parallel task (a stop request is seen between tasks); their first
/// steps, about ten each, are looked up together.
const CHUNK: usize = 1 << 12;

impl<'a, B: Bitboard> MoveDistances<'a, B> {
    /// `layers` as returned by `useful_positions`: pegs descending, the last one the goal's.
    /// Polls the stop request between chunks of a layer: stopped, it says how far it got.
    pub fn new(
        space: &'a JumpSpace<B>,
        mut layers: Vec<Layer<B>>,
        goal: impl Fn(B) -> bool + Sync + 'a,
        progress: &crate::engine::Progress,
    ) -> Result<MoveDistances<'a, B>, Unfinished> {
        let top = layers.first().map_or(0, |l| l.pegs) as usize;
        let mut md = MoveDistances {
            space,
            sorted: vec![(Vec::new(), Vec::new()); top + 1],
            positions: 0,
            goal_pegs: layers.last().map_or(0, |l| l.pegs),
            goal: Box::new(goal),
        };
        let all: u64 = layers.iter().map(|l| l.len() as u64).sum();
        if let Some(last) = layers.pop() {
            let zero = vec![0; last.len()];
            md.fill(last, zero);
        }
        while let Some(layer) = layers.pop() {
            progress.message(|| format!("move distances: {} pegs", layer.pegs));
            let Some(d) = md.measure(&layer.keys, layer.pegs) else {
                return Err(Unfinished {
                    measured: md.positions,
                    positions: all,
                    pegs: layer.pegs,
                });
            };
            md.fill(layer, d);
        }
        Ok(md)
    }

    /// The distances of `keys` (all one layer of `pegs` pegs, sorted, the layers below done);
    /// None when a stop was requested before they all were found.
    fn measure(&self, keys: &[B], pegs: u32) -> Option<Vec<u8>> {
        let parts: Vec<Vec<u8>> = keys
            .par_chunks(CHUNK)
            .map(|chunk| {
                if stop::requested().is_some() {
                    return None;
                }
                let mut scratch = Chains::default();
                let mut out = Vec::with_capacity(chunk.len());
                self.measure_chunk(chunk, pegs, &mut scratch, &mut out);
                Some(out)
            })
            .collect::<Option<_>>()?;
        Some(parts.concat())
    }

    /// Keeps the distances `d` of `layer`'s positions.
    fn fill(&mut self, layer: Layer<B>, d: Vec<u8>) {
        self.positions += layer.len() as u64;
        if let Some(slot) = self.sorted.get_mut(layer.pegs as usize) {
            *slot = (layer.keys, d);
        }
    }

    /// The sorted keys and distances of the useful positions of `pegs` pegs.
    fn sorted(&self, pegs: u32) -> SortedValues<'_, B> {
        let (keys, values) = self
            .sorted
            .get(pegs as usize)
            .map_or((&[][..], &[][..]), |(k, v)| (&k[..], &v[..]));
        SortedValues { keys, values }
    }

    /// Number of useful positions (symmetry classes).
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// Moves from `b` to the goal, None when `b` is on no solution.
    #[inline]
    pub fn distance(&self, b: B) -> Option<u8> {
        self.sorted(b.count()).get(self.space.canonical(b))
    }

    /// The distances of `chunk` (positions of one layer of `pegs` pegs) pushed to `out`: the
    /// first steps of all of them are looked up at once in the layer below, then their chains
    /// are followed together (see [`MoveDistances::follow_chains`]).
    fn measure_chunk(&self, chunk: &[B], pegs: u32, s: &mut Chains<B>, out: &mut Vec<u8>) {
        let Some(below) = pegs.checked_sub(1) else {
            out.extend(chunk.iter().map(|_| u8::MAX));
            return;
        };
        s.jumps.clear();
        s.first_keys.clear();
        s.ends.clear();
        for &b in chunk {
            let images = self.space.images_of(b);
            self.space.for_each_jump(b, |j, _| {
                s.jumps.push(j as u16);
                s.first_keys
                    .push(self.space.least(&self.space.after(&images, j)));
            });
            s.ends.push(s.first_keys.len());
        }
        let holes = self.space.holes;
        let lower = self.sorted(below);
        s.lookup
            .lookup(&s.first_keys, holes, lower, &mut s.first_found);
        let done = out.len();
        s.next.clear();
        s.first.clear();
        let mut from = 0;
        for (i, &b) in chunk.iter().enumerate() {
            let steps = from..s.ends[i];
            from = steps.end;
            let first = s.first_found[steps.clone()].iter().flatten().min().copied();
            s.first.push(first.unwrap_or(u8::MAX));
            out.push(first.map_or(u8::MAX, |f| f.saturating_add(1)));
            if first.is_some_and(|f| f > 0) {
                self.start_chains(b, i as u32, steps, s);
            }
        }
        self.follow_chains(below, &mut out[done..], s);
    }

    /// Pushes to `s.next` the chains of `b` (the chunk's `owner`-th position) one jump past
    /// its first steps `steps` that reach the least distance found one jump on.
    fn start_chains(&self, b: B, owner: u32, steps: std::ops::Range<usize>, s: &mut Chains<B>) {
        let images = self.space.images_of(b);
        let first = Some(s.first[owner as usize]);
        for (&j, &d) in s.jumps[steps.clone()].iter().zip(&s.first_found[steps]) {
            let j = usize::from(j);
            if d == first
                && let Some(next) = self.space.apply(b, j)
            {
                let im = self.space.after(&images, j);
                let to = self.space.jumps[j].to;
                self.extend_chain((next, im, to), owner, &mut s.next);
            }
        }
    }

    /// Follows the chains in `s.next` (positions of `pegs - 1` pegs) one jump at a time, all of
    /// the chunk's together, so that the lookups of a step are made in one sorted batch.
    /// `d[i]` is 1 + `s.first[i]`, the least distance of the `i`-th position's first steps,
    /// until one of its chains ends at `first - 1`, which settles it at `first`.
    ///
    /// Only chains through positions at most `first` from the goal are followed: a position
    /// `q` of a chain is one move from each of the chain's later ends, so those ends are at
    /// least `d(q) - 1` from the goal, and they can only improve on `first` by reaching
    /// `first - 1`, which needs `d(q) <= first`. That is also why the first end found at
    /// `first - 1` settles it.
    fn follow_chains(&self, mut pegs: u32, d: &mut [u8], s: &mut Chains<B>) {
        let holes = self.space.holes;
        while !s.next.is_empty() && pegs > 0 {
            pegs -= 1;
            s.keys.clear();
            s.keys
                .extend(s.next.iter().map(|((_, im, _), _)| self.space.least(im)));
            s.lookup
                .lookup(&s.keys, holes, self.sorted(pegs), &mut s.found);
            s.kept.clear();
            for (&(link, owner), &found) in s.next.iter().zip(&s.found) {
                let (o, first) = (owner as usize, s.first[owner as usize]);
                match found {
                    Some(v) if v < first => d[o] = first,
                    Some(v) if v == first => s.kept.push((link, owner)),
                    _ => {}
                }
            }
            s.next.clear();
            for &(link, owner) in &s.kept {
                let o = owner as usize;
                if d[o] > s.first[o] {
                    self.extend_chain(link, owner, &mut s.next);
                }
            }
        }
    }

    /// Pushes to `next` the positions one more jump along `link`'s chain (of the chunk's
    /// `owner`-th position).
    fn extend_chain(&self, (p, im, h): Link<B>, owner: u32, next: &mut Vec<(Link<B>, u32)>) {
        for &j in self.space.jumps_from(h as usize) {
            let j = j as usize;
            if let Some(q) = self.space.apply(p, j) {
                next.push(((q, self.space.after(&im, j), self.space.jumps[j].to), owner));
            }
        }
    }

    /// Fewest new moves from `b` when the peg on `free` may go on jumping without a new move.
    pub fn cost(&self, b: B, free: u8) -> Option<u8> {
        let mut best = self.distance(b)?;
        if free != NO_PEG {
            for &j in self.space.jumps_from(free as usize) {
                if let Some(next) = self.space.apply(b, j as usize)
                    && let Some(c) = self.cost(next, self.space.jumps[j as usize].to)
                {
                    best = best.min(c);
                }
            }
        }
        Some(best)
    }

    /// One minimal solution from `b` (the peg on `free` may continue its chain): its jumps.
    pub fn one_solution(&self, mut b: B, mut free: u8) -> Option<Vec<usize>> {
        let mut budget = self.cost(b, free)?;
        let mut out = Vec::new();
        while b.count() > self.goal_pegs {
            let mut step = None;
            'search: for pass in 0..2 {
                for j in 0..self.space.jumps.len() {
                    let jump = self.space.jumps[j];
                    let same = jump.from == free;
                    if (pass == 0) != same {
                        continue;
                    }
                    let price = if same { 0 } else { 1 };
                    if price > budget {
                        continue;
                    }
                    if let Some(next) = self.space.apply(b, j)
                        && self
                            .cost(next, jump.to)
                            .is_some_and(|c| c + price <= budget)
                    {
                        step = Some((j, next, price));
                        break 'search;
                    }
                }
            }
            let (j, next, price) = step?;
            out.push(j);
            b = next;
            budget -= price;
            free = self.space.jumps[j].to;
        }
        (self.goal)(b).then_some(out)
    }

    /// Counts (and lists up to `limit`) the jump sequences from `b` that finish within `budget`
    /// new moves. With `budget` the minimum these are exactly the minimal solutions. None when
    /// a stop was requested before the count was done.
    pub fn minimal_sequences(
        &self,
        b: B,
        free: u8,
        budget: u8,
        limit: usize,
    ) -> Option<(u128, Vec<Vec<usize>>)> {
        let mut memo: FxHashMap<(B, u8, u8), u128> = FxHashMap::default();
        let total = self.count(b, free, budget, &mut memo);
        if stop::requested().is_some() {
            return None;
        }
        let mut listed = Vec::new();
        let mut path = Vec::new();
        if limit > 0 {
            self.list(b, free, budget, limit, &mut memo, &mut path, &mut listed);
        }
        Some((total, listed))
    }

    fn feasible(&self, b: B, free: u8, budget: u8) -> bool {
        match self.distance(b) {
            None => false,
            Some(d) if free == NO_PEG => d <= budget,
            Some(d) => d <= budget.saturating_add(1),
        }
    }

    fn count(&self, b: B, free: u8, budget: u8, memo: &mut FxHashMap<(B, u8, u8), u128>) -> u128 {
        // Stopped: every call from here returns at once (the caller drops the count); one
        // relaxed load a call is nothing beside the hashing.
        if stop::requested().is_some() {
            return 0;
        }
        if b.count() == self.goal_pegs {
            return u128::from((self.goal)(b));
        }
        if !self.feasible(b, free, budget) {
            return 0;
        }
        if let Some(&n) = memo.get(&(b, free, budget)) {
            return n;
        }
        let mut n: u128 = 0;
        for j in 0..self.space.jumps.len() {
            let jump = self.space.jumps[j];
            let price = u8::from(jump.from != free);
            if price > budget {
                continue;
            }
            if let Some(next) = self.space.apply(b, j) {
                n = n.saturating_add(self.count(next, jump.to, budget - price, memo));
            }
        }
        memo.insert((b, free, budget), n);
        n
    }

    #[allow(clippy::too_many_arguments)]
    fn list(
        &self,
        b: B,
        free: u8,
        budget: u8,
        limit: usize,
        memo: &mut FxHashMap<(B, u8, u8), u128>,
        path: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if out.len() >= limit {
            return;
        }
        if b.count() == self.goal_pegs {
            if (self.goal)(b) {
                out.push(path.clone());
            }
            return;
        }
        for j in 0..self.space.jumps.len() {
            let jump = self.space.jumps[j];
            let price = u8::from(jump.from != free);
            if price > budget {
                continue;
            }
            if let Some(next) = self.space.apply(b, j)
                && self.count(next, jump.to, budget - price, memo) > 0
            {
                path.push(j);
                self.list(next, jump.to, budget - price, limit, memo, path, out);
                path.pop();
                if out.len() >= limit {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::jump_layers::useful_unpruned;
    use super::super::jump_space::Jump;
    use super::*;
    use crate::engine::Progress;
    use std::collections::HashMap;

    /// Fewest moves from `b` to one peg, by plain recursion over every chain of every peg.
    fn brute(space: &JumpSpace<u64>, b: u64, memo: &mut HashMap<u64, Option<u8>>) -> Option<u8> {
        if b.count_ones() == 1 {
            return Some(0);
        }
        if let Some(&d) = memo.get(&b) {
            return d;
        }
        // Every chain end: positions after one or more jumps of one peg.
        let mut ends = Vec::new();
        let mut chains: Vec<(u64, u8)> = Vec::new();
        space.for_each_jump(b, |j, next| chains.push((next, space.jumps[j].to)));
        while let Some((p, h)) = chains.pop() {
            ends.push(p);
            for &j in space.jumps_from(h as usize) {
                if let Some(q) = space.apply(p, j as usize) {
                    chains.push((q, space.jumps[j as usize].to));
                }
            }
        }
        let d = ends
            .into_iter()
            .filter_map(|e| brute(space, e, memo))
            .min()
            .map(|d| d + 1);
        memo.insert(b, d);
        d
    }

    #[test]
    fn move_distances_are_those_of_plain_recursion_on_the_triangle() {
        let (jumps, group) = Jump::triangle();
        let space: JumpSpace<u64> = JumpSpace::new(15, jumps, &group);
        let mut memo = HashMap::new();
        // The apex empty, and a hole of the third row empty: both keep the mirror.
        for start in [0x7FFE_u64, 0x7FFF & !(1 << 4)] {
            let goals: Vec<u64> = (0..15).map(|h| 1u64 << h).collect();
            let (layers, _) = useful_unpruned(&space, start, &goals);
            let all: Vec<u64> = layers.iter().flat_map(|l| l.keys.clone()).collect();
            assert!(all.len() > 50, "{} useful positions", all.len());
            let md = MoveDistances::new(
                &space,
                layers,
                |b: u64| b.count_ones() == 1,
                &Progress::hidden(),
            )
            .unwrap();
            for k in all {
                assert_eq!(
                    md.distance(k),
                    brute(&space, k, &mut memo),
                    "position {k:#x}"
                );
            }
        }
    }
}
