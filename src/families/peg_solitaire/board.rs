//! A peg board: holes with labels, the jump table, and (when drawn) where each hole stands, so
//! positions can be drawn back. Built from a drawing plus jump directions, or from a jump table.

use super::engine::jump::Jump;
use super::spec::{BoardTable, Directions, HoleRef, Holes, Labels};
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;
use rustc_hash::FxHashSet;
use std::collections::HashMap;
use toml::Spanned;

/// Boards up to this many holes (positions are u128 bitboards).
pub const MAX_HOLES: usize = 128;

pub struct Board {
    pub labels: Vec<String>,
    /// Ordered by the hole they leave, then as written (table) or by direction (drawing).
    pub jumps: Vec<Jump>,
    /// Character cell (column, row) of each hole, for drawn boards.
    pub cells: Option<Vec<(i64, i64)>>,
    /// Holes drawn empty (`.`), when the board is drawn.
    pub drawn_empty: Vec<usize>,
    /// Whether a hole named by a bare number means the hole of that index.
    numeric_labels: bool,
    /// Whether the labels are the drawing's coordinates (`a1`..): pictures then label the edges.
    pub labels_are_coordinates: bool,
}

impl Board {
    /// The holes as bits of a grid drawn row by row (one bit per cell of the drawing, its
    /// columns and rows scaled by their common step), when the grid fits 64 bits and the holes
    /// come in reading order: the layout the jumps are found in (see
    /// [`super::engine::jump_space::JumpSpace::laid_out`]).
    pub fn grid_spread(&self) -> Option<u64> {
        let cells = self.cells.as_deref()?;
        let least = |axis: fn(&(i64, i64)) -> i64| cells.iter().map(axis).min();
        let (x0, y0) = (least(|c| c.0)?, least(|c| c.1)?);
        let step = |axis: fn(&(i64, i64)) -> i64, origin: i64| {
            cells.iter().fold(0, |g, c| gcd(g, axis(c) - origin)).max(1)
        };
        let (dx, dy) = (step(|c| c.0, x0), step(|c| c.1, y0));
        let width = cells.iter().map(|c| (c.0 - x0) / dx).max()? + 1;
        let mut spread = 0u64;
        let mut last = None;
        for &(x, y) in cells {
            let bit = u32::try_from((y - y0) / dy * width + (x - x0) / dx).ok()?;
            if bit >= 64 || last.is_some_and(|l| l >= bit) {
                return None;
            }
            spread |= 1 << bit;
            last = Some(bit);
        }
        Some(spread)
    }
}

/// The greatest common divisor of `a` and `b` (not negative).
fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

const PEG_CHARS: &[char] = &['o', 'O', 'x', 'X', '*', '●', '#', '@'];
const EMPTY_CHARS: &[char] = &['.', '○', '_'];

const PRESETS: &[&str] = &["orthogonal", "orthogonal+diagonal", "triangular"];

fn preset_steps(name: &str) -> Option<Vec<(i64, i64)>> {
    match name {
        "orthogonal" => Some(vec![(1, 0), (0, 1)]),
        "orthogonal+diagonal" | "diagonal" => Some(vec![(1, 0), (0, 1), (1, 1), (1, -1)]),
        // Rows of a triangle drawn with a blank between holes: `o o o`, shifted half a hole.
        "triangular" => Some(vec![(2, 0), (1, 1), (-1, 1)]),
        _ => None,
    }
}

/// A list of labels: one per hole (when the count is known), each a short name, none twice.
fn check_label_list(
    doc: &SpecDocument,
    span: std::ops::Range<usize>,
    list: &[String],
    count: Option<usize>,
) -> Result<(), Diagnostic> {
    if let Some(n) = count
        && n != list.len()
    {
        return Err(doc
            .error(span, format!("{} labels for {n} holes", list.len()))
            .help("give one label per hole, in hole order (reading order on a drawing)"));
    }
    let mut seen = FxHashSet::default();
    for name in list {
        if name.is_empty() || name.contains([',', '(', ')']) || name.contains(char::is_whitespace) {
            return Err(doc
                .error(span, format!("`{name}` cannot label a hole"))
                .help("labels are short names without blanks, commas or parentheses"));
        }
        if !seen.insert(name) {
            return Err(doc.error(span, format!("label `{name}` is used twice")));
        }
    }
    Ok(())
}

