//! The build of a compact pattern table for groups of 7 or 8 tiles (Korf & Felner's 7-8
//! partition of the 15-puzzle): indexed by the rank of the group's cells among the board's
//! n!/(n-k)! placements (57,657,600 and 518,918,400 entries on 16 cells, a byte each) instead of
//! 4 bits per cell (16^8 = 4.3 G entries).
//!
//! Breadth-first from the goal over (placement, blank region), as the sparse build
//! (`pattern_database.rs`): the blank roams free among the other tiles, a slide of a group tile
//! costs 1. One layer at a time, in parallel (rayon) over the placements: per placement a 16-bit
//! mask of the blank cells reached so far, and the blank cells of the current and the next layer,
//! all atomic so that threads share them (2 bytes each: 3.1 GB for 8 tiles while building, plus
//! the table); each region is reached whole, so one `fetch_or` tells whether it is new.

use super::blank_region::Regions;
use super::board::Board;
use super::pattern_rank::{MAX_RANKED_GROUP, placements, rank};
use super::pattern_symmetry::TableSymmetry;
use crate::engine::{room, stop};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, Ordering::Relaxed};

/// Placements handed to a thread at a time.
const CHUNK: usize = 1 << 14;

struct Layers {
    adjacent: Vec<u16>,
    regions: Regions,
    all: u16,
    cells: u32,
    tiles: usize,
    reached: Vec<AtomicU16>,
    current: Vec<AtomicU16>,
    next: Vec<AtomicU16>,
    /// Per chunk of placements: whether it holds any of the current / next layer (the first
    /// and last layers are sparse; their chunks are skipped without a look).
    current_chunks: Vec<AtomicBool>,
    next_chunks: Vec<AtomicBool>,
    value: Vec<AtomicU8>,
    /// A symmetry of the table: each region's image is marked when the region is queued, and
    /// not queued itself.
    symmetry: Option<TableSymmetry>,
}

/// The table of `tiles` (at most [`MAX_RANKED_GROUP`]) for reaching `goal` on `board`, indexed by
/// `pattern_rank::rank` of the tiles' cells; `u8::MAX` for no placement (all are reachable on
/// a connected board). None when the memory cap refused room for the tables.
pub fn build(board: &Board, goal: &[u8], tiles: &[u8]) -> Option<Vec<u8>> {
    let n = board.cells();
    let (adjacent, all) = board.cell_masks();
    let size = placements(n, tiles.len());
    let zeros = || AtomicU16::new(0);
    let mut layers = Layers {
        adjacent,
        regions: Regions::new(board),
        all,
        cells: n as u32,
        tiles: tiles.len(),
        reached: room::filled_with(size, "a pattern table's marks", zeros)?,
        current: room::filled_with(size, "a pattern table's layer", zeros)?,
        next: room::filled_with(size, "a pattern table's layer", zeros)?,
        current_chunks: (0..size.div_ceil(CHUNK))
            .map(|_| AtomicBool::new(false))
            .collect(),
        next_chunks: (0..size.div_ceil(CHUNK))
            .map(|_| AtomicBool::new(false))
            .collect(),
        value: room::filled_with(size, "a pattern table", || AtomicU8::new(u8::MAX))?,
        symmetry: TableSymmetry::find(board, goal, tiles),
    };
    let cell_of = |t: u8| goal.iter().position(|&g| g == t).unwrap_or(0);
    let cells: Vec<u8> = tiles.iter().map(|&t| cell_of(t) as u8).collect();
    let occupied = cells.iter().fold(0u16, |m, &c| m | 1 << c);
    let root = rank(pack(&cells), tiles.len() as u32, n as u32);
    let start = layers.regions.of(cell_of(0), layers.all & !occupied);
    layers.reached[root].store(start, Relaxed);
    layers.current[root].store(start, Relaxed);
    layers.value[root].store(0, Relaxed);
    layers.current_chunks[root / CHUNK].store(true, Relaxed);
    let mut depth = 0u8;
    while layers.expand_layer(depth) {
        // A stop request ends the build (the caller stops the search); polled once a layer.
        if stop::requested().is_some() {
            return None;
        }
        std::mem::swap(&mut layers.current, &mut layers.next);
        std::mem::swap(&mut layers.current_chunks, &mut layers.next_chunks);
        depth += 1;
    }
    Some(layers.value.into_iter().map(AtomicU8::into_inner).collect())
}

