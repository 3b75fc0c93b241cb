//! The `optimal` strategy: the fewest guesses in total over all secrets, by exhaustive
//! branch-and-bound search.
//!
//! `cost(S)` is the total number of guesses needed to find every secret of the set `S` of codes
//! still possible: `|S|` (every secret sees the next guess) plus the cost of each part the guess
//! leaves, minimised over guesses. The search keeps it tractable with:
//! - symmetry: only the first guess of each class of equivalent guesses (see `symmetry.rs`:
//!   renamings of free and dead symbols, and position permutations fixing the earlier guesses);
//! - a lower bound: a node can solve one secret with its own guess and has at most `b - 1`
//!   non-winning children (`b` feedbacks), so at most `(b-1)^(d-1)` secrets are found with guess
//!   `d`; filling depths greedily bounds the cost of a part of `n` codes from below;
//! - guess ordering: guesses sorted by the bound of their split, so good answers come first;
//! - cut-offs: a guess is dropped as soon as its exact parts plus the bounds of the rest reach the
//!   best total found (or the budget the parent gave);
//! - memo: the cost of every set solved (exactly, or at least a bound when cut off);
//! - both cores: the parts of a guess searched without a budget are independent and solved in
//!   parallel; in a large set, the guesses after the first are shared out among the cores, each
//!   budgeted by the best total found so far, read again before each part.
//!
//! Ties: among guesses of minimal total the first in the order (bound of its split, a possible
//! code before an impossible one, code order) is kept.

use super::code_space::CodeSpace;
use super::sets::{Pool, dead_symbols, is_member, membership, split};
use super::symmetry::Symmetry;
use crate::engine::Progress;
use crate::engine::stop;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

const INFINITE: u32 = u32::MAX / 2;
/// Parts of at least this many codes, when independent (see `guess_cost`), are solved on every
/// core; below it the bookkeeping costs more than a second core gains.
const PARALLEL_PARTS_FROM: usize = 400;
/// Sets of at least this many codes search their guesses after the first on every core, each
/// worker taking the next guess with the best total found so far as its budget.
const PARALLEL_GUESSES_FROM: usize = 400;

/// The best guess found so far: its total (or the budget while none is found) and its place in
/// the order.
#[derive(Debug, Clone, Copy)]
struct Best {
    cost: u32,
    index: Option<usize>,
}

impl Best {
    /// What guess `i` of the order must score below to replace this best: one more unit for a
    /// guess before the best one, so that a tie with it is an exact total too.
    fn limit_for(&self, i: usize) -> u32 {
        match self.index {
            Some(b) if i < b => self.cost + 1,
            _ => self.cost,
        }
    }

    /// Whether no guess can do better: the best found meets the set's lower bound.
    fn meets(&self, floor: u32) -> bool {
        self.index.is_some() && self.cost <= floor
    }
}

/// The budget of the `index`-th guess of a set: what it must score below to beat the best
/// guess of the set, read again before each part, so that a better total found meanwhile by a
/// guess searched beside it cuts this one off sooner. It only goes down.
#[derive(Clone, Copy)]
struct Limit<'b> {
    best: &'b Mutex<Best>,
    index: usize,
}

impl Limit<'_> {
    fn now(&self) -> u32 {
        self.best.lock().expect("best lock").limit_for(self.index)
    }
}

/// What the guesses of one set are searched with.
struct Search<'s> {
    set: &'s [u32],
    free: u64,
    history: &'s [usize],
    order: &'s [u64],
    floor: u32,
    root: Option<&'s RootProgress>,
}

/// How far the search of the first guess is, for the progress bar: every first guess worth
/// trying counts the codes of the set once; a code is done when the part it fell into is solved,
/// or when its guess is cut off or passed over.
struct RootProgress {
    total: u64,
    per_guess: u64,
    done: AtomicU64,
    label: String,
}

