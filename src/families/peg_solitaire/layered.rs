//! The layered plans: layers from the start and from the goal meet in the middle; `count` sums
//! the jump sequences through the meeting layer; `shortest` and `all-shortest` keep the positions
//! on some solution and find the proved minimum for the metric there.

use super::engine::bitboard::Bitboard;
use super::engine::chain_cell::NO_PEG;
use super::engine::chain_moves::{MoveDistances, Unfinished};
use super::engine::jump_layers::{Meeting, meet};
use super::engine::jump_space::JumpSpace;
use super::engine::layer::{Goal, Layer};
use super::engine::useful_graph::useful_graph;
use super::engine::useful_layer::{LayerSink, UsefulLayer};
use super::plan::{Listing, Metric};
use super::report::Answer;
use super::search::Search;
use crate::diagnostic::Diagnostic;
use crate::engine::Progress;
use crate::report::Status;

impl<B: Bitboard> Search<'_, B> {
    /// Every jump sequence from the start to the goal, counted.
    pub fn count(&self, answer: &mut Answer, goal: &Goal<B>) -> Result<(), Diagnostic> {
        let meeting = meet(
            &self.space,
            self.start,
            goal,
            true,
            &self.prune(),
            self.progress,
        );
        if meeting.stopped {
            self.stopped_while_growing(answer, &meeting);
            return Ok(());
        }
        let report = &mut answer.report;
        report.status = Status::Counted;
        report.count = Some(meeting.sequences.ok_or_else(|| {
            Diagnostic::new(
                "the count of jump sequences overflowed 64 bits in one search direction",
            )
            .help("this board has more sequences than the counting engine can hold")
        })?);
        report.stats = self.stats(meeting.states);
        report.notes.push(format!(
            "counted over {} layers from the start and {} from the goal, meeting at {} pegs",
            meeting.forward_layers(),
            meeting.backward.len(),
            meeting.forward.last().map_or(0, |l| l.pegs)
        ));
        Ok(())
    }

    /// What a search stopped before its two sides met has to show: the classes grown and the
    /// layers on each side (the app marks the report stopped and says why).
    fn stopped_while_growing(&self, answer: &mut Answer, meeting: &Meeting<B>) {
        answer.report.stats = self.stats(meeting.states);
        answer.report.notes.push(format!(
            "stopped while growing the layers: {} from the start (down to {} pegs) and {} from the goal (up to {} pegs), {} classes in all; the two sides had not met",
            meeting.forward_layers(),
            meeting.forward.last().map_or(0, |l| l.pegs),
            meeting.backward.len(),
            meeting.backward.last().map_or(0, |l| l.pegs),
            crate::report::group_digits(u128::from(meeting.states)),
        ));
    }

    /// The fewest moves or jumps, proved, with one or every minimal solution.
    pub fn layers(
        &self,
        answer: &mut Answer,
        goal: &Goal<B>,
        metric: Metric,
        listing: Listing,
    ) -> Result<(), Diagnostic> {
        let meeting = meet(
            &self.space,
            self.start,
            goal,
            false,
            &self.prune(),
            self.progress,
        );
        if meeting.stopped {
            self.stopped_while_growing(answer, &meeting);
            return Ok(());
        }
        let states = meeting.states;
        match metric {
            Metric::Moves => {
                let mut md = MoveDistances::new(&self.space, self.goal_test(), self.progress);
                // One solution from a fresh start needs no distance above a central game's
                // middle.
                if listing == Listing::One && self.free == NO_PEG {
                    md = md.by_halves();
                }
                let traced = useful_graph(&self.space, meeting, &mut md);
                if let Some(unfinished) = md.unfinished() {
                    self.stopped_while_measuring(answer, states, unfinished);
                } else if self.traced(answer, traced, md.positions(), states) {
                    self.fewest_moves(answer, &md, states, listing)?;
                }
            }
            Metric::Jumps => {
                let mut kept = KeptLayers::default();
                let traced = useful_graph(&self.space, meeting, &mut kept);
                if self.traced(answer, traced, kept.positions, states) {
                    kept.layers.reverse();
                    self.every_sequence(answer, &kept.layers, states, goal, listing)?;
                }
            }
        }
        Ok(())
    }

    /// Whether the tracing of the useful positions ran through (`traced`, `positions` found)
    /// and found a solution; if not, says so in the report.
    fn traced(&self, answer: &mut Answer, traced: Option<()>, positions: u64, states: u64) -> bool {
        if traced.is_none() {
            answer.report.stats = self.stats(states);
            answer.report.notes.push(format!(
                "stopped while tracing the positions on some solution back from the meeting layer ({} classes grown); no minimum is claimed",
                crate::report::group_digits(u128::from(states)),
            ));
            return false;
        }
        answer.details.useful_positions = Some(positions);
        if positions == 0 {
            answer.report.status = Status::NoSolution;
            answer.report.stats = self.stats(states);
            answer.report.notes.push("no jump sequence from the start reaches the goal (the searches from both ends never meet)".into());
            return false;
        }
        true
    }

    /// The move metric: exact move distances over the useful positions give the minimum.
    fn fewest_moves(
        &self,
        answer: &mut Answer,
        md: &MoveDistances<B>,
        states: u64,
        listing: Listing,
    ) -> Result<(), Diagnostic> {
        let base = self.prefix.len() as u8;
        let rest = md
            .minimum(self.start, self.free)
            .ok_or_else(|| Diagnostic::internal("the start has no move distance"))?;
        let best = u32::from(base + rest);
        answer.report.stats = self.stats(states + md.positions());
        self.minimal_solutions(answer, md, (rest, best), listing)
    }

    /// Claims the minimum `best` proved by the move distances of `md`.
    fn claim_minimum(&self, answer: &mut Answer, md: &MoveDistances<B>, best: u32) {
        answer.report.cost = Some(best.into());
        let (positions, group) = (md.positions(), self.space.group_size());
        answer.report.notes.push(if md.crossed_by_halves() {
            format!(
                "minimum proved: the exact move distances of all {positions} positions on any solution (classes under a symmetry group of order {group}) were computed, those up to the middle to the goal and those above it from the start (read on complements), and every solution crosses from the one to the other, so no solution has fewer than {best} moves"
            )
        } else {
            format!(
                "minimum proved: the exact move distance of all {positions} positions on any solution (classes under a symmetry group of order {group}) was computed, so no solution has fewer than {best} moves"
            )
        });
    }

    /// One minimal solution, or every minimal jump sequence counted and up to `limit` listed;
    /// `rest` new moves from the start, `best` moves in all.
    fn minimal_solutions(
        &self,
        answer: &mut Answer,
        md: &MoveDistances<B>,
        (rest, best): (u8, u32),
        listing: Listing,
    ) -> Result<(), Diagnostic> {
        let listed = match listing {
            Listing::One => vec![
                md.one_solution(self.start, self.free)
                    .ok_or_else(|| Diagnostic::internal("no minimal solution could be traced"))?,
            ],
            Listing::All { limit } => {
                let Some((count, listed)) =
                    md.minimal_sequences(self.start, self.free, rest, limit)
                else {
                    answer.report.notes.push(
                        "stopped while counting the minimal jump sequences; no count or listing is claimed".into(),
                    );
                    return Ok(());
                };
                answer.report.count = Some(count);
                listed
            }
        };
        // A stop that came once every layer was measured, while the minimum was read off or a
        // solution traced, still ends the run with nothing claimed (the app marks the report
        // stopped, and a stopped report proves nothing).
        if crate::engine::stop::requested().is_some() {
            answer.report.count = None;
            answer.report.notes.push("stopped while tracing a minimal solution from the move distances measured; no minimum is claimed".into());
            return Ok(());
        }
        self.claim_minimum(answer, md, best);
        for js in &listed {
            self.puzzle
                .record(answer, &self.with_prefix(js), Some(best))?;
        }
        if let Listing::All { .. } = listing {
            answer.listing_note();
        }
        Ok(())
    }

    /// What a move-distance pass stopped part-way has to show: how many of the positions on
    /// some solution were measured; no minimum (the app marks the report stopped).
    fn stopped_while_measuring(&self, answer: &mut Answer, states: u64, u: Unfinished) {
        answer.report.stats = self.stats(states + u.measured);
        answer.report.notes.push(format!(
            "stopped while measuring move distances: {} of the {} positions on some solution measured (from the goal up to {} pegs, the layer of {} pegs unfinished); no minimum is claimed",
            crate::report::group_digits(u128::from(u.measured)),
            crate::report::group_digits(u128::from(u.positions)),
            u.pegs.saturating_sub(1),
            u.pegs,
        ));
    }

    /// The jump metric: every solution has the same number of jumps, so each is minimal.
    fn every_sequence(
        &self,
        answer: &mut Answer,
        layers: &[Layer<B>],
        states: u64,
        goal: &Goal<B>,
        listing: Listing,
    ) -> Result<(), Diagnostic> {
        let total = self.prefix.len() as u32 + self.start.count() - self.puzzle.goal_pegs;
        answer.report.cost = Some(total.into());
        let limit = match listing {
            Listing::One => 1,
            Listing::All { limit } => limit,
        };
        for js in &walk_useful(&self.space, layers, self.start, limit) {
            self.puzzle.record(answer, &self.with_prefix(js), None)?;
        }
        if let Listing::All { .. } = listing {
            let again = meet(
                &self.space,
                self.start,
                goal,
                true,
                &self.prune(),
                &Progress::hidden(),
            );
            // A stopped count is None: the solutions listed stay, the count is not claimed.
            answer.report.count = again.sequences;
            answer.listing_note();
        }
        answer.report.stats = self.stats(states);
        Ok(())
    }
}

