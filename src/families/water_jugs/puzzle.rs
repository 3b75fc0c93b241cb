//! A checked water-jug puzzle and its solving: runs the engine for the objective, replays every
//! solution, and fills the report.

use super::model::{self, Jugs, State};
use crate::diagnostic::Diagnostic;
use crate::engine::{Path, SearchStats, all_shortest, bfs, bidirectional_bfs, layers};
use crate::expr::ExprError;
use crate::families::{Puzzle, SolveContext};
use crate::report::{Report, Section, Solution, StateView, Stats, Status, Step};
use std::cell::RefCell;
use std::sync::Arc;

pub struct JugsPuzzle {
    pub(super) model: Jugs,
    pub(super) start: State,
    /// The one goal state, when the goal pins every jug.
    pub(super) goal_state: Option<State>,
    pub(super) objective: String,
    pub(super) engine: &'static str,
    pub(super) engine_reason: &'static str,
    pub(super) limit: usize,
    pub(super) source_name: Arc<crate::diagnostic::SourceText>,
}

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

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        // The first arithmetic error of the goal, if any, ends the solve with a message.
        let goal_error: RefCell<Option<ExprError>> = RefCell::new(None);
        let is_goal = |s: &State| match self.model.is_goal(*s) {
            Ok(b) => b,
            Err(e) => {
                goal_error.borrow_mut().get_or_insert(e);
                false
            }
        };
        let mut report = Report::new(
            &self.objective,
            Status::Solved,
            self.engine,
            self.engine_reason,
        );
        report.start = Some(self.view(self.start));
        match self.objective.as_str() {
            "shortest" if self.engine == "bidirectional-bfs" => {
                let goal = self.goal_state.expect("chosen only with one goal state");
                let out =
                    bidirectional_bfs::shortest_path(&self.model, self.start, goal, ctx.progress);
                self.fill_paths(&mut report, out.path.into_iter().collect(), out.stats)?;
            }
            "shortest" => {
                let out = bfs::shortest_path(&self.model, self.start, is_goal, ctx.progress);
                self.fill_paths(&mut report, out.path.into_iter().collect(), out.stats)?;
            }
            "all-shortest" | "count" => {
                let limit = if self.objective == "count" {
                    0
                } else {
                    self.limit
                };
                let out = all_shortest::all_shortest_paths(
                    &self.model,
                    self.start,
                    is_goal,
                    limit,
                    ctx.progress,
                );
                let listed = out.paths.len();
                self.fill_paths(&mut report, out.paths, out.stats)?;
                if out.length.is_some() {
                    report.cost = out.length.map(|l| l as u64);
                    report.count = Some(out.count);
                    if self.objective == "count" {
                        report.status = Status::Counted;
                    } else if out.count > listed as u128 {
                        report.notes.push(format!(
                            "listing {listed} of {} shortest solutions (raise solve.limit for more)",
                            out.count
                        ));
                    }
                }
            }
            _ => {
                let out = layers::explore(&self.model, self.start, ctx.progress);
                report.status = Status::Explored;
                report.stats = Stats::new(out.stats.states, out.stats.elapsed);
                let far = out.counts.len() - 1;
                let farthest: Vec<String> =
                    out.farthest.iter().map(|s| self.view(*s).text).collect();
                report.sections.push(Section {
                    title: format!("farthest states ({far} moves from the start)"),
                    lines: farthest,
                });
                report.sections.push(Section {
                    title: "states at each distance".to_string(),
                    lines: out
                        .counts
                        .iter()
                        .enumerate()
                        .map(|(d, c)| format!("{d:>3}: {c}"))
                        .collect(),
                });
                report.extra.insert("farthest_distance".into(), far.into());
                report.extra.insert(
                    "farthest".into(),
                    out.farthest.iter().map(|s| self.view(*s).data).collect(),
                );
                report
                    .extra
                    .insert("layer_counts".into(), out.counts.into());
            }
        }
        if let Some(e) = goal_error.into_inner() {
            return Err(crate::diagnostic::Diagnostic::new(format!(
                "the goal could not be evaluated: {}",
                e.message
            ))
            .at(&self.source_name, 0..0)
            .help("simplify the goal so its arithmetic stays within 127 bits"));
        }
        Ok(report)
    }
}

impl JugsPuzzle {
    fn view(&self, s: State) -> StateView {
        let contents = self.model.unpack(s);
        let text = self
            .model
            .names
            .iter()
            .zip(&contents)
            .map(|(n, c)| format!("{n}={c}"))
            .collect::<Vec<_>>()
            .join(" ");
        let data = self
            .model
            .names
            .iter()
            .zip(&contents)
            .map(|(n, c)| (n.clone(), serde_json::Value::from(*c)))
            .collect::<serde_json::Map<_, _>>();
        StateView {
            text,
            data: data.into(),
        }
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
                        state: Some(self.view(*s)),
                    })
                    .collect(),
                notation: None,
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
