//! A checked sliding-blocks puzzle and its solving: the move puzzles' driver runs the plan over
//! codes as narrow as the puzzle allows, replaying every solution (following which piece moves).

use super::model::{Code, Metric, Move, Space, State};
use super::plan::CATALOG;
use super::puzzle::BlocksPuzzle;
use super::report::{Details, Pieces};
use crate::diagnostic::Diagnostic;
use crate::engine::Path;
use crate::expr::ExprError;
use crate::families::family::{Keeps, Puzzle, SearchSize, SolveContext};
use crate::families::state_space::{self, MovePuzzle, Outcome};
use crate::report::{Report, Solution, StateView, Status, Step};
use std::cell::RefCell;

/// What a breadth-first search keeps per state of a 64-bit code: its entry in the node list
/// (state, parent, move) and in the visited set with the set's spare room (as for water jugs).
const BYTES_PER_STATE: f64 = 40.0;

impl Puzzle for BlocksPuzzle {
    fn summary(&self) -> String {
        format!(
            "{}x{} board, {} pieces in {} classes, metric {}",
            self.board.height,
            self.board.width,
            self.board.pieces.len(),
            self.model.classes.len(),
            self.metric_name()
        )
    }

    /// Every engine of this kind keeps every state it visits (see `size.rs` for the bound).
    fn search_size(&self) -> Option<SearchSize> {
        let bytes_per_state = if self.model.code_bits() <= 64 {
            BYTES_PER_STATE
        } else {
            BYTES_PER_STATE + 8.0
        };
        let mut start = vec![0; self.model.slots()];
        self.model.unpack(self.start, &mut start);
        Some(SearchSize::new(
            self.model.position_bound(&start),
            Keeps::Every { bytes_per_state },
        ))
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let mut report = Report::new(
            CATALOG.objective_name(self.objective),
            Status::Solved,
            CATALOG.engine_name(self.engine.engine),
            &self.engine.reason,
        );
        report.start = Some(self.pieces(self.start).view());
        // The first arithmetic error of the goal, if any, ends the solve with a message at it.
        let goal_error: RefCell<Option<ExprError>> = RefCell::new(None);
        let out = if self.model.code_bits() <= 64 {
            self.run::<u64>(&mut report, &goal_error, ctx)?
        } else {
            self.run::<u128>(&mut report, &goal_error, ctx)?
        };
        if let Some(e) = goal_error.into_inner() {
            return Err(match &self.goal_site {
                Some(site) => site.error(e),
                None => Diagnostic::internal(e.message),
            });
        }
        let details = Details {
            metric: self.metric_name(),
            classes: self.class_symbols(),
            layers: out.layers,
        };
        report.set_details(&details);
        Ok(report)
    }
}

/// One solve over codes of type `C`: the puzzle, its space over those codes, and the goal's
/// first arithmetic error.
struct Run<'a, C: Code> {
    puzzle: &'a BlocksPuzzle,
    space: Space<'a, C>,
    goal_error: &'a RefCell<Option<ExprError>>,
}

impl<'a, C: Code> MovePuzzle for Run<'a, C> {
    type Space = Space<'a, C>;
    const NOUN: &'static str = "positions";

    fn space(&self) -> &Space<'a, C> {
        &self.space
    }

    fn start(&self) -> C {
        C::from_wide(self.puzzle.start)
    }

    fn is_goal(&self, s: &C) -> bool {
        let p = self.puzzle;
        p.goal.holds(&p.model, s.wide()).unwrap_or_else(|e| {
            self.goal_error.borrow_mut().get_or_insert(e);
            false
        })
    }

    fn solution(&self, path: &Path<C, Move>) -> Result<Solution, Diagnostic> {
        self.puzzle.replay(&widen(path))
    }

    fn view(&self, s: &C) -> StateView {
        self.puzzle.pieces(s.wide()).view()
    }
}

/// A path over narrow codes as one over the model's u128 codes.
fn widen<C: Code>(path: &Path<C, Move>) -> Path<State, Move> {
    Path {
        start: path.start.wide(),
        steps: path.steps.iter().map(|&(m, s)| (m, s.wide())).collect(),
    }
}

impl BlocksPuzzle {
    /// Runs the plan's engine over codes of type `C`.
    fn run<C: Code>(
        &self,
        report: &mut Report,
        goal_error: &RefCell<Option<ExprError>>,
        ctx: &SolveContext,
    ) -> Result<Outcome, Diagnostic> {
        let run = Run {
            puzzle: self,
            space: Space::<C>::new(&self.model),
            goal_error,
        };
        let plan = self.plan.map_state(C::from_wide);
        state_space::solve(&run, &plan, report, ctx.progress)
    }

    fn metric_name(&self) -> &'static str {
        match self.model.metric {
            Metric::Steps => "steps",
            Metric::Moves => "moves",
        }
    }

    fn class_symbols(&self) -> Vec<String> {
        self.model
            .classes
            .iter()
            .map(|c| {
                c.pieces
                    .iter()
                    .map(|&p| self.board.pieces[p].symbol)
                    .collect()
            })
            .collect()
    }

    fn pieces(&self, s: State) -> Pieces<'_> {
        Pieces::of_state(&self.board, &self.model, &self.class_of, s)
    }

    /// The solution's steps, each move checked against the rules and the end against the goal.
    fn replay(&self, path: &Path<State, Move>) -> Result<Solution, Diagnostic> {
        let mut s = path.start;
        let mut pieces = self.pieces(s);
        let mut steps = Vec::with_capacity(path.len());
        for (mv, claimed) in &path.steps {
            let action = pieces.describe(*mv);
            match self.model.apply(s, *mv) {
                Some(next) if next == *claimed => s = next,
                _ => {
                    return Err(Diagnostic::internal(format!(
                        "the solution does not replay at `{action}`"
                    )));
                }
            }
            pieces.follow(*mv);
            steps.push(Step {
                action,
                state: Some(pieces.view()),
            });
        }
        if self.goal.holds(&self.model, s) != Ok(true) {
            return Err(Diagnostic::internal("the solution does not reach the goal"));
        }
        Ok(Solution {
            steps,
            notation: None,
            picture: None,
        })
    }
}
