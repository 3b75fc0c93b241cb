//! A checked sliding-blocks puzzle and its solving: runs the plan's engine, replays every
//! solution (following which piece moves), and fills the report.

use super::model::{Code, Metric, Move, Space, State};
use super::plan::{CATALOG, Objective, Plan, Sweep};
use super::puzzle::BlocksPuzzle;
use super::report::{Details, LongestDetails, Pieces, fill_details};
use crate::diagnostic::Diagnostic;
use crate::engine::{
    Path, SearchStats, all_shortest, bfs, bidirectional_bfs, frontier_layers, layers,
};
use crate::expr::ExprError;
use crate::families::{Keeps, Puzzle, SearchSize, SolveContext};
use crate::report::{Report, Solution, Stats, Status, Step};
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
        let longest = if self.model.code_bits() <= 64 {
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
            longest,
        };
        fill_details(&mut report, details);
        Ok(report)
    }
}

/// A path over narrow codes as one over the model's u128 codes.
fn widen<C: Code>(path: Path<C, Move>) -> Path<State, Move> {
    Path {
        start: path.start.wide(),
        steps: path.steps.into_iter().map(|(m, s)| (m, s.wide())).collect(),
    }
}

impl BlocksPuzzle {
    /// Runs the plan's engine over codes of type `C`; `longest` returns its details.
    fn run<C: Code>(
        &self,
        report: &mut Report,
        goal_error: &RefCell<Option<ExprError>>,
        ctx: &SolveContext,
    ) -> Result<Option<LongestDetails>, Diagnostic> {
        let space = Space::<C>::new(&self.model);
        let start = C::from_wide(self.start);
        let is_goal = |s: &C| {
            self.goal.holds(&self.model, s.wide()).unwrap_or_else(|e| {
                goal_error.borrow_mut().get_or_insert(e);
                false
            })
        };
        match &self.plan {
            Plan::Bidirectional { goal } => {
                let goal = C::from_wide(*goal);
                let out = bidirectional_bfs::shortest_path(&space, start, goal, ctx.progress);
                self.fill_paths(report, out.path.into_iter().map(widen).collect(), out.stats)?;
            }
            Plan::Shortest => {
                let out = bfs::shortest_path(&space, start, is_goal, ctx.progress);
                self.fill_paths(report, out.path.into_iter().map(widen).collect(), out.stats)?;
            }
            Plan::AllShortest { limit } => {
                let out =
                    all_shortest::all_shortest_paths(&space, start, is_goal, *limit, ctx.progress);
                self.fill_all_shortest(report, out)?;
            }
            Plan::Longest { sweep } | Plan::Reachable { sweep } => {
                let out = match sweep {
                    Sweep::VisitedSet => layers::explore(&space, start, ctx.progress),
                    Sweep::Frontier => frontier_layers::explore(&space, start, ctx.progress),
                };
                report.stats = Stats::new(out.stats.states, out.stats.elapsed);
                report.count = Some(u128::from(out.stats.states));
                if matches!(self.plan, Plan::Reachable { .. }) {
                    report.status = Status::Counted;
                    return Ok(None);
                }
                report.status = Status::Explored;
                return Ok(Some(self.longest_details(out)));
            }
        }
        Ok(None)
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

    fn longest_details<C: Code>(&self, out: layers::Layers<C>) -> LongestDetails {
        let mut farthest: Vec<State> = out.farthest.into_iter().map(Code::wide).collect();
        farthest.sort_unstable();
        LongestDetails {
            farthest_distance: out.counts.len() - 1,
            farthest_count: farthest.len(),
            farthest: farthest
                .iter()
                .take(self.limit)
                .map(|s| self.pieces(*s).view())
                .collect(),
            layer_counts: out.counts,
        }
    }

    /// Counts every shortest solution and lists those found.
    fn fill_all_shortest<C: Code>(
        &self,
        report: &mut Report,
        out: all_shortest::AllShortest<C, Move>,
    ) -> Result<(), Diagnostic> {
        let listed = out.paths.len();
        self.fill_paths(
            report,
            out.paths.into_iter().map(widen).collect(),
            out.stats,
        )?;
        let counting = self.objective == Objective::Count;
        crate::families::all_shortest::record(report, out.length, out.count, listed, counting);
        Ok(())
    }

    /// Replays each path from the start, checks every move and the goal, and fills the report.
    fn fill_paths(
        &self,
        report: &mut Report,
        paths: Vec<Path<State, Move>>,
        stats: SearchStats,
    ) -> Result<(), Diagnostic> {
        report.stats = Stats::new(stats.states, stats.elapsed);
        if paths.is_empty() {
            report.status = Status::NoSolution;
            return Ok(());
        }
        for path in paths {
            report.cost = Some(path.len() as u64);
            report.solutions.push(self.replay(&path)?);
        }
        Ok(())
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
