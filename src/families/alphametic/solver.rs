//! Depth-first search over the letters, one digit at a time, pruning as soon as the digits placed
//! so far rule out every completion — never the base^letters candidates one by one.
//!
//! - `weighted-sums` (linear formulas): the equation is `sum(w * d) + c == 0`. Letters are placed
//!   in order of the base-adic valuation of their weight (units column first), so that after the
//!   letters of valuation < k are placed the sum is known modulo base^k; and at every node the
//!   remaining letters' least and greatest possible contribution must bracket what is missing.
//! - `columns` (any formula with + - *): letters are placed column by column from the right; once
//!   the last k columns are placed, both sides are compared modulo base^k (a word's value modulo
//!   base^k depends only on its last k digits, and + - * respect congruences).

use super::model::{AlphameticModel, LinearForm, evaluate, evaluate_mod};
use crate::engine::split::{Shard, TurnParts};
use crate::engine::{Progress, stop};
use std::time::{Duration, Instant};

/// The pruning to search with, and what it needs.
#[derive(Debug, Clone, Copy)]
pub enum Method<'a> {
    /// Needs the equation's linear form.
    WeightedSums(&'a LinearForm),
    Columns,
}

/// The pruning in the search loop (the method without its data).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Strategy {
    WeightedSums,
    Columns,
}

pub struct Outcome {
    /// Digit of each letter, for the first `limit` solutions found.
    pub listed: Vec<Vec<u8>>,
    /// In a part of a split run: the part of the search each listed solution is in.
    pub slots: Vec<u64>,
    /// Every solution found (all of them unless the search stopped early).
    pub count: u64,
    /// Digits placed on letters (search nodes).
    pub nodes: u64,
    /// A word's value left i128 at a full check (load-time bounds rule this out).
    pub overflowed: bool,
    pub elapsed: Duration,
}

/// Digit assignments of the first letters per shard to aim for (`run --shard K/N`): their
/// subtrees differ in size as pruning cuts them, so many per shard.
const PARTS_PER_SHARD: u64 = 32;

/// Searches with `method` (only this shard's part of the search when given); lists up to
/// `limit` solutions and stops after `stop_after` if given.
pub fn solve(
    model: &AlphameticModel,
    method: Method,
    (limit, stop_after): (usize, Option<u64>),
    shard: Option<Shard>,
    progress: &Progress,
) -> Outcome {
    let start = Instant::now();
    let mut search = Search::new(model, method, limit, stop_after, progress);
    let levels = std::iter::repeat_n(u64::from(model.base), model.letters.len());
    search.part = shard.map(|s| TurnParts::new(s, PARTS_PER_SHARD, levels));
    search.dfs(0, 0, 0);
    Outcome {
        listed: search.listed,
        slots: search.slots,
        count: search.count,
        nodes: search.nodes,
        overflowed: search.overflowed,
        elapsed: start.elapsed(),
    }
}

struct Search<'a> {
    model: &'a AlphameticModel,
    strategy: Strategy,
    order: Vec<usize>,
    /// weighted-sums: after placing `order[..=i]`, the sum is known modulo `modulus[i]`.
    /// columns: after placing `order[..=i]`, compare both sides modulo `modulus[i]`.
    modulus: Vec<Option<i128>>,
    /// columns: how many trailing columns `modulus[i]` covers.
    columns: Vec<usize>,
    weights: Vec<i128>,
    constant: i128,
    digits: Vec<u8>,
    values: Vec<i128>,
    listed: Vec<Vec<u8>>,
    slots: Vec<u64>,
    limit: usize,
    stop_after: Option<u64>,
    count: u64,
    nodes: u64,
    overflowed: bool,
    /// A stop was requested (time limit, Ctrl-C): the search unwinds.
    stopped: bool,
    progress: &'a Progress,
    /// `run --shard K/N`: the assignments of the first letters dealt in turn; None: all.
    part: Option<TurnParts>,
}

/// Exponent of the largest power of `base` dividing `w` (u32::MAX for 0).
fn valuation(mut w: i128, base: i128) -> u32 {
    if w == 0 {
        return u32::MAX;
    }
    let mut v = 0;
    while w % base == 0 {
        w /= base;
        v += 1;
    }
    v
}

/// base^k when products of two residues still fit in i128.
fn safe_modulus(base: u32, k: u32) -> Option<i128> {
    let m = i128::from(base).checked_pow(k)?;
    (m <= 1i128 << 62).then_some(m)
}

/// The order letters are placed in, and when a modular check applies (see [`Search`]).
struct Order {
    order: Vec<usize>,
    modulus: Vec<Option<i128>>,
    columns: Vec<usize>,
}

/// weighted-sums: letters by the power of the base dividing their weight (units first), larger
/// weights first; once the letters of valuation < k are placed the sum is known modulo base^k.
fn weighted_order(weights: &[i128], base: u32) -> Order {
    let n = weights.len();
    let b = i128::from(base);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&l| {
        (
            valuation(weights[l], b),
            std::cmp::Reverse(weights[l].abs()),
        )
    });
    let mut modulus = vec![None; n];
    for i in 0..n.saturating_sub(1) {
        let v = valuation(weights[order[i + 1]], b);
        if v > 0 && v != u32::MAX {
            modulus[i] = b.checked_pow(v);
        }
    }
    Order {
        order,
        modulus,
        columns: vec![0; n],
    }
}

