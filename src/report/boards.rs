//! Pictures in characters, for `--boards`: each board with the labels of the move notation on
//! its edges and the last move marked, in colour (ANSI) or, with colour off, by brackets around
//! the cell: `[o]` the piece that moved, `(.)` where it stood, `<.>` what it passed over or
//! removed. Boards are laid side by side, as many to a row as the width takes.

use super::picture::{Bar, Cell, Content, Grid, Mark, Picture};
use std::ops::Range;

/// How boards are drawn: the width to fill and whether marks are coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardStyle {
    pub width: usize,
    pub colour: bool,
}

/// Columns between two boards of a row.
const GAP: usize = 3;
/// Bars longer than this many characters are scaled down to it.
const BAR_MAX: u64 = 24;

/// A drawn board (with its caption): its lines, each with the width it takes on screen (colour
/// codes take none).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Block {
    lines: Vec<(String, usize)>,
}

impl Block {
    /// The width of the widest line.
    pub fn width(&self) -> usize {
        self.lines.iter().map(|l| l.1).max().unwrap_or(0)
    }

    fn push(&mut self, text: String, width: usize) {
        self.lines.push((text, width));
    }

    /// The block with `caption` as its first line.
    pub fn captioned(mut self, caption: &str) -> Block {
        self.lines
            .insert(0, (caption.to_string(), caption.chars().count()));
        self
    }
}

/// `picture` in characters.
pub fn draw(picture: &Picture, colour: bool) -> Block {
    match picture {
        Picture::Grid(grid) => draw_grid(grid, colour),
        Picture::Bars { bars } => draw_bars(bars, colour),
    }
}

fn content_text(content: &Content) -> &str {
    match content {
        Content::Off => " ",
        Content::Empty => ".",
        Content::Piece => "o",
        Content::Named { text, .. } => text,
    }
}

/// `text` in a cell of `inner` characters with a frame of one character on each side: brackets
/// for a mark without colour, a background colour with it.
fn framed(text: &str, inner: usize, mark: Mark, colour: bool) -> String {
    let (open, close, code) = match mark {
        Mark::None => (' ', ' ', ""),
        Mark::Moved => ('[', ']', "1;30;42"),
        Mark::From => ('(', ')', "30;43"),
        Mark::Path => ('<', '>', "30;41"),
    };
    let text = super::pad::right(text, inner);
    if colour && !code.is_empty() {
        return format!("\x1b[{code}m {text} \x1b[0m");
    }
    format!("{open}{text}{close}")
}

fn draw_grid(grid: &Grid, colour: bool) -> Block {
    let label = |labels: &[String], i: usize| labels.get(i).map_or("", String::as_str).to_string();
    let at = |r: usize, c: usize| &grid.cells[r * grid.columns + c];
    let (rows, columns) = shown(grid);
    let widths: Vec<usize> = columns
        .clone()
        .map(|c| {
            let cells = rows
                .clone()
                .map(|r| content_text(&at(r, c).content).chars().count());
            cells
                .chain([label(&grid.column_labels, c).chars().count(), 1])
                .max()
                .unwrap_or(1)
        })
        .collect();
    let row_label_width = grid.row_labels.iter().map(|l| l.chars().count()).max();
    let margin = row_label_width.map_or(0, |w| w + 1);
    let line_width = margin + widths.iter().map(|w| w + 2).sum::<usize>();
    let mut block = Block::default();
    if !grid.column_labels.is_empty() {
        let mut line = " ".repeat(margin);
        for (c, w) in columns.clone().zip(&widths) {
            let text = label(&grid.column_labels, c);
            line.push_str(&framed(&text, *w, Mark::None, false));
        }
        block.push(line, line_width);
    }
    for r in rows {
        let mut line = match row_label_width {
            Some(w) => format!("{} ", super::pad::right(&label(&grid.row_labels, r), w)),
            None => String::new(),
        };
        for (c, w) in columns.clone().zip(&widths) {
            let Cell { content, mark } = at(r, c);
            line.push_str(&framed(content_text(content), *w, *mark, colour));
        }
        block.push(line, line_width);
    }
    block
}

