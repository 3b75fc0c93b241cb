//! Symmetries the pattern databases are also looked up through (the reflection of Korf and
//! Felner's 15-puzzle tables): a permutation `place` of an array's slots with a relabelling
//! `value` of its values, such that every move maps to a move and the goal to itself. Then
//! σ(s), the state with `value[s[i]]` at `place[i]`, is as far from the goal as `s`, so a table's
//! estimate of σ(s) bounds `s` too, and the larger of the two is admissible. Found from the
//! rules: the automorphisms of the graph of slots the moves exchange, each kept only if it maps
//! every move (its exchanges, its guard's `slot == value` tests and its constant cost) onto a
//! move.

use super::model::Rules;
use std::collections::HashSet;

/// One symmetry over the array's places (indices into its slots) and raw values.
#[derive(Debug, Clone)]
pub struct Mirror {
    /// `place[i]`: where the value at place `i` goes.
    pub place: Vec<u8>,
    /// `value[v]`: what raw value `v` becomes.
    pub value: Vec<u8>,
}

/// Search steps spent at most on the graph's automorphisms.
const MAX_STEPS: usize = 100_000;
/// Automorphisms tried at most.
const MAX_FOUND: usize = 64;

/// A move as exchanges of places and `place == raw value` tests, both sorted, and its cost
/// (a constant: a cost read from the state might not be preserved).
type Signature = (Vec<(u8, u8)>, Vec<(u8, u64)>, i64);

/// The symmetries of `rules` over the array of `slots` other than the identity; none unless
/// the array is the whole state, the goal one arrangement of it, and every move exchanges its
/// places under a guard of `slot == value` tests only, at a constant cost, with no constraint.
pub fn find(rules: &Rules, slots: &[usize]) -> Vec<Mirror> {
    let Some((goal, sigs)) = signatures(rules, slots) else {
        return Vec::new();
    };
    let n = slots.len();
    let set: HashSet<&Signature> = sigs.iter().collect();
    let mut adjacent = vec![0u64; n];
    for &(d, s) in sigs.iter().flat_map(|sig| &sig.0) {
        adjacent[d as usize] |= 1 << s;
        adjacent[s as usize] |= 1 << d;
    }
    let mut out = Vec::new();
    for place in automorphisms(&adjacent) {
        if place.iter().enumerate().all(|(i, &p)| p as usize == i) {
            continue;
        }
        let mut value = vec![0u8; n];
        (0..n).for_each(|i| value[goal[i] as usize] = goal[place[i] as usize]);
        let maps = |(steps, pins, cost): &Signature| {
            let mut s: Vec<(u8, u8)> = (steps.iter())
                .map(|&(d, s)| (place[d as usize], place[s as usize]))
                .collect();
            let mut p: Vec<(u8, u64)> = (pins.iter())
                .map(|&(i, v)| (place[i as usize], u64::from(value[v as usize])))
                .collect();
            s.sort_unstable();
            p.sort_unstable();
            set.contains(&(s, p, *cost))
        };
        if sigs.iter().all(maps) {
            out.push(Mirror { place, value });
        }
    }
    out
}

/// The goal's raw value per place and each move's signature, when the rules qualify.
fn signatures(rules: &Rules, slots: &[usize]) -> Option<(Vec<u8>, Vec<Signature>)> {
    let layout = &rules.layout;
    let n = slots.len();
    let goal = rules.reverse.as_ref()?.goal;
    let whole = (0..layout.slots.len()).all(|k| layout.slots[k].mask == 0 || slots.contains(&k));
    let sized = slots.iter().all(|&k| {
        let f = layout.slots[k];
        f.hi - f.lo + 1 == n as i64
    });
    if n > 64 || !whole || !sized || !rules.allowed.is_empty() {
        return None;
    }
    let place_of = |k: usize| slots.iter().position(|&x| x == k).map(|p| p as u8);
    let raw = |k: usize, v: i64| (v - layout.slots[k].lo) as u64;
    let goal: Vec<u8> = (slots.iter())
        .map(|&k| raw(k, layout.get(goal, k)) as u8)
        .collect();
    let mut seen = vec![false; n];
    goal.iter().for_each(|&v| seen[v as usize] = true);
    if seen.contains(&false) {
        return None;
    }
    let mut sigs = Vec::new();
    for inst in &rules.instances {
        let e = &inst.effect;
        if !e.writes.is_empty() || !(e.clear | e.set | e.toggle).is_empty() {
            return None;
        }
        let mut steps = Vec::new();
        for st in e.perm.as_ref()?.steps() {
            if st.add != 0 {
                return None;
            }
            steps.push((place_of(st.dst)?, place_of(st.src)?));
        }
        let mut pins = Vec::new();
        if let Some(g) = &inst.guard {
            for (shift, mask, c) in g.equalities(true)? {
                let k = (slots.iter().copied())
                    .find(|&k| (layout.slots[k].shift, layout.slots[k].mask) == (shift, mask))?;
                pins.push((place_of(k)?, raw(k, c)));
            }
        }
        steps.sort_unstable();
        pins.sort_unstable();
        sigs.push((steps, pins, inst.cost.constant()?));
    }
    Some((goal, sigs))
}

/// Automorphisms of the graph (`adjacent[i]`: the bit set of i's neighbours), by backtracking
/// place after place; at most [`MAX_FOUND`], within [`MAX_STEPS`].
fn automorphisms(adjacent: &[u64]) -> Vec<Vec<u8>> {
    let mut found = Vec::new();
    let mut image = Vec::new();
    let mut steps = 0;
    extend(adjacent, &mut image, 0, &mut found, &mut steps);
    found
}

fn extend(
    adj: &[u64],
    image: &mut Vec<u8>,
    used: u64,
    found: &mut Vec<Vec<u8>>,
    steps: &mut usize,
) {
    let i = image.len();
    if i == adj.len() {
        found.push(image.clone());
        return;
    }
    for j in 0..adj.len() {
        *steps += 1;
        if found.len() >= MAX_FOUND || *steps > MAX_STEPS {
            return;
        }
        let fits = used >> j & 1 == 0
            && adj[i].count_ones() == adj[j].count_ones()
            && (0..i).all(|k| (adj[i] >> k & 1) == (adj[j] >> image[k] & 1));
        if fits {
            image.push(j as u8);
            extend(adj, image, used | 1 << j, found, steps);
            image.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 4-cycle 0-1-2-3-0 has the 8 symmetries of a square; a path 0-1-2 has 2.
    #[test]
    fn automorphisms_of_a_square_and_a_path() {
        let square = [0b1010u64, 0b0101, 0b1010, 0b0101];
        assert_eq!(automorphisms(&square).len(), 8);
        let path = [0b010u64, 0b101, 0b010];
        let all = automorphisms(&path);
        assert_eq!(all, vec![vec![0, 1, 2], vec![2, 1, 0]]);
    }
}
