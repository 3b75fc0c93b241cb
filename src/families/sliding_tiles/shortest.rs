//! `shortest`: decides solvability by invariants, then searches each start (in parallel when
//! there are several) and replays every solution before it is reported.

use super::TilesPuzzle;
use super::arrangement::Start;
use super::model::{self, Tiles};
use super::pattern_database::{self, PatternDatabase};
use super::solvability::{self, Verdict};
use super::state_view::tile_list;
use super::tile_search::{self, BlankMove, TileNode};
use crate::diagnostic::Diagnostic;
use crate::engine::ida_star::DepthFirstSpace;
use crate::engine::{Path, Progress, bidirectional_bfs, ida_star, ranked_bfs};
use crate::report::{Report, Stats, Status};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// IDA* gives up beyond this many moves (only reached when no invariant settled solvability).
const MAX_IDA_COST: u32 = 250;

/// One solved (or refused) start.
pub(super) struct Outcome {
    pub(super) moves: Option<Vec<model::Move>>,
    /// Why there is no solution, or how solvability was settled.
    pub(super) reason: String,
    pub(super) nodes: u64,
    pub(super) elapsed: Duration,
}

impl TilesPuzzle {
    pub(super) fn shortest(&self, progress: &Progress) -> Result<Report, Diagnostic> {
        let t0 = Instant::now();
        let (engine, reason) = self.choose_shortest_engine();
        let mut report = Report::new("shortest", Status::Solved, engine, &reason);
        let verdicts: Vec<Verdict> = self
            .starts
            .iter()
            .map(|s| solvability::decide(&self.model.board, &self.topology, &s.tiles, &self.goal))
            .collect();
        let any_solvable = verdicts
            .iter()
            .any(|v| !matches!(v, Verdict::Unsolvable(_)));
        let dbs = if engine == "ida-star" && any_solvable {
            let (dbs, note) = self.pattern_databases(progress);
            report.notes.push(note);
            dbs
        } else {
            Vec::new()
        };
        let solve_one = |start: &Start, verdict: &Verdict| -> Outcome {
            let reason = match verdict {
                Verdict::Unsolvable(r) => {
                    return Outcome {
                        moves: None,
                        reason: r.clone(),
                        nodes: 0,
                        elapsed: Duration::ZERO,
                    };
                }
                Verdict::Solvable(r) => r.clone(),
                Verdict::Unknown(r) => format!("{r}; the search decides"),
            };
            let mut out = self.search(engine, &start.tiles, &dbs, progress);
            if out.moves.is_none() {
                out.reason = format!("the search found no way to the goal ({reason})");
            } else {
                out.reason = reason;
            }
            out
        };
        let outcomes: Vec<Outcome> = if self.starts.len() > 1 {
            self.starts
                .par_iter()
                .zip(verdicts.par_iter())
                .map(|(s, v)| solve_one(s, v))
                .collect()
        } else {
            vec![solve_one(&self.starts[0], &verdicts[0])]
        };
        for (start, out) in self.starts.iter().zip(&outcomes) {
            if let Some(moves) = &out.moves {
                self.replay(&start.tiles, moves)?;
            }
        }
        let nodes: u64 = outcomes.iter().map(|o| o.nodes).sum();
        report.stats = Stats::new(nodes, t0.elapsed());
        if self.starts.len() == 1 {
            self.fill_single(&mut report, &self.starts[0], &outcomes[0]);
        } else {
            self.fill_batch(&mut report, &outcomes);
        }
        Ok(report)
    }

