//! A [`Picture`] drawn as an SVG element, for the HTML page and `--svg`. Colours are presentation
//! attributes rather than a stylesheet, so that an element is drawn the same inside the page and
//! alone in a file. Every cell and bar carries its content as `data-` attributes, which is what
//! the browser test reads back.

use super::markup::escape;
use super::picture::{Bar, Cell, Content, Grid, Mark, Picture};
use super::{Report, StateView};
use std::fmt::Write;

/// Side of one grid cell, in SVG units.
const CELL: usize = 40;
/// Room for the edge labels of a grid.
const LABEL: usize = 22;
/// Width of one bar and the gap after it.
const BAR_WIDTH: usize = 56;
const BAR_GAP: usize = 24;
/// Height of the largest bar.
const BAR_HEIGHT: usize = 160;
/// Line height of text drawn as SVG.
const LINE: usize = 18;

const BOARD: &str = "#e9dcc3";
const HOLE: &str = "#6b5b45";
const PIECE: &str = "#3b5bdb";
const MOVED: &str = "#e8590c";
const PATH: &str = "#c92a2a";

/// Width and height of the drawing of `picture`.
pub fn size(picture: &Picture) -> (usize, usize) {
    match picture {
        Picture::Grid(grid) => {
            let (left, top) = margins(grid);
            (
                left + grid.columns * column_width(grid) + 2,
                top + grid.rows * CELL + 2,
            )
        }
        Picture::Bars { bars } => (
            bars.len() * (BAR_WIDTH + BAR_GAP) + BAR_GAP,
            BAR_HEIGHT + 3 * LINE + 8,
        ),
    }
}

/// The `<svg>` element of `picture`, placed at `x`, `y` when it is nested in another drawing.
pub fn picture(picture: &Picture, x: usize, y: usize) -> String {
    let (width, height) = size(picture);
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="picture" x="{x}" y="{y}" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    match picture {
        Picture::Grid(grid) => draw_grid(&mut out, grid),
        Picture::Bars { bars } => draw_bars(&mut out, bars),
    }
    out.push_str("</svg>");
    out
}

/// Lines of text as an `<svg>` element (a state the family does not draw), and its size.
pub fn text_lines(text: &str, x: usize, y: usize) -> (String, (usize, usize)) {
    let lines: Vec<&str> = text.lines().collect();
    let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let (width, height) = (longest * 9 + 8, lines.len() * LINE + 8);
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="text-state" x="{x}" y="{y}" width="{width}" height="{height}" font-family="monospace" font-size="15">"#
    );
    for (i, line) in lines.iter().enumerate() {
        let _ = write!(
            out,
            r#"<text x="4" y="{}" xml:space="preserve">{}</text>"#,
            (i + 1) * LINE,
            escape(line)
        );
    }
    out.push_str("</svg>");
    (out, (width, height))
}

/// A state as an `<svg>` element at `x`, `y`: its picture, or its text when the family draws
/// none; and its size.
pub fn state(view: &StateView, x: usize, y: usize) -> (String, (usize, usize)) {
    match &view.picture {
        Some(p) => (picture(p, x, y), size(p)),
        None => text_lines(&view.text, x, y),
    }
}

/// `--svg`: the start and end of the first solution side by side; without a start, the
/// solution's own drawing (a placement, a table of guesses), else its steps' states, else its
/// notation as text.
pub fn report(r: &Report) -> String {
    let first = r.solutions.first();
    let states: Vec<(String, &StateView)> = first
        .map(|sol| {
            sol.steps
                .iter()
                .filter_map(|step| Some((step.action.clone(), step.state.as_ref()?)))
                .collect()
        })
        .unwrap_or_default();
    let mut panels: Vec<(String, StateView)> = Vec::new();
    if let Some(start) = &r.start {
        panels.push(("start".to_string(), start.clone()));
        if let Some((_, end)) = states.last() {
            let moves = first.map_or(0, |sol| sol.steps.len());
            panels.push((
                format!("end, after {moves} {}", r.cost_unit),
                (*end).clone(),
            ));
        }
    } else if let Some(whole) = first.and_then(|sol| sol.picture.clone()) {
        panels.push((String::new(), picture_view(whole)));
    } else if !states.is_empty() {
        panels.extend(
            states
                .iter()
                .map(|(caption, s)| (caption.clone(), (*s).clone())),
        );
    } else if let Some(notation) = first.and_then(|sol| sol.notation.clone()) {
        panels.push((String::new(), text_view(notation)));
    }
    let title = format!("{} [{}, objective {}]", r.puzzle, r.kind, r.objective);
    let headline = super::text::headline(r);
    let refs: Vec<(String, &StateView)> = panels.iter().map(|(c, v)| (c.clone(), v)).collect();
    document(&[title, headline], &refs)
}

