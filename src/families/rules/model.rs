//! The compiled rules: every move instance (a move with its parameters fixed) with its guard,
//! effect and cost as programs over the packed state, the constraints, the goal and the
//! heuristic. Applying a move allocates nothing; a failure names the formula and the span.

use super::bytecode::{Fault, Program};
use super::instance::{Instance, Target, Write};
use super::layout::Layout;
use super::reverse::Forward;
use super::word::{Mask, Word};
use crate::expr::check::Table;

/// Which formula of the spec a program came from (for the file:line:col of a failure).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Formula {
    Guard(usize),
    Effect(usize),
    Cost(usize),
    Constraint(usize),
    Goal,
    Heuristic,
}

/// A failure while searching: the formula, and what went wrong where in it.
#[derive(Debug, Clone)]
pub struct SearchFault {
    pub formula: Formula,
    pub fault: Fault,
    /// The move instance and the state it was applied to (widened), when a move failed.
    pub at: Option<Box<(u32, Mask)>>,
}

impl SearchFault {
    /// A guard, constraint or goal with no value for a state (a division by zero, an
    /// overflow): false there, as in every kind. Effects and costs have no such fallback.
    pub fn counts_as_false(&self) -> bool {
        self.fault.no_value
            && matches!(
                self.formula,
                Formula::Guard(_) | Formula::Constraint(_) | Formula::Goal
            )
    }
}

pub struct Rules {
    pub layout: Layout,
    pub tables: Vec<Table>,
    pub instances: Vec<Instance>,
    /// Each constraint as a program true where the state is allowed.
    pub allowed: Vec<Program>,
    pub goal: Program,
    pub heuristic: Option<Program>,
    /// When every guard pins one slot to a constant (the blank's cell, the boat's bank): the
    /// instances to try for each value of that slot, so the others are not even tested.
    pub dispatch: Option<Dispatch>,
    /// Otherwise, when the guards pin the slots of one row to one value (the blank's cell):
    /// the instances found by where that value sits.
    pub lanes: Option<super::lanes::LaneDispatch>,
    /// Otherwise, per instance, the `slot == constant` test its guard starts with, checked
    /// before the guard is run (see [`Pin`]).
    pub pins: Vec<Pin>,
    /// When every move is bit operations only and no constraint applies (Lights Out): each
    /// move's clear, set and toggle masks, applied in a plain loop.
    pub bit_moves: Option<Vec<[Mask; 3]>>,
    /// When the goal names one full state: it, and the moves followed backwards.
    pub reverse: Option<super::reverse::Reverse>,
    /// When some array stays a permutation: a dense index of the states (bitmap engines).
    pub ranking: Option<super::rank::Ranking>,
}

/// The masks of every instance, when all of them are bit operations and nothing is forbidden.
pub fn bit_moves(instances: &[Instance], allowed: &[Program]) -> Option<Vec<[Mask; 3]>> {
    if !allowed.is_empty() || !instances.iter().all(|i| i.bits_only) {
        return None;
    }
    let masks = instances
        .iter()
        .map(|i| [i.effect.clear, i.effect.set, i.effect.toggle]);
    Some(masks.collect())
}

pub struct Dispatch {
    shift: u32,
    mask: u64,
    buckets: Vec<Vec<u32>>,
}

/// Largest slot (in values) a dispatch table is built for.
const MAX_DISPATCH: u64 = 1 << 16;

impl Dispatch {
    /// The table for `instances`, when every guard pins the same slot.
    pub fn build(instances: &[Instance]) -> Option<Dispatch> {
        let pins: Vec<(u32, u64, Option<u64>)> = instances
            .iter()
            .map(|i| i.guard.as_ref().and_then(|g| g.pinned()))
            .collect::<Option<_>>()?;
        let (shift, mask, _) = *pins.first()?;
        if mask >= MAX_DISPATCH || pins.iter().any(|p| (p.0, p.1) != (shift, mask)) {
            return None;
        }
        let mut buckets = vec![Vec::new(); mask as usize + 1];
        for (k, pin) in pins.iter().enumerate() {
            if let Some(raw) = pin.2 {
                buckets[raw as usize].push(k as u32);
            }
        }
        Some(Dispatch {
            shift,
            mask,
            buckets,
        })
    }

