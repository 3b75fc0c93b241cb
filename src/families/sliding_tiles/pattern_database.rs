//! Additive pattern databases (Korf & Felner 2002): for a group of tiles, the fewest moves *of
//! those tiles* that bring them from given cells to their goal cells, other tiles ignored. Since
//! only the group's own moves are counted, the values of disjoint groups add up to a lower bound.
//!
//! A table is built by a 0-1 breadth-first search backwards from the goal over (group cells,
//! blank cell): moving the blank onto another tile costs 0, onto a group tile costs 1. It is then
//! reduced to the minimum over the blank's cell and kept in a sparse table indexed by the cells
//! of the group, 4 bits each, so the search updates the index by one addition per move.
//!
//! Built tables are cached in `$PUZZLESPEC_CACHE_DIR`, else `$XDG_CACHE_HOME/puzzlespec`, else
//! `~/.cache/puzzlespec` (one file per board, goal and group; the file holds the dense table).

use super::board::Board;
use std::path::PathBuf;

/// Largest group size: 16 cells choose 6 in order times 16 blank cells is 92 M build states.
pub const MAX_GROUP: usize = 6;
/// The build's (group cells, blank) space must stay within this many bytes.
pub const MAX_BUILD_STATES: u64 = 100_000_000;

pub struct PatternDatabase {
    pub tiles: Vec<u8>,
    /// Indexed by `sum over i of cell(tiles[i]) << 4i`.
    pub table: Vec<u8>,
    /// Whether it was read from the cache rather than built now.
    pub cached: bool,
}

/// Ordered choices of `k` cells among `n`: n! / (n-k)!.
pub fn arrangements(n: usize, k: usize) -> u64 {
    ((n - k + 1)..=n).map(|x| x as u64).product()
}

/// Rank of `k` distinct cells among `n`, in the mixed radix n, n-1, ...
fn rank(cells: &[u8], n: usize) -> u64 {
    let mut r = 0u64;
    for (i, &c) in cells.iter().enumerate() {
        let smaller_before = cells[..i].iter().filter(|&&p| p < c).count();
        r = r * (n - i) as u64 + (c as usize - smaller_before) as u64;
    }
    r
}

fn unrank(mut r: u64, n: usize, k: usize, out: &mut [u8]) {
    for i in (0..k).rev() {
        let radix = (n - i) as u64;
        out[i] = (r % radix) as u8;
        r /= radix;
    }
    // Turn "index among the cells still free" into cells, left to right.
    let mut used: u32 = 0;
    for slot in out.iter_mut().take(k) {
        let mut want = *slot;
        let mut c = 0u8;
        loop {
            if used & (1 << c) == 0 {
                if want == 0 {
                    break;
                }
                want -= 1;
            }
            c += 1;
        }
        *slot = c;
        used |= 1 << c;
    }
}

impl PatternDatabase {
    /// The cached table, or a newly built one (then cached).
    pub fn load_or_build(board: &Board, goal: &[u8], tiles: &[u8]) -> PatternDatabase {
        let key = cache_key(board, goal, tiles);
        let n = board.cells();
        let dense_len = arrangements(n, tiles.len()) as usize;
        if let Some(dir) = cache_dir() {
            let file = dir.join(format!("pdb-{key:016x}.bin"));
            if let Ok(dense) = std::fs::read(&file) {
                if dense.len() == dense_len {
                    return PatternDatabase {
                        tiles: tiles.to_vec(),
                        table: sparse(&dense, n, tiles.len()),
                        cached: true,
                    };
                }
            }
            let dense = build(board, goal, tiles);
            // A failed write only costs a rebuild next time.
            if std::fs::create_dir_all(&dir).is_ok() {
                let tmp = dir.join(format!("pdb-{key:016x}.{}.tmp", std::process::id()));
                if std::fs::write(&tmp, &dense).is_ok() {
                    let _ = std::fs::rename(&tmp, &file);
                }
            }
            return PatternDatabase {
                tiles: tiles.to_vec(),
                table: sparse(&dense, n, tiles.len()),
                cached: false,
            };
        }
        let dense = build(board, goal, tiles);
        PatternDatabase {
            tiles: tiles.to_vec(),
            table: sparse(&dense, n, tiles.len()),
            cached: false,
        }
    }
}

