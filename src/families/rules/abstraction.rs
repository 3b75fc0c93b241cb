//! One abstraction of the rules for a pattern database: each slot is kept exactly, dropped
//! (every value the same), or, in an array that stays a permutation, kept for some values
//! (the tiles of a pattern) with all others made one "don't care" value. An abstract state is a
//! packed state whose slots hold their class's representative, so the compiled moves run on it
//! unchanged; what they cannot tell of a dropped value is over-approximated (a guard reading
//! it holds if it holds for some value of the class), so every real move is an abstract one
//! and abstract distances never overestimate real ones.

use super::instance::Target;
use super::layout::Layout;
use super::model::Rules;
use super::permute::Perm;
use super::word::{Mask, Word};

/// A tile table's kept values: each one's raw value and its weight in the table's index.
pub type KeptValues = Vec<(u8, u64)>;

/// Concretizations tried at most for a guard reading several dropped slots; past this the
/// guard is taken to hold (which only weakens the bound).
const MAX_TRIED: u64 = 256;

/// The values of a permutation array kept by a pattern: where each lies gives the index.
#[derive(Debug, Clone)]
struct Tiles {
    /// The array's slots: shift and mask.
    slots: Vec<(u32, u64)>,
    /// For each raw value, its place among the kept values, or `u8::MAX`.
    order: Vec<u8>,
    /// Per kept value (in order), the weight of its digit.
    weights: Vec<u64>,
    /// The weight of the tiles' index in the whole index.
    unit: u64,
    /// When the last kept value (the blank) is left out of the table: the weights of the
    /// others in the table's index, and the number of places the blank's digit counts.
    projected: Option<(Vec<u64>, u64)>,
}

#[derive(Debug, Clone)]
enum Guard {
    Always,
    /// Reads only exact slots: run as written.
    Exact,
    /// Reads one slot that is not exact: whether it may hold, per raw representative.
    OneSlot {
        shift: u32,
        mask: u64,
        ok: Vec<bool>,
    },
    /// Reads these slots that are not exact: holds if it holds for some of their values.
    Enumerate(Vec<usize>),
}

#[derive(Debug, Clone)]
struct Move {
    guard: Guard,
    /// The effect's result must be mapped to representatives again.
    remap: bool,
    /// Undoes the effect's permutation, and its toggles.
    inverse: Option<Perm>,
    toggle: Mask,
    /// Slots whose old value the new state does not tell, with the raw representatives to try.
    free: Vec<(usize, Vec<u64>)>,
    /// With a one-slot guard whose slot the effect only carries elsewhere: that slot's field
    /// after the move, which then holds the value the guard read (so a state whose field there
    /// fails the guard has no predecessor by this move; the table's backward search skips the
    /// move at once, as the blank's place rules out all but a few slides).
    carried: Option<(u32, u64)>,
}

#[derive(Debug)]
pub struct Abstraction {
    /// Per slot: None kept exactly, else each raw value's raw representative.
    maps: Vec<Option<Vec<u64>>>,
    /// Per slot with a map: the raw values of each representative's class.
    classes: Vec<Vec<Vec<u64>>>,
    /// Exact slots outside the tiles: shift, mask, weight.
    digits: Vec<(u32, u64, u64)>,
    tiles: Option<Tiles>,
    /// Every index is below this.
    pub bound: u64,
    /// Every table index is below this: `bound`, or less when the blank is projected away.
    pub table_bound: u64,
    moves: Vec<Move>,
    /// Constraints that read only exact slots (the others are taken to hold).
    constraints: Vec<usize>,
}

/// What a pattern keeps.
pub struct Pattern {
    /// Slots kept exactly.
    pub exact: Vec<bool>,
    /// A permutation array (its slots) and the raw values kept; the other values become
    /// `wild`.
    pub tiles: Option<(Vec<usize>, Vec<u64>, u64)>,
    /// The last kept value of `tiles` (the blank) is kept in the abstract space but not in the
    /// table: its moves cost nothing (Korf and Felner's additive tables).
    pub project_last: bool,
    /// Per dropped slot: the raw value all its values become.
    pub rep: Vec<u64>,
}

