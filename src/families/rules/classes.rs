//! `longest` and `reachable` over the classes of declared symmetries: one state per class is
//! searched, and the report gives both the classes and the states at each distance, as peg
//! solitaire does.

use super::puzzle::RulesPuzzle;
use super::search::Search;
use super::symmetry::Symmetry;
use super::word::Word;
use crate::diagnostic::Diagnostic;
use crate::engine::SearchStats;
use crate::engine::orbit_layers;
use crate::families::family::SolveContext;
use crate::families::state_space;
use crate::families::state_space::layers::LayerDetails;
use crate::report::{Report, Section, Stats, Status, group_digits};

impl RulesPuzzle {
    /// Every class reachable, layer by layer; `(longest, limit)`: the farthest classes shown
    /// (at most `limit`), else only counted. Gives the layers (states) and the classes per
    /// distance.
    pub(super) fn class_layers<W: Word>(
        &self,
        search: &Search<W>,
        group: &Symmetry,
        start: W,
        (longest, limit): (bool, usize),
        report: &mut Report,
        ctx: &SolveContext,
    ) -> Result<(SearchStats, LayerDetails, Vec<u64>), Diagnostic> {
        let mut out = orbit_layers::explore(search, &group.images::<W>(), start, ctx.progress);
        self.checked(search)?;
        report.stats = Stats::new(out.stats.states, out.stats.elapsed);
        let states: u64 = out.states.iter().sum();
        let classes: u64 = out.classes.iter().sum();
        report.count = Some(u128::from(states));
        let far = out.classes.len() - 1;
        report.notes.push(format!(
            "{} states reachable from the start ({} classes up to the {} symmetries declared)",
            group_digits(u128::from(states)),
            group_digits(u128::from(classes)),
            group.order()
        ));
        let mut shown = Vec::new();
        if longest {
            report.status = Status::Explored;
            report.cost = Some(far as u64);
            out.farthest.sort_unstable();
            shown = (out.farthest.iter().take(limit))
                .map(|&s| self.view(s))
                .collect();
            self.farthest_section(report, &shown, out.farthest.len(), out.states[far], far);
        } else {
            report.status = Status::Counted;
        }
        report.sections.push(Section {
            title: "classes and states at each distance".into(),
            lines: (out.classes.iter().zip(&out.states).enumerate())
                .map(|(d, (c, s))| {
                    let (c, s) = (u128::from(*c), u128::from(*s));
                    format!(
                        "{d:>3}: {} classes, {} states",
                        group_digits(c),
                        group_digits(s)
                    )
                })
                .collect(),
        });
        let layers = LayerDetails {
            farthest_distance: far,
            farthest_count: out.states[far] as usize,
            farthest: shown,
            layer_counts: out.states,
        };
        Ok((out.stats, layers, out.classes))
    }

    /// `count`: the shortest solutions, counted over classes.
    pub(super) fn class_count<W: Word>(
        &self,
        search: &Search<W>,
        group: &Symmetry,
        start: W,
        report: &mut Report,
        ctx: &SolveContext,
    ) -> Result<SearchStats, Diagnostic> {
        let is_goal = |s: &W| search.is_goal(*s);
        let images = group.images::<W>();
        let (found, stats) =
            orbit_layers::count_shortest(search, &images, start, is_goal, ctx.progress);
        self.checked(search)?;
        report.stats = Stats::new(stats.states, stats.elapsed);
        let (length, count) = found.unzip();
        state_space::all_shortest::record(report, length, count.unwrap_or(0), 0, true);
        report.notes.push(format!(
            "counted over {} classes up to the {} symmetries declared",
            group_digits(u128::from(stats.states)),
            group.order()
        ));
        Ok(stats)
    }

    /// The farthest classes, one state drawn for each.
    fn farthest_section(
        &self,
        report: &mut Report,
        shown: &[crate::report::StateView],
        classes: usize,
        states: u64,
        far: usize,
    ) {
        let tall = shown.iter().any(|v| v.text.contains('\n'));
        let mut lines = Vec::new();
        for v in shown {
            lines.extend(v.text.lines().map(str::to_string));
            if tall {
                lines.push(String::new());
            }
        }
        if classes > shown.len() {
            lines.push(format!(
                "(showing {} of {classes} classes; raise solve.limit for more)",
                shown.len()
            ));
        }
        report.sections.push(Section {
            title: format!(
                "{classes} farthest classes, {states} states ({far} moves from the start), one state of each"
            ),
            lines,
        });
    }
}
