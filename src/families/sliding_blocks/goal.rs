//! The goal: a partial drawing (the placements some pieces must take, the cells that must be
//! empty) and/or a predicate on the positions of single pieces (`row_X`, `col_X`, `out_X`).

use super::board::{Board, Tile};
use super::drawing::Drawing;
use super::model::{Blocks, MAX_PIECES, State};
use crate::diagnostic::Diagnostic;
use crate::expr::{self, Expr, ExprError, Value};

#[derive(Debug, Clone, Copy)]
pub enum Coordinate {
    Row,
    Col,
    Out,
}

#[derive(Default)]
pub struct Goal {
    /// Per class: the placements pieces of that class must take.
    pub required: Vec<Vec<u16>>,
    /// Cells that must be empty.
    pub empty: u128,
    pub predicate: Option<Expr>,
    /// What each variable of the predicate reads: (class, coordinate).
    pub vars: Vec<(usize, Coordinate)>,
}

impl Goal {
    pub fn holds(&self, model: &Blocks, s: State) -> Result<bool, ExprError> {
        let mut ids = [0u16; MAX_PIECES];
        model.unpack(s, &mut ids);
        for (k, need) in self.required.iter().enumerate() {
            let have = &ids[model.class_slots(k)];
            if !need.iter().all(|p| have.contains(p)) {
                return Ok(false);
            }
        }
        if self.empty != 0 && model.occupied(&ids) & self.empty != 0 {
            return Ok(false);
        }
        let Some(predicate) = &self.predicate else {
            return Ok(true);
        };
        let env: Vec<i64> = self
            .vars
            .iter()
            .map(|&(k, coordinate)| {
                coordinate_value(model, k, ids[model.class_slots(k).start], coordinate)
            })
            .collect();
        Ok(expr::eval(predicate, &env)? == Value::Bool(true))
    }

    /// The one position the goal accepts, when it places every piece and nothing can leave.
    pub fn single_state(&self, model: &Blocks) -> Option<State> {
        if self.predicate.is_some()
            || model
                .classes
                .iter()
                .any(|c| c.leave.iter().any(|&l| l != 0))
        {
            return None;
        }
        let mut ids = Vec::with_capacity(model.slots());
        for (k, class) in model.classes.iter().enumerate() {
            let need = self.required.get(k)?;
            if need.len() != class.pieces.len() {
                return None;
            }
            ids.extend_from_slice(need);
        }
        Some(model.pack(&ids))
    }
}

/// 1-based drawing row or column of the piece's top-left corner (0 once it has left), or 1 if
/// it has left (`out`).
fn coordinate_value(model: &Blocks, k: usize, id: u16, coordinate: Coordinate) -> i64 {
    let class = &model.classes[k];
    let place = class.anchors.get(id as usize);
    match (coordinate, place) {
        (Coordinate::Out, p) => i64::from(p.is_none()),
        (Coordinate::Row, Some(&(r, _))) => i64::from(r + class.corner.0 + 1),
        (Coordinate::Col, Some(&(_, c))) => i64::from(c + class.corner.1 + 1),
        (_, None) => 0,
    }
}

/// Reads the goal drawing laid over the board into required placements and empty cells.
pub fn read_drawing(
    drawing: &Drawing,
    board: &Board,
    model: &Blocks,
    class_of: &[usize],
) -> Result<Goal, Diagnostic> {
    let mut goal = Goal {
        required: vec![Vec::new(); model.classes.len()],
        ..Goal::default()
    };
    let mut by_symbol: Vec<Vec<(i32, i32)>> = vec![Vec::new(); board.pieces.len()];
    let cell_numbers = cell_numbers(board);
    for (r, row) in drawing.rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let tile = if r < board.height {
                board.tile(r as i32, c as i32)
            } else {
                Tile::Outside
            };
            if tile != Tile::Cell {
                check_off_cell(drawing, board, r, c, ch)?;
                continue;
            }
            let cell = cell_numbers[r * board.width + c];
            match ch {
                '?' => {}
                '.' => goal.empty |= 1u128 << cell,
                s if s.is_ascii_alphanumeric() => match board.piece_of(s) {
                    Some(p) => by_symbol[p].push((r as i32, c as i32)),
                    None => {
                        return Err(drawing
                            .error(r, c, format!("`{s}` is in the goal but no piece of the board has this symbol"))
                            .help("use the symbols of the board drawing, `?` for any content, `.` for an empty cell"));
                    }
                },
                other => {
                    return Err(drawing
                        .error(r, c, format!("`{other}` cannot stand in the goal drawing"))
                        .help("use `?` any, `.` empty, or a piece's symbol"));
                }
            }
        }
    }
    for (p, cells) in by_symbol.iter().enumerate() {
        require_placements(drawing, board, model, class_of[p], p, cells, &mut goal)?;
    }
    Ok(goal)
}

