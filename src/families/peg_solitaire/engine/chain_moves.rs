//! The move metric of peg solitaire: a move is a chain of consecutive jumps by one peg. Over the
//! useful positions (those on some solution, with the jumps between them, from
//! [`super::useful_graph`]) this computes, for every position, the exact number of moves still
//! needed; the minimum of a problem is then read off the start, and no solution with fewer
//! moves can exist because every solution runs through useful positions only.
//!
//! Distances are filled in by peg count from the goal upwards, each layer from its edges into
//! the one below. Besides its distance `d`, a position keeps the holes whose peg can make the
//! first jump of some shortest finish (its *openers*): a jump onto `q` then costs `d(q)` more
//! moves when it lands on an opener of `q` (the chain goes on) and `d(q) + 1` when not (any
//! finish from `q` that starts with the landed peg has at least `d(q) + 1` moves, one of them
//! absorbed). So no chain is ever followed. Each layer is done in parallel.
//!
//! On a central game (the start the goal's complement) the upper half need not be built: read
//! on complements a jump is the same jump played backwards, so the moves from the start to a
//! position are the moves from its complement to the goal counted the other way round (a chain
//! goes on when a jump lands where the last one left). The lower half is measured both ways and
//! the two meet where solutions cross the middle (see [`super::chain_seam`]).

use super::bitboard::Bitboard;
use super::chain_cell::{Cell, NO_PEG, Way};
use super::chain_seam::{Crossing, MeasuredMiddle, cross, cross_over};
use super::jump_space::JumpSpace;
use super::layer::LAYER_GROWTH;
use super::useful_layer::{LayerSink, UsefulLayer};
use crate::engine::{Progress, room, stop};
use rayon::prelude::*;
use rustc_hash::FxHashMap;

pub struct MoveDistances<'a, B: Bitboard> {
    space: &'a JumpSpace<B>,
    /// Moves from each useful position (canonical) to the goal, one layer per peg count.
    sorted: Vec<Measured<B>>,
    /// The last layer measured, its peg count and its cells: the next layer reads them (the
    /// solutions traced afterwards work out the few openers they need).
    below: (u32, Vec<Cell<B>>),
    /// Whether a central game may be measured by halves, and once the graph said it is one,
    /// its middle's peg count and the sum of a layer's and its mirror's.
    halves: bool,
    central: Option<(u32, u32)>,
    /// Where the halves met: the minimum and a middle position shortest solutions cross.
    crossing: Option<Crossing<B>>,
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

/// A measured layer: its keys, sorted, and the distance of each (from the start as well, on
/// the lower half of a central game measured by halves; else empty).
#[derive(Clone, Default)]
struct Measured<B> {
    keys: Vec<B>,
    distance: Vec<u8>,
    from_start: Vec<u8>,
}

impl<B: Bitboard> Measured<B> {
    /// The distance of `key` that runs `way`, None when the layer does not hold it.
    fn get(&self, key: B, way: Way) -> Option<u8> {
        let at = self.keys.binary_search(&key).ok()?;
        match way {
            Way::ToGoal => &self.distance,
            Way::FromStart => &self.from_start,
        }
        .get(at)
        .copied()
    }
}

