//! Spec -> checked n-queens puzzle: the board size, the given queens (on the board, none
//! attacking another), the listing limit, the objective and the engine.

use super::board::{Board, Line, MAX_ANY_N, MAX_N};
use super::plan::{BoardShape, CATALOG, Objective, plan};
use super::puzzle::QueensPuzzle;
use super::reach::{Reach, reach};
use super::spec::{BoardTable, PlacedQueen, QueensDocument};
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;
use toml::Spanned;

const DEFAULT_LIMIT: u64 = 100;
/// Listed placements are kept in memory and printed: a million is already a long read.
const MAX_LIMIT: u64 = 1_000_000;

pub fn puzzle_from_spec(doc: &SpecDocument) -> Result<QueensPuzzle, Diagnostic> {
    let spec: QueensDocument = doc.deserialize()?;
    let table = spec.board.get_ref();
    let choice = CATALOG.choose(doc, &spec.solve)?;
    let n = board_size(doc, &table.n, choice.objective)?;
    let board = given_queens(doc, table, n)?;
    if choice.objective == Objective::CountUnique && !board.is_empty() {
        let span = table.placed.as_ref().map_or(0..0, |p| p.span());
        return Err(doc
            .error(span, "count-unique needs an empty board")
            .label("given queens break the board's symmetries")
            .help("remove `placed`, or use objective = \"count\" to count the completions"));
    }
    if choice.objective == Objective::Any && !board.is_empty() && n > MAX_N {
        let span = table.placed.as_ref().map_or(0..0, |p| p.span());
        return Err(doc
            .error(
                span,
                format!("given queens on a board of {n} cannot be completed"),
            )
            .label(format!(
                "completing given queens takes backtracking, at most {MAX_N} columns"
            ))
            .help(format!(
                "remove `placed` to have all {n} queens placed by construction, or use n <= {MAX_N}"
            )));
    }
    let limit = listing_limit(doc, &spec)?;
    let shape = BoardShape {
        n,
        empty: board.is_empty(),
    };
    let (plan, engine) = plan(&choice, shape, limit)?;
    let long_ahead = match reach(&plan, n, board.is_empty()) {
        Reach::Quick => None,
        Reach::Long(what) => Some(what),
        Reach::Beyond(what) => {
            return Err(doc
                .error(table.n.span(), format!("counting {n} queens is beyond reach"))
                .label(what)
                .help(
                    "to see placements use objective = \"list\" (solve.limit sets how many) or \"any\" for one; boards up to 21 can be counted",
                ));
        }
    };
    Ok(QueensPuzzle {
        board,
        objective: choice.objective,
        plan,
        engine,
        draw: spec.output.draw,
        long_ahead,
    })
}

fn listing_limit(doc: &SpecDocument, spec: &QueensDocument) -> Result<usize, Diagnostic> {
    match &spec.solve.limit {
        Some(l) if *l.get_ref() == 0 => Err(doc
            .error(l.span(), "a limit of 0 lists nothing")
            .label("must be at least 1")
            .help("give how many solutions to list, e.g. limit = 100")),
        Some(l) if *l.get_ref() > MAX_LIMIT => Err(doc
            .error(
                l.span(),
                format!("a limit of {} is too many to list", l.get_ref()),
            )
            .label(format!("at most {MAX_LIMIT}"))
            .help("to know how many placements there are, use objective = \"count\"")),
        _ => Ok(spec.solve.limit(DEFAULT_LIMIT) as usize),
    }
}

/// The board size, within what the objective's engines take (64 columns for the backtracking
/// engines, a million for `any`).
fn board_size(
    doc: &SpecDocument,
    n: &Spanned<i64>,
    objective: Objective,
) -> Result<usize, Diagnostic> {
    let (max, why) = match objective {
        Objective::Any => (
            MAX_ANY_N,
            format!("the placement and its check take memory in n; use n from 1 to {MAX_ANY_N}"),
        ),
        _ => (
            MAX_N,
            format!(
                "the search keeps a row in a 64-bit mask; use n from 1 to {MAX_N} (objective = \"any\" places one solution on boards up to {MAX_ANY_N})"
            ),
        ),
    };
    match usize::try_from(*n.get_ref()) {
        Ok(v) if (1..=max).contains(&v) => Ok(v),
        _ if *n.get_ref() > max as i64 => Err(doc
            .error(n.span(), format!("a board of {} is too large", n.get_ref()))
            .label(format!("at most {max}"))
            .help(why)),
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
    let entries: &[Spanned<PlacedQueen>] = table
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
        let message = match c.line {
            Line::Square => format!("two queens are given on the same square ({rb}, {cb})"),
            line => format!(
                "the given queens at ({ra}, {ca}) and ({rb}, {cb}) attack each other along a {}",
                line.name()
            ),
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