/// Adds to the goal the placements the goal cells of piece `p` (class `k`) stand for.
fn require_placements(
    drawing: &Drawing,
    board: &Board,
    model: &Blocks,
    k: usize,
    p: usize,
    cells: &[(i32, i32)],
    goal: &mut Goal,
) -> Result<(), Diagnostic> {
    let class = &model.classes[k];
    for at in tile_with_shape(drawing, board, p, cells)? {
        goal.required[k].push(class.anchor_of(at).unwrap_or(class.gone));
        if goal.required[k].len() > class.pieces.len() {
            return Err(drawing.error(
                at.0 as usize,
                at.1 as usize,
                format!(
                    "the goal places more pieces like `{}` than the board has ({})",
                    board.pieces[p].symbol,
                    class.pieces.len()
                ),
            ));
        }
    }
    Ok(())
}

fn cell_numbers(board: &Board) -> Vec<u32> {
    let mut next = 0;
    board
        .tiles
        .iter()
        .map(|t| {
            let n = next;
            if *t == Tile::Cell {
                next += 1;
            }
            n
        })
        .collect()
}

/// Outside the board's cells the goal repeats the board (or says `?`, or leaves a blank).
fn check_off_cell(
    drawing: &Drawing,
    board: &Board,
    r: usize,
    c: usize,
    ch: char,
) -> Result<(), Diagnostic> {
    let board_char = match (r < board.height).then(|| board.tile(r as i32, c as i32)) {
        Some(Tile::Wall) => '#',
        Some(Tile::Exit(_)) => '=',
        _ => ' ',
    };
    if ch == '?' || ch == ' ' || ch == board_char {
        return Ok(());
    }
    Err(drawing
        .error(r, c, format!("`{ch}` stands where the board has no cell"))
        .help("draw the goal over the board drawing: pieces only on its cells, walls and gaps as on the board"))
}

/// The placements (by the grid position of their first cell) that cover exactly the goal cells of piece
/// `p`. In reading order the first uncovered cell must be the first cell of its piece.
fn tile_with_shape(
    drawing: &Drawing,
    board: &Board,
    p: usize,
    cells: &[(i32, i32)],
) -> Result<Vec<(i32, i32)>, Diagnostic> {
    let shape = board.pieces[p].shape();
    let symbol = board.pieces[p].symbol;
    let mut covered = vec![false; cells.len()];
    let mut placed = Vec::new();
    for i in 0..cells.len() {
        if covered[i] {
            continue;
        }
        let (r, c) = cells[i];
        let at = |&(dr, dc): &(i32, i32)| cells.iter().position(|&x| x == (r + dr, c + dc));
        let idx: Option<Vec<usize>> = shape.iter().map(at).collect();
        match idx {
            Some(idx) if idx.iter().all(|&j| !covered[j]) => {
                idx.iter().for_each(|&j| covered[j] = true);
                placed.push((r, c));
            }
            Some(idx) => {
                let (or, oc) = cells[idx.into_iter().find(|&j| covered[j]).unwrap_or(i)];
                return Err(overlap(drawing, or, oc, symbol));
            }
            None if fits_somewhere(&shape, cells, (r, c)) => {
                return Err(overlap(drawing, r, c, symbol));
            }
            None => {
                return Err(drawing
                    .error(
                        r as usize,
                        c as usize,
                        format!("the goal cells of `{symbol}` do not form its shape"),
                    )
                    .help("draw each piece in the goal with the same shape as on the board"));
            }
        }
    }
    Ok(placed)
}

fn overlap(drawing: &Drawing, r: i32, c: i32, symbol: char) -> Diagnostic {
    drawing
        .error(
            r as usize,
            c as usize,
            format!("two pieces `{symbol}` overlap here in the goal drawing"),
        )
        .help("pieces cannot share a cell: draw each piece of the goal on cells of its own")
}

/// Whether some placement of `shape` inside `cells` covers `cell` (so the cells hold that shape
/// more than once, overlapping).
fn fits_somewhere(shape: &[(i32, i32)], cells: &[(i32, i32)], cell: (i32, i32)) -> bool {
    shape.iter().any(|&(dr, dc)| {
        let origin = (cell.0 - dr, cell.1 - dc);
        shape
            .iter()
            .all(|&(sr, sc)| cells.contains(&(origin.0 + sr, origin.1 + sc)))
    })
}
