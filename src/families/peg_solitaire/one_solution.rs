//! `any`: one solution, fast, not claimed minimal. On large boards a beam search first (it is
//! incomplete), then the complete depth-first search with a table of dead positions.

use super::engine::beam_search::beam_solution;
use super::engine::bitboard::{Bitboard, holes};
use super::engine::dead_end_dfs::DeadEndSearch;
use super::engine::jump_layers::{Goal, endgame_layer};
use super::plan::{CATALOG, Engine};
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

impl<B: Bitboard> Search<'_, B> {
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
            answer.report.engine = CATALOG.engine_name(Engine::Beam).into();
            answer.report.engine_reason = self.puzzle.engine.reason.clone();
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
