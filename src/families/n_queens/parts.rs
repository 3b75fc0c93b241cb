//! `run --shard K/N` for n-queens (plain backtracking and listings; the symmetry count splits
//! by its constellations, `constellation.rs`): the search split into the placements of its
//! first rows (many more parts than shards), each part's size estimated by its placements two
//! rows further, and the parts dealt by that estimate (`engine::split`). Every shard lists the same parts in the
//! same order, so a part belongs to one shard on every machine and run.

use super::backtrack::{self, Frontier, Listing, Tally, bits};
use crate::engine::split::Shard;
use rayon::prelude::*;

/// Parts per shard to aim for: enough that the estimate's errors average out.
const PARTS_PER_SHARD: usize = 48;

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
                let mut plain = Tally::default();
                let mut listed = Vec::new();
                for s in shards {
                    plain = plain + count_plain(&allowed, s);
                    let (l, slots) = list(&allowed, usize::MAX, s);
                    listed.extend(slots.into_iter().zip(l.solutions));
                }
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
