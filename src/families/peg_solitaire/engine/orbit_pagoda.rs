//! A stronger pagoda function for the layer bounds, found by search: weights constant on each
//! orbit of the symmetry group (so a bound tested on a class's canonical key holds for the whole
//! class), small integers, keeping `w(to) <= w(from) + w(over)` on every jump, chosen for how many
//! positions of a sample they rule out beyond the bounds already in use. The seeded pagodas of
//! [`super::pagoda`] follow one rule each; on the English central game the searched one made
//! the search grow 6,954,977 classes instead of 7,977,590 (13% fewer). A side whose bounds
//! compare with a single position now gets stronger ones by linear programming instead (see
//! [`super::sampled_pagodas`]: 5.83 M classes there).

use super::bitboard::holes;
use super::jump::Jump;
use super::pagoda::Pagoda;
use crate::util::random::xorshift;

/// Weights range over -RANGE..=RANGE.
const RANGE: i32 = 3;
/// Candidates tried at most ((2 RANGE + 1) to the number of orbits).
const MOST_CANDIDATES: u64 = 1 << 20;
/// Sample positions scored per peg count.
const SAMPLE: usize = 1024;

/// The orbit-constant pagoda under which the most `sample` positions weigh less than the
/// least goal (`pegs` pegs on the holes `at`) while every pagoda of `known` keeps them; None
/// when there are too many orbits to search (or more than 64 holes, past the sample's words)
/// or none rules out a sampled position.
pub fn orbit_pagoda(
    holes: usize,
    jumps: &[Jump],
    group: &[Vec<u8>],
    (at, pegs): (&[usize], usize),
    sample: &[u64],
    known: &[Pagoda],
) -> Option<Pagoda> {
    if holes > 64 {
        return None;
    }
    let orbit = orbits(holes, group);
    let count = orbit.iter().max().map_or(0, |&o| o + 1);
    let candidates = (2 * RANGE as u64 + 1).checked_pow(count as u32)?;
    if candidates > MOST_CANDIDATES {
        return None;
    }
    // The jump rule on orbits: distinct (from, over, to) orbit triples.
    let mut rules: Vec<[usize; 3]> = jumps
        .iter()
        .map(|j| [j.from, j.over, j.to].map(|h| orbit[h as usize]))
        .collect();
    rules.sort_unstable();
    rules.dedup();
    // Positions the known bounds keep, by orbit counts (a pagoda's value is a dot product),
    // each distinct count with how many positions have it: a candidate scores each once.
    let mut kept: Vec<(Vec<i32>, usize)> = Vec::new();
    let mut counts: Vec<Vec<i32>> = sample
        .iter()
        .filter(|&&b| known.iter().all(|p| p.value(b) >= p.floor))
        .map(|&b| orbit_counts(b, &orbit, count))
        .collect();
    counts.sort_unstable();
    for c in counts {
        match kept.last_mut() {
            Some((last, n)) if *last == c => *n += 1,
            _ => kept.push((c, 1)),
        }
    }
    let at_counts: Vec<Vec<i32>> = at
        .iter()
        .map(|&h| orbit_counts(1 << h, &orbit, count))
        .collect();
    let mut best: Option<(usize, Vec<i32>, i32)> = None;
    let mut w = vec![-RANGE; count];
    for _ in 0..candidates {
        if rules.iter().all(|&[f, o, t]| w[t] <= w[f] + w[o]) {
            let floor = floor_of(&w, &at_counts, pegs);
            let out: usize = kept
                .iter()
                .filter(|(c, _)| dot(&w, c) < floor)
                .map(|(_, n)| n)
                .sum();
            if out > best.as_ref().map_or(0, |b| b.0) {
                best = Some((out, w.clone(), floor));
            }
        }
        next_weights(&mut w);
    }
    let (_, ow, floor) = best?;
    let weights = (0..holes).map(|h| ow[orbit[h]]).collect();
    Some(Pagoda { weights, floor })
}

/// Sample positions: `SAMPLE` pseudo-random positions of each peg count of `pegs` (fixed seed:
/// the choice of pagoda does not vary between runs); none past 64 holes.
pub fn sample_positions(holes: usize, pegs: impl Iterator<Item = usize>) -> Vec<u64> {
    if holes > 64 {
        return Vec::new();
    }
    let mut stream = xorshift(0x9E37_79B9_7F4A_7C15);
    let mut next = move || stream.next().unwrap_or_default();
    let mut out = Vec::new();
    for k in pegs {
        for _ in 0..SAMPLE {
            // k distinct holes by a partial shuffle.
            let mut order: Vec<usize> = (0..holes).collect();
            let mut b = 0u64;
            for i in 0..k.min(holes) {
                let j = i + (next() % (holes - i) as u64) as usize;
                order.swap(i, j);
                b |= 1 << order[i];
            }
            out.push(b);
        }
    }
    out
}

