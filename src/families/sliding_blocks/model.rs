//! The packed position: for each class of interchangeable pieces, the sorted placement numbers of
//! its pieces, side by side in a u128 — one canonical code per position, so positions that differ
//! only by swapping interchangeable pieces are one state. Moves slide one piece: one cell
//! (`steps`) or anywhere it can reach (`moves`), or out through an exit gap.

use super::board::{Board, DIRS, Tile};
use crate::engine::{ReversibleSpace, StateSpace};

pub type State = u128;

/// No placement there.
pub const NONE: u16 = u16::MAX;
/// At most this many pieces (each takes at least one bit of the code).
pub const MAX_PIECES: usize = 128;
/// At most this many board cells (a placement is a u128 mask of cells).
pub const MAX_CELLS: usize = 128;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    /// One piece one cell is one move.
    Steps,
    /// One piece any number of cells, along any path, is one move.
    Moves,
}

/// A piece of class `class` goes from placement `from` to `to` (the class's `gone` = off the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub class: u8,
    pub from: u16,
    pub to: u16,
}

/// Pieces that are interchangeable: one shape, one axis, one right to exit.
pub struct Class {
    /// The pieces (indices into the board's pieces) of this class.
    pub pieces: Vec<usize>,
    /// The cells each placement covers.
    pub masks: Vec<u128>,
    /// The grid (row, col) of the shape's first cell, per placement.
    pub anchors: Vec<(i32, i32)>,
    /// The placement one cell away in each direction, or NONE.
    pub step: Vec<[u16; 4]>,
    /// The directions (bits) in which the piece leaves the board from each placement.
    pub leave: Vec<u8>,
    /// The cells a piece at each placement would enter by one step along its axis.
    front: Vec<u128>,
    /// The directions the piece may move in (bits).
    pub dirs: u8,
    /// The number that stands for "left the board".
    pub gone: u16,
    /// From the shape's first cell to the top-left corner of its bounding box.
    pub corner: (i32, i32),
    bits: u32,
    shift: u32,
}

impl Class {
    /// The placements of `shape` on the board, with their neighbours and exits.
    pub fn new(
        board: &Board,
        shape: &[(i32, i32)],
        pieces: Vec<usize>,
        dirs: u8,
        can_exit: bool,
    ) -> Class {
        let (anchors, masks) = placements(board, shape);
        let find = |a: (i32, i32)| anchors.binary_search(&a).map_or(NONE, |i| i as u16);
        let step: Vec<[u16; 4]> = anchors
            .iter()
            .map(|&(r, c)| std::array::from_fn(|d| find((r + DIRS[d].0, c + DIRS[d].1))))
            .collect();
        let leave = anchors
            .iter()
            .map(|&a| {
                if can_exit {
                    leave_dirs(board, shape, a) & dirs
                } else {
                    0
                }
            })
            .collect();
        let front = front_cells(&step, &masks, dirs);
        let gone = masks.len() as u16;
        let values = u32::from(gone) + u32::from(can_exit);
        Class {
            pieces,
            masks,
            anchors,
            step,
            leave,
            front,
            dirs,
            gone,
            corner: (
                shape.iter().map(|c| c.0).min().unwrap_or(0),
                shape.iter().map(|c| c.1).min().unwrap_or(0),
            ),
            bits: (32 - values.saturating_sub(1).leading_zeros()).max(1),
            shift: 0,
        }
    }

    pub fn anchor_of(&self, anchor: (i32, i32)) -> Option<u16> {
        self.anchors.binary_search(&anchor).ok().map(|i| i as u16)
    }

    /// Bits of the code this class takes.
    pub fn code_bits(&self) -> u32 {
        self.bits * self.pieces.len() as u32
    }
}

/// Every placement of `shape` on the board's cells: its anchor (the grid position of the shape's
/// first cell) and the cells it covers, in reading order of the anchors.
fn placements(board: &Board, shape: &[(i32, i32)]) -> (Vec<(i32, i32)>, Vec<u128>) {
    let cell_id = cell_ids(board);
    let mut anchors = Vec::new();
    let mut masks = Vec::new();
    for r in 0..board.height as i32 {
        for c in 0..board.width as i32 {
            let ids: Option<Vec<u32>> = shape
                .iter()
                .map(|&(dr, dc)| cell_id(r + dr, c + dc))
                .collect();
            if let Some(ids) = ids {
                anchors.push((r, c));
                masks.push(ids.iter().fold(0u128, |m, &i| m | 1u128 << i));
            }
        }
    }
    (anchors, masks)
}

