//! `kind = "sliding-tiles"`: the 8-puzzle, the 15-puzzle and sliding tiles on any board given by
//! rows x cols or an adjacency list. Objectives: `shortest` (one or many starts), `longest` (the
//! positions farthest from the goal), `count` (positions reachable).

mod arrangement;
mod board;
mod model;
mod pattern_database;
mod solvability;
mod spec;
mod tile_search;

use super::{Family, Puzzle, SolveContext};
use crate::diagnostic::Diagnostic;
use crate::engine::ida_star;
use crate::engine::ranked_bfs;
use crate::engine::{Path, Progress, bidirectional_bfs};
use crate::report::text::group_digits;
use crate::report::{Report, Section, Solution, StateView, Stats, Status, Step};
use crate::spec::SpecDocument;
use arrangement::Start;
use board::{Board, MAX_CELLS, Topology};
use model::Tiles;
use pattern_database::{MAX_GROUP, PatternDatabase};
use rayon::prelude::*;
use solvability::Verdict;
use spec::TilesDocument;
use std::time::{Duration, Instant};
use toml::Spanned;

pub struct SlidingTiles;

const OBJECTIVES: &[&str] = &["shortest", "longest", "count"];
const ENGINES: &[&str] = &[
    "bfs",
    "bidirectional-bfs",
    "layered-bfs",
    "ida-star",
    "ida-star-manhattan",
];
/// Boards up to this many cells fit the rank-indexed byte arrays (12! bytes = 479 MB).
const MAX_ARRAY_CELLS: usize = 12;
/// IDA* gives up beyond this many moves (only reached when no invariant settled solvability).
const MAX_IDA_COST: u32 = 250;

impl Family for SlidingTiles {
    fn kind(&self) -> &'static str {
        "sliding-tiles"
    }

    fn about(&self) -> &'static str {
        "sliding tiles (8-puzzle, 15-puzzle, any board): shortest, longest, count"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        let spec: TilesDocument = doc.deserialize()?;
        let table = spec.board.get_ref();
        let board = read_board(doc, &spec.board)?;
        let n = board.cells();
        let goal = match &table.goal {
            Some(g) => arrangement::from_spec(doc, g, "the goal", n)?,
            None => (1..n as u8).chain([0]).collect(),
        };
        let objective = spec.solve.objective(&doc.source, OBJECTIVES)?.to_string();
        let engine = spec.solve.engine(&doc.source, ENGINES)?.to_string();
        let starts = read_starts(doc, &spec.board, n, &objective)?;
        check_engine(doc, &spec, &objective, &engine, n)?;
        let patterns = read_patterns(doc, table, &board, &goal)?;
        Ok(Box::new(TilesPuzzle {
            topology: board.topology(),
            model: Tiles::new(board),
            goal,
            starts,
            patterns,
            objective,
            engine,
            limit: spec.solve.limit(100) as usize,
        }))
    }
}

fn read_board(doc: &SpecDocument, table: &Spanned<spec::BoardTable>) -> Result<Board, Diagnostic> {
    let t = table.get_ref();
    let board = match (&t.rows, &t.cols, &t.adjacent) {
        (Some(rows), Some(cols), None) => {
            for side in [rows, cols] {
                if !(1..=MAX_CELLS as i64).contains(side.get_ref()) {
                    return Err(doc
                        .error(side.span(), format!("a side of {} cells", side.get_ref()))
                        .help(format!(
                            "rows and cols are 1 or more, with at most {MAX_CELLS} cells in all"
                        )));
                }
            }
            Board::rectangle(*rows.get_ref() as usize, *cols.get_ref() as usize)
        }
        (None, None, Some(adj)) => read_adjacency(doc, adj)?,
        (_, _, Some(adj)) => {
            return Err(doc
                .error(adj.span(), "both rows x cols and an adjacency list")
                .help("give either `rows` and `cols`, or `adjacent`, not both"));
        }
        _ => {
            return Err(doc
                .error(table.span(), "the board has no shape")
                .help("give `rows` and `cols` for a rectangle, or `adjacent` (the neighbours of each cell)"));
        }
    };
    let n = board.cells();
    if !(2..=MAX_CELLS).contains(&n) {
        let span = t.rows.as_ref().map_or_else(|| table.span(), |r| r.span());
        return Err(doc
            .error(span, format!("a board of {n} cells"))
            .help(format!(
                "boards have 2 to {MAX_CELLS} cells (each cell takes 4 bits of a 64-bit state)"
            )));
    }
    Ok(board)
}

