//! How a packing answer looks: each packing drawn with a letter per piece (text, and a picture
//! for `--boards`, `--html`, `--svg`, a solid's layers side by side), counts with and up to the
//! symmetry, and the typed fields the kind adds to the JSON document (docs/schema/packing.json).

use super::model::Model;
use crate::engine::exact_cover::Tally;
use crate::report::picture::{Content, Grid, Picture};
use crate::report::{Report, Section, Solution, Status, Step, group_digits};
use serde::Serialize;

#[derive(Debug, Default, Serialize)]
pub struct PackingDetails {
    /// Cells of the board.
    pub cells: usize,
    /// Layers, rows and columns of the board's box.
    pub size: [i32; 3],
    pub pieces: Vec<PieceInfo>,
    /// Every placement of every orientation of every piece (the exact cover's options).
    pub placements: usize,
    /// `all`: whether every packing was listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
    /// `any`, `all`: each packing as rows of letters (a solid's layers side by side).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub packings: Option<Vec<Vec<String>>>,
    /// `count`: the packings up to the symmetries (`count` counts them all).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count_up_to_symmetry: Option<u64>,
    /// `count`: the symmetries of the puzzle (the identity included).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symmetries: Option<usize>,
}

#[derive(Debug, Serialize)]
pub struct PieceInfo {
    pub name: String,
    pub letter: String,
    pub cells: usize,
    pub count: u32,
    pub orientations: usize,
}

impl PackingDetails {
    pub fn new(m: &Model) -> PackingDetails {
        PackingDetails {
            cells: m.board.cells.len(),
            size: m.board.size,
            pieces: m
                .pieces
                .iter()
                .map(|p| PieceInfo {
                    name: p.name.clone(),
                    letter: p.letter.to_string(),
                    cells: p.size(),
                    count: p.count,
                    orientations: p.orientations.len(),
                })
                .collect(),
            placements: m.placements.len(),
            ..PackingDetails::default()
        }
    }
}

/// A count: all packings, and the classes under the symmetries, said as which is which.
/// `part`: the count of one shard's part, where none found says nothing of the whole.
pub fn fill_count(
    report: &mut Report,
    details: &mut PackingDetails,
    t: &Tally,
    symmetries: usize,
    part: bool,
) {
    details.count_up_to_symmetry = Some(t.kept);
    details.symmetries = Some(symmetries);
    let whole = t.complete && !part;
    describe_count(report, (t.solutions, t.kept), symmetries, t.complete, whole);
}

/// A merged split count (`puzzlespec merge`), said as a plain count says it.
pub fn describe_merged(doc: &serde_json::Value, report: &mut Report) {
    let number = |key: &str| doc.get(key).and_then(serde_json::Value::as_u64);
    let (Some(all), Some(kept), Some(symmetries)) = (
        number("count"),
        number("count_up_to_symmetry"),
        number("symmetries"),
    ) else {
        return;
    };
    let complete = report.status != Status::Stopped;
    describe_count(report, (all, kept), symmetries as usize, complete, complete);
}

/// The count's notes and section: `(all, kept)` packings, in all and up to the `symmetries`;
/// `whole`: a complete count of the whole puzzle, where none found means there is none.
fn describe_count(
    report: &mut Report,
    (all, kept): (u64, u64),
    symmetries: usize,
    complete: bool,
    whole: bool,
) {
    report.count = Some(u128::from(all));
    if all == 0 && whole {
        report.status = Status::NoSolution;
        report
            .notes
            .push("no packing of the pieces fills the board".into());
        return;
    }
    if !complete {
        report
            .notes
            .push("the count was cut short: the numbers are the packings found so far".into());
    }
    let mirrors = if symmetries == 1 {
        "the puzzle has no symmetry but the identity".to_string()
    } else {
        format!("{symmetries} symmetries of the board that map the set of pieces onto itself")
    };
    report.sections.push(Section {
        title: "packings".into(),
        lines: vec![
            format!(
                "{} in all (count, each rotation and reflection counted apart)",
                group_digits(u128::from(all))
            ),
            format!(
                "{} up to symmetry (one per class; {mirrors})",
                group_digits(u128::from(kept))
            ),
        ],
    });
}