/// The rows and columns drawn: all of them, except that rows (columns) wholly off the board at
/// its edges are left out when no labels name them (the walls around a sliding-blocks board).
fn shown(grid: &Grid) -> (Range<usize>, Range<usize>) {
    let on = |r: usize, c: usize| grid.cells[r * grid.columns + c].content != Content::Off;
    let row_on = |r: usize| (0..grid.columns).any(|c| on(r, c));
    let column_on = |c: usize| (0..grid.rows).any(|r| on(r, c));
    let span = |n: usize, labelled: bool, used: &dyn Fn(usize) -> bool| {
        let first = (0..n).find(|&i| used(i));
        match (labelled, first) {
            (false, Some(first)) => first..(0..n).rev().find(|&i| used(i)).map_or(n, |l| l + 1),
            _ => 0..n,
        }
    };
    (
        span(grid.rows, !grid.row_labels.is_empty(), &row_on),
        span(grid.columns, !grid.column_labels.is_empty(), &column_on),
    )
}

/// One line per container: `[A] |#####...|  5/8`, one character per unit (scaled down when the
/// largest holds more than [`BAR_MAX`]).
fn draw_bars(bars: &[Bar], colour: bool) -> Block {
    let label_width = bars
        .iter()
        .map(|b| b.label.chars().count())
        .max()
        .unwrap_or(0);
    let largest = bars.iter().map(|b| b.capacity).max().unwrap_or(0).max(1);
    let scale = |units: u64| -> usize {
        let shown = if largest <= BAR_MAX {
            units
        } else {
            // In 128 bits: a capacity may take all 64.
            let scaled = (u128::from(units) * u128::from(BAR_MAX)).div_ceil(u128::from(largest));
            u64::try_from(scaled).unwrap_or(BAR_MAX)
        };
        usize::try_from(shown).unwrap_or(usize::MAX)
    };
    let numbers: Vec<String> = bars
        .iter()
        .map(|b| format!("{}/{}", b.level, b.capacity))
        .collect();
    let number_width = numbers.iter().map(String::len).max().unwrap_or(0);
    let bar_width = scale(largest);
    let mut block = Block::default();
    for (bar, number) in bars.iter().zip(&numbers) {
        let (full, room) = (scale(bar.level), scale(bar.capacity));
        let fill = format!(
            "{}{}",
            "#".repeat(full),
            ".".repeat(room.saturating_sub(full))
        );
        // The closing `|` stands at the container's own capacity.
        let body = format!("|{fill}|");
        let line = format!(
            "{} {body:<body_width$} {number:>number_width$}",
            framed(
                &super::pad::left(&bar.label, label_width),
                label_width,
                bar.mark,
                colour
            ),
            body_width = bar_width + 2
        );
        block.push(line, label_width + 2 + 1 + bar_width + 2 + 1 + number_width);
    }
    block
}

