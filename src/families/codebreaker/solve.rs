//! A checked codebreaker game and its solving: plays the plan with the strategy, replays every
//! game with the independent scorer, and fills the report.

use super::evaluate::{self, Tally};
use super::plan::{CATALOG, Plan};
use super::puzzle::CodebreakerPuzzle;
use super::report::{CodebreakerDetails, fill_evaluation, fill_transcript, setup_note};
use super::sample;
use super::sets::all_symbols;
use super::strategy::{Player, Strategy};
use crate::diagnostic::Diagnostic;
use crate::engine::split::Shard;
use crate::engine::stop;
use crate::families::family::{PlayEnd, PlayIo, Puzzle, SolveContext};
use crate::report::shard::part_note;
use crate::report::{Report, Stats, Status};
use std::time::Instant;

impl Puzzle for CodebreakerPuzzle {
    fn summary(&self) -> String {
        let repeats = if self.space.repeats {
            "repeats allowed"
        } else {
            "no repeats"
        };
        format!(
            "{} codes of length {} over {} symbols ({repeats}), {}/{}, strategy {} ({} guesses)",
            self.space.len(),
            self.space.length,
            self.space.symbols.len(),
            self.names[0],
            self.names[1],
            self.strategy.name(),
            self.pool.name()
        )
    }

    /// Playing against every secret splits into the decision tree's subtrees; one game, a
    /// sample, and the optimal strategy (whose first guess is chosen by searching the whole
    /// tree, so every part would do all the work) do not.
    fn splits(&self) -> Result<(), String> {
        match (&self.plan, self.strategy) {
            (Plan::EverySecret, Strategy::Optimal) => Err("strategy optimal chooses its first guess by searching the whole decision tree, so every part would repeat all the work; split a strategy such as minimax or entropy".into()),
            (Plan::EverySecret, _) => Ok(()),
            (Plan::Transcript { .. }, _) => Err("`transcript` plays one game, which does not split; objective evaluate plays every secret and splits".into()),
            (Plan::Sample { .. }, _) => Err("a sampled evaluation does not split; evaluate every secret (no solve.sample) to split".into()),
        }
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let player = Player::new(&self.space, self.strategy, self.pool).with_progress(ctx.progress);
        let mut report = Report::new(
            CATALOG.objective_name(self.objective),
            Status::Solved,
            &self.engine_text(),
            &self.engine.reason,
        );
        let started = Instant::now();
        let mut details = self.details();
        match &self.plan {
            Plan::Transcript { secret } => {
                ctx.progress
                    .message(|| format!("breaking {}", self.space.format_index(*secret)));
                let game = evaluate::one_game(&player, *secret).map_err(Diagnostic::internal)?;
                // None: stopped mid-game; the report says so and shows no game.
                if let Some(turns) = game {
                    evaluate::check_game(&self.space, *secret, &turns)
                        .map_err(Diagnostic::internal)?;
                    let t = fill_transcript(&mut report, &self.space, &self.names, *secret, &turns);
                    details.transcript = Some(t);
                }
            }
            Plan::EverySecret => {
                ctx.progress
                    .message(|| format!("playing {} against every secret", self.strategy.name()));
                let (tally, planned) = self.every_secret(&player, ctx.shard)?;
                details.evaluation = Some(fill_evaluation(
                    &mut report,
                    &self.space,
                    &tally,
                    None,
                    planned,
                ));
                if let (Some(_), Some(_)) = (player.optimal(), stop::requested()) {
                    report.notes.push(
                        "the optimal search was stopped: these games use the best guesses it had \
                         found so far, not a proved optimum"
                            .to_string(),
                    );
                }
            }
            Plan::Sample { size, seed } => {
                ctx.progress
                    .message(|| format!("playing {} against {size} secrets", self.strategy.name()));
                let secrets = sample::sample(self.space.len(), *size, *seed);
                let tally = evaluate::sampled(&player, &secrets).map_err(Diagnostic::internal)?;
                let e =
                    fill_evaluation(&mut report, &self.space, &tally, Some(*seed), secrets.len());
                details.evaluation = Some(e);
            }
        }
        details.optimal_sets_searched = player.optimal().map(|opt| opt.nodes());
        report.stats = Stats::new(self.space.len() as u64, started.elapsed());
        let setup = setup_note(&self.space, self.setup_ms);
        report.notes.push(match ctx.shard {
            Some(_) => part_note(&setup),
            None => setup,
        });
        report.set_details(&details);
        Ok(report)
    }

    fn play(&self, io: &mut PlayIo) -> Result<PlayEnd, Diagnostic> {
        let player = Player::new(&self.space, self.strategy, self.pool);
        super::play::play(&player, &self.names, io)
            .map_err(|e| Diagnostic::new(format!("cannot play: {e}")))
    }
}

impl CodebreakerPuzzle {
    /// The engine with the strategy it plays, e.g. `decision-tree, strategy minimax (any
    /// guesses)`: the strategy is the one actually chosen, `--set strategy.name=...` included.
    fn engine_text(&self) -> String {
        format!(
            "{}, strategy {} ({} guesses)",
            CATALOG.engine_name(self.engine.engine),
            self.strategy.name(),
            self.pool.name()
        )
    }

    /// The fields every objective reports; the solve adds its own.
    fn details(&self) -> CodebreakerDetails {
        CodebreakerDetails {
            strategy: self.strategy.name(),
            guesses: self.pool.name(),
            codes: self.space.len(),
            feedback_names: self.names.clone(),
            transcript: None,
            evaluation: None,
            optimal_sets_searched: None,
            setup_ms: self.setup_ms,
        }
    }

    /// Every secret played as one decision tree, each secret exactly once (or this shard's
    /// part of them: the games it must hold, returned with the tally); for `optimal` the tree
    /// must cost what the search claimed is the minimum.
    fn every_secret(
        &self,
        player: &Player,
        shard: Option<Shard>,
    ) -> Result<(Tally, usize), Diagnostic> {
        let all: Vec<u32> = (0..self.space.len() as u32).collect();
        let free = all_symbols(&self.space);
        let (tally, planned) = match shard {
            Some(shard) => evaluate::part_of_every_secret(player, &all, free, shard),
            None => evaluate::every_secret(player, &all, free, 0).map(|t| (t, all.len() as u64)),
        }
        .map_err(Diagnostic::internal)?;
        // Stopped (time limit, Ctrl-C): the games played so far, which the report says are not all.
        if tally.games != planned && !player.cut_short() {
            return Err(Diagnostic::internal("not every secret was played"));
        }
        // A stopped optimal search claims nothing: the tree played is some strategy's, unproved.
        if let (Some(opt), None, None) = (player.optimal(), stop::requested(), shard) {
            let claimed = opt.total(&all, free);
            if u64::from(claimed) != tally.total {
                return Err(Diagnostic::internal(format!(
                    "the optimal search claimed {claimed} guesses but its tree plays {}",
                    tally.total
                )));
            }
        }
        Ok((tally, planned as usize))
    }
}
