//! Where a central game's shortest solutions cross the middle, measured by halves (see
//! [`super::chain_moves`]). Every solution crosses the middle once. On a board of an even
//! number of holes it passes through a middle position `m` whose complement is a middle
//! position too: it has as many moves as the start needs to reach `m` (its complement's
//! distance counted from the start) and `m` needs to finish, one fewer when the last jump into
//! `m` and the first out of it can be one chain. On an odd board it crosses by a jump from a
//! position `p` one peg above the middle (the complement of a middle position) onto a middle
//! position `x`: as many moves as the start needs to reach `p`, plus that jump, plus what `x`
//! needs to finish, one fewer for each end of the jump that a shortest way in or out can chain
//! with. Longer ways in or out never do better: a chain saves one move at most. So the layer
//! above the middle is never built.

use super::bitboard::Bitboard;
use super::chain_cell::{Cell, NO_PEG};
use super::jump_space::JumpSpace;
use super::layer::ABSENT;
use super::layer::LAYER_GROWTH;
use super::layer_membership::Membership;
use super::useful_mirror::complements;
use crate::engine::{room, stop};
use rayon::prelude::*;

/// The fewest moves of a solution and where they cross the middle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Crossing<B> {
    /// Through middle position `middle`, which the start reaches in the fewest moves (at its
    /// complement); `hole` (in its frame, [`NO_PEG`] when none) is where the way in lands and
    /// the way out starts, a chain.
    Through { moves: u8, middle: B, hole: u8 },
    /// By jump `jump` (in the frame of middle position `onto`) onto `onto`, from the position
    /// it undoes there.
    Over { moves: u8, onto: B, jump: usize },
}

impl<B> Crossing<B> {
    pub fn moves(&self) -> u8 {
        match self {
            Crossing::Through { moves, .. } | Crossing::Over { moves, .. } => *moves,
        }
    }
}

/// A middle layer measured both ways: its keys and per position its cell (moves from the
/// start to its complement and where the shortest ways in land, moves to the goal and the
/// openers of the shortest ways out, holes in each key's frame).
pub struct MeasuredMiddle<'a, B> {
    pub keys: &'a [B],
    pub cells: &'a [Cell<B>],
}

/// The crossing of the fewest moves through a middle layer that holds its own complements
/// (an even board); the first middle position of the fewest. None when no complement is
/// there.
pub fn cross<B: Bitboard>(space: &JumpSpace<B>, m: &MeasuredMiddle<B>) -> Option<Crossing<B>> {
    let sorted = complements(space, m.keys)?;
    // A central game's middle holds its complements, every one: the sort then places each
    // complement in the middle itself; a middle that does not is searched.
    let closed = sorted.keys == m.keys;
    let flipped = |i: usize| {
        let place = sorted.at[i] as usize;
        let at = if closed {
            place
        } else {
            m.keys.binary_search(&sorted.keys[place]).ok()?
        };
        Some((at, sorted.symmetry(i)))
    };
    let shared =
        |i: usize, at: usize, g: usize| space.image(m.cells[i].lands(), g) & m.cells[at].openers();
    let (moves, i) = (0..m.keys.len())
        .into_par_iter()
        .filter_map(|i| {
            let (at, g) = flipped(i)?;
            let chained = shared(i, at, g) != B::ZERO;
            let moves = m.cells[i]
                .moves_from_start()
                .saturating_add(m.cells[at].moves_to_goal());
            let moves = moves - u8::from(chained);
            Some((moves, i))
        })
        .min()?;
    let (at, g) = flipped(i)?;
    let hole = (0..space.holes)
        .find(|&h| {
            m.cells[i].lands() & B::bit(h) != B::ZERO
                && space.image(B::bit(h), g) & m.cells[at].openers() != B::ZERO
        })
        .map_or(NO_PEG, |h| h as u8);
    debug_assert_eq!(hole != NO_PEG, shared(i, at, g) != B::ZERO);
    Some(Crossing::Through {
        moves,
        middle: m.keys[i],
        hole,
    })
}

