//! The state space of peg jumping on any board: holes as bits of a [`Bitboard`], a jump table
//! (from, over, to), and a symmetry group under which positions are reduced to one canonical
//! representative. Knows nothing of specs: a family hands it hole counts, jumps and permutations.

use super::bitboard::Bitboard;
use super::jump::Jump;
use super::jump_shapes::JumpShapes;
use super::parity_sets::parity_sets;
use super::ranked_keys::KeyRanks;
use std::sync::OnceLock;

pub struct JumpSpace<B: Bitboard> {
    pub holes: usize,
    /// Every hole.
    pub board: B,
    pub jumps: Vec<Jump>,
    /// from | over: the bits that must hold pegs.
    need: Vec<B>,
    /// from | over | to: the bits a jump flips.
    mask: Vec<B>,
    /// Size of the symmetry group, identity included.
    group: usize,
    /// The group in blocks of [`LANES`] permutations (the first is the identity; a short last
    /// block is padded with it). Per block, per chunk of `chunk_bits` holes, per value of the
    /// chunk: the images of the chunk under the block's permutations, side by side, so one
    /// position's images under a whole block cost one table row per chunk (one cache line for
    /// u64) and a handful of ORs.
    tables: Vec<[B; LANES]>,
    blocks: usize,
    chunks: usize,
    chunk_bits: usize,
    /// Per jump: the images of the holes it flips under the first block (see [`Images`]).
    jump_images: Vec<[B; LANES]>,
    /// Per symmetry (in lane order, block by block), per jump: the index of its image.
    jump_perm: Vec<u16>,
    /// The jumps by shape, to find the legal ones fast (None: too many shapes).
    shapes: Option<JumpShapes<B>>,
    /// The ranks of keys within a layer, built on first use (None: the board is too large).
    key_ranks: OnceLock<Option<KeyRanks>>,
}

/// The images of a position under the first block of the symmetry group (lane 0 is the
/// position itself). A symmetry permutes holes, so it maps the XOR of two sets to the XOR of
/// their images: the images after jump `j` are these XOR the images of the holes `j` flips,
/// and the canonical key of a successor costs a few XORs instead of the table lookups.
#[derive(Debug, Clone, Copy)]
pub struct Images<B>([B; LANES]);

/// Symmetries imaged together; 8 covers the square boards' group in one block.
const LANES: usize = 8;
/// At most this many bits per table chunk: 33 holes in 3 lookups, 384 KB of tables (L2).
const CHUNK_BITS: usize = 11;

/// Per permutation, per jump: the index of the jump's image (the group maps the jumps onto
/// themselves, as [`super::super::symmetry`] finds it; a jump with no image keeps its own).
fn jump_permutations(jumps: &[Jump], perms: &[Vec<u8>]) -> Vec<u16> {
    let index: rustc_hash::FxHashMap<(u8, u8, u8), u16> = jumps
        .iter()
        .zip(0u16..)
        .map(|(j, i)| ((j.from, j.over, j.to), i))
        .collect();
    let mut out = Vec::with_capacity(perms.len() * jumps.len());
    for p in perms {
        for (j, i) in jumps.iter().zip(0u16..) {
            let image = (p[j.from as usize], p[j.over as usize], p[j.to as usize]);
            out.push(index.get(&image).copied().unwrap_or(i));
        }
    }
    out
}

impl<B: Bitboard> JumpSpace<B> {
    /// [`JumpSpace::laid_out`] with the holes in their own order: for tests, whose boards
    /// are no drawings.
    #[cfg(test)]
    pub fn new(holes: usize, jumps: Vec<Jump>, group: &[Vec<u8>]) -> JumpSpace<B> {
        Self::laid_out(holes, jumps, group, None)
    }

