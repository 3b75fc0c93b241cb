//! Reading the spec into the model: the board (rows x cols or adjacency), the goal, the starts,
//! the engine that fits the objective, and the tile groups of the pattern databases.

use super::arrangement::{self, Start};
use super::board::{Board, MAX_CELLS};
use super::model::Tiles;
use super::pattern_database::MAX_GROUP;
use super::pattern_rank::MAX_RANKED_GROUP;
use super::plan::{BoardFacts, CATALOG, Engine, Objective, plan};
use super::puzzle::TilesPuzzle;
use super::spec::{self, TilesDocument};
use super::starts_file;
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;
use toml::Spanned;

/// Reads and checks the spec: the board, goal, starts, pattern groups, objective and engine.
pub(super) fn puzzle(doc: &SpecDocument) -> Result<TilesPuzzle, Diagnostic> {
    let spec: TilesDocument = doc.deserialize()?;
    let table = spec.board.get_ref();
    let board = read_board(doc, &spec.board)?;
    let n = board.cells();
    let goal = match &table.goal {
        Some(g) => arrangement::from_spec(doc, g, "the goal", n)?,
        None => (1..n as u8).chain([0]).collect(),
    };
    let choice = CATALOG.choose(doc, &spec.solve)?;
    let starts = read_starts(doc, &spec.board, n, choice.objective)?;
    let topology = board.topology();
    let facts = BoardFacts {
        cells: n,
        topology: &topology,
        bipartite: board.two_colouring().is_some(),
        patterns: read_patterns(doc, table, &board, &goal)?,
        seven_eight: seven_eight_patterns(&board, &goal),
    };
    let (plan, engine) = plan(doc, &spec.solve, &choice, facts)?;
    if let (Engine::IdaStar78, Some(given)) = (engine.engine, &table.patterns) {
        return Err(doc
            .error(given.span(), "`patterns` with engine ida-star-7-8")
            .help("ida-star-7-8 uses Korf and Felner's 7-8 groups; give your own groups with engine = \"ida-star\", or remove `patterns`"));
    }
    Ok(TilesPuzzle {
        model: Tiles::new(board),
        topology,
        goal,
        starts,
        objective: choice.objective,
        plan,
        engine,
        limit: usize::try_from(spec.solve.limit(100)).unwrap_or(usize::MAX),
    })
}

fn read_board(doc: &SpecDocument, table: &Spanned<spec::BoardTable>) -> Result<Board, Diagnostic> {
    let t = table.get_ref();
    let board = match (&t.rows, &t.cols, &t.adjacent) {
        (Some(rows), Some(cols), None) => {
            for side in [rows, cols] {
                if !(1..=MAX_CELLS as i64).contains(side.get_ref()) {
                    return Err(doc
                        .error(side.span(), format!("a side of {} cells", side.get_ref()))
                        .help(format!(
                            "rows and cols are 1 or more, with at most {MAX_CELLS} cells in all"
                        )));
                }
            }
            Board::rectangle(*rows.get_ref() as usize, *cols.get_ref() as usize)
        }
        (None, None, Some(adj)) => read_adjacency(doc, adj)?,
        (_, _, Some(adj)) => {
            return Err(doc
                .error(adj.span(), "both rows x cols and an adjacency list")
                .help("give either `rows` and `cols`, or `adjacent`, not both"));
        }
        _ => {
            return Err(doc
                .error(table.span(), "the board has no shape")
                .help("give `rows` and `cols` for a rectangle, or `adjacent` (the neighbours of each cell)"));
        }
    };
    let n = board.cells();
    if !(2..=MAX_CELLS).contains(&n) {
        let span = t.rows.as_ref().map_or_else(|| table.span(), |r| r.span());
        return Err(doc
            .error(span, format!("a board of {n} cells"))
            .help(format!(
                "boards have 2 to {MAX_CELLS} cells (each cell takes 4 bits of a 64-bit state)"
            )));
    }
    Ok(board)
}