fn read_adjacency(doc: &SpecDocument, adj: &spec::NumberLists) -> Result<Board, Diagnostic> {
    let rows = adj.get_ref();
    let n = rows.len();
    if !(2..=MAX_CELLS).contains(&n) {
        return Err(doc
            .error(adj.span(), format!("an adjacency list of {n} cells"))
            .help(format!(
                "boards have 2 to {MAX_CELLS} cells: one list of neighbours per cell"
            )));
    }
    let mut adjacent = vec![Vec::new(); n];
    for (c, row) in rows.iter().enumerate() {
        for v in row.get_ref() {
            let x = *v.get_ref();
            if !(0..n as i64).contains(&x) {
                return Err(doc
                    .error(
                        v.span(),
                        format!("cell {c} lists cell {x}, which does not exist"),
                    )
                    .label("no such cell")
                    .help(format!(
                        "cells are numbered 0 to {} in the order of `adjacent`",
                        n - 1
                    )));
            }
            if x as usize == c {
                return Err(doc
                    .error(v.span(), format!("cell {c} lists itself as a neighbour"))
                    .help("remove it: a tile cannot slide onto its own cell"));
            }
            if adjacent[c].contains(&(x as u8)) {
                return Err(doc
                    .error(v.span(), format!("cell {c} lists cell {x} twice"))
                    .help("list each neighbour once"));
            }
            adjacent[c].push(x as u8);
        }
    }
    for (c, row) in rows.iter().enumerate() {
        for v in row.get_ref() {
            let x = *v.get_ref() as usize;
            if !adjacent[x].contains(&(c as u8)) {
                return Err(doc
                    .error(v.span(), format!("cell {c} lists cell {x}, but cell {x} does not list cell {c}"))
                    .label("one-way adjacency")
                    .help(format!("adjacency goes both ways: add {c} to the list of cell {x}, or remove {x} here")));
            }
        }
    }
    for a in &mut adjacent {
        a.sort_unstable();
    }
    Ok(Board {
        adjacent,
        shape: None,
    })
}

fn read_starts(
    doc: &SpecDocument,
    table: &Spanned<spec::BoardTable>,
    n: usize,
    objective: &str,
) -> Result<Vec<Start>, Diagnostic> {
    let t = table.get_ref();
    let given = [
        t.start.is_some(),
        t.starts.is_some(),
        t.starts_file.is_some(),
    ];
    if given.iter().filter(|&&g| g).count() > 1 {
        return Err(doc
            .error(
                table.span(),
                "more than one of `start`, `starts` and `starts_file`",
            )
            .help("give the starts one way: `start` (one), `starts` (a list) or `starts_file`"));
    }
    let starts = if let Some(s) = &t.start {
        vec![Start {
            tiles: arrangement::from_spec(doc, s, "the start", n)?,
            expected: None,
        }]
    } else if let Some(list) = &t.starts {
        if list.get_ref().is_empty() {
            return Err(doc
                .error(list.span(), "`starts` is empty")
                .help("give at least one start"));
        }
        list.get_ref()
            .iter()
            .enumerate()
            .map(|(i, s)| {
                Ok(Start {
                    tiles: arrangement::from_spec(doc, s, &format!("start {}", i + 1), n)?,
                    expected: None,
                })
            })
            .collect::<Result<_, Diagnostic>>()?
    } else if let Some(file) = &t.starts_file {
        arrangement::from_file(doc, file, n)?
    } else {
        Vec::new()
    };
    if starts.is_empty() && objective == "shortest" {
        return Err(doc
            .error(table.span(), "no start arrangement to solve")
            .help("give `start = [...]` (the tile on each cell, 0 for the blank), `starts` or `starts_file`"));
    }
    Ok(starts)
}