fn picture_view(picture: Picture) -> StateView {
    StateView {
        text: String::new(),
        data: serde_json::Value::Null,
        picture: Some(picture),
    }
}

fn text_view(text: String) -> StateView {
    StateView {
        text,
        data: serde_json::Value::Null,
        picture: None,
    }
}

/// A standalone SVG file: `title` above the states side by side, each with its caption.
pub fn document(title: &[String], panels: &[(String, &StateView)]) -> String {
    let (gap, caption_height) = (32, LINE + 10);
    let top = title.len() * (LINE + 4) + 8;
    let (mut body, mut x, mut height) = (String::new(), 12, 0);
    for (caption, view) in panels {
        let _ = write!(
            body,
            r#"<text class="caption" x="{x}" y="{}" font-size="15">{}</text>"#,
            top + LINE,
            escape(caption)
        );
        let (drawn, (w, h)) = state(view, x, top + caption_height);
        body.push_str(&drawn);
        x += w.max(caption.chars().count() * 8) + gap;
        height = height.max(top + caption_height + h + 12);
    }
    let widest = title.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    let width = (x + 12 - gap).max(widest * 9 + 24);
    let height = height.max(top + 8);
    let mut heading = String::new();
    for (i, line) in title.iter().enumerate() {
        let weight = if i == 0 { "bold" } else { "normal" };
        let _ = write!(
            heading,
            r#"<text x="12" y="{}" font-size="16" font-weight="{weight}">{}</text>"#,
            (i + 1) * (LINE + 4),
            escape(line)
        );
    }
    format!(
        r##"<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif"><rect width="100%" height="100%" fill="#fff"/>{heading}{body}</svg>
"##
    )
}

