//! `reachable`: every position the start can reach, grown layer by layer forwards (every jump
//! removes a peg) until no jump is left, and counted by peg count: the classes up to the
//! symmetries that keep the start, and the positions (each class counted by its orbit size).

use super::engine::bitboard::Bitboard;
use super::engine::layer::Layer;
use super::engine::layer_expand::expand_set;
use super::report::{Answer, ReachableLayer};
use super::search::Search;
use crate::engine::stop;
use crate::report::Status;
use rayon::prelude::*;

impl<B: Bitboard> Search<'_, B> {
    /// Every reachable position, counted per peg count. Stopped (time limit, Ctrl-C, memory),
    /// the layers done are shown and no count is claimed.
    pub fn reachable(&self, answer: &mut Answer) {
        let mut layer = Layer {
            pegs: self.start.count(),
            keys: vec![self.space.canonical(self.start)],
            counts: Vec::new(),
        };
        let mut rows = Vec::new();
        while !layer.is_empty() {
            self.progress
                .message(|| format!("reachable: {} pegs, {} classes", layer.pegs, layer.len()));
            let positions = layer
                .keys
                .par_iter()
                .map(|&k| self.space.orbit_size(k))
                .sum();
            rows.push(ReachableLayer {
                pegs: layer.pegs,
                positions,
                classes: layer.len() as u64,
            });
            match expand_set(&self.space, &layer, false) {
                Some(next) => layer = next,
                None => break,
            }
        }
        let positions: u64 = rows.iter().map(|r| r.positions).sum();
        let classes: u64 = rows.iter().map(|r| r.classes).sum();
        answer.report.stats = self.stats(classes);
        if stop::requested().is_some() {
            answer.report.notes.push(format!(
                "stopped after the layers down to {} pegs: {} positions ({} classes) reachable so far; not a count of every reachable position",
                rows.last().map_or(0, |r| r.pegs),
                crate::report::group_digits(u128::from(positions)),
                crate::report::group_digits(u128::from(classes)),
            ));
        } else {
            self.counted(answer, &rows, positions, classes);
        }
        answer.details.reachable = rows;
    }

    /// The count of a finished `reachable`, with its note by peg count.
    fn counted(&self, answer: &mut Answer, rows: &[ReachableLayer], positions: u64, classes: u64) {
        let report = &mut answer.report;
        report.status = Status::Counted;
        report.count = Some(positions.into());
        let by_pegs: Vec<String> = rows
            .iter()
            .map(|r| format!("{}: {}", r.pegs, r.positions))
            .collect();
        report.notes.push(format!(
            "{positions} positions reachable from the start ({classes} classes up to the {} symmetries that keep it); by peg count: {}",
            self.space.group_size(),
            by_pegs.join(", ")
        ));
    }
}
