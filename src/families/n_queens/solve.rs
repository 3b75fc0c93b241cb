//! A checked n-queens puzzle and its solving: runs the plan's engine, checks every listed
//! placement from scratch, and fills the report.

use super::backtrack::{self, Frontier};
use super::board::Board;
use super::plan::{CATALOG, Engine, Objective, Plan};
use super::report::{QueensDetails, fill_classes, fill_placements};
use super::{mirror, symmetry};
use crate::diagnostic::Diagnostic;
use crate::families::plan::Resolved;
use crate::families::{Puzzle, SolveContext};
use crate::report::{Report, Stats, Status};
use std::time::Instant;

pub struct QueensPuzzle {
    pub(super) board: Board,
    pub(super) objective: Objective,
    pub(super) plan: Plan,
    pub(super) engine: Resolved<Engine>,
    /// Draw each listed placement as a board.
    pub(super) draw: bool,
}

impl Puzzle for QueensPuzzle {
    fn summary(&self) -> String {
        let n = self.board.n;
        let given = match self.board.placed.len() {
            0 => String::new(),
            1 => ", 1 queen given".to_string(),
            k => format!(", {k} queens given"),
        };
        let objective = CATALOG.objective_name(self.objective);
        format!("{n} queens on {n}x{n}{given}; {objective}")
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let n = self.board.n;
        let objective = CATALOG.objective_name(self.objective);
        let engine = CATALOG.engine_name(self.engine.engine);
        ctx.progress
            .message(|| format!("{objective} for {n} queens ({engine})"));
        let t0 = Instant::now();
        let mut report = Report::new(objective, Status::Counted, engine, &self.engine.reason);
        let mut details = QueensDetails::new(&self.board);
        match self.plan {
            Plan::List { limit } => self.list(&mut report, &mut details, limit)?,
            Plan::Count => {
                let split = backtrack::split_rows(n);
                let t = backtrack::count(&self.board.allowed, Frontier::START, split);
                self.counted(&mut report, &mut details, t.solutions, t.solutions);
                report.stats.states = t.nodes;
            }
            Plan::CountMirrored => {
                let t = mirror::count(n);
                self.counted(&mut report, &mut details, t.solutions, t.solutions);
                report.stats.states = t.nodes;
            }
            Plan::CountClasses { unique } => {
                let c = symmetry::count(n, ctx.progress);
                let answer = if unique { c.unique() } else { c.total() };
                self.counted(&mut report, &mut details, c.total(), answer);
                fill_classes(&mut report, &mut details, &c);
                report.stats.states = c.nodes;
            }
        }
        report.stats.elapsed_ms = Stats::new(0, t0.elapsed()).elapsed_ms;
        report.set_details(&details);
        Ok(report)
    }
}

impl QueensPuzzle {
    /// Lists up to `limit` placements, checks each from scratch, and fills them.
    fn list(
        &self,
        report: &mut Report,
        details: &mut QueensDetails,
        limit: usize,
    ) -> Result<(), Diagnostic> {
        let listing = backtrack::list(&self.board.allowed, limit);
        report.stats.states = listing.nodes;
        for cols in &listing.solutions {
            self.board.verify(cols).map_err(|e| {
                Diagnostic::internal(format!(
                    "the placement {} fails its check: {e}",
                    Board::notation(cols)
                ))
            })?;
        }
        let found = listing.solutions.len();
        if found == 0 {
            report.status = Status::NoSolution;
            report.count = Some(0);
            report.notes.push(self.no_solution_reason());
            return Ok(());
        }
        report.status = Status::Solved;
        if listing.complete {
            report.count = Some(found as u128);
        } else {
            report.notes.push(format!(
                "listing the first {found} solutions; there are more (raise solve.limit, or use objective = \"count\" for the total)"
            ));
        }
        details.complete = Some(listing.complete);
        fill_placements(report, &self.board, &listing.solutions, self.draw);
        details.placements = Some(listing.solutions);
        Ok(())
    }

    /// Fills a count: `total` placements, of which the objective's answer is `answer`.
    fn counted(&self, report: &mut Report, details: &mut QueensDetails, total: u64, answer: u64) {
        details.count_total = Some(total);
        report.count = Some(u128::from(answer));
        if total == 0 {
            report.status = Status::NoSolution;
            report.notes.push(self.no_solution_reason());
        }
    }

    fn no_solution_reason(&self) -> String {
        let n = self.board.n;
        if self.board.is_empty() {
            format!("no {n} queens fit on a {n}x{n} board without attacking each other")
        } else {
            "no placement completes the given queens".to_string()
        }
    }
}
