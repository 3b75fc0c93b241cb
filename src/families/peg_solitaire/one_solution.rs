//! `any`: one solution, fast, not claimed minimal. The filtered depth-first search first (pagoda
//! cuts, dead positions, best jumps first) within a budget; past it, or when named: on large
//! boards a beam search (it is incomplete), then the complete depth-first search with a table of
//! dead positions and an end-game layer.

use super::engine::beam_search::beam_solution;
use super::engine::bitboard::{Bitboard, holes};
use super::engine::dead_end_dfs::DeadEndSearch;
use super::engine::filtered_dfs::FilteredDfs;
use super::engine::jump_layers::{Goal, endgame_layer};
use super::plan::{CATALOG, Engine, dfs_fallback, fallback};
use super::report::Answer;
use super::search::Search;
use crate::diagnostic::Diagnostic;
use crate::report::Status;

/// Classes kept per forward layer by the beam search, and its largest backward layer.
const BEAM_WIDTH: usize = 200_000;
const BEAM_CAP: usize = 2_000_000;
/// Largest backward end-game layer (symmetry classes) the `any` search builds.
const ENDGAME_MAX: usize = 3_000_000;
/// Dead positions the `any` search may remember before giving up.
const DFS_BUDGET: usize = 200_000_000;
/// The filtered DFS's table of dead positions is emptied when it holds this many (about 50 MB).
const FILTERED_DEAD_CAP: usize = 2_000_000;
/// Positions the filtered DFS visits before handing over to the complete engines.
const FILTERED_NODES: u64 = 50_000;

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
            None if !out.exhausted => {
                answer.report.status = Status::NoSolution;
                answer.report.notes.push(
                    "the filtered depth-first search tried every jump sequence the pagoda functions allow"
                        .into(),
                );
                Ok(())
            }
            None => {
                let shown = dfs_fallback(&self.puzzle.engine);
                answer.report.engine = CATALOG.engine_name(shown.engine).into();
                answer.report.engine_reason = shown.reason;
                answer.report.notes.push(format!(
                    "the filtered depth-first search gave up after {FILTERED_NODES} positions; the complete engines take over"
                ));
                self.any(answer, goal, beam_first)
            }
        }
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
            && let Some(js) = self.beam(goals)
        {
            let shown = fallback(&self.puzzle.engine, Engine::Beam);
            answer.report.engine = CATALOG.engine_name(shown.engine).into();
            answer.report.engine_reason = shown.reason;
            answer.report.stats = self.stats(0);
            return self.puzzle.record(answer, &self.with_prefix(&js), None);
        }
        self.depth_first(answer, goal)
    }

    /// Layers back from the goal, the positions with the fewest isolated pegs (no neighbouring
    /// peg) forward from the start.
    fn beam(&self, goals: &[B]) -> Option<Vec<usize>> {
        let mut neighbours = vec![B::ZERO; self.puzzle.board.len()];
        for j in &self.puzzle.board.jumps {
            neighbours[j.from as usize] = neighbours[j.from as usize] | B::bit(j.over as usize);
        }
        let isolated = |b: B| holes(b).filter(|&h| b & neighbours[h] == B::ZERO).count() as u32;
        beam_solution(
            &self.space,
            self.start,
            goals,
            BEAM_WIDTH,
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
