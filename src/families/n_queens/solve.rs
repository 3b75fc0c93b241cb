//! A checked n-queens puzzle and its solving: runs the plan's engine, checks every listed
//! placement from scratch, and fills the report.

use super::backtrack::{self, Frontier};
use super::board::Board;
use super::plan::{CATALOG, Plan};
use super::puzzle::QueensPuzzle;
use super::reach::known_placements;
use super::report::{Placements, QueensDetails, fill_classes, fill_placement, fill_placements};
use super::{constellation, construct, mirror, parts};
use crate::diagnostic::Diagnostic;
use crate::engine::split::Shard;
use crate::families::family::{Puzzle, SolveContext};
use crate::report::{Report, Stats, Status, group_digits};
use std::time::Instant;

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

    fn splits(&self) -> Result<(), String> {
        match self.plan {
            Plan::List { .. } | Plan::Count | Plan::CountClasses { .. } => Ok(()),
            Plan::CountMirrored => Err("the bitboard-mirror engine counts half the board twice and does not split; use engine bitboard or bitboard-symmetry".into()),
            Plan::Construct | Plan::First => Err("`any` stops at its first placement, so its parts are not independent; use objective list or count".into()),
        }
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let n = self.board.n;
        let objective = CATALOG.objective_name(self.objective);
        let engine = CATALOG.engine_name(self.engine.engine);
        ctx.progress
            .message(|| format!("{objective} for {n} queens ({engine})"));
        let mut report = Report::new(objective, Status::Counted, engine, &self.engine.reason);
        if let Some(ahead) = &self.long_ahead {
            ctx.progress.notice(|| ahead.clone());
            report.notes.push(ahead.clone());
        }
        let t0 = Instant::now();
        let mut details = QueensDetails::new(&self.board);
        match self.plan {
            Plan::List { limit } => self.list(&mut report, &mut details, limit, ctx.shard)?,
            Plan::Count => {
                let split = backtrack::split_rows(n);
                let t = match ctx.shard {
                    Some(s) => parts::count_plain(&self.board.allowed, s),
                    None => backtrack::count(&self.board.allowed, Frontier::START, split),
                };
                self.counted(&mut report, &mut details, t.solutions, t.solutions);
                report.stats.states = t.nodes;
            }
            Plan::CountMirrored => {
                let t = mirror::count(n);
                self.counted(&mut report, &mut details, t.solutions, t.solutions);
                report.stats.states = t.nodes;
            }
            Plan::CountClasses { unique } => {
                let c =
                    constellation::count_shard(n, ctx.shard.unwrap_or(Shard::WHOLE), ctx.progress);
                let answer = if unique { c.unique() } else { c.total() };
                self.counted(&mut report, &mut details, c.total(), answer);
                fill_classes(&mut report, &mut details, &c);
                report.stats.states = c.nodes;
            }
            Plan::Construct => {
                let cols = u32::try_from(n).ok().and_then(construct::place);
                self.placed(&mut report, &mut details, cols)?;
            }
            Plan::First => {
                let listing = backtrack::list(&self.board.allowed, 1);
                report.stats.states = listing.nodes;
                let first = listing.solutions.into_iter().next();
                let cols = first.map(|c| c.into_iter().map(u32::from).collect());
                self.placed(&mut report, &mut details, cols)?;
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
        shard: Option<Shard>,
    ) -> Result<(), Diagnostic> {
        let n = self.board.n;
        let listing = match shard {
            Some(s) => {
                let (listing, slots) = parts::list(&self.board.allowed, limit, s);
                report.slots = slots;
                listing
            }
            None => backtrack::list(&self.board.allowed, limit),
        };
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
        } else if let Some(total) = known_placements(n).filter(|_| self.board.is_empty()) {
            report.notes.push(format!(
                "listing the first {found} solutions; there are more ({} in all, OEIS A000170; raise solve.limit to list more)",
                group_digits(u128::from(total))
            ));
        } else {
            report.notes.push(format!(
                "listing the first {found} solutions; there are more (raise solve.limit, or use objective = \"count\" for the total)"
            ));
        }
        details.complete = Some(listing.complete);
        fill_placements(report, &self.board, &listing.solutions, self.draw);
        details.placements = Some(Placements::Listed(listing.solutions));
        Ok(())
    }

    /// Fills the one placement of `any` after checking it from scratch, or says there is none.
    fn placed(
        &self,
        report: &mut Report,
        details: &mut QueensDetails,
        cols: Option<Vec<u32>>,
    ) -> Result<(), Diagnostic> {
        let Some(cols) = cols else {
            report.status = Status::NoSolution;
            report.notes.push(self.no_solution_reason());
            return Ok(());
        };
        self.board.verify(&cols).map_err(|e| {
            Diagnostic::internal(format!("the placement found fails its check: {e}"))
        })?;
        report.status = Status::Solved;
        fill_placement(report, &self.board, &cols, self.draw);
        details.placements = Some(Placements::Placed(vec![cols]));
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
            format!(
                "no {n} queens fit on a {n}x{n} board without attacking each other (a known fact for n = 2 and 3, the only such boards)"
            )
        } else {
            "no placement completes the given queens".to_string()
        }
    }
}