    /// The space of a board of `holes` holes and `jumps`, under `group` (closed under
    /// composition; its identity may be left out), its legal jumps found on the board laid out
    /// by `spread` (see [`JumpShapes::new`]: a board drawn on a grid, its holes in reading
    /// order, has its jumps in fewer shapes there).
    pub fn laid_out(
        holes: usize,
        jumps: Vec<Jump>,
        group: &[Vec<u8>],
        spread: Option<u64>,
    ) -> JumpSpace<B> {
        assert!(holes <= B::BITS);
        let need = jumps
            .iter()
            .map(|j| B::bit(j.from as usize) | B::bit(j.over as usize))
            .collect();
        let mask = jumps
            .iter()
            .map(|j| B::bit(j.from as usize) | B::bit(j.over as usize) | B::bit(j.to as usize))
            .collect();
        let identity: Vec<u8> = (0..holes as u8).collect();
        let mut perms = vec![identity.clone()];
        perms.extend(
            group
                .iter()
                .filter(|p| p.iter().enumerate().any(|(i, &q)| i != q as usize))
                .cloned(),
        );
        let group = perms.len();
        let jump_perm = jump_permutations(&jumps, &perms);
        let blocks = group.div_ceil(LANES);
        let chunks = holes.div_ceil(CHUNK_BITS).max(1);
        let chunk_bits = holes.div_ceil(chunks).max(1);
        let size = 1usize << chunk_bits;
        let mut tables = vec![[B::ZERO; LANES]; blocks * chunks * size];
        for block in 0..blocks {
            for c in 0..chunks {
                let base = (block * chunks + c) * size;
                for v in 0..size {
                    for (lane, slot) in tables[base + v].iter_mut().enumerate() {
                        let perm = perms.get(block * LANES + lane).unwrap_or(&identity);
                        let mut img = B::ZERO;
                        for bit in 0..chunk_bits {
                            let hole = chunk_bits * c + bit;
                            if v >> bit & 1 == 1 && hole < holes {
                                img = img | B::bit(perm[hole] as usize);
                            }
                        }
                        *slot = img;
                    }
                }
            }
        }
        let shapes = JumpShapes::new(holes, &jumps, spread);
        let mut space = JumpSpace {
            holes,
            board: (0..holes).fold(B::ZERO, |b, h| b | B::bit(h)),
            jumps,
            need,
            mask,
            group,
            tables,
            blocks,
            chunks,
            chunk_bits,
            jump_images: Vec::new(),
            jump_perm,
            shapes,
            key_ranks: OnceLock::new(),
        };
        space.jump_images = space.mask.iter().map(|&m| space.images(m, 0)).collect();
        space
    }

    /// The ranking of keys within a layer (see [`KeyRanks`]), None on boards too large for it.
    pub fn key_ranks(&self) -> Option<&KeyRanks> {
        self.key_ranks
            .get_or_init(|| {
                let sets = parity_sets(self.holes, &self.jumps);
                KeyRanks::new(self.holes, &sets)
            })
            .as_ref()
    }

    /// Size of the symmetry group (identity included).
    pub fn group_size(&self) -> usize {
        self.group
    }

    /// The position after jump `j`, when it is legal in `b`.
    #[inline]
    pub fn apply(&self, b: B, j: usize) -> Option<B> {
        (b & self.mask[j] == self.need[j]).then(|| b ^ self.mask[j])
    }

    /// Calls `f(jump, next)` for every legal jump of `b`, in jump order.
    #[inline]
    pub fn for_each_jump(&self, b: B, mut f: impl FnMut(usize, B)) {
        for chunk in 0..self.jump_chunks() {
            let mut legal = self.legal_jumps(b, chunk);
            while legal != 0 {
                let j = chunk * 64 + legal.trailing_zeros() as usize;
                legal &= legal - 1;
                f(j, b ^ self.mask[j]);
            }
        }
    }

