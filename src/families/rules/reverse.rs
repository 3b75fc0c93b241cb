//! Moves followed backwards, for bidirectional search: the goal as one full state, and each
//! state's exact predecessors. Nothing is assumed of the moves (no declared reversibility): a
//! move's predecessors of a state are found by trying every old value of the slots the move may
//! write, and each candidate is kept only if running the move forwards from it gives the state,
//! so the backward search sees exactly the edges the forward one does.

use super::bytecode::Program;
use super::instance::{Instance, Target};
use super::lanes::LaneDispatch;
use super::layout::Layout;
use super::permute::Perm;
use super::word::{Mask, Word};

/// The goal state and every move's way back.
#[derive(Debug, Clone)]
pub struct Reverse {
    /// In the widest word; the search cuts it to the state's.
    pub goal: Mask,
    moves: Vec<Preimage>,
    /// Candidate predecessors tried per state at most (all moves together).
    pub per_state: u64,
    /// When every move lands its pinned value in a slot of one row: the moves found by where
    /// that value sits in the later state.
    lanes: Option<LaneDispatch>,
}

/// What one move's effect leaves of the old state.
#[derive(Debug, Clone)]
struct Preimage {
    /// Bits the effect sets to constants (and no write can reach): the new state has `set`
    /// there (after `toggle`), else this move cannot lead to it.
    fixed: Mask,
    set: Mask,
    toggle: Mask,
    /// Slots whose old value the new state does not tell, each with the values to try (the
    /// slot's range, or the one value the guard pins it to).
    free: Vec<(usize, i64, i64)>,
    /// The inverse of the effect's permutation: the moved slots' old values, in one step.
    inverse: Option<Perm>,
    /// When the guard pins a slot that the permutation moves unchanged (the blank's cell of
    /// a slide): the slot it lands in, as shift and mask, and the raw value it holds there.
    post: Option<(u32, u64, u64)>,
}

impl Preimage {
    fn build(inst: &Instance, layout: &Layout) -> Preimage {
        let e = &inst.effect;
        let mut slots: Vec<usize> = Vec::new();
        for w in &e.writes {
            match &w.target {
                Target::Slot(s) => slots.push(*s),
                Target::At { var, .. } => {
                    let v = &layout.vars[*var];
                    slots.extend(v.first..v.first + v.len());
                }
            }
        }
        let written = (slots.iter()).fold(Mask::default(), |m, &s| m | layout.mask_of(s));
        for (k, _) in layout.slots.iter().enumerate() {
            if !(layout.mask_of(k) & (e.clear | e.set)).is_empty() {
                slots.push(k);
            }
        }
        slots.sort_unstable();
        slots.dedup();
        let pins = inst
            .guard
            .as_ref()
            .and_then(|g| g.equalities(false))
            .unwrap_or_default();
        let free = slots
            .into_iter()
            .filter(|&k| layout.slots[k].mask != 0)
            .map(|k| {
                let f = layout.slots[k];
                let pinned = pins.iter().filter(|p| (p.0, p.1) == (f.shift, f.mask));
                // Several pins narrow to their common value; none leaves the whole range.
                pinned.fold((k, f.lo, f.hi), |(k, lo, hi), p| {
                    (k, lo.max(p.2), hi.min(p.2))
                })
            })
            .collect();
        Preimage {
            fixed: (e.clear | e.set) & !written,
            set: e.set & !written,
            toggle: e.toggle,
            free,
            inverse: e.perm.as_ref().map(|p| p.inverse(layout)),
            post: landing_pin(inst, layout),
        }
    }

    fn candidates(&self) -> u64 {
        self.free.iter().fold(1u64, |n, &(_, lo, hi)| {
            n.saturating_mul(u64::try_from(hi - lo + 1).unwrap_or(0))
        })
    }
}

/// Where the slot a guard pins lands when only the move's permutation writes: the pinned value
/// is then in that slot after the move (`cell[p] == 0` and a swap of p and q: cell q holds 0).
fn landing_pin(inst: &Instance, layout: &Layout) -> Option<(u32, u64, u64)> {
    let e = &inst.effect;
    let (shift, mask, raw) = match inst.guard.as_ref()?.pinned()? {
        (shift, mask, Some(raw)) => (shift, mask, raw),
        _ => return None,
    };
    let only_perm = e.writes.is_empty() && (e.clear | e.set | e.toggle).is_empty();
    let from = layout
        .slots
        .iter()
        .position(|f| (f.shift, f.mask) == (shift, mask))?;
    let step = e.perm.as_ref()?.steps().iter().find(|s| s.src == from)?;
    let to = layout.slots[step.dst];
    (only_perm && step.add == 0 && to.mask == mask).then_some((to.shift, mask, raw))
}

