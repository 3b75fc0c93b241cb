//! `any`: one solution, fast, not claimed minimal. The filtered depth-first search first (pagoda
//! cuts, dead positions, best jumps first) within a small budget; past it, or when named: a
//! guided beam search (exact end-game layers, the positions whose pegs are easiest to clear
//! forward from the start), then on large boards a wide beam (both are incomplete), then the
//! complete depth-first search with a table of dead positions and an end-game layer.

use super::engine::beam_search::beam_solution;
use super::engine::bitboard::{Bitboard, holes};
use super::engine::dead_end_dfs::DeadEndSearch;
use super::engine::filtered_dfs::FilteredDfs;
use super::engine::guide;
use super::engine::jump_layers::endgame_layer;
use super::engine::layer::Goal;
use super::plan::{CATALOG, Engine, dfs_fallback, fallback};
use super::report::Answer;
use super::search::Search;
use crate::diagnostic::Diagnostic;
use crate::engine::stop;
use crate::report::Status;

/// The guided beam: the widths it tries in turn, and its largest backward layer (classes).
const GUIDED_WIDTHS: [usize; 4] = [256, 1024, 4096, 16_384];
const GUIDED_CAP: usize = 40_000;
/// Classes kept per forward layer by the wide beam search, and its largest backward layer.
const BEAM_WIDTH: usize = 200_000;
const BEAM_CAP: usize = 2_000_000;
/// Largest backward end-game layer (symmetry classes) the `any` search builds.
const ENDGAME_MAX: usize = 3_000_000;
/// Dead positions the `any` search may remember before giving up.
const DFS_BUDGET: usize = 200_000_000;
/// The filtered DFS's table of dead positions is emptied when it holds this many (about 50 MB).
const FILTERED_DEAD_CAP: usize = 2_000_000;
/// Positions the filtered DFS visits before handing over to the beam searches: it solves
/// English 33 in under a hundred, and when it misses, the guided beam is cheaper than more.
const FILTERED_NODES: u64 = 10_000;