/// The crossing of the fewest moves by a jump onto the middle layer (of `pegs` pegs) from the
/// layer above it, whose positions are the middle's complements (an odd board): for each
/// middle position `x` and each jump that could have led to it, the position `p` it undoes is
/// one when the middle holds `p`'s complement. The least (moves, `x`'s index, jump) of those
/// looked up wins. None when no such jump is found (or the middle is too large to index), or
/// when a stop was requested or the memory refused.
///
/// Most crossings cannot be the fewest, and each costs a lookup: the middle positions are
/// taken by their moves to the goal, fewest first, and a crossing is looked up only while the
/// fewest moves the start needs to reach any `p`, plus the jump and `x`'s moves out, less a
/// move for each end that may chain, is below the least found so far (English 33: of the
/// 230,230 middle positions, the 40,415 of fewest moves out are looked at whole, the next
/// 72,605 only for the jumps that land on an opener, the rest not at all). Once a crossing is
/// found, a group's jumps are looked up only among the positions they could come from in no
/// more moves (see [`near_places`]).
pub fn cross_over<B: Bitboard>(
    space: &JumpSpace<B>,
    m: &MeasuredMiddle<B>,
    pegs: u32,
) -> Option<Crossing<B>> {
    // Read for every complement found, in a byte each (most crossings are ruled out by it, and
    // the cells are far larger).
    let mut from_start: Vec<u8> = room::reserved(m.cells.len(), LAYER_GROWTH)?;
    from_start.extend(m.cells.iter().map(Cell::moves_from_start));
    let least_in = from_start.iter().copied().min()?;
    let mut whole = None;
    let mut best: Option<(u8, usize, usize)> = None;
    for (out, onto) in by_moves_to_goal(m.cells)? {
        // The fewest moves a crossing onto these positions can have, both ends chained; one
        // whose jump lands off the position's openers (the way out cannot chain) has one more.
        let fewest = (u16::from(least_in) + u16::from(out)).saturating_sub(1);
        let most = best.map_or(u16::MAX, |b| u16::from(b.0));
        if fewest >= most {
            break;
        }
        // A crossing from a position of more moves in than `within` has more than `most`.
        let within = most.saturating_sub(u16::from(out)).saturating_add(1);
        let near = near_places(&from_start, within)?;
        let from_near = near
            .as_ref()
            .is_some_and(|n| n.len() * FROM_NEAR <= onto.len());
        if whole.is_none() && (near.is_none() || from_near) {
            whole = Some(Membership::new(space, m.keys, pegs)?);
        }
        let looked = Looked {
            m,
            from_start: &from_start,
            openers_only: fewest + 1 >= most,
            out,
            most,
        };
        let stopped = || stop::requested().is_some();
        let found = match (&near, whole.as_ref()) {
            (Some(near), Some(whole)) if from_near => near
                .par_chunks(CROSSED)
                .map(|chunk| (!stopped()).then(|| looked.out_of_near(space, whole, chunk)))
                .collect::<Option<Vec<_>>>()?,
            (Some(near), _) => {
                let mut keys = room::reserved(near.len(), LAYER_GROWTH)?;
                keys.extend(near.iter().map(|&i| m.keys[i as usize]));
                let table = Membership::new(space, &keys, pegs)?;
                onto.par_chunks(CROSSED)
                    .map(|chunk| (!stopped()).then(|| looked.onto(space, &table, near, chunk)))
                    .collect::<Option<Vec<_>>>()?
            }
            (None, whole) => {
                let whole = whole?;
                onto.par_chunks(CROSSED)
                    .map(|chunk| (!stopped()).then(|| looked.onto(space, whole, &[], chunk)))
                    .collect::<Option<Vec<_>>>()?
            }
        };
        best = found.into_iter().flatten().chain(best).min();
    }
    let (moves, x, jump) = best?;
    Some(Crossing::Over {
        moves,
        onto: m.keys[x],
        jump,
    })
}

/// The middle is looked up whole when more than this share of it (one in so many) is near.
const NEAR_SHARE: usize = 8;
/// The near positions' own jumps are followed (see [`Looked::out_of_near`]) when a group of the
/// middle is this many times as large: each near position makes as many keys as a position of
/// the group, and only the few crossings found are read again from the group's side.
const FROM_NEAR: usize = 2;