/// What the way back needs of the rules: each candidate checked by following its move forwards.
pub trait Forward {
    fn layout(&self) -> &Layout;
    /// Whether `s` breaks no constraint and move `mv` from it is allowed and leads to `t`.
    fn leads_to<W: Word>(&self, mv: usize, s: W, t: W) -> bool;
}

/// The one state the goal names, when it is `slot == constant` tests fixing every slot.
fn goal_state(layout: &Layout, goal: &Program) -> Option<Mask> {
    let tests = goal.equalities(true)?;
    let mut values: Vec<Option<i64>> = vec![None; layout.slots.len()];
    for (shift, mask, c) in tests {
        let k = layout
            .slots
            .iter()
            .position(|f| (f.shift, f.mask) == (shift, mask))?;
        let f = layout.slots[k];
        if !(f.lo..=f.hi).contains(&c) || values[k].is_some_and(|v| v != c) {
            return None; // the goal never holds: plain search says so
        }
        values[k] = Some(c);
    }
    let values: Option<Vec<i64>> = (layout.slots.iter().zip(&values))
        .map(|(f, v)| if f.mask == 0 { Some(f.lo) } else { *v })
        .collect();
    Some(layout.pack(&values?))
}

impl Reverse {
    /// The way back, when the goal names one full state.
    pub fn build(layout: &Layout, instances: &[Instance], goal: &Program) -> Option<Reverse> {
        let goal = goal_state(layout, goal)?;
        let moves: Vec<Preimage> = (instances.iter())
            .map(|i| Preimage::build(i, layout))
            .collect();
        let posts: Option<Vec<(u32, u64, u64)>> = moves.iter().map(|p| p.post).collect();
        let lanes = posts.and_then(|p| LaneDispatch::of_pins(&p));
        let per_state = match &lanes {
            Some(l) => l.most(|i| moves[i].candidates()),
            None => (moves.iter()).fold(0u64, |n, p| n.saturating_add(p.candidates())),
        };
        Some(Reverse {
            goal,
            lanes,
            moves,
            per_state,
        })
    }

    /// Calls `found(move, previous)` for every move and state leading to `t` (each checked by
    /// applying the move). A candidate whose guard, effect or constraints cannot be evaluated
    /// is no predecessor: forward search never reaches it without stopping first.
    pub fn predecessors<W: Word>(
        &self,
        rules: &impl Forward,
        t: W,
        found: &mut impl FnMut(u32, W),
    ) {
        if let Some(lanes) = &self.lanes {
            lanes.each(t, |i| {
                self.predecessors_by(i, rules, t, found);
                true
            });
            return;
        }
        for i in 0..self.moves.len() {
            self.predecessors_by(i, rules, t, found);
        }
    }

    /// The predecessors of `t` by move `i`.
    #[inline]
    fn predecessors_by<W: Word>(
        &self,
        i: usize,
        rules: &impl Forward,
        t: W,
        found: &mut impl FnMut(u32, W),
    ) {
        let p = &self.moves[i];
        let (fixed, toggle) = (W::narrow(p.fixed), W::narrow(p.toggle));
        if (t ^ toggle) & fixed != W::narrow(p.set) & fixed
            || p.post
                .is_some_and(|(shift, mask, raw)| t.field(shift, mask) != raw)
        {
            return;
        }
        let base = match &p.inverse {
            Some(inv) => inv.apply(t, t ^ toggle),
            None => t ^ toggle,
        };
        each_value(rules.layout(), &p.free, base, &mut |s| {
            if rules.leads_to(i, s, t) {
                found(i as u32, s);
            }
        });
    }
}