    /// Calls `f(jump, previous)` for every jump that could have led to `b`, in jump order.
    #[inline]
    pub fn for_each_unjump(&self, b: B, mut f: impl FnMut(usize, B)) {
        for chunk in 0..self.jump_chunks() {
            let masks = &self.mask[chunk * 64..self.jumps.len().min(chunk * 64 + 64)];
            let needs = &self.need[chunk * 64..self.jumps.len().min(chunk * 64 + 64)];
            let mut legal = 0u64;
            for (i, (&m, &n)) in masks.iter().zip(needs).enumerate() {
                legal |= u64::from(b & m == m ^ n) << i;
            }
            while legal != 0 {
                let j = chunk * 64 + legal.trailing_zeros() as usize;
                legal &= legal - 1;
                f(j, b ^ self.mask[j]);
            }
        }
    }

    /// Calls `f(jump)` for every legal jump of `b` (with `backward`, every jump that could have
    /// led to `b`) in no set order: the fastest way through them where the order does not
    /// matter, as when gathering a set of successors.
    #[inline]
    pub fn for_each_move(&self, b: B, backward: bool, mut f: impl FnMut(usize)) {
        match &self.shapes {
            Some(shapes) => shapes.for_each(b, backward, f),
            None if backward => self.for_each_unjump(b, |j, _| f(j)),
            None => self.for_each_jump(b, |j, _| f(j)),
        }
    }

    /// The jump table in blocks of 64 jumps (see [`JumpSpace::legal_jumps`]).
    #[inline]
    pub fn jump_chunks(&self) -> usize {
        self.jumps.len().div_ceil(64)
    }

    /// Bit i set when jump `64 * chunk + i` is legal in `b`. Tested without a branch per jump:
    /// most jumps are illegal, at random, and a mispredicted branch per jump cost more than
    /// the tests.
    #[inline]
    pub fn legal_jumps(&self, b: B, chunk: usize) -> u64 {
        let end = self.jumps.len().min(chunk * 64 + 64);
        let masks = &self.mask[chunk * 64..end];
        let needs = &self.need[chunk * 64..end];
        let mut legal = 0u64;
        for (i, (&m, &n)) in masks.iter().zip(needs).enumerate() {
            legal |= u64::from(b & m == n) << i;
        }
        legal
    }

    /// The images of `b` under the permutations of `block` (see `tables`).
    #[inline]
    fn images(&self, b: B, block: usize) -> [B; LANES] {
        let size = 1usize << self.chunk_bits;
        let rows = &self.tables[block * self.chunks * size..(block + 1) * self.chunks * size];
        let mut out = [B::ZERO; LANES];
        for c in 0..self.chunks {
            let row = &rows[c * size + b.chunk(c * self.chunk_bits, self.chunk_bits)];
            for (o, &r) in out.iter_mut().zip(row) {
                *o = *o | r;
            }
        }
        out
    }

    /// The smallest image of `b` under the symmetry group: one key per class of positions.
    #[inline]
    pub fn canonical(&self, b: B) -> B {
        let mut best = b;
        for block in 0..self.blocks {
            for x in self.images(b, block) {
                best = best.min(x);
            }
        }
        best
    }

    /// The images of `b` under the group's first block, to be carried through jumps.
    #[inline]
    pub fn images_of(&self, b: B) -> Images<B> {
        Images(self.images(b, 0))
    }

    /// The images of the position after jump `j` (legal there) of the position imaged in `im`.
    #[inline]
    pub fn after(&self, im: &Images<B>, j: usize) -> Images<B> {
        let mut out = im.0;
        for (o, &m) in out.iter_mut().zip(&self.jump_images[j]) {
            *o = *o ^ m;
        }
        Images(out)
    }

    /// The canonical key of the position imaged in `im` (equal to [`JumpSpace::canonical`]):
    /// the least of its images, the blocks past the first looked up in the tables. Only the
    /// compares of a board with its top bit free and a group of one block are inlined where
    /// keys are made.
    #[inline(always)]
    pub fn least(&self, im: &Images<B>) -> B {
        if self.one_narrow_block() {
            B::least_below_top(&im.0)
        } else {
            self.least_of_any(im)
        }
    }