/// Chess-like labels for drawn cells: column letter a, b, ... and row number from 1; None past
/// 26 columns.
fn coordinate_labels(cells: &[(i64, i64)]) -> Option<Vec<String>> {
    let mut xs: Vec<i64> = cells.iter().map(|c| c.0).collect();
    let mut ys: Vec<i64> = cells.iter().map(|c| c.1).collect();
    xs.sort_unstable();
    xs.dedup();
    ys.sort_unstable();
    ys.dedup();
    if xs.len() > 26 {
        return None;
    }
    let label = |(x, y): &(i64, i64)| {
        let c = xs.binary_search(x).unwrap_or(0);
        let r = ys.binary_search(y).unwrap_or(0);
        format!("{}{}", (b'a' + c as u8) as char, r + 1)
    };
    Some(cells.iter().map(label).collect())
}

impl Board {
    pub fn from_spec(doc: &SpecDocument, t: &Spanned<BoardTable>) -> Result<Board, Diagnostic> {
        let table = t.get_ref();
        let tables = [table.jumps.is_some(), table.triples.is_some()];
        if tables.iter().filter(|&&x| x).count() > 1 {
            let span = table.triples.as_ref().map_or(t.span(), |s| s.span());
            return Err(doc
                .error(span, "both `jumps` and `triples` are given")
                .help("give the jump table one way only"));
        }
        let explicit = table.jumps.is_some() || table.triples.is_some();
        let mut board = match &table.drawing {
            Some(drawing) => Self::drawn(doc, drawing)?,
            None => {
                if let Some(d) = &table.directions {
                    return Err(doc
                        .error(d.span(), "`directions` needs a `drawing`")
                        .help("draw the board (rows of text) or give the jump table instead"));
                }
                if !explicit {
                    return Err(doc
                        .error(t.span(), "the board has neither a drawing nor a jump table")
                        .help(
                            "give `drawing` and `directions`, or `jumps` (per hole its [over, to] pairs), or `triples` ([from, over, to])",
                        ));
                }
                Board {
                    labels: Vec::new(),
                    jumps: Vec::new(),
                    cells: None,
                    drawn_empty: Vec::new(),
                    numeric_labels: true,
                    labels_are_coordinates: false,
                }
            }
        };
        board.label(doc, t)?;
        if board.labels.len() > MAX_HOLES {
            return Err(doc
                .error(
                    t.span(),
                    format!(
                        "{} holes: at most {MAX_HOLES} are supported",
                        board.labels.len()
                    ),
                )
                .help("use a smaller board"));
        }
        board.jumps = board.jump_table(doc, t)?;
        if explicit && let Some(d) = &table.directions {
            return Err(doc
                .error(
                    d.span(),
                    "`directions` and an explicit jump table are both given",
                )
                .help("keep one: directions derive the table from the drawing"));
        }
        Ok(board)
    }

    /// The jumps: from the table as given, or derived from the drawing and its directions.
    fn jump_table(
        &self,
        doc: &SpecDocument,
        t: &Spanned<BoardTable>,
    ) -> Result<Vec<Jump>, Diagnostic> {
        let table = t.get_ref();
        if let Some(jumps) = &table.jumps {
            return self.per_hole_table(doc, jumps);
        }
        if let Some(triples) = &table.triples {
            return self.triple_table(doc, triples);
        }
        let Some(dirs) = &table.directions else {
            return Err(doc
                .error(
                    table.drawing.as_ref().map_or(t.span(), |d| d.span()),
                    "the drawn board has no jump directions",
                )
                .help(format!(
                    "add directions = \"orthogonal\" (or one of: {}), or a list of [dx, dy] steps",
                    PRESETS.join(", ")
                )));
        };
        self.directed_jumps(doc, dirs)
    }

    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// Every hole of the board, as a mask.
    pub fn all_holes(&self) -> u128 {
        match self.len() {
            128 => u128::MAX,
            n => (1u128 << n) - 1,
        }
    }

    fn drawn(doc: &SpecDocument, drawing: &Spanned<String>) -> Result<Board, Diagnostic> {
        let mut cells = Vec::new();
        let mut empty = Vec::new();
        for (row, line) in drawing.get_ref().lines().enumerate() {
            for (col, ch) in line.chars().enumerate() {
                if ch.is_whitespace() {
                    continue;
                }
                if EMPTY_CHARS.contains(&ch) {
                    empty.push(cells.len());
                } else if !PEG_CHARS.contains(&ch) {
                    return Err(doc
                        .error(drawing.span(), format!("`{ch}` (row {}, column {}) is not a hole", row + 1, col + 1))
                        .help("draw a hole with a peg as `o`, an empty hole as `.`, and leave a blank where there is no hole"));
                }
                cells.push((col as i64, row as i64));
            }
        }
        if cells.is_empty() {
            return Err(doc
                .error(drawing.span(), "the drawing has no holes")
                .help("draw each hole as `o` (peg) or `.` (empty)"));
        }
        Ok(Board {
            labels: Vec::new(),
            jumps: Vec::new(),
            cells: Some(cells),
            drawn_empty: empty,
            numeric_labels: true,
            labels_are_coordinates: false,
        })
    }