/// Listed packings: each as its rows of letters and its picture.
pub fn fill_packings(
    report: &mut Report,
    details: &mut PackingDetails,
    m: &Model,
    covers: &[Vec<usize>],
) {
    let mut all = Vec::with_capacity(covers.len());
    for cover in covers {
        let rows = letters(m, cover);
        let steps = cover
            .iter()
            .map(|&o| {
                let p = &m.placements[o];
                let name = p.piece.map_or("empty", |k| m.pieces[k].name.as_str());
                let cells: Vec<String> = p.cells.iter().map(|&c| point(m, c)).collect();
                Step {
                    action: format!("{name} at {}", cells.join(" ")),
                    state: None,
                }
            })
            .collect();
        report.solutions.push(Solution {
            steps,
            notation: Some(rows.join("\n")),
            picture: Some(picture(m, cover)),
        });
        all.push(rows);
    }
    details.packings = Some(all);
}

/// A cell as `row,column` (flat) or `layer,row,column` (solid), from 1.
fn point(m: &Model, c: u16) -> String {
    let p = m.board.cells[c as usize];
    if m.board.solid() {
        format!("{},{},{}", p[0] + 1, p[1] + 1, p[2] + 1)
    } else {
        format!("{},{}", p[1] + 1, p[2] + 1)
    }
}

/// Where a board cell is drawn: its row, and its column with the layers side by side, one
/// column apart.
fn at(m: &Model, c: usize) -> (usize, usize) {
    let p = m.board.cells[c];
    let width = m.board.size[2] as usize + 1;
    (p[1] as usize, p[0] as usize * width + p[2] as usize)
}

fn drawn_size(m: &Model) -> (usize, usize) {
    let [layers, rows, cols] = m.board.size.map(|v| v as usize);
    (rows, layers * (cols + 1) - 1)
}

/// The letter of option `o` of `cover`: its piece's, in lower case for every other copy of a
/// piece with copies (in the order the copies were placed), so that neighbouring copies show
/// their edge more often than not.
fn letter_of(m: &Model, cover: &[usize], o: usize) -> Option<char> {
    let k = m.placements[o].piece?;
    let letter = m.pieces[k].letter;
    let copy = cover
        .iter()
        .take_while(|&&x| x != o)
        .filter(|&&x| m.placements[x].piece == Some(k))
        .count();
    Some(if copy % 2 == 1 {
        letter.to_ascii_lowercase()
    } else {
        letter
    })
}

/// The packing as rows of letters: `.` an empty board cell, space no cell.
fn letters(m: &Model, cover: &[usize]) -> Vec<String> {
    let (rows, cols) = drawn_size(m);
    let mut grid = vec![vec![' '; cols]; rows];
    for (c, owner) in m.cell_owners(cover).iter().enumerate() {
        let (r, col) = at(m, c);
        grid[r][col] = owner.and_then(|o| letter_of(m, cover, o)).unwrap_or('.');
    }
    grid.into_iter()
        .map(|r| r.into_iter().collect::<String>().trim_end().to_string())
        .collect()
}

fn picture(m: &Model, cover: &[usize]) -> Picture {
    let (rows, cols) = drawn_size(m);
    let mut grid = Grid::empty(rows, cols);
    for cell in &mut grid.cells {
        cell.content = Content::Off;
    }
    for (c, owner) in m.cell_owners(cover).iter().enumerate() {
        let (r, col) = at(m, c);
        // One colour per piece placed: copies of a piece are told apart.
        grid.cell_mut(r, col).content = match owner.and_then(|o| Some((o, letter_of(m, cover, o)?)))
        {
            Some((o, letter)) => Content::Named {
                text: letter.to_string(),
                group: cover.iter().position(|&x| x == o).unwrap_or(0) as u32,
            },
            None => Content::Empty,
        };
    }
    Picture::Grid(grid)
}
