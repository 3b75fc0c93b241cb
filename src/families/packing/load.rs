//! Spec -> checked packing puzzle: the board and pieces read from their drawings, every piece
//! connected and no larger than the board, counts by name known, and the board's cell count one
//! the pieces can fill, all said before any search.

use super::drawing::{self, Drawing};
use super::model::{Board, Model, Piece};
use super::plan::{CATALOG, Engine, MAX_GROUPS, auto_engine};
use super::puzzle::PackingPuzzle;
use super::shape::{allowed, normal, orientations, unconnected};
use super::spec::{PackingDocument, PieceTable};
use crate::diagnostic::Diagnostic;
use crate::spec::{SpecDocument, closest};
use toml::Spanned;

const DEFAULT_LIMIT: u64 = 10;
const MAX_LIMIT: u64 = 100_000;
/// Cells are numbered in 16 bits.
const MAX_CELLS: usize = 10_000;
/// The placements table is what a packing keeps in memory: a few million is plenty.
const MAX_PLACEMENTS: usize = 2_000_000;
const MAX_COUNT: i64 = 1_000;

pub fn puzzle_from_spec(doc: &SpecDocument) -> Result<PackingPuzzle, Diagnostic> {
    let spec: PackingDocument = doc.deserialize()?;
    let choice = CATALOG.choose(doc, &spec.solve)?;
    let table = spec.board.get_ref();
    let drawn = drawing::read(doc, &table.shape(), "the board", spec.board.span())?;
    if drawn.cells.len() > MAX_CELLS {
        return Err(doc
            .error(
                drawn.span.clone(),
                format!("a board of {} cells is too large", drawn.cells.len()),
            )
            .label(format!("at most {MAX_CELLS} cells"))
            .help("draw a smaller board"));
    }
    let flag = |f: &Option<Spanned<bool>>| f.as_ref().is_some_and(|v| *v.get_ref());
    let (empty_cells, spare_pieces) = (flag(&table.empty_cells), flag(&table.spare_pieces));
    if empty_cells && spare_pieces {
        let span = table.spare_pieces.as_ref().map_or(0..0, |s| s.span());
        return Err(doc
            .error(span, "`empty_cells` and `spare_pieces` together leave nothing to fill")
            .label("with empty cells allowed too, every partial packing would count")
            .help("keep one: empty_cells = true places every piece, spare_pieces = true fills every cell"));
    }
    let solid = drawn.size[0] > 1;
    let board = board_of(&drawn);
    let pieces = pieces(doc, &spec, solid, board.cells.len())?;
    let (piece_cells, board_cells) = (cell_total(&pieces), board.cells.len() as u64);
    check_fill(
        doc,
        &drawn,
        &pieces,
        board_cells,
        piece_cells,
        empty_cells,
        spare_pieces,
    )?;
    let empty_budget = if empty_cells {
        (board_cells - piece_cells) as u32
    } else {
        0
    };
    let model = Model::new(board, pieces, empty_budget);
    if model.placements.len() > MAX_PLACEMENTS {
        return Err(doc
            .error(
                spec.pieces.span(),
                format!("{} placements are too many to keep", model.placements.len()),
            )
            .label(format!("at most {MAX_PLACEMENTS}"))
            .help("use a smaller board or fewer pieces"));
    }
    let kinds = model.pieces.len();
    let engine = choice.resolve(|| auto_engine(model.board.cells.len(), kinds));
    if engine.engine == Engine::Bitboard && kinds >= MAX_GROUPS {
        return Err(choice.unfit(
            &CATALOG,
            &format!("the bitboard keeps the pieces left in 64 bits (63 kinds and empty cells), and there are {kinds} kinds"),
            &[Engine::DancingLinks],
        ));
    }
    if engine.engine == Engine::Bitboard && model.board.cells.len() > super::plan::BITBOARD_CELLS {
        return Err(choice.unfit(
            &CATALOG,
            &format!("the bitboard keeps the board in 128 bits, and it has {board_cells} cells"),
            &[Engine::DancingLinks],
        ));
    }
    Ok(PackingPuzzle {
        model,
        objective: choice.objective,
        engine,
        limit: listing_limit(doc, &spec)?,
        spare_pieces,
    })
}

