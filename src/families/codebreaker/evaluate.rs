//! Plays a strategy against secrets and tallies the guesses.
//!
//! Against every secret the games share their beginnings, so they are played as one decision
//! tree: a node is the set of codes still possible, its guess splits them by feedback, and each
//! part is a child. Each (node, secret) pair is scored once. Every feedback the tree relies on is
//! re-checked with the independent replay scorer, and every secret must end at a guess equal to it.

use super::code_space::{CodeSpace, replay_feedback};
use super::sets::{all_symbols, split};
use super::strategy::Player;
use crate::engine::Progress;
use crate::engine::split::Shard;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// Guesses per game over a set of secrets.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    pub games: u64,
    pub total: u64,
    pub max: u32,
    /// `histogram[d]`: games won with guess number `d` (index 0 unused).
    pub histogram: Vec<u64>,
    /// A secret that needed `max` guesses (the first in code order).
    pub hardest: Option<usize>,
}

impl Tally {
    fn leaf(secret: usize, depth: u32) -> Tally {
        let mut histogram = vec![0; depth as usize + 1];
        histogram[depth as usize] = 1;
        Tally {
            games: 1,
            total: u64::from(depth),
            max: depth,
            histogram,
            hardest: Some(secret),
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        self.games += other.games;
        self.total += other.total;
        if other.max > self.max || (other.max == self.max && other.hardest < self.hardest) {
            self.max = other.max;
            self.hardest = other.hardest;
        }
        if self.histogram.len() < other.histogram.len() {
            self.histogram.resize(other.histogram.len(), 0);
        }
        for (a, b) in self.histogram.iter_mut().zip(&other.histogram) {
            *a += b;
        }
        self
    }

    pub fn average(&self) -> f64 {
        self.total as f64 / self.games.max(1) as f64
    }
}

/// Games longer than this mean a strategy that makes no progress: a fault, not an answer.
const MAX_GUESSES: u32 = 100;

/// Games finished so far, shown as a bar (with an ETA) when the player has a progress display.
struct Played<'p> {
    progress: Option<&'p Progress>,
    done: AtomicU64,
    total: u64,
}

impl Played<'_> {
    fn won(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(p) = self.progress {
            p.position("secrets", done, self.total);
        }
    }
}

/// The tally of playing against every secret in `candidates` (ascending), `depth` guesses made.
pub fn every_secret(
    player: &Player,
    candidates: &[u32],
    free: u64,
    depth: u32,
) -> Result<Tally, String> {
    let played = Played {
        progress: player.progress(),
        done: AtomicU64::new(0),
        total: candidates.len() as u64,
    };
    play_tree(player, candidates, free, depth, &played)
}

/// One node of the decision tree played: the guess's win (when the guess is a candidate) and the
/// children, each a set of candidates with one feedback; None when stopped.
struct Node {
    tally: Tally,
    children: Vec<Vec<u32>>,
    free: u64,
    depth: u32,
}

/// Chooses the guess at a node of `candidates` after `depth` guesses and splits them by its
/// feedback, re-checking every feedback with the replay scorer.
fn expand(
    player: &Player,
    candidates: &[u32],
    free: u64,
    depth: u32,
) -> Result<Option<Node>, String> {
    let space = player.space;
    let depth = depth + 1;
    if depth > MAX_GUESSES {
        return Err(format!(
            "strategy {} used more than {MAX_GUESSES} guesses",
            player.strategy.name()
        ));
    }
    // Stopped (time limit, Ctrl-C): the games below are not played, and a guess chosen while
    // the stop was asked may be cut short, so its games are not counted either.
    if player.cut_short() {
        return Ok(None);
    }
    let guess = player.choose(candidates, free);
    if player.cut_short() {
        return Ok(None);
    }
    let mut parts = split(space, guess, candidates);
    check_split(space, guess, &parts)?;
    let win = space.win() as usize;
    if parts.iter().any(|p| p.len() == candidates.len()) && parts[win].is_empty() {
        return Err(format!(
            "strategy {} guessed {} which tells nothing about {} codes",
            player.strategy.name(),
            space.format_index(guess),
            candidates.len()
        ));
    }
    let tally = if parts[win].is_empty() {
        Tally::default()
    } else {
        Tally::leaf(guess, depth)
    };
    parts[win].clear();
    parts.retain(|p| !p.is_empty());
    Ok(Some(Node {
        tally,
        children: parts,
        free: free & !space.mask(guess),
        depth,
    }))
}

