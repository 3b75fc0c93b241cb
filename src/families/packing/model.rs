//! The packing puzzle as an exact cover: the board's cells numbered in the order the search
//! fills them (along the board's longest side last, so the bitboard engine fills short columns
//! first), every placement of every orientation of every piece an option over its cells, a
//! piece's copies its group's budget, and cells allowed to stay empty one-cell options of a
//! group of their own.

use super::drawing::Point;
use super::shape::extent;
use crate::engine::exact_cover::{Entry, Problem};
use std::collections::HashMap;

/// A piece of the set, read and checked.
#[derive(Debug, Clone)]
pub struct Piece {
    pub name: String,
    /// The letter it is drawn with.
    pub letter: char,
    pub count: u32,
    /// Its distinct orientations, each normal.
    pub orientations: Vec<Vec<Point>>,
}

impl Piece {
    pub fn size(&self) -> usize {
        self.orientations[0].len()
    }
}

/// One option: a piece (None: a cell left empty) on cells (numbers in fill order).
#[derive(Debug, Clone)]
pub struct Placement {
    pub piece: Option<usize>,
    pub cells: Vec<u16>,
}

/// The board: its cells (in fill order) and their numbers.
#[derive(Debug, Clone)]
pub struct Board {
    pub cells: Vec<Point>,
    pub number: HashMap<Point, u16>,
    pub size: [i32; 3],
}

impl Board {
    /// The board of `cells`, numbered with the longest axis outermost and the shortest innermost.
    pub fn new(cells: &[Point], size: [i32; 3]) -> Board {
        let mut axes = [0usize, 1, 2];
        // Stable: on equal extents rows stay before columns.
        axes.sort_by_key(|&a| std::cmp::Reverse(size[a]));
        let mut cells = cells.to_vec();
        cells.sort_by_key(|p| axes.map(|a| p[a]));
        let number = cells
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, i as u16))
            .collect();
        Board {
            cells,
            number,
            size,
        }
    }

    pub fn solid(&self) -> bool {
        self.size[0] > 1
    }
}

/// The whole model: board, pieces, options.
#[derive(Debug, Clone)]
pub struct Model {
    pub board: Board,
    pub pieces: Vec<Piece>,
    pub placements: Vec<Placement>,
    /// How many cells may stay empty (0 unless `empty_cells`).
    pub empty_budget: u32,
}

impl Model {
    pub fn new(board: Board, pieces: Vec<Piece>, empty_budget: u32) -> Model {
        let mut placements = Vec::new();
        for (k, piece) in pieces.iter().enumerate() {
            for o in &piece.orientations {
                placements.extend(places(&board, o).map(|cells| Placement {
                    piece: Some(k),
                    cells,
                }));
            }
        }
        if empty_budget > 0 {
            placements.extend((0..board.cells.len()).map(|c| Placement {
                piece: None,
                cells: vec![c as u16],
            }));
        }
        Model {
            board,
            pieces,
            placements,
            empty_budget,
        }
    }

    /// The exact-cover problem: cells are the primary items, pieces (and the empty cells) are
    /// groups with budgets.
    pub fn problem(&self) -> Problem {
        let options = self
            .placements
            .iter()
            .map(|p| {
                p.cells
                    .iter()
                    .map(|&c| Entry {
                        item: u32::from(c),
                        colour: 0,
                    })
                    .collect()
            })
            .collect();
        let mut problem = Problem::new(self.board.cells.len(), 0, options);
        let empty_group = self.pieces.len() as u32;
        problem.group = self
            .placements
            .iter()
            .map(|p| p.piece.map_or(empty_group, |k| k as u32))
            .collect();
        problem.budget = self.pieces.iter().map(|p| p.count).collect();
        problem.budget.push(self.empty_budget);
        problem
    }

    /// How many placements each piece has (a piece with none cannot be placed).
    pub fn placements_of(&self, piece: usize) -> usize {
        self.placements
            .iter()
            .filter(|p| p.piece == Some(piece))
            .count()
    }

    /// The pieces and cells of a cover (option numbers): for each cell, the option covering it.
    pub fn cell_owners(&self, cover: &[usize]) -> Vec<Option<usize>> {
        let mut owner = vec![None; self.board.cells.len()];
        for &o in cover {
            for &c in &self.placements[o].cells {
                owner[c as usize] = Some(o);
            }
        }
        owner
    }

    /// Checks a cover from scratch: each option a legal placement (the piece's orientation,
    /// moved, on board cells), each cell covered once, no piece used more than its count, and
    /// no more empty cells than allowed.
    pub fn verify(&self, cover: &[usize]) -> Result<(), String> {
        let mut covered = vec![0u32; self.board.cells.len()];
        let mut used = vec![0u32; self.pieces.len() + 1];
        for &o in cover {
            let p = self.placements.get(o).ok_or("no such placement")?;
            let points: Vec<Point> = p
                .cells
                .iter()
                .map(|&c| self.board.cells[c as usize])
                .collect();
            match p.piece {
                Some(k) => {
                    let shape = super::shape::normal(&points);
                    if !self.pieces[k].orientations.contains(&shape) {
                        return Err(format!(
                            "a placement of {} is not one of its orientations",
                            self.pieces[k].name
                        ));
                    }
                    used[k] += 1;
                    if used[k] > self.pieces[k].count {
                        return Err(format!(
                            "{} is placed more than {} times",
                            self.pieces[k].name, self.pieces[k].count
                        ));
                    }
                }
                None => {
                    used[self.pieces.len()] += 1;
                    if used[self.pieces.len()] > self.empty_budget {
                        return Err("more cells left empty than allowed".into());
                    }
                }
            }
            for &c in &p.cells {
                covered[c as usize] += 1;
            }
        }
        match covered.iter().position(|&n| n != 1) {
            Some(c) => Err(format!(
                "cell {:?} is covered {} times",
                self.board.cells[c], covered[c]
            )),
            None => Ok(()),
        }
    }
}

/// Every placement of the normal shape `o` on the board, as cell numbers.
fn places<'a>(board: &'a Board, o: &'a [Point]) -> impl Iterator<Item = Vec<u16>> + 'a {
    let e = extent(o);
    let range = move |i: usize| 0..=(board.size[i] - e[i]).max(-1);
    range(0).flat_map(move |z| {
        range(1).flat_map(move |y| {
            range(2).filter_map(move |x| {
                o.iter()
                    .map(|p| board.number.get(&[p[0] + z, p[1] + y, p[2] + x]).copied())
                    .collect::<Option<Vec<u16>>>()
                    .map(|mut cells| {
                        // Sorted, so that a placement's cells compare as a set.
                        cells.sort_unstable();
                        cells
                    })
            })
        })
    })
}