impl<B: Bitboard> Search<'_, B> {
    /// One solution by the filtered DFS; past its budget, by `any` (the DFS's own report).
    pub fn filtered(
        &self,
        answer: &mut Answer,
        goal: &Goal<B>,
        beam_first: bool,
    ) -> Result<(), Diagnostic> {
        let is_goal = self.goal_test();
        let limits = (FILTERED_DEAD_CAP, FILTERED_NODES);
        let mut dfs = FilteredDfs::new(
            &self.space,
            self.puzzle.goal_pegs,
            &is_goal,
            &self.pagodas,
            limits,
        );
        let values: Vec<i32> = self.pagodas.iter().map(|p| p.value(self.start)).collect();
        let out = dfs.run(self.start, &values, &self.prefix);
        let s = dfs.stats;
        answer.report.stats = self.stats(s.nodes);
        answer.report.notes.push(format!(
            "filtered depth-first search: {} positions visited, {} jumps cut by {} pagoda function{}, {} positions skipped as known dead",
            s.nodes,
            s.pagoda_cuts,
            self.pagodas.len(),
            if self.pagodas.len() == 1 { "" } else { "s" },
            s.dead_hits
        ));
        match out.jumps {
            Some(js) => self.puzzle.record(answer, &js, None),
            None if stopped(answer) => Ok(()),
            None if !out.exhausted => {
                answer.report.status = Status::NoSolution;
                answer.report.notes.push(
                    "the filtered depth-first search tried every jump sequence the pagoda functions allow"
                        .into(),
                );
                Ok(())
            }
            None => {
                answer.report.notes.push(format!(
                    "the filtered depth-first search gave up after {FILTERED_NODES} positions; the beam searches and the complete depth-first search take over"
                ));
                if let Goal::Positions(goals) = goal
                    && let Some(js) = self.guided_beam(goals)
                {
                    answer.report.stats = self.stats(s.nodes);
                    return self.record_beam(answer, &js);
                }
                if stopped(answer) {
                    return Ok(());
                }
                let shown = dfs_fallback(&self.puzzle.engine);
                answer.report.engine = CATALOG.engine_name(shown.engine).into();
                answer.report.engine_reason = shown.reason;
                self.wide_then_depth_first(answer, goal, beam_first)
            }
        }
    }

    /// A beam search's solution (after the prefix), reported under the beam engine.
    fn record_beam(&self, answer: &mut Answer, js: &[usize]) -> Result<(), Diagnostic> {
        let shown = fallback(&self.puzzle.engine, Engine::Beam);
        answer.report.engine = CATALOG.engine_name(shown.engine).into();
        answer.report.engine_reason = shown.reason;
        answer.report.notes.push(format!(
            "guided beam search: exact layers back from the goal while under {GUIDED_CAP} classes; forward from the start, of each layer only the {} positions (then {}) whose pegs are easiest to clear (holes rarely jumped over and far from the middle weigh most)",
            GUIDED_WIDTHS[0],
            GUIDED_WIDTHS[1..].iter().map(|w| w.to_string()).collect::<Vec<_>>().join(", ")
        ));
        self.puzzle.record(answer, &self.with_prefix(js), None)
    }

    /// One solution: by the beam search when `beam_first` and it finds one, else by the DFS.
    pub fn any(
        &self,
        answer: &mut Answer,
        goal: &Goal<B>,
        beam_first: bool,
    ) -> Result<(), Diagnostic> {
        if beam_first
            && let Goal::Positions(goals) = goal
            && let Some(js) = self.guided_beam(goals)
        {
            answer.report.stats = self.stats(0);
            return self.record_beam(answer, &js);
        }
        self.wide_then_depth_first(answer, goal, beam_first)
    }

    /// The wide beam when `beam_first`, then the complete DFS.
    fn wide_then_depth_first(
        &self,
        answer: &mut Answer,
        goal: &Goal<B>,
        beam_first: bool,
    ) -> Result<(), Diagnostic> {
        if beam_first
            && let Goal::Positions(goals) = goal
            && let Some(js) = self.wide_beam(goals)
        {
            let shown = fallback(&self.puzzle.engine, Engine::Beam);
            answer.report.engine = CATALOG.engine_name(shown.engine).into();
            answer.report.engine_reason = shown.reason;
            answer.report.stats = self.stats(0);
            return self.puzzle.record(answer, &self.with_prefix(&js), None);
        }
        if stopped(answer) {
            return Ok(());
        }
        self.depth_first(answer, goal)
    }

    /// Small beams guided by how hard each peg is to clear, over a small end game.
    fn guided_beam(&self, goals: &[B]) -> Option<Vec<usize>> {
        let weights = &self.guide;
        beam_solution(
            &self.space,
            self.start,
            goals,
            &GUIDED_WIDTHS,
            GUIDED_CAP,
            |b| guide::score(weights, b),
            self.progress,
        )
    }

    /// Layers back from the goal, the positions with the fewest isolated pegs (no neighbouring
    /// peg) forward from the start.
    fn wide_beam(&self, goals: &[B]) -> Option<Vec<usize>> {
        let mut neighbours = vec![B::ZERO; self.puzzle.board.len()];
        for j in &self.puzzle.board.jumps {
            neighbours[j.from as usize] = neighbours[j.from as usize] | B::bit(j.over as usize);
        }
        let isolated = |b: B| holes(b).filter(|&h| b & neighbours[h] == B::ZERO).count() as u32;
        beam_solution(
            &self.space,
            self.start,
            goals,
            &[BEAM_WIDTH],
            BEAM_CAP,
            isolated,
            self.progress,
        )
    }

    /// The complete DFS, with the end-game layer found backwards first when the goal is listed.
    fn depth_first(&self, answer: &mut Answer, goal: &Goal<B>) -> Result<(), Diagnostic> {
        let endgame = match goal {
            Goal::Positions(g) => Some(endgame_layer(
                &self.space,
                g,
                self.start.count(),
                ENDGAME_MAX,
                self.progress,
            )),
            Goal::Within { .. } => None,
        };
        let is_goal = self.goal_test();
        let mut search =
            DeadEndSearch::new(&self.space, self.puzzle.goal_pegs, &is_goal, DFS_BUDGET);
        if let Some(layer) = &endgame {
            search = search.with_endgame(layer);
            answer.report.notes.push(format!(
                "end game: the {} classes of {}-peg positions that can still reach the goal were found backwards first",
                layer.len(),
                layer.pegs
            ));
        }
        let out = search.run(self.start, &self.prefix);
        answer.report.stats = self.stats(out.dead_positions);
        match out.jumps {
            Some(js) => self.puzzle.record(answer, &js, None)?,
            None if out.stopped => {
                stopped(answer);
                answer.report.notes.push(format!(
                    "stopped during the depth-first search, after {} positions proved dead; no solution and no proof that there is none",
                    out.dead_positions
                ));
            }
            None if out.exhausted_budget => {
                return Err(Diagnostic::new(format!(
                    "the depth-first search gave up after {DFS_BUDGET} dead positions"
                ))
                .help("try objective = \"shortest\" (layered search), or a smaller problem"));
            }
            None => {
                answer.report.status = Status::NoSolution;
                answer
                    .report
                    .notes
                    .push("the depth-first search tried every jump sequence".into());
            }
        }
        Ok(())
    }
}

/// Whether a stop was requested while a search ran (the beams, the filtered DFS, which end
/// early on it): then no later search starts, and the report says stopped with what it has,
/// never "no solution" for a search that was not finished.
fn stopped(answer: &mut Answer) -> bool {
    match stop::requested() {
        Some(reason) => {
            answer.report.mark_stopped(reason);
            true
        }
        None => false,
    }
}