/// `every_secret` below the root, counting the games won in `played`.
fn play_tree(
    player: &Player,
    candidates: &[u32],
    free: u64,
    depth: u32,
    played: &Played,
) -> Result<Tally, String> {
    let Some(node) = expand(player, candidates, free, depth)? else {
        return Ok(Tally::default());
    };
    if node.tally.games > 0 {
        played.won();
    }
    let (free, depth) = (node.free, node.depth);
    let sub: Vec<Result<Tally, String>> = if candidates.len() > 200 {
        node.children
            .par_iter()
            .map(|p| play_tree(player, p, free, depth, played))
            .collect()
    } else {
        node.children
            .iter()
            .map(|p| play_tree(player, p, free, depth, played))
            .collect()
    };
    let mut tally = node.tally;
    for t in sub {
        tally = tally.merge(t?);
    }
    Ok(tally)
}

/// Nodes of the decision tree per shard to aim for (`run --shard K/N`).
const PARTS_PER_SHARD: usize = 16;

/// `every_secret` over one shard's part of the secrets: the tree's first levels are played by
/// every shard (their wins counted by shard 0), until there are enough nodes to deal; the nodes
/// are dealt by their number of candidates (the games below them), and this shard plays its
/// own. Returns the tally and the number of games it must hold.
pub fn part_of_every_secret(
    player: &Player,
    candidates: &[u32],
    free: u64,
    shard: Shard,
) -> Result<(Tally, u64), String> {
    let mut top = Tally::default();
    let mut frontier: Vec<(Vec<u32>, u64, u32)> = vec![(candidates.to_vec(), free, 0)];
    while frontier.len() < shard.count as usize * PARTS_PER_SHARD
        && frontier.iter().any(|(c, _, _)| c.len() > 1)
    {
        let mut next = Vec::new();
        for (c, free, depth) in frontier {
            let Some(node) = expand(player, &c, free, depth)? else {
                return Ok((Tally::default(), 0));
            };
            top = top.merge(node.tally);
            next.extend(
                node.children
                    .into_iter()
                    .map(|p| (p, node.free, node.depth)),
            );
        }
        frontier = next;
    }
    let sizes: Vec<u64> = frontier.iter().map(|(c, _, _)| c.len() as u64).collect();
    let mine = shard.deal(&sizes);
    let mut tally = if shard.index == 0 {
        top
    } else {
        Tally::default()
    };
    let mut games = tally.games;
    let played = Played {
        progress: player.progress(),
        done: AtomicU64::new(0),
        total: mine.iter().map(|&i| sizes[i]).sum(),
    };
    for i in mine {
        let (c, free, depth) = &frontier[i];
        games += sizes[i];
        tally = tally.merge(play_tree(player, c, *free, *depth, &played)?);
    }
    Ok((tally, games))
}

/// Every secret in a part must really give that part's feedback to the guess.
fn check_split(space: &CodeSpace, guess: usize, parts: &[Vec<u32>]) -> Result<(), String> {
    for (fb, part) in parts.iter().enumerate() {
        let expected = space.decode(fb as u8);
        for &s in part {
            if replay_feedback(space.code(guess), space.code(s as usize)) != expected {
                return Err(format!(
                    "feedback of {} against {} failed its replay check",
                    space.format_index(guess),
                    space.format_index(s as usize)
                ));
            }
        }
    }
    if !parts[space.win() as usize]
        .iter()
        .all(|&s| s as usize == guess)
    {
        return Err("a secret other than the guess scored as solved".into());
    }
    Ok(())
}