/// Per placement, the cells one step along an allowed direction would newly cover.
fn front_cells(step: &[[u16; 4]], masks: &[u128], dirs: u8) -> Vec<u128> {
    step.iter()
        .zip(masks)
        .map(|(next, own)| {
            (0..4)
                .filter(|&d| dirs & (1 << d) != 0 && next[d] != NONE)
                .fold(0u128, |m, d| m | (masks[next[d] as usize] & !own))
        })
        .collect()
}

/// Grid position -> board cell number (reading order), None off the cells.
fn cell_ids(board: &Board) -> impl Fn(i32, i32) -> Option<u32> + '_ {
    let mut ids = vec![None; board.tiles.len()];
    let mut next = 0u32;
    for (i, t) in board.tiles.iter().enumerate() {
        if *t == Tile::Cell {
            ids[i] = Some(next);
            next += 1;
        }
    }
    move |r, c| {
        (board.tile(r, c) == Tile::Cell)
            .then(|| ids[r as usize * board.width + c as usize])
            .flatten()
    }
}

/// Directions in which every cell in front of the piece at `anchor` is an exit gap facing that way.
fn leave_dirs(board: &Board, shape: &[(i32, i32)], (r, c): (i32, i32)) -> u8 {
    let mut out = 0u8;
    for (d, &(dr, dc)) in DIRS.iter().enumerate() {
        let fits = shape
            .iter()
            .filter(|&&(sr, sc)| !shape.contains(&(sr + dr, sc + dc)))
            .all(|&(sr, sc)| {
                board.tile(r + sr + dr, c + sc + dc) == Tile::Exit(super::board::Dir(d as u8))
            });
        if fits {
            out |= 1 << d;
        }
    }
    out
}

pub struct Blocks {
    pub classes: Vec<Class>,
    pub metric: Metric,
    /// The class of each slot of the code (slots of a class are consecutive).
    slot_class: Vec<u8>,
    /// The first slot of each class, and one past the last.
    class_start: Vec<usize>,
    /// Every cell of the board.
    cells: u128,
}

impl Blocks {
    /// None when the code needs more than 128 bits.
    pub fn new(mut classes: Vec<Class>, metric: Metric) -> Option<Blocks> {
        let mut shift = 0u32;
        let mut slot_class = Vec::new();
        let mut class_start = vec![0];
        for (k, class) in classes.iter_mut().enumerate() {
            class.shift = shift;
            shift += class.code_bits();
            slot_class.extend(std::iter::repeat_n(k as u8, class.pieces.len()));
            class_start.push(slot_class.len());
        }
        let cells = classes
            .iter()
            .flat_map(|c| c.masks.iter())
            .fold(0u128, |m, p| m | p);
        (shift <= 128 && slot_class.len() <= MAX_PIECES).then_some(Blocks {
            cells,
            classes,
            metric,
            slot_class,
            class_start,
        })
    }

    pub fn slots(&self) -> usize {
        self.slot_class.len()
    }

    /// The slots of class `k`.
    pub fn class_slots(&self, k: usize) -> std::ops::Range<usize> {
        self.class_start[k]..self.class_start[k + 1]
    }

    /// The code of a position given as placement numbers per slot (sorted here per class).
    pub fn pack(&self, ids: &[u16]) -> State {
        let mut s = 0u128;
        for k in 0..self.classes.len() {
            let mut sorted = ids[self.class_slots(k)].to_vec();
            sorted.sort_unstable();
            s |= self.pack_class(k, &sorted);
        }
        s
    }

    fn pack_class(&self, k: usize, sorted: &[u16]) -> State {
        let class = &self.classes[k];
        sorted.iter().enumerate().fold(0u128, |s, (i, &id)| {
            s | (id as u128) << (class.shift + class.bits * i as u32)
        })
    }

    /// Placement numbers per slot, written into `ids` (at least `slots()` long).
    pub fn unpack(&self, s: State, ids: &mut [u16]) {
        for (k, class) in self.classes.iter().enumerate() {
            let mask = (1u128 << class.bits) - 1;
            for (i, slot) in self.class_slots(k).enumerate() {
                ids[slot] = ((s >> (class.shift + class.bits * i as u32)) & mask) as u16;
            }
        }
    }

    /// The cells covered by the pieces on the board.
    pub fn occupied(&self, ids: &[u16]) -> u128 {
        (0..self.slots()).fold(0u128, |m, slot| m | self.mask(slot, ids[slot]))
    }

    fn mask(&self, slot: usize, id: u16) -> u128 {
        let class = &self.classes[self.slot_class[slot] as usize];
        class.masks.get(id as usize).copied().unwrap_or(0)
    }