    fn label(&mut self, doc: &SpecDocument, t: &Spanned<BoardTable>) -> Result<(), Diagnostic> {
        let table = t.get_ref();
        let count = match (&self.cells, &table.jumps) {
            (Some(c), _) => Some(c.len()),
            (None, Some(j)) => Some(j.get_ref().len()),
            (None, None) => None,
        };
        let style = match &table.labels {
            None => "index".to_string(),
            Some(l) => match l.get_ref() {
                Labels::Style(s) => s.clone(),
                Labels::List(list) => {
                    check_label_list(doc, l.span(), list, count)?;
                    self.labels = list.clone();
                    self.numeric_labels = false;
                    return Ok(());
                }
            },
        };
        let span = table.labels.as_ref().map_or(t.span(), |l| l.span());
        match (style.as_str(), &self.cells) {
            ("index", _) => {
                let n = match count {
                    Some(n) => n,
                    None => self.triple_hole_count(doc, t)?,
                };
                self.labels = (0..n).map(|i| i.to_string()).collect();
            }
            ("coordinates", Some(cells)) => {
                self.labels = coordinate_labels(cells).ok_or_else(|| {
                    doc.error(span, "coordinate labels need at most 26 columns")
                        .help("use labels = \"index\" or a list of labels")
                })?;
                self.numeric_labels = false;
                self.labels_are_coordinates = true;
            }
            ("coordinates", None) => {
                return Err(doc
                    .error(span, "coordinate labels need a drawing")
                    .help("draw the board, or give labels as a list"));
            }
            (other, _) => {
                return Err(doc
                    .error(span, format!("unknown label style `{other}`"))
                    .help("use \"index\", \"coordinates\", or a list with one label per hole"));
            }
        }
        Ok(())
    }

    /// With numeric labels and only triples, the holes are 0 up to the largest number named.
    fn triple_hole_count(
        &self,
        doc: &SpecDocument,
        t: &Spanned<BoardTable>,
    ) -> Result<usize, Diagnostic> {
        let Some(triples) = &t.get_ref().triples else {
            return Ok(0);
        };
        let mut max = -1i64;
        for tr in triples.get_ref() {
            for h in tr.get_ref() {
                match h.get_ref() {
                    HoleRef::Number(n) if *n >= 0 => max = max.max(*n),
                    other => {
                        return Err(doc
                            .error(h.span(), format!("`{other}` is not a hole number"))
                            .help("without a `labels` list, holes are numbered 0, 1, 2, ..."));
                    }
                }
            }
        }
        Ok((max + 1) as usize)
    }

    /// The index of the hole `r` names, or an error at its span.
    pub fn resolve(&self, doc: &SpecDocument, r: &Spanned<HoleRef>) -> Result<usize, Diagnostic> {
        let found = match r.get_ref() {
            HoleRef::Label(s) => self.labels.iter().position(|l| l == s),
            HoleRef::Number(n) => {
                let s = n.to_string();
                self.labels.iter().position(|l| *l == s).or_else(|| {
                    (self.numeric_labels && *n >= 0 && (*n as usize) < self.len())
                        .then_some(*n as usize)
                })
            }
        };
        found.ok_or_else(|| {
            let sample: Vec<&str> = self.labels.iter().take(6).map(String::as_str).collect();
            doc.error(
                r.span(),
                format!("there is no hole `{}` on this board", r.get_ref()),
            )
            .label("no such hole")
            .help(format!(
                "the board has {} holes, labelled {}{}",
                self.len(),
                sample.join(", "),
                if self.len() > 6 { ", ..." } else { "" }
            ))
        })
    }