fn slot_of(layout: &Layout, (shift, mask): (u32, u64)) -> Option<usize> {
    (layout.slots.iter()).position(|f| f.shift == shift && f.mask == mask && f.mask != 0)
}

fn size(layout: &Layout, k: usize) -> u64 {
    let f = layout.slots[k];
    (f.hi - f.lo + 1) as u64
}

impl Abstraction {
    /// The abstraction `p` of `rules`, or why the moves cannot be followed in it.
    pub fn new(rules: &Rules, p: &Pattern) -> Result<Abstraction, String> {
        let layout = &rules.layout;
        let n = layout.slots.len();
        let mut maps: Vec<Option<Vec<u64>>> = vec![None; n];
        let in_tiles = |k: usize| p.tiles.as_ref().is_some_and(|t| t.0.contains(&k));
        for (k, map) in maps.iter_mut().enumerate() {
            if layout.slots[k].mask == 0 || p.exact[k] {
                continue;
            }
            let sz = size(layout, k);
            *map = Some(match &p.tiles {
                Some((_, kept, wild)) if in_tiles(k) => (0..sz)
                    .map(|v| if kept.contains(&v) { v } else { *wild })
                    .collect(),
                _ => vec![p.rep[k]; sz as usize],
            });
        }
        let classes = (maps.iter())
            .map(|m| match m {
                None => Vec::new(),
                Some(m) => {
                    let mut c = vec![Vec::new(); m.len()];
                    (0..m.len()).for_each(|v| c[m[v] as usize].push(v as u64));
                    c
                }
            })
            .collect();
        let mut a = Abstraction {
            maps,
            classes,
            digits: Vec::new(),
            tiles: None,
            bound: 1,
            table_bound: 1,
            moves: Vec::new(),
            constraints: Vec::new(),
        };
        a.index_layout(layout, p)?;
        for i in 0..rules.instances.len() {
            let m = a.abstract_move(rules, i)?;
            a.moves.push(m);
        }
        a.constraints = (0..rules.allowed.len())
            .filter(|&c| a.all_exact(layout, &rules.allowed[c].reads()))
            .collect();
        Ok(a)
    }

    fn exact(&self, k: usize) -> bool {
        self.maps[k].is_none()
    }

    fn all_exact(&self, layout: &Layout, reads: &[(u32, u64)]) -> bool {
        reads
            .iter()
            .all(|&r| slot_of(layout, r).is_none_or(|k| self.exact(k)))
    }

    /// The digits of the index: the exact slots by their range, then the tiles' places.
    fn index_layout(&mut self, layout: &Layout, p: &Pattern) -> Result<(), String> {
        let too_big = || "its table would have more than 2^64 entries".to_string();
        let mut weight: u64 = 1;
        for k in (0..layout.slots.len()).rev() {
            let f = layout.slots[k];
            if f.mask == 0 || !self.exact(k) {
                continue;
            }
            self.digits.push((f.shift, f.mask, weight));
            weight = weight.checked_mul(size(layout, k)).ok_or_else(too_big)?;
        }
        if let Some((slots, kept, _)) = &p.tiles {
            let n = slots.len() as u64;
            let mut order = vec![u8::MAX; size(layout, slots[0]) as usize];
            kept.iter()
                .enumerate()
                .for_each(|(j, &v)| order[v as usize] = j as u8);
            // Kept value j has n - j places left; its digit weighs the places of those after it.
            let mut weights = vec![1u64; kept.len()];
            for j in (0..kept.len().saturating_sub(1)).rev() {
                weights[j] = weights[j + 1] * (n - j as u64 - 1);
            }
            let count = weights.first().map_or(1, |w| w * n);
            // The blank's digit is the last, of weight 1: dropping it divides by its places.
            let projected = (p.project_last && kept.len() > 1).then(|| {
                let last = n - kept.len() as u64 + 1;
                let w = weights[..kept.len() - 1].iter().map(|w| w / last).collect();
                (w, last)
            });
            self.table_bound = match &projected {
                Some((_, last)) => weight * (count / last),
                None => weight * count,
            };
            self.tiles = Some(Tiles {
                slots: (slots.iter())
                    .map(|&k| (layout.slots[k].shift, layout.slots[k].mask))
                    .collect(),
                order,
                weights,
                unit: weight,
                projected,
            });
            weight = weight.checked_mul(count).ok_or_else(too_big)?;
        }
        if self.tiles.is_none() {
            self.table_bound = weight;
        }
        self.bound = weight;
        Ok(())
    }

