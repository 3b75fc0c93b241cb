//! A checked water-jug puzzle and its solving: runs the plan's engine, replays every solution,
//! and fills the report.

use super::model::{self, State};
use super::plan::{CATALOG, Objective, Plan};
use super::puzzle::JugsPuzzle;
use super::report::{LongestDetails, fill_longest, view};
use crate::diagnostic::Diagnostic;
use crate::engine::{Path, SearchStats, all_shortest, bfs, bidirectional_bfs, layers, stop};
use crate::families::{Keeps, Puzzle, SearchSize, SolveContext};
use crate::report::{Report, Solution, Stats, Status, Step, group_digits};
use crate::spec::Failures;

/// What a breadth-first search keeps per state: its entry in the node list (state, parent,
/// move: 24 bytes) and in the visited set (8 bytes, with the set's spare room about twice that).
const BYTES_PER_STATE: f64 = 40.0;

/// The farthest states a stopped `longest` still shows (of a partial last layer).
const STOPPED_FARTHEST_SHOWN: usize = 100;

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
        // A goal with no value for a state (a division by zero) is false there, as in every
        // kind; the failures are counted and the first is shown in a note at its place.
        let failures = Failures::default();
        let is_goal = |s: &State| {
            self.model
                .is_goal(*s)
                .unwrap_or_else(|e| failures.record(e))
        };
        let mut report = Report::new(
            CATALOG.objective_name(self.objective),
            Status::Solved,
            CATALOG.engine_name(self.engine.engine),
            &self.engine.reason,
        );
        report.start = Some(view(&self.model, self.start, None));
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
            Plan::AllShortest { limit } => {
                self.all_shortest(&mut report, is_goal, *limit, ctx)?;
            }
            Plan::Longest => {
                let mut out = layers::explore(&self.model, self.start, ctx.progress);
                // Stopped, the last layer is partial and may hold millions of states: drawing
                // them all would outlast the grace period, and they are not the farthest.
                if stop::heeded().is_some() {
                    out.farthest.truncate(STOPPED_FARTHEST_SHOWN);
                }
                report.status = Status::Explored;
                report.stats = Stats::new(out.stats.states, out.stats.elapsed);
                let details = LongestDetails {
                    farthest_distance: out.counts.len() - 1,
                    farthest: out
                        .farthest
                        .iter()
                        .map(|s| view(&self.model, *s, None))
                        .collect(),
                    layer_counts: out.counts,
                };
                fill_longest(&mut report, details);
            }
        }
        if let Some(note) = failures.note(&self.goal_site) {
            report.notes.push(note);
            if report.status == Status::NoSolution {
                report.notes.push(format!(
                    "so \"no solution\" means only that no state where the goal has a value meets it ({} of the {} states explored had none)",
                    group_digits(u128::from(failures.count())),
                    group_digits(u128::from(report.stats.states))
                ));
            }
        }
        Ok(report)
    }
}

impl JugsPuzzle {
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
        let counting = self.objective == Objective::Count;
        crate::families::all_shortest::record(report, out.length, out.count, listed, counting);
        Ok(())
    }

    /// Replays each path from the start, checks every move and the goal, and fills the report.
    fn fill_paths(
        &self,
        report: &mut Report,
        paths: Vec<Path<State, model::Move>>,
        stats: SearchStats,
    ) -> Result<(), Diagnostic> {
        report.stats = Stats::new(stats.states, stats.elapsed);
        if paths.is_empty() {
            report.status = Status::NoSolution;
            return Ok(());
        }
        for path in paths {
            self.replay(&path)?;
            report.cost = Some(path.len() as u64);
            report.solutions.push(Solution {
                steps: path
                    .steps
                    .iter()
                    .map(|(mv, s)| Step {
                        action: self.model.describe(*mv),
                        state: Some(view(&self.model, *s, Some(*mv))),
                    })
                    .collect(),
                notation: None,
                picture: None,
            });
        }
        Ok(())
    }

    fn replay(&self, path: &Path<State, model::Move>) -> Result<(), Diagnostic> {
        let mut s = path.start;
        for (mv, claimed) in &path.steps {
            match self.model.apply(s, *mv) {
                Some(next) if next == *claimed => s = next,
                _ => {
                    return Err(Diagnostic::internal(format!(
                        "the solution does not replay at `{}`",
                        self.model.describe(*mv)
                    )));
                }
            }
        }
        if self.model.is_goal(s) != Ok(true) {
            return Err(Diagnostic::internal("the solution does not reach the goal"));
        }
        Ok(())
    }
}
