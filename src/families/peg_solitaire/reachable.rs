//! `reachable`: every position the start can reach, grown layer by layer forwards (every jump
//! removes a peg) until no jump is left, and counted by peg count: the classes up to the
//! symmetries that keep the start, and the positions (each class counted by its orbit size).

use super::engine::bitboard::Bitboard;
use super::engine::jump_layers::{Layer, expand_set};
use super::report::{Answer, ReachableLayer};
use super::search::Search;
use crate::report::Status;
use rayon::prelude::*;

impl<B: Bitboard> Search<'_, B> {
    /// Every reachable position, counted per peg count.
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
            layer = expand_set(&self.space, &layer, false);
        }
        let positions: u64 = rows.iter().map(|r| r.positions).sum();
        let classes: u64 = rows.iter().map(|r| r.classes).sum();
        let report = &mut answer.report;
        report.status = Status::Counted;
        report.count = Some(positions.into());
        report.stats = self.stats(classes);
        let by_pegs: Vec<String> = rows
            .iter()
            .map(|r| format!("{}: {}", r.pegs, r.positions))
            .collect();
        report.notes.push(format!(
            "{positions} positions reachable from the start ({classes} classes up to the {} symmetries that keep it); by peg count: {}",
            self.space.group_size(),
            by_pegs.join(", ")
        ));
        answer.details.reachable = rows;
    }
}
