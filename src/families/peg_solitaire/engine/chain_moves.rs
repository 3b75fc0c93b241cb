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
use super::position_table::PositionTable;
use crate::engine::stop;
use rayon::prelude::*;
use rustc_hash::FxHashMap;

/// No free chain: the next jump starts a new move.
pub const NO_PEG: u8 = u8::MAX;

/// The chain search's buffers, reused from one position to the next.
#[derive(Default)]
struct Chains<B> {
    /// The positions one jump further along some chain.
    next: Vec<Link<B>>,
    /// A group's first steps: the jumps, where each position's end, the canonical keys and
    /// their distances when they are on a solution.
    jumps: Vec<u16>,
    ends: Vec<usize>,
    first_keys: Vec<B>,
    first_found: Vec<Option<u8>>,
    /// The same for the chains followed further.
    keys: Vec<B>,
    found: Vec<Option<u8>>,
    /// Those on a solution: the chains to continue.
    kept: Vec<Link<B>>,
}

/// A position along a chain: the position, its images, the moving peg's hole.
type Link<B> = (B, Images<B>, u8);

pub struct MoveDistances<'a, B: Bitboard> {
    space: &'a JumpSpace<B>,
    /// Moves from each useful position (canonical) to the goal, one table per peg count: the
    /// tables a chain looks into are small, and the peg count of a position picks its table.
    dist: Vec<PositionTable<B>>,
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