impl RootProgress {
    fn new(guesses: usize, codes: usize) -> RootProgress {
        let label = match guesses {
            1 => "codes (one first guess, up to symmetry)".to_string(),
            k => format!("codes x {k} first guesses (up to symmetry)"),
        };
        RootProgress {
            total: (guesses * codes) as u64,
            per_guess: codes as u64,
            done: AtomicU64::new(0),
            label,
        }
    }

    fn add(&self, opt: &Optimal, codes: u64) {
        let done = self.done.fetch_add(codes, Ordering::Relaxed) + codes;
        if let Some(p) = opt.progress {
            p.position(&self.label, done.min(self.total), self.total);
        }
    }

    /// The search is over: every first guess is settled.
    fn finish(&self, opt: &Optimal) {
        let left = self.total.saturating_sub(self.done.load(Ordering::Relaxed));
        self.add(opt, left);
    }
}

/// The codes of one first guess counted so far (its parts solved).
struct GuessProgress<'r> {
    root: &'r RootProgress,
    counted: AtomicU64,
}

impl GuessProgress<'_> {
    fn part_done(&self, opt: &Optimal, codes: usize) {
        self.counted.fetch_add(codes as u64, Ordering::Relaxed);
        self.root.add(opt, codes as u64);
    }

    /// The guess is scored or cut off: the codes of its parts not solved are done too.
    fn finish(self, opt: &Optimal) {
        let left = self
            .root
            .per_guess
            .saturating_sub(self.counted.load(Ordering::Relaxed));
        self.root.add(opt, left);
    }
}

thread_local! {
    /// The guess that gave the last one-guess bound worked out on this thread.
    static LAST_BEST: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

#[derive(Debug, Clone, Copy)]
enum Entry {
    Exact { cost: u32, guess: u32 },
    AtLeast(u32),
}

pub struct Optimal<'a> {
    space: &'a CodeSpace,
    pool: Pool,
    /// `lower[n]`: a lower bound on the cost of any set of `n` codes.
    lower: Vec<u32>,
    /// `delta[n] = lower[n] - lower[n - 1]`.
    delta: Vec<u32>,
    memo: Mutex<FxHashMap<Box<[u32]>, Entry>>,
    nodes: AtomicU64,
    /// Sets of at least this many codes solve the parts of a guess without budget in parallel.
    parallel_parts_from: usize,
    /// Sets of at least this many codes search their guesses after the first in parallel.
    parallel_guesses_from: usize,
    progress: Option<&'a Progress>,
}