/// Where in the middle the positions a crossing can come from in at most the moves of the
/// least found are (their moves from the start, `from_start`, at most `within`), when they are
/// few: looked up among them alone, the jumps onto a group of the middle's positions are tested
/// against a table that stays in the cache (English 33, the group of 8 moves out: the 6,009
/// positions of 11 moves in or fewer of the 230,230). Some(None) when they are too many to be
/// worth a table of their own, None when the memory was refused.
fn near_places(from_start: &[u8], within: u16) -> Option<Option<Vec<u32>>> {
    let is_near = |f: &u8| u16::from(*f) <= within;
    let count = from_start.iter().filter(|f| is_near(f)).count();
    if count * NEAR_SHARE > from_start.len() {
        return Some(None);
    }
    let mut places = room::reserved(count, LAYER_GROWTH)?;
    places.extend(
        (0u32..)
            .zip(from_start)
            .filter(|(_, f)| is_near(f))
            .map(|(i, _)| i),
    );
    Some(Some(places))
}

/// The middle positions' indices grouped by their moves to the goal, fewest first, each group
/// in index order (a counting sort); None when the memory was refused.
fn by_moves_to_goal<B: Bitboard>(cells: &[Cell<B>]) -> Option<Vec<(u8, Vec<u32>)>> {
    let mut count = [0usize; 256];
    for c in cells {
        count[usize::from(c.moves_to_goal())] += 1;
    }
    let mut groups = Vec::new();
    for (moves, &n) in (0u8..=u8::MAX).zip(&count) {
        if n > 0 {
            groups.push((moves, room::reserved(n, LAYER_GROWTH)?));
        }
    }
    let mut group_of = [0usize; 256];
    for (g, (moves, _)) in groups.iter().enumerate() {
        group_of[usize::from(*moves)] = g;
    }
    for (c, i) in cells.iter().zip(0u32..) {
        groups[group_of[usize::from(c.moves_to_goal())]].1.push(i);
    }
    Some(groups)
}

/// Middle positions of a group whose crossings are looked up in one parallel task.
const CROSSED: usize = 1 << 12;

/// Middle positions whose jumps in are looked up together.
const BATCH: usize = 256;

/// A jump that could have led to a middle position: the position's index, the jump and the
/// symmetry onto the key of the complement of the position it undoes.
type JumpIn = (u32, u16, u16);

/// The crossings of one group of middle positions (of equal moves to the goal) looked up.
struct Looked<'a, B> {
    m: &'a MeasuredMiddle<'a, B>,
    /// The moves from the start of each middle position (at its complement).
    from_start: &'a [u8],
    /// Only the jumps landing on an opener of the position they reach.
    openers_only: bool,
    /// The group's moves to the goal.
    out: u8,
    /// The fewest moves found before this group (`u16::MAX` when none).
    most: u16,
}

impl<B: Bitboard> Looked<'_, B> {
    /// Makes `best` the crossing by `jump` from the complement of middle position `at` when
    /// it is less; a crossing that cannot have fewer moves than `best` or the groups before is
    /// not read further.
    #[inline]
    fn offer(
        &self,
        space: &JumpSpace<B>,
        at: u32,
        jump: JumpIn,
        best: &mut Option<(u8, usize, usize)>,
    ) {
        let bound = best.map_or(self.most, |b| self.most.min(u16::from(b.0)));
        // Both ends chained at most: one move fewer than the way in, the jump and the way out.
        let fewest =
            (u16::from(self.from_start[at as usize]) + u16::from(self.out)).saturating_sub(1);
        if fewest > bound {
            return;
        }
        let c = crossing(space, self.m, at, jump);
        *best = Some(best.map_or(c, |b| b.min(c)));
    }

    /// The least (moves, middle index, jump) of the jumps onto the middle positions of `chunk`
    /// (indices), the complements of the positions they undo looked up in `table` (`places`:
    /// where each of its keys is in the middle; none, the middle itself).
    fn onto(
        &self,
        space: &JumpSpace<B>,
        table: &Membership<B>,
        places: &[u32],
        chunk: &[u32],
    ) -> Option<(u8, usize, usize)> {
        let mut best = None;
        let jumps = JumpsIn {
            space,
            looked: self,
        };
        look_up(table, &jumps, chunk, &mut |i, jump| {
            let at = places.get(i as usize).copied().unwrap_or(i);
            self.offer(space, at, jump, &mut best);
        });
        best
    }

    /// [`Looked::onto`] found from the other side: the jumps out of the complements of the
    /// middle positions of `chunk` (indices of near positions, every crossing of the group
    /// from them) are looked up in `middle`; each one landing on a position of the group is
    /// then read as [`Looked::onto`] reads that position's jumps in (every jump of it undone
    /// onto the same complement), so that the crossings offered are those it offers.
    fn out_of_near(
        &self,
        space: &JumpSpace<B>,
        middle: &Membership<B>,
        chunk: &[u32],
    ) -> Option<(u8, usize, usize)> {
        let m = self.m;
        let mut best = None;
        let jumps = JumpsOut { space, m };
        look_up(middle, &jumps, chunk, &mut |x, at| {
            if m.cells[x as usize].moves_to_goal() != self.out {
                return;
            }
            let from = m.keys[at as usize];
            jumps_in(space, self, x, |key, jump| {
                if key == from {
                    self.offer(space, at, jump, &mut best);
                }
            });
        });
        best
    }
}

