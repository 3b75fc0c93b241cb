//! `run --shard K/N` for n-queens: the search split into the placements of its first rows (many
//! more parts than shards), each part's size estimated by its placements two rows further, and
//! the parts dealt by that estimate (`engine::split`). Every shard lists the same parts in the
//! same order, so a part belongs to one shard on every machine and run.

use super::backtrack::{self, Frontier, Listing, Tally, bits};
use super::symmetry::{self, Classes, Phase, Rows};
use crate::engine::split::Shard;
use rayon::prelude::*;

/// Parts per shard to aim for: enough that the estimate's errors average out.
const PARTS_PER_SHARD: usize = 48;

/// A partial placement of the symmetry search: its branch, its rows so far and the nodes of the
/// rows above it that no earlier part counted (so the shards' nodes add up to the whole's).
#[derive(Clone, Copy)]
struct ClassPart {
    corner: bool,
    phase: usize,
    y: usize,
    attacked: (u64, u64, u64),
    rows: [u64; 16],
    nodes: u64,
}

/// This shard's classes of the empty n x n board (n >= 4).
pub fn count_classes(n: usize, shard: Shard) -> Classes {
    let phases = symmetry::branches(n);
    let parts = class_parts(&phases, shard.count as usize * PARTS_PER_SHARD);
    let estimates: Vec<u64> = parts.iter().map(|p| class_estimate(&phases, p)).collect();
    shard
        .deal(&estimates)
        .into_par_iter()
        .map(|i| {
            let part = &parts[i];
            let p = &phases[part.phase].1;
            let mut rows: Rows = [0; 64];
            rows[..16].copy_from_slice(&part.rows);
            let mut c = Classes {
                nodes: part.nodes,
                ..Classes::default()
            };
            if part.corner {
                symmetry::search::<true>(p, &mut rows, part.y, part.attacked, &mut c);
            } else {
                symmetry::search::<false>(p, &mut rows, part.y, part.attacked, &mut c);
            }
            c
        })
        .reduce(Classes::default, |a, b| a + b)
}

/// The branches' first rows placed, one row more at a time, until there are at least `want`
/// parts (or no part can grow without reaching the last row).
fn class_parts(phases: &[(bool, Phase)], want: usize) -> Vec<ClassPart> {
    let mut parts: Vec<ClassPart> = phases
        .iter()
        .enumerate()
        .map(|(i, &(corner, p))| branch_root(i, corner, &p))
        .collect();
    while parts.len() < want {
        let mut next = Vec::with_capacity(parts.len() * 8);
        let mut pending = 0;
        let mut grew = false;
        for part in &parts {
            let p = &phases[part.phase].1;
            if part.y + 1 >= p.last || part.y + 1 >= 16 {
                next.push(ClassPart {
                    nodes: part.nodes + pending,
                    ..*part
                });
                pending = 0;
                continue;
            }
            grew = true;
            // The part's own nodes go to its first child (or to the next part if it has none).
            pending += part.nodes;
            for bit in bits(class_open(p, part)) {
                let (l, d, r) = part.attacked;
                let mut rows = part.rows;
                rows[part.y] = bit;
                next.push(ClassPart {
                    y: part.y + 1,
                    attacked: ((l | bit) << 1, d | bit, (r | bit) >> 1),
                    rows,
                    nodes: 1 + pending,
                    ..*part
                });
                pending = 0;
            }
        }
        if let (Some(last), true) = (next.last_mut(), pending > 0) {
            last.nodes += pending;
        }
        parts = next;
        if !grew {
            break;
        }
    }
    parts
}

fn branch_root(phase: usize, corner: bool, p: &Phase) -> ClassPart {
    let bit = 1u64 << p.bound1;
    let mut rows = [0u64; 16];
    if corner {
        // Row 0's queen in the corner, row 1's in column bound1 (as `corner_branch`).
        rows[0] = 1;
        rows[1] = bit;
        ClassPart {
            corner,
            phase,
            y: 2,
            attacked: ((2 | bit) << 1, 1 | bit, bit >> 1),
            rows,
            nodes: 2,
        }
    } else {
        rows[0] = bit;
        ClassPart {
            corner,
            phase,
            y: 1,
            attacked: (bit << 1, bit, bit >> 1),
            rows,
            nodes: 1,
        }
    }
}

fn class_open(p: &Phase, part: &ClassPart) -> u64 {
    let (l, d, r) = part.attacked;
    if part.corner {
        p.open::<true>(part.y, l, d, r)
    } else {
        p.open::<false>(part.y, l, d, r)
    }
}

/// The placements of the part's next two rows (at least 1): subtrees of one depth grow about
/// alike below, so this ranks the parts' sizes well enough to deal them.
fn class_estimate(phases: &[(bool, Phase)], part: &ClassPart) -> u64 {
    let p = &phases[part.phase].1;
    let mut total = 0u64;
    for bit in bits(class_open(p, part)) {
        let (l, d, r) = part.attacked;
        let child = ClassPart {
            y: part.y + 1,
            attacked: ((l | bit) << 1, d | bit, (r | bit) >> 1),
            ..*part
        };
        total += if child.y < p.last {
            u64::from(class_open(p, &child).count_ones())
        } else {
            1
        };
    }
    total.max(1)
}

