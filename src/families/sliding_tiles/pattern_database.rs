//! Additive pattern databases (Korf & Felner 2002): for a group of tiles, the fewest moves *of
//! those tiles* that bring them from given cells to their goal cells, other tiles ignored. Since
//! only the group's own moves are counted, the values of disjoint groups add up to a lower bound.
//!
//! A table is indexed by the cells of the group's tiles, 4 bits each (`sum of cell_i << 4i`), so
//! the search updates an index by one addition per move, and so does the build. The build is a
//! breadth-first search backwards from the goal over (group cells, blank region): the blank
//! roams free among the other tiles (cost 0), so all cells it can reach without moving a group
//! tile form one region, expanded at once; sliding a group tile into the region costs 1.
//!
//! Built tables are cached in `$PUZZLESPEC_CACHE_DIR`, else `$XDG_CACHE_HOME/puzzlespec`, else
//! `~/.cache/puzzlespec`: one file per board, goal and group, whose header
//! (`src/engine/pattern_cache.rs`) is checked before the table is trusted.

use super::blank_region::Regions;
use super::board::Board;
use super::pattern_rank::placements;
use super::pattern_symmetry::TableSymmetry;
use super::ranked_pattern_build;
use crate::engine::pattern_cache::{self as cache_file, cache_dir};
use crate::engine::{room, stop};
use crate::util::radix_sort::{join_equal_keys, sort_reusing};

/// Largest group: a table of 16^6 bytes (16.8 MB), and twice that in bit masks while building.
pub const MAX_GROUP: usize = 6;

pub struct PatternDatabase {
    pub tiles: Vec<u8>,
    /// Indexed by `sum over i of cell(tiles[i]) << 4i` (sparse), or by the rank of those cells
    /// among the board's placements of the group (`ranked`, for groups of 7 or 8 tiles).
    pub table: Vec<u8>,
    pub ranked: bool,
    /// Whether it was read from the cache rather than built now.
    pub cached: bool,
    /// When a cached file was found but refused: which file and why (it was rebuilt).
    pub refused: Option<String>,
}

impl PatternDatabase {
    /// The cached table when its header and checksum agree, or a newly built one (then cached);
    /// None when the memory cap refused room for the table or a stop was requested while it was
    /// built (the search has been asked to stop either way).
    pub fn load_or_build(board: &Board, goal: &[u8], tiles: &[u8]) -> Option<PatternDatabase> {
        let params = parameters(board, goal, tiles);
        let ranked = tiles.len() > MAX_GROUP;
        let size = if ranked {
            placements(board.cells(), tiles.len())
        } else {
            1 << (4 * tiles.len())
        };
        let dir = cache_dir();
        let file = dir.as_ref().map(|d| cache_file::file_for(d, &params));
        let mut refused = None;
        let cached = match &file {
            Some(f) => read_cached(f)?,
            None => None,
        };
        if let Some(bytes) = cached {
            match cache_file::decode(bytes, &params, size) {
                Ok(table) => {
                    return Some(PatternDatabase {
                        tiles: tiles.to_vec(),
                        table,
                        ranked,
                        cached: true,
                        refused: None,
                    });
                }
                Err(why) => {
                    let shown = file.as_ref().map(|f| f.display().to_string());
                    refused = Some(format!(
                        "cached pattern database {} refused ({why}); rebuilt",
                        shown.unwrap_or_default()
                    ));
                }
            }
        }
        let table = if ranked {
            ranked_pattern_build::build(board, goal, tiles)?
        } else {
            try_build(board, goal, tiles)?
        };
        if let Some(dir) = dir {
            cache_file::store(&dir, &params, &table);
        }
        Some(PatternDatabase {
            tiles: tiles.to_vec(),
            table,
            ranked,
            cached: false,
            refused,
        })
    }
}

