//! Solving an exact cover: the objective's engine run on the model's problem, each listed
//! cover checked from scratch before it is shown; counts may be one shard's part.

use super::listing::{Listed, one_per_class, report_listing};
use super::plan::{CATALOG, Objective};
use super::puzzle::ExactCoverPuzzle;
use super::report::{ExactCoverDetails, NO_COVER, fill_classes, fill_covers};
use crate::diagnostic::Diagnostic;
use crate::engine::exact_cover::{Keep, Problem, Tally};
use crate::families::family::{Puzzle, SolveContext};
use crate::report::{Report, Stats, Status};
use std::time::Instant;

impl Puzzle for ExactCoverPuzzle {
    fn summary(&self) -> String {
        let m = &self.model;
        format!(
            "{} primary and {} secondary items, {} options; {}",
            m.primary,
            m.secondary(),
            m.options.len(),
            CATALOG.objective_name(self.objective)
        )
    }

    fn splits(&self) -> Result<(), String> {
        match self.objective {
            Objective::Count => Ok(()),
            _ => Err("only objective = \"count\" of an exact cover splits into parts; `any` stops at its first cover and `all` lists in one order (and so do `any-class` and `all-classes`)".into()),
        }
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let objective = CATALOG.objective_name(self.objective);
        let engine = CATALOG.engine_name(self.engine.engine);
        let m = &self.model;
        ctx.progress
            .message(|| format!("{objective}: {} options ({engine})", m.options.len()));
        let mut report = Report::new(objective, Status::Counted, engine, &self.engine.reason);
        let mut details = ExactCoverDetails::new(m);
        let t0 = Instant::now();
        if let Some(item) = m.item_in_no_option() {
            // Said before any search: the answer is none, and the item is why.
            report.status = Status::NoSolution;
            report.notes.push(format!(
                "item `{item}` is in no option, so no exact cover exists"
            ));
            match self.objective {
                Objective::Count => {
                    report.count = Some(0);
                    if self.symmetries.declared > 0 {
                        details.count_up_to_symmetry = Some(0);
                        details.symmetries = Some(self.symmetries.order());
                    }
                }
                Objective::All | Objective::AllClasses => {
                    report.count = Some(0);
                    details.complete = Some(true);
                }
                Objective::Any | Objective::AnyClass => {}
            }
            report.set_details(&details);
            return Ok(report);
        }
        let problem = m.problem();
        match self.objective.listed() {
            None => {
                let sym = &self.symmetries;
                let keep = |cover: &[usize]| sym.is_least(cover);
                let keep: Option<Keep> = (!sym.others.is_empty()).then_some(&keep);
                let t = self
                    .engine
                    .engine
                    .count(&problem, keep, ctx.progress, ctx.shard);
                fill_count(&mut report, &t, ctx.shard.is_some());
                if sym.declared > 0 {
                    fill_classes(&mut report, &mut details, &t, sym);
                }
            }
            Some(how) => self.list(&problem, &how, &mut report, &mut details)?,
        }
        report.stats.elapsed_ms = Stats::new(0, t0.elapsed()).elapsed_ms;
        report.set_details(&details);
        Ok(report)
    }
}

/// `part`: the count of one shard's part, where none found says nothing of the whole.
fn fill_count(report: &mut Report, t: &Tally, part: bool) {
    report.count = Some(u128::from(t.solutions));
    report.stats.states = t.nodes;
    if t.solutions == 0 && t.complete && !part {
        report.status = Status::NoSolution;
        report.notes.push(NO_COVER.into());
    } else if !t.complete {
        report
            .notes
            .push("the count was cut short: the number is the covers found so far".into());
    }
}

impl ExactCoverPuzzle {
    /// Lists the covers `how` asks for, each checked from scratch before it is shown.
    fn list(
        &self,
        problem: &Problem,
        how: &Listed,
        report: &mut Report,
        details: &mut ExactCoverDetails,
    ) -> Result<(), Diagnostic> {
        let limit = if how.all { self.limit } else { 1 };
        let least = |cover: &[usize]| self.symmetries.is_least(cover);
        let keep: Option<Keep> = how.classes.then_some(&least);
        let listing = self.engine.engine.list(problem, limit, keep);
        report.stats.states = listing.nodes;
        if how.classes {
            details.symmetries = Some(self.symmetries.order());
            report.notes.push(one_per_class(self.symmetries.order()));
        }
        for cover in &listing.solutions {
            problem
                .check(cover)
                .map_err(|e| Diagnostic::internal(format!("a cover found fails its check: {e}")))?;
        }
        let all = how.all;
        if !report_listing(report, &listing, all, NO_COVER) {
            return Ok(());
        }
        if all {
            details.complete = Some(listing.complete);
        }
        fill_covers(report, details, &self.model, &listing.solutions);
        Ok(())
    }
}