/// Positions measured per parallel task: a stop request is seen between tasks.
const CHUNK: usize = 1 << 10;
/// Positions whose first steps are looked up together (their cache misses overlap).
const GROUP: usize = 16;

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
            dist: (0..=top)
                .map(|_| PositionTable::with_capacity(0, space.holes))
                .collect(),
            positions: 0,
            goal_pegs: layers.last().map_or(0, |l| l.pegs),
            goal: Box::new(goal),
        };
        let all: u64 = layers.iter().map(|l| l.len() as u64).sum();
        if let Some(last) = layers.pop() {
            md.fill(&last, vec![0; last.len()]);
        }
        while let Some(layer) = layers.pop() {
            progress.message(|| format!("move distances: {} pegs", layer.pegs));
            let Some(d) = md.measure(&layer.keys) else {
                return Err(Unfinished {
                    measured: md.positions,
                    positions: all,
                    pegs: layer.pegs,
                });
            };
            md.fill(&layer, d);
        }
        Ok(md)
    }

    /// The distances of `keys` (all one layer, the layers below done); None when a stop was
    /// requested before they all were found.
    fn measure(&self, keys: &[B]) -> Option<Vec<u8>> {
        let parts: Vec<Vec<u8>> = keys
            .par_chunks(CHUNK)
            .map(|chunk| {
                if stop::requested().is_some() {
                    return None;
                }
                let mut scratch = Chains::default();
                let mut out = Vec::with_capacity(chunk.len());
                for group in chunk.chunks(GROUP) {
                    self.measure_group(group, &mut scratch, &mut out);
                }
                Some(out)
            })
            .collect::<Option<_>>()?;
        Some(parts.concat())
    }

    /// Keeps the distances `d` of `layer`'s positions.
    fn fill(&mut self, layer: &Layer<B>, d: Vec<u8>) {
        let mut t = PositionTable::with_capacity(layer.len(), self.space.holes);
        for (&k, d) in layer.keys.iter().zip(d) {
            t.insert(k, d);
        }
        if let Some(slot) = self.dist.get_mut(layer.pegs as usize) {
            *slot = t;
        }
        self.positions += layer.len() as u64;
    }

    /// Number of useful positions (symmetry classes).
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// Moves from `b` to the goal, None when `b` is on no solution.
    #[inline]
    pub fn distance(&self, b: B) -> Option<u8> {
        self.dist
            .get(b.count() as usize)?
            .get(self.space.canonical(b))
    }

    /// The distances of `group` (positions of one layer) pushed to `out`: the first steps of
    /// all of them are looked up at once, then each position's chains are followed.
    fn measure_group(&self, group: &[B], s: &mut Chains<B>, out: &mut Vec<u8>) {
        let pegs = group.first().map_or(0, |b| b.count());
        let Some(table) = pegs.checked_sub(1).and_then(|p| self.dist.get(p as usize)) else {
            out.extend(group.iter().map(|_| u8::MAX));
            return;
        };
        s.jumps.clear();
        s.first_keys.clear();
        s.ends.clear();
        for &b in group {
            let images = self.space.images_of(b);
            self.space.for_each_jump(b, |j, _| {
                s.jumps.push(j as u16);
                s.first_keys
                    .push(self.space.least(&self.space.after(&images, j)));
            });
            s.ends.push(s.first_keys.len());
        }
        s.first_found.clear();
        s.first_found.resize(s.first_keys.len(), None);
        table.get_batch(&s.first_keys, &mut s.first_found);
        let mut from = 0;
        for (i, &b) in group.iter().enumerate() {
            let to = s.ends[i];
            out.push(self.distance_by_search(b, from..to, s));
            from = to;
        }
    }

    /// 1 + the least distance over every chain end of every peg of `b`, whose first steps
    /// are `s.jumps[steps]` with distances `s.first_found[steps]`. The chains are followed
    /// breadth first, one jump at a time for all of them, so that the lookups of a step (all
    /// in one layer's table) are made together and their cache misses overlap.
    ///
    /// Only chains through positions at most `m` from the goal are followed, `m` the least
    /// distance one jump on: a position `q` of a chain is one move from each of the chain's
    /// later ends, so those ends are at least `d(q) - 1` from the goal, and they can only
    /// improve on `m` by reaching `m - 1`, which needs `d(q) <= m`. That is also why the
    /// first end found at `m - 1` settles it.
    fn distance_by_search(&self, b: B, steps: std::ops::Range<usize>, s: &mut Chains<B>) -> u8 {
        let found = &s.first_found[steps.clone()];
        let Some(first) = found.iter().flatten().copied().min() else {
            return u8::MAX;
        };
        if first == 0 {
            return 1;
        }
        // The chains through the first step's nearest positions go on (see above).
        let images = self.space.images_of(b);
        s.next.clear();
        for (&j, d) in s.jumps[steps].iter().zip(found) {
            let j = usize::from(j);
            if *d == Some(first)
                && let Some(next) = self.space.apply(b, j)
            {
                let im = self.space.after(&images, j);
                self.extend_chain(next, &im, self.space.jumps[j].to, &mut s.next);
            }
        }
        let mut pegs = b.count() - 1;
        while !s.next.is_empty() && pegs > 0 {
            pegs -= 1;
            let Some(table) = self.dist.get(pegs as usize) else {
                break;
            };
            s.keys.clear();
            s.keys
                .extend(s.next.iter().map(|(_, im, _)| self.space.least(im)));
            s.found.clear();
            s.found.resize(s.keys.len(), None);
            table.get_batch(&s.keys, &mut s.found);
            if s.found.iter().flatten().any(|&d| d < first) {
                return first;
            }
            s.kept.clear();
            for (&n, d) in s.next.iter().zip(&s.found) {
                if *d == Some(first) {
                    s.kept.push(n);
                }
            }
            s.next.clear();
            for &(p, im, h) in &s.kept {
                self.extend_chain(p, &im, h, &mut s.next);
            }
        }
        first.saturating_add(1)
    }

    /// Pushes to `next` the positions one more jump along the chain of the peg on `h` in `p`.
    fn extend_chain(&self, p: B, im: &Images<B>, h: u8, next: &mut Vec<Link<B>>) {
        for &j in self.space.jumps_from(h as usize) {
            let j = j as usize;
            if let Some(q) = self.space.apply(p, j) {
                next.push((q, self.space.after(im, j), self.space.jumps[j].to));
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