/// The distances are measured as the useful layers are traced, goal's first: each layer's
/// edges are read once, while it is measured, and need not be kept.
impl<B: Bitboard> LayerSink<B> for MoveDistances<'_, B> {
    fn expect(&mut self, positions: u64) {
        self.positions = positions;
    }

    fn central(&mut self, middle: u32, total: u32) -> bool {
        if self.halves {
            self.central = Some((middle, total));
        }
        self.halves
    }

    fn take(&mut self, layer: &UsefulLayer<B>) -> Option<()> {
        let both = self.central.is_some_and(|(middle, _)| layer.pegs <= middle);
        let cells = match self.goal_pegs {
            None => {
                self.goal_pegs = Some(layer.pegs);
                vec![Cell::GOAL; layer.len()]
            }
            Some(_) => {
                let pegs = layer.pegs;
                self.progress
                    .message(|| format!("move distances: {pegs} pegs"));
                let Some(cells) = self.measure(layer, both) else {
                    self.stopped = Some(pegs);
                    return None;
                };
                cells
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
        let from_start = if both {
            cells.iter().map(Cell::moves_from_start).collect()
        } else {
            Vec::new()
        };
        self.sorted[at] = Measured {
            keys,
            distance: cells.iter().map(Cell::moves_to_goal).collect(),
            from_start,
        };
        if let Some((middle, total)) = self.central
            && layer.pegs == middle
        {
            let measured = MeasuredMiddle {
                keys: &self.sorted[at].keys,
                cells: &cells,
            };
            self.crossing = if total == 2 * middle {
                cross(self.space, &measured)
            } else {
                cross_over(self.space, &measured, middle)
            };
            // Reading the crossing off is the measure's last part.
            if self.crossing.is_none() && stop::requested().is_some() {
                self.stopped = Some(layer.pegs);
                return None;
            }
        }
        self.below = (layer.pegs, cells);
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
            below: (0, Vec::new()),
            halves: false,
            central: None,
            crossing: None,
            positions: 0,
            measured: 0,
            goal_pegs: None,
            stopped: None,
            goal: Box::new(goal),
            progress,
        }
    }

    /// A central game may be measured by halves: then only [`Self::minimum`] and
    /// [`Self::one_solution`] from the game's start (no peg free) are answered.
    pub fn by_halves(mut self) -> Self {
        self.halves = true;
        self
    }

    /// How far a measure stopped part-way got; None when it was not stopped.
    pub fn unfinished(&self) -> Option<Unfinished> {
        self.stopped.map(|pegs| Unfinished {
            measured: self.measured,
            positions: self.positions,
            pegs,
        })
    }

    /// Whether the minimum was found where the halves of a central game meet (the distances
    /// to the goal measured up to the middle, those from the start above it).
    pub fn crossed_by_halves(&self) -> bool {
        self.crossing.is_some()
    }

    /// Number of useful positions (symmetry classes).
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// Fewest moves from `start`, the game's start (the peg on `free` may go on jumping).
    pub fn minimum(&self, start: B, free: u8) -> Option<u8> {
        match &self.crossing {
            Some(c) => Some(c.moves()),
            None => self.cost(start, free),
        }
    }

    /// Moves from `b` to the goal, None when `b` is on no solution.
    #[cfg(test)]
    pub fn distance(&self, b: B) -> Option<u8> {
        self.cost(b, NO_PEG)
    }

    /// Fewest new moves from `b` when the peg on `free` may go on jumping without a new move:
    /// one fewer than its distance when that peg opens one of its shortest finishes.
    pub fn cost(&self, b: B, free: u8) -> Option<u8> {
        self.cost_way(b, free, Way::ToGoal)
    }

    fn cost_way(&self, b: B, free: u8, way: Way) -> Option<u8> {
        let d = self.distance_way(b, way)?;
        Some(d - u8::from(free != NO_PEG && self.opens(b, (d, free), way)))
    }

    fn distance_way(&self, b: B, way: Way) -> Option<u8> {
        let key = self.space.canonical(b);
        self.sorted.get(b.count() as usize)?.get(key, way)
    }

    /// Whether the peg on `hole` of `b` (`d` moves away) can make the first jump of a shortest
    /// way: a jump of it reaches a position one move nearer, or one as near whose shortest
    /// ways the same peg can open. The chains followed are as long as a peg's.
    fn opens(&self, b: B, (d, hole): (u8, u8), way: Way) -> bool {
        let jumps = self.space.jumps.iter().enumerate();
        jumps
            .filter(|(_, jump)| way.holes(**jump).0 == hole)
            .any(|(j, &jump)| {
                let Some(next) = self.space.apply(b, j) else {
                    return false;
                };
                match self.distance_way(next, way) {
                    Some(n) if n == d => self.opens(next, (n, way.holes(jump).1), way),
                    Some(n) => d.checked_sub(1) == Some(n),
                    None => false,
                }
            })
    }

    /// One minimal solution from `start` (the peg on `free` may continue its chain): its
    /// jumps.
    pub fn one_solution(&self, start: B, free: u8) -> Option<Vec<usize>> {
        if let Some(c) = &self.crossing {
            return self.through(c, start);
        }
        let (jumps, end) = self.walk(start, free, Way::ToGoal)?;
        (self.goal)(end).then_some(jumps)
    }

    /// A shortest solution from `start` crossing the middle as `c` says: the start's half
    /// found backwards on complements, from the complement of the position where it crosses
    /// down to the goal's class, and turned round (by the symmetry that takes its end onto the
    /// start's complement); then the jump across, if any; then the goal's half.
    fn through(&self, c: &Crossing<B>, start: B) -> Option<Vec<usize>> {
        let space = self.space;
        // In one frame: the complement of where the start's half ends and the hole its last
        // jump may land on for a chain, the jump across, where the goal's half begins and the
        // hole its first jump may leave for a chain.
        let (reached, lands, across, onward, leaves) = match *c {
            Crossing::Through { middle, hole, .. } => {
                (middle, hole, None, space.board & !middle, hole)
            }
            Crossing::Over { onto, jump, .. } => {
                let undone = space.apply(space.board & !onto, jump)?;
                let j = space.jumps[jump];
                (undone, j.from, Some(jump), onto, j.to)
            }
        };
        let (back, end) = self.walk(reached, lands, Way::FromStart)?;
        let flipped = space.board & !start;
        let g = (0..space.group_size()).find(|&g| space.image(end, g) == flipped)?;
        let mut out: Vec<usize> = back.iter().rev().map(|&j| space.jump_image(g, j)).collect();
        out.extend(across.map(|j| space.jump_image(g, j)));
        let free = match leaves {
            NO_PEG => NO_PEG,
            hole => space.image(B::bit(usize::from(hole)), g).lowest() as u8,
        };
        let (rest, end) = self.walk(space.image(onward, g), free, Way::ToGoal)?;
        out.extend(rest);
        (self.goal)(end).then_some(out)
    }

    /// Jumps from `b` down to the goal's peg count, fewest moves counted `way` (the peg on
    /// `free` may go on), and the position reached.
    fn walk(&self, mut b: B, mut free: u8, way: Way) -> Option<(Vec<usize>, B)> {
        let mut budget = self.cost_way(b, free, way)?;
        let mut out = Vec::new();
        while b.count() > self.goal_pegs() {
            let mut step = None;
            'search: for pass in 0..2 {
                for (j, &jump) in self.space.jumps.iter().enumerate() {
                    let (joins, leaves) = way.holes(jump);
                    let same = joins == free;
                    if (pass == 0) != same {
                        continue;
                    }
                    let price = u8::from(!same);
                    if price > budget {
                        continue;
                    }
                    if let Some(next) = self.space.apply(b, j)
                        && self
                            .cost_way(next, leaves, way)
                            .is_some_and(|c| c + price <= budget)
                    {
                        step = Some((j, next, price, leaves));
                        break 'search;
                    }
                }
            }
            let (j, next, price, leaves) = step?;
            out.push(j);
            (b, free) = (next, leaves);
            budget -= price;
        }
        Some((out, b))
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
        self.cost(b, free).is_some_and(|c| c <= budget)
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

    /// The cells of `layer`'s positions (measured from the start too with `both`), the layer
    /// below measured; None when a stop was requested first.
    fn measure(&self, layer: &UsefulLayer<B>, both: bool) -> Option<Vec<Cell<B>>> {
        let (pegs, below) = &self.below;
        if layer.pegs.checked_sub(1) != Some(*pegs) {
            // Nothing below: no position here reaches the goal.
            return Some(vec![Cell::UNREACHED; layer.len()]);
        }
        let ways = 1 + usize::from(both);
        let starts: Vec<usize> = (0..layer.len()).step_by(CHUNK).collect();
        let parts: Vec<Vec<Cell<B>>> = starts
            .par_iter()
            .map(|&from| {
                if stop::requested().is_some() {
                    return None;
                }
                let to = (from + CHUNK).min(layer.len());
                Some(
                    (from..to)
                        .map(|p| self.measure_one(layer, p, below, ways))
                        .collect(),
                )
            })
            .collect::<Option<_>>()?;
        Some(parts.concat())
    }

    /// The cell of position `p` of `layer`, its distances and openers counted each of the first
    /// `ways` ways ([`Way::ToGoal`], then [`Way::FromStart`]): the least over its jumps of the
    /// distance reached, plus one unless the chain goes on there (the jump read in the reached
    /// position's frame meets one of its openers); its openers are the holes the chains
    /// reaching that least start from. Where the layer's edges may hold one jump of two that a
    /// symmetry of the position swaps (not [`UsefulLayer::complete`]), the openers are closed
    /// under those symmetries.
    fn measure_one(
        &self,
        layer: &UsefulLayer<B>,
        p: usize,
        cells: &[Cell<B>],
        ways: usize,
    ) -> Cell<B> {
        let jumps = &self.space.jumps;
        let (mut best, mut openers) = ([u8::MAX; 2], [B::ZERO; 2]);
        for e in layer.edges(p) {
            let cell = &cells[layer.child[e] as usize];
            // The jump in the reached position's frame (where the chain must go on from),
            // and in this one's.
            let seen = jumps[usize::from(layer.reverse[e])];
            let jump = jumps[usize::from(layer.jump[e])];
            for (w, way) in [Way::ToGoal, Way::FromStart]
                .into_iter()
                .enumerate()
                .take(ways)
            {
                let then = B::bit(usize::from(way.holes(seen).1));
                let chained = cell.openers[w] & then != B::ZERO;
                let d = cell.distance[w].saturating_add(u8::from(!chained));
                let from = B::bit(usize::from(way.holes(jump).0));
                // No branch: which of the three comes about is at random.
                let kept = if d < best[w] { B::ZERO } else { openers[w] };
                let added = if d <= best[w] { from } else { B::ZERO };
                openers[w] = kept | added;
                best[w] = best[w].min(d);
            }
        }
        if !layer.complete {
            for o in &mut openers[..ways] {
                *o = self.space.closed_under_symmetries(layer.keys[p], *o);
            }
        }
        Cell {
            openers,
            distance: best,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::jump::Jump;
    use super::super::useful_graph::{collect_unpruned, useful_unpruned};
    use super::*;
    use crate::engine::Progress;
    use std::collections::HashMap;

    /// The chain ends from `b`: the positions after one or more jumps of one peg, the first
    /// jump from `first` (from any hole when None).
    fn chain_ends(space: &JumpSpace<u64>, b: u64, first: Option<u8>) -> Vec<u64> {
        let mut ends = Vec::new();
        let mut chains: Vec<(u64, u8)> = Vec::new();
        space.for_each_jump(b, |j, next| {
            if first.is_none_or(|h| space.jumps[j].from == h) {
                chains.push((next, space.jumps[j].to));
            }
        });
        while let Some((p, h)) = chains.pop() {
            ends.push(p);
            for (j, jump) in space.jumps.iter().enumerate() {
                if jump.from == h
                    && let Some(q) = space.apply(p, j)
                {
                    chains.push((q, jump.to));
                }
            }
        }
        ends
    }

    /// Fewest moves from `b` to a position `goal` accepts, by plain recursion over every chain
    /// of every peg.
    fn brute(
        space: &JumpSpace<u64>,
        b: u64,
        goal: &dyn Fn(u64) -> bool,
        memo: &mut HashMap<u64, Option<u8>>,
    ) -> Option<u8> {
        if goal(b) {
            return Some(0);
        }
        if let Some(&d) = memo.get(&b) {
            return d;
        }
        let d = chain_ends(space, b, None)
            .into_iter()
            .filter_map(|e| brute(space, e, goal, memo))
            .min()
            .map(|d| d + 1);
        memo.insert(b, d);
        d
    }

    /// Fewest new moves from `b` when the peg on `free` may go on jumping: the ends of its
    /// chains cost no new move.
    fn brute_cost(
        space: &JumpSpace<u64>,
        (b, free): (u64, u8),
        goal: &dyn Fn(u64) -> bool,
        memo: &mut HashMap<u64, Option<u8>>,
    ) -> Option<u8> {
        let chained = chain_ends(space, b, Some(free))
            .into_iter()
            .filter_map(|e| brute(space, e, goal, memo))
            .min();
        [brute(space, b, goal, memo), chained]
            .into_iter()
            .flatten()
            .min()
    }

    /// Every useful position of a game, in each of its images: the distance and the cost with
    /// each peg free are those of plain recursion.
    fn assert_measured(space: &JumpSpace<u64>, start: u64, goals: &[u64]) -> usize {
        let (layers, _) = collect_unpruned(space, start, goals);
        let all: Vec<u64> = layers.iter().flat_map(|l| l.keys.clone()).collect();
        let classes: Vec<u64> = goals.iter().map(|&g| space.canonical(g)).collect();
        let goal = |b: u64| classes.contains(&space.canonical(b));
        let progress = Progress::hidden();
        let mut md = MoveDistances::new(space, goal, &progress);
        useful_unpruned(space, start, goals, &mut md);
        assert_eq!(md.unfinished(), None);
        assert_eq!(md.positions(), all.len() as u64);
        let mut memo = HashMap::new();
        for &k in &all {
            for g in 0..space.group_size() {
                let b = space.image(k, g);
                assert_eq!(md.distance(b), brute(space, b, &goal, &mut memo), "{b:#x}");
                for free in (0..space.holes as u8).filter(|&h| b >> h & 1 == 1) {
                    let cost = brute_cost(space, (b, free), &goal, &mut memo);
                    assert_eq!(md.cost(b, free), cost, "{b:#x}, peg {free} free");
                }
            }
        }
        all.len()
    }

    #[test]
    fn move_distances_are_those_of_plain_recursion_on_the_triangle() {
        let (jumps, group) = Jump::triangle();
        let space: JumpSpace<u64> = JumpSpace::new(15, jumps, &group);
        // The apex empty, and a hole of the third row empty: both keep the mirror.
        for start in [0x7FFE_u64, 0x7FFF & !(1 << 4)] {
            let goals: Vec<u64> = (0..15).map(|h| 1u64 << h).collect();
            let useful = assert_measured(&space, start, &goals);
            assert!(useful > 50, "{useful} useful positions");
        }
    }

    /// The 4 x 4 square, jumps along rows and columns, and its eight symmetries.
    fn square() -> (Vec<Jump>, Vec<Vec<u8>>) {
        let at = |x: i32, y: i32| (4 * y + x) as u8;
        let inside = |x: i32, y: i32| (0..4).contains(&x) && (0..4).contains(&y);
        let mut jumps = Vec::new();
        for (x, y) in (0..4).flat_map(|y| (0..4).map(move |x| (x, y))) {
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if inside(x + 2 * dx, y + 2 * dy) {
                    let (over, to) = (at(x + dx, y + dy), at(x + 2 * dx, y + 2 * dy));
                    jumps.push(Jump {
                        from: at(x, y),
                        over,
                        to,
                    });
                }
            }
        }
        type Map = fn(i32, i32) -> (i32, i32);
        let maps: [Map; 8] = [
            |x, y| (x, y),
            |x, y| (3 - x, y),
            |x, y| (x, 3 - y),
            |x, y| (3 - x, 3 - y),
            |x, y| (y, x),
            |x, y| (3 - y, x),
            |x, y| (y, 3 - x),
            |x, y| (3 - y, 3 - x),
        ];
        let group = maps
            .iter()
            .map(|m| {
                (0..16)
                    .map(|h| {
                        let (x, y) = m(h % 4, h / 4);
                        at(x, y)
                    })
                    .collect()
            })
            .collect();
        (jumps, group)
    }

    #[test]
    fn move_distances_and_costs_are_those_of_plain_recursion_on_a_square_with_its_symmetries() {
        let (jumps, group) = square();
        let space: JumpSpace<u64> = JumpSpace::new(16, jumps, &group);
        assert_eq!(space.group_size(), 8);
        let singles: Vec<u64> = (0..16).map(|h| 1u64 << h).collect();
        // A vacancy of each kind: the game back to it (central: the upper half mirrored) and
        // to any single peg (grown from both ends). Only the vacancy next to a corner has
        // solutions (603 positions on them, both ways).
        let mut useful = Vec::new();
        for hole in [0, 1, 5] {
            let start = 0xFFFF & !(1u64 << hole);
            useful.push(assert_measured(&space, start, &[1 << hole]));
            useful.push(assert_measured(&space, start, &singles));
        }
        assert!(
            useful.iter().filter(|&&n| n > 100).count() >= 2,
            "{useful:?}"
        );
    }

    /// The moves of a jump sequence from `b`, each jump checked legal, and where it ends.
    fn played(space: &JumpSpace<u64>, mut b: u64, jumps: &[usize]) -> (u8, u64) {
        let mut moves = 0;
        let mut free = NO_PEG;
        for &j in jumps {
            b = space.apply(b, j).expect("a legal jump");
            moves += u8::from(space.jumps[j].from != free);
            free = space.jumps[j].to;
        }
        (moves, b)
    }

    #[test]
    fn central_games_measured_by_halves_give_the_minimum_and_a_shortest_solution() {
        let (jumps, group) = Jump::triangle();
        let triangle: JumpSpace<u64> = JumpSpace::new(15, jumps, &group);
        let (jumps, group) = square();
        let square: JumpSpace<u64> = JumpSpace::new(16, jumps, &group);
        // Odd games (the layer above the middle is its complements) and even ones (the middle
        // is its own complements), from each vacancy back to it.
        let games = (0..15)
            .map(|h| (&triangle, 0x7FFF & !(1u64 << h), 1u64 << h))
            .chain((0..16).map(|h| (&square, 0xFFFF & !(1u64 << h), 1u64 << h)));
        let mut solved = 0;
        for (space, start, goal) in games {
            let class = space.canonical(goal);
            let is_goal = |b: u64| space.canonical(b) == class;
            let progress = Progress::hidden();
            let mut whole = MoveDistances::new(space, is_goal, &progress);
            useful_unpruned(space, start, &[goal], &mut whole);
            let mut halves = MoveDistances::new(space, is_goal, &progress).by_halves();
            useful_unpruned(space, start, &[goal], &mut halves);
            let fewest = brute(space, start, &is_goal, &mut HashMap::new());
            if fewest.is_none() {
                continue;
            }
            solved += 1;
            assert!(halves.crossing.is_some(), "measured by halves");
            assert_eq!(whole.minimum(start, NO_PEG), fewest);
            assert_eq!(halves.minimum(start, NO_PEG), fewest);
            for md in [&whole, &halves] {
                let solution = md.one_solution(start, NO_PEG).expect("a solution");
                let (moves, end) = played(space, start, &solution);
                assert_eq!(Some(moves), fewest);
                assert!(is_goal(end), "ends at {end:#x}");
            }
        }
        assert!(solved >= 6, "{solved} games solved");
    }
}