/// What the middle positions of a chunk (indices) each make to be looked up: keys, each with
/// a tag.
trait Probes<B> {
    type Tag: Copy + Default;
    fn each(&self, i: u32, f: impl FnMut(B, Self::Tag));
}

/// The keys of [`jumps_in`], each tagged with its jump.
struct JumpsIn<'a, B: Bitboard> {
    space: &'a JumpSpace<B>,
    looked: &'a Looked<'a, B>,
}

impl<B: Bitboard> Probes<B> for JumpsIn<'_, B> {
    type Tag = JumpIn;

    #[inline]
    fn each(&self, x: u32, f: impl FnMut(B, JumpIn)) {
        jumps_in(self.space, self.looked, x, f);
    }
}

/// The middle positions the complement of a middle position jumps onto, each tagged with the
/// index of the position it came from.
struct JumpsOut<'a, B: Bitboard> {
    space: &'a JumpSpace<B>,
    m: &'a MeasuredMiddle<'a, B>,
}

impl<B: Bitboard> Probes<B> for JumpsOut<'_, B> {
    type Tag = u32;

    #[inline]
    fn each(&self, at: u32, mut f: impl FnMut(B, u32)) {
        let space = self.space;
        let complement = space.board & !self.m.keys[at as usize];
        let images = space.images_of(complement);
        space.for_each_move(complement, false, |j| {
            f(space.least(&space.after(&images, j)), at);
        });
    }
}

/// Looks up in `table` the keys `probes` makes from each of `chunk`: `found` gets the index of
/// each key held, with its tag. Ranked, each key is tested as it is made; else a batch at a
/// time.
fn look_up<B: Bitboard, P: Probes<B>>(
    table: &Membership<B>,
    probes: &P,
    chunk: &[u32],
    found: &mut impl FnMut(u32, P::Tag),
) {
    match table {
        Membership::Dense(dense) => {
            let mut ahead = dense.held_ahead::<P::Tag>();
            for &i in chunk {
                probes.each(i, |key, tag| ahead.push_found(key, tag, found));
            }
            ahead.finish_found(found);
        }
        Membership::Sorted(_) => {
            let (mut keys, mut tags, mut at) = (Vec::new(), Vec::new(), Vec::new());
            for batch in chunk.chunks(BATCH) {
                keys.clear();
                tags.clear();
                for &i in batch {
                    probes.each(i, |key, tag| {
                        keys.push(key);
                        tags.push(tag);
                    });
                }
                table.index_each(&keys, &mut at);
                for (&i, &tag) in at.iter().zip(&tags) {
                    if i != ABSENT {
                        found(i, tag);
                    }
                }
            }
        }
    }
}

/// The jumps that could have led to middle position `x`, each with the key of the complement
/// of the position it undoes; only those landing on one of its openers when so looked up.
#[inline]
fn jumps_in<B: Bitboard>(
    space: &JumpSpace<B>,
    looked: &Looked<B>,
    x: u32,
    mut f: impl FnMut(B, JumpIn),
) {
    let m = looked.m;
    let b = m.keys[x as usize];
    let only = looked.openers_only.then(|| m.cells[x as usize].openers());
    // The complement of a position undone is the complement of `b` after the jump.
    let images = space.images_of(space.board & !b);
    let lands = |j: usize| B::bit(usize::from(space.jumps[j].to));
    space.for_each_move(b, true, |j| {
        if only.is_some_and(|o| o & lands(j) == B::ZERO) {
            return;
        }
        let (key, g) = space.least_and_symmetry(&space.after(&images, j));
        f(key, (x, j as u16, g as u16));
    });
}

