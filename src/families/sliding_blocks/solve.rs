//! A checked sliding-blocks puzzle and its solving: runs the plan's engine, replays every
//! solution (following which piece moves), and fills the report.

use super::board::Board;
use super::goal::Goal;
use super::model::{Blocks, Metric, Move, State};
use super::plan::{CATALOG, Engine, Objective, Plan};
use super::report::{Details, LongestDetails, Pieces, fill_details};
use crate::diagnostic::Diagnostic;
use crate::engine::{Path, SearchStats, all_shortest, bfs, bidirectional_bfs, layers};
use crate::expr::ExprError;
use crate::families::plan::Resolved;
use crate::families::{Puzzle, SolveContext};
use crate::report::{Report, Solution, Stats, Status, Step};
use crate::spec::FormulaSite;
use std::cell::RefCell;

pub struct BlocksPuzzle {
    pub(super) model: Blocks,
    pub(super) board: Board,
    /// The class of each piece.
    pub(super) class_of: Vec<usize>,
    pub(super) start: State,
    pub(super) goal: Goal,
    pub(super) objective: Objective,
    pub(super) plan: Plan,
    pub(super) engine: Resolved<Engine>,
    /// How many solutions or farthest positions to list.
    pub(super) limit: usize,
    /// Where the goal predicate is written, for an error found while evaluating it.
    pub(super) goal_site: Option<FormulaSite>,
}

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

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let goal_error: RefCell<Option<ExprError>> = RefCell::new(None);
        let is_goal = |s: &State| {
            self.goal.holds(&self.model, *s).unwrap_or_else(|e| {
                goal_error.borrow_mut().get_or_insert(e);
                false
            })
        };
        let mut report = Report::new(
            CATALOG.objective_name(self.objective),
            Status::Solved,
            CATALOG.engine_name(self.engine.engine),
            &self.engine.reason,
        );
        report.start = Some(self.pieces(self.start).view());
        let mut longest = None;
        match &self.plan {
            Plan::Bidirectional { goal } => {
                let out =
                    bidirectional_bfs::shortest_path(&self.model, self.start, *goal, ctx.progress);
                self.fill_paths(&mut report, out.path.into_iter().collect(), out.stats)?;
            }
            Plan::Shortest => {
                let out = bfs::shortest_path(&self.model, self.start, is_goal, ctx.progress);
                self.fill_paths(&mut report, out.path.into_iter().collect(), out.stats)?;
            }
            Plan::AllShortest { limit } => self.all_shortest(&mut report, is_goal, *limit, ctx)?,
            Plan::Longest | Plan::Reachable => {
                let out = layers::explore(&self.model, self.start, ctx.progress);
                report.status = Status::Explored;
                report.stats = Stats::new(out.stats.states, out.stats.elapsed);
                report.count = Some(u128::from(out.stats.states));
                if self.plan == Plan::Reachable {
                    report.status = Status::Counted;
                } else {
                    longest = Some(self.longest_details(out));
                }
            }
        }
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

impl BlocksPuzzle {
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

    fn longest_details(&self, out: layers::Layers<State>) -> LongestDetails {
        let mut farthest = out.farthest;
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

    /// Counts every shortest solution and lists up to `limit` of them.
    fn all_shortest(
        &self,
        report: &mut Report,
        is_goal: impl Fn(&State) -> bool,
        limit: usize,
        ctx: &SolveContext,
    ) -> Result<(), Diagnostic> {
        let out =
            all_shortest::all_shortest_paths(&self.model, self.start, is_goal, limit, ctx.progress);
        let listed = out.paths.len();
        self.fill_paths(report, out.paths, out.stats)?;
        let Some(length) = out.length else {
            report.status = Status::NoSolution;
            return Ok(());
        };
        report.cost = Some(length as u64);
        report.count = Some(out.count);
        report.status = if self.objective == Objective::Count {
            Status::Counted
        } else {
            Status::Solved
        };
        if self.objective == Objective::AllShortest && out.count > listed as u128 {
            report.notes.push(format!(
                "listing {listed} of {} shortest solutions (raise solve.limit for more)",
                out.count
            ));
        }
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
        })
    }
}
