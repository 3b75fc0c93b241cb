//! `shortest`: decides solvability by invariants, then searches each start (in parallel when
//! there are several), replays every solution and compares it with the length a starts file
//! gives before it is reported.

use super::arrangement::Start;
use super::board::tile_list;
use super::model::{self, Tiles};
use super::pattern_database::PatternDatabase;
use super::pattern_search::PatternSearch;
use super::plan::{MAX_ARRAY_CELLS, Search};
use super::puzzle::TilesPuzzle;
use super::solvability::{self, Verdict};
use super::tile_search::{self, BlankMove, TileNode};
use crate::diagnostic::Diagnostic;
use crate::engine::ida_star::DepthFirstSpace;
use crate::engine::{Path, Progress, bfs, bidirectional_bfs, ida_star, ranked_bfs, stop};
use crate::report::{Report, Stats, group_digits};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// IDA* gives up beyond this many moves (only reached on boards of more than
/// [`MAX_ARRAY_CELLS`] cells that no invariant settles; smaller ones are settled by search first).
const MAX_IDA_COST: u32 = 250;

/// On boards of more than [`MAX_ARRAY_CELLS`] cells that no invariant settles, at most this many
/// positions reachable from the start are visited before IDA* runs (about 40 bytes each).
const MAX_VISITED_FIRST: usize = 1 << 22;

/// What visiting the positions reachable from a start told.
enum Settled {
    Unsolvable(Outcome),
    Solvable,
    /// More positions than [`MAX_VISITED_FIRST`]: undecided.
    TooMany,
}

/// One solved (or refused) start.
pub(super) struct Outcome {
    pub(super) moves: Option<Vec<model::Move>>,
    /// Why there is no solution, or how solvability was settled.
    pub(super) reason: String,
    pub(super) nodes: u64,
    pub(super) elapsed: Duration,
    /// The search was stopped (time limit, Ctrl-C, memory) before it found a solution: no
    /// solution proves nothing, and the start is shown as stopped, never as unsolvable.
    pub(super) stopped: bool,
}

/// Each start's outcome when the search was stopped before any began: the invariants'
/// verdicts stand; every other start is stopped.
fn stopped_before_search(verdicts: &[Verdict]) -> Vec<Outcome> {
    verdicts
        .iter()
        .map(|v| match v {
            Verdict::Unsolvable(r) => Outcome::unsolvable(r.clone(), 0, Duration::ZERO),
            Verdict::Solvable(_) | Verdict::Unknown(_) => Outcome {
                moves: None,
                reason: "stopped before its search began".into(),
                nodes: 0,
                elapsed: Duration::ZERO,
                stopped: true,
            },
        })
        .collect()
}

impl Outcome {
    fn unsolvable(reason: String, nodes: u64, elapsed: Duration) -> Outcome {
        Outcome {
            moves: None,
            reason,
            nodes,
            elapsed,
            stopped: false,
        }
    }
}

impl TilesPuzzle {
    pub(super) fn shortest(
        &self,
        report: &mut Report,
        search: &Search,
        progress: &Progress,
    ) -> Result<(), Diagnostic> {
        let t0 = Instant::now();
        let verdicts: Vec<Verdict> = self
            .starts
            .iter()
            .map(|s| solvability::decide(&self.model.board, &self.topology, &s.tiles, &self.goal))
            .collect();
        let any_solvable = verdicts
            .iter()
            .any(|v| !matches!(v, Verdict::Unsolvable(_)));
        let dbs = match search {
            Search::IdaStar { patterns } if any_solvable => {
                // Stopped (time, Ctrl-C, memory) while the tables were being built: every
                // start the invariants left open is shown as stopped, none as unsolvable.
                let Some((dbs, notes)) = self.pattern_databases(patterns, progress) else {
                    let outcomes = stopped_before_search(&verdicts);
                    report.notes.push(
                        "stopped while the pattern databases were being built: no start was searched"
                            .into(),
                    );
                    report.stats = Stats::new(0, t0.elapsed());
                    self.fill(report, &outcomes);
                    return Ok(());
                };
                report.notes.extend(notes);
                dbs
            }
            _ => Vec::new(),
        };
        // One search for every start: its duplicate-move automaton is built once.
        let pattern =
            (!dbs.is_empty()).then(|| PatternSearch::new(&self.model.board, &self.goal, &dbs));
        // A batch shows how many instances are done (a bar with an ETA on a terminal).
        let done = std::sync::atomic::AtomicU64::new(0);
        let total = self.starts.len() as u64;
        let solve_one = |(start, verdict): (&Start, &Verdict)| -> Outcome {
            let out = self.solve_start(search, &start.tiles, verdict, pattern.as_ref(), progress);
            if total > 1 {
                let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                progress.position("instances", finished, total);
            }
            out
        };
        let outcomes: Vec<Outcome> = if self.starts.len() > 1 {
            self.starts
                .par_iter()
                .zip(verdicts.par_iter())
                .map(solve_one)
                .collect()
        } else {
            self.starts.iter().zip(&verdicts).map(solve_one).collect()
        };
        for (start, out) in self.starts.iter().zip(&outcomes) {
            if let Some(moves) = &out.moves {
                self.replay(&start.tiles, moves)?;
            }
        }
        check_expected(&self.starts, &outcomes)?;
        let nodes: u64 = outcomes.iter().map(|o| o.nodes).sum();
        report.stats = Stats::new(nodes, t0.elapsed());
        self.fill(report, &outcomes);
        Ok(())
    }

