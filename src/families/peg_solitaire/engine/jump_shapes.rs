//! The legal jumps of a position found shape by shape: jumps whose holes lie at the same
//! offsets (over at `from + a`, to at `from + b`, in hole numbers) are tested for all their
//! starting holes at once, by two shifts and three ANDs, where the jump table costs a compare
//! per jump. Shapes whose starting holes differ are then read as one set (a starting hole
//! tells the shape), so the loop over the legal jumps runs once per group instead of once per
//! shape: its exit mispredicts, and on English 33 the 12 shapes make 4 groups (the vertical
//! jumps' offsets depend on the rows' widths, so each pair of rows is its own shape). Where
//! BMI2 is at hand the shapes are read into words of jumps instead (see [`Packed`]), a shift
//! either way is one rotation, and a drawn board is first laid out on its grid, where its 76
//! jumps are 4 shapes, one per direction (see [`JumpShapes::new`]).

use super::bitboard::Bitboard;
use super::jump::Jump;

/// Jumps of one shape: `from` holds their starting holes.
struct Shape<B> {
    from: B,
    /// The shifts (down, up) that bring the over hole's bit, then the to hole's, onto the
    /// starting hole's (one of each pair is zero).
    over: (u32, u32),
    to: (u32, u32),
}

/// Shapes with no starting hole in common, read together.
struct Group<B> {
    shapes: Vec<Shape<B>>,
}

pub struct JumpShapes<B> {
    groups: Vec<Group<B>>,
    /// Per group, per starting hole: the index of the jump in the jump table.
    jump_at: Vec<u16>,
    holes: usize,
    /// The same shapes read into words of jumps (see [`Packed`]), where the board and the
    /// processor allow.
    packed: Option<Packed>,
}

/// The shapes of a board of up to 64 holes read into at most two words of jumps: each shape's
/// legal starting holes squeezed by BMI2's `pext` into the bits of its own jumps, so that one
/// loop per word runs over the legal jumps, where the groups took one loop each (the meeting of
/// English 33: 1.5 M positions, each looked at once).
struct Packed {
    /// The board's layout, when not hole by hole (see [`JumpShapes::new`]).
    spread: Option<u64>,
    /// Per word, the shapes whose jumps it holds.
    shapes: [Vec<PackedShape>; 2],
    /// Per word, per bit: the index of the jump in the jump table.
    jump_at: [[u16; 64]; 2],
}

/// A shape's starting holes, the rotations (right) that bring its over and to holes' bits onto
/// them, and the bit of its first jump in its word. A rotation stands for a shift either way:
/// the bits it brings round from the other end land on no starting hole.
struct PackedShape {
    from: u64,
    over: u32,
    to: u32,
    at: u32,
}

impl PackedShape {
    /// The shape's legal jumps in `b`, as bits of its word (see [`Shape::legal`]).
    #[inline(always)]
    fn legal(&self, b: u64, backward: bool) -> u64 {
        let (over, to) = (b.rotate_right(self.over), b.rotate_right(self.to));
        let starts = if backward {
            !(b | over) & to
        } else {
            b & over & !to
        };
        squeeze(starts & self.from, self.from) << self.at
    }
}

/// The shifts (down, up) that move bit `h + offset` onto bit `h`.
fn shifts(offset: i32) -> (u32, u32) {
    if offset >= 0 {
        (offset as u32, 0)
    } else {
        (0, offset.unsigned_abs())
    }
}

#[inline]
fn moved<B: Bitboard>(b: B, (down, up): (u32, u32)) -> B {
    b.shifted_down(down).shifted_up(up)
}

/// A shape: the offsets of a jump's over and to holes from its starting hole.
type Offsets = (i32, i32);

/// The offsets of a jump's over and to holes from its starting hole, each hole `h` standing at
/// bit `place[h]`: its shape.
fn offsets(j: &Jump, place: &[u32]) -> Offsets {
    let at = |h: u8| place[usize::from(h)] as i32;
    (at(j.over) - at(j.from), at(j.to) - at(j.from))
}

