//! The move metric of peg solitaire: a move is a chain of consecutive jumps by one peg. Over the
//! useful positions (those on some solution, with the jumps between them, from
//! [`super::useful_graph`]) this computes, for every position, the exact number of moves still
//! needed; the minimum of a problem is then read off the start, and no solution with fewer
//! moves can exist because every solution runs through useful positions only.
//!
//! Distances are filled in by peg count from the goal upwards: a chain only removes pegs, so
//! every chain end lies in a layer already done. Each layer is done in parallel.

use super::bitboard::Bitboard;
use super::jump_layers::LAYER_GROWTH;
use super::jump_space::{Images, JumpSpace};
use super::layer_membership::{KeyFilter, KeyRanges};
use super::useful_graph::{LayerSink, UsefulLayer};
use crate::engine::{Progress, room, stop};
use rayon::prelude::*;
use rustc_hash::FxHashMap;

/// No free chain: the next jump starts a new move.
pub const NO_PEG: u8 = u8::MAX;

pub struct MoveDistances<'a, B: Bitboard> {
    space: &'a JumpSpace<B>,
    /// Moves from each useful position (canonical) to the goal, one layer per peg count.
    sorted: Vec<Measured<B>>,
    /// Useful positions in all, and how many of them are measured.
    positions: u64,
    measured: u64,
    /// The goal's peg count, once its layer came.
    goal_pegs: Option<u32>,
    /// The peg count of the layer whose measure was stopped.
    stopped: Option<u32>,
    goal: Box<dyn Fn(B) -> bool + Sync + 'a>,
    progress: &'a Progress,
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

/// Positions measured per parallel task (a stop request is seen between tasks).
const CHUNK: usize = 1 << 12;

/// A measured layer: its keys, sorted, the distance of each, a filter over the keys (most
/// keys a chain reaches are on no solution, and the filter rules them out with one read
/// instead of a search) and where the keys of each value of their top bits start (a key that
/// passes is searched for among a few keys, not the layer).
#[derive(Clone, Default)]
struct Measured<B> {
    keys: Vec<B>,
    distance: Vec<u8>,
    filter: KeyFilter,
    ranges: KeyRanges,
}

/// Keys per range of [`Measured`]'s top bits, on average: a search of two or three steps.
const KEYS_PER_RANGE: usize = 4;

impl<B: Bitboard> Measured<B> {
    /// The distance of `key`, None when the layer does not hold it.
    #[inline]
    fn get(&self, key: B) -> Option<u8> {
        if !self.filter.may_hold(key) {
            return None;
        }
        let at = self.ranges.position(&self.keys, key)?;
        self.distance.get(at as usize).copied()
    }
}

/// A position along a chain: the board (in the frame of the chain's first position), its
/// images, the moving peg's hole.
type Link<B> = (B, Images<B>, u8);

/// The distances are measured as the useful layers are traced, goal's first: each layer's
/// edges are read once, while it is measured, and need not be kept.
impl<B: Bitboard> LayerSink<B> for MoveDistances<'_, B> {
    fn expect(&mut self, positions: u64) {
        self.positions = positions;
    }

    fn take(&mut self, layer: &UsefulLayer<B>) -> Option<()> {
        let d = match self.goal_pegs {
            None => {
                self.goal_pegs = Some(layer.pegs);
                vec![0; layer.len()]
            }
            Some(_) => {
                let pegs = layer.pegs;
                self.progress
                    .message(|| format!("move distances: {pegs} pegs"));
                let Some(d) = self.measure(layer) else {
                    self.stopped = Some(pegs);
                    return None;
                };
                d
            }
        };
        // The keys stay for the lookups; the graph's copy goes with its layer.
        let Some(mut keys) = room::reserved(layer.len(), LAYER_GROWTH) else {
            self.stopped = Some(layer.pegs);
            return None;
        };
        keys.extend_from_slice(&layer.keys);
        let at = layer.pegs as usize;
        if self.sorted.len() <= at {
            self.sorted.resize(at + 1, Measured::default());
        }
        let filter = KeyFilter::new(&keys);
        let top = (keys.len() / KEYS_PER_RANGE).max(1).ilog2() as usize;
        let Some(ranges) = KeyRanges::new(&keys, self.space.holes, top) else {
            self.stopped = Some(layer.pegs);
            return None;
        };
        self.sorted[at] = Measured {
            keys,
            distance: d,
            filter,
            ranges,
        };
        self.measured += layer.len() as u64;
        Some(())
    }
}