/// columns: letters column by column from the right; once the last k columns are placed, both
/// sides are compared modulo base^k.
fn column_order(model: &AlphameticModel) -> Order {
    let n = model.letters.len();
    let mut order = Vec::with_capacity(n);
    let mut modulus = vec![None; n];
    let mut columns = vec![0; n];
    let longest = model.words.iter().map(Vec::len).max().unwrap_or(0);
    for col in 0..longest {
        for word in &model.words {
            if col < word.len() {
                let l = word[word.len() - 1 - col];
                if !order.contains(&l) {
                    order.push(l);
                }
            }
        }
        // Columns 0..=col are all placed once the last letter so far is.
        if let (Some(last), Some(m)) = (
            order.len().checked_sub(1),
            safe_modulus(model.base, col as u32 + 1),
        ) {
            modulus[last] = Some(m);
            columns[last] = col + 1;
        }
    }
    Order {
        order,
        modulus,
        columns,
    }
}

impl<'a> Search<'a> {
    fn new(
        model: &'a AlphameticModel,
        method: Method,
        limit: usize,
        stop_after: Option<u64>,
        progress: &'a Progress,
    ) -> Search<'a> {
        let n = model.letters.len();
        let (strategy, weights, constant, plan) = match method {
            Method::WeightedSums(form) => (
                Strategy::WeightedSums,
                form.weights.clone(),
                form.constant,
                weighted_order(&form.weights, model.base),
            ),
            Method::Columns => (Strategy::Columns, vec![0; n], 0, column_order(model)),
        };
        Search {
            model,
            strategy,
            order: plan.order,
            modulus: plan.modulus,
            columns: plan.columns,
            weights,
            constant,
            digits: vec![0; n],
            values: vec![0; model.words.len()],
            listed: Vec::new(),
            slots: Vec::new(),
            limit,
            stop_after,
            count: 0,
            nodes: 0,
            overflowed: false,
            stopped: false,
            progress,
            part: None,
        }
    }

    fn done(&self) -> bool {
        self.stopped || self.stop_after.is_some_and(|s| self.count >= s)
    }

    fn dfs(&mut self, depth: usize, used: u64, sum: i128) {
        if self.part.as_mut().is_some_and(|p| p.others(depth)) {
            return;
        }
        if depth == self.order.len() {
            if self.strategy == Strategy::WeightedSums || self.full_check() {
                self.count += 1;
                if self.listed.len() < self.limit {
                    self.listed.push(self.digits.clone());
                    self.slots.extend(self.part.as_ref().map(TurnParts::slot));
                }
            }
            return;
        }
        let letter = self.order[depth];
        let first = u32::from(self.model.nonzero >> letter & 1 == 1);
        for d in first..self.model.base {
            let bit = 1u64 << d;
            if self.model.distinct && used & bit != 0 {
                continue;
            }
            self.digits[letter] = d as u8;
            self.nodes += 1;
            if self.nodes & 0xF_FFFF == 0 {
                let nodes = self.nodes;
                self.progress.message(|| format!("{nodes} nodes"));
            }
            if stop::poll(self.nodes as usize) {
                // The count so far is incomplete: the caller marks the report stopped.
                self.stopped = true;
                return;
            }
            let sum = sum + self.weights[letter] * i128::from(d);
            let ok = match self.strategy {
                Strategy::WeightedSums => self.sum_may_vanish(depth, used | bit, sum),
                Strategy::Columns => self.columns_agree(depth),
            };
            if ok {
                self.dfs(depth + 1, used | bit, sum);
                if self.done() {
                    return;
                }
            }
        }
    }

    /// Whether the letters after `depth` can still bring `sum + constant` to zero.
    fn sum_may_vanish(&self, depth: usize, used: u64, sum: i128) -> bool {
        let total = sum + self.constant;
        if let Some(m) = self.modulus[depth]
            && total % m != 0
        {
            return false;
        }
        let all = (1u64 << self.model.base) - 1;
        let free = if self.model.distinct {
            all & !used
        } else {
            all
        };
        let rest = &self.order[depth + 1..];
        if rest.is_empty() {
            return total == 0;
        }
        if free == 0 {
            return false;
        }
        let low = i128::from(free.trailing_zeros());
        let low_nonzero = i128::from((free & !1).trailing_zeros().min(63));
        let high = i128::from(63 - free.leading_zeros());
        let (mut lo, mut hi) = (total, total);
        for &l in rest {
            let w = self.weights[l];
            let min_d = if self.model.nonzero >> l & 1 == 1 {
                low_nonzero
            } else {
                low
            };
            if min_d > high {
                return false;
            }
            if w > 0 {
                lo += w * min_d;
                hi += w * high;
            } else {
                lo += w * high;
                hi += w * min_d;
            }
        }
        lo <= 0 && 0 <= hi
    }

    /// Whether both sides agree modulo base^k once the last k columns are placed.
    fn columns_agree(&mut self, depth: usize) -> bool {
        let Some(m) = self.modulus[depth] else {
            return true;
        };
        let k = self.columns[depth];
        for w in 0..self.model.words.len() {
            self.values[w] = self.model.word_tail(w, &self.digits, k);
        }
        evaluate_mod(&self.model.lhs, &self.values, m)
            == evaluate_mod(&self.model.rhs, &self.values, m)
    }

    fn full_check(&mut self) -> bool {
        for w in 0..self.model.words.len() {
            match self.model.word_value(w, &self.digits) {
                Some(v) => self.values[w] = v,
                None => {
                    self.overflowed = true;
                    return false;
                }
            }
        }
        evaluate(&self.model.lhs, &self.values) == evaluate(&self.model.rhs, &self.values)
    }
}
