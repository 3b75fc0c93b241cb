//! How the codebreaker picks its next guess from the codes still possible.
//!
//! Every heuristic scores each allowed guess by how it splits the possible codes into parts (one
//! part per feedback), keeps the best score, and breaks ties the same way: a guess that is itself
//! still possible (it may win at once) beats one that is not, then the first in code order.
//!
//! Symmetry: symbols that no earlier guess used ("free" symbols) are interchangeable, so guesses
//! differing only by a renaming of free symbols score alike. Only the first of each such class in
//! code order is scored (free symbols appear in increasing order, smallest first); it is also the
//! one the tie-break would keep, so the choice is exactly that of scoring every guess. On the
//! first guess every symbol is free: for bulls and cows a single guess, 0 1 2 3, is scored.
//! Likewise "dead" symbols, in no code still possible, are interchangeable in a guess: they never
//! score, and a guess holding one cannot be the secret.

use super::code_space::CodeSpace;
use super::optimal::Optimal;
use super::sets::{Pool, dead_symbols, first_of_free_class, is_member, membership};
use crate::engine::Progress;
use crate::engine::stop;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    /// The seeds': the first possible code in code order.
    FirstConsistent,
    /// Knuth (1976): smallest largest part.
    Minimax,
    /// Kooi (2005): most parts.
    MostParts,
    /// Neuwirth (1982): largest entropy of the feedback, i.e. smallest sum of n log n over parts.
    Entropy,
    /// Irving (1979): smallest expected number of codes left, i.e. smallest sum of n^2.
    ExpectedSize,
    /// Fewest guesses in total over all secrets (exhaustive search, see `optimal.rs`).
    Optimal,
}

/// The spec's names of the strategies (`strategy.name`); the first is the default.
pub const STRATEGIES: &[(&str, Strategy)] = &[
    ("first-consistent", Strategy::FirstConsistent),
    ("minimax", Strategy::Minimax),
    ("most-parts", Strategy::MostParts),
    ("entropy", Strategy::Entropy),
    ("expected-size", Strategy::ExpectedSize),
    ("optimal", Strategy::Optimal),
];

impl Strategy {
    pub fn name(self) -> &'static str {
        STRATEGIES
            .iter()
            .find(|(_, s)| *s == self)
            .map_or("?", |(n, _)| n)
    }
}

/// A strategy ready to play on one code space.
pub struct Player<'a> {
    pub space: &'a CodeSpace,
    pub strategy: Strategy,
    pub pool: Pool,
    optimal: Option<Optimal<'a>>,
    /// Where the evaluations say how far they are (hidden unless `with_progress`).
    progress: Option<&'a Progress>,
}

impl<'a> Player<'a> {
    pub fn new(space: &'a CodeSpace, strategy: Strategy, pool: Pool) -> Player<'a> {
        let optimal = (strategy == Strategy::Optimal).then(|| Optimal::new(space, pool));
        Player {
            space,
            strategy,
            pool,
            optimal,
            progress: None,
        }
    }

    /// Shows the progress of the `optimal` search (which can take minutes) and of the games.
    pub fn with_progress(mut self, progress: &'a Progress) -> Player<'a> {
        self.progress = Some(progress);
        if let Some(opt) = self.optimal.take() {
            self.optimal = Some(opt.with_progress(progress));
        }
        self
    }

    /// Where to say how far an evaluation is, if anywhere.
    pub fn progress(&self) -> Option<&'a Progress> {
        self.progress
    }

    /// The solver of the `optimal` strategy, for its statistics.
    pub fn optimal(&self) -> Option<&Optimal<'a>> {
        self.optimal.as_ref()
    }

    /// Whether the games in progress are to end unplayed: a stop (time limit, Ctrl-C) was asked
    /// and the games are the work itself. A stopped `optimal` search instead answers at once with
    /// the best guesses it found, so its games are all played (the report says unproved).
    pub fn cut_short(&self) -> bool {
        self.optimal.is_none() && stop::requested().is_some()
    }

