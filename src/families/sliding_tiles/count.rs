//! `count`: the positions reachable, visited one by one on small boards, or given by Wilson's
//! theorem on large 2-connected ones.

use super::board::Topology;
use super::{MAX_ARRAY_CELLS, TilesPuzzle};
use crate::diagnostic::Diagnostic;
use crate::engine::Progress;
use crate::report::{Report, Stats, Status};

impl TilesPuzzle {
    pub(super) fn count(&self, progress: &Progress) -> Result<Report, Diagnostic> {
        let (root, from) = match self.starts.as_slice() {
            [one] => (self.model.pack(&one.tiles), "the start"),
            _ => (self.model.pack(&self.goal), "the goal"),
        };
        if self.n() <= MAX_ARRAY_CELLS {
            let reason = self.auto_reason(|| {
                format!(
                    "auto: {} arrangements fit a byte array indexed by permutation rank",
                    self.arrangements_text()
                )
            });
            let mut report = Report::new("count", Status::Counted, "layered-bfs", &reason);
            let layers = self.explore(root, progress)?;
            report.count = Some(u128::from(layers.stats.states));
            report.stats = Stats::new(layers.stats.states, layers.stats.elapsed);
            report.notes.push(format!(
                "positions reachable from {from}, counted one by one"
            ));
            report
                .extra
                .insert("layer_counts".into(), layers.counts.into());
            return Ok(report);
        }
        // Too many to visit: Wilson's theorem gives the number on 2-connected boards.
        let total: u128 = (1..=self.n() as u128).product();
        let count = match (&self.topology, self.model.board.two_colouring()) {
            (Topology::TwoConnected, Some(_)) => total / 2,
            (Topology::TwoConnected, None) if self.n() != 7 => total,
            _ => {
                return Err(Diagnostic::new(format!(
                    "{} arrangements are too many to count one by one, and no theorem gives \
                     the number for this board",
                    self.arrangements_text()
                ))
                .help(format!(
                    "counting by search takes boards of at most {MAX_ARRAY_CELLS} cells"
                )));
            }
        };
        let mut report = Report::new(
            "count",
            Status::Counted,
            "wilson-theorem",
            "auto: too many arrangements to visit; the board is 2-connected, so Wilson's theorem gives the count",
        );
        report.count = Some(count);
        report.notes.push(format!(
            "by Wilson (1974): on a 2-connected {} board every arrangement of the right parity class is reachable: {} of {}",
            if count < total { "bipartite" } else { "non-bipartite" },
            if count < total { "n!/2" } else { "n!" },
            self.arrangements_text()
        ));
        Ok(report)
    }
}