    /// The instances whose guard may hold in `s`.
    #[inline]
    pub fn candidates<W: Word>(&self, s: W) -> &[u32] {
        &self.buckets[s.field(self.shift, self.mask) as usize]
    }
}

/// The `slot == constant` test an instance's guard starts with (the blank's cell of an
/// 8-puzzle slide, the boat's bank of a crossing): one shift, mask and compare that rules out
/// most instances in most states before their guard is run, where the instances pin different
/// slots and no [`Dispatch`] table applies. A guard that starts so is a conjunction of
/// comparisons, which never fails to evaluate, so skipping it changes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pin {
    shift: u32,
    mask: u64,
    raw: u64,
    /// The guard is this test alone (or there is none): where the pin holds, the guard does,
    /// and it is not run again.
    pub decides: bool,
}

impl Pin {
    /// The pin of each of `instances` (one that never holds for a guard that cannot, one that
    /// always does for a guard that starts otherwise or for no guard).
    pub fn of_each(instances: &[Instance]) -> Vec<Pin> {
        let pin = |i: &Instance| {
            let decides = i.guard.as_ref().is_none_or(Program::is_one_equality);
            match i.guard.as_ref().and_then(Program::pinned) {
                Some((shift, mask, Some(raw))) => Pin {
                    shift,
                    mask,
                    raw,
                    decides,
                },
                Some((_, _, None)) => Pin {
                    shift: 0,
                    mask: 0,
                    raw: 1,
                    decides,
                },
                None => Pin {
                    shift: 0,
                    mask: 0,
                    raw: 0,
                    decides: i.guard.is_none(),
                },
            }
        };
        instances.iter().map(pin).collect()
    }

    /// False when the instance's guard surely fails in `s`.
    #[inline]
    pub fn may_hold<W: Word>(self, s: W) -> bool {
        s.field(self.shift, self.mask) == self.raw
    }
}

impl Rules {
    /// Calls `f` with every instance whose guard may hold in `s` (by [`Dispatch`],
    /// [`super::lanes::LaneDispatch`] or the [`Pin`]s), until it returns false; false then.
    #[inline]
    pub fn each_candidate<W: Word>(&self, s: W, mut f: impl FnMut(usize) -> bool) -> bool {
        if let Some(d) = &self.dispatch {
            return d.candidates(s).iter().all(|&i| f(i as usize));
        }
        if let Some(lanes) = &self.lanes {
            return lanes.each(s, f);
        }
        (self.pins.iter().enumerate()).all(|(i, pin)| !pin.may_hold(s) || f(i))
    }

    fn check<W: Word>(&self, p: &Program, s: W, formula: Formula) -> Result<i64, SearchFault> {
        p.run(s, &self.tables).map_err(|fault| SearchFault {
            formula,
            fault,
            at: None,
        })
    }

    /// The state after instance `i` from `s`: None when its guard fails, the result breaks a
    /// constraint, or nothing changes.
    #[inline]
    pub fn apply<W: Word>(&self, i: usize, s: W) -> Result<Option<W>, SearchFault> {
        self.apply_known(i, s, false)
    }

    /// [`Rules::apply`] where the caller has seen instance `i`'s pin hold in `s` (a
    /// [`Dispatch`] bucket or [`Pin::may_hold`]): a guard the pin decides is not run again.
    #[inline]
    pub fn apply_pinned<W: Word>(&self, i: usize, s: W) -> Result<Option<W>, SearchFault> {
        self.apply_known(i, s, self.pins[i].decides)
    }