fn check_engine(
    doc: &SpecDocument,
    spec: &TilesDocument,
    objective: &str,
    engine: &str,
    n: usize,
) -> Result<(), Diagnostic> {
    let span = || spec.solve.engine.as_ref().map_or(0..0, |e| e.span());
    let fits = match objective {
        "shortest" => engine != "layered-bfs",
        _ => engine == "layered-bfs" || engine == "auto",
    };
    if !fits {
        let hint = if objective == "shortest" {
            "use bfs, bidirectional-bfs, ida-star, ida-star-manhattan or auto"
        } else {
            "use layered-bfs or auto"
        };
        return Err(doc
            .error(
                span(),
                format!("engine `{engine}` does not compute objective `{objective}`"),
            )
            .help(hint));
    }
    let needs_array =
        engine == "bfs" || engine == "layered-bfs" || (objective == "longest" && engine == "auto");
    if needs_array && n > MAX_ARRAY_CELLS {
        let at = if engine == "auto" {
            spec.solve.objective.as_ref().map_or(0..0, |o| o.span())
        } else {
            span()
        };
        return Err(doc
            .error(at, format!("{n}! arrangements are too many to visit one by one"))
            .help(format!(
                "full-space searches take boards of at most {MAX_ARRAY_CELLS} cells; for `shortest` use ida-star"
            )));
    }
    Ok(())
}

/// The tile groups of the pattern databases: as given, or a default partition.
fn read_patterns(
    doc: &SpecDocument,
    table: &spec::BoardTable,
    board: &Board,
    goal: &[u8],
) -> Result<Vec<Vec<u8>>, Diagnostic> {
    let n = board.cells();
    let Some(given) = &table.patterns else {
        return Ok(default_patterns(board, goal));
    };
    let mut owner = vec![None; n];
    let mut groups = Vec::new();
    for (g, group) in given.get_ref().iter().enumerate() {
        let size = group.get_ref().len();
        if size == 0 || size > MAX_GROUP {
            return Err(doc
                .error(group.span(), format!("a pattern of {size} tiles"))
                .help(format!(
                    "each pattern holds 1 to {MAX_GROUP} tiles (a table of 16^k bytes)"
                )));
        }
        let mut tiles = Vec::new();
        for v in group.get_ref() {
            let t = *v.get_ref();
            if !(1..n as i64).contains(&t) {
                return Err(doc
                    .error(v.span(), format!("tile {t} is not a tile of this board"))
                    .help(format!(
                        "patterns hold tiles 1 to {} (not the blank)",
                        n - 1
                    )));
            }
            if let Some(other) = owner[t as usize] {
                return Err(doc
                    .error(
                        v.span(),
                        format!("tile {t} is in pattern {} already", other + 1),
                    )
                    .help("patterns must be disjoint for their values to add up"));
            }
            owner[t as usize] = Some(g);
            tiles.push(t as u8);
        }
        groups.push(tiles);
    }
    if let Some(t) = (1..n).find(|&t| owner[t].is_none()) {
        return Err(doc
            .error(given.span(), format!("tile {t} is in no pattern"))
            .help("the patterns together must hold every tile 1 to n-1"));
    }
    Ok(groups)
}

/// On a 4x4 board with the goal's blank in a corner: 6-6-3 groups placed from that corner (the
/// six cells after it in reading order, the six farthest, and the three between); elsewhere
/// groups of six tiles in the goal's reading order.
fn default_patterns(board: &Board, goal: &[u8]) -> Vec<Vec<u8>> {
    let blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
    if board.shape == Some((4, 4)) && [0, 3, 12, 15].contains(&blank) {
        let (br, bc) = (blank / 4, blank % 4);
        // Cells by (row, col) counted from the blank's corner.
        let cell = |r: usize, c: usize| {
            let rr = if br == 0 { r } else { 3 - r };
            let cc = if bc == 0 { c } else { 3 - c };
            goal[rr * 4 + cc]
        };
        // Chosen by trial on Korf's instances: a third of the nodes of 2x3 blocks.
        let a = vec![
            cell(0, 1),
            cell(0, 2),
            cell(0, 3),
            cell(1, 0),
            cell(1, 1),
            cell(1, 2),
        ];
        let b = vec![
            cell(2, 1),
            cell(2, 2),
            cell(3, 0),
            cell(3, 1),
            cell(3, 2),
            cell(3, 3),
        ];
        let c = vec![cell(1, 3), cell(2, 0), cell(2, 3)];
        return vec![a, b, c];
    }
    let tiles: Vec<u8> = goal.iter().copied().filter(|&t| t != 0).collect();
    tiles.chunks(MAX_GROUP).map(<[u8]>::to_vec).collect()
}

struct TilesPuzzle {
    model: Tiles,
    topology: Topology,
    goal: Vec<u8>,
    starts: Vec<Start>,
    patterns: Vec<Vec<u8>>,
    objective: String,
    engine: String,
    limit: usize,
}

/// One solved (or refused) start.
struct Outcome {
    moves: Option<Vec<model::Move>>,
    /// Why there is no solution, or how solvability was settled.
    reason: String,
    nodes: u64,
    elapsed: Duration,
}

