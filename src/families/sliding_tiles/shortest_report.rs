//! Turns the outcomes of `shortest` into the Report: one start with every board along the way,
//! or many starts as one line each.

use super::TilesPuzzle;
use super::arrangement::Start;
use super::shortest::Outcome;
use super::state_view::tile_list;
use crate::report::group_digits;
use crate::report::{Report, Section, Solution, Status, Step};

impl TilesPuzzle {
    pub(super) fn fill_single(&self, report: &mut Report, start: &Start, out: &Outcome) {
        report.start = Some(self.view(&start.tiles));
        report
            .extra
            .insert("goal".into(), self.view(&self.goal).data);
        let Some(moves) = &out.moves else {
            report.status = Status::NoSolution;
            report.notes.push(format!("unsolvable: {}", out.reason));
            report
                .extra
                .insert("reason".into(), out.reason.clone().into());
            return;
        };
        report.notes.push(format!("solvable: {}", out.reason));
        report.cost = Some(moves.len() as u64);
        let mut s = self.model.pack(&start.tiles);
        let steps = moves
            .iter()
            .map(|mv| {
                s = self.model.apply(s, *mv).expect("replayed above");
                Step {
                    action: self.describe(mv),
                    state: Some(self.view(&self.model.unpack(s))),
                }
            })
            .collect();
        report.solutions.push(Solution {
            steps,
            notation: None,
        });
        let tiles: Vec<u8> = moves.iter().map(|m| m.tile).collect();
        report.sections.push(Section {
            title: "tiles moved".into(),
            lines: vec![tile_list(&tiles)],
        });
        report.extra.insert("tiles_moved".into(), tiles.into());
    }

    pub(super) fn fill_batch(&self, report: &mut Report, outcomes: &[Outcome]) {
        let mut lines = Vec::new();
        let mut instances = Vec::new();
        let mut total = 0u64;
        let mut solved = 0usize;
        for (i, (start, out)) in self.starts.iter().zip(outcomes).enumerate() {
            let mut json = serde_json::Map::new();
            json.insert("start".into(), self.view(&start.tiles).data);
            json.insert("nodes".into(), out.nodes.into());
            json.insert(
                "elapsed_ms".into(),
                (out.elapsed.as_secs_f64() * 1e3).into(),
            );
            if let Some(e) = start.expected {
                json.insert("expected".into(), e.into());
            }
            match &out.moves {
                Some(moves) => {
                    solved += 1;
                    total += moves.len() as u64;
                    let tiles: Vec<u8> = moves.iter().map(|m| m.tile).collect();
                    let check = match start.expected {
                        Some(e) if e as usize == moves.len() => ", as expected".to_string(),
                        Some(e) => {
                            report.notes.push(format!(
                                "start {}: {} moves, but its file gives {e}",
                                i + 1,
                                moves.len()
                            ));
                            format!(", EXPECTED {e}")
                        }
                        None => String::new(),
                    };
                    lines.push(format!(
                        "{:>3}: {:>3} moves{check}, {} nodes, {:.1} ms",
                        i + 1,
                        moves.len(),
                        group_digits(u128::from(out.nodes)),
                        out.elapsed.as_secs_f64() * 1e3
                    ));
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
                            self.view(&start.tiles).text,
                            tile_list(&tiles)
                        )),
                    });
                    json.insert("status".into(), "solved".into());
                    json.insert("length".into(), moves.len().into());
                    json.insert("tiles_moved".into(), tiles.into());
                }
                None => {
                    lines.push(format!("{:>3}: no solution: {}", i + 1, out.reason));
                    json.insert("status".into(), "no-solution".into());
                    json.insert("reason".into(), out.reason.clone().into());
                }
            }
            instances.push(serde_json::Value::Object(json));
        }
        if solved == 0 {
            report.status = Status::NoSolution;
        }
        report.notes.push(format!(
            "{solved} of {} starts solved optimally, {total} moves in all",
            self.starts.len()
        ));
        report.sections.push(Section {
            title: "starts".into(),
            lines,
        });
        report.extra.insert("instances".into(), instances.into());
        report.extra.insert("total_moves".into(), total.into());
        report.extra.insert("solved".into(), solved.into());
    }
}
