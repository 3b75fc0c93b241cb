//! A checked peg solitaire puzzle and its solving: symmetry, the position-class invariants,
//! then the plan's engine; every solution is replayed on the board before it is reported.

use super::engine::bitboard::Bitboard;
use super::engine::chain_iddfs;
use super::goal_positions::goal_positions;
use super::invariants;
use super::plan::{CATALOG, Listing, Objective, Plan, dfs_fallback};
use super::puzzle::PegPuzzle;
use super::report::{Answer, PegDetails, view};
use super::search::Search;
use crate::diagnostic::Diagnostic;
use crate::families::family::{Puzzle, SearchSize, SolveContext};
use crate::report::{Report, Stats, Status};
use std::time::Instant;

impl Puzzle for PegPuzzle {
    fn summary(&self) -> String {
        let labels = |m: u128| -> Vec<&str> {
            (0..self.board.len())
                .filter(|&h| m >> h & 1 == 1)
                .map(|h| self.board.labels[h].as_str())
                .collect()
        };
        let all = self.board.all_holes();
        let at = if self.goal_at == all {
            "anywhere".to_string()
        } else {
            format!("on {}", labels(self.goal_at).join(" "))
        };
        format!(
            "{} holes, {} jumps; start empty {}; goal {} peg{} {at}",
            self.board.len(),
            self.board.jumps.len(),
            labels(all & !self.start).join(" "),
            self.goal_pegs,
            if self.goal_pegs == 1 { "" } else { "s" }
        )
    }

    fn search_size(&self) -> Option<SearchSize> {
        self.layered_size()
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        if self.board.len() <= 64 {
            self.solve_on::<u64>(ctx)
        } else {
            self.solve_on::<u128>(ctx)
        }
    }
}

impl PegPuzzle {
    fn solve_on<B: Bitboard>(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let began = Instant::now();
        let search = Search::<B>::new(self, ctx.progress, began);
        let mut answer = self.answer(search.space.group_size());
        // Reachable positions seek no goal: nothing to rule out.
        let checked = match self.plan {
            Plan::Reachable => Ok(None),
            _ => goal_positions(&self.board, self.goal_pegs, self.goal_at, search.origin).and_then(
                |listed| match search.pagoda_ruling_out() {
                    Some(p) => Err(invariants::pagoda_note(
                        &self.board,
                        p,
                        p.value(search.start),
                    )),
                    None => Ok(listed),
                },
            ),
        };
        match checked {
            Ok(listed) => {
                let goal = search.goal(listed);
                match self.plan {
                    Plan::Layers { metric, listing } => {
                        search.layers(&mut answer, &goal, metric, listing)?
                    }
                    Plan::Count => search.count(&mut answer, &goal)?,
                    Plan::Reachable => search.reachable(&mut answer),
                    Plan::Iddfs { listing } => search.iddfs(&mut answer, listing)?,
                    Plan::Any { beam_first } => search.any(&mut answer, &goal, beam_first)?,
                    Plan::Filtered { beam_first } => {
                        search.filtered(&mut answer, &goal, beam_first)?
                    }
                }
            }
            Err(why) => self.ruled_out(&mut answer, why, began),
        }
        Ok(answer.finish())
    }

    /// The report to fill: `any` shows the complete DFS unless the beam search finds the answer.
    fn answer(&self, symmetries: usize) -> Answer {
        let shown = match self.plan {
            Plan::Any { .. } => dfs_fallback(&self.engine),
            _ => self.engine.clone(),
        };
        let mut report = Report::new(
            CATALOG.objective_name(self.objective),
            Status::Solved,
            CATALOG.engine_name(shown.engine),
            &shown.reason,
        );
        report.start = Some(view(&self.board, self.start, &[]));
        report.boards = self.draw_boards;
        Answer {
            report,
            details: PegDetails {
                symmetries,
                ..PegDetails::default()
            },
        }
    }

    /// No solution, proved by an invariant (position classes, a pagoda) before any search.
    fn ruled_out(&self, answer: &mut Answer, why: String, began: Instant) {
        let report = &mut answer.report;
        report.status = Status::NoSolution;
        report.notes.push(why);
        report.stats = Stats::new(0, began.elapsed());
        if self.objective == Objective::Count {
            report.status = Status::Counted;
            report.count = Some(0);
        }
    }
}

impl<B: Bitboard> Search<'_, B> {
    /// The seeds' iterative deepening over chains: the fewest moves, and the minimal sequences.
    fn iddfs(&self, answer: &mut Answer, listing: Listing) -> Result<(), Diagnostic> {
        let limit = match listing {
            Listing::One => 1,
            Listing::All { limit } => limit,
        };
        let is_goal = self.goal_test();
        let out = chain_iddfs::minimal_sequences(
            &self.space,
            self.start,
            self.free,
            self.prefix.len() as u32,
            self.puzzle.goal_pegs,
            &is_goal,
            limit,
        );
        answer.report.stats = self.stats(out.nodes);
        let Some(moves) = out.moves else {
            answer.report.status = Status::NoSolution;
            return Ok(());
        };
        answer.report.cost = Some(moves.into());
        if let Listing::All { .. } = listing {
            answer.report.count = Some(out.count);
        }
        for js in &out.listed {
            self.puzzle
                .record(answer, &self.with_prefix(js), Some(moves))?;
        }
        answer.listing_note();
        Ok(())
    }
}