impl<'a> Optimal<'a> {
    pub fn new(space: &'a CodeSpace, pool: Pool) -> Optimal<'a> {
        let l = space.length;
        // Pairs (right, wrong) with right + wrong <= length, but never length-1 right, 1 wrong.
        let feedbacks = ((l + 1) * (l + 2) / 2 - usize::from(l >= 1)) as u64;
        let lower = lower_bounds(space.len(), feedbacks.max(2));
        let delta = std::iter::once(0)
            .chain(lower.windows(2).map(|w| w[1] - w[0]))
            .collect();
        Optimal {
            space,
            pool,
            lower,
            delta,
            memo: Mutex::new(FxHashMap::default()),
            nodes: AtomicU64::new(0),
            parallel_parts_from: PARALLEL_PARTS_FROM,
            parallel_guesses_from: PARALLEL_GUESSES_FROM,
            progress: None,
        }
    }

    pub fn with_progress(mut self, progress: &'a Progress) -> Optimal<'a> {
        self.progress = Some(progress);
        self
    }

    /// Sets searched so far (a measure of the work).
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// The minimal total number of guesses to find every secret of `candidates`.
    pub fn total(&self, candidates: &[u32], free: u64) -> u32 {
        self.cost(candidates, free, &[], INFINITE)
    }

    /// The first optimal guess for `candidates` (searching if not yet known).
    pub fn best_guess(&self, candidates: &[u32], free: u64) -> usize {
        if candidates.len() <= 2 {
            return candidates[0] as usize;
        }
        // The cost of a set does not depend on how it was reached, so neither does the first
        // optimal guess: an empty history only means fewer symmetries to save time with.
        self.cost(candidates, free, &[], INFINITE);
        match self.memo.lock().expect("memo lock").get(candidates) {
            Some(Entry::Exact { guess, .. }) => *guess as usize,
            _ => candidates[0] as usize,
        }
    }

    /// The cost of `set` when it is below `budget`; otherwise some value at least `budget`.
    fn cost(&self, set: &[u32], free: u64, history: &[usize], budget: u32) -> u32 {
        let n = set.len();
        match n {
            0 => return 0,
            1 => return 1,
            2 => return 3,
            _ => {}
        }
        let mut floor = self.lower[n];
        if floor >= budget {
            return floor;
        }
        // Stopped (time limit, Ctrl-C): every set from here on "fails its budget", so the search
        // unwinds at once. What it memoised since is not a proof; the solve reports it stopped.
        if stop::requested().is_some() {
            return budget;
        }
        if let Some(e) = self.memo.lock().expect("memo lock").get(set).copied() {
            match e {
                Entry::Exact { cost, .. } => return cost,
                Entry::AtLeast(x) if x >= budget => return x,
                Entry::AtLeast(x) => floor = floor.max(x),
            }
        }
        self.count_set();
        // A possible code that tells every other apart reaches the bound 2n - 1: nothing beats it.
        if floor == 2 * n as u32 - 1
            && let Some(cost) = self.separating_guess(set)
        {
            return cost;
        }
        let (free, order) = self.guess_order(set, free, history, budget);
        if let Some(&first) = order.first() {
            floor = floor.max((first >> 33) as u32);
        }
        self.best_guess_in(set, free, history, &order, floor, budget)
    }

    /// Counts a set searched, and shows the count now and then.
    fn count_set(&self) {
        let searched = self.nodes.fetch_add(1, Ordering::Relaxed) + 1;
        if searched.is_multiple_of(4096)
            && let Some(p) = self.progress
        {
            p.message(|| format!("optimal search: {searched} sets of codes searched"));
        }
    }

    /// The cost 2n - 1 of `set` when one of its codes tells all the others apart (memoised).
    fn separating_guess(&self, set: &[u32]) -> Option<u32> {
        let mut counts = vec![0u32; self.space.feedback_slots()];
        for &g in set {
            self.space.partition_counts(g as usize, set, &mut counts);
            if counts.iter().all(|&c| c <= 1) {
                let cost = 2 * set.len() as u32 - 1;
                self.store(set, Entry::Exact { cost, guess: g });
                return Some(cost);
            }
        }
        None
    }

    /// The free symbols that still count as free, and each guess worth trying with the bound of
    /// its split, best first, as packed keys (bound, impossible, guess); guesses whose bound
    /// reaches the budget are dropped early.
    fn guess_order(
        &self,
        set: &[u32],
        free: u64,
        history: &[usize],
        budget: u32,
    ) -> (u64, Vec<u64>) {
        let space = self.space;
        let possible = membership(space.len(), set);
        let mut counts = vec![0u32; space.feedback_slots()];
        let mut order: Vec<u64> = Vec::new();
        let (free, symmetry) = self.symmetry(set, free, history);
        for g in self.pool(set).filter(|&g| symmetry.keeps(space.code(g))) {
            if stop::requested().is_some() {
                break; // the caller's `cost` gives up at once
            }
            let Some(bound) = self.split_bound(g, set, &mut counts, budget) else {
                continue;
            };
            let impossible = u64::from(!is_member(&possible, g));
            order.push(u64::from(bound) << 33 | impossible << 32 | g as u64);
        }
        order.sort_unstable();
        (free, order)
    }

    /// Searches the guesses of `order` until one reaches `floor`; memoises and returns the best
    /// total below `budget`, or a lower bound at least `budget` when none is below it.
    fn best_guess_in(
        &self,
        set: &[u32],
        free: u64,
        history: &[usize],
        order: &[u64],
        floor: u32,
        budget: u32,
    ) -> u32 {
        let root = history
            .is_empty()
            .then(|| RootProgress::new(order.len(), set.len()));
        let search = Search {
            set,
            free,
            history,
            order,
            floor,
            root: root.as_ref(),
        };
        let found = self.search_in_order(&search, budget);
        if let Some(r) = &root {
            r.finish(self);
        }
        match found {
            Best {
                cost,
                index: Some(i),
            } => {
                let guess = order[i] as u32;
                self.store(set, Entry::Exact { cost, guess });
                cost
            }
            Best { index: None, .. } => {
                let at_least = budget.max(floor);
                self.store(set, Entry::AtLeast(at_least));
                at_least
            }
        }
    }

    /// The guesses of the search in order, each with the best total so far as its budget; in
    /// a large set, the guesses after the first on every core.
    fn search_in_order(&self, s: &Search, budget: u32) -> Best {
        let best = Mutex::new(Best {
            cost: budget,
            index: None,
        });
        let parallel = s.set.len() >= self.parallel_guesses_from
            && s.order.len() > 2
            && rayon::current_num_threads() > 1;
        if parallel {
            // The first guess alone: the others start with its total as their budget, not an
            // open one (budgets passed down compound, and the first guess is usually the best).
            if self.try_guess(s, 0, &best) {
                self.guesses_in_parallel(s, 1, &best);
            }
        } else {
            for i in 0..s.order.len() {
                if !self.try_guess(s, i, &best) {
                    break;
                }
            }
        }
        best.into_inner().expect("best lock")
    }

    /// Guesses `from..` of the order on every core, each worker taking the next one. The
    /// outcome does not depend on timing: the best is the least (total, place in the order),
    /// and every guess that could be it is scored exactly (see `Best::limit_for`).
    fn guesses_in_parallel(&self, s: &Search, from: usize, best: &Mutex<Best>) {
        let next = AtomicUsize::new(from);
        (0..rayon::current_num_threads())
            .into_par_iter()
            .for_each(|_| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= s.order.len() {
                        return;
                    }
                    if !self.try_guess(s, i, best) {
                        // Limits only go down and bounds up the order: no later guess can win.
                        next.fetch_max(s.order.len(), Ordering::Relaxed);
                        return;
                    }
                }
            });
    }