/// The blocks side by side, as many to a row as fit in `width` (at least one), rows of boards
/// apart by a blank line; no line ends in blanks.
pub fn lay_out(blocks: &[Block], width: usize) -> String {
    let mut out = String::new();
    for (i, row) in rows(blocks, width).iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let height = row.iter().map(|b| b.lines.len()).max().unwrap_or(0);
        for l in 0..height {
            let mut line = String::new();
            for (k, block) in row.iter().enumerate() {
                if k > 0 {
                    line.push_str(&" ".repeat(GAP));
                }
                let (text, shown) = block
                    .lines
                    .get(l)
                    .map_or(("", 0), |(t, w)| (t.as_str(), *w));
                line.push_str(text);
                line.push_str(&" ".repeat(block.width() - shown));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}

/// The blocks cut into rows that fit `width`.
fn rows(blocks: &[Block], width: usize) -> Vec<Vec<&Block>> {
    let mut rows: Vec<Vec<&Block>> = Vec::new();
    let mut used = 0;
    for block in blocks {
        let w = block.width();
        match rows.last_mut() {
            Some(row) if used + GAP + w <= width => {
                row.push(block);
                used += GAP + w;
            }
            _ => {
                rows.push(vec![block]);
                used = w;
            }
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: usize, columns: usize, labels: bool) -> Grid {
        let mut g = Grid::empty(rows, columns);
        if labels {
            g.column_labels = (0..columns)
                .map(|c| char::from(b'a' + c as u8).to_string())
                .collect();
            g.row_labels = (1..=rows).map(|r| r.to_string()).collect();
        }
        g
    }

    fn visible(text: &str) -> Vec<usize> {
        text.lines().map(|l| l.chars().count()).collect()
    }

    #[test]
    fn a_grid_takes_three_columns_a_cell_and_its_labels() {
        let mut g = grid(2, 3, true);
        g.cell_mut(0, 0).content = Content::Piece;
        g.cell_mut(0, 1).mark = Mark::Path;
        *g.cell_mut(1, 2) = Cell {
            content: Content::Piece,
            mark: Mark::Moved,
        };
        let block = draw(&Picture::Grid(g), false);
        assert_eq!(block.width(), 2 + 3 * 3);
        let text = lay_out(&[block], 80);
        assert_eq!(text, "   a  b  c\n1  o <.> .\n2  .  . [o]\n");
    }

    #[test]
    fn colour_replaces_the_brackets_and_takes_no_width() {
        let mut g = grid(1, 2, false);
        g.cell_mut(0, 1).mark = Mark::From;
        let block = draw(&Picture::Grid(g), true);
        assert_eq!(block.width(), 6);
        let text = lay_out(&[block.clone(), block], 80);
        assert_eq!(
            text,
            " . \x1b[30;43m . \x1b[0m    . \x1b[30;43m . \x1b[0m\n"
        );
    }

    #[test]
    fn rows_and_columns_off_the_board_at_its_edges_are_left_out_without_labels() {
        let mut g = grid(3, 3, false);
        g.cells.fill(Cell {
            content: Content::Off,
            mark: Mark::None,
        });
        g.cell_mut(1, 1).content = Content::Piece;
        g.cell_mut(1, 2).content = Content::Empty;
        assert_eq!(
            lay_out(&[draw(&Picture::Grid(g.clone()), false)], 80),
            " o  .\n"
        );
        g.row_labels = vec!["1".into(), "2".into(), "3".into()];
        let text = lay_out(&[draw(&Picture::Grid(g), false)], 80);
        assert_eq!(text, "1\n2  o  .\n3\n");
    }

    #[test]
    fn columns_widen_to_their_longest_name() {
        let mut g = grid(1, 2, false);
        g.cell_mut(0, 0).content = Content::Named {
            text: "12".into(),
            group: 12,
        };
        let text = lay_out(&[draw(&Picture::Grid(g), false)], 80);
        assert_eq!(text, " 12  .\n");
    }

    #[test]
    fn boards_wrap_to_the_width_and_no_line_passes_it() {
        // 7 boards of width 23 (caption included): 3 fit in 80 (23 * 3 + 2 * 3 = 75), 4 do not.
        let board = draw(&Picture::Grid(grid(7, 7, true)), false);
        assert_eq!(board.width(), 23);
        let blocks: Vec<Block> = (0..7)
            .map(|i| board.clone().captioned(&format!("{i} move")))
            .collect();
        let text = lay_out(&blocks, 80);
        assert!(visible(&text).iter().all(|&w| w <= 80), "{text}");
        // Three rows of boards (3, 3, 1), each a caption, labels and 7 rows, apart by blank lines.
        assert_eq!(text.lines().count(), 3 * 9 + 2);
        let captions: Vec<&str> = text.lines().filter(|l| l.contains("move")).collect();
        assert_eq!(captions.len(), 3);
        assert_eq!(captions[0].matches("move").count(), 3);
        assert_eq!(captions[2].matches("move").count(), 1);
        assert_eq!(rows(&blocks, 75).len(), 3);
        assert_eq!(rows(&blocks, 74).len(), 4);
    }

    #[test]
    fn a_board_wider_than_the_width_gets_a_row_of_its_own() {
        let wide = draw(&Picture::Grid(grid(1, 30, false)), false);
        let narrow = draw(&Picture::Grid(grid(1, 2, false)), false);
        let blocks = [narrow.clone(), wide, narrow];
        let layout = rows(&blocks, 40);
        assert_eq!(
            layout.iter().map(Vec::len).collect::<Vec<_>>(),
            vec![1, 1, 1]
        );
    }

    #[test]
    fn bars_show_level_and_capacity_scaled_past_the_maximum() {
        let bar = |label: &str, capacity, level, mark| Bar {
            label: label.into(),
            capacity,
            level,
            mark,
        };
        let jugs = Picture::Bars {
            bars: vec![bar("A", 8, 3, Mark::Moved), bar("B", 5, 5, Mark::None)],
        };
        let text = lay_out(&[draw(&jugs, false)], 80);
        assert_eq!(text, "[A] |###.....| 3/8\n B  |#####|    5/5\n");
        let big = Picture::Bars {
            bars: vec![bar("A", 1000, 500, Mark::None)],
        };
        let text = lay_out(&[draw(&big, false)], 80);
        assert_eq!(
            text,
            format!(" A  |{}{}| 500/1000\n", "#".repeat(12), ".".repeat(12))
        );
    }
}