/// One guess of a game: the code, its feedback, and how many codes were possible before it.
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    pub guess: usize,
    pub right: usize,
    pub wrong: usize,
    pub possible_before: usize,
}

/// The game against one secret, guess by guess, until it is found; None when stopped (time
/// limit, Ctrl-C) before the end, as a guess chosen then may be cut short.
pub fn one_game(player: &Player, secret: usize) -> Result<Option<Vec<Turn>>, String> {
    let space = player.space;
    let mut candidates: Vec<u32> = (0..space.len() as u32).collect();
    let mut free = all_symbols(space);
    let mut turns = Vec::new();
    loop {
        if turns.len() as u32 >= MAX_GUESSES {
            return Err(format!(
                "strategy {} used more than {MAX_GUESSES} guesses",
                player.strategy.name()
            ));
        }
        let guess = player.choose(&candidates, free);
        if player.cut_short() {
            return Ok(None);
        }
        let fb = space.score(guess, secret);
        let (right, wrong) = space.decode(fb);
        turns.push(Turn {
            guess,
            right,
            wrong,
            possible_before: candidates.len(),
        });
        if fb == space.win() {
            return Ok(Some(turns));
        }
        candidates.retain(|&s| space.score(guess, s as usize) == fb);
        free &= !space.mask(guess);
    }
}

/// The tally over the given secrets, each played on its own (for sampled evaluation).
pub fn sampled(player: &Player, secrets: &[usize]) -> Result<Tally, String> {
    let played = Played {
        progress: player.progress(),
        done: AtomicU64::new(0),
        total: secrets.len() as u64,
    };
    let games: Vec<Result<Tally, String>> = secrets
        .par_iter()
        .map(|&s| {
            let Some(turns) = one_game(player, s)? else {
                return Ok(Tally::default());
            };
            check_game(player.space, s, &turns)?;
            played.won();
            Ok(Tally::leaf(s, turns.len() as u32))
        })
        .collect();
    games
        .into_iter()
        .try_fold(Tally::default(), |acc, t| Ok(acc.merge(t?)))
}

/// Replays a game with the independent scorer: every feedback, and the last guess is the secret.
pub fn check_game(space: &CodeSpace, secret: usize, turns: &[Turn]) -> Result<(), String> {
    for t in turns {
        let fb = replay_feedback(space.code(t.guess), space.code(secret));
        if fb != (t.right, t.wrong) {
            return Err(format!(
                "the feedback to {} failed its replay check",
                space.format_index(t.guess)
            ));
        }
    }
    match turns.last() {
        Some(t) if t.guess == secret => Ok(()),
        _ => Err("the game does not end with the secret".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::codebreaker::sets::Pool;
    use crate::families::codebreaker::strategy::Strategy;

    fn bulls_and_cows() -> CodeSpace {
        CodeSpace::new((0..10).map(|d| d.to_string()).collect(), 4, false, true)
    }

    #[test]
    fn seed_strategy_over_every_secret_matches_the_reference() {
        let space = bulls_and_cows();
        let player = Player::new(&space, Strategy::FirstConsistent, Pool::Consistent);
        let all: Vec<u32> = (0..space.len() as u32).collect();
        let t = every_secret(&player, &all, all_symbols(&space), 0).unwrap();
        assert_eq!((t.games, t.total, t.max), (5040, 28024, 9));
        assert_eq!(space.format_index(t.hardest.unwrap()), "5 2 9 3");
    }

    #[test]
    fn tree_and_single_games_agree() {
        let space = bulls_and_cows();
        let player = Player::new(&space, Strategy::FirstConsistent, Pool::Consistent);
        let secrets: Vec<usize> = (0..space.len()).step_by(97).collect();
        let t = sampled(&player, &secrets).unwrap();
        let direct: u64 = secrets
            .iter()
            .map(|&s| one_game(&player, s).unwrap().unwrap().len() as u64)
            .sum();
        assert_eq!(t.total, direct);
    }
}
