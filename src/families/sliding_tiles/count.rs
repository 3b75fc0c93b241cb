//! `count`: the positions reachable, visited one by one on small boards, or given by Wilson's
//! theorem on large 2-connected ones.

use super::puzzle::TilesPuzzle;
use super::report::CountDetails;
use crate::diagnostic::Diagnostic;
use crate::engine::Progress;
use crate::report::{Report, Stats, group_digits};

impl TilesPuzzle {
    /// From the one start if there is one, else from the goal.
    pub(super) fn count_by_layers(
        &self,
        report: &mut Report,
        progress: &Progress,
    ) -> Result<(), Diagnostic> {
        let (root, from) = match self.starts.as_slice() {
            [one] => (self.model.pack(&one.tiles), "the start"),
            _ => (self.model.pack(&self.goal), "the goal"),
        };
        let layers = self.explore(root, progress)?;
        report.count = Some(u128::from(layers.stats.states));
        report.stats = Stats::new(layers.stats.states, layers.stats.elapsed);
        report.notes.push(format!(
            "positions reachable from {from}, counted one by one"
        ));
        report.set_details(&CountDetails {
            layer_counts: layers.counts,
        });
        Ok(())
    }

    /// Wilson (1974): on a 2-connected board other than a cycle (and theta-0) every arrangement
    /// of the right parity class is reachable.
    pub(super) fn count_by_theorem(&self, report: &mut Report, bipartite: bool) {
        let total: u128 = (1..=self.n() as u128).product();
        let count = if bipartite { total / 2 } else { total };
        report.count = Some(count);
        report.notes.push(format!(
            "by Wilson (1974): on a 2-connected {} board every arrangement of the right parity class is reachable: {} of {}! = {}",
            if bipartite { "bipartite" } else { "non-bipartite" },
            if bipartite { "n!/2" } else { "n!" },
            self.n(),
            group_digits(total)
        ));
    }
}