/// The moves of the crossing by `jump` onto its middle position from the position it undoes,
/// whose complement is middle position `at`, with the middle index and jump.
#[inline]
fn crossing<B: Bitboard>(
    space: &JumpSpace<B>,
    m: &MeasuredMiddle<B>,
    at: u32,
    (x, j, g): JumpIn,
) -> (u8, usize, usize) {
    let jumps = &space.jumps;
    let (at, x, j) = (at as usize, x as usize, usize::from(j));
    // The way in chains when it lands where the jump starts (read in the frame of the
    // complement's key), the way out when it starts where the jump lands.
    let from = jumps[space.jump_image(usize::from(g), j)].from;
    let (inward, outward) = (&m.cells[at], &m.cells[x]);
    let chained_in = inward.lands() & B::bit(usize::from(from)) != B::ZERO;
    let chained_out = outward.openers() & B::bit(usize::from(jumps[j].to)) != B::ZERO;
    let moves = u16::from(inward.moves_from_start()) + 1 + u16::from(outward.moves_to_goal())
        - u16::from(chained_in)
        - u16::from(chained_out);
    (u8::try_from(moves).unwrap_or(u8::MAX), x, j)
}

#[cfg(test)]
mod tests {
    use super::super::jump::Jump;
    use super::*;
    use crate::util::random::xorshift;

    #[test]
    fn a_chain_across_the_middle_saves_a_move_where_the_way_in_lands_on_an_opener() {
        // Six holes in a row, no symmetry: two middle positions, each 3 moves from the start
        // and 4 from the goal at their complements (the other two keys, never reached from
        // the start here); a chain only where a way in lands on an opener of the complement.
        let space: JumpSpace<u64> = JumpSpace::new(6, Jump::along_row(6), &[]);
        let keys = [0b000111, 0b001011, 0b110100, 0b111000];
        let from_start = [(3, 1 << 4), (3, 1 << 2), (u8::MAX, 0), (u8::MAX, 0)];
        let to_goal = [u8::MAX, u8::MAX, 4, 4];
        let cross_with = |openers: [u64; 4]| {
            let cells: Vec<Cell<u64>> = (0..4)
                .map(|i| Cell::of((to_goal[i], openers[i]), from_start[i]))
                .collect();
            let m = MeasuredMiddle {
                keys: &keys,
                cells: &cells,
            };
            cross(&space, &m).unwrap()
        };
        let c = cross_with([0, 0, 1 << 4 | 1 << 5, 1 << 5 | 1 << 1]);
        let through = |moves, middle, hole| Crossing::Through {
            moves,
            middle,
            hole,
        };
        assert_eq!(c, through(7, 0b000111, NO_PEG));
        let c = cross_with([0, 0, 1 << 5, 1 << 4 | 1 << 1]);
        assert_eq!(c, through(6, 0b000111, 4));
    }

    #[test]
    fn a_middle_missing_some_complements_is_crossed_where_they_are() {
        // The row of six again: 0b001011's complement (0b110100) is not in the middle, so it
        // crosses nowhere (taken for its own complement, it would cross in 2 + 1 moves);
        // 0b000111 crosses at its complement 0b111000 in 3 + 4 moves.
        let space: JumpSpace<u64> = JumpSpace::new(6, Jump::along_row(6), &[]);
        let keys = [0b000111, 0b001011, 0b111000];
        let cells = [
            Cell::of((u8::MAX, 0), (3, 1 << 4)),
            Cell::of((1, 0), (2, 1 << 2)),
            Cell::of((4, 1 << 5), (u8::MAX, 0)),
        ];
        let m = MeasuredMiddle {
            keys: &keys,
            cells: &cells,
        };
        let c = cross(&space, &m).unwrap();
        let through = Crossing::Through {
            moves: 7,
            middle: 0b000111,
            hole: NO_PEG,
        };
        assert_eq!(c, through);
    }