    /// [`JumpSpace::least`] on any board and group.
    #[inline(never)]
    fn least_of_any(&self, im: &Images<B>) -> B {
        let mut best = im.0.iter().fold(im.0[0], |m, &x| m.min(x));
        for block in 1..self.blocks {
            for x in self.images(im.0[0], block) {
                best = best.min(x);
            }
        }
        best
    }

    /// The canonical key of the position imaged in `im` and the symmetry that maps it there,
    /// as [`JumpSpace::least`] and [`JumpSpace::symmetry_to`] find them, in one pass with no
    /// branch on the images where the board's top bit is free and the group fits one block
    /// (the first least lane wins, so a padding lane, a copy of the identity's, is never
    /// taken; see [`super::least_lane`]).
    #[inline(always)]
    pub fn least_and_symmetry(&self, im: &Images<B>) -> (B, usize) {
        if !self.one_narrow_block() {
            return self.least_and_symmetry_of_any(im);
        }
        B::least_lane_below_top(&im.0)
    }

    /// Whether the board leaves its word's top bit free (so that signed compares order its
    /// positions) and the group fits one block of images: the case inlined where keys are made.
    #[inline(always)]
    fn one_narrow_block(&self) -> bool {
        self.holes < B::BITS && self.blocks == 1
    }

    /// [`JumpSpace::least_and_symmetry`] for a group of several blocks (or a board filling its
    /// word), kept out of line so that the one block's compares are inlined where keys are made
    /// (a call for each was about a tenth of the lower half's edges).
    #[inline(never)]
    fn least_and_symmetry_of_any(&self, im: &Images<B>) -> (B, usize) {
        let key = self.least(im);
        (key, self.symmetry_to(im, key))
    }

    /// The images of the complement (pegs and holes swapped) of the position imaged in `im`:
    /// a symmetry maps the whole board onto itself, so each image is the board XOR the image.
    #[inline]
    pub fn complement(&self, im: &Images<B>) -> Images<B> {
        let mut out = im.0;
        for o in &mut out {
            *o = *o ^ self.board;
        }
        Images(out)
    }

    /// The symmetry (its index in the group) that maps the position imaged in `im` onto
    /// `least`, its canonical key.
    pub fn symmetry_to(&self, im: &Images<B>, least: B) -> usize {
        if let Some(lane) = im.0.iter().position(|&x| x == least) {
            return if lane < self.group { lane } else { 0 };
        }
        (1..self.blocks)
            .find_map(|block| {
                let lane = self
                    .images(im.0[0], block)
                    .iter()
                    .position(|&x| x == least)?;
                Some(block * LANES + lane)
            })
            .filter(|&g| g < self.group)
            .unwrap_or(0)
    }

    /// The image of `b` under symmetry `g` (an index as [`JumpSpace::symmetry_to`] gives).
    pub fn image(&self, b: B, g: usize) -> B {
        self.images(b, g / LANES)[g % LANES]
    }

    /// `set` with its images under every symmetry that maps `b` onto itself (most positions
    /// have none but the identity).
    pub fn closed_under_symmetries(&self, b: B, set: B) -> B {
        self.fixing(b).skip(1).fold(set, |out, (block, lane)| {
            out | self.images(set, block)[lane]
        })
    }

