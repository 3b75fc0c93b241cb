//! Conflict analysis to the first unique implication point, over facts `x in S`: the facts that
//! failed together are resolved, newest change first, against the explanation of the change
//! that made each hold, until only one of them holds because of the current level's decision.
//! Its negation, with the others, is the learned nogood; the search jumps back to the level
//! where the nogood's second-newest fact became true, where the nogood narrows at once.

use super::explain::Facts;
use crate::engine::propagation::store::{Bits, DECISION, Store};

/// A learned nogood: facts on distinct variables, the one to make false first, the newest of
/// the rest second; and the level to jump back to.
pub struct Learned {
    pub facts: Facts,
    pub level: usize,
    /// Variables the analysis resolved on (what the activity order bumps beside the facts').
    pub resolved: Vec<u32>,
}

/// The clause under resolution: per variable, the set its fact allows (all values when absent).
pub struct Analysis {
    set: Vec<Bits>,
    /// Per variable in the clause, the trail entry after which its fact holds.
    since: Vec<usize>,
    inside: Vec<u32>,
    buffer: Facts,
}

impl Analysis {
    pub fn new(variables: usize) -> Analysis {
        Analysis {
            set: vec![Bits::MAX; variables],
            since: vec![0; variables],
            inside: Vec::new(),
            buffer: Vec::new(),
        }
    }

    /// Resolves the `failed` facts (which hold together now and cannot) down to one fact of the
    /// newest level they reach; `levels[k]` is the trail entry of level k + 1's decision, and
    /// `explain(e, want, out)` gives facts implying that entry `e` put its variable in `want`.
    /// None when every fact holds at the root: no solution is left at all.
    pub fn run(
        &mut self,
        s: &Store,
        levels: &[usize],
        failed: &Facts,
        mut explain: impl FnMut(usize, Bits, &mut Facts),
    ) -> Option<Learned> {
        let level = |e: usize| levels.partition_point(|&m| m <= e);
        for &(v, set) in failed {
            self.add(s, &level, v as usize, set);
        }
        let mut resolved = Vec::new();
        loop {
            let (top, count, newest) = self.newest(&level)?;
            if count == 1 || top == 0 {
                break;
            }
            let (x, _) = s.entry(newest);
            if s.cause_of(newest) == DECISION {
                debug_assert!(false, "a decision is the first change of its level");
                break;
            }
            let want = self.remove(x);
            resolved.push(x as u32);
            let mut reason = std::mem::take(&mut self.buffer);
            reason.clear();
            explain(newest, want, &mut reason);
            for &(v, set) in &reason {
                self.add(s, &level, v as usize, set);
            }
            self.buffer = reason;
        }
        Some(self.finish(&level, resolved))
    }

    /// The newest level any fact holds from, how many facts hold from it, and the newest entry.
    fn newest(&self, level: &impl Fn(usize) -> usize) -> Option<(usize, usize, usize)> {
        let mut best: Option<(usize, usize, usize)> = None;
        for &v in &self.inside {
            let e = self.since[v as usize];
            let l = level(e);
            best = Some(match best {
                Some((bl, n, be)) if bl == l => (l, n + 1, be.max(e)),
                Some(b) if b.0 > l => b,
                _ => (l, 1, e),
            });
        }
        best
    }

    /// Adds the fact `v in set` (with the clause's fact on v, if any: both); a fact that holds
    /// at the root says nothing and is left out.
    fn add(&mut self, s: &Store, level: &impl Fn(usize) -> usize, v: usize, set: Bits) {
        let was = self.set[v];
        let both = was & set;
        if both == was {
            return;
        }
        match s.entry_entailing(v, both) {
            Some(e) if level(e) > 0 => {
                if was == Bits::MAX {
                    self.inside.push(v as u32);
                }
                self.set[v] = both;
                self.since[v] = e;
            }
            // Holds at the root (only possible when v was absent: a fact in the clause does
            // not, and `both` is narrower).
            _ => {}
        }
    }

    /// Takes v's fact out of the clause; the set it allowed.
    fn remove(&mut self, v: usize) -> Bits {
        let i = self.inside.iter().position(|&u| u as usize == v);
        if let Some(i) = i {
            self.inside.swap_remove(i);
        }
        std::mem::replace(&mut self.set[v], Bits::MAX)
    }

    /// The nogood: the fact of the newest level first, then the newest of the others; the
    /// clause is emptied for the next analysis.
    fn finish(&mut self, level: &impl Fn(usize) -> usize, resolved: Vec<u32>) -> Learned {
        let mut facts: Vec<(usize, u32, Bits)> = self
            .inside
            .drain(..)
            .map(|v| (self.since[v as usize], v, self.set[v as usize]))
            .collect();
        for &(_, v, _) in &facts {
            self.set[v as usize] = Bits::MAX;
        }
        // Newest first: the first fact is then the single one of the newest level.
        facts.sort_unstable_by_key(|f| std::cmp::Reverse(f.0));
        let jump = facts.get(1).map_or(0, |f| level(f.0));
        Learned {
            facts: facts.into_iter().map(|(_, v, set)| (v, set)).collect(),
            level: jump,
            resolved,
        }
    }
}