    #[inline(always)]
    fn apply_known<W: Word>(
        &self,
        i: usize,
        s: W,
        guard_holds: bool,
    ) -> Result<Option<W>, SearchFault> {
        let inst = &self.instances[i];
        let e = &inst.effect;
        if inst.bits_only && self.allowed.is_empty() {
            let next = e.bits(s);
            return Ok((next != s).then_some(next));
        }
        let fail = |formula, fault| SearchFault {
            formula,
            fault,
            at: Some(Box::new((i as u32, s.widen()))),
        };
        if let Some(g) = inst.guard.as_ref().filter(|_| !guard_holds)
            && g.run(s, &self.tables)
                .map_err(|f| fail(Formula::Guard(inst.rule), f))?
                == 0
        {
            return Ok(None);
        }
        let mut next = e.bits(s);
        if let Some(p) = &e.perm {
            next = p.apply(s, next);
        }
        if !e.writes.is_empty() {
            next = self
                .writes(&e.writes, s, next)
                .map_err(|f| fail(Formula::Effect(inst.rule), f))?;
        }
        if next == s {
            return Ok(None);
        }
        for (k, a) in self.allowed.iter().enumerate() {
            let ok = a
                .run(next, &self.tables)
                .map_err(|f| fail(Formula::Constraint(k), f))?;
            if ok == 0 {
                return Ok(None);
            }
        }
        Ok(Some(next))
    }

    /// Computes every write from the old state `s`, checks each against its range, and stores
    /// it in `next` (values read `s`, so the order of the writes does not matter).
    fn writes<W: Word>(&self, writes: &[Write], s: W, mut next: W) -> Result<W, Fault> {
        for w in writes {
            let v = w.value.run(s, &self.tables)?;
            let slot = match &w.target {
                Target::Slot(slot) => *slot,
                Target::At { var, index } => self.element(w, *var, index.run(s, &self.tables)?)?,
            };
            let f = &self.layout.slots[slot];
            if !(f.lo..=f.hi).contains(&v) {
                return Err(Fault {
                    span: w.span.clone(),
                    message: format!(
                        "the effect sets {} to {v}, outside its range {}..{}",
                        self.slot_name(slot),
                        f.lo,
                        f.hi
                    ),
                    no_value: false,
                });
            }
            next = self.layout.with(next, slot, v);
        }
        Ok(next)
    }

    /// The slot of element `i` of array `var`, or the failure of an index outside it.
    fn element(&self, w: &Write, var: usize, i: i64) -> Result<usize, Fault> {
        let var = &self.layout.vars[var];
        if !(0..var.len() as i64).contains(&i) {
            return Err(Fault {
                span: w.span.clone(),
                message: format!(
                    "the effect writes `{}[{i}]`, outside the array (0..{})",
                    var.name,
                    var.len() - 1
                ),
                no_value: false,
            });
        }
        Ok(var.first + i as usize)
    }

    /// `ml` or `lights[3]`.
    pub fn slot_name(&self, slot: usize) -> String {
        let var = self
            .layout
            .vars
            .iter()
            .rfind(|v| v.first <= slot)
            .expect("slot 0 belongs to the first variable");
        match var.shape {
            super::layout::Shape::Array(_) => format!("`{}[{}]`", var.name, slot - var.first),
            _ => format!("`{}`", var.name),
        }
    }

    pub fn is_goal<W: Word>(&self, s: W) -> Result<bool, SearchFault> {
        Ok(self.check(&self.goal, s, Formula::Goal)? != 0)
    }

    /// The first constraint `s` breaks, if any.
    pub fn broken_constraint<W: Word>(&self, s: W) -> Result<Option<usize>, SearchFault> {
        for (k, a) in self.allowed.iter().enumerate() {
            if self.check(a, s, Formula::Constraint(k))? == 0 {
                return Ok(Some(k));
            }
        }
        Ok(None)
    }

    /// The state after instance `i`'s effect from `s`, guard and constraints not checked (the
    /// pattern databases check what their abstraction can tell of them apart).
    pub fn effect_only<W: Word>(&self, i: usize, s: W) -> Option<W> {
        let e = &self.instances[i].effect;
        let mut next = e.bits(s);
        if let Some(p) = &e.perm {
            next = p.apply(s, next);
        }
        if e.writes.is_empty() {
            return Some(next);
        }
        self.writes(&e.writes, s, next).ok()
    }