    fn per_hole_table(
        &self,
        doc: &SpecDocument,
        table: &Spanned<Vec<Spanned<Vec<Holes>>>>,
    ) -> Result<Vec<Jump>, Diagnostic> {
        if table.get_ref().len() != self.len() {
            return Err(doc
                .error(
                    table.span(),
                    format!(
                        "the jump table has {} rows for {} holes",
                        table.get_ref().len(),
                        self.len()
                    ),
                )
                .help(
                    "give one row per hole, in hole order: the hole's list of [over, to] pairs",
                ));
        }
        let mut out = Vec::new();
        for (from, row) in table.get_ref().iter().enumerate() {
            for pair in row.get_ref() {
                if pair.get_ref().len() != 2 {
                    return Err(doc
                        .error(
                            pair.span(),
                            format!(
                                "a jump of this table is an [over, to] pair, not {} holes",
                                pair.get_ref().len()
                            ),
                        )
                        .help(format!(
                            "e.g. [{}, {}]: jump over the first onto the second",
                            self.labels[0],
                            self.labels[self.len() - 1]
                        )));
                }
                let over = self.resolve(doc, &pair.get_ref()[0])?;
                let to = self.resolve(doc, &pair.get_ref()[1])?;
                out.push(self.checked_jump(doc, pair.span(), from, over, to)?);
            }
        }
        self.no_repeats(doc, &out, table.span())?;
        Ok(out)
    }

    fn triple_table(
        &self,
        doc: &SpecDocument,
        triples: &Spanned<Vec<Holes>>,
    ) -> Result<Vec<Jump>, Diagnostic> {
        let mut out = Vec::new();
        for tr in triples.get_ref() {
            if tr.get_ref().len() != 3 {
                return Err(doc
                    .error(
                        tr.span(),
                        format!("a triple names 3 holes, not {}", tr.get_ref().len()),
                    )
                    .help("write each jump as [from, over, to]"));
            }
            let h: Vec<usize> = tr
                .get_ref()
                .iter()
                .map(|r| self.resolve(doc, r))
                .collect::<Result<_, _>>()?;
            out.push(self.checked_jump(doc, tr.span(), h[0], h[1], h[2])?);
        }
        // Keep the seeds' order: by the hole jumped from, then as written.
        out.sort_by_key(|j| j.from);
        self.no_repeats(doc, &out, triples.span())?;
        Ok(out)
    }

    fn checked_jump(
        &self,
        doc: &SpecDocument,
        span: std::ops::Range<usize>,
        from: usize,
        over: usize,
        to: usize,
    ) -> Result<Jump, Diagnostic> {
        let l = |i: usize| self.labels[i].as_str();
        if from == over || over == to || from == to {
            return Err(doc
                .error(
                    span,
                    format!(
                        "the jump {} over {} to {} does not use three different holes",
                        l(from),
                        l(over),
                        l(to)
                    ),
                )
                .help("a peg jumps from its hole over a neighbour onto a third hole"));
        }
        if let Some(cells) = &self.cells {
            let (a, b, c) = (cells[from], cells[over], cells[to]);
            if (b.0 - a.0, b.1 - a.1) != (c.0 - b.0, c.1 - b.1) {
                return Err(doc
                    .error(
                        span,
                        format!(
                            "the jump {} over {} to {} is not in line on the drawing",
                            l(from),
                            l(over),
                            l(to)
                        ),
                    )
                    .label("not in line")
                    .help(
                        "the hole jumped over must lie midway between the start and landing holes",
                    ));
            }
        }
        Ok(Jump {
            from: from as u8,
            over: over as u8,
            to: to as u8,
        })
    }

    fn no_repeats(
        &self,
        doc: &SpecDocument,
        jumps: &[Jump],
        span: std::ops::Range<usize>,
    ) -> Result<(), Diagnostic> {
        let mut seen = FxHashSet::default();
        for j in jumps {
            if !seen.insert(*j) {
                let l = |i: u8| self.labels[i as usize].as_str();
                return Err(doc
                    .error(
                        span,
                        format!(
                            "the jump {} over {} to {} is listed twice",
                            l(j.from),
                            l(j.over),
                            l(j.to)
                        ),
                    )
                    .help("list each jump once"));
            }
        }
        Ok(())
    }