    /// Scores the `i`-th guess of the order against `best`, replacing it when better; false
    /// when no guess from this one on can beat `best` (its bound reaches it, or `best` already
    /// meets the floor).
    fn try_guess(&self, s: &Search, i: usize, best: &Mutex<Best>) -> bool {
        let limit = Limit { best, index: i };
        let now = *best.lock().expect("best lock");
        let (bound, g) = ((s.order[i] >> 33) as u32, s.order[i] as u32);
        if now.meets(s.floor) || bound >= now.limit_for(i) {
            return false;
        }
        let tally = s.root.map(|root| GuessProgress {
            root,
            counted: AtomicU64::new(0),
        });
        let total = self.guess_cost(s.set, s.free, s.history, g as usize, limit, tally.as_ref());
        if let Some(t) = tally {
            t.finish(self);
        }
        // Below the limit as it is now (it only went down): every part was scored exactly.
        let mut best = best.lock().expect("best lock");
        if total < best.limit_for(i) {
            *best = Best {
                cost: total,
                index: Some(i),
            };
        }
        true
    }

    /// `|set|` plus the lower bounds of the parts `g` leaves, or None when that reaches `budget`
    /// or `g` tells nothing. The bound grows by `delta[c]` as a part reaches size `c`, so it is
    /// known (and can give up) while the codes are scored.
    fn split_bound(&self, g: usize, set: &[u32], counts: &mut [u32], budget: u32) -> Option<u32> {
        let row = self.space.row(g).expect("optimal needs the score table");
        let win = self.space.win() as usize;
        counts.fill(0);
        let mut bound = set.len() as u32;
        for &s in set {
            let fb = row[s as usize] as usize;
            counts[fb] += 1;
            if fb != win {
                bound += self.delta[counts[fb] as usize];
                if bound >= budget {
                    return None;
                }
            }
        }
        let first = row[set[0] as usize] as usize;
        if counts[first] as usize == set.len() && first != win {
            return None; // one part: tells nothing
        }
        Some(bound)
    }

