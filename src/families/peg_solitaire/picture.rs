//! A peg position as a [`Picture`]: the drawn holes on a grid (one column per distinct drawing
//! column, one row per drawing row), the edges labelled `a`.. and `1`.. when the holes are named
//! by coordinates, and the move that led to the position marked: the peg that moved, the hole it
//! left, the holes it jumped (their pegs removed) and landed on midway.

use super::board::Board;
use super::engine::jump::Jump;
use crate::report::picture::{Cell, Content, Grid, Mark, Picture};

/// The position `pegs` after the jumps of one move (none for the start); `None` for a board
/// given only by its jump table, which has no geometry to draw.
pub fn picture(board: &Board, pegs: u128, last_move: &[Jump]) -> Option<Picture> {
    let cells = board.cells.as_ref()?;
    let xs = distinct(cells.iter().map(|c| c.0));
    let ys = distinct(cells.iter().map(|c| c.1));
    let mut grid = Grid::empty(ys.len(), xs.len());
    grid.cells.fill(Cell {
        content: Content::Off,
        mark: Mark::None,
    });
    let marks = move_marks(board.len(), last_move);
    for (hole, (x, y)) in cells.iter().enumerate() {
        let column = xs.binary_search(x).unwrap_or(0);
        let row = ys.binary_search(y).unwrap_or(0);
        *grid.cell_mut(row, column) = Cell {
            content: if pegs >> hole & 1 == 1 {
                Content::Piece
            } else {
                Content::Empty
            },
            mark: marks[hole],
        };
    }
    if board.labels_are_coordinates {
        // The same letters and numbers as the labels (board::coordinate_labels).
        grid.column_labels = (0..xs.len())
            .map(|c| char::from(b'a' + c as u8).to_string())
            .collect();
        grid.row_labels = (1..=ys.len()).map(|r| r.to_string()).collect();
    }
    Some(Picture::Grid(grid))
}

fn distinct(values: impl Iterator<Item = i64>) -> Vec<i64> {
    let mut v: Vec<i64> = values.collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Per hole, how the move touched it: `From` where the peg stood, `Path` every peg it jumped
/// and every hole it landed on before the last, `Moved` where it stands now.
fn move_marks(holes: usize, jumps: &[Jump]) -> Vec<Mark> {
    let mut marks = vec![Mark::None; holes];
    for jump in jumps {
        marks[usize::from(jump.over)] = Mark::Path;
        marks[usize::from(jump.to)] = Mark::Path;
    }
    if let (Some(first), Some(last)) = (jumps.first(), jumps.last()) {
        marks[usize::from(first.from)] = Mark::From;
        marks[usize::from(last.to)] = Mark::Moved;
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::peg_solitaire::load::puzzle_from_spec;
    use crate::spec::SpecDocument;

    /// English 33's start: the drawing read back cell by cell, labelled as the holes are.
    #[test]
    fn the_cross_board_is_drawn_with_its_coordinates() {
        let drawing = [
            "  ooo", "  ooo", "ooooooo", "ooo.ooo", "ooooooo", "  ooo", "  ooo",
        ];
        let text = format!(
            "[puzzle]\nname = \"x\"\nkind = \"peg-solitaire\"\n[board]\ndrawing = \"\"\"\n{}\n\"\"\"\ndirections = \"orthogonal\"\nlabels = \"coordinates\"\n[goal]\npegs = 1\n",
            drawing.join("\n")
        );
        let doc = SpecDocument::from_text("x.toml".as_ref(), text, &[]).expect("a valid spec");
        let puzzle = puzzle_from_spec(&doc).expect("a valid board");
        let Some(Picture::Grid(grid)) = picture(&puzzle.board, puzzle.start, &[]) else {
            panic!("a drawn board has a grid");
        };
        assert_eq!((grid.rows, grid.columns), (7, 7));
        assert_eq!(grid.column_labels.concat(), "abcdefg");
        assert_eq!(grid.row_labels.concat(), "1234567");
        for (row, line) in drawing.iter().enumerate() {
            let padded = format!("{line:7}");
            for (column, ch) in padded.chars().enumerate() {
                let expected = match ch {
                    'o' => Content::Piece,
                    '.' => Content::Empty,
                    _ => Content::Off,
                };
                assert_eq!(grid.cells[row * 7 + column].content, expected);
            }
        }
        // The centre's label is the one the move notation uses.
        let centre = puzzle.board.labels.iter().position(|l| l == "d4");
        assert_eq!(centre, Some(16));
    }

    #[test]
    fn a_chain_marks_its_start_its_path_and_its_end() {
        let j = |from, over, to| Jump { from, over, to };
        let marks = move_marks(7, &[j(0, 1, 2), j(2, 3, 4)]);
        use Mark::*;
        assert_eq!(marks, vec![From, Path, Path, Path, Moved, None, None]);
    }
}