    pub fn cost<W: Word>(&self, i: usize, s: W) -> Result<i64, SearchFault> {
        let inst = &self.instances[i];
        self.check(&inst.cost, s, Formula::Cost(inst.rule))
            .map_err(|f| SearchFault {
                at: Some(Box::new((i as u32, s.widen()))),
                ..f
            })
    }

    pub fn heuristic<W: Word>(&self, s: W) -> Result<i64, SearchFault> {
        match &self.heuristic {
            Some(h) => self.check(h, s, Formula::Heuristic),
            None => Ok(0),
        }
    }
}

/// The failure of a move whose cost came out negative.
pub fn negative_cost<W: Word>(rules: &Rules, mv: u32, from: W, cost: i64) -> SearchFault {
    let inst = &rules.instances[mv as usize];
    SearchFault {
        formula: Formula::Cost(inst.rule),
        fault: Fault {
            span: 0..0,
            message: format!("the cost is {cost}; costs must not be negative"),
            no_value: false,
        },
        at: Some(Box::new((mv, from.widen()))),
    }
}

impl Forward for Rules {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn leads_to<W: Word>(&self, mv: usize, s: W, t: W) -> bool {
        matches!(self.apply(mv, s), Ok(Some(n)) if n == t)
            && matches!(self.broken_constraint(s), Ok(None))
    }
}

#[cfg(test)]
mod tests {
    use super::super::load::puzzle_from_spec;
    use crate::spec::SpecDocument;
    use std::path::Path;

    /// In states drawn at random (each slot within its range) of shipped specs, an instance
    /// whose pin does not hold is one whose move does not apply: skipping it changes nothing.
    /// The 8-puzzle's slides pin different cells, so most are skipped there. And the
    /// candidates the search tries ([`super::Rules::each_candidate`], run without the guards
    /// their pins decide) give exactly the successors that trying every instance gives.
    #[test]
    fn an_instance_skipped_by_its_pin_is_one_that_does_not_apply() {
        let specs = [
            ("specs/eight-rules.toml", true),
            ("specs/fifteen-rules.toml", true),
            ("specs/missionaries-rules.toml", false),
            ("specs/bridge-torch-rules.toml", false),
            ("specs/hanoi-rules.toml", false),
        ];
        let mut words = crate::util::random::xorshift(0x9E37_79B9_7F4A_7C15);
        for (spec, pinned) in specs {
            let text = std::fs::read_to_string(spec).unwrap();
            let doc = SpecDocument::from_text(Path::new(spec), text, &[]).unwrap();
            let rules = puzzle_from_spec(&doc).unwrap().rules;
            let mut skipped = 0;
            for _ in 0..5_000 {
                let mut s = 0u64;
                for (k, f) in rules.layout.slots.iter().enumerate() {
                    let word = words.next().expect("an endless stream");
                    let v = f.lo + (word % (f.hi - f.lo + 1) as u64) as i64;
                    s = rules.layout.with(s, k, v);
                }
                let every: Vec<_> = (0..rules.instances.len())
                    .filter_map(|i| Some((i, rules.apply(i, s).ok()??)))
                    .collect();
                let mut tried = Vec::new();
                rules.each_candidate(s, |i| {
                    tried.extend(rules.apply_pinned(i, s).ok().flatten().map(|n| (i, n)));
                    true
                });
                tried.sort_unstable();
                assert_eq!(tried, every, "{spec}: {s:#x}");
                for (i, pin) in rules.pins.iter().enumerate() {
                    if !pin.may_hold(s) {
                        skipped += 1;
                        assert!(
                            matches!(rules.apply(i, s), Ok(None)),
                            "{spec}: {i} in {s:#x}"
                        );
                    }
                }
            }
            assert_eq!(skipped > 0, pinned, "{spec}: {skipped} skipped");
        }
    }
}