    fn directed_jumps(
        &self,
        doc: &SpecDocument,
        dirs: &Spanned<Directions>,
    ) -> Result<Vec<Jump>, Diagnostic> {
        let steps = match dirs.get_ref() {
            Directions::Preset(name) => preset_steps(name).ok_or_else(|| {
                let mut help = format!(
                    "use one of: {}, or a list of [dx, dy] steps",
                    PRESETS.join(", ")
                );
                if let Some(near) = crate::spec::closest(name, PRESETS) {
                    help = format!("did you mean `{near}`? {help}");
                }
                doc.error(dirs.span(), format!("unknown jump directions `{name}`"))
                    .help(help)
            })?,
            Directions::Steps(list) => {
                let mut out = Vec::new();
                for s in list {
                    match s.as_slice() {
                        [dx, dy] if (*dx, *dy) != (0, 0) => out.push((*dx, *dy)),
                        _ => {
                            return Err(doc
                                .error(dirs.span(), format!("{s:?} is not a step [dx, dy]"))
                                .help("each step is two numbers, not both zero: columns right, rows down"));
                        }
                    }
                }
                out
            }
        };
        let cells = self.cells.as_ref().expect("a drawn board");
        let at: HashMap<(i64, i64), usize> =
            cells.iter().enumerate().map(|(i, c)| (*c, i)).collect();
        let mut out = Vec::new();
        for (from, &(x, y)) in cells.iter().enumerate() {
            for &(dx, dy) in &steps {
                for sign in [1, -1] {
                    let over = at.get(&(x + sign * dx, y + sign * dy));
                    let to = at.get(&(x + 2 * sign * dx, y + 2 * sign * dy));
                    if let (Some(&over), Some(&to)) = (over, to) {
                        out.push(Jump {
                            from: from as u8,
                            over: over as u8,
                            to: to as u8,
                        });
                    }
                }
            }
        }
        let mut seen = FxHashSet::default();
        out.retain(|j| seen.insert(*j));
        Ok(out)
    }

    /// The holes a list in the spec names, checked, without repeats.
    pub fn resolve_all(&self, doc: &SpecDocument, list: &Holes) -> Result<Vec<usize>, Diagnostic> {
        let mut out = Vec::new();
        for r in list.get_ref() {
            let h = self.resolve(doc, r)?;
            if out.contains(&h) {
                return Err(doc
                    .error(
                        r.span(),
                        format!("hole `{}` is named twice", self.labels[h]),
                    )
                    .help("name each hole once"));
            }
            out.push(h);
        }
        Ok(out)
    }

    /// A position drawn as on the spec's drawing (or as a row of holes in index order).
    pub fn draw(&self, has_peg: impl Fn(usize) -> bool) -> String {
        let Some(cells) = &self.cells else {
            return (0..self.len())
                .map(|i| if has_peg(i) { 'o' } else { '.' })
                .collect();
        };
        let width = cells.iter().map(|c| c.0).max().unwrap_or(0) as usize + 1;
        let height = cells.iter().map(|c| c.1).max().unwrap_or(0) as usize + 1;
        let mut grid = vec![vec![' '; width]; height];
        for (i, &(x, y)) in cells.iter().enumerate() {
            grid[y as usize][x as usize] = if has_peg(i) { 'o' } else { '.' };
        }
        grid.iter()
            .map(|row| row.iter().collect::<String>().trim_end().to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board drawn with holes on `cells` (column, row), in the order given.
    fn drawn(cells: Vec<(i64, i64)>) -> Board {
        Board {
            labels: Vec::new(),
            jumps: Vec::new(),
            cells: Some(cells),
            drawn_empty: Vec::new(),
            numeric_labels: false,
            labels_are_coordinates: false,
        }
    }

    #[test]
    fn a_drawn_board_is_laid_out_on_its_grid() {
        // English 33 drawn with a blank between holes, two lines down: a 7 x 7 grid.
        let cross: Vec<(i64, i64)> = (0..7)
            .flat_map(|y| (0..7).map(move |x| (x, y)))
            .filter(|&(x, y)| (2..5).contains(&x) || (2..5).contains(&y))
            .collect();
        let on_grid = cross.iter().fold(0u64, |m, &(x, y)| m | 1 << (7 * y + x));
        let spaced = cross.iter().map(|&(x, y)| (3 + 2 * x, 1 + 2 * y)).collect();
        assert_eq!(drawn(spaced).grid_spread(), Some(on_grid));
        // The triangle of 5 rows, each shifted half a hole: 9 columns of cells.
        let triangle: Vec<(i64, i64)> = (0..5)
            .flat_map(|r| (0..=r).map(move |c| (4 - r + 2 * c, r)))
            .collect();
        let on_grid = triangle
            .iter()
            .fold(0u64, |m, &(x, y)| m | 1 << (9 * y + x));
        assert_eq!(drawn(triangle).grid_spread(), Some(on_grid));
        // A 9 x 9 grid (diamond 41's) is past 64 bits; holes out of reading order have no
        // layout; nor has a board given by its jump table alone.
        assert_eq!(
            drawn(vec![(0, 0), (1, 0), (0, 1), (8, 8)]).grid_spread(),
            None
        );
        assert_eq!(drawn(vec![(1, 0), (0, 0)]).grid_spread(), None);
        let mut table = drawn(Vec::new());
        table.cells = None;
        assert_eq!(table.grid_spread(), None);
    }
}
