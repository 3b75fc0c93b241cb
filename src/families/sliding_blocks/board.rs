//! The drawn board: which grid positions are cells, walls, outside or exit gaps, and the pieces
//! of the start position (a symbol and its cells), checked as the drawing is read.

use super::drawing::Drawing;
use crate::diagnostic::Diagnostic;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tile {
    Outside,
    Wall,
    /// A gap in the wall a piece may leave through, in the given direction.
    Exit(Dir),
    Cell,
}

/// Up, down, left, right (as indices 0..4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dir(pub u8);

pub const DIRS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
pub const DIR_NAMES: [&str; 4] = ["up", "down", "left", "right"];

pub struct Piece {
    pub symbol: char,
    /// Grid (row, col) of each cell, in reading order.
    pub cells: Vec<(i32, i32)>,
}

impl Piece {
    /// The cells relative to the first one.
    pub fn shape(&self) -> Vec<(i32, i32)> {
        let (r0, c0) = self.cells[0];
        self.cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect()
    }
}

pub struct Board {
    pub height: usize,
    pub width: usize,
    pub tiles: Vec<Tile>,
    /// Pieces in order of first appearance in reading order.
    pub pieces: Vec<Piece>,
}

impl Board {
    pub fn tile(&self, r: i32, c: i32) -> Tile {
        if r < 0 || c < 0 || r as usize >= self.height || c as usize >= self.width {
            return Tile::Outside;
        }
        self.tiles[r as usize * self.width + c as usize]
    }

    pub fn piece_of(&self, symbol: char) -> Option<usize> {
        self.pieces.iter().position(|p| p.symbol == symbol)
    }

    pub fn read(drawing: &Drawing) -> Result<Board, Diagnostic> {
        if drawing.rows.iter().all(|r| r.is_empty()) {
            return Err(drawing.whole_error("the board drawing is empty").help(
                "draw the board as rows: `.` empty, `#` wall, a letter or digit per piece cell",
            ));
        }
        let width = drawing.rows.iter().map(Vec::len).max().unwrap_or(0);
        check_row_widths(drawing, width)?;
        let mut board = Board {
            height: drawing.rows.len(),
            width,
            tiles: vec![Tile::Outside; drawing.rows.len() * width],
            pieces: Vec::new(),
        };
        for (r, row) in drawing.rows.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                board.tiles[r * width + c] = board.place(drawing, r, c, ch)?;
            }
        }
        board.orient_exits(drawing)?;
        for piece in &board.pieces {
            check_connected(drawing, piece)?;
        }
        if !board.tiles.contains(&Tile::Cell) {
            return Err(drawing.whole_error("the board drawing has no cells"));
        }
        Ok(board)
    }

    fn place(
        &mut self,
        drawing: &Drawing,
        r: usize,
        c: usize,
        ch: char,
    ) -> Result<Tile, Diagnostic> {
        Ok(match ch {
            '.' => Tile::Cell,
            '#' => Tile::Wall,
            ' ' => Tile::Outside,
            '=' => Tile::Exit(Dir(0)),
            s if s.is_ascii_alphanumeric() => {
                let cell = (r as i32, c as i32);
                match self.pieces.iter_mut().find(|p| p.symbol == s) {
                    Some(p) => p.cells.push(cell),
                    None => self.pieces.push(Piece {
                        symbol: s,
                        cells: vec![cell],
                    }),
                }
                Tile::Cell
            }
            other => {
                return Err(drawing
                    .error(r, c, format!("`{other}` is not a board character"))
                    .help("use `.` empty, `#` wall, ` ` outside, `=` exit gap, a letter or digit per piece cell"));
            }
        })
    }

    /// Each gap points away from the one cell it borders.
    fn orient_exits(&mut self, drawing: &Drawing) -> Result<(), Diagnostic> {
        for r in 0..self.height as i32 {
            for c in 0..self.width as i32 {
                if !matches!(self.tile(r, c), Tile::Exit(_)) {
                    continue;
                }
                let inward: Vec<u8> = (0..4u8)
                    .filter(|&d| {
                        let (dr, dc) = DIRS[d as usize];
                        self.tile(r - dr, c - dc) == Tile::Cell
                    })
                    .collect();
                let [d] = inward[..] else {
                    return Err(drawing
                        .error(
                            r as usize,
                            c as usize,
                            "an exit gap `=` must border exactly one board cell",
                        )
                        .help("draw `=` in the wall, next to the cell a piece leaves from"));
                };
                self.tiles[r as usize * self.width + c as usize] = Tile::Exit(Dir(d));
            }
        }
        Ok(())
    }
}

/// Rows may be shorter than the widest only where a wall closes them; otherwise the board's
/// right edge would be a guess.
fn check_row_widths(drawing: &Drawing, width: usize) -> Result<(), Diagnostic> {
    for (r, row) in drawing.rows.iter().enumerate() {
        if row.len() < width && row.last() != Some(&'#') {
            return Err(drawing
                .error(
                    r,
                    row.len(),
                    format!(
                        "row {} is {} wide, the widest row {width}, and no wall ends it",
                        r + 1,
                        row.len()
                    ),
                )
                .help("draw every row equally wide, or end a shorter row with a wall `#`"));
        }
    }
    Ok(())
}

fn check_connected(drawing: &Drawing, piece: &Piece) -> Result<(), Diagnostic> {
    let mut reached = vec![piece.cells[0]];
    let mut i = 0;
    while i < reached.len() {
        let (r, c) = reached[i];
        for (dr, dc) in DIRS {
            let n = (r + dr, c + dc);
            if piece.cells.contains(&n) && !reached.contains(&n) {
                reached.push(n);
            }
        }
        i += 1;
    }
    match piece.cells.iter().find(|c| !reached.contains(c)) {
        None => Ok(()),
        Some(&(r, c)) => Err(drawing
            .error(
                r as usize,
                c as usize,
                format!("the cells of piece `{}` are not connected: this one is cut off from the first", piece.symbol),
            )
            .help("the cells of one piece must touch side by side; give separate pieces different symbols (and group them in rules.groups if they are interchangeable)")),
    }
}
