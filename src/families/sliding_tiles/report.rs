//! How positions and moves look in the report (text rows and JSON arrays), and the typed fields
//! each objective adds to the JSON document (docs/json.md, docs/schema/sliding-tiles.json):
//! one start with every board along the way, many starts as one line each, the farthest
//! positions, the count per distance.

use super::arrangement::Start;
use super::board::tile_list;
use super::model;
use super::puzzle::TilesPuzzle;
use super::shortest::Outcome;
use crate::report::duration::human;
use crate::report::picture::{Content, Grid, Mark, Picture};
use crate::report::{Report, Section, Solution, StateView, Status, Step, group_digits};
use serde::Serialize;

/// The fields of `shortest` with one start.
#[derive(Debug, Serialize)]
pub struct SingleDetails {
    pub goal: StateView,
    /// The tile moved at each step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tiles_moved: Option<Vec<u8>>,
    /// Why there is no solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The fields of `shortest` with several starts.
#[derive(Debug, Serialize)]
pub struct BatchDetails {
    pub instances: Vec<Instance>,
    /// Moves of all solved starts together.
    pub total_moves: u64,
    /// How many starts were solved.
    pub solved: usize,
}

/// One start of several.
#[derive(Debug, Serialize)]
pub struct Instance {
    pub start: StateView,
    /// `solved` or `no-solution`.
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
    /// The optimal length the starts file gives.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tiles_moved: Option<Vec<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub nodes: u64,
    pub elapsed_ms: f64,
}

/// The fields of `longest`.
#[derive(Debug, Serialize)]
pub struct LongestDetails {
    pub goal: StateView,
    /// Moves from the goal to the farthest positions.
    pub farthest_distance: usize,
    /// How many positions are that far.
    pub farthest_count: usize,
    /// The farthest positions listed (at most `solve.limit`).
    pub farthest: Vec<StateView>,
    /// How many positions lie at each distance, from 0.
    pub layer_counts: Vec<u64>,
}

/// The fields of `count` when the positions were visited.
#[derive(Debug, Serialize)]
pub struct CountDetails {
    pub layer_counts: Vec<u64>,
}

impl TilesPuzzle {
    /// `8 6 7 / 2 5 4 / 3 0 1` on a rectangle (a row per `/`), the tiles in cell order otherwise;
    /// an array of tiles in JSON.
    pub(super) fn view(&self, tiles: &[u8]) -> StateView {
        let width = (self.n() - 1).to_string().len();
        let cell = |t: &u8| format!("{t:>width$}");
        let text = match self.model.board.shape {
            Some((_, cols)) => tiles
                .chunks(cols)
                .map(|row| row.iter().map(cell).collect::<Vec<_>>().join(" "))
                .collect::<Vec<_>>()
                .join(" / "),
            None => tiles.iter().map(cell).collect::<Vec<_>>().join(" "),
        };
        StateView {
            text,
            data: tiles.iter().map(|&t| serde_json::Value::from(t)).collect(),
            picture: self.picture(tiles, None),
        }
    }

    /// The position after `mv` (if any), with the tile it slid marked.
    fn view_after(&self, tiles: &[u8], mv: &model::Move) -> StateView {
        StateView {
            picture: self.picture(tiles, Some(mv)),
            ..self.view(tiles)
        }
    }

    /// A rectangular board as a grid of numbered tiles (the blank empty), the tile `mv` slid
    /// marked where it stands and the cell it left; boards given by adjacency have none.
    fn picture(&self, tiles: &[u8], mv: Option<&model::Move>) -> Option<Picture> {
        let (rows, columns) = self.model.board.shape?;
        let mut grid = Grid::empty(rows, columns);
        for (cell, &tile) in grid.cells.iter_mut().zip(tiles) {
            if tile != 0 {
                cell.content = Content::Named {
                    text: tile.to_string(),
                    group: u32::from(tile),
                };
            }
        }
        if let Some(mv) = mv {
            grid.cells[usize::from(mv.to)].mark = Mark::Moved;
            grid.cells[usize::from(mv.from)].mark = Mark::From;
        }
        Some(Picture::Grid(grid))
    }

    pub(super) fn describe(&self, mv: &model::Move) -> String {
        format!("{} {}", mv.tile, self.model.board.direction(mv.from, mv.to))
    }