    /// The report of one start or of a batch.
    fn fill(&self, report: &mut Report, outcomes: &[Outcome]) {
        match (self.starts.as_slice(), outcomes) {
            ([start], [out]) => self.fill_single(report, start, out),
            _ => self.fill_batch(report, outcomes),
        }
    }

    /// One start: refused by its invariant, or searched.
    fn solve_start(
        &self,
        search: &Search,
        start: &[u8],
        verdict: &Verdict,
        pattern: Option<&PatternSearch>,
        progress: &Progress,
    ) -> Outcome {
        let reason = match verdict {
            Verdict::Unsolvable(r) => return Outcome::unsolvable(r.clone(), 0, Duration::ZERO),
            Verdict::Solvable(r) => r.clone(),
            Verdict::Unknown(r) => {
                let depth_first =
                    matches!(search, Search::IdaStar { .. } | Search::IdaStarManhattan);
                if depth_first {
                    // IDA* cannot prove that no solution exists; the reachable positions can.
                    match self.settle_by_search(start, r, progress) {
                        Settled::Unsolvable(out) => return out,
                        Settled::Solvable => {
                            format!("{r}; a search of the reachable positions found the goal")
                        }
                        Settled::TooMany => format!(
                            "{r}; more than {} positions are reachable, too many to visit \
                             first: IDA* decides (it may take long when no solution exists)",
                            group_digits(MAX_VISITED_FIRST as u128)
                        ),
                    }
                } else {
                    format!("{r}; the search decides")
                }
            }
        };
        let mut out = self.search(search, start, pattern, progress);
        out.stopped = out.moves.is_none() && stop::requested().is_some();
        out.reason = match out.moves {
            Some(_) => reason,
            None if out.stopped => format!("the search was stopped before it finished ({reason})"),
            None if matches!(search, Search::Bfs | Search::Bidirectional) => {
                format!("the search found no way to the goal ({reason})")
            }
            None => format!("IDA* found no solution of up to {MAX_IDA_COST} moves ({reason})"),
        };
        out
    }

    /// Visits the positions reachable from `start`: all of them on boards of at most
    /// [`MAX_ARRAY_CELLS`] cells (a byte per arrangement), at most [`MAX_VISITED_FIRST`] in a hash
    /// set on larger ones (enough on boards whose cut cells leave few positions reachable).
    fn settle_by_search(&self, start: &[u8], why: &str, progress: &Progress) -> Settled {
        let (s, g) = (self.model.pack(start), self.model.pack(&self.goal));
        let (found, states, elapsed) = if self.n() <= MAX_ARRAY_CELLS {
            let out = ranked_bfs::shortest_path(&self.model, s, g, progress);
            (out.path.is_some(), out.stats.states, out.stats.elapsed)
        } else {
            let is_goal = |x: &u64| *x == g;
            let (out, complete) =
                bfs::shortest_path_within(&self.model, s, is_goal, MAX_VISITED_FIRST, progress);
            if out.path.is_none() && !complete {
                return Settled::TooMany;
            }
            (out.path.is_some(), out.stats.states, out.stats.elapsed)
        };
        if found {
            return Settled::Solvable;
        }
        if stop::requested().is_some() {
            // Cut short (a time limit, or no room for the table): it proves nothing.
            return Settled::TooMany;
        }
        let reason = format!(
            "{why}; a search of all {} positions reachable from the start did not meet the goal",
            group_digits(u128::from(states))
        );
        Settled::Unsolvable(Outcome::unsolvable(reason, states, elapsed))
    }