/// The bytes of a cache file, in room reserved first (a table of 8 tiles is 519 MB): Some(None)
/// when there is no file to read, None when the memory cap refused the room.
fn read_cached(file: &std::path::Path) -> Option<Option<Vec<u8>>> {
    use std::io::Read;
    let Ok(mut f) = std::fs::File::open(file) else {
        return Some(None);
    };
    let Some(len) = f
        .metadata()
        .ok()
        .and_then(|m| usize::try_from(m.len()).ok())
    else {
        return Some(None);
    };
    let mut bytes = table_room(len, "the cached pattern table", 0u8)?;
    Some(f.read_exact(&mut bytes).ok().map(|()| bytes))
}

/// `len` bytes `value` in room reserved first (None when the memory cap refused it), the room
/// asked to be backed by 2 MB pages before it is touched: the search reads its tables at random
/// places, and with 4 KB pages most reads would also miss the address cache (TLB).
fn table_room(len: usize, what: &'static str, value: u8) -> Option<Vec<u8>> {
    let mut v = room::reserved::<u8>(len, what)?;
    advise_huge_pages(&v);
    v.resize(len, value);
    Some(v)
}

/// Advises the kernel to back the whole 2 MB pages within `v`'s room with 2 MB pages (Linux's
/// transparent huge pages in their default `madvise` mode); a hint: a refusal is ignored.
#[cfg(target_os = "linux")]
fn advise_huge_pages(v: &Vec<u8>) {
    use std::ffi::{c_int, c_void};
    unsafe extern "C" {
        // The C library's, which the standard library links on Linux.
        fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
    }
    const MADV_HUGEPAGE: c_int = 14;
    const HUGE_PAGE: usize = 2 << 20;
    let base = v.as_ptr() as usize;
    let (start, end) = (
        base.next_multiple_of(HUGE_PAGE),
        (base + v.capacity()) / HUGE_PAGE * HUGE_PAGE,
    );
    if start < end {
        // SAFETY: advice on whole pages inside `v`'s own allocation; it changes how the kernel
        // backs them, never their contents, and its error code is ignored.
        unsafe { madvise(start as *mut c_void, end - start, MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_: &Vec<u8>) {}

/// What a table is built for: the board's adjacency, the goal and the group, as bytes (the cache
/// file's name is their checksum, and its header holds them in full).
fn parameters(board: &Board, goal: &[u8], tiles: &[u8]) -> Vec<u8> {
    let mut p = Vec::new();
    for adj in &board.adjacent {
        p.extend_from_slice(adj);
        p.push(0xFF);
    }
    p.extend_from_slice(goal);
    p.push(0xFE);
    p.extend_from_slice(tiles);
    p
}

/// The table of `tiles` (at most [`MAX_GROUP`]) for reaching `goal` on `board`; None when the
/// memory cap refused room for it or a stop was requested (polled once a layer: a layer of the
/// largest tables takes a fraction of a second).
pub fn try_build(board: &Board, goal: &[u8], tiles: &[u8]) -> Option<Vec<u8>> {
    let (adjacent, all) = board.cell_masks();
    let size = 1usize << (4 * tiles.len());
    let mut search = Build {
        adjacent,
        regions: Regions::new(board),
        all,
        k: tiles.len(),
        value: table_room(size, "a pattern table", u8::MAX)?,
        reached: room::filled(size, "a pattern table's marks", 0u16)?,
        images: TableSymmetry::find(board, goal, tiles).map(Images::new),
    };
    let cell_of = |t: u8| goal.iter().position(|&g| g == t).unwrap_or(0);
    let root: usize = tiles
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &t)| acc | cell_of(t) << (4 * i));
    let occupied = tiles.iter().fold(0u16, |m, &t| m | 1 << cell_of(t));
    let (mut current, mut next, mut counts) = (Vec::new(), Vec::new(), Vec::new());
    search.reach::<true>(root, cell_of(0), occupied, 0, &mut current);
    search.flush_images(0);
    let mut cost = 0u8;
    while !current.is_empty() {
        if stop::requested().is_some() {
            return None;
        }
        // In index order the lookups below sweep memory instead of jumping about, and the
        // regions of one index come together, to be expanded as one entry. The last layer's
        // room (`next`, read already) is the sort's scratch room.
        sort_reusing(
            &mut current,
            &mut next,
            &mut counts,
            4 * tiles.len(),
            |&e| e as u32,
        );
        join_equal_keys(&mut current, |&e| e as u32, |a, b| a | b);
        search.set_values(&current, cost);
        next.clear();
        search.expand_layer(&current, cost + 1, &mut next);
        std::mem::swap(&mut current, &mut next);
        cost += 1;
    }
    Some(search.value)
}

/// [`try_build`] for the tests, whose tables are small.
#[cfg(test)]
pub fn build(board: &Board, goal: &[u8], tiles: &[u8]) -> Vec<u8> {
    try_build(board, goal, tiles).expect("a small table fits")
}

/// A queue entry: an index (at most 24 bits) in the low word, the blank regions reached there
/// (a cell mask) at [`REGIONS`], and [`FIRST`] when the index was new then.
type Entry = u64;

/// Where an entry's regions start.
const REGIONS: u32 = 32;

/// Set in an entry whose index was reached first by it: its value is written once the layer is
/// sorted, in index order, rather than at a scattered place when it is queued.
const FIRST: Entry = 1 << 63;

/// The index of a queue entry.
#[inline]
fn index_of(entry: Entry) -> usize {
    entry as u32 as usize
}

/// Marks `region` reached on index `idx` (a region's image), and gives the index `cost` when
/// it is new.
#[inline]
fn mark(reached: &mut [u16], value: &mut [u8], (idx, region): (usize, u16), cost: u8) {
    let before = reached[idx];
    reached[idx] = before | region;
    if before == 0 {
        value[idx] = cost;
    }
}

/// The breadth-first build over (group cells, blank region).
struct Build {
    /// Neighbours of each cell as a bit mask.
    adjacent: Vec<u16>,
    regions: Regions,
    /// Every cell of the board.
    all: u16,
    /// Tiles in the group.
    k: usize,
    value: Vec<u8>,
    /// Per index: the blank cells reached so far, whole regions at a time (so one bit tells
    /// whether a region is new). 2 bytes an entry, plus the table's 1, while building.
    reached: Vec<u16>,
    /// A symmetry of the table: each region's image is marked with it, and not expanded.
    images: Option<Images>,
}

/// The images of the regions queued, marked [`Images::LAG`] queued regions later: their marks
/// are far from the regions' own, and fetched meanwhile.
struct Images {
    symmetry: TableSymmetry,
    /// The last images (index, region), in a ring.
    ring: [(usize, u16); Images::LAG],
    queued: usize,
}

impl Images {
    const LAG: usize = 16;

    fn new(symmetry: TableSymmetry) -> Self {
        Images {
            symmetry,
            ring: [(0, 0); Images::LAG],
            queued: 0,
        }
    }
}

impl Build {
    /// Queues the index with the blank on `blank` (the group on `occupied`) unless its region
    /// was reached before; flagged [`FIRST`] when the index is new. Its image under the
    /// table's symmetry (`MIRRORED`) is marked too, given `cost` when new, and not queued.
    #[inline]
    fn reach<const MIRRORED: bool>(
        &mut self,
        idx: usize,
        blank: usize,
        occupied: u16,
        cost: u8,
        next: &mut Vec<Entry>,
    ) {
        let marks = self.reached[idx];
        if marks & (1 << blank) != 0 {
            return;
        }
        let region = self.regions.of(blank, self.all & !occupied);
        self.reached[idx] = marks | region;
        let first = if marks == 0 { FIRST } else { 0 };
        next.push(idx as Entry | Entry::from(region) << REGIONS | first);
        if MIRRORED {
            self.queue_image(idx, region, cost);
        }
    }

    /// Queues the image of `region` on `idx`, and marks the one queued [`Images::LAG`] before.
    #[inline]
    fn queue_image(&mut self, idx: usize, region: u16, cost: u8) {
        let Some(images) = &mut self.images else {
            return;
        };
        let image = images.symmetry.index(idx, self.k);
        crate::engine::prefetch::prefetch(&self.reached, image);
        let slot = images.queued % Images::LAG;
        let due = std::mem::replace(
            &mut images.ring[slot],
            (image, images.symmetry.region(region)),
        );
        if images.queued >= Images::LAG {
            mark(&mut self.reached, &mut self.value, due, cost);
        }
        images.queued += 1;
    }

    /// Marks the images still queued (all of the layer of `cost`).
    fn flush_images(&mut self, cost: u8) {
        let Some(images) = &mut self.images else {
            return;
        };
        let queued = images.queued.min(Images::LAG);
        for back in 1..=queued {
            let due = images.ring[(images.queued - back) % Images::LAG];
            mark(&mut self.reached, &mut self.value, due, cost);
        }
        images.queued = 0;
    }

    /// Gives `cost` to the indices first reached in `layer` (sorted by index).
    fn set_values(&mut self, layer: &[Entry], cost: u8) {
        for &entry in layer.iter().filter(|&&e| e & FIRST != 0) {
            self.value[index_of(entry)] = cost;
        }
    }

    /// Slides every group tile next to the regions of each entry of `layer` into them,
    /// queueing what is new (the layer of the next cost). Each (index, region) is queued once:
    /// its region is marked whole when queued.
    fn expand_layer(&mut self, layer: &[Entry], cost: u8, next: &mut Vec<Entry>) {
        // Two copies of the loop: the images' marking left out of the one without.
        match self.images {
            Some(_) => self.expand::<true>(layer, cost, next),
            None => self.expand::<false>(layer, cost, next),
        }
        self.flush_images(cost);
    }

    fn expand<const MIRRORED: bool>(&mut self, layer: &[Entry], cost: u8, next: &mut Vec<Entry>) {
        let k = self.k;
        for &entry in layer {
            let idx = index_of(entry);
            let reach = (entry >> REGIONS) as u16;
            let mut cells = [0u8; MAX_GROUP];
            let mut occupied = 0u16;
            for (i, cell) in cells.iter_mut().enumerate().take(k) {
                *cell = ((idx >> (4 * i)) & 15) as u8;
                occupied |= 1 << *cell;
            }
            for (i, &p) in cells.iter().enumerate().take(k) {
                let mut into = self.adjacent[p as usize] & reach;
                let from = idx - ((p as usize) << (4 * i));
                while into != 0 {
                    let c = into.trailing_zeros() as usize;
                    into &= into - 1;
                    // Tile i slides from p to c; the blank is left on p.
                    let moved = from + (c << (4 * i));
                    let now = occupied ^ (1 << p) ^ (1 << c);
                    self.reach::<MIRRORED>(moved, p as usize, now, cost, next);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_tile_database_is_its_distance() {
        // One tile alone: its moves equal its distance to the goal cell (the blank is free).
        let board = Board::rectangle(3, 3);
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        let table = build(&board, &goal, &[5]);
        let dist = board.distances();
        for cell in 0..9 {
            assert_eq!(table[cell], dist[cell][4], "tile 5 on cell {cell}");
        }
    }

    #[test]
    fn every_placement_of_two_tiles_gets_a_value() {
        let board = Board::rectangle(3, 3);
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        let table = build(&board, &goal, &[1, 2]);
        for a in 0..9usize {
            for b in 0..9usize {
                let v = table[a | b << 4];
                assert_eq!(v == u8::MAX, a == b, "tiles on {a} and {b}");
            }
        }
        let at = |a: usize, b: usize| table[a | b << 4];
        assert_eq!(at(0, 1), 0);
        // Swapping two neighbours in a row needs more than their distances (2).
        assert!(at(1, 0) > 2);
    }
}