/// The shapes of `jumps`, each hole `h` standing at bit `place[h]`: their offsets, ascending,
/// and each one's starting holes (None only if a jump's shape were not among them).
fn shapes_of<B: Bitboard>(jumps: &[Jump], place: &[u32]) -> Option<(Vec<Offsets>, Vec<B>)> {
    let mut kinds: Vec<Offsets> = jumps.iter().map(|j| offsets(j, place)).collect();
    kinds.sort_unstable();
    kinds.dedup();
    let mut from = vec![B::ZERO; kinds.len()];
    for j in jumps {
        let shape = kinds.binary_search(&offsets(j, place)).ok()?;
        from[shape] = from[shape] | B::bit(place[usize::from(j.from)] as usize);
    }
    Some((kinds, from))
}

impl<B: Bitboard> Shape<B> {
    /// The starting holes of the shape's jumps legal in `b` (with `backward`, of those that
    /// could have led to `b`).
    #[inline]
    fn legal(&self, b: B, backward: bool) -> B {
        let (over, to) = (moved(b, self.over), moved(b, self.to));
        if backward {
            self.from & !(b | over) & to
        } else {
            self.from & b & over & !to
        }
    }
}

impl<B: Bitboard> JumpShapes<B> {
    /// The shapes of `jumps` on a board of `holes` holes, grouped; None when the groups and the
    /// packed shapes are both too many to be worth it (more than a quarter of the jumps).
    ///
    /// `spread`, a mask of as many bits as holes, lays the board out for the packed shapes:
    /// hole i's bit is moved to the i-th bit of the mask (BMI2's `pdep`), so that a board drawn
    /// on a grid has its jumps in a few shapes (English 33 on a 7 x 7 grid: 4, where the holes
    /// numbered in a row make 12: the vertical jumps' offsets depend on the rows' widths).
    pub fn new(holes: usize, jumps: &[Jump], spread: Option<u64>) -> Option<JumpShapes<B>> {
        let packed = Packed::new(holes, jumps, spread);
        let in_order: Vec<u32> = (0..holes as u32).collect();
        let (kinds, from) = shapes_of::<B>(jumps, &in_order)?;
        // First fit: each shape joins the first group none of whose holes it starts from.
        let mut groups: Vec<(B, Group<B>)> = Vec::new();
        let mut group_of = vec![0; kinds.len()];
        for (s, &(over, to)) in kinds.iter().enumerate() {
            let shape = Shape {
                from: from[s],
                over: shifts(over),
                to: shifts(to),
            };
            let free = groups
                .iter()
                .position(|(used, _)| *used & from[s] == B::ZERO);
            let g = free.unwrap_or_else(|| {
                groups.push((B::ZERO, Group { shapes: Vec::new() }));
                groups.len() - 1
            });
            groups[g].0 = groups[g].0 | from[s];
            groups[g].1.shapes.push(shape);
            group_of[s] = g;
        }
        if groups.len() * 4 > jumps.len() {
            return packed.map(|packed| JumpShapes {
                groups: Vec::new(),
                jump_at: Vec::new(),
                holes,
                packed: Some(packed),
            });
        }
        let mut jump_at = vec![0u16; groups.len() * holes];
        for (index, j) in jumps.iter().enumerate() {
            let g = group_of[kinds.binary_search(&offsets(j, &in_order)).ok()?];
            jump_at[g * holes + j.from as usize] = u16::try_from(index).ok()?;
        }
        Some(JumpShapes {
            groups: groups.into_iter().map(|(_, g)| g).collect(),
            jump_at,
            holes,
            packed,
        })
    }

