//! The positions on some solution and the jumps between them, one layer per peg count, built
//! from the meeting of the two searches: from the meeting layer down through the goal's side
//! (a successor of a useful position is useful when the search from the goal holds it) and up
//! through the start's side (a predecessor is useful when the search from the start holds it,
//! or, for a central game whose start's side was left implicit, when its complement is
//! useful; such a game's upper half is the lower half's mirror, see [`super::useful_mirror`],
//! built only for a sink that asks for it, see [`LayerSink::central`]).
//! Every jump found so is kept as an edge to the next layer's index, so the move metric reads
//! a position's successors on a solution by index (English 33: 8.6 M edges) where it looked
//! up each of its 17.2 M successors by key.
//!
//! The layers are handed on goal's first, as the move metric measures them, and only those
//! still needed to build others are held: English 33's graph is never whole in memory.
//!
//! Edges are complete up to a position's own symmetries: of two jumps of one position that a
//! symmetry of that position maps onto each other, at least one is kept. That is all a minimum
//! over successors needs; chains are continued from the board itself (see
//! [`super::chain_moves`]).

use super::bitboard::Bitboard;
use super::jump_layers::{Meeting, intersect};
use super::jump_space::JumpSpace;
use super::layer::Layer;
use super::useful_edges::{ascend, descend, membership};
use super::useful_layer::{LayerSink, UsefulLayer};
use super::useful_mirror::complements;

/// Traces the positions lying on at least one solution with their jumps, from the meeting
/// layer, and hands them to `sink` pegs ascending, from the goal's count up to the start's.
/// None when a stop was requested (or the memory refused) on the way, or the sink stopped.
pub fn useful_graph<B: Bitboard>(
    space: &JumpSpace<B>,
    meeting: Meeting<B>,
    sink: &mut impl LayerSink<B>,
) -> Option<()> {
    let Meeting {
        mut forward,
        implied,
        mut backward,
        ..
    } = meeting;
    let top = forward.first().map_or(0, |l| l.pegs);
    // The forward layers left implicit are complements of backward ones (see
    // `super::complement_layers`): pegs `p` there is the complement of `total - p` here.
    let total = top + implied as u32 + backward.first().map_or(0, |l| l.pegs);
    let mut middle = forward.pop().expect("the start layer");
    match backward.last() {
        Some(b) if b.pegs == middle.pegs => middle = intersect(&middle, b),
        Some(_) => middle.keys.clear(),
        None => {}
    }
    if middle.is_empty() {
        sink.expect(0);
        return Some(());
    }
    // A central game grown only from the goal: the layers at least two jumps above the middle
    // mirror the lower half (those at `total - p` pegs, their edges reversed).
    let highest = top + implied as u32;
    let mirrored = if implied > 0 && top == middle.pegs {
        total - middle.pegs + 1..=highest
    } else {
        u32::MAX..=highest
    };
    // A sink that measures a central game by halves needs no layer above the middle: none is
    // grown or mirrored (their positions are counted as the lower layers' complements).
    let halves = implied > 0 && top == middle.pegs && sink.central(middle.pegs, total);
    let (ascended, mirrored) = if halves {
        (middle.pegs + 1..=middle.pegs, middle.pegs + 1..=highest)
    } else {
        let below_mirror = mirrored.start().saturating_sub(1);
        (middle.pegs + 1..=highest.min(below_mirror), mirrored)
    };
    // Above the start's explicit layers a position is useful when its complement is. Where
    // that complement has the middle's peg count, it is useful when the middle (the useful
    // positions there) holds it, so the goal's side's layer of that count, far larger, goes
    // before the layers above the middle are grown (with their transient room).
    let read = |p: u32| p != middle.pegs && ascended.clone().any(|q| q > top && total - q == p);
    for l in backward
        .iter_mut()
        .filter(|l| l.pegs >= middle.pegs && !read(l.pegs))
    {
        l.release();
    }
    let sides = Sides {
        forward: &forward,
        backward: &backward,
        top,
        total,
    };
    let upper = ascend_all(space, &middle, ascended, sides)?;
    drop(forward);
    for l in backward.iter_mut().filter(|l| l.pegs >= middle.pegs) {
        l.release();
    }
    let mut lower = descend_all(space, middle, &mut backward)?;
    drop(backward);
    lower.reverse();
    hand_over(space, (lower, upper), (total, mirrored, !halves), sink)
}