/// The board's cells moved to the origin and numbered in fill order.
fn board_of(d: &Drawing) -> Board {
    let cells = normal(&d.cells);
    let size = super::shape::extent(&cells);
    Board::new(&cells, size)
}

fn cell_total(pieces: &[Piece]) -> u64 {
    pieces
        .iter()
        .map(|p| p.size() as u64 * u64::from(p.count))
        .sum()
}

/// The pieces read, checked, with their counts (a piece's own, or `[counts]`'s) and letters.
fn pieces(
    doc: &SpecDocument,
    spec: &PackingDocument,
    solid: bool,
    board_cells: usize,
) -> Result<Vec<Piece>, Diagnostic> {
    let tables = spec.pieces.get_ref();
    if tables.is_empty() {
        return Err(doc
            .error(spec.pieces.span(), "no pieces are given")
            .help("add [[pieces]] tables, each with a name and a drawing"));
    }
    let names: Vec<&str> = tables
        .iter()
        .map(|t| t.get_ref().name.get_ref().as_str())
        .collect();
    let letters = letters(&names);
    let mut out = Vec::with_capacity(tables.len());
    for (k, t) in tables.iter().enumerate() {
        let name = t.get_ref().name.get_ref();
        if name.trim().is_empty() {
            return Err(doc
                .error(
                    t.get_ref().name.span(),
                    format!("piece {} has an empty name", k + 1),
                )
                .help("name each piece: the name says it in `[counts]` and in the reports"));
        }
        if let Some(j) = names[..k].iter().position(|n| n == name) {
            return Err(doc
                .error(
                    t.get_ref().name.span(),
                    format!("two pieces are named `{name}`"),
                )
                .label(format!("piece {} has this name already", j + 1))
                .help("give each piece its own name, and `count = N` for copies"));
        }
        out.push(piece(doc, t, solid, board_cells, letters[k])?);
    }
    apply_counts(doc, spec, &names, &mut out)?;
    Ok(out)
}

fn piece(
    doc: &SpecDocument,
    t: &Spanned<PieceTable>,
    solid: bool,
    board_cells: usize,
    letter: char,
) -> Result<Piece, Diagnostic> {
    let table = t.get_ref();
    let name = table.name.get_ref().clone();
    let what = format!("piece {name}");
    let d = drawing::read(doc, &table.shape(), &what, t.span())?;
    if table.connected.unwrap_or(true)
        && let Some(p) = unconnected(&d.cells)
    {
        return Err(doc
            .error(d.span_of(p), format!("{what} is not connected: the cell at row {}, column {} touches none of the others' faces", p[1] + 1, p[2] + 1))
            .label("cut off from the first cell")
            .help("draw the piece's cells side by side, or add connected = false for a piece in parts"));
    }
    if d.size[0] > 1 && !solid {
        return Err(doc
            .error(
                d.span.clone(),
                format!(
                    "{what} is drawn in {} layers but the board is flat",
                    d.size[0]
                ),
            )
            .help("draw the board in layers too, or the piece in one drawing"));
    }
    if d.cells.len() > board_cells {
        return Err(doc
            .error(
                d.span.clone(),
                format!(
                    "{what} has {} cells, more than the board's {board_cells}",
                    d.cells.len()
                ),
            )
            .label("larger than the board")
            .help("draw a larger board, or remove the piece"));
    }
    let count = match &table.count {
        Some(c) => checked_count(doc, c)?,
        None => 1,
    };
    let motions = allowed(
        solid,
        table.turn.unwrap_or(true),
        table.flip.unwrap_or(!solid),
    );
    Ok(Piece {
        name,
        letter,
        count,
        orientations: orientations(&d.cells, &motions),
    })
}

fn checked_count(doc: &SpecDocument, c: &Spanned<i64>) -> Result<u32, Diagnostic> {
    match *c.get_ref() {
        n @ 0..=MAX_COUNT => Ok(n as u32),
        n => Err(doc
            .error(c.span(), format!("a count of {n} copies"))
            .label(format!("not in 0 to {MAX_COUNT}"))
            .help("give how many copies of the piece the set has, e.g. count = 2")),
    }
}