impl Puzzle for TilesPuzzle {
    fn summary(&self) -> String {
        let board = match self.model.board.shape {
            Some((r, c)) => format!("{r}x{c} board"),
            None => format!("board of {} cells by adjacency", self.model.cells()),
        };
        match self.starts.len() {
            0 => board,
            1 => format!("{board}, one start"),
            k => format!("{board}, {k} starts"),
        }
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        match self.objective.as_str() {
            "shortest" => self.shortest(ctx.progress),
            "longest" => self.longest(ctx.progress),
            _ => self.count(ctx.progress),
        }
    }
}

impl TilesPuzzle {
    fn n(&self) -> usize {
        self.model.cells()
    }

    fn arrangements_text(&self) -> String {
        let total: u128 = (1..=self.n() as u128).product();
        format!("{}! = {}", self.n(), group_digits(total))
    }

    fn choose_shortest_engine(&self) -> (&'static str, String) {
        let named = match self.engine.as_str() {
            "bfs" => Some("bfs"),
            "bidirectional-bfs" => Some("bidirectional-bfs"),
            "ida-star" => Some("ida-star"),
            "ida-star-manhattan" => Some("ida-star-manhattan"),
            _ => None,
        };
        if let Some(e) = named {
            return (e, String::new());
        }
        if self.n() <= MAX_ARRAY_CELLS {
            (
                "bidirectional-bfs",
                format!(
                    "auto: {} arrangements is small enough to search breadth-first; \
                     searching from both ends meets in the middle",
                    self.arrangements_text()
                ),
            )
        } else {
            (
                "ida-star",
                format!(
                    "auto: {} arrangements is too many to store; IDA* with additive pattern \
                     databases needs memory only for its tables",
                    self.arrangements_text()
                ),
            )
        }
    }