    /// Builds or loads the tables; the notes say which, how long and how much memory, and which
    /// cached tables were refused and rebuilt. None when the memory cap refused room for one.
    fn pattern_databases(
        &self,
        patterns: &[Vec<u8>],
        progress: &Progress,
    ) -> Option<(Vec<PatternDatabase>, Vec<String>)> {
        let t0 = Instant::now();
        progress.message(|| "pattern databases: loading or building".to_string());
        let dbs: Vec<PatternDatabase> = patterns
            .par_iter()
            .map(|tiles| PatternDatabase::load_or_build(&self.model.board, &self.goal, tiles))
            .collect::<Option<_>>()?;
        let sizes: Vec<String> = patterns.iter().map(|p| p.len().to_string()).collect();
        let groups: Vec<String> = patterns.iter().map(|p| tile_list(p)).collect();
        let bytes: usize = dbs.iter().map(|d| d.table.len()).sum();
        let how = if dbs.iter().all(|d| d.cached) {
            "loaded from the cache".to_string()
        } else {
            match crate::engine::pattern_cache::cache_dir() {
                Some(d) => format!("built and cached in {}", d.display()),
                None => "built (no cache folder)".to_string(),
            }
        };
        let mirror = if tile_search::mirror_map(&self.model.board, &self.goal).is_some() {
            ", looked up on the board and its mirror image"
        } else {
            ""
        };
        let mut notes: Vec<String> = dbs.iter().filter_map(|d| d.refused.clone()).collect();
        notes.push(format!(
            "pattern databases {} ({}), {how} in {:.2} s, {:.1} MB in memory{mirror}",
            sizes.join("-"),
            groups.join(" | "),
            t0.elapsed().as_secs_f64(),
            bytes as f64 / 1e6
        ));
        Some((dbs, notes))
    }

    fn search(
        &self,
        search: &Search,
        start: &[u8],
        pattern: Option<&PatternSearch>,
        progress: &Progress,
    ) -> Outcome {
        let t0 = Instant::now();
        let s = self.model.pack(start);
        let g = self.model.pack(&self.goal);
        let (moves, nodes) = match (search, pattern) {
            (Search::Bfs, _) => {
                let out = ranked_bfs::shortest_path(&self.model, s, g, progress);
                (out.path.map(|p| path_moves(&p)), out.stats.states)
            }
            (Search::Bidirectional, _) => {
                let out = bidirectional_bfs::shortest_path(&self.model, s, g, progress);
                (out.path.map(|p| path_moves(&p)), out.stats.states)
            }
            (Search::IdaStar { .. }, Some(search)) => {
                let out = search.solve(start, MAX_IDA_COST, progress);
                (out.moves.map(|m| self.blank_moves(start, &m)), out.nodes)
            }
            // (IDA* without its tables is not reached: they are loaded before any start is
            // searched. Manhattan distance would still answer right.)
            (Search::IdaStar { .. } | Search::IdaStarManhattan, _) => {
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
            stopped: false,
        }
    }

    /// IDA* from `node` (the start as the space's node), its moves as tile moves, and its nodes.
    fn ida_star<S: DepthFirstSpace<State = TileNode, Move = BlankMove>>(
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

/// Every length a starts file gives must be the optimum found: the engines are optimal and
/// every solution is replayed, so a disagreement is bad data at its line (exit 2), and no answer
/// is trusted. A start whose search was stopped proves nothing and is not compared.
fn check_expected(starts: &[Start], outcomes: &[Outcome]) -> Result<(), Diagnostic> {
    let mut wrong = starts.iter().zip(outcomes).filter_map(|(start, out)| {
        let e = start.expected.as_ref().filter(|_| !out.stopped)?;
        let found = out.moves.as_ref().map(Vec::len);
        (found != Some(e.moves as usize)).then_some((e, found))
    });
    let Some((first, found)) = wrong.next() else {
        return Ok(());
    };
    let others = wrong.count();
    let found = match found {
        Some(m) => format!("found an optimal solution of {m} moves"),
        None => "found no solution".to_string(),
    };
    let mut message = format!(
        "the starts file gives {} moves, but puzzlespec {found}",
        first.moves
    );
    if others > 0 {
        message.push_str(&format!(" ({others} more starts disagree)"));
    }
    Err(Diagnostic::new(message)
        .at(&first.source, first.span.clone())
        .label("the stated optimal length")
        .help(
            "the solvers are optimal and every solution is replayed, so this length in the file \
             is wrong: correct it (if it is from a published source, please report it)",
        ))
}

fn path_moves(p: &Path<u64, model::Move>) -> Vec<model::Move> {
    p.steps.iter().map(|(m, _)| *m).collect()
}