/// The orbit of each hole under the group (numbered from 0 in order of first hole).
fn orbits(holes: usize, group: &[Vec<u8>]) -> Vec<usize> {
    let mut root: Vec<usize> = (0..holes).collect();
    fn find(root: &mut [usize], mut h: usize) -> usize {
        while root[h] != h {
            root[h] = root[root[h]];
            h = root[h];
        }
        h
    }
    for perm in group {
        for (h, &image) in perm.iter().enumerate() {
            let (a, b) = (find(&mut root, h), find(&mut root, image as usize));
            root[a.max(b)] = a.min(b);
        }
    }
    let mut number = vec![usize::MAX; holes];
    let mut next = 0;
    (0..holes)
        .map(|h| {
            let r = find(&mut root, h);
            if number[r] == usize::MAX {
                number[r] = next;
                next += 1;
            }
            number[r]
        })
        .collect()
}

fn orbit_counts(b: u64, orbit: &[usize], count: usize) -> Vec<i32> {
    let mut c = vec![0; count];
    for h in holes(u128::from(b)) {
        c[orbit[h]] += 1;
    }
    c
}

fn dot(w: &[i32], c: &[i32]) -> i32 {
    w.iter().zip(c).map(|(a, b)| a * b).sum()
}

/// The least weight of a goal position: its `pegs` lightest holes of `at`.
fn floor_of(w: &[i32], at: &[Vec<i32>], pegs: usize) -> i32 {
    let mut each: Vec<i32> = at.iter().map(|c| dot(w, c)).collect();
    each.sort_unstable();
    each.iter().take(pegs).sum()
}

/// The next weighting in counting order (each weight a digit from -RANGE to RANGE).
fn next_weights(w: &mut [i32]) {
    for x in w.iter_mut() {
        if *x < RANGE {
            *x += 1;
            return;
        }
        *x = -RANGE;
    }
}

#[cfg(test)]
mod tests {
    use super::super::pagoda::goal_pagodas;
    use super::*;

    /// The English board (33 holes of a 7x7 cross, orthogonal jumps) and its 8 symmetries.
    fn english() -> (Vec<Jump>, Vec<Vec<u8>>, usize) {
        let (cells, jumps) = Jump::english();
        let at = |x, y| cells.iter().position(|&c| c == (x, y));
        type Map = fn(i32, i32) -> (i32, i32);
        let maps: [Map; 7] = [
            |x, y| (6 - x, y),
            |x, y| (x, 6 - y),
            |x, y| (6 - x, 6 - y),
            |x, y| (y, x),
            |x, y| (6 - y, x),
            |x, y| (y, 6 - x),
            |x, y| (6 - y, 6 - x),
        ];
        let group = maps
            .iter()
            .map(|m| {
                cells
                    .iter()
                    .map(|&(x, y)| {
                        let (a, b) = m(x, y);
                        at(a, b).unwrap() as u8
                    })
                    .collect()
            })
            .collect();
        (jumps, group, at(3, 3).unwrap())
    }

    #[test]
    fn the_searched_pagoda_keeps_the_rule_and_rules_out_more() {
        let (jumps, group, centre) = english();
        let known = goal_pagodas(33, &jumps, &[centre], 1);
        let sample = sample_positions(33, 15..20);
        let p = orbit_pagoda(33, &jumps, &group, (&[centre], 1), &sample, &known).unwrap();
        for j in &jumps {
            assert!(p.delta(*j) <= 0, "{j:?} breaks {:?}", p.weights);
        }
        for perm in &group {
            for (h, &image) in perm.iter().enumerate() {
                assert_eq!(
                    p.weights[h], p.weights[image as usize],
                    "constant on orbits"
                );
            }
        }
        assert_eq!(p.floor, p.weights[centre]);
        // It rules out sampled positions the seeded pagodas keep.
        let more = sample
            .iter()
            .filter(|&&b| known.iter().all(|k| k.value(b) >= k.floor) && p.value(b) < p.floor)
            .count();
        assert!(more > 0);
    }

    #[test]
    fn orbits_of_the_english_board() {
        let (_, group, _) = english();
        let orbit = orbits(33, &group);
        // Under the 8 symmetries the 33 holes fall in seven classes.
        assert_eq!(orbit.iter().max(), Some(&6));
    }
}