    /// The index of the abstract state of `s` (a real state or an abstract one: the index reads
    /// only what the abstraction keeps).
    #[inline]
    pub fn index<W: Word>(&self, s: W) -> usize {
        self.index_by(s, self.tiles.as_ref().map_or(&[], |t| &t.weights))
    }

    /// The table's index of `s`: its index without the blank's digit when that is projected
    /// away.
    #[inline]
    pub fn table_index<W: Word>(&self, s: W) -> usize {
        match &self.tiles {
            Some(Tiles {
                projected: Some((w, _)),
                ..
            }) => self.index_by(s, w),
            _ => self.index(s),
        }
    }

    /// When the table's index reads only the tiles: the array's slots, with each kept value's
    /// raw value and weight in the table's index (a heuristic over several such tables finds
    /// where each value lies once, for all of them: [`Abstraction::table_index_at`]).
    pub fn tile_table(&self) -> Option<(&[(u32, u64)], KeptValues)> {
        let t = self.tiles.as_ref().filter(|_| self.digits.is_empty())?;
        let weights = t.projected.as_ref().map_or(&t.weights, |(w, _)| w);
        let mut kept = vec![(0u8, 0u64); weights.len()];
        for (v, &j) in t.order.iter().enumerate() {
            if let Some(k) = kept.get_mut(j as usize) {
                *k = (v as u8, weights[j as usize]);
            }
        }
        (t.slots.len() <= 32 && t.order.len() <= 256).then_some((&t.slots, kept))
    }

    /// The table's index from where each raw value lies (`at[v]`, a slot of the array), for
    /// the kept values and weights `tile_table` gave; as `table_index`.
    #[inline]
    pub fn table_index_at(at: &[u8], kept: &[(u8, u64)]) -> usize {
        let mut used = 0u32;
        let mut idx = 0u64;
        for &(v, w) in kept {
            let pos = u32::from(at[v as usize]);
            let before = (used & ((1u32 << pos) - 1)).count_ones();
            idx += u64::from(pos - before) * w;
            used |= 1 << pos;
        }
        idx as usize
    }

    /// The table's index of the abstract state of index `i`.
    pub fn project(&self, i: usize) -> usize {
        match &self.tiles {
            Some(Tiles {
                projected: Some((_, last)),
                unit,
                ..
            }) => {
                let (i, unit, last) = (i as u64, *unit, *last);
                ((i / unit / last) * unit + i % unit) as usize
            }
            _ => i,
        }
    }

    /// The index with the kept values' digits weighed by `weights` (the first ones only, when
    /// it is shorter).
    #[inline]
    fn index_by<W: Word>(&self, s: W, weights: &[u64]) -> usize {
        let mut r = 0u64;
        for &(shift, mask, w) in &self.digits {
            r += s.field(shift, mask) * w;
        }
        if let Some(t) = &self.tiles {
            let mut used = 0u32;
            let mut places = [0u8; 16];
            for (pos, &(shift, mask)) in t.slots.iter().enumerate() {
                let j = t.order[s.field(shift, mask) as usize];
                if j != u8::MAX {
                    places[j as usize] = pos as u8;
                }
            }
            let mut idx = 0u64;
            for (j, &w) in weights.iter().enumerate() {
                let pos = u32::from(places[j]);
                let before = (used & ((1u32 << pos) - 1)).count_ones();
                idx += u64::from(pos - before) * w;
                used |= 1 << pos;
            }
            r += idx * t.unit;
        }
        r as usize
    }

    /// `s` with every slot at its class's representative.
    #[inline]
    pub fn canonical<W: Word>(&self, layout: &Layout, mut s: W) -> W {
        for (k, m) in self.maps.iter().enumerate() {
            if let Some(m) = m {
                let f = layout.slots[k];
                let raw = m[s.field(f.shift, f.mask) as usize];
                s = (s & !W::place(f.mask, f.shift)) | W::place(raw, f.shift);
            }
        }
        s
    }