    /// `|set|` plus the cost of every part `guess` leaves, or some value >= `budget`.
    fn guess_cost(
        &self,
        set: &[u32],
        free: u64,
        history: &[usize],
        guess: usize,
        limit: Limit,
        root: Option<&GuessProgress>,
    ) -> u32 {
        let space = self.space;
        let win = space.win() as usize;
        let mut parts: Vec<Vec<u32>> = split(space, guess, set)
            .into_iter()
            .enumerate()
            .filter(|(fb, p)| *fb != win && !p.is_empty())
            .map(|(_, p)| p)
            .collect();
        // Large parts first: they decide whether the guess fails the budget.
        parts.sort_by_key(|p| std::cmp::Reverse(p.len()));
        let free = free & !space.mask(guess);
        let mut history = history.to_vec();
        history.push(guess);
        let history = &history[..];
        if limit.now() >= INFINITE && set.len() >= self.parallel_parts_from {
            // No budget to share between parts, so they are independent: solve them in parallel
            // (exactly the work of the search in order). Only the first guess of a set is
            // searched without a budget: searching every guess of a set in parallel from the
            // start was tried (until 2026-11-23) and did two to five times the work, since the
            // open budgets compound down the levels; see `search_in_order`.
            let costs: Vec<u32> = parts
                .par_iter()
                .map(|p| {
                    let cost = self.cost(p, free, history, INFINITE);
                    root.inspect(|r| r.part_done(self, p.len()));
                    cost
                })
                .collect();
            // Saturating: a stopped search answers INFINITE for the parts it gave up on.
            let sum = costs.iter().fold(0u32, |a, &c| a.saturating_add(c));
            return sum.saturating_add(set.len() as u32);
        }
        // One guess deep bounds of every part before any part is searched deeply: the first part
        // would otherwise take all the slack and be solved almost exactly, only for the other
        // parts to show the guess was hopeless.
        let mut bounds: Vec<u32> = parts.iter().map(|p| self.lower[p.len()]).collect();
        let mut total = set.len() as u32 + bounds.iter().sum::<u32>();
        for (p, b) in parts.iter().zip(bounds.iter_mut()) {
            let budget = limit.now();
            if total >= budget {
                return total;
            }
            let without = total - *b;
            *b = self.shallow_bound(p, free, history, budget - without);
            total = without + *b;
        }
        for (p, &b) in parts.iter().zip(&bounds) {
            let budget = limit.now();
            if total >= budget {
                return total;
            }
            let without = total - b;
            total = without + self.cost(p, free, history, budget - without);
            root.inspect(|r| r.part_done(self, p.len()));
        }
        total
    }

    /// A lower bound on the cost of `set`: what the memo knows, else the best bound of a split
    /// (`|set|` plus the size bounds of the parts of the best guess), memoised. Bounds are only
    /// worked out up to `cap` (where the caller gives up): the result is then at least `cap`.
    fn shallow_bound(&self, set: &[u32], free: u64, history: &[usize], cap: u32) -> u32 {
        let n = set.len();
        if n <= 2 {
            return [0, 1, 3][n];
        }
        let floor = self.lower[n];
        if let Some(e) = self.memo.lock().expect("memo lock").get(set).copied() {
            return match e {
                Entry::Exact { cost, .. } => cost,
                Entry::AtLeast(x) => x.max(floor),
            };
        }
        let space = self.space;
        let mut counts = vec![0u32; space.feedback_slots()];
        if floor >= cap {
            return floor;
        }
        let (_, symmetry) = self.symmetry(set, free, history);
        // The guess that bounded the previous set best (often a sibling) is tried first, so
        // that the others give up early; any guess is allowed here, representative or not.
        let hint = LAST_BEST
            .with(|c| c.get())
            .filter(|&g| self.allowed(set, g));
        let mut best = cap;
        let mut best_guess = None;
        let guesses = hint
            .into_iter()
            .chain(self.pool(set).filter(|&g| symmetry.keeps(space.code(g))));
        for g in guesses {
            if stop::requested().is_some() {
                return cap; // stopped: "fails the cap", so the caller gives up at once
            }
            if let Some(b) = self.split_bound(g, set, &mut counts, best) {
                best = b;
                best_guess = Some(g);
                if best <= floor {
                    break;
                }
            }
        }
        if best_guess.is_some() {
            LAST_BEST.with(|c| c.set(best_guess));
        }
        let bound = best.max(floor);
        self.store(set, Entry::AtLeast(bound));
        bound
    }