/// Width of a column: a cell, wider when a name would not fit (a code symbol such as `yellow`).
fn column_width(grid: &Grid) -> usize {
    let longest = grid
        .cells
        .iter()
        .filter_map(|c| match &c.content {
            Content::Named { text, .. } => Some(text.chars().count()),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    CELL.max(longest * 10 + 12)
}

fn margins(grid: &Grid) -> (usize, usize) {
    let left = if grid.row_labels.is_empty() { 1 } else { LABEL };
    let top = if grid.column_labels.is_empty() {
        1
    } else {
        LABEL
    };
    (left, top)
}

fn draw_grid(out: &mut String, grid: &Grid) {
    let (left, top) = margins(grid);
    let width = column_width(grid);
    for (c, label) in grid.column_labels.iter().enumerate() {
        let x = left + c * width + width / 2;
        let _ = write!(
            out,
            r##"<text class="label" x="{x}" y="{}" text-anchor="middle" font-size="14" fill="#555">{}</text>"##,
            LABEL - 7,
            escape(label)
        );
    }
    for (r, label) in grid.row_labels.iter().enumerate() {
        let y = top + r * CELL + CELL / 2 + 5;
        let _ = write!(
            out,
            r##"<text class="label" x="{}" y="{y}" text-anchor="middle" font-size="14" fill="#555">{}</text>"##,
            LABEL / 2,
            escape(label)
        );
    }
    for (i, cell) in grid.cells.iter().enumerate() {
        let (row, column) = (i / grid.columns.max(1), i % grid.columns.max(1));
        let _ = write!(
            out,
            r#"<g class="cell" data-row="{row}" data-col="{column}""#
        );
        // The names the moves use, so that a reader of the page finds `d4` without the layout.
        if let (Some(c), Some(r)) = (grid.column_labels.get(column), grid.row_labels.get(row)) {
            let _ = write!(
                out,
                r#" data-col-label="{}" data-row-label="{}""#,
                escape(c),
                escape(r)
            );
        }
        draw_cell(out, cell, width, (left + column * width, top + row * CELL));
    }
}

/// The rest of one cell's `<g>` (opened by the caller): its content and mark as data attributes,
/// then its drawing.
fn draw_cell(out: &mut String, cell: &Cell, width: usize, (x, y): (usize, usize)) {
    let (content, text) = match &cell.content {
        Content::Off => ("off", None),
        Content::Empty => ("empty", None),
        Content::Piece => ("piece", None),
        Content::Named { text, .. } => ("named", Some(text.as_str())),
    };
    let _ = write!(
        out,
        r#" data-content="{content}" data-mark="{}""#,
        mark_name(cell.mark)
    );
    if let Some(text) = text {
        let _ = write!(out, r#" data-text="{}""#, escape(text));
    }
    out.push('>');
    if cell.content != Content::Off {
        let _ = write!(
            out,
            r##"<rect x="{x}" y="{y}" width="{width}" height="{CELL}" fill="{BOARD}" stroke="#fff" stroke-width="1"/>"##
        );
    }
    let (cx, cy) = (x + width / 2, y + CELL / 2);
    match &cell.content {
        Content::Off => {}
        Content::Empty => hole(out, cell.mark, cx, cy),
        Content::Piece => piece(out, cell.mark, cx, cy),
        Content::Named { text, group } => named(out, cell.mark, (x, y, width), text, *group),
    }
    out.push_str("</g>");
}

fn mark_name(mark: Mark) -> &'static str {
    match mark {
        Mark::None => "none",
        Mark::Moved => "moved",
        Mark::From => "from",
        Mark::Path => "path",
    }
}

/// An empty hole; where the move started, a dashed ring; a jumped piece, a cross.
fn hole(out: &mut String, mark: Mark, cx: usize, cy: usize) {
    let _ = write!(out, r#"<circle cx="{cx}" cy="{cy}" r="5" fill="{HOLE}"/>"#);
    match mark {
        Mark::From => {
            let _ = write!(
                out,
                r#"<circle cx="{cx}" cy="{cy}" r="14" fill="none" stroke="{MOVED}" stroke-width="2.5" stroke-dasharray="4 3"/>"#
            );
        }
        Mark::Path => {
            let (a, b) = (cx - 9, cx + 9);
            let (c, d) = (cy - 9, cy + 9);
            let _ = write!(
                out,
                r#"<path d="M{a} {c}L{b} {d}M{a} {d}L{b} {c}" stroke="{PATH}" stroke-width="3" stroke-linecap="round"/>"#
            );
        }
        Mark::None | Mark::Moved => {}
    }
}

/// A piece; the one that moved in orange with a dark ring.
fn piece(out: &mut String, mark: Mark, cx: usize, cy: usize) {
    let (fill, stroke) = match mark {
        Mark::Moved => (MOVED, "#7a2e00"),
        Mark::Path => (PIECE, PATH),
        Mark::None | Mark::From => (PIECE, "#1c2e7a"),
    };
    let _ = write!(
        out,
        r#"<circle cx="{cx}" cy="{cy}" r="14" fill="{fill}" stroke="{stroke}" stroke-width="2.5"/>"#
    );
}

/// A named piece (a tile, a block's cell, a code symbol): a rounded square in its group's colour.
fn named(out: &mut String, mark: Mark, (x, y, w): (usize, usize, usize), text: &str, group: u32) {
    let hue = (u64::from(group) * 137 + 200) % 360;
    let (stroke, width) = match mark {
        Mark::Moved => (MOVED, 4),
        Mark::From | Mark::Path => (PATH, 3),
        Mark::None => ("#555", 1),
    };
    let _ = write!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" rx="6" fill="hsl({hue},55%,72%)" stroke="{stroke}" stroke-width="{width}"/>"#,
        x + 3,
        y + 3,
        w - 6,
        CELL - 6
    );
    let _ = write!(
        out,
        r##"<text x="{}" y="{}" text-anchor="middle" font-size="16" font-weight="bold" fill="#222">{}</text>"##,
        x + w / 2,
        y + CELL / 2 + 6,
        escape(text)
    );
}

fn draw_bars(out: &mut String, bars: &[Bar]) {
    let largest = bars.iter().map(|b| b.capacity).max().unwrap_or(1).max(1);
    let scale = |v: u64| (v as f64 / largest as f64 * BAR_HEIGHT as f64).round() as usize;
    let bottom = LINE + 4 + BAR_HEIGHT;
    for (i, bar) in bars.iter().enumerate() {
        let x = BAR_GAP + i * (BAR_WIDTH + BAR_GAP);
        let (full, filled) = (scale(bar.capacity), scale(bar.level.min(bar.capacity)));
        let stroke = match bar.mark {
            Mark::Moved => MOVED,
            Mark::From | Mark::Path => PATH,
            Mark::None => "#333",
        };
        let _ = write!(
            out,
            r#"<g class="bar" data-label="{}" data-level="{}" data-capacity="{}" data-mark="{}">"#,
            escape(&bar.label),
            bar.level,
            bar.capacity,
            mark_name(bar.mark)
        );
        let _ = write!(
            out,
            r##"<text x="{}" y="{LINE}" text-anchor="middle" font-size="14">{}/{}</text><rect x="{x}" y="{}" width="{BAR_WIDTH}" height="{filled}" fill="#4dabf7"/><rect x="{x}" y="{}" width="{BAR_WIDTH}" height="{full}" fill="none" stroke="{stroke}" stroke-width="3"/><text x="{}" y="{}" text-anchor="middle" font-size="15" font-weight="bold">{}</text></g>"##,
            x + BAR_WIDTH / 2,
            bar.level,
            bar.capacity,
            bottom - filled,
            bottom - full,
            x + BAR_WIDTH / 2,
            bottom + LINE + 2,
            escape(&bar.label)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `<tag ...>` is closed by `</tag>` in order, self-closing tags apart: a check of the
    /// nesting that an XML parser would make first.
    fn balanced(svg: &str) -> bool {
        let mut open: Vec<String> = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let Some(end) = rest[start..].find('>') else {
                return false;
            };
            let tag = &rest[start + 1..start + end];
            rest = &rest[start + end + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                if open.pop().as_deref() != Some(name) {
                    return false;
                }
            } else if !tag.ends_with('/') {
                open.push(tag.split_whitespace().next().unwrap_or("").to_string());
            }
        }
        open.is_empty()
    }

    fn sample_grid() -> Grid {
        let mut grid = Grid::empty(2, 3);
        grid.column_labels = vec!["a".into(), "<b>".into(), "c".into()];
        grid.row_labels = vec!["1".into(), "2".into()];
        grid.cell_mut(0, 0).content = Content::Off;
        *grid.cell_mut(0, 1) = Cell {
            content: Content::Piece,
            mark: Mark::Moved,
        };
        grid.cell_mut(1, 0).mark = Mark::From;
        grid.cell_mut(1, 1).mark = Mark::Path;
        grid.cell_mut(1, 2).content = Content::Named {
            text: r#"T&"<1>"#.into(),
            group: 3,
        };
        grid
    }

    #[test]
    fn a_grid_is_balanced_and_escapes_its_text() {
        let svg = picture(&Picture::Grid(sample_grid()), 0, 0);
        assert!(balanced(&svg), "{svg}");
        assert!(svg.contains("&lt;b&gt;"), "{svg}");
        assert!(svg.contains("T&amp;&quot;&lt;1&gt;"), "{svg}");
        // No raw markup character of the user's text is left between the tags.
        assert!(!svg.contains("<b>") && !svg.contains(r#"T&""#));
        assert_eq!(svg.matches(r#"class="cell""#).count(), 6);
        assert!(svg.contains(
            r#"data-row="0" data-col="1" data-col-label="&lt;b&gt;" data-row-label="1" data-content="piece" data-mark="moved""#
        ));
    }

    #[test]
    fn bars_and_text_are_balanced_and_escaped() {
        let bars = Picture::Bars {
            bars: vec![
                Bar {
                    label: "A<&>".into(),
                    capacity: 5,
                    level: 3,
                    mark: Mark::Moved,
                },
                Bar {
                    label: "B".into(),
                    capacity: 3,
                    level: 0,
                    mark: Mark::None,
                },
            ],
        };
        let svg = picture(&bars, 0, 0);
        assert!(balanced(&svg), "{svg}");
        assert!(svg.contains(r#"data-label="A&lt;&amp;&gt;" data-level="3""#));
        let (text, _) = text_lines("x < y & \"z\"\n  second", 0, 0);
        assert!(balanced(&text), "{text}");
        assert!(text.contains("x &lt; y &amp; &quot;z&quot;"));
    }

    #[test]
    fn the_size_fits_the_cells_and_labels() {
        let (w, h) = size(&Picture::Grid(sample_grid()));
        // The name `T&"<1>` (6 characters) widens every column past a square cell.
        let column = 6 * 10 + 12;
        assert!(column > CELL);
        assert_eq!((w, h), (LABEL + 3 * column + 2, LABEL + 2 * CELL + 2));
        let mut plain = sample_grid();
        plain.cell_mut(1, 2).content = Content::Piece;
        let (w, _) = size(&Picture::Grid(plain));
        assert_eq!(w, LABEL + 3 * CELL + 2);
    }
}