pub fn cache_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("PUZZLESPEC_CACHE_DIR") {
        return Some(PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME") {
        return Some(PathBuf::from(d).join("puzzlespec"));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache").join("puzzlespec"))
}

/// FNV-1a over the board, goal and group, so a changed spec never reads a stale table.
fn cache_key(board: &Board, goal: &[u8], tiles: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |b: u8| {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    eat(1); // format version
    for adj in &board.adjacent {
        adj.iter().for_each(|&c| eat(c));
        eat(0xFF);
    }
    goal.iter().for_each(|&t| eat(t));
    eat(0xFE);
    tiles.iter().for_each(|&t| eat(t));
    h
}

/// Dense table (by rank of the group's cells) from a 0-1 BFS over (group cells, blank).
pub fn build(board: &Board, goal: &[u8], tiles: &[u8]) -> Vec<u8> {
    let n = board.cells();
    let k = tiles.len();
    let size = arrangements(n, k) as usize;
    let mut dist = vec![u8::MAX; size * n];
    let mut cells = [0u8; MAX_GROUP];
    for (i, &t) in tiles.iter().enumerate() {
        cells[i] = goal.iter().position(|&g| g == t).expect("goal holds every tile") as u8;
    }
    let blank = goal.iter().position(|&g| g == 0).expect("goal has a blank");
    let root = rank(&cells[..k], n) as usize * n + blank;
    dist[root] = 0;
    let mut current: Vec<u32> = vec![root as u32];
    let mut cost = 0u8;
    while !current.is_empty() {
        let mut next: Vec<u32> = Vec::new();
        // `current` grows while it is read: free moves stay in the layer.
        let mut head = 0;
        while head < current.len() {
            let state = current[head] as usize;
            head += 1;
            if dist[state] != cost {
                continue;
            }
            let (r, b) = (state / n, state % n);
            unrank(r as u64, n, k, &mut cells[..k]);
            for &c in &board.adjacent[b] {
                match cells[..k].iter().position(|&p| p == c) {
                    None => {
                        let s = r * n + c as usize;
                        if dist[s] > cost {
                            dist[s] = cost;
                            current.push(s as u32);
                        }
                    }
                    Some(i) => {
                        cells[i] = b as u8;
                        let s = rank(&cells[..k], n) as usize * n + c as usize;
                        cells[i] = c;
                        if dist[s] > cost + 1 {
                            dist[s] = cost + 1;
                            next.push(s as u32);
                        }
                    }
                }
            }
        }
        current = next;
        cost += 1;
    }
    dist.chunks(n)
        .map(|blanks| *blanks.iter().min().expect("n > 0"))
        .collect()
}

/// The dense table re-indexed by cells 4 bits each, for one-addition updates in the search.
fn sparse(dense: &[u8], n: usize, k: usize) -> Vec<u8> {
    let mut table = vec![0u8; 1 << (4 * k)];
    let mut cells = [0u8; MAX_GROUP];
    for (r, &v) in dense.iter().enumerate() {
        unrank(r as u64, n, k, &mut cells[..k]);
        let idx = cells[..k]
            .iter()
            .enumerate()
            .fold(0usize, |acc, (i, &c)| acc | (c as usize) << (4 * i));
        table[idx] = v;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse() {
        let (n, k) = (7, 3);
        let mut out = [0u8; 3];
        let mut seen = std::collections::HashSet::new();
        for r in 0..arrangements(n, k) {
            unrank(r, n, k, &mut out);
            assert!(out.iter().all(|&c| (c as usize) < n));
            assert!(seen.insert(out));
            assert_eq!(rank(&out, n), r);
        }
    }

    #[test]
    fn a_single_tile_database_is_its_distance() {
        // One tile alone: its moves equal its distance to the goal cell (the blank is free).
        let board = Board::rectangle(3, 3);
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        let dense = build(&board, &goal, &[5]);
        let dist = board.distances();
        for cell in 0..9 {
            assert_eq!(dense[cell], dist[cell][4], "tile 5 on cell {cell}");
        }
    }
}

/// The sparse table of a group, built without the cache (for unit tests of the search).
#[cfg(test)]
pub fn sparse_for_tests(board: &Board, goal: &[u8], tiles: &[u8]) -> Vec<u8> {
    sparse(&build(board, goal, tiles), board.cells(), tiles.len())
}
