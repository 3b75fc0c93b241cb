//! The one driver of the move-puzzle families: runs the plan's engine and fills the report's
//! status, solutions, count and layer sections.

use super::layers::{LayerDetails, fill_sections};
use super::space::{MoveOf, MovePuzzle, Plan, StateOf, Visited};
use crate::diagnostic::Diagnostic;
use crate::engine::layers::Layers;
use crate::engine::{
    Path, Progress, SearchStats, all_shortest, bfs, bidirectional_bfs, frontier_layers, layers,
};
use crate::report::{Report, Stats, Status};

/// What a solve gives the family beyond the report it filled.
pub struct Outcome {
    pub stats: SearchStats,
    /// A layer search's typed fields, for the family's JSON details.
    pub layers: Option<LayerDetails>,
}

/// Runs `plan` over the family's space and fills `report` (stats, status, solutions, cost,
/// count, the layer sections).
pub fn solve<F: MovePuzzle>(
    f: &F,
    plan: &Plan<StateOf<F>>,
    report: &mut Report,
    progress: &Progress,
) -> Result<Outcome, Diagnostic> {
    let space = f.space();
    let is_goal = |s: &StateOf<F>| f.is_goal(s);
    let paths = match *plan {
        Plan::Shortest { visited } => {
            let out = match visited {
                Visited::Bitmap => f.bitmap_shortest(progress).ok_or_else(not_indexed)?,
                _ => bfs::shortest_path(space, f.start(), is_goal, progress),
            };
            (out.path.into_iter().collect(), out.stats)
        }
        Plan::Bidirectional { goal } => {
            let out = bidirectional_bfs::shortest_path(space, f.start(), goal, progress);
            (out.path.into_iter().collect(), out.stats)
        }
        Plan::AllShortest { limit, counting } => {
            let out = all_shortest::all_shortest_paths(space, f.start(), is_goal, limit, progress);
            f.checked()?;
            let listed = out.paths.len();
            fill_paths(f, report, out.paths, out.stats)?;
            super::all_shortest::record(report, out.length, out.count, listed, counting);
            return Ok(Outcome {
                stats: out.stats,
                layers: None,
            });
        }
        Plan::Layers {
            visited,
            longest,
            limit,
        } => {
            let out = match visited {
                Visited::HashSet => layers::explore(space, f.start(), progress),
                Visited::Frontier => frontier_layers::explore(space, f.start(), progress),
                Visited::Bitmap => f.bitmap_layers(progress).ok_or_else(not_indexed)?,
            };
            f.checked()?;
            return Ok(fill_layers(f, report, out, longest, limit));
        }
    };
    let (paths, stats) = paths;
    f.checked()?;
    fill_paths(f, report, paths, stats)?;
    Ok(Outcome {
        stats,
        layers: None,
    })
}

fn not_indexed() -> Diagnostic {
    Diagnostic::internal("a bitmap search was planned over a space that does not index its states")
}

/// Replays each path and fills the report's solutions (none: no solution).
fn fill_paths<F: MovePuzzle>(
    f: &F,
    report: &mut Report,
    paths: Vec<Path<StateOf<F>, MoveOf<F>>>,
    stats: SearchStats,
) -> Result<(), Diagnostic> {
    report.stats = Stats::new(stats.states, stats.elapsed);
    if paths.is_empty() {
        report.status = Status::NoSolution;
        return Ok(());
    }
    for path in paths {
        report.cost = Some(path.len() as u64);
        report.solutions.push(f.solution(&path)?);
    }
    Ok(())
}

/// The states counted per distance; with `longest`, the farthest ones drawn.
fn fill_layers<F: MovePuzzle>(
    f: &F,
    report: &mut Report,
    mut out: Layers<StateOf<F>>,
    longest: bool,
    limit: usize,
) -> Outcome {
    report.stats = Stats::new(out.stats.states, out.stats.elapsed);
    report.count = Some(out.counts.iter().map(|&c| u128::from(c)).sum());
    let farthest_distance = out.counts.len() - 1;
    let farthest_count = out.farthest.len();
    let farthest = if longest {
        report.status = Status::Explored;
        report.cost = Some(farthest_distance as u64);
        shown_farthest(&mut out.farthest, limit)
            .iter()
            .map(|s| f.view(s))
            .collect()
    } else {
        report.status = Status::Counted;
        Vec::new()
    };
    let details = LayerDetails {
        farthest_distance,
        farthest_count,
        farthest,
        layer_counts: out.counts,
    };
    fill_sections(report, &details, F::NOUN);
    Outcome {
        stats: out.stats,
        layers: Some(details),
    }
}

/// The farthest states a stopped search still shows: its last layer is partial and may hold
/// millions of states, and drawing them all would outlast the grace period.
const STOPPED_FARTHEST_SHOWN: usize = 100;

/// The least `limit` of the farthest states, in order (so that a run shows the same ones
/// whatever order the engine found them in).
fn shown_farthest<S: Ord>(farthest: &mut [S], limit: usize) -> &[S] {
    let mut shown = limit.min(farthest.len());
    if crate::engine::stop::heeded().is_some() {
        shown = shown.min(STOPPED_FARTHEST_SHOWN);
    }
    if shown < farthest.len() {
        farthest.select_nth_unstable(shown);
    }
    let least = &mut farthest[..shown];
    least.sort_unstable();
    least
}
