//! Symmetries of a board found from its jump table alone: every permutation of the holes that
//! maps the set of jumps onto itself. This covers drawn boards (their rotations and reflections
//! are exactly such permutations) and tables typed by hand alike.

use super::engine::jump::Jump;
use rustc_hash::FxHashSet;

/// Give up (and use no symmetry) past this many search steps or this many symmetries.
const STEP_BUDGET: usize = 2_000_000;
const MAX_GROUP: usize = 1024;

/// All automorphisms of the jump table, identity included; only the identity when the search
/// is too large (a board with almost no jumps has huge, useless groups).
pub fn automorphisms(holes: usize, jumps: &[Jump]) -> Vec<Vec<u8>> {
    let identity: Vec<u8> = (0..holes as u8).collect();
    let set: FxHashSet<(u8, u8, u8)> = jumps.iter().map(|j| (j.from, j.over, j.to)).collect();
    // A hole's role counts: jumps from it, over it, onto it. Images must have the same.
    let mut sig = vec![(0u32, 0u32, 0u32); holes];
    let mut near: Vec<Vec<usize>> = vec![Vec::new(); holes];
    for j in jumps {
        sig[j.from as usize].0 += 1;
        sig[j.over as usize].1 += 1;
        sig[j.to as usize].2 += 1;
        for (a, b) in [(j.from, j.over), (j.over, j.to), (j.from, j.to)] {
            near[a as usize].push(b as usize);
            near[b as usize].push(a as usize);
        }
    }
    // Order the holes so each one (after the first of its part) touches an earlier one.
    let mut order = Vec::with_capacity(holes);
    let mut placed = vec![false; holes];
    for root in 0..holes {
        if placed[root] {
            continue;
        }
        placed[root] = true;
        order.push(root);
        let mut k = order.len() - 1;
        while k < order.len() {
            for &n in &near[order[k]] {
                if !placed[n] {
                    placed[n] = true;
                    order.push(n);
                }
            }
            k += 1;
        }
    }
    let mut rank = vec![0usize; holes];
    for (k, &h) in order.iter().enumerate() {
        rank[h] = k;
    }
    // The jumps to check once the hole at each rank is mapped.
    let mut checks: Vec<Vec<Jump>> = vec![Vec::new(); holes];
    for j in jumps {
        let last = rank[j.from as usize]
            .max(rank[j.over as usize])
            .max(rank[j.to as usize]);
        checks[last].push(*j);
    }
    let mut search = Search {
        order,
        sig,
        checks,
        set,
        image: vec![u8::MAX; holes],
        used: vec![false; holes],
        found: Vec::new(),
        steps: 0,
    };
    if search.extend(0) {
        search.found
    } else {
        vec![identity]
    }
}

struct Search {
    order: Vec<usize>,
    sig: Vec<(u32, u32, u32)>,
    checks: Vec<Vec<Jump>>,
    set: FxHashSet<(u8, u8, u8)>,
    image: Vec<u8>,
    used: Vec<bool>,
    found: Vec<Vec<u8>>,
    steps: usize,
}

impl Search {
    /// False when over budget.
    fn extend(&mut self, k: usize) -> bool {
        if k == self.order.len() {
            self.found.push(self.image.clone());
            return self.found.len() <= MAX_GROUP;
        }
        let h = self.order[k];
        for c in 0..self.image.len() {
            self.steps += 1;
            if self.steps > STEP_BUDGET {
                return false;
            }
            if self.used[c] || self.sig[c] != self.sig[h] {
                continue;
            }
            self.image[h] = c as u8;
            let ok = self.checks[k].iter().all(|j| {
                let m = |x: u8| self.image[x as usize];
                self.set.contains(&(m(j.from), m(j.over), m(j.to)))
            });
            if ok {
                self.used[c] = true;
                let within = self.extend(k + 1);
                self.used[c] = false;
                if !within {
                    return false;
                }
            }
            self.image[h] = u8::MAX;
        }
        true
    }
}

/// The symmetries that map each of `sets` (sets of holes) onto itself.
pub fn keeping(group: Vec<Vec<u8>>, sets: &[&[usize]]) -> Vec<Vec<u8>> {
    group
        .into_iter()
        .filter(|p| {
            sets.iter()
                .all(|set| set.iter().all(|&h| set.contains(&(p[h] as usize))))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_has_its_mirror() {
        let jumps = Jump::along_row(5);
        let g = automorphisms(5, &jumps);
        assert_eq!(g.len(), 2);
        assert!(g.contains(&vec![4, 3, 2, 1, 0]));
    }
}
