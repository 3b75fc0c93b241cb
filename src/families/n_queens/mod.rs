//! `kind = "n-queens"`: n queens on an n x n board, no two attacking; optionally some queens are
//! given. Lists placements in order, counts them, or counts them up to the 8 board symmetries.

mod backtrack;
mod board;
mod mirror;
mod spec;
mod symmetry;

use super::{Family, Puzzle, SolveContext};
use crate::diagnostic::Diagnostic;
use crate::report::group_digits;
use crate::report::{Report, Section, Solution, Stats, Status, Step};
use crate::spec::SpecDocument;
use backtrack::Frontier;
use board::{Board, MAX_N};
use serde_json::json;
use spec::{BoardTable, QueensDocument};
use std::time::Instant;
use symmetry::Classes;
use toml::Spanned;

pub struct NQueens;

const OBJECTIVES: &[&str] = &["list", "count", "count-unique"];
const ENGINES: &[&str] = &["bitboard", "bitboard-mirror", "bitboard-symmetry"];
const DEFAULT_LIMIT: u64 = 100;
/// Listed placements are kept in memory and printed: a million is already a long read.
const MAX_LIMIT: u64 = 1_000_000;

impl Family for NQueens {
    fn kind(&self) -> &'static str {
        "n-queens"
    }

    fn about(&self) -> &'static str {
        "n queens on an n x n board, no two attacking: list, count, or count up to symmetry"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        let spec: QueensDocument = doc.deserialize()?;
        let table = spec.board.get_ref();
        let n = board_size(doc, &table.n)?;
        let board = given_queens(doc, table, n)?;
        let objective = spec.solve.objective(&doc.source, OBJECTIVES)?;
        let engine = spec.solve.engine(&doc.source, ENGINES)?;
        let engine = choose_engine(doc, &spec, &board, objective, engine)?;
        let limit = match &spec.solve.limit {
            Some(l) if *l.get_ref() == 0 => {
                return Err(doc
                    .error(l.span(), "a limit of 0 lists nothing")
                    .label("must be at least 1")
                    .help("give how many solutions to list, e.g. limit = 100"));
            }
            Some(l) if *l.get_ref() > MAX_LIMIT => {
                return Err(doc
                    .error(
                        l.span(),
                        format!("a limit of {} is too many to list", l.get_ref()),
                    )
                    .label(format!("at most {MAX_LIMIT}"))
                    .help("to know how many placements there are, use objective = \"count\""));
            }
            _ => spec.solve.limit(DEFAULT_LIMIT) as usize,
        };
        Ok(Box::new(QueensPuzzle {
            board,
            objective: objective.to_string(),
            engine,
            limit,
            draw: spec.output.draw,
        }))
    }
}

fn board_size(doc: &SpecDocument, n: &Spanned<i64>) -> Result<usize, Diagnostic> {
    match usize::try_from(*n.get_ref()) {
        Ok(v) if (1..=MAX_N).contains(&v) => Ok(v),
        _ if *n.get_ref() > MAX_N as i64 => Err(doc
            .error(n.span(), format!("a board of {} is too large", n.get_ref()))
            .label(format!("at most {MAX_N}"))
            .help(format!(
                "the search keeps a row in a 64-bit mask; use n from 1 to {MAX_N}"
            ))),
        _ => Err(doc
            .error(
                n.span(),
                format!("a board of {} has no squares", n.get_ref()),
            )
            .label("must be at least 1")
            .help("n is the number of rows, columns and queens, e.g. n = 8")),
    }
}

/// The queens the spec places, each on the board and none attacking another.
fn given_queens(doc: &SpecDocument, table: &BoardTable, n: usize) -> Result<Board, Diagnostic> {
    let entries: &[Spanned<spec::PlacedQueen>] = table
        .placed
        .as_ref()
        .map_or(&[], |p| p.get_ref().as_slice());
    let mut placed = Vec::with_capacity(entries.len());
    for e in entries {
        let q = e.get_ref();
        let row = on_board(doc, &q.row, "row", n)?;
        let column = on_board(doc, &q.column, "column", n)?;
        placed.push((row, column));
    }
    Board::new(n, placed).map_err(|c| {
        let (a, b) = (entries[c.first].get_ref(), entries[c.second].get_ref());
        let (ra, ca, rb, cb) = (
            a.row.get_ref(),
            a.column.get_ref(),
            b.row.get_ref(),
            b.column.get_ref(),
        );
        let (line, _) =
            crate::diagnostic::line_col(&doc.source.text, entries[c.first].span().start);
        let message = if c.line == "square" {
            format!("two queens are given on the same square ({rb}, {cb})")
        } else {
            format!(
                "the given queens at ({ra}, {ca}) and ({rb}, {cb}) attack each other along a {}",
                c.line
            )
        };
        doc.error(entries[c.second].span(), message)
            .label(format!("attacks the queen at ({ra}, {ca}) on line {line}"))
            .help("given queens must not share a row, a column or a diagonal; move or remove one")
    })
}