/// A partial placement of the plain search: its frontier and the columns placed so far.
struct PlainPart {
    frontier: Frontier,
    cols: Vec<u8>,
    nodes: u64,
}

/// The plain search's first rows placed (honouring the `allowed` masks), one row more at a
/// time, until there are at least `want` parts; in lexicographic order of their columns.
fn plain_parts(allowed: &[u64], want: usize) -> Vec<PlainPart> {
    let mut parts = vec![PlainPart {
        frontier: Frontier::START,
        cols: Vec::new(),
        nodes: 0,
    }];
    while parts.len() < want {
        let mut next = Vec::new();
        let mut pending = 0;
        let mut grew = false;
        for part in parts {
            let f = part.frontier;
            if f.row + 1 >= allowed.len() {
                next.push(PlainPart {
                    nodes: part.nodes + pending,
                    ..part
                });
                pending = 0;
                continue;
            }
            grew = true;
            pending += part.nodes;
            for bit in bits(f.open(allowed[f.row])) {
                let mut cols = part.cols.clone();
                cols.push(bit.trailing_zeros() as u8);
                next.push(PlainPart {
                    frontier: f.place(bit),
                    cols,
                    nodes: 1 + pending,
                });
                pending = 0;
            }
        }
        if let (Some(last), true) = (next.last_mut(), pending > 0) {
            last.nodes += pending;
        }
        parts = next;
        if !grew {
            break;
        }
    }
    parts
}

/// The open squares of the part's next two rows, as `class_estimate`.
fn plain_estimate(allowed: &[u64], f: Frontier) -> u64 {
    let mut total = 0u64;
    for bit in bits(f.open(allowed[f.row])) {
        let child = f.place(bit);
        total += match allowed.get(child.row) {
            Some(&a) => u64::from(child.open(a).count_ones()),
            None => 1,
        };
    }
    total.max(1)
}

/// This shard's count of the completions of the given queens (plain backtracking).
pub fn count_plain(allowed: &[u64], shard: Shard) -> Tally {
    let parts = plain_parts(allowed, shard.count as usize * PARTS_PER_SHARD);
    let estimates: Vec<u64> = parts
        .iter()
        .map(|p| plain_estimate(allowed, p.frontier))
        .collect();
    let split = backtrack::split_rows(allowed.len());
    shard
        .deal(&estimates)
        .into_par_iter()
        .map(|i| {
            let t = backtrack::count(allowed, parts[i].frontier, split);
            Tally {
                solutions: t.solutions,
                nodes: t.nodes + parts[i].nodes,
            }
        })
        .reduce(Tally::default, |a, b| a + b)
}

/// This shard's first `limit` placements, in lexicographic order within the shard, and the
/// part of each (the parts are in lexicographic order: the whole listing's order is by part).
pub fn list(allowed: &[u64], limit: usize, shard: Shard) -> (Listing, Vec<u64>) {
    let parts = plain_parts(allowed, shard.count as usize * PARTS_PER_SHARD);
    let mut mine: Vec<usize> = (0..parts.len())
        .filter(|&i| shard.owns_turn(i as u64))
        .collect();
    mine.sort_unstable();
    let mut out = Listing {
        solutions: Vec::new(),
        complete: true,
        nodes: 0,
    };
    let mut slots = Vec::new();
    for i in mine {
        let part = &parts[i];
        let left = limit - out.solutions.len();
        let l = backtrack::list_from(allowed, part.frontier, &part.cols, left);
        out.nodes += l.nodes + part.nodes;
        slots.extend(std::iter::repeat_n(i as u64, l.solutions.len()));
        out.solutions.extend(l.solutions);
        if !l.complete {
            out.complete = false;
            break;
        }
    }
    (out, slots)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::n_queens::board::full_mask;

    /// The shards' counts add up to the plain count, for boards of 4 to 10 and several N.
    #[test]
    fn shards_add_up() {
        for n in 4..=10 {
            let allowed = vec![full_mask(n); n];
            let whole = backtrack::count(&allowed, Frontier::START, 0);
            for count in [1, 3, 7, 64] {
                let shards = (0..count).map(|k| Shard::new(k, count).unwrap());
                let (mut classes, mut plain) = (Classes::default(), Tally::default());
                let mut listed = Vec::new();
                for s in shards {
                    classes += count_classes(n, s);
                    plain = plain + count_plain(&allowed, s);
                    let (l, slots) = list(&allowed, usize::MAX, s);
                    listed.extend(slots.into_iter().zip(l.solutions));
                }
                assert_eq!(classes.total(), whole.solutions, "n {n} N {count}");
                // Nodes depend on where the search fans out; the count does not.
                assert_eq!(plain.solutions, whole.solutions, "n {n} N {count}");
                // Ordered by part (stable), the listing is the unsplit one, in its order.
                listed.sort_by_key(|&(slot, _)| slot);
                let listed: Vec<Vec<u8>> = listed.into_iter().map(|(_, l)| l).collect();
                assert_eq!(listed, backtrack::list(&allowed, usize::MAX).solutions);
            }
        }
    }
}