    /// How instance `i` is followed in the abstraction, or why it cannot be.
    fn abstract_move(&self, rules: &Rules, i: usize) -> Result<Move, String> {
        let layout = &rules.layout;
        let inst = &rules.instances[i];
        let e = &inst.effect;
        for w in &e.writes {
            let mut reads = w.value.reads();
            if let Target::At { index, .. } = &w.target {
                reads.extend(index.reads());
            }
            if !self.all_exact(layout, &reads) {
                return Err("a move computes a value from a slot the pattern drops".into());
            }
        }
        let mut remap = !e.writes.is_empty()
            || !((e.clear | e.set | e.toggle) & self.dropped_bits(layout)).is_empty();
        if let Some(perm) = &e.perm {
            for st in perm.steps() {
                let same = self.maps[st.dst] == self.maps[st.src];
                let constant = self.maps[st.dst]
                    .as_ref()
                    .is_some_and(|m| m.iter().all(|&r| r == m[0]));
                if !same || (st.add != 0 && !self.exact(st.dst) && !constant) {
                    return Err(
                        "a move carries values between slots the pattern keeps differently".into(),
                    );
                }
                remap |= st.add != 0 && !self.exact(st.dst);
            }
        }
        let guard = self.guard(rules, i);
        let carried = match &guard {
            Guard::OneSlot { shift, mask, .. } if !remap => carried(rules, i, (*shift, *mask)),
            _ => None,
        };
        Ok(Move {
            guard,
            remap,
            inverse: e.perm.as_ref().map(|p| p.inverse(layout)),
            toggle: e.toggle,
            free: self.free_slots(rules, i),
            carried,
        })
    }

    fn dropped_bits(&self, layout: &Layout) -> Mask {
        (0..layout.slots.len())
            .filter(|&k| !self.exact(k))
            .fold(Mask::default(), |m, k| m | layout.mask_of(k))
    }

    fn guard(&self, rules: &Rules, i: usize) -> Guard {
        let layout = &rules.layout;
        let Some(g) = &rules.instances[i].guard else {
            return Guard::Always;
        };
        let reads: Vec<usize> = (g.reads().into_iter())
            .filter_map(|r| slot_of(layout, r))
            .collect();
        let open: Vec<usize> = reads.iter().copied().filter(|&k| !self.exact(k)).collect();
        match (open.as_slice(), reads.len()) {
            ([], _) => Guard::Exact,
            ([k], 1) => {
                let f = layout.slots[*k];
                let ok = (self.classes[*k].iter())
                    .map(|class| {
                        class.iter().any(|&v| {
                            let s = Mask::place(v, f.shift);
                            g.run(s, &rules.tables) != Ok(0)
                        })
                    })
                    .collect();
                Guard::OneSlot {
                    shift: f.shift,
                    mask: f.mask,
                    ok,
                }
            }
            _ => {
                let tried = (open.iter()).fold(1u64, |n, &k| {
                    n.saturating_mul(self.classes[k].iter().map(Vec::len).max().unwrap_or(1) as u64)
                });
                if tried <= MAX_TRIED {
                    Guard::Enumerate(open)
                } else {
                    Guard::Always
                }
            }
        }
    }

    /// The slots instance `i` writes, with the representatives their old values may have had.
    fn free_slots(&self, rules: &Rules, i: usize) -> Vec<(usize, Vec<u64>)> {
        let layout = &rules.layout;
        let e = &rules.instances[i].effect;
        let mut slots: Vec<usize> = Vec::new();
        for w in &e.writes {
            match &w.target {
                Target::Slot(k) => slots.push(*k),
                Target::At { var, .. } => {
                    let v = &layout.vars[*var];
                    slots.extend(v.first..v.first + v.len());
                }
            }
        }
        for k in 0..layout.slots.len() {
            if !(layout.mask_of(k) & (e.clear | e.set)).is_empty() {
                slots.push(k);
            }
        }
        slots.sort_unstable();
        slots.dedup();
        (slots.into_iter())
            .filter(|&k| layout.slots[k].mask != 0)
            .map(|k| {
                let reps = match &self.maps[k] {
                    None => (0..size(layout, k)).collect(),
                    Some(m) => {
                        let mut r = m.clone();
                        r.sort_unstable();
                        r.dedup();
                        r
                    }
                };
                (k, reps)
            })
            .collect()
    }