    /// The symmetries that map `b` onto itself, as (block, lane) of the images, the identity
    /// first.
    fn fixing(&self, b: B) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.blocks).flat_map(move |block| {
            let real = (self.group - block * LANES).min(LANES);
            let images = self.images(b, block);
            (0..real)
                .filter(move |&lane| images[lane] == b)
                .map(move |lane| (block, lane))
        })
    }

    /// The image of jump `j` under symmetry `g` (an index as [`JumpSpace::symmetry_to`] gives).
    #[inline]
    pub fn jump_image(&self, g: usize, j: usize) -> usize {
        usize::from(self.jump_perm[g * self.jumps.len() + j])
    }

    /// How many distinct positions the class of `b` holds.
    pub fn orbit_size(&self, b: B) -> u64 {
        (self.group / self.fixing(b).count()) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row of 4 holes with jumps both ways; the mirror swaps the ends.
    fn row4() -> JumpSpace<u64> {
        let j = |from, over, to| Jump { from, over, to };
        JumpSpace::new(
            4,
            vec![j(0, 1, 2), j(2, 1, 0), j(1, 2, 3), j(3, 2, 1)],
            &[vec![3, 2, 1, 0]],
        )
    }

    #[test]
    fn jumps_and_unjumps_are_inverse() {
        let s = row4();
        let b = 0b0011u64;
        let mut seen = Vec::new();
        s.for_each_jump(b, |j, next| seen.push((j, next)));
        assert_eq!(seen, vec![(0, 0b0100)]);
        let mut back = Vec::new();
        s.for_each_unjump(0b0100, |j, previous| back.push((j, previous)));
        assert_eq!(back, vec![(0, b)]);
    }

    #[test]
    fn canonical_form_and_orbits() {
        let s = row4();
        assert_eq!(s.canonical(0b1000), 0b0001);
        assert_eq!(s.orbit_size(0b1000), 2);
        assert_eq!(s.orbit_size(0b1001), 1);
    }

    /// Every permutation of 10 holes fixing hole 0 that keeps the order of 1..4 and of 5..9
    /// apart from cyclic shifts: a group of 20 (three blocks), with no jump structure needed.
    fn cyclic_group() -> Vec<Vec<u8>> {
        let mut group = Vec::new();
        for a in 0..4u8 {
            for b in 0..5u8 {
                let mut p = vec![0u8];
                p.extend((0..4).map(|i| 1 + (i + a) % 4));
                p.extend((0..5).map(|i| 5 + (i + b) % 5));
                group.push(p);
            }
        }
        group
    }

    /// The cyclic shifts of holes 1..4 with the swap of holes 5 and 6 or not: a group of 8,
    /// one whole block.
    fn group_of_eight() -> Vec<Vec<u8>> {
        let mut group = Vec::new();
        for a in 0..4u8 {
            for swap in [false, true] {
                let mut p = vec![0u8];
                p.extend((0..4).map(|i| 1 + (i + a) % 4));
                p.extend(if swap { [6, 5] } else { [5, 6] });
                p.extend(7..10);
                group.push(p);
            }
        }
        group
    }

    #[test]
    fn least_and_symmetry_in_one_pass_are_those_found_apart() {
        let jumps = Jump::along_row(10);
        let mirror: Vec<u8> = (0..10).rev().collect();
        // The identity alone, a group of 2 (lanes padded), of 8 (one block), of 20 (three).
        for group in [vec![], vec![mirror], group_of_eight(), cyclic_group()] {
            let s = JumpSpace::<u64>::new(10, jumps.clone(), &group);
            for b in 0..1u64 << 10 {
                let im = s.images_of(b);
                let (key, g) = s.least_and_symmetry(&im);
                assert_eq!(key, s.least(&im), "{b:#x}");
                assert_eq!(g, s.symmetry_to(&im, key), "{b:#x}");
                assert_eq!(s.image(b, g), key, "{b:#x}");
            }
        }
    }

    #[test]
    fn images_carried_through_jumps_give_the_canonical_key() {
        let j = |from, over, to| Jump { from, over, to };
        let jumps: Vec<Jump> = (0..8u8)
            .flat_map(|a| [j(a, a + 1, a + 2), j(a + 2, a + 1, a)])
            .collect();
        for group in [vec![], cyclic_group()] {
            let s = JumpSpace::<u64>::new(10, jumps.clone(), &group);
            for b in 0..1u64 << 10 {
                let im = s.images_of(b);
                assert_eq!(s.least(&im), s.canonical(b));
                let mut seen = 0;
                s.for_each_jump(b, |jump, next| {
                    assert_eq!(s.least(&s.after(&im, jump)), s.canonical(next));
                    seen += 1;
                });
                s.for_each_unjump(b, |jump, previous| {
                    assert_eq!(s.least(&s.after(&im, jump)), s.canonical(previous));
                });
                assert!(seen <= 16);
            }
        }
    }
}