impl<'a, B: Bitboard> MoveDistances<'a, B> {
    /// No layer measured yet: hand this to [`super::useful_graph::useful_graph`]. Polls the
    /// stop request between chunks of a layer: stopped, [`Self::unfinished`] says how far it
    /// got.
    pub fn new(
        space: &'a JumpSpace<B>,
        goal: impl Fn(B) -> bool + Sync + 'a,
        progress: &'a Progress,
    ) -> MoveDistances<'a, B> {
        MoveDistances {
            space,
            sorted: Vec::new(),
            positions: 0,
            measured: 0,
            goal_pegs: None,
            stopped: None,
            goal: Box::new(goal),
            progress,
        }
    }

    /// How far a measure stopped part-way got; None when it was not stopped.
    pub fn unfinished(&self) -> Option<Unfinished> {
        self.stopped.map(|pegs| Unfinished {
            measured: self.measured,
            positions: self.positions,
            pegs,
        })
    }

    /// The distance of `key` (canonical, of `pegs` pegs), None when it is on no solution.
    #[inline]
    fn lookup(&self, pegs: u32, key: B) -> Option<u8> {
        self.sorted.get(pegs as usize)?.get(key)
    }

    /// Number of useful positions (symmetry classes).
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// Moves from `b` to the goal, None when `b` is on no solution.
    #[inline]
    pub fn distance(&self, b: B) -> Option<u8> {
        self.lookup(b.count(), self.space.canonical(b))
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
        while b.count() > self.goal_pegs() {
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
        if b.count() == self.goal_pegs() {
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
        if b.count() == self.goal_pegs() {
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

impl<B: Bitboard> MoveDistances<'_, B> {
    /// The goal's peg count (none before the goal's layer came: no position has a distance).
    fn goal_pegs(&self) -> u32 {
        self.goal_pegs.unwrap_or(u32::MAX)
    }

    /// The distances of `layer`'s positions, the layers below measured; None when a stop was
    /// requested first.
    fn measure(&self, layer: &UsefulLayer<B>) -> Option<Vec<u8>> {
        let starts: Vec<usize> = (0..layer.len()).step_by(CHUNK).collect();
        let parts: Vec<Vec<u8>> = starts
            .par_iter()
            .map(|&from| {
                if stop::requested().is_some() {
                    return None;
                }
                let mut chains = Vec::new();
                let to = (from + CHUNK).min(layer.len());
                Some(
                    (from..to)
                        .map(|p| self.distance_of(layer, p, &mut chains))
                        .collect(),
                )
            })
            .collect::<Option<_>>()?;
        Some(parts.concat())
    }

    /// The distance of position `p` of `layer`: one more than the least distance its jumps
    /// reach, or that least distance itself when a chain of the same peg, continued past one
    /// of those jumps, reaches one less. `chains` is scratch room.
    ///
    /// Only chains through positions at the least distance are followed: a position `q` of a
    /// chain is one move from each of the chain's later ends, so those ends are at least
    /// `d(q) - 1` from the goal, and they can only improve on `first` by reaching `first - 1`,
    /// which needs `d(q) <= first`. That is also why the first end found at `first - 1`
    /// settles it.
    fn distance_of(&self, layer: &UsefulLayer<B>, p: usize, chains: &mut Vec<Link<B>>) -> u8 {
        let Some(below) = self.sorted.get(layer.pegs.saturating_sub(1) as usize) else {
            return u8::MAX;
        };
        let below = &below.distance;
        let first = layer
            .edges(p)
            .map(|e| below[layer.child[e] as usize])
            .min()
            .unwrap_or(u8::MAX);
        if first == 0 || first == u8::MAX {
            return first.saturating_add(1);
        }
        let space = self.space;
        let b = layer.keys[p];
        let images = space.images_of(b);
        chains.clear();
        for e in layer.edges(p) {
            if below[layer.child[e] as usize] == first {
                let j = usize::from(layer.jump[e]);
                if let Some(next) = space.apply(b, j) {
                    chains.push((next, space.after(&images, j), space.jumps[j].to));
                }
            }
        }
        while let Some((q, im, hole)) = chains.pop() {
            let pegs = q.count().saturating_sub(1);
            for &j in space.jumps_from(hole as usize) {
                let j = usize::from(j);
                let Some(r) = space.apply(q, j) else { continue };
                let im = space.after(&im, j);
                match self.lookup(pegs, space.least(&im)) {
                    Some(v) if v < first => return first,
                    Some(v) if v == first => chains.push((r, im, space.jumps[j].to)),
                    _ => {}
                }
            }
        }
        first + 1
    }
}

#[cfg(test)]
mod tests {
    use super::super::jump_space::Jump;
    use super::super::useful_graph::{collect_unpruned, useful_unpruned};
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
            let (layers, _) = collect_unpruned(&space, start, &goals);
            let all: Vec<u64> = layers.iter().flat_map(|l| l.keys.clone()).collect();
            assert!(all.len() > 50, "{} useful positions", all.len());
            let progress = Progress::hidden();
            let mut md = MoveDistances::new(&space, |b: u64| b.count_ones() == 1, &progress);
            useful_unpruned(&space, start, &goals, &mut md);
            assert_eq!(md.unfinished(), None);
            assert_eq!(md.positions(), all.len() as u64);
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
