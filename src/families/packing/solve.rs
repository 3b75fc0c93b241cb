//! Solving a packing: the objective's engine run on the model's exact cover, each listed
//! packing checked from scratch, counts taken with and up to the board's symmetry.

use super::plan::{CATALOG, Objective};
use super::puzzle::PackingPuzzle;
use super::report::{PackingDetails, fill_count, fill_packings};
use super::symmetry::{Anchor, Symmetries, is_least};
use crate::diagnostic::Diagnostic;
use crate::engine::exact_cover::{Keep, Problem, Tally};
use crate::families::exact_cover::listing::report_listing;
use crate::families::exact_cover::listing::{Listed, one_per_class};
use crate::families::family::{Keeps, Puzzle, SearchSize, SolveContext};
use crate::report::{Report, Stats, Status};
use std::time::Instant;

impl Puzzle for PackingPuzzle {
    fn summary(&self) -> String {
        let m = &self.model;
        let copies: u32 = m.pieces.iter().map(|p| p.count).sum();
        let shape = if m.board.solid() { "solid" } else { "flat" };
        format!(
            "{copies} pieces ({} kinds) into a {shape} board of {} cells, {} placements; {}",
            m.pieces.len(),
            m.board.cells.len(),
            m.placements.len(),
            CATALOG.objective_name(self.objective)
        )
    }

    fn search_size(&self) -> Option<SearchSize> {
        // Each level places one piece among at most the placements at one cell: a loose bound,
        // reached by no real board.
        let per_cell = self.model.placements.len().max(2) as f64;
        let depth = self
            .model
            .pieces
            .iter()
            .map(|p| p.count as f64)
            .sum::<f64>();
        Some(SearchSize {
            states_log10: depth * per_cell.log10(),
            keeps: Keeps::PrunedPath,
        })
    }

    fn splits(&self) -> Result<(), String> {
        match self.objective {
            Objective::Count => Ok(()),
            _ => Err("only objective = \"count\" of a packing splits into parts; `any` stops at its first packing and `all` lists in one order (and so do `any-class` and `all-classes`)".into()),
        }
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        solve(self, ctx)
    }
}

pub fn solve(p: &PackingPuzzle, ctx: &SolveContext) -> Result<Report, Diagnostic> {
    let objective = CATALOG.objective_name(p.objective);
    let engine = CATALOG.engine_name(p.engine.engine);
    ctx.progress
        .message(|| format!("{objective}: {} ({engine})", p.model.placements.len()));
    let mut report = Report::new(objective, Status::Counted, engine, &p.engine.reason);
    let mut details = PackingDetails::new(&p.model);
    let t0 = Instant::now();
    if let Some(why) = unplaceable(p) {
        report.status = Status::NoSolution;
        report.notes.push(why);
        if p.objective == Objective::Count {
            report.count = Some(0);
        }
    } else {
        let problem = p.model.problem();
        match p.objective.listed() {
            None => count(p, &problem, ctx, &mut report, &mut details),
            Some(how) => list(p, &problem, &how, &mut report, &mut details)?,
        }
    }
    report.stats.elapsed_ms = Stats::new(0, t0.elapsed()).elapsed_ms;
    report.set_details(&details);
    Ok(report)
}

/// Why no packing exists before any search: a piece that must be placed fits nowhere.
fn unplaceable(p: &PackingPuzzle) -> Option<String> {
    if p.spare_pieces {
        return None;
    }
    let m = &p.model;
    let k = (0..m.pieces.len()).find(|&k| m.pieces[k].count > 0 && m.placements_of(k) == 0)?;
    Some(format!(
        "piece {} fits nowhere on the board, and every piece must be placed",
        m.pieces[k].name
    ))
}

/// The count, or one shard's part of it: the same tasks of each search dealt to the shards.
fn count(
    p: &PackingPuzzle,
    problem: &Problem,
    ctx: &SolveContext,
    report: &mut Report,
    details: &mut PackingDetails,
) {
    let symmetries = Symmetries::of(&p.model);
    let tally = match symmetries.anchor(&p.model, p.spare_pieces) {
        Some(anchor) => {
            let piece = &p.model.pieces[anchor.piece];
            report.notes.push(format!(
                "counted with {} pinned at one placement of each of its {} classes under the symmetries",
                piece.name,
                anchor.orbits.len()
            ));
            count_pinned(p, problem, &anchor, ctx)
        }
        None => {
            let keep = |cover: &[usize]| symmetries.is_least(&p.model, cover.iter().copied());
            p.engine
                .engine
                .count(problem, Some(&keep), ctx.progress, ctx.shard)
        }
    };
    report.stats.states = tally.nodes;
    fill_count(
        report,
        details,
        &tally,
        symmetries.order(),
        ctx.shard.is_some(),
    );
}

/// The count with the anchor piece at each class's representative placement in turn (see
/// `Anchor`): packings weighted by the class's size, classes under the stabiliser.
fn count_pinned(
    p: &PackingPuzzle,
    problem: &Problem,
    anchor: &Anchor,
    ctx: &SolveContext,
) -> Tally {
    let roots: Vec<usize> = anchor.orbits.iter().map(|o| o.rep).collect();
    let keep = |k: usize, cover: &[usize]| {
        is_least(
            &anchor.orbits[k].stabiliser,
            &p.model,
            cover.iter().copied(),
        )
    };
    // A class whose stabiliser is trivial keeps every packing: is_least is not asked.
    let keep_all: Vec<bool> = anchor
        .orbits
        .iter()
        .map(|o| o.stabiliser.is_empty())
        .collect();
    let tallies =
        p.engine
            .engine
            .count_each(problem, &roots, &keep, &keep_all, ctx.progress, ctx.shard);
    let mut total = Tally {
        complete: true,
        ..Tally::default()
    };
    for (orbit, t) in anchor.orbits.iter().zip(&tallies) {
        total.solutions += t.solutions * orbit.size as u64;
        total.kept += t.kept;
        total.nodes += t.nodes;
        total.complete &= t.complete;
    }
    total.complete &= tallies.len() == anchor.orbits.len();
    total
}

/// Lists the packings `how` asks for, each checked from scratch before it is shown.
fn list(
    p: &PackingPuzzle,
    problem: &Problem,
    how: &Listed,
    report: &mut Report,
    details: &mut PackingDetails,
) -> Result<(), Diagnostic> {
    let limit = if how.all { p.limit } else { 1 };
    let symmetries = how.classes.then(|| Symmetries::of(&p.model));
    let least = |cover: &[usize]| {
        symmetries
            .as_ref()
            .is_none_or(|s| s.is_least(&p.model, cover.iter().copied()))
    };
    let keep: Option<Keep> = how.classes.then_some(&least);
    let listing = p.engine.engine.list(problem, limit, keep);
    report.stats.states = listing.nodes;
    if let Some(s) = &symmetries {
        details.symmetries = Some(s.order());
        report.notes.push(one_per_class(s.order()));
    }
    for cover in &listing.solutions {
        p.model
            .verify(cover)
            .map_err(|e| Diagnostic::internal(format!("a packing found fails its check: {e}")))?;
    }
    let all = how.all;
    if !report_listing(
        report,
        &listing,
        all,
        "no packing of the pieces fills the board",
    ) {
        return Ok(());
    }
    if all {
        details.complete = Some(listing.complete);
    }
    fill_packings(report, details, &p.model, &listing.solutions);
    Ok(())
}