/// Hands the layers to `sink`, pegs ascending: the lower half (`lower`, grown down from the
/// middle, pegs ascending), the layers grown above it (`upper`), then those of `mirrored`
/// (none when it is empty), each built from the lower half as it goes (`total`: the peg
/// counts' sum of a layer and its mirror), unless `mirror` is false (then they are only
/// counted). None when the sink stopped or the memory was refused.
fn hand_over<B: Bitboard>(
    space: &JumpSpace<B>,
    (mut lower, upper): (Vec<UsefulLayer<B>>, Vec<UsefulLayer<B>>),
    (total, mirrored, mirror): (u32, std::ops::RangeInclusive<u32>, bool),
    sink: &mut impl LayerSink<B>,
) -> Option<()> {
    let count = |pegs: u32| lower.iter().find(|l| l.pegs == pegs).map_or(0, |l| l.len());
    let positions = lower
        .iter()
        .chain(&upper)
        .map(UsefulLayer::len)
        .sum::<usize>()
        + mirrored.clone().map(|p| count(total - p)).sum::<usize>();
    sink.expect(positions as u64);
    // Not mirrored, each lower layer goes once taken.
    let mirror = mirror && !mirrored.is_empty();
    // The lower layers the mirror reads: their keys and edges.
    let mirror_reads =
        |p: u32| mirror && (total - mirrored.end()..=total + 1 - mirrored.start()).contains(&p);
    for l in &mut lower {
        sink.take(l)?;
        if !mirror_reads(l.pegs) {
            *l = UsefulLayer::default();
        }
    }
    for l in upper {
        sink.take(&l)?;
    }
    if mirror {
        super::useful_mirror::mirror(space, lower, total, mirrored, sink)?;
    }
    Some(())
}

/// The layers the meeting left, as the layers above the middle are grown from them: the
/// start's (pegs down to `top`) and the goal's (whose complements are the start's implicit
/// layers, `total` their peg counts' sum).
#[derive(Clone, Copy)]
struct Sides<'a, B> {
    forward: &'a [Layer<B>],
    backward: &'a [Layer<B>],
    top: u32,
    total: u32,
}

/// The layers of `pegs` (ascending from one above the middle's), each the predecessors of
/// the one below that the start reaches, with their edges down. None when a stop was
/// requested (or the memory refused).
fn ascend_all<B: Bitboard>(
    space: &JumpSpace<B>,
    middle: &Layer<B>,
    pegs: std::ops::RangeInclusive<u32>,
    sides: Sides<B>,
) -> Option<Vec<UsefulLayer<B>>> {
    let mut upper: Vec<UsefulLayer<B>> = Vec::new();
    let centre = UsefulLayer::without_edges(middle.pegs, middle.keys.clone());
    for p in pegs {
        let below = upper.last().unwrap_or(&centre);
        let seam = p > sides.top && sides.total - p == middle.pegs;
        if seam && let Some(next) = middle_mirrored(space, middle, below, p)? {
            upper.push(next);
            continue;
        }
        let (keys, complement) = if p <= sides.top {
            (layer_of(sides.forward, p), false)
        } else if seam {
            (Some((&middle.keys[..], middle.pegs)), true)
        } else {
            (layer_of(sides.backward, sides.total - p), true)
        };
        let held = membership(space, keys, below)?;
        let next = ascend(space, &below.keys, p, (&held, complement))?;
        upper.push(next);
    }
    Some(upper)
}

/// The layer of `pegs` pegs whose complements have the middle's peg count, above `below`:
/// a position there is on a solution exactly when its complement is, so the layer is the
/// middle's complements, every one, and its edges are its jumps onto `below`, found as
/// [`descend`] finds a layer's (each position's own jumps, one lookup each) where growing it
/// upwards would look up every predecessor of `below` and lay the edges out again (English
/// 33: 230,230 positions, 1.2 M edges). None when a stop was requested or the memory refused;
/// Some(None) when some position of `below` is reached by none of the layer's jumps (no
/// solution runs through it, which the meeting rules out), for the caller to grow it
/// upwards.
fn middle_mirrored<B: Bitboard>(
    space: &JumpSpace<B>,
    middle: &Layer<B>,
    below: &UsefulLayer<B>,
    pegs: u32,
) -> Option<Option<UsefulLayer<B>>> {
    let keys = complements(space, &middle.keys)?.keys;
    let mut layer = UsefulLayer::without_edges(pegs, keys);
    let held = membership(space, Some((&below.keys, below.pegs)), &layer)?;
    let reached = descend(space, &mut layer, &held)?;
    Some((reached.len() == below.len()).then_some(layer))
}

/// The keys and peg count of the layer of `pegs` pegs among `layers` (one per peg count, in
/// either order).
fn layer_of<B>(layers: &[Layer<B>], pegs: u32) -> Option<(&[B], u32)> {
    let l = layers.iter().find(|l| l.pegs == pegs)?;
    Some((&l.keys, l.pegs))
}