    /// One start: every board along the way, or why there is none.
    pub(super) fn fill_single(&self, report: &mut Report, start: &Start, out: &Outcome) {
        report.start = Some(self.view(&start.tiles));
        let mut details = SingleDetails {
            goal: self.view(&self.goal),
            tiles_moved: None,
            reason: None,
        };
        let Some(moves) = &out.moves else {
            // A stopped search leaves the status to the caller, which marks the report stopped.
            if out.stopped {
                report.notes.push(format!("not solved: {}", out.reason));
                details.reason = Some(out.reason.clone());
                report.set_details(&details);
                return;
            }
            report.status = Status::NoSolution;
            report.notes.push(format!("unsolvable: {}", out.reason));
            details.reason = Some(out.reason.clone());
            report.set_details(&details);
            return;
        };
        report.notes.push(format!("solvable: {}", out.reason));
        report.cost = Some(moves.len() as u64);
        let mut s = self.model.pack(&start.tiles);
        let mut steps = Vec::with_capacity(moves.len());
        for mv in moves {
            // Replayed before the report is filled, so every move applies.
            s = self.model.apply(s, *mv).unwrap_or(s);
            steps.push(Step {
                action: self.describe(mv),
                state: Some(self.view_after(&self.model.unpack(s), mv)),
            });
        }
        report.solutions.push(Solution {
            steps,
            notation: None,
            picture: None,
        });
        let tiles: Vec<u8> = moves.iter().map(|m| m.tile).collect();
        report.sections.push(Section {
            title: "tiles moved".into(),
            lines: vec![tile_list(&tiles)],
        });
        details.tiles_moved = Some(tiles);
        report.set_details(&details);
    }

    /// Several starts: one line and one instance each, and the totals.
    pub(super) fn fill_batch(&self, report: &mut Report, outcomes: &[Outcome]) {
        let mut lines = Vec::new();
        let mut instances = Vec::new();
        for (i, (start, out)) in self.starts.iter().zip(outcomes).enumerate() {
            let instance = self.instance(start, out);
            lines.push(instance_line(i + 1, &instance));
            if let (Some(moves), Some(tiles)) = (&out.moves, &instance.tiles_moved) {
                report.solutions.push(Solution {
                    steps: moves
                        .iter()
                        .map(|mv| Step {
                            action: self.describe(mv),
                            state: None,
                        })
                        .collect(),
                    notation: Some(format!(
                        "{} | tiles: {}",
                        instance.start.text,
                        tile_list(tiles)
                    )),
                    picture: None,
                });
            }
            instances.push(instance);
        }
        let solved = instances.iter().filter(|i| i.length.is_some()).count();
        let total_moves: u64 = instances.iter().filter_map(|i| i.length).sum::<usize>() as u64;
        let stopped = outcomes.iter().any(|o| o.stopped);
        if solved == 0 && !stopped {
            report.status = Status::NoSolution;
        }
        report.notes.push(format!(
            "{solved} of {} starts solved optimally, {total_moves} moves in all",
            self.starts.len()
        ));
        report.sections.push(Section {
            title: "starts".into(),
            lines,
        });
        report.set_details(&BatchDetails {
            instances,
            total_moves,
            solved,
        });
    }

    fn instance(&self, start: &Start, out: &Outcome) -> Instance {
        let solved = out.moves.as_ref();
        Instance {
            start: self.view(&start.tiles),
            status: if solved.is_some() {
                Status::Solved
            } else if out.stopped {
                Status::Stopped
            } else {
                Status::NoSolution
            },
            length: solved.map(Vec::len),
            expected: start.expected.as_ref().map(|e| e.moves),
            tiles_moved: solved.map(|m| m.iter().map(|mv| mv.tile).collect()),
            reason: solved.is_none().then(|| out.reason.clone()),
            nodes: out.nodes,
            elapsed_ms: out.elapsed.as_secs_f64() * 1e3,
        }
    }
}

/// `  3:  57 moves, as expected, 1,234 nodes, 5.0 ms` (durations as people read them), or why there is no solution.
fn instance_line(number: usize, instance: &Instance) -> String {
    let Some(length) = instance.length else {
        let reason = instance.reason.as_deref().unwrap_or("");
        if instance.status == Status::Stopped {
            return format!("{number:>3}: stopped: {reason}");
        }
        return format!("{number:>3}: no solution: {reason}");
    };
    // A length that disagrees with the file's ends the solve before the report is filled.
    let check = if instance.expected.is_some() {
        ", as expected"
    } else {
        ""
    };
    format!(
        "{number:>3}: {length:>3} moves{check}, {} nodes, {}",
        group_digits(u128::from(instance.nodes)),
        human(instance.elapsed_ms)
    )
}