    #[test]
    fn the_hole_landed_on_is_read_in_the_complements_frame() {
        // The row's mirror maps 0b000111's complement onto it: its way in landing on hole 4 is
        // hole 1 in the frame of the complement's key.
        let mirror: Vec<u8> = (0..6).rev().collect();
        let space: JumpSpace<u64> = JumpSpace::new(6, Jump::along_row(6), &[mirror]);
        let cross_with = |openers: u64| {
            let m = MeasuredMiddle {
                keys: &[0b000111],
                cells: &[Cell::of((4, openers), (3, 1 << 4))],
            };
            let c = cross(&space, &m).unwrap();
            let Crossing::Through { moves, hole, .. } = c else {
                panic!("{c:?}");
            };
            (moves, hole)
        };
        assert_eq!(cross_with(1 << 1), (6, 4));
        assert_eq!(cross_with(1 << 4), (7, NO_PEG));
    }

    /// The crossing over the middle of a row of 7 or 9 holes (no symmetry, so every frame is
    /// the board's own), the middle every position of 3 or 4 pegs with cells at random (moves
    /// out from 0, as a middle that holds goals has, before any crossing is known; moves from
    /// the start spread evenly, or a few small and the rest large, so that the crossings of the
    /// later groups are looked up among those few alone): the least over every jump onto
    /// a middle position from a position whose complement is in the middle, counted here
    /// directly, is what the bounded search finds, and the crossing it returns costs that.
    #[test]
    fn the_bounded_crossing_over_the_middle_is_the_least_of_every_jump() {
        for (holes, pegs) in [(7, 3), (9, 4)] {
            for few_near in [false, true] {
                bounded_crossing_on_a_row(holes, pegs, few_near);
            }
        }
    }

    fn bounded_crossing_on_a_row(holes: u8, pegs: u32, few_near: bool) {
        let space: JumpSpace<u64> = JumpSpace::new(usize::from(holes), Jump::along_row(holes), &[]);
        let all = (1u64 << holes) - 1;
        let keys: Vec<u64> = (0..=all).filter(|k| k.count_ones() == pegs).collect();
        let mut stream = xorshift(0x2545_F491_4F6C_DD1D);
        let mut next = |n: u64| stream.next().unwrap_or_default() % n;
        let cost = |cells: &[Cell<u64>], x: usize, j: usize| {
            let jump = space.jumps[j];
            let bit = |h: u8| 1u64 << h;
            let (f, o, t) = (bit(jump.from), bit(jump.over), bit(jump.to));
            let b = keys[x];
            if b & t == 0 || b & (f | o) != 0 {
                return None;
            }
            let at = keys.binary_search(&(all & !(b ^ f ^ o ^ t))).ok()?;
            let chained_in = cells[at].lands() & f != 0;
            let chained_out = cells[x].openers() & t != 0;
            let moves =
                u16::from(cells[at].moves_from_start()) + 1 + u16::from(cells[x].moves_to_goal())
                    - u16::from(chained_in)
                    - u16::from(chained_out);
            Some(moves)
        };
        for _ in 0..300 {
            let cells: Vec<Cell<u64>> = keys
                .iter()
                .map(|_| {
                    let to_goal = next(6) as u8;
                    let from_start = match (few_near, next(16)) {
                        (true, 0) => 1 + next(2) as u8,
                        (true, _) => 5 + next(3) as u8,
                        (false, _) => 1 + next(6) as u8,
                    };
                    Cell::of((to_goal, next(all + 1)), (from_start, next(all + 1)))
                })
                .collect();
            let every = (0..keys.len())
                .flat_map(|x| (0..space.jumps.len()).map(move |j| (x, j)))
                .filter_map(|(x, j)| cost(&cells, x, j))
                .min();
            let m = MeasuredMiddle {
                keys: &keys,
                cells: &cells,
            };
            match cross_over(&space, &m, pegs) {
                Some(Crossing::Over { moves, onto, jump }) => {
                    let x = keys.binary_search(&onto).unwrap();
                    assert_eq!(Some(u16::from(moves)), every);
                    assert_eq!(cost(&cells, x, jump), every);
                }
                other => assert!(every.is_none() && other.is_none(), "{other:?}"),
            }
        }
    }
}