/// The middle layer (with its edges to the next) and every layer below it down to the goal's,
/// pegs descending: successors of useful positions that the backward search holds. Each
/// backward layer is released once read.
fn descend_all<B: Bitboard>(
    space: &JumpSpace<B>,
    middle: Layer<B>,
    backward: &mut [Layer<B>],
) -> Option<Vec<UsefulLayer<B>>> {
    let goal_pegs = backward.first().map_or(middle.pegs, |l| l.pegs);
    let mut above = UsefulLayer::without_edges(middle.pegs, middle.keys);
    let mut layers = Vec::new();
    for pegs in (goal_pegs..above.pegs).rev() {
        let held = membership(space, layer_of(backward, pegs), &above)?;
        let next = descend(space, &mut above, &held)?;
        drop(held);
        if let Some(done) = backward.iter_mut().find(|l| l.pegs == pegs) {
            done.release();
        }
        layers.push(std::mem::replace(&mut above, next));
    }
    layers.push(above);
    Some(layers)
}

/// Hands the useful layers from `start` to `goals`, with no pruning, to `sink`; returns how
/// many forward layers the meeting left implicit: for tests against plain search.
#[cfg(test)]
pub(crate) fn useful_unpruned(
    space: &JumpSpace<u64>,
    start: u64,
    goals: &[u64],
    sink: &mut impl LayerSink<u64>,
) -> usize {
    use super::jump_layers::meet;
    use super::layer::Goal;
    use super::layer_prune::Prune;
    use crate::engine::Progress;
    let goal = Goal::Positions(goals.to_vec());
    let meeting = meet(
        space,
        start,
        &goal,
        false,
        &Prune::none(),
        &Progress::hidden(),
    );
    let implied = meeting.implied;
    useful_graph(space, meeting, sink).expect("no stop in a test");
    implied
}

/// Every layer handed over, kept whole, pegs descending (the start's first): for tests.
#[cfg(test)]
#[derive(Default)]
pub(crate) struct Collected {
    pub layers: Vec<UsefulLayer<u64>>,
    pub expected: u64,
}

#[cfg(test)]
impl LayerSink<u64> for Collected {
    fn expect(&mut self, positions: u64) {
        self.expected = positions;
    }

    fn take(&mut self, layer: &UsefulLayer<u64>) -> Option<()> {
        self.layers.insert(0, layer.clone());
        Some(())
    }
}

/// The useful layers from `start` to `goals` as [`Collected`] keeps them, and how many forward
/// layers the meeting left implicit.
#[cfg(test)]
pub(crate) fn collect_unpruned(
    space: &JumpSpace<u64>,
    start: u64,
    goals: &[u64],
) -> (Vec<UsefulLayer<u64>>, usize) {
    let mut all = Collected::default();
    let implied = useful_unpruned(space, start, goals, &mut all);
    let held: usize = all.layers.iter().map(UsefulLayer::len).sum();
    assert_eq!(held as u64, all.expected, "the positions announced");
    (all.layers, implied)
}

#[cfg(test)]
mod tests {
    use super::super::jump::Jump;
    use super::*;
    use std::collections::BTreeSet;

    /// Every edge is a legal jump onto its child's class (and, reversed, the same jump in the
    /// child's frame), and every jump of a position onto a useful class is there (some jump
    /// onto each such class).
    fn assert_edges(s: &JumpSpace<u64>, layers: &[UsefulLayer<u64>]) {
        for pair in layers.windows(2) {
            let (here, next) = (&pair[0], &pair[1]);
            assert_eq!(here.starts.len(), here.len() + 1, "{} pegs", here.pegs);
            for (i, &b) in here.keys.iter().enumerate() {
                let mut by_edges = BTreeSet::new();
                for e in here.edges(i) {
                    let after = s.apply(b, usize::from(here.jump[e])).expect("a legal jump");
                    let child = next.keys[here.child[e] as usize];
                    assert_eq!(s.canonical(after), child, "{b:#x} by jump {}", here.jump[e]);
                    let (j, seen) = (usize::from(here.jump[e]), usize::from(here.reverse[e]));
                    let turned = (0..s.group_size())
                        .any(|g| s.image(after, g) == child && s.jump_image(g, j) == seen);
                    assert!(turned, "{b:#x} by jump {j}: {seen} in the child's frame");
                    by_edges.insert(child);
                }
                let mut useful = BTreeSet::new();
                s.for_each_jump(b, |_, after| {
                    let k = s.canonical(after);
                    if next.keys.binary_search(&k).is_ok() {
                        useful.insert(k);
                    }
                });
                assert_eq!(by_edges, useful, "the useful successors of {b:#x}");
            }
        }
    }