    /// Builds or loads the tables; the note says which, how long and how much memory.
    fn pattern_databases(&self, progress: &Progress) -> (Vec<PatternDatabase>, String) {
        let t0 = Instant::now();
        progress.message(|| "pattern databases: loading or building".to_string());
        let dbs: Vec<PatternDatabase> = self
            .patterns
            .par_iter()
            .map(|tiles| PatternDatabase::load_or_build(&self.model.board, &self.goal, tiles))
            .collect();
        let sizes: Vec<String> = self.patterns.iter().map(|p| p.len().to_string()).collect();
        let bytes: usize = dbs.iter().map(|d| d.table.len()).sum();
        let how = if dbs.iter().all(|d| d.cached) {
            "loaded from the cache".to_string()
        } else {
            match pattern_database::cache_dir() {
                Some(d) => format!("built and cached in {}", d.display()),
                None => "built (no cache folder)".to_string(),
            }
        };
        let mirror =
            if tile_search::PatternSpace::new(&self.model.board, &self.goal, &dbs).uses_mirror() {
                ", looked up on the board and its mirror image"
            } else {
                ""
            };
        let note = format!(
            "pattern databases {} ({}), {how} in {:.2} s, {:.1} MB in memory{mirror}",
            sizes.join("-"),
            self.patterns
                .iter()
                .map(|p| tile_list(p))
                .collect::<Vec<_>>()
                .join(" | "),
            t0.elapsed().as_secs_f64(),
            bytes as f64 / 1e6
        );
        (dbs, note)
    }

    fn search(
        &self,
        engine: &str,
        start: &[u8],
        dbs: &[PatternDatabase],
        progress: &Progress,
    ) -> Outcome {
        let t0 = Instant::now();
        let s = self.model.pack(start);
        let g = self.model.pack(&self.goal);
        let (moves, nodes) = match engine {
            "bfs" => {
                let out = ranked_bfs::shortest_path(&self.model, s, g, progress);
                (out.path.map(|p| path_moves(&p)), out.stats.states)
            }
            "bidirectional-bfs" => {
                let out = bidirectional_bfs::shortest_path(&self.model, s, g, progress);
                (out.path.map(|p| path_moves(&p)), out.stats.states)
            }
            "ida-star" => {
                let space = tile_search::PatternSpace::new(&self.model.board, &self.goal, dbs);
                let mut node = space.node(start);
                self.ida_star(&space, &mut node, start, progress)
            }
            _ => {
                let space = tile_search::ManhattanSpace::new(&self.model.board, &self.goal);
                let mut node = space.node(start);
                self.ida_star(&space, &mut node, start, progress)
            }
        };
        Outcome {
            moves,
            reason: String::new(),
            nodes,
            elapsed: t0.elapsed(),
        }
    }

    /// IDA* from `node` (the start as the space's node), its moves as tile moves, and its nodes.
    fn ida_star<S: DepthFirstSpace<Node = TileNode, Move = BlankMove>>(
        &self,
        space: &S,
        node: &mut TileNode,
        start: &[u8],
        progress: &Progress,
    ) -> (Option<Vec<model::Move>>, u64) {
        let out = ida_star::solve(space, node, MAX_IDA_COST, progress);
        (out.moves.map(|m| self.blank_moves(start, &m)), out.nodes)
    }

    /// Blank moves as tile moves.
    fn blank_moves(&self, start: &[u8], moves: &[BlankMove]) -> Vec<model::Move> {
        let mut s = self.model.pack(start);
        moves
            .iter()
            .map(|m| {
                let (mv, next) = Tiles::slide(s, m.to as usize, m.from as usize);
                s = next;
                mv
            })
            .collect()
    }

    /// Checks every move from the start and that the last one reaches the goal.
    fn replay(&self, start: &[u8], moves: &[model::Move]) -> Result<(), Diagnostic> {
        let mut s = self.model.pack(start);
        for mv in moves {
            s = self.model.apply(s, *mv).ok_or_else(|| {
                Diagnostic::internal(format!("the solution does not replay at tile {}", mv.tile))
            })?;
        }
        if s != self.model.pack(&self.goal) {
            return Err(Diagnostic::internal("the solution does not reach the goal"));
        }
        Ok(())
    }
}

fn path_moves(p: &Path<u64, model::Move>) -> Vec<model::Move> {
    p.steps.iter().map(|(m, _)| *m).collect()
}
