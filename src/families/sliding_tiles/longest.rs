//! `longest`: a layered search from the goal over every arrangement; the last layer holds the
//! positions farthest from the goal.

use super::puzzle::TilesPuzzle;
use super::report::LongestDetails;
use crate::diagnostic::Diagnostic;
use crate::engine::Progress;
use crate::report::group_digits;
use crate::report::{Report, Section, Stats};

impl TilesPuzzle {
    pub(super) fn longest(
        &self,
        report: &mut Report,
        progress: &Progress,
    ) -> Result<(), Diagnostic> {
        let root = self.model.pack(&self.goal);
        let layers = self.explore(root, progress)?;
        report.stats = Stats::new(layers.stats.states, layers.stats.elapsed);
        let far = layers.counts.len() - 1;
        report.cost = Some(far as u64);
        report.count = Some(u128::from(layers.stats.states));
        let mut farthest: Vec<Vec<u8>> = layers
            .farthest
            .iter()
            .map(|s| self.model.unpack(*s))
            .collect();
        farthest.sort();
        let shown = farthest.len().min(self.limit);
        if shown < farthest.len() {
            report.notes.push(format!(
                "listing {shown} of {} farthest positions (raise solve.limit for more)",
                farthest.len()
            ));
        }
        let (count, verb) = match farthest.len() {
            1 => ("1 position".to_string(), "is"),
            n => (format!("{} positions", group_digits(n as u128)), "are"),
        };
        report.notes.push(format!(
            "{count} {verb} {far} moves from the goal, the most; {} positions in all",
            group_digits(u128::from(layers.stats.states))
        ));
        let details = LongestDetails {
            goal: self.view(&self.goal),
            farthest_distance: far,
            farthest_count: farthest.len(),
            farthest: farthest[..shown].iter().map(|t| self.view(t)).collect(),
            layer_counts: layers.counts,
        };
        report.sections.push(Section {
            title: format!("farthest positions ({far} moves from the goal)"),
            lines: details.farthest.iter().map(|v| v.text.clone()).collect(),
        });
        report.sections.push(Section {
            title: "positions at each distance".into(),
            lines: details
                .layer_counts
                .iter()
                .enumerate()
                .map(|(d, c)| format!("{d:>3}: {}", group_digits(u128::from(*c))))
                .collect(),
        });
        report.set_details(&details);
        Ok(())
    }
}