    /// The free symbols that still count as free, and the symmetries of `set` after `history`.
    fn symmetry(&self, set: &[u32], free: u64, history: &[usize]) -> (u64, Symmetry) {
        let space = self.space;
        let dead = dead_symbols(space, set);
        // Free symbols that are dead make every free symbol dead: the dead class covers them.
        let free = if free & dead != 0 { 0 } else { free };
        (free, Symmetry::new(space, history, free, dead))
    }

    /// Whether `g` may be guessed for `set`.
    fn allowed(&self, set: &[u32], g: usize) -> bool {
        match self.pool {
            Pool::Any => g < self.space.len(),
            Pool::Consistent => set.binary_search(&(g as u32)).is_ok(),
        }
    }

    /// The guesses allowed for `set`.
    fn pool<'s>(&self, set: &'s [u32]) -> Box<dyn Iterator<Item = usize> + 's> {
        match self.pool {
            Pool::Any => Box::new(0..self.space.len()),
            Pool::Consistent => Box::new(set.iter().map(|&c| c as usize)),
        }
    }

    /// Records what is known of a set; an exact cost is never replaced by a mere bound (two
    /// threads may search the same set with different budgets).
    fn store(&self, set: &[u32], e: Entry) {
        let mut memo = self.memo.lock().expect("memo lock");
        match (memo.get_mut(set), e) {
            (Some(Entry::Exact { .. }), _) => {}
            (Some(Entry::AtLeast(old)), Entry::AtLeast(new)) => *old = (*old).max(new),
            (Some(slot), e) => *slot = e,
            (None, e) => {
                memo.insert(set.to_vec().into_boxed_slice(), e);
            }
        }
    }
}