    /// The next guess (a code index) when `candidates` (ascending, not empty) are still possible
    /// and `free` has a bit for each symbol no earlier guess used.
    pub fn choose(&self, candidates: &[u32], free: u64) -> usize {
        if candidates.len() <= 2 || self.strategy == Strategy::FirstConsistent {
            // With two left, guessing one of them is best for every measure (and the tie-break).
            return candidates[0] as usize;
        }
        if let Some(opt) = &self.optimal {
            return opt.best_guess(candidates, free);
        }
        // A possible code that tells all the others apart is the best split for every heuristic
        // (largest part 1, most parts, entropy and expected size at their extremes) and wins the
        // tie-break against impossible codes: the first such code is the choice.
        if candidates.len() <= self.space.feedback_slots() {
            let mut counts = vec![0u32; self.space.feedback_slots()];
            for &g in candidates {
                self.space
                    .partition_counts(g as usize, candidates, &mut counts);
                if counts.iter().all(|&c| c <= 1) {
                    return g as usize;
                }
            }
        }
        let score = |counts: &[u32]| heuristic_score(self.strategy, counts);
        best_by_score(self.space, self.pool, candidates, free, score)
    }
}

/// The score of a split (lower is better) for a heuristic strategy.
fn heuristic_score(strategy: Strategy, counts: &[u32]) -> f64 {
    match strategy {
        Strategy::Minimax => f64::from(*counts.iter().max().unwrap_or(&0)),
        Strategy::MostParts => -(counts.iter().filter(|&&c| c > 0).count() as f64),
        Strategy::Entropy => counts
            .iter()
            .filter(|&&c| c > 1)
            .map(|&c| f64::from(c) * f64::from(c).log2())
            .sum(),
        Strategy::ExpectedSize => counts.iter().map(|&c| f64::from(c) * f64::from(c)).sum(),
        Strategy::FirstConsistent | Strategy::Optimal => 0.0,
    }
}

/// Scores differing by less than this are equal (entropy sums are floating point).
const TIE: f64 = 1e-9;

/// The guess with the lowest `score` of its split, ties broken as the module says.
pub fn best_by_score(
    space: &CodeSpace,
    pool: Pool,
    candidates: &[u32],
    free: u64,
    score: impl Fn(&[u32]) -> f64,
) -> usize {
    let mut counts = vec![0u32; space.feedback_slots()];
    let possible = membership(space.len(), candidates);
    let mut best: Option<(f64, bool, usize)> = None;
    for g in guesses(space, pool, candidates, free) {
        // Stopped: the caller drops a guess chosen after the request (`Player::cut_short`), so
        // the scan may end.
        if stop::requested().is_some() {
            break;
        }
        space.partition_counts(g, candidates, &mut counts);
        let s = score(&counts);
        let is_possible = is_member(&possible, g);
        let better = match best {
            None => true,
            Some((b, b_possible, _)) => s < b - TIE || (s <= b + TIE && is_possible && !b_possible),
        };
        if better {
            best = Some((s, is_possible, g));
        }
    }
    best.map_or(candidates[0] as usize, |(_, _, g)| g)
}

/// The guesses worth scoring, in code order: the pool, one per class of renamings of free symbols
/// and of dead symbols.
pub fn guesses<'s>(
    space: &'s CodeSpace,
    pool: Pool,
    candidates: &'s [u32],
    free: u64,
) -> Box<dyn Iterator<Item = usize> + 's> {
    let dead = dead_symbols(space, candidates);
    // A free symbol that is dead makes every free symbol dead (free ones are interchangeable):
    // then the dead class contains the free one.
    let free = if free & dead != 0 { 0 } else { free };
    let first_of_class = move |&g: &usize| {
        let code = space.code(g);
        first_of_free_class(code, free) && first_of_free_class(code, dead)
    };
    match pool {
        Pool::Any => Box::new((0..space.len()).filter(first_of_class)),
        Pool::Consistent => Box::new(
            candidates
                .iter()
                .map(|&c| c as usize)
                .filter(first_of_class),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strategy_names_round_trip() {
        for (name, strategy) in STRATEGIES {
            assert_eq!(strategy.name(), *name);
        }
    }

    #[test]
    fn knuth_first_guess_is_aabb() {
        let digits: Vec<String> = (1..=6).map(|d| d.to_string()).collect();
        let space = CodeSpace::new(digits, 4, true, true);
        let all: Vec<u32> = (0..space.len() as u32).collect();
        let player = Player::new(&space, Strategy::Minimax, Pool::Any);
        let g = player.choose(&all, 0b11_1111);
        assert_eq!(space.format_index(g), "1 1 2 2");
    }
}