    /// Positions on some solution from `start` to one of `goals`, by plain search over raw
    /// positions (every position reachable from the start, kept when it reaches a goal), as
    /// canonical classes by peg count, pegs descending.
    fn brute_useful(s: &JumpSpace<u64>, start: u64, goals: &[u64]) -> Vec<Vec<u64>> {
        use std::collections::{BTreeSet, HashMap};
        fn reaches(
            s: &JumpSpace<u64>,
            b: u64,
            goals: &[u64],
            memo: &mut HashMap<u64, bool>,
        ) -> bool {
            if goals.contains(&b) {
                return true;
            }
            if let Some(&r) = memo.get(&b) {
                return r;
            }
            let mut next = Vec::new();
            s.for_each_jump(b, |_, n| next.push(n));
            let r = next.into_iter().any(|n| reaches(s, n, goals, memo));
            memo.insert(b, r);
            r
        }
        let mut memo = HashMap::new();
        let mut layers = vec![BTreeSet::new(); start.count_ones() as usize + 1];
        let mut seen = BTreeSet::from([start]);
        let mut todo = vec![start];
        while let Some(b) = todo.pop() {
            if reaches(s, b, goals, &mut memo) {
                layers[b.count_ones() as usize].insert(s.canonical(b));
            }
            s.for_each_jump(b, |_, n| {
                if seen.insert(n) {
                    todo.push(n);
                }
            });
        }
        let low = goals[0].count_ones() as usize;
        layers[low..]
            .iter()
            .rev()
            .map(|l| l.iter().copied().collect())
            .collect()
    }

    #[test]
    fn useful_layers_are_those_of_plain_search_on_the_triangle() {
        let (jumps, group) = Jump::triangle();
        let s: JumpSpace<u64> = JumpSpace::new(15, jumps, &group);
        let apex = 1u64;
        let all = 0x7FFFu64;
        // The apex game (start and goal complements of each other: the forward layers above
        // the middle are left implicit), and a third-row vacancy to any single peg.
        let games = [
            (all & !apex, vec![apex]),
            (all & !(1 << 4), (0..15).map(|h| 1u64 << h).collect()),
        ];
        for (start, goals) in games {
            let (useful, _) = collect_unpruned(&s, start, &goals);
            let keys: Vec<Vec<u64>> = useful.iter().map(|l| l.keys.clone()).collect();
            let expected = brute_useful(&s, start, &goals);
            assert!(
                expected.iter().all(|l| !l.is_empty()),
                "a game with a solution"
            );
            assert_eq!(keys, expected);
            assert_edges(&s, &useful);
        }
    }

    #[test]
    fn useful_layers_of_a_central_game_on_an_even_board_are_those_of_plain_search() {
        // The 3 x 4 rectangle, jumps along rows and columns, no symmetry used: 12 holes, so
        // the meeting layer is its own complement's peg count.
        let (w, h) = (3, 4);
        let at = |x: i32, y: i32| (w * y + x) as u8;
        let mut jumps = Vec::new();
        for (x, y) in (0..h).flat_map(|y| (0..w).map(move |x| (x, y))) {
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if (0..w).contains(&(x + 2 * dx)) && (0..h).contains(&(y + 2 * dy)) {
                    let (over, to) = (at(x + dx, y + dy), at(x + 2 * dx, y + 2 * dy));
                    jumps.push(Jump {
                        from: at(x, y),
                        over,
                        to,
                    });
                }
            }
        }
        let s: JumpSpace<u64> = JumpSpace::new(12, jumps, &[]);
        let mut solved = 0;
        // The vacancies of one quarter (the others are their mirror images).
        for hole in [0, 1, 3, 4] {
            let (start, goals) = (0xFFF & !(1u64 << hole), vec![1u64 << hole]);
            let (useful, implied) = collect_unpruned(&s, start, &goals);
            let keys: Vec<Vec<u64>> = useful.iter().map(|l| l.keys.clone()).collect();
            let expected = brute_useful(&s, start, &goals);
            if expected.iter().all(|l| !l.is_empty()) {
                solved += 1;
                // Grown back to 6 pegs; the forward layers of 11 to 7 pegs left implicit.
                assert_eq!(implied, 5, "the game of hole {hole}");
                assert_eq!(keys, expected, "the game of hole {hole}");
                assert_edges(&s, &useful);
            } else {
                // No solution: the layers stop where the goal's side died out, all empty.
                assert!(keys.iter().all(|l| l.is_empty()), "the game of hole {hole}");
            }
        }
        assert!(solved > 0, "some vacancy finishes where it began");
    }
}