    /// The code after the piece in `slot` goes to placement `to`.
    fn with(&self, s: State, ids: &[u16], slot: usize, to: u16) -> State {
        let k = self.slot_class[slot] as usize;
        let range = self.class_slots(k);
        let mut sorted = [0u16; MAX_PIECES];
        let n = range.len();
        sorted[..n].copy_from_slice(&ids[range.clone()]);
        sorted[slot - range.start] = to;
        sorted[..n].sort_unstable();
        let class = &self.classes[k];
        let width = class.code_bits();
        let region = if width == 128 {
            u128::MAX
        } else {
            ((1u128 << width) - 1) << class.shift
        };
        (s & !region) | self.pack_class(k, &sorted[..n])
    }

    /// Applies `mv` when it is a legal move of this metric from `s`.
    pub fn apply(&self, s: State, mv: Move) -> Option<State> {
        let mut found = None;
        self.expand(s, |m, n| {
            if m == mv {
                found = Some(n);
            }
        });
        found
    }

    /// Bits of the whole code.
    pub fn code_bits(&self) -> u32 {
        self.classes.iter().map(Class::code_bits).sum()
    }

    /// Calls `emit` with every move from `s` and the code it leads to. Pieces with no free cell
    /// in front of them (most of them, on a crowded board) are skipped at once.
    pub fn expand(&self, s: State, mut emit: impl FnMut(Move, State)) {
        let mut ids = [0u16; MAX_PIECES];
        self.unpack(s, &mut ids);
        let occupied = self.occupied(&ids);
        let free = self.cells & !occupied;
        for slot in 0..self.slots() {
            let from = ids[slot];
            let k = self.slot_class[slot];
            let class = &self.classes[k as usize];
            if from == class.gone
                || (class.front[from as usize] & free == 0 && class.leave[from as usize] == 0)
            {
                continue;
            }
            let others = occupied & !class.masks[from as usize];
            self.targets(class, from, others, |to| {
                emit(Move { class: k, from, to }, self.with(s, &ids, slot, to));
            });
        }
    }

    /// Every placement (and `gone`) the piece in `slot` reaches in one move, given the others.
    fn targets(&self, class: &Class, from: u16, others: u128, mut emit: impl FnMut(u16)) {
        let mut seen: u128 = 1u128 << from;
        let mut queue = [0u16; MAX_CELLS];
        let (mut head, mut tail) = (0usize, 1usize);
        queue[0] = from;
        let mut left = false;
        while head < tail {
            let p = queue[head] as usize;
            head += 1;
            if class.leave[p] != 0 && !left {
                left = true;
                emit(class.gone);
            }
            for d in 0..4 {
                let n = class.step[p][d];
                if class.dirs & (1 << d) == 0 || n == NONE || seen & (1u128 << n) != 0 {
                    continue;
                }
                if class.masks[n as usize] & others == 0 {
                    seen |= 1u128 << n;
                    emit(n);
                    if self.metric == Metric::Moves {
                        queue[tail] = n;
                        tail += 1;
                    }
                }
            }
        }
    }
}

/// A position code as the engines store it: a u64 when the board's code fits (half the memory
/// and a cheaper hash), else the u128.
pub trait Code: Copy + Eq + Ord + std::hash::Hash {
    fn from_wide(wide: u128) -> Self;
    fn wide(self) -> u128;
}

impl Code for u64 {
    fn from_wide(wide: u128) -> u64 {
        wide as u64
    }
    fn wide(self) -> u128 {
        u128::from(self)
    }
}

impl Code for u128 {
    fn from_wide(wide: u128) -> u128 {
        wide
    }
    fn wide(self) -> u128 {
        self
    }
}

/// The puzzle as a state space over codes of type `C`.
pub struct Space<'a, C> {
    pub blocks: &'a Blocks,
    code: std::marker::PhantomData<C>,
}

impl<'a, C: Code> Space<'a, C> {
    pub fn new(blocks: &'a Blocks) -> Self {
        Space {
            blocks,
            code: std::marker::PhantomData,
        }
    }
}

impl<C: Code> StateSpace for Space<'_, C> {
    type State = C;
    type Move = Move;

    fn successors(&self, s: &C, out: &mut Vec<(Move, C)>) {
        self.blocks
            .expand(s.wide(), |mv, next| out.push((mv, C::from_wide(next))));
    }
}

impl<C: Code> ReversibleSpace for Space<'_, C> {
    /// Slides are undone by sliding back (the loader allows bidirectional search only when no
    /// piece can leave the board, since leaving cannot be undone).
    fn predecessors(&self, s: &C, out: &mut Vec<(Move, C)>) {
        self.blocks.expand(s.wide(), |mv, prev| {
            let back = Move {
                from: mv.to,
                to: mv.from,
                ..mv
            };
            out.push((back, C::from_wide(prev)));
        });
    }
}

#[cfg(test)]
mod tests;