fn read_adjacency(doc: &SpecDocument, adj: &spec::NumberLists) -> Result<Board, Diagnostic> {
    let rows = adj.get_ref();
    let n = rows.len();
    if !(2..=MAX_CELLS).contains(&n) {
        return Err(doc
            .error(adj.span(), format!("an adjacency list of {n} cells"))
            .help(format!(
                "boards have 2 to {MAX_CELLS} cells: one list of neighbours per cell"
            )));
    }
    let mut adjacent = vec![Vec::new(); n];
    for (c, row) in rows.iter().enumerate() {
        for v in row.get_ref() {
            let x = *v.get_ref();
            if !(0..n as i64).contains(&x) {
                return Err(doc
                    .error(
                        v.span(),
                        format!("cell {c} lists cell {x}, which does not exist"),
                    )
                    .label("no such cell")
                    .help(format!(
                        "cells are numbered 0 to {} in the order of `adjacent`",
                        n - 1
                    )));
            }
            if x as usize == c {
                return Err(doc
                    .error(v.span(), format!("cell {c} lists itself as a neighbour"))
                    .help("remove it: a tile cannot slide onto its own cell"));
            }
            if adjacent[c].contains(&(x as u8)) {
                return Err(doc
                    .error(v.span(), format!("cell {c} lists cell {x} twice"))
                    .help("list each neighbour once"));
            }
            adjacent[c].push(x as u8);
        }
    }
    check_symmetric(doc, adj, &adjacent)?;
    for a in &mut adjacent {
        a.sort_unstable();
    }
    Ok(Board {
        adjacent,
        shape: None,
    })
}

/// Adjacency goes both ways: each cell `c` listing `x` is listed by `x`.
fn check_symmetric(
    doc: &SpecDocument,
    adj: &spec::NumberLists,
    adjacent: &[Vec<u8>],
) -> Result<(), Diagnostic> {
    for (c, row) in adj.get_ref().iter().enumerate() {
        for v in row.get_ref() {
            let x = *v.get_ref() as usize;
            if !adjacent[x].contains(&(c as u8)) {
                return Err(doc
                    .error(v.span(), format!("cell {c} lists cell {x}, but cell {x} does not list cell {c}"))
                    .label("one-way adjacency")
                    .help(format!("adjacency goes both ways: add {c} to the list of cell {x}, or remove {x} here")));
            }
        }
    }
    Ok(())
}

fn read_starts(
    doc: &SpecDocument,
    table: &Spanned<spec::BoardTable>,
    n: usize,
    objective: Objective,
) -> Result<Vec<Start>, Diagnostic> {
    let t = table.get_ref();
    let given = [
        t.start.is_some(),
        t.starts.is_some(),
        t.starts_file.is_some(),
    ];
    if given.iter().filter(|&&g| g).count() > 1 {
        return Err(doc
            .error(
                table.span(),
                "more than one of `start`, `starts` and `starts_file`",
            )
            .help("give the starts one way: `start` (one), `starts` (a list) or `starts_file`"));
    }
    let starts = if let Some(s) = &t.start {
        vec![Start {
            tiles: arrangement::from_spec(doc, s, "the start", n)?,
            expected: None,
        }]
    } else if let Some(list) = &t.starts {
        if list.get_ref().is_empty() {
            return Err(doc
                .error(list.span(), "`starts` is empty")
                .help("give at least one start"));
        }
        list.get_ref()
            .iter()
            .enumerate()
            .map(|(i, s)| {
                Ok(Start {
                    tiles: arrangement::from_spec(doc, s, &format!("start {}", i + 1), n)?,
                    expected: None,
                })
            })
            .collect::<Result<_, Diagnostic>>()?
    } else if let Some(file) = &t.starts_file {
        starts_file::read(doc, file, n)?
    } else {
        Vec::new()
    };
    if starts.is_empty() && objective == Objective::Shortest {
        return Err(doc
            .error(table.span(), "no start arrangement to solve")
            .help("give `start = [...]` (the tile on each cell, 0 for the blank), `starts` or `starts_file`"));
    }
    Ok(starts)
}

/// The tile groups of the pattern databases: as given, or a default partition.
fn read_patterns(
    doc: &SpecDocument,
    table: &spec::BoardTable,
    board: &Board,
    goal: &[u8],
) -> Result<Vec<Vec<u8>>, Diagnostic> {
    let n = board.cells();
    let Some(given) = &table.patterns else {
        return Ok(default_patterns(board, goal));
    };
    let mut owner = vec![None; n];
    let mut groups = Vec::new();
    for (g, group) in given.get_ref().iter().enumerate() {
        let size = group.get_ref().len();
        if size == 0 || size > MAX_RANKED_GROUP {
            return Err(doc
                .error(group.span(), format!("a pattern of {size} tiles"))
                .help(format!(
                    "each pattern holds 1 to {MAX_RANKED_GROUP} tiles (a table of 16^k bytes up to \
                     {MAX_GROUP} tiles, of n!/(n-k)! bytes for more)"
                )));
        }
        let mut tiles = Vec::new();
        for v in group.get_ref() {
            let t = *v.get_ref();
            if !(1..n as i64).contains(&t) {
                return Err(doc
                    .error(v.span(), format!("tile {t} is not a tile of this board"))
                    .help(format!(
                        "patterns hold tiles 1 to {} (not the blank)",
                        n - 1
                    )));
            }
            if let Some(other) = owner[t as usize] {
                return Err(doc
                    .error(
                        v.span(),
                        format!("tile {t} is in pattern {} already", other + 1),
                    )
                    .help("patterns must be disjoint for their values to add up"));
            }
            owner[t as usize] = Some(g);
            tiles.push(t as u8);
        }
        groups.push(tiles);
    }
    if let Some(t) = (1..n).find(|&t| owner[t].is_none()) {
        return Err(doc
            .error(given.span(), format!("tile {t} is in no pattern"))
            .help("the patterns together must hold every tile 1 to n-1"));
    }
    Ok(groups)
}