/// Calls `f` with `s` for every combination of values of the `free` slots.
fn each_value<W: Word>(layout: &Layout, free: &[(usize, i64, i64)], s: W, f: &mut impl FnMut(W)) {
    match free.split_first() {
        None => f(s),
        Some((&(k, lo, hi), rest)) => {
            for v in lo..=hi {
                each_value(layout, rest, layout.with(s, k, v), f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::load::puzzle_from_spec;
    use crate::spec::SpecDocument;
    use std::collections::BTreeSet;
    use std::path::Path;

    /// Every valid state of the layout (each slot within its range).
    fn all_states(rules: &super::super::model::Rules) -> Vec<u64> {
        let mut out = vec![0u64];
        for (k, f) in rules.layout.slots.iter().enumerate() {
            out = out
                .iter()
                .flat_map(|&s| (f.lo..=f.hi).map(move |v| (s, v)))
                .map(|(s, v)| rules.layout.with(s, k, v))
                .collect();
        }
        out
    }

    /// For every state, the predecessors found equal those of a brute force over all states.
    fn predecessors_are_exact(spec: &str, text: String, set: &[&str]) {
        let sets: Vec<String> = set.iter().map(|s| s.to_string()).collect();
        let doc = SpecDocument::from_text(Path::new(spec), text, &sets).unwrap();
        let puzzle = puzzle_from_spec(&doc).unwrap();
        let rules = &puzzle.rules;
        let reverse = rules.reverse.as_ref().expect("the goal names one state");
        let states = all_states(rules);
        for &t in &states {
            let mut found = BTreeSet::new();
            reverse.predecessors(rules, t, &mut |i, s| {
                found.insert((i, s));
            });
            let mut want = BTreeSet::new();
            for &s in &states {
                if !matches!(rules.broken_constraint(s), Ok(None)) {
                    continue;
                }
                for i in 0..rules.instances.len() {
                    if matches!(rules.apply(i, s), Ok(Some(n)) if n == t) {
                        want.insert((i as u32, s));
                    }
                }
            }
            assert_eq!(found, want, "{spec} {set:?}: state {t:#x}");
        }
    }

    fn shipped(spec: &str, set: &[&str]) {
        predecessors_are_exact(spec, std::fs::read_to_string(spec).unwrap(), set);
    }

    /// A 2x2 sliding puzzle (guards pin the blank, a constant write and a copied value) and a
    /// 2x2 Lights Out (toggles only) written here.
    const SLIDE: &str = r#"
[puzzle]
name = "2x2"
kind = "rules"
[tables]
adjacent = [[1, 2], [0, 3], [0, 3], [1, 2]]
[state]
cell = "4 of 0..3"
[start]
cell = [1, 2, 3, 0]
[[move]]
name = "slide"
for = "p in 0..3, q in adjacent[p]"
when = "cell[p] == 0"
do = "cell[p] = cell[q]; cell[q] = 0"
[goal]
reach = "all(cell[i] == i for i in 0..3)"
"#;

    const LIGHTS: &str = r#"
[puzzle]
name = "2x2 lights"
kind = "rules"
[tables]
neighbours = [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]
[state]
lights = "4 of 0..1"
[start]
lights = 1
[[move]]
name = "press"
for = "i in 0..3"
do = "lights[j] = 1 - lights[j] for j in neighbours[i]"
[goal]
reach = "all(lights[i] == 0 for i in 0..3)"
"#;

    /// A ring of 3 with twists, moved by `permute` (turned 1 to 3 times) and by the same
    /// turn written in `do` (found to be a permutation), plus a guard.
    const RING: &str = r#"
[puzzle]
name = "ring"
kind = "rules"
[state]
p = "3 of 0..2"
o = "3 of 0..2"
[start]
p = [0, 1, 2]
o = 0
[[move]]
name = "turn"
for = "q in 1..2"
permute = [{ arrays = ["p", "o"], cycles = [0, 1, 2], add = { o = [1, 2, 0] } }]
times = "q"
[[move]]
name = "swap"
when = "o[0] != 1"
do = "p[0] = p[2]; p[2] = p[0]; o[0] = (o[2] + 1) % 3; o[2] = (o[0] + 2) % 3"
[goal]
reach = "all(p[i] == i and o[i] == 0 for i in 0..2)"
"#;

    #[test]
    fn permutations_are_inverted_and_their_predecessors_exact() {
        let doc = SpecDocument::from_text(Path::new("ring.toml"), RING.to_string(), &[]).unwrap();
        let rules = puzzle_from_spec(&doc).unwrap().rules;
        // Every move, the one written in `do` included, is a permutation: one candidate each.
        assert!(rules.instances.iter().all(|i| i.effect.perm.is_some()));
        assert_eq!(rules.reverse.as_ref().unwrap().per_state, 3);
        predecessors_are_exact("ring.toml", RING.to_string(), &[]);
    }

    #[test]
    fn predecessors_match_a_brute_force_over_every_state() {
        // One-way moves (fill, empty) and writes computed from the state (pour).
        shipped(
            "specs/water-jugs-rules.toml",
            &["goal.reach=\"jug[0] == 4 and jug[1] == 0\""],
        );
        // Constraints and `if` in the effect.
        shipped(
            "specs/missionaries-rules.toml",
            &["goal.reach=\"ml == 0 and cl == 0 and boat == 1\""],
        );
        shipped("specs/hanoi-rules.toml", &["params.n=4"]);
        predecessors_are_exact("slide.toml", SLIDE.to_string(), &[]);
        predecessors_are_exact("lights.toml", LIGHTS.to_string(), &[]);
    }

    /// The slides' predecessors are found by where the blank is (and stay exact, above): the
    /// blank lands where it was pinned from, and at most 2 slides of the 2x2 lead to a state.
    #[test]
    fn slides_are_found_backwards_by_the_blank() {
        let doc = SpecDocument::from_text(Path::new("slide.toml"), SLIDE.to_string(), &[]);
        let rules = puzzle_from_spec(&doc.unwrap()).unwrap().rules;
        let reverse = rules.reverse.as_ref().unwrap();
        assert!(reverse.lanes.is_some());
        assert_eq!(reverse.per_state, 2);
    }
}