/// `[counts]`: each name a piece's, its count replacing the piece's own.
fn apply_counts(
    doc: &SpecDocument,
    spec: &PackingDocument,
    names: &[&str],
    pieces: &mut [Piece],
) -> Result<(), Diagnostic> {
    for (name, count) in &spec.counts {
        let Some(k) = names.iter().position(|n| n == name) else {
            let mut help = format!("the pieces are: {}", names.join(", "));
            if let Some(near) = closest(name, names) {
                help = format!("did you mean `{near}`? {help}");
            }
            return Err(doc
                .error(
                    count.span(),
                    format!("[counts] names `{name}`, which is no piece"),
                )
                .label("unknown piece name")
                .help(help));
        };
        pieces[k].count = checked_count(doc, count)?;
    }
    Ok(())
}

/// The letter each piece is drawn with: its name's first character when those are all
/// distinct, else A, B, C... in the order given.
fn letters(names: &[&str]) -> Vec<char> {
    let firsts: Vec<char> = names
        .iter()
        .map(|n| n.chars().next().unwrap_or('?'))
        .collect();
    let mut sorted = firsts.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() == firsts.len() && firsts.iter().all(|c| c.is_alphanumeric()) {
        return firsts;
    }
    let pool: Vec<char> = ('A'..='Z').chain('a'..='z').chain('0'..='9').collect();
    (0..names.len())
        .map(|k| pool.get(k).copied().unwrap_or('?'))
        .collect()
}

/// The board's cells against the pieces': equal for an exact cover, at least as many with
/// empty cells allowed, and some choice of pieces that sums to them with spare pieces.
fn check_fill(
    doc: &SpecDocument,
    drawn: &Drawing,
    pieces: &[Piece],
    board: u64,
    total: u64,
    empty_cells: bool,
    spare_pieces: bool,
) -> Result<(), Diagnostic> {
    let err = |message: String, help: &str| {
        Err(doc
            .error(drawn.span.clone(), message)
            .label(format!("{board} cells"))
            .help(help.to_string()))
    };
    if empty_cells {
        if total > board {
            return err(
                format!("the pieces have {total} cells, more than the board's {board}"),
                "every piece is placed when empty_cells = true: remove pieces or enlarge the board",
            );
        }
    } else if spare_pieces {
        if !reachable(pieces, board) {
            return err(
                format!(
                    "no choice of the pieces (sizes {}; {total} cells in all) has exactly the board's {board} cells",
                    sizes(pieces)
                ),
                "change the board or the pieces, or allow empty cells instead (empty_cells = true)",
            );
        }
    } else if total != board {
        return err(
            format!(
                "the pieces have {total} cells and the board {board}: they cannot cover it exactly"
            ),
            "make the counts match, or say board.empty_cells = true (cells may stay empty) or board.spare_pieces = true (pieces may be left over)",
        );
    }
    Ok(())
}

fn sizes(pieces: &[Piece]) -> String {
    let mut s: Vec<String> = pieces
        .iter()
        .map(|p| format!("{}x{}", p.count, p.size()))
        .collect();
    s.dedup();
    s.join(", ")
}

/// Whether some copies of the pieces have exactly `target` cells (a subset sum).
fn reachable(pieces: &[Piece], target: u64) -> bool {
    let target = target as usize;
    let mut can = vec![false; target + 1];
    can[0] = true;
    for p in pieces {
        for _ in 0..p.count {
            for s in (p.size()..=target).rev() {
                can[s] |= can[s - p.size()];
            }
        }
    }
    can[target]
}

fn listing_limit(doc: &SpecDocument, spec: &PackingDocument) -> Result<usize, Diagnostic> {
    match &spec.solve.limit {
        Some(l) if *l.get_ref() == 0 || *l.get_ref() > MAX_LIMIT => Err(doc
            .error(l.span(), format!("a limit of {} packings", l.get_ref()))
            .label(format!("not in 1 to {MAX_LIMIT}"))
            .help("give how many packings to list; objective = \"count\" counts them all")),
        _ => Ok(spec.solve.limit(DEFAULT_LIMIT) as usize),
    }
}