/// Korf & Felner's 7-8 partition on a 4x4 board with the goal's blank in a corner: the seven
/// tiles of the two columns on the blank's side, and the eight of the other two.
fn seven_eight_patterns(board: &Board, goal: &[u8]) -> Option<Vec<Vec<u8>>> {
    let blank = goal.iter().position(|&t| t == 0)?;
    if board.shape != Some((4, 4)) || ![0, 3, 12, 15].contains(&blank) {
        return None;
    }
    let near = |cell: usize| (cell % 4 < 2) == (blank % 4 < 2);
    let half = |side: bool| {
        let cells = (0..16).filter(|&c| near(c) == side && goal[c] != 0);
        cells.map(|c| goal[c]).collect::<Vec<u8>>()
    };
    Some(vec![half(true), half(false)])
}

/// On a 4x4 board with the goal's blank in a corner: 6-6-3 groups placed from that corner (the
/// six cells after it in reading order, the six farthest, and the three between); elsewhere
/// groups of six tiles in the goal's reading order.
fn default_patterns(board: &Board, goal: &[u8]) -> Vec<Vec<u8>> {
    let blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
    if board.shape == Some((4, 4)) && [0, 3, 12, 15].contains(&blank) {
        let (br, bc) = (blank / 4, blank % 4);
        // Cells by (row, col) counted from the blank's corner.
        let cell = |r: usize, c: usize| {
            let rr = if br == 0 { r } else { 3 - r };
            let cc = if bc == 0 { c } else { 3 - c };
            goal[rr * 4 + cc]
        };
        // Chosen by trial on Korf's instances: a third of the nodes of 2x3 blocks.
        let a = vec![
            cell(0, 1),
            cell(0, 2),
            cell(0, 3),
            cell(1, 0),
            cell(1, 1),
            cell(1, 2),
        ];
        let b = vec![
            cell(2, 1),
            cell(2, 2),
            cell(3, 0),
            cell(3, 1),
            cell(3, 2),
            cell(3, 3),
        ];
        let c = vec![cell(1, 3), cell(2, 0), cell(2, 3)];
        return vec![a, b, c];
    }
    let tiles: Vec<u8> = goal.iter().copied().filter(|&t| t != 0).collect();
    tiles.chunks(MAX_GROUP).map(<[u8]>::to_vec).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_fifteen_patterns_cover_every_tile_once() {
        for goal in [
            (0..16).collect::<Vec<u8>>(),
            (1..16).chain([0]).collect::<Vec<u8>>(),
        ] {
            let groups = default_patterns(&Board::rectangle(4, 4), &goal);
            let mut all: Vec<u8> = groups.concat();
            all.sort_unstable();
            assert_eq!(all, (1..16).collect::<Vec<u8>>());
            assert_eq!(
                groups.iter().map(Vec::len).collect::<Vec<_>>(),
                vec![6, 6, 3]
            );
        }
    }

    #[test]
    fn seven_eight_groups_are_the_goal_halves() {
        let board = Board::rectangle(4, 4);
        let korf: Vec<u8> = (0..16).collect();
        assert_eq!(
            seven_eight_patterns(&board, &korf),
            Some(vec![
                vec![1, 4, 5, 8, 9, 12, 13],
                vec![2, 3, 6, 7, 10, 11, 14, 15]
            ])
        );
        let last: Vec<u8> = (1..16).chain([0]).collect();
        assert_eq!(
            seven_eight_patterns(&board, &last),
            Some(vec![
                vec![3, 4, 7, 8, 11, 12, 15],
                vec![1, 2, 5, 6, 9, 10, 13, 14]
            ])
        );
        let centre: Vec<u8> = (1..6).chain([0]).chain(6..16).collect();
        assert_eq!(seven_eight_patterns(&board, &centre), None);
    }
}