    fn guard_holds<W: Word>(&self, rules: &Rules, i: usize, a: W) -> bool {
        let layout = &rules.layout;
        let g = || rules.instances[i].guard.as_ref();
        match &self.moves[i].guard {
            Guard::Always => true,
            Guard::Exact => g().is_none_or(|g| g.run(a, &rules.tables) != Ok(0)),
            Guard::OneSlot { shift, mask, ok } => ok[a.field(*shift, *mask) as usize],
            Guard::Enumerate(open) => {
                let g = g().expect("a guard");
                let mut holds = false;
                self.each_concrete(layout, open, a, &mut |s| {
                    holds = holds || g.run(s, &rules.tables) != Ok(0);
                });
                holds
            }
        }
    }

    /// Calls `f` with every state that has the values of `a`'s classes in `open`.
    fn each_concrete<W: Word>(&self, layout: &Layout, open: &[usize], a: W, f: &mut impl FnMut(W)) {
        let Some((&k, rest)) = open.split_first() else {
            return f(a);
        };
        let fk = layout.slots[k];
        for &v in &self.classes[k][a.field(fk.shift, fk.mask) as usize] {
            let s = (a & !W::place(fk.mask, fk.shift)) | W::place(v, fk.shift);
            self.each_concrete(layout, rest, s, f);
        }
    }

    /// The abstract state after instance `i` from `a`, when the move may apply and changes it.
    #[inline]
    pub fn successor<W: Word>(&self, rules: &Rules, i: usize, a: W) -> Option<W> {
        if !self.guard_holds(rules, i, a) {
            return None;
        }
        let mut next = rules.effect_only(i, a)?;
        if self.moves[i].remap {
            next = self.canonical(&rules.layout, next);
        }
        let broken = (self.constraints.iter())
            .any(|&c| matches!(rules.allowed[c].run(next, &rules.tables), Ok(0)));
        (next != a && !broken).then_some(next)
    }

    /// Every abstract state from which some instance leads to `t`.
    pub fn predecessors<W: Word>(&self, rules: &Rules, t: W, out: &mut Vec<W>) {
        for (i, m) in self.moves.iter().enumerate() {
            let ruled_out = match (m.carried, &m.guard) {
                (Some((shift, mask)), Guard::OneSlot { ok, .. }) => !ok
                    .get(t.field(shift, mask) as usize)
                    .copied()
                    .unwrap_or(true),
                _ => false,
            };
            if ruled_out {
                continue;
            }
            let toggled = t ^ W::narrow(m.toggle);
            let base = match &m.inverse {
                Some(inv) => inv.apply(toggled, toggled),
                None => toggled,
            };
            self.each_old(rules, &m.free, base, &mut |c| {
                let c = if m.remap {
                    self.canonical(&rules.layout, c)
                } else {
                    c
                };
                if self.successor(rules, i, c) == Some(t) {
                    out.push(c);
                }
            });
        }
    }

    fn each_old<W: Word>(
        &self,
        rules: &Rules,
        free: &[(usize, Vec<u64>)],
        s: W,
        f: &mut impl FnMut(W),
    ) {
        let Some(((k, reps), rest)) = free.split_first() else {
            return f(s);
        };
        let fk = rules.layout.slots[*k];
        for &v in reps {
            let c = (s & !W::place(fk.mask, fk.shift)) | W::place(v, fk.shift);
            self.each_old(rules, rest, c, f);
        }
    }
}

/// The field of the slot that instance `i`'s effect moves the slot at `read` (shift, mask) to,
/// when the effect does nothing but permute slots and carries that value unchanged.
fn carried(rules: &Rules, i: usize, read: (u32, u64)) -> Option<(u32, u64)> {
    let layout = &rules.layout;
    let e = &rules.instances[i].effect;
    if !e.writes.is_empty() || !(e.clear | e.set | e.toggle).is_empty() {
        return None;
    }
    let steps = e.perm.as_ref()?.steps();
    let st = steps.iter().find(|st| {
        let f = layout.slots[st.src];
        (f.shift, f.mask) == read
    })?;
    let to = layout.slots[st.dst];
    (st.add == 0).then_some((to.shift, to.mask))
}