fn on_board(
    doc: &SpecDocument,
    v: &Spanned<i64>,
    what: &str,
    n: usize,
) -> Result<usize, Diagnostic> {
    match usize::try_from(*v.get_ref()) {
        Ok(x) if x < n => Ok(x),
        _ => Err(doc
            .error(
                v.span(),
                format!("{what} {} is off the {n}x{n} board", v.get_ref()),
            )
            .label(format!("not in 0 to {}", n - 1))
            .help(format!("rows and columns count from 0 to {}", n - 1))),
    }
}

/// The engine that computes `objective`: auto's pick, or the named one when it can.
fn choose_engine(
    doc: &SpecDocument,
    spec: &QueensDocument,
    board: &Board,
    objective: &str,
    named: &str,
) -> Result<Engine, Diagnostic> {
    let placed_span = || {
        spec.board
            .get_ref()
            .placed
            .as_ref()
            .map_or(0..0, |p| p.span())
    };
    if objective == "count-unique" && !board.is_empty() {
        return Err(doc
            .error(placed_span(), "count-unique needs an empty board")
            .label("given queens break the board's symmetries")
            .help("remove `placed`, or use objective = \"count\" to count the completions"));
    }
    let engine = match (objective, named) {
        ("list", "auto" | "bitboard") => Engine::Backtrack,
        ("count", "auto") if board.is_empty() => Engine::Symmetry,
        ("count", "auto" | "bitboard") => Engine::Backtrack,
        ("count", "bitboard-mirror") if board.is_empty() => Engine::Mirror,
        ("count" | "count-unique", "bitboard-symmetry") if board.is_empty() => Engine::Symmetry,
        ("count-unique", "auto") => Engine::Symmetry,
        (_, named) => {
            let span = spec.solve.engine.as_ref().map_or(0..0, |e| e.span());
            let (message, help) = match objective {
                "list" => (
                    format!("engine `{named}` counts; it does not list placements"),
                    "use engine = \"bitboard\" or \"auto\" to list",
                ),
                "count-unique" => (
                    format!("engine `{named}` cannot tell symmetric solutions apart"),
                    "use engine = \"bitboard-symmetry\" or \"auto\"",
                ),
                _ => (
                    format!("engine `{named}` needs an empty board"),
                    "given queens break the board's symmetries: use engine = \"bitboard\" or \"auto\"",
                ),
            };
            return Err(doc
                .error(span, message)
                .label(format!("cannot compute objective `{objective}` here"))
                .help(help));
        }
    };
    Ok(engine)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Engine {
    Backtrack,
    Mirror,
    Symmetry,
}

impl Engine {
    fn name(self) -> &'static str {
        match self {
            Engine::Backtrack => "bitboard",
            Engine::Mirror => "bitboard-mirror",
            Engine::Symmetry => "bitboard-symmetry",
        }
    }
}

struct QueensPuzzle {
    board: Board,
    objective: String,
    engine: Engine,
    limit: usize,
    draw: bool,
}

impl Puzzle for QueensPuzzle {
    fn summary(&self) -> String {
        let n = self.board.n;
        let given = match self.board.placed.len() {
            0 => String::new(),
            1 => ", 1 queen given".to_string(),
            k => format!(", {k} queens given"),
        };
        format!("{n} queens on {n}x{n}{given}; {}", self.objective)
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let n = self.board.n;
        ctx.progress
            .message(|| format!("{} for {n} queens ({})", self.objective, self.engine.name()));
        let t0 = Instant::now();
        let mut report = Report::new(
            &self.objective,
            Status::Counted,
            self.engine.name(),
            self.engine_reason(),
        );
        report.extra.insert("n".into(), n.into());
        report.extra.insert(
            "placed".into(),
            self.board
                .placed
                .iter()
                .map(|&(r, c)| json!({"row": r, "column": c}))
                .collect(),
        );
        match self.engine {
            Engine::Backtrack if self.objective == "list" => self.list(&mut report)?,
            Engine::Backtrack => {
                let split = backtrack::split_rows(n);
                let t = backtrack::count(&self.board.allowed, Frontier::START, split);
                self.counted(&mut report, t.solutions, None);
                report.stats.states = t.nodes;
            }
            Engine::Mirror => {
                let t = mirror::count(n);
                self.counted(&mut report, t.solutions, None);
                report.stats.states = t.nodes;
            }
            Engine::Symmetry => {
                let c = symmetry::count(n, ctx.progress);
                self.counted(&mut report, c.total(), Some(c));
                report.stats.states = c.nodes;
            }
        }
        report.stats.elapsed_ms = Stats::new(0, t0.elapsed()).elapsed_ms;
        Ok(report)
    }
}

