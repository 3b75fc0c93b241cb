//! The rules searched depth first, for iterative-deepening A*: the node is the stack of states
//! on the path (a move pushes its result, its undo pops it), so nothing is stored per state
//! visited and a big space (the 15-puzzle) is searched in the memory of one path. A move back
//! to the state just left is never tried.

use super::search::{Search, Stop};
use super::word::Word;
use crate::engine::Space;
use crate::engine::ida_star::DepthFirstSpace;

/// The search and its estimate of the moves left.
pub struct Deepening<'a, W> {
    pub search: &'a Search<'a, W>,
    pub estimate: &'a dyn Fn(W) -> u64,
}

impl<W: Word> Space for Deepening<'_, W> {
    type State = Vec<W>;
    /// The instance and the state it leads to.
    type Move = (u32, W);
}

impl<W: Word> Deepening<'_, W> {
    /// Pushes the successor by instance `i`; false when the search must stop.
    fn try_move(&self, i: usize, s: W, parent: Option<W>, out: &mut Vec<(u32, W)>) -> bool {
        match self.search.rules.apply_pinned(i, s) {
            Ok(Some(next)) if Some(next) != parent => out.push((i as u32, next)),
            Ok(_) => {}
            Err(f) if f.counts_as_false() => {}
            Err(f) => {
                self.search.stop(Stop::Fault(f));
                out.clear();
                return false;
            }
        }
        true
    }
}

impl<W: Word> DepthFirstSpace for Deepening<'_, W> {
    fn moves(&self, state: &Vec<W>, _last: Option<(u32, W)>, out: &mut Vec<(u32, W)>) {
        if self.search.stopped().is_some() {
            return;
        }
        let s = *state.last().expect("the start is on the path");
        let parent = state.len().checked_sub(2).map(|k| state[k]);
        let rules = self.search.rules;
        rules.each_candidate(s, |i| self.try_move(i, s, parent, out));
    }

    fn apply(&self, state: &mut Vec<W>, mv: (u32, W)) {
        state.push(mv.1);
    }

    fn undo(&self, state: &mut Vec<W>, _mv: (u32, W)) {
        state.pop();
    }

    fn heuristic(&self, state: &Vec<W>) -> u32 {
        let s = *state.last().expect("the start is on the path");
        (self.estimate)(s).min(u64::from(u32::MAX / 4)) as u32
    }

    fn is_goal(&self, state: &Vec<W>) -> bool {
        self.search
            .is_goal(*state.last().expect("the start is on the path"))
    }
}