pub(super) fn pack(cells: &[u8]) -> u64 {
    cells
        .iter()
        .enumerate()
        .fold(0, |key, (i, &c)| key | u64::from(c) << (4 * i))
}

impl Layers {
    /// Expands every region of layer `depth` (clearing it, so it can hold the layer after the
    /// next); true when the next layer is not empty.
    fn expand_layer(&self, depth: u8) -> bool {
        let found = AtomicBool::new(false);
        let size = self.current.len();
        (0..size.div_ceil(CHUNK)).into_par_iter().for_each(|chunk| {
            if !self.current_chunks[chunk].swap(false, Relaxed) {
                return;
            }
            let mut any = false;
            for index in chunk * CHUNK..size.min((chunk + 1) * CHUNK) {
                if self.current[index].load(Relaxed) != 0 {
                    let blanks = self.current[index].swap(0, Relaxed);
                    any |= self.expand(index, blanks, depth + 1);
                }
            }
            if any {
                found.store(true, Relaxed);
            }
        });
        found.into_inner()
    }

    /// The placement of `index`: each group tile's cell (the inverse of `rank`).
    fn unrank(&self, mut index: usize) -> [u8; MAX_RANKED_GROUP] {
        let mut digits = [0usize; MAX_RANKED_GROUP];
        for i in (0..self.tiles).rev() {
            let base = self.cells as usize - i;
            digits[i] = index % base;
            index /= base;
        }
        let mut cells = [0u8; MAX_RANKED_GROUP];
        let mut free = self.all;
        for i in 0..self.tiles {
            let mut f = free;
            for _ in 0..digits[i] {
                f &= f - 1;
            }
            cells[i] = f.trailing_zeros() as u8;
            free &= !(1 << cells[i]);
        }
        cells
    }

    /// Marks the image of region `blank` on the placement `key` (cells packed 4 bits a tile)
    /// under the table's symmetry, if any, giving its placement `cost` when new.
    #[inline]
    fn mark_image(&self, key: u64, blank: u16, cost: u8) {
        let Some(symmetry) = &self.symmetry else {
            return;
        };
        let image = symmetry.index(key as usize, self.tiles) as u64;
        let target = rank(image, self.tiles as u32, self.cells);
        if self.reached[target].fetch_or(symmetry.region(blank), Relaxed) == 0 {
            self.value[target].store(cost, Relaxed);
        }
    }

    /// Slides every group tile next to each region of `blanks` into it; the placements reached
    /// first now get `cost`. True when anything new was reached.
    fn expand(&self, index: usize, blanks: u16, cost: u8) -> bool {
        let cells = self.unrank(index);
        let cells = &cells[..self.tiles];
        let occupied = cells.iter().fold(0u16, |m, &c| m | 1 << c);
        let key = pack(cells);
        let mut any = false;
        let mut todo = blanks;
        while todo != 0 {
            let reach = self
                .regions
                .of(todo.trailing_zeros() as usize, self.all & !occupied);
            todo &= !reach;
            for (i, &p) in cells.iter().enumerate() {
                let mut into = self.adjacent[p as usize] & reach;
                while into != 0 {
                    let c = into.trailing_zeros() as u64;
                    into &= into - 1;
                    // Tile i slides from p to c; the blank is left on p, in a new region.
                    let moved = key - (u64::from(p) << (4 * i)) + (c << (4 * i));
                    let target = rank(moved, self.tiles as u32, self.cells);
                    let now = occupied ^ (1 << p) ^ (1 << c);
                    let blank = self.regions.of(p as usize, self.all & !now);
                    // Most slides lead back to regions reached before: a plain load tells, and
                    // (unlike a locked fetch_or) lets the processor overlap the cache misses.
                    if self.reached[target].load(Relaxed) & blank != 0 {
                        continue;
                    }
                    let before = self.reached[target].fetch_or(blank, Relaxed);
                    if before & blank == 0 {
                        self.next[target].fetch_or(blank, Relaxed);
                        self.next_chunks[target / CHUNK].store(true, Relaxed);
                        if before == 0 {
                            self.value[target].store(cost, Relaxed);
                        }
                        self.mark_image(moved, blank, cost);
                        any = true;
                    }
                }
            }
        }
        any
    }
}