    /// Calls `f(jump)` for every jump legal in `b` (with `backward`, every jump that could
    /// have led to `b`), group by group rather than in the jump table's order.
    #[inline]
    pub fn for_each(&self, b: B, backward: bool, mut f: impl FnMut(usize)) {
        if let Some(packed) = &self.packed {
            return packed.for_each(b.fold64(), backward, f);
        }
        for (g, group) in self.groups.iter().enumerate() {
            let mut legal = B::ZERO;
            for shape in &group.shapes {
                legal = legal | shape.legal(b, backward);
            }
            let row = &self.jump_at[g * self.holes..(g + 1) * self.holes];
            while legal != B::ZERO {
                let from = legal.lowest();
                legal = legal.without_lowest();
                f(usize::from(row[from]));
            }
        }
    }
}

impl Packed {
    /// The shapes of `jumps` read into words of jumps, the board laid out by `spread` (see
    /// [`JumpShapes::new`]; ignored unless it has a bit per hole); None where the board has
    /// more than 64 holes, the shapes are more than a quarter of the jumps or do not fit two
    /// words, or the processor has no `pext`.
    fn new(holes: usize, jumps: &[Jump], spread: Option<u64>) -> Option<Packed> {
        if holes > 64 || !cfg!(all(target_arch = "x86_64", target_feature = "bmi2")) {
            return None;
        }
        let spread = spread.filter(|m| m.count_ones() as usize == holes);
        let place: Vec<u32> = match spread {
            Some(mask) => (0..64).filter(|&bit| mask >> bit & 1 == 1).collect(),
            None => (0..holes as u32).collect(),
        };
        let (kinds, from) = shapes_of::<u64>(jumps, &place)?;
        if kinds.len() * 4 > jumps.len() {
            return None;
        }
        let mut placed = Vec::with_capacity(kinds.len());
        let (mut word, mut at) = (0, 0);
        for (&(over, to), &starts) in kinds.iter().zip(&from) {
            if at + starts.count_ones() > 64 {
                (word, at) = (word + 1, 0);
            }
            let right = |offset: i32| offset.rem_euclid(64) as u32;
            let shape = PackedShape {
                from: starts,
                over: right(over),
                to: right(to),
                at,
            };
            placed.push((word, shape));
            at += starts.count_ones();
        }
        if word > 1 {
            return None;
        }
        let mut jump_at = [[0u16; 64]; 2];
        for (index, j) in jumps.iter().enumerate() {
            let (word, packed) = &placed[kinds.binary_search(&offsets(j, &place)).ok()?];
            // Its bit: the shape's jumps in the order of their starting holes, as `pext` keeps.
            let before = (packed.from & ((1u64 << place[j.from as usize]) - 1)).count_ones();
            jump_at[*word][(packed.at + before) as usize] = u16::try_from(index).ok()?;
        }
        let mut shapes = [Vec::new(), Vec::new()];
        for (word, shape) in placed {
            shapes[word].push(shape);
        }
        Some(Packed {
            spread,
            shapes,
            jump_at,
        })
    }

    /// [`JumpShapes::for_each`] through the words of jumps.
    #[inline]
    fn for_each(&self, b: u64, backward: bool, mut f: impl FnMut(usize)) {
        let b = self.spread.map_or(b, |mask| deposit(b, mask));
        // Each word gathered in a register (ORed into an array indexed by word, every shape
        // waited on the store before it).
        let words = self
            .shapes
            .each_ref()
            .map(|shapes| shapes.iter().fold(0, |w, s| w | s.legal(b, backward)));
        for (row, mut legal) in self.jump_at.iter().zip(words) {
            while legal != 0 {
                f(usize::from(row[legal.trailing_zeros() as usize]));
                legal &= legal - 1;
            }
        }
    }
}

/// The low bits of `x` moved up onto the bits of `mask`, in order: BMI2's `pdep` (without
/// it, no board is laid out: [`Packed::new`] needs `pext` too).
#[inline(always)]
fn deposit(x: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: BMI2 is enabled for the whole build (cfg above); `pdep` reads only registers.
    unsafe {
        std::arch::x86_64::_pdep_u64(x, mask)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let _ = mask;
        x
    }
}

