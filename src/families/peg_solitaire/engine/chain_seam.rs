//! Where a central game's shortest solutions cross the middle, measured by halves (see
//! [`super::chain_moves`]): a solution through a position `p` of the first layer above the
//! middle has as many moves as the start needs to reach `p` (its complement's distance counted
//! from the start, a middle position's) and `p` needs to finish, one fewer when the last jump
//! into `p` and the first out of it can be one chain: a hole where some shortest way in lands
//! and some shortest way out starts. Longer ways in or out never do better: a chain saves one
//! move at most.

use super::bitboard::Bitboard;
use super::chain_moves::NO_PEG;
use super::jump_space::JumpSpace;
use super::useful_mirror::complements;
use rayon::prelude::*;

/// The fewest moves of a solution and one middle position they cross at: the start reaches
/// its complement in the fewest moves; `hole` (in the middle position's frame, [`NO_PEG`] when
/// none) is where the way in lands and the way out starts, a chain.
#[derive(Debug, Clone, Copy)]
pub struct Crossing<B> {
    pub moves: u8,
    pub middle: B,
    pub hole: u8,
}

/// The crossing of the fewest moves, from the middle layer (keys, moves from the start to each
/// complement, and the holes where the shortest ways in land, in each key's frame) and the
/// layer of its complements (keys, moves to the goal, openers); the first middle position of
/// the fewest. None when no complement is in that layer.
pub fn cross<B: Bitboard>(
    space: &JumpSpace<B>,
    (middle, from_start, lands): (&[B], &[u8], &[B]),
    (seam, to_goal, openers): (&[B], &[u8], &[B]),
) -> Option<Crossing<B>> {
    // The seam is the middle's complements, every one, when the graph was built from them
    // (see `super::useful_graph`): their places come from one sort rather than a search each.
    let sorted = complements(space, middle).filter(|c| c.keys == seam);
    // The complement of middle position `i`: its place in the seam and the symmetry onto it.
    let flipped = |i: usize| match &sorted {
        Some(c) => Some((c.at[i] as usize, c.symmetry(i))),
        None => {
            let im = space.complement(&space.images_of(middle[i]));
            let key = space.least(&im);
            let at = seam.binary_search(&key).ok()?;
            Some((at, space.symmetry_to(&im, key)))
        }
    };
    let shared = |i: usize, at: usize, g: usize| space.image(lands[i], g) & openers[at];
    let (moves, i) = (0..middle.len())
        .into_par_iter()
        .filter_map(|i| {
            let (at, g) = flipped(i)?;
            let chained = shared(i, at, g) != B::ZERO;
            let moves = from_start[i].saturating_add(to_goal[at]) - u8::from(chained);
            Some((moves, i))
        })
        .min()?;
    let (at, g) = flipped(i)?;
    let hole = (0..space.holes)
        .find(|&h| {
            lands[i] & B::bit(h) != B::ZERO && space.image(B::bit(h), g) & openers[at] != B::ZERO
        })
        .map_or(NO_PEG, |h| h as u8);
    debug_assert_eq!(hole != NO_PEG, shared(i, at, g) != B::ZERO);
    Some(Crossing {
        moves,
        middle: middle[i],
        hole,
    })
}

#[cfg(test)]
mod tests {
    use super::super::jump_space::Jump;
    use super::*;

    #[test]
    fn a_chain_across_the_middle_saves_a_move_where_the_way_in_lands_on_an_opener() {
        // Six holes in a row, no symmetry: two middle positions, each 3 moves from the start
        // and 4 from the goal at their complements (the second, first among the seam's keys);
        // a chain only where a way in lands on an opener of the same complement.
        let space: JumpSpace<u64> = JumpSpace::new(6, Jump::along_row(6), &[]);
        let middle = [0b000111, 0b001011];
        let seam = [0b110100, 0b111000];
        let lands = [1 << 4, 1 << 2];
        let openers = [1 << 4 | 1 << 5, 1 << 5 | 1 << 1];
        let c = cross(
            &space,
            (&middle, &[3, 3], &lands),
            (&seam, &[4, 4], &openers),
        )
        .unwrap();
        assert_eq!((c.moves, c.middle, c.hole), (7, 0b000111, NO_PEG));
        let openers = [1 << 5, 1 << 4 | 1 << 1];
        let c = cross(
            &space,
            (&middle, &[3, 3], &lands),
            (&seam, &[4, 4], &openers),
        )
        .unwrap();
        assert_eq!((c.moves, c.middle, c.hole), (6, 0b000111, 4));
    }

    #[test]
    fn the_hole_landed_on_is_read_in_the_complements_frame() {
        // The row's mirror maps 0b000111's complement onto it: its way in landing on hole 4 is
        // hole 1 in the frame of the complement's key.
        let mirror: Vec<u8> = (0..6).rev().collect();
        let space: JumpSpace<u64> = JumpSpace::new(6, Jump::along_row(6), &[mirror]);
        let key = [0b000111];
        let cross_with = |openers: u64| {
            let c = cross(&space, (&key, &[3], &[1 << 4]), (&key, &[4], &[openers])).unwrap();
            (c.moves, c.hole)
        };
        assert_eq!(cross_with(1 << 1), (6, 4));
        assert_eq!(cross_with(1 << 4), (7, NO_PEG));
    }
}
