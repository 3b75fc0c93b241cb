//! The compiled rules as a state space for the shared engines. A failure while searching (a
//! formula that cannot be evaluated, an effect outside a range) or the state budget running
//! out stops the search: successors come back empty from then on, and the solve reports why.

use super::bytecode::Fault;
use super::model::{Formula, Rules, SearchFault};
use super::word::Word;
use crate::engine::bitmap_layers::IndexedSpace;
use crate::engine::{ReversibleSpace, StateSpace};
use std::cell::{Cell, RefCell};

/// Why a search stopped early.
#[derive(Debug, Clone)]
pub enum Stop {
    Fault(SearchFault),
    /// More than this many states were expanded.
    Budget(u64),
}

/// The rules searched over states packed in words `W` (see [`Word`]).
pub struct Search<'a, W> {
    pub rules: &'a Rules,
    stop: RefCell<Option<Stop>>,
    expanded: Cell<u64>,
    max_states: u64,
    /// Formulas that had no value for some state (a division by zero) and counted as false
    /// (the heuristic: as 0): how many times, and the first failure.
    no_value: RefCell<Vec<(Formula, u64, Fault)>>,
    /// The bit-only moves' masks (clear, set, toggle) cut to the state's word once, so that the
    /// hottest loop reads three words per move, not three widest masks.
    bit_moves: Option<Vec<[W; 3]>>,
}

impl<'a, W: Word> Search<'a, W> {
    pub fn new(rules: &'a Rules, max_states: u64) -> Self {
        Search {
            rules,
            stop: RefCell::new(None),
            expanded: Cell::new(0),
            max_states,
            no_value: RefCell::new(Vec::new()),
            bit_moves: (rules.bit_moves.as_ref())
                .map(|masks| masks.iter().map(|m| m.map(W::narrow)).collect()),
        }
    }

    /// Records the first reason to stop.
    pub fn stop(&self, why: Stop) {
        self.stop.borrow_mut().get_or_insert(why);
    }

    pub fn stopped(&self) -> Option<Stop> {
        self.stop.borrow().clone()
    }

    /// Counts a formula without a value for a state.
    fn no_value(&self, f: SearchFault) {
        let mut tally = self.no_value.borrow_mut();
        match tally.iter_mut().find(|(formula, ..)| *formula == f.formula) {
            Some(entry) => entry.1 += 1,
            None => tally.push((f.formula, 1, f.fault)),
        }
    }

    /// Each formula that had no value for some state: how many times, and the first failure.
    pub fn no_values(&self) -> Vec<(Formula, u64, Fault)> {
        self.no_value.borrow().clone()
    }

    pub fn expanded(&self) -> u64 {
        self.expanded.get()
    }

    /// The goal test for the engines: false where the goal has no value; another failure
    /// stops the search.
    pub fn is_goal(&self, s: W) -> bool {
        self.rules.is_goal(s).unwrap_or_else(|f| {
            if f.counts_as_false() {
                self.no_value(f);
            } else {
                self.stop(Stop::Fault(f));
            }
            false
        })
    }

    /// A move's cost for the engines; a negative cost is a failure.
    pub fn cost(&self, from: W, mv: u32) -> u64 {
        match self.rules.cost(mv as usize, from) {
            Ok(c) if c >= 0 => c as u64,
            Ok(c) => {
                let f = super::model::negative_cost(self.rules, mv, from, c);
                self.stop(Stop::Fault(f));
                0
            }
            Err(f) => {
                self.stop(Stop::Fault(f));
                0
            }
        }
    }

    pub fn heuristic(&self, s: W) -> u64 {
        match self.rules.heuristic(s) {
            Ok(h) => h.max(0) as u64,
            // 0 never overestimates, so A* stays optimal where the estimate has no value.
            Err(f) if f.fault.no_value => {
                self.no_value(f);
                0
            }
            Err(f) => {
                self.stop(Stop::Fault(f));
                0
            }
        }
    }
}

impl<W: Word> StateSpace for Search<'_, W> {
    type State = W;
    type Move = u32;

    fn successors(&self, s: &W, out: &mut Vec<(u32, W)>) {
        if self.stop.borrow().is_some() {
            return;
        }
        if !self.count_expansion() {
            return;
        }
        if let Some(masks) = &self.bit_moves {
            for (i, &[clear, set, toggle]) in masks.iter().enumerate() {
                let next = ((*s & !clear) | set) ^ toggle;
                if next != *s {
                    out.push((i as u32, next));
                }
            }
            return;
        }
        (self.rules).each_candidate(*s, |i| self.try_move(i, *s, out));
    }
}

impl<W: Word> ReversibleSpace for Search<'_, W> {
    fn predecessors(&self, t: &W, out: &mut Vec<(u32, W)>) {
        let Some(reverse) = &self.rules.reverse else {
            return;
        };
        if self.stop.borrow().is_some() || !self.count_expansion() {
            return;
        }
        reverse.predecessors(self.rules, *t, &mut |mv, s| out.push((mv, s)));
    }
}

impl<W: Word> Search<'_, W> {
    /// Counts one more state expanded; false (and the search stops) past the budget.
    fn count_expansion(&self) -> bool {
        let n = self.expanded.get() + 1;
        self.expanded.set(n);
        if n > self.max_states {
            self.stop(Stop::Budget(self.max_states));
            return false;
        }
        true
    }

    /// Appends the successor by instance `i`; false when the search must stop.
    #[inline]
    fn try_move(&self, i: usize, s: W, out: &mut Vec<(u32, W)>) -> bool {
        match self.rules.apply_pinned(i, s) {
            Ok(Some(next)) => out.push((i as u32, next)),
            Ok(None) => {}
            Err(f) if f.counts_as_false() => self.no_value(f),
            Err(f) => {
                self.stop(Stop::Fault(f));
                out.clear();
                return false;
            }
        }
        true
    }
}

impl<W: Word> IndexedSpace for Search<'_, W> {
    fn index_bound(&self) -> usize {
        match &self.rules.ranking {
            Some(r) => r.bound as usize,
            None => 1usize << self.rules.layout.bits,
        }
    }

    #[inline]
    fn index(&self, s: &W) -> usize {
        match &self.rules.ranking {
            Some(r) => r.rank(*s) as usize,
            None => s.low() as usize,
        }
    }

    fn index_is_cheap(&self) -> bool {
        self.rules.ranking.is_none()
    }
}