/// The bits of `x` under `mask`, moved down next to each other: BMI2's `pext` (without it, a
/// loop over the mask's bits, which [`Packed::new`] does not let the shapes use).
#[inline(always)]
fn squeeze(x: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: BMI2 is enabled for the whole build (cfg above); `pext` reads only registers.
    unsafe {
        std::arch::x86_64::_pext_u64(x, mask)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let (mut out, mut rest) = (0, mask);
        for bit in 0..mask.count_ones() {
            out |= u64::from(x & rest & rest.wrapping_neg() != 0) << bit;
            rest &= rest - 1;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::random::xorshift;

    /// English 33: jumps right and left are a shape each; each downward (upward) pair of rows
    /// is a shape, and those start from different rows, so they are read as one group.
    #[test]
    fn the_english_board_reads_four_groups() {
        let (cells, jumps) = Jump::english();
        let shapes = JumpShapes::<u64>::new(33, &jumps, None).unwrap();
        let count: usize = shapes.groups.iter().map(|g| g.shapes.len()).sum();
        assert_eq!((count, shapes.groups.len()), (12, 4));
        // Its 76 jumps fit two words (where the processor has `pext`).
        let packed = cfg!(all(target_arch = "x86_64", target_feature = "bmi2"));
        assert_eq!(shapes.packed.is_some(), packed);
        // Laid out on its 7 x 7 grid, the jumps are four shapes: one per direction.
        let laid_out = JumpShapes::<u64>::new(33, &jumps, Some(grid(&cells, 7))).unwrap();
        if let Some(p) = laid_out.packed {
            assert_eq!(p.shapes.iter().map(Vec::len).sum::<usize>(), 4);
        }
    }

    /// The bits of a grid `width` cells wide that `cells` (column, row) cover.
    fn grid(cells: &[(i32, i32)], width: i32) -> u64 {
        cells.iter().fold(0, |m, &(x, y)| m | 1 << (y * width + x))
    }

    /// Random positions of three boards, each laid out hole by hole and on a grid (the
    /// triangle's rows as a skewed grid of 5 columns; 12 holes in a row spread one bit apart):
    /// the shapes find exactly the table's legal jumps.
    #[test]
    fn the_same_jumps_as_the_table() {
        let (triangle, _) = Jump::triangle();
        let (cells, english) = Jump::english();
        let skewed: Vec<(i32, i32)> = (0..5).flat_map(|r| (0..=r).map(move |c| (c, r))).collect();
        let boards = [
            (15, &triangle, None),
            (15, &triangle, Some(grid(&skewed, 5))),
            (33, &english, None),
            (33, &english, Some(grid(&cells, 7))),
            (12, &Jump::along_row(12), None),
            (12, &Jump::along_row(12), Some(0x55_5555)),
        ];
        for (holes, jumps, spread) in boards {
            let Some(shapes) = JumpShapes::<u64>::new(holes, jumps, spread) else {
                assert_eq!(
                    (holes, spread),
                    (15, None),
                    "only the triangle has too many shapes"
                );
                continue;
            };
            for rng in xorshift(0x9E37_79B9_7F4A_7C15).take(20_000) {
                let b = rng & ((1u64 << holes) - 1);
                for backward in [false, true] {
                    let mut found = Vec::new();
                    shapes.for_each(b, backward, |j| found.push(j));
                    found.sort_unstable();
                    let has = |h: u8| b >> h & 1 == 1;
                    let expected: Vec<usize> = (0..jumps.len())
                        .filter(|&i| {
                            let j = jumps[i];
                            let (f, o, t) = (has(j.from), has(j.over), has(j.to));
                            if backward {
                                !f && !o && t
                            } else {
                                f && o && !t
                            }
                        })
                        .collect();
                    assert_eq!(found, expected, "{b:#x} backward {backward} {spread:?}");
                }
            }
        }
    }
}