    fn shortest(&self, progress: &Progress) -> Result<Report, Diagnostic> {
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
                .map(|p| p.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
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
                let out = ida_star::solve(&space, &mut node, MAX_IDA_COST, progress);
                (out.moves.map(|m| self.blank_moves(start, &m)), out.nodes)
            }
            _ => {
                let space = tile_search::ManhattanSpace::new(&self.model.board, &self.goal);
                let mut node = space.node(start);
                let out = ida_star::solve(&space, &mut node, MAX_IDA_COST, progress);
                (out.moves.map(|m| self.blank_moves(start, &m)), out.nodes)
            }
        };
        Outcome {
            moves,
            reason: String::new(),
            nodes,
            elapsed: t0.elapsed(),
        }
    }

    /// Blank moves as tile moves.
    fn blank_moves(&self, start: &[u8], moves: &[tile_search::BlankMove]) -> Vec<model::Move> {
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

    fn view(&self, tiles: &[u8]) -> StateView {
        let width = (self.n() - 1).to_string().len();
        let cell = |t: &u8| format!("{t:>width$}");
        let text = match self.model.board.shape {
            Some((_, cols)) => tiles
                .chunks(cols)
                .map(|row| row.iter().map(cell).collect::<Vec<_>>().join(" "))
                .collect::<Vec<_>>()
                .join(" / "),
            None => tiles.iter().map(cell).collect::<Vec<_>>().join(" "),
        };
        StateView {
            text,
            data: tiles.iter().map(|&t| serde_json::Value::from(t)).collect(),
        }
    }

    fn describe(&self, mv: &model::Move) -> String {
        format!("{} {}", mv.tile, self.model.board.direction(mv.from, mv.to))
    }

    fn fill_single(&self, report: &mut Report, start: &Start, out: &Outcome) {
        report.start = Some(self.view(&start.tiles));
        report
            .extra
            .insert("goal".into(), self.view(&self.goal).data);
        let Some(moves) = &out.moves else {
            report.status = Status::NoSolution;
            report.notes.push(format!("unsolvable: {}", out.reason));
            report
                .extra
                .insert("reason".into(), out.reason.clone().into());
            return;
        };
        report.notes.push(format!("solvable: {}", out.reason));
        report.cost = Some(moves.len() as u64);
        let mut s = self.model.pack(&start.tiles);
        let steps = moves
            .iter()
            .map(|mv| {
                s = self.model.apply(s, *mv).expect("replayed above");
                Step {
                    action: self.describe(mv),
                    state: Some(self.view(&self.model.unpack(s))),
                }
            })
            .collect();
        report.solutions.push(Solution {
            steps,
            notation: None,
        });
        let tiles: Vec<u8> = moves.iter().map(|m| m.tile).collect();
        report.sections.push(Section {
            title: "tiles moved".into(),
            lines: vec![
                tiles
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
            ],
        });
        report.extra.insert("tiles_moved".into(), tiles.into());
    }

    fn fill_batch(&self, report: &mut Report, outcomes: &[Outcome]) {
        let mut lines = Vec::new();
        let mut instances = Vec::new();
        let mut total = 0u64;
        let mut solved = 0usize;
        for (i, (start, out)) in self.starts.iter().zip(outcomes).enumerate() {
            let mut json = serde_json::Map::new();
            json.insert("start".into(), self.view(&start.tiles).data);
            json.insert("nodes".into(), out.nodes.into());
            json.insert(
                "elapsed_ms".into(),
                (out.elapsed.as_secs_f64() * 1e3).into(),
            );
            if let Some(e) = start.expected {
                json.insert("expected".into(), e.into());
            }
            match &out.moves {
                Some(moves) => {
                    solved += 1;
                    total += moves.len() as u64;
                    let tiles: Vec<u8> = moves.iter().map(|m| m.tile).collect();
                    let check = match start.expected {
                        Some(e) if e as usize == moves.len() => ", as expected".to_string(),
                        Some(e) => {
                            report.notes.push(format!(
                                "start {}: {} moves, but its file gives {e}",
                                i + 1,
                                moves.len()
                            ));
                            format!(", EXPECTED {e}")
                        }
                        None => String::new(),
                    };
                    lines.push(format!(
                        "{:>3}: {:>3} moves{check}, {} nodes, {:.1} ms",
                        i + 1,
                        moves.len(),
                        group_digits(u128::from(out.nodes)),
                        out.elapsed.as_secs_f64() * 1e3
                    ));
                    report.solutions.push(Solution {
                        steps: moves
                            .iter()
                            .map(|mv| Step {
                                action: self.describe(mv),
                                state: None,
                            })
                            .collect(),
                        notation: Some(format!(
                            "{} | tiles: {}",
                            self.view(&start.tiles).text,
                            tiles
                                .iter()
                                .map(u8::to_string)
                                .collect::<Vec<_>>()
                                .join(" ")
                        )),
                    });
                    json.insert("status".into(), "solved".into());
                    json.insert("length".into(), moves.len().into());
                    json.insert("tiles_moved".into(), tiles.into());
                }
                None => {
                    lines.push(format!("{:>3}: no solution: {}", i + 1, out.reason));
                    json.insert("status".into(), "no-solution".into());
                    json.insert("reason".into(), out.reason.clone().into());
                }
            }
            instances.push(serde_json::Value::Object(json));
        }
        if solved == 0 {
            report.status = Status::NoSolution;
        }
        report.notes.push(format!(
            "{solved} of {} starts solved optimally, {total} moves in all",
            self.starts.len()
        ));
        report.sections.push(Section {
            title: "starts".into(),
            lines,
        });
        report.extra.insert("instances".into(), instances.into());
        report.extra.insert("total_moves".into(), total.into());
        report.extra.insert("solved".into(), solved.into());
    }

    fn longest(&self, progress: &Progress) -> Result<Report, Diagnostic> {
        let reason = if self.engine == "auto" {
            format!(
                "auto: every arrangement reachable from the goal is visited once, layer by layer, \
                 marked in a byte array indexed by permutation rank ({} slots)",
                self.arrangements_text()
            )
        } else {
            String::new()
        };
        let mut report = Report::new("longest", Status::Explored, "layered-bfs", &reason);
        let root = self.model.pack(&self.goal);
        let layers = self.explore(root, progress)?;
        report.stats = Stats::new(layers.stats.states, layers.stats.elapsed);
        let far = layers.counts.len() - 1;
        report.cost = Some(far as u64);
        report.count = Some(u128::from(layers.stats.states));
        let mut farthest: Vec<Vec<u8>> = layers
            .farthest
            .iter()
            .map(|s| self.model.unpack(*s))
            .collect();
        farthest.sort();
        let shown = farthest.len().min(self.limit);
        if shown < farthest.len() {
            report.notes.push(format!(
                "listing {shown} of {} farthest positions (raise solve.limit for more)",
                farthest.len()
            ));
        }
        report.notes.push(format!(
            "{} positions are {far} moves from the goal, the most; {} positions in all",
            farthest.len(),
            group_digits(u128::from(layers.stats.states))
        ));
        report.sections.push(Section {
            title: format!("farthest positions ({far} moves from the goal)"),
            lines: farthest[..shown]
                .iter()
                .map(|t| self.view(t).text)
                .collect(),
        });
        report.sections.push(Section {
            title: "positions at each distance".into(),
            lines: layers
                .counts
                .iter()
                .enumerate()
                .map(|(d, c)| format!("{d:>3}: {}", group_digits(u128::from(*c))))
                .collect(),
        });
        report
            .extra
            .insert("goal".into(), self.view(&self.goal).data);
        report.extra.insert("farthest_distance".into(), far.into());
        report
            .extra
            .insert("farthest_count".into(), farthest.len().into());
        report.extra.insert(
            "farthest".into(),
            farthest[..shown]
                .iter()
                .map(|t| self.view(t).data)
                .collect(),
        );
        report
            .extra
            .insert("layer_counts".into(), layers.counts.clone().into());
        Ok(report)
    }

    fn explore(
        &self,
        root: u64,
        progress: &Progress,
    ) -> Result<ranked_bfs::Layers<u64>, Diagnostic> {
        ranked_bfs::explore(&self.model, root, progress).ok_or_else(|| {
            Diagnostic::new("some position lies more than 254 moves away")
                .help("the layered search keeps distances in bytes; this board is too long and thin for it")
        })
    }

    fn count(&self, progress: &Progress) -> Result<Report, Diagnostic> {
        let (root, from) = match self.starts.as_slice() {
            [one] => (self.model.pack(&one.tiles), "the start"),
            _ => (self.model.pack(&self.goal), "the goal"),
        };
        if self.n() <= MAX_ARRAY_CELLS {
            let reason = if self.engine == "auto" {
                format!(
                    "auto: {} arrangements fit a byte array indexed by permutation rank",
                    self.arrangements_text()
                )
            } else {
                String::new()
            };
            let mut report = Report::new("count", Status::Counted, "layered-bfs", &reason);
            let layers = self.explore(root, progress)?;
            report.count = Some(u128::from(layers.stats.states));
            report.stats = Stats::new(layers.stats.states, layers.stats.elapsed);
            report.notes.push(format!(
                "positions reachable from {from}, counted one by one"
            ));
            report
                .extra
                .insert("layer_counts".into(), layers.counts.into());
            return Ok(report);
        }
        // Too many to visit: Wilson's theorem gives the number on 2-connected boards.
        let total: u128 = (1..=self.n() as u128).product();
        let count = match (&self.topology, self.model.board.two_colouring()) {
            (Topology::TwoConnected, Some(_)) => total / 2,
            (Topology::TwoConnected, None) if self.n() != 7 => total,
            _ => {
                return Err(Diagnostic::new(format!(
                    "{} arrangements are too many to count one by one, and no theorem gives \
                     the number for this board",
                    self.arrangements_text()
                ))
                .help(format!(
                    "counting by search takes boards of at most {MAX_ARRAY_CELLS} cells"
                )));
            }
        };
        let mut report = Report::new(
            "count",
            Status::Counted,
            "wilson-theorem",
            "auto: too many arrangements to visit; the board is 2-connected, so Wilson's theorem gives the count",
        );
        report.count = Some(count);
        report.notes.push(format!(
            "by Wilson (1974): on a 2-connected {} board every arrangement of the right parity class is reachable: {} of {}",
            if count < total { "bipartite" } else { "non-bipartite" },
            if count < total { "n!/2" } else { "n!" },
            self.arrangements_text()
        ));
        Ok(report)
    }
}

fn path_moves(p: &Path<u64, model::Move>) -> Vec<model::Move> {
    p.steps.iter().map(|(m, _)| *m).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_fifteen_patterns_cover_every_tile_once() {
        for goal in [
            (0..16).collect::<Vec<u8>>(),
            (1..16).chain([0]).collect::<Vec<u8>>(),
        ] {
            let groups = default_patterns(&Board::rectangle(4, 4), &goal);
            let mut all: Vec<u8> = groups.concat();
            all.sort_unstable();
            assert_eq!(all, (1..16).collect::<Vec<u8>>());
            assert_eq!(
                groups.iter().map(Vec::len).collect::<Vec<_>>(),
                vec![6, 6, 3]
            );
        }
    }
}