/// Up to `limit` jump sequences through useful positions only (each one reaches the goal).
fn walk_useful<B: Bitboard>(
    space: &JumpSpace<B>,
    layers: &[Layer<B>],
    start: B,
    limit: usize,
) -> Vec<Vec<usize>> {
    let top = layers.first().map_or(0, |l| l.pegs);
    let useful = |b: B| {
        let i = (top - b.count()) as usize;
        layers
            .get(i)
            .is_some_and(|l| l.contains(space.canonical(b)))
    };
    let mut walk = Walk {
        space,
        goal_pegs: layers.last().map_or(0, |l| l.pegs),
        useful: &useful,
        limit,
        path: Vec::new(),
        out: Vec::new(),
    };
    walk.go(start);
    walk.out
}

struct Walk<'a, B: Bitboard> {
    space: &'a JumpSpace<B>,
    goal_pegs: u32,
    useful: &'a dyn Fn(B) -> bool,
    limit: usize,
    path: Vec<usize>,
    out: Vec<Vec<usize>>,
}

impl<B: Bitboard> Walk<'_, B> {
    fn go(&mut self, b: B) {
        if b.count() == self.goal_pegs {
            self.out.push(self.path.clone());
            return;
        }
        for j in 0..self.space.jumps.len() {
            if self.out.len() >= self.limit {
                return;
            }
            if let Some(next) = self.space.apply(b, j)
                && (self.useful)(next)
            {
                self.path.push(j);
                self.go(next);
                self.path.pop();
            }
        }
    }
}

/// The useful positions alone, as the jump metric counts over them: kept goal's first.
#[derive(Default)]
struct KeptLayers<B> {
    layers: Vec<Layer<B>>,
    positions: u64,
}

impl<B: Bitboard> LayerSink<B> for KeptLayers<B> {
    fn expect(&mut self, positions: u64) {
        self.positions = positions;
    }

    fn take(&mut self, layer: &UsefulLayer<B>) -> Option<()> {
        self.layers.push(layer.to_layer());
        Some(())
    }
}