/// `lower[n]` for n up to `max`: fill guess numbers greedily, one secret found by the first
/// guess, at most (b-1)^(d-1) by guess d.
fn lower_bounds(max: usize, feedbacks: u64) -> Vec<u32> {
    let mut lower = Vec::with_capacity(max + 1);
    lower.push(0u32);
    let (mut depth, mut room, mut capacity, mut sum) = (1u32, 1u64, 1u64, 0u32);
    for _ in 1..=max {
        if room == 0 {
            depth += 1;
            capacity = capacity.saturating_mul(feedbacks - 1);
            room = capacity;
        }
        room -= 1;
        sum += depth;
        lower.push(sum);
    }
    lower
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::codebreaker::sets::all_symbols;
    use rustc_hash::FxHashMap;

    #[test]
    fn lower_bounds_fill_depths() {
        // b = 3: one at depth 1, two at depth 2, four at depth 3.
        assert_eq!(lower_bounds(5, 3), vec![0, 1, 3, 5, 8, 11]);
    }

    /// The definition itself: no bounds, no symmetry, every code as a guess, memo by set.
    fn plain_optimum(space: &CodeSpace, set: &[u32], memo: &mut FxHashMap<Vec<u32>, u32>) -> u32 {
        if set.len() <= 1 {
            return set.len() as u32;
        }
        if let Some(&c) = memo.get(set) {
            return c;
        }
        let win = space.win() as usize;
        let mut best = u32::MAX;
        for g in 0..space.len() {
            let parts = split(space, g, set);
            if parts.iter().any(|p| p.len() == set.len()) && parts[win].is_empty() {
                continue;
            }
            let rest: u32 = parts
                .iter()
                .enumerate()
                .filter(|(fb, _)| *fb != win)
                .map(|(_, p)| plain_optimum(space, p, memo))
                .sum();
            best = best.min(set.len() as u32 + rest);
        }
        memo.insert(set.to_vec(), best);
        best
    }

    #[test]
    fn search_agrees_with_the_plain_definition_on_small_games() {
        for (symbols, length, repeats) in [(4, 3, true), (5, 3, false), (3, 3, true)] {
            let names: Vec<String> = (0..symbols).map(|d: usize| d.to_string()).collect();
            let space = CodeSpace::new(names, length, repeats, true);
            let all: Vec<u32> = (0..space.len() as u32).collect();
            let opt = Optimal::new(&space, Pool::Any);
            let fast = opt.total(&all, all_symbols(&space));
            let plain = plain_optimum(&space, &all, &mut FxHashMap::default());
            assert_eq!(fast, plain, "{symbols} symbols, length {length}");
        }
    }

    /// The optimum of every small game on one thread and on two with every set's independent
    /// parts and its guesses after the first searched in parallel (not only in sets of 400 codes
    /// and more): the same total and the same first guess, and the total of the plain definition.
    #[test]
    fn one_thread_and_two_agree_with_the_plain_definition() {
        for (symbols, length, repeats) in [(4, 3, true), (5, 3, false)] {
            let names: Vec<String> = (0..symbols).map(|d: usize| d.to_string()).collect();
            let space = CodeSpace::new(names, length, repeats, true);
            let all: Vec<u32> = (0..space.len() as u32).collect();
            let plain = plain_optimum(&space, &all, &mut FxHashMap::default());
            let on = |threads: usize| {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                pool.install(|| {
                    let mut opt = Optimal::new(&space, Pool::Any);
                    opt.parallel_parts_from = 0;
                    opt.parallel_guesses_from = 0;
                    let total = opt.total(&all, all_symbols(&space));
                    (total, opt.best_guess(&all, all_symbols(&space)))
                })
            };
            let (one, two) = (on(1), on(2));
            assert_eq!(one.0, plain, "{symbols} symbols, length {length}");
            assert_eq!(one, two, "{symbols} symbols, length {length}");
        }
    }

    /// Keeps the positions it is told.
    struct Positions(std::sync::Arc<Mutex<Vec<(u64, u64)>>>);

    impl crate::engine::progress::ProgressSink for Positions {
        fn message(&self, _: String) {}
        fn position(&self, _: &str, done: u64, total: u64) {
            self.0.lock().unwrap().push((done, total));
        }
        fn finish(&self) {}
    }

    #[test]
    fn the_root_search_reports_positions_up_to_its_total() {
        let seen = std::sync::Arc::new(Mutex::new(Vec::new()));
        let progress = Progress::to(Positions(std::sync::Arc::clone(&seen)));
        let names: Vec<String> = (0..4).map(|d: usize| d.to_string()).collect();
        let space = CodeSpace::new(names, 3, true, true);
        let all: Vec<u32> = (0..space.len() as u32).collect();
        let opt = Optimal::new(&space, Pool::Any).with_progress(&progress);
        opt.total(&all, all_symbols(&space));
        let seen = seen.lock().unwrap();
        let &(last, total) = seen.last().unwrap();
        // Every first guess up to symmetry counts the 64 codes once; the search ends at 100 %.
        assert_eq!(last, total);
        assert_eq!(total % 64, 0);
        assert!(seen.iter().all(|&(d, t)| t == total && d <= t));
    }

    #[test]
    fn three_digit_game_is_below_every_heuristic() {
        let digits: Vec<String> = (0..6).map(|d| d.to_string()).collect();
        let space = CodeSpace::new(digits, 3, false, true);
        let all: Vec<u32> = (0..space.len() as u32).collect();
        let opt = Optimal::new(&space, Pool::Any);
        let total = opt.total(&all, all_symbols(&space));
        assert!(total >= opt.lower[space.len()]);
        assert!(total <= 4 * space.len() as u32);
    }
}
