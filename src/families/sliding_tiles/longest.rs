//! `longest`: a layered search from the goal over every arrangement; the last layer holds the
//! positions farthest from the goal.

use super::TilesPuzzle;
use crate::diagnostic::Diagnostic;
use crate::engine::Progress;
use crate::report::group_digits;
use crate::report::{Report, Section, Stats, Status};

impl TilesPuzzle {
    pub(super) fn longest(&self, progress: &Progress) -> Result<Report, Diagnostic> {
        let reason = self.auto_reason(|| {
            format!(
                "auto: every arrangement reachable from the goal is visited once, layer by layer, \
                 marked in a byte array indexed by permutation rank ({} slots)",
                self.arrangements_text()
            )
        });
        let mut report = Report::new("longest", Status::Explored, "layered-bfs", &reason);
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
        report.notes.push(format!(
            "{} positions are {far} moves from the goal, the most; {} positions in all",
            farthest.len(),
            group_digits(u128::from(layers.stats.states))
        ));
        report.sections.push(Section {
            title: format!("farthest positions ({far} moves from the goal)"),
            lines: farthest[..shown]
                .iter()
                .map(|t| self.view(t).text)
                .collect(),
        });
        report.sections.push(Section {
            title: "positions at each distance".into(),
            lines: layers
                .counts
                .iter()
                .enumerate()
                .map(|(d, c)| format!("{d:>3}: {}", group_digits(u128::from(*c))))
                .collect(),
        });
        report
            .extra
            .insert("goal".into(), self.view(&self.goal).data);
        report.extra.insert("farthest_distance".into(), far.into());
        report
            .extra
            .insert("farthest_count".into(), farthest.len().into());
        report.extra.insert(
            "farthest".into(),
            farthest[..shown]
                .iter()
                .map(|t| self.view(t).data)
                .collect(),
        );
        report
            .extra
            .insert("layer_counts".into(), layers.counts.clone().into());
        Ok(report)
    }
}
