//! Layers as sorted runs of keyed items: a batch of successors sorted and its equal keys joined
//! (counts added), many runs joined into one, and two joined runs merged.

use super::bitboard::Bitboard;
use super::layer::LAYER_GROWTH;
use crate::engine::room;
use crate::util::radix_sort::{join_equal_keys, sort_by_key};
use rayon::prelude::*;

/// Sorts `v` by position key (all keys below bit `holes`) and joins each run of equal keys
/// into one item, `join(first, other)`. None when the memory for the sort was refused.
pub fn sort_and_join<T: Copy + Default, B: Bitboard>(
    mut v: Vec<T>,
    holes: usize,
    key: impl Fn(&T) -> B,
    join: impl Fn(T, T) -> T,
) -> Option<Vec<T>> {
    if !sort_by_key(&mut v, holes, &key, LAYER_GROWTH) {
        return None;
    }
    join_equal_keys(&mut v, &key, join);
    // Layers and runs are kept a while: hold only what is used.
    v.shrink_to_fit();
    Some(v)
}

/// Bits of the key that pick a range in [`union_of_runs`].
const RANGE_BITS: usize = 8;

/// The union of sorted, duplicate-free runs as one sorted vector, equal keys joined. The key
/// space is cut into 2^RANGE_BITS ranges by the top bits, and each range is gathered from every
/// run, sorted and joined on its own, in parallel: no merge tree, no serial last merge, and
/// every range small enough for the cache. None when the memory for the union was refused.
pub fn union_of_runs<T: Copy + Default + Send + Sync, B: Bitboard>(
    runs: Vec<Vec<T>>,
    holes: usize,
    key: impl Fn(&T) -> B + Sync,
    join: impl Fn(T, T) -> T + Sync,
) -> Option<Vec<T>> {
    if runs.len() <= 1 {
        return Some(runs.into_iter().next().unwrap_or_default());
    }
    let top = RANGE_BITS.min(holes);
    let low = holes - top;
    let range_of = |t: &T| key(t).chunk(low, top);
    // Where each range starts in each run (runs are sorted, so ranges are contiguous).
    let bounds: Vec<Vec<usize>> = runs
        .par_iter()
        .map(|run| {
            (0..=1usize << top)
                .map(|r| run.partition_point(|t| range_of(t) < r))
                .collect()
        })
        .collect();
    let parts: Vec<Vec<T>> = (0..1usize << top)
        .into_par_iter()
        .map(|r| {
            let len = runs.iter().zip(&bounds).map(|(_, b)| b[r + 1] - b[r]).sum();
            let mut v = room::reserved(len, LAYER_GROWTH)?;
            for (run, b) in runs.iter().zip(&bounds) {
                v.extend_from_slice(&run[b[r]..b[r + 1]]);
            }
            sort_and_join(v, low, &key, &join)
        })
        .collect::<Option<_>>()?;
    // The runs are copied out: free them before the final copy to bound the peak memory.
    drop(runs);
    drop(bounds);
    let mut out = room::reserved(parts.iter().map(|p| p.len()).sum(), LAYER_GROWTH)?;
    for p in parts {
        out.extend(p);
    }
    Some(out)
}

/// The union of two sorted, duplicate-free runs, equal keys joined; None when the memory for
/// it was refused.
pub fn merge_joined<T: Copy, B: Bitboard>(
    a: Vec<T>,
    b: Vec<T>,
    key: impl Fn(&T) -> B,
    join: impl Fn(T, T) -> T,
) -> Option<Vec<T>> {
    let mut out = room::reserved(a.len() + b.len(), LAYER_GROWTH)?;
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match key(&a[i]).cmp(&key(&b[j])) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push(join(a[i], b[j]));
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_merged_are_the_joined_union() {
        let a: Vec<(u64, u64)> = (0..500).map(|k| (k * 3, 1)).collect();
        let b: Vec<(u64, u64)> = (0..400).map(|k| (k * 5, 10)).collect();
        let merged = merge_joined(a.clone(), b.clone(), |e| e.0, |x, y| (x.0, x.1 + y.1)).unwrap();
        let mut expected = std::collections::BTreeMap::new();
        for (k, c) in a.into_iter().chain(b) {
            *expected.entry(k).or_insert(0) += c;
        }
        assert_eq!(merged, expected.into_iter().collect::<Vec<_>>());
    }
}
