//! A checked water-jug puzzle and its solving: the move puzzles' driver runs the plan over the
//! jugs, replaying every solution and drawing the states as this file says.

use super::model::{Jugs, Move, State};
use super::plan::CATALOG;
use super::puzzle::JugsPuzzle;
use super::report::view;
use crate::diagnostic::Diagnostic;
use crate::engine::Path;
use crate::families::family::{Keeps, Puzzle, SearchSize, SolveContext};
use crate::families::state_space::{self, MovePuzzle};
use crate::report::{Report, Solution, StateView, Status, Step, group_digits};
use crate::spec::Failures;

/// What a breadth-first search keeps per state: its entry in the node list (state, parent,
/// move: 24 bytes) and in the visited set (8 bytes, with the set's spare room about twice that).
const BYTES_PER_STATE: f64 = 40.0;

impl Puzzle for JugsPuzzle {
    fn summary(&self) -> String {
        let jugs: Vec<String> = self
            .model
            .names
            .iter()
            .zip(&self.model.capacities)
            .map(|(n, c)| format!("{n}={c}"))
            .collect();
        let system = if self.model.tap {
            "tap and drain"
        } else {
            "closed"
        };
        format!("jugs {} ({system})", jugs.join(" "))
    }

    /// Every jug holds 0 to its capacity: the product bounds the states (the reachable ones are
    /// fewer: after the first move some jug is empty or full).
    fn search_size(&self) -> Option<SearchSize> {
        let states = self
            .model
            .capacities
            .iter()
            .map(|&c| c as f64 + 1.0)
            .product();
        Some(SearchSize::new(
            states,
            Keeps::Every {
                bytes_per_state: BYTES_PER_STATE,
            },
        ))
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let mut report = Report::new(
            CATALOG.objective_name(self.objective),
            Status::Solved,
            CATALOG.engine_name(self.engine.engine),
            &self.engine.reason,
        );
        report.start = Some(view(&self.model, self.start, None));
        // A goal with no value for a state (a division by zero) is false there, as in every
        // kind; the failures are counted and the first is shown in a note at its place.
        let run = Run {
            puzzle: self,
            failures: Failures::default(),
        };
        let out = state_space::solve(&run, &self.plan, &mut report, ctx.progress)?;
        if let Some(layers) = out.layers {
            report.set_details(&layers);
        }
        if let Some(note) = run.failures.note(&self.goal_site) {
            report.notes.push(note);
            if report.status == Status::NoSolution {
                report.notes.push(format!(
                    "so \"no solution\" means only that no state where the goal has a value meets it ({} of the {} states explored had none)",
                    group_digits(u128::from(run.failures.count())),
                    group_digits(u128::from(report.stats.states))
                ));
            }
        }
        Ok(report)
    }
}

/// One solve: the puzzle and the goal's failures met so far.
struct Run<'a> {
    puzzle: &'a JugsPuzzle,
    failures: Failures,
}

impl MovePuzzle for Run<'_> {
    type Space = Jugs;
    const NOUN: &'static str = "states";

    fn space(&self) -> &Jugs {
        &self.puzzle.model
    }

    fn start(&self) -> State {
        self.puzzle.start
    }

    fn is_goal(&self, s: &State) -> bool {
        (self.puzzle.model.is_goal(*s)).unwrap_or_else(|e| self.failures.record(e))
    }

    /// Replays the path from the start, checking every move and the goal.
    fn solution(&self, path: &Path<State, Move>) -> Result<Solution, Diagnostic> {
        let model = &self.puzzle.model;
        let mut s = path.start;
        for (mv, claimed) in &path.steps {
            match model.apply(s, *mv) {
                Some(next) if next == *claimed => s = next,
                _ => {
                    return Err(Diagnostic::internal(format!(
                        "the solution does not replay at `{}`",
                        model.describe(*mv)
                    )));
                }
            }
        }
        if model.is_goal(s) != Ok(true) {
            return Err(Diagnostic::internal("the solution does not reach the goal"));
        }
        let steps = path
            .steps
            .iter()
            .map(|(mv, s)| Step {
                action: model.describe(*mv),
                state: Some(view(model, *s, Some(*mv))),
            })
            .collect();
        Ok(Solution {
            steps,
            notation: None,
            picture: None,
        })
    }

    fn view(&self, s: &State) -> StateView {
        view(&self.puzzle.model, *s, None)
    }
}