impl QueensPuzzle {
    fn engine_reason(&self) -> &'static str {
        match self.engine {
            Engine::Backtrack if self.objective == "list" => {
                "bitboard backtracking row by row, in the order the solutions are listed"
            }
            Engine::Backtrack if !self.board.is_empty() => {
                "bitboard backtracking in parallel; given queens rule out symmetry"
            }
            Engine::Backtrack => "bitboard backtracking in parallel",
            Engine::Mirror => "bitboard backtracking on the left half, mirrored",
            Engine::Symmetry => "the empty board has 8 symmetries: one search per solution class",
        }
    }

    /// Lists, replays and fills the placements.
    fn list(&self, report: &mut Report) -> Result<(), Diagnostic> {
        let listing = backtrack::list(&self.board.allowed, self.limit);
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
            report.extra.insert("complete".into(), true.into());
        } else {
            report.extra.insert("complete".into(), false.into());
            report.notes.push(format!(
                "listing the first {found} solutions; there are more (raise solve.limit, or use objective = \"count\" for the total)"
            ));
        }
        report.extra.insert(
            "placements".into(),
            listing.solutions.iter().map(|c| json!(c)).collect(),
        );
        for cols in &listing.solutions {
            let mut lines = vec![Board::notation(cols)];
            if self.draw {
                lines.extend(self.board.draw(cols));
            }
            // A placement as steps: one queen per row, in row order.
            let steps = cols
                .iter()
                .enumerate()
                .map(|(row, col)| Step {
                    action: format!("queen at row {row}, column {col}"),
                    state: None,
                })
                .collect();
            report.solutions.push(Solution {
                steps,
                notation: Some(lines.join("\n")),
            });
        }
        Ok(())
    }

    fn no_solution_reason(&self) -> String {
        let n = self.board.n;
        if self.board.is_empty() {
            format!("no {n} queens fit on a {n}x{n} board without attacking each other")
        } else {
            "no placement completes the given queens".to_string()
        }
    }

    /// Fills a count; `classes` when the engine sorted the solutions by symmetry.
    fn counted(&self, report: &mut Report, total: u64, classes: Option<Classes>) {
        let unique = self.objective == "count-unique";
        report.extra.insert("count_total".into(), total.into());
        if let Some(c) = classes {
            report.count = Some(u128::from(if unique { c.unique() } else { total }));
            report
                .extra
                .insert("count_unique".into(), c.unique().into());
            report.extra.insert(
                "symmetry_classes".into(),
                json!({"1": c.one, "2": c.two, "4": c.four, "8": c.eight}),
            );
            if total > 0 {
                let lines = [(8, c.eight), (4, c.four), (2, c.two), (1, c.one)]
                    .into_iter()
                    .filter(|&(_, k)| k > 0)
                    .map(|(size, k)| {
                        format!(
                            "{} of {}",
                            plural(k, "class", "classes"),
                            plural(size, "solution", "solutions")
                        )
                    })
                    .collect();
                report.sections.push(Section {
                    title: format!(
                        "{} in {} under rotation and reflection",
                        plural(total, "solution", "solutions"),
                        plural(c.unique(), "class", "classes")
                    ),
                    lines,
                });
            }
        } else {
            report.count = Some(u128::from(total));
        }
        if total == 0 {
            report.status = Status::NoSolution;
            report.notes.push(self.no_solution_reason());
        }
    }
}

/// "1 class", "1,787 classes".
fn plural(k: u64, one: &str, many: &str) -> String {
    let word = if k == 1 { one } else { many };
    format!("{} {word}", group_digits(u128::from(k)))
}
