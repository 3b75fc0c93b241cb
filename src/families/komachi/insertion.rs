//! Every formula without parentheses, by depth-first operator insertion with incremental exact
//! evaluation: the value is kept as (sum of finished terms, product of the current term's finished
//! factors, the number being built), so each operator costs one rational operation, not a
//! re-evaluation of the formula.

use super::model::{KomachiModel, Op};
use crate::engine::split::{Shard, TurnParts};
use crate::engine::stop;
use crate::expr::Rational;
use rustc_hash::FxHashMap;
use std::time::{Duration, Instant};

pub enum Goal {
    Target(Rational),
    /// Every value with how many formulas give it.
    All,
}

#[derive(Default)]
pub struct Outcome {
    /// Sign of the first number and operators of each listed formula.
    pub listed: Vec<(bool, Vec<Op>)>,
    /// In a part of a split run: the part of the enumeration each listed formula is in.
    pub slots: Vec<u64>,
    /// Formulas giving the target.
    pub count: u64,
    /// Formulas evaluated (well-defined or not).
    pub formulas: u64,
    /// Formulas that divide by zero (they have no value).
    pub undefined: u64,
    /// Formulas whose arithmetic leaves 127 bits (skipped, reported).
    pub overflowed: u64,
    pub values: FxHashMap<Rational, u64>,
    pub elapsed: Duration,
}

struct Search<'a> {
    model: &'a KomachiModel,
    goal: &'a Goal,
    limit: usize,
    stop_after: Option<u64>,
    ops: Vec<Op>,
    negative: bool,
    out: Outcome,
    /// A stop was requested (time limit, Ctrl-C): the counts so far are incomplete.
    stopped: bool,
    /// `run --shard K/N`: the prefixes of the sign and first operators, dealt in turn; this
    /// shard walks below its own only. None: the whole enumeration.
    part: Option<TurnParts>,
}

/// Prefixes per shard to aim for: the subtrees below a prefix are of one size (but for numbers
/// that would start with 0), so a few per shard balance them.
const PARTS_PER_SHARD: u64 = 8;

/// The split for `shard`: below the first operators (and the sign), at the digit where there
/// are enough prefixes. A prefix reaching digit `i` has `i - 1` operators, so depth = digit.
fn parts(model: &KomachiModel, shard: Shard) -> TurnParts {
    let signs = if model.leading_minus { 2 } else { 1 };
    let ops = model.ops.len() as u64;
    let levels = model.digits.len();
    TurnParts::new(
        shard,
        PARTS_PER_SHARD,
        std::iter::once(signs).chain(std::iter::repeat_n(ops, levels.saturating_sub(1))),
    )
}

/// Every formula (or this shard's part of them), up to `stop_after` making the target.
pub fn enumerate(
    model: &KomachiModel,
    goal: &Goal,
    (limit, stop_after): (usize, Option<u64>),
    shard: Option<Shard>,
) -> Outcome {
    let start = Instant::now();
    let mut s = Search {
        model,
        goal,
        limit,
        stop_after,
        ops: vec![Op::Concat; model.digits.len().saturating_sub(1)],
        negative: false,
        out: Outcome::default(),
        stopped: false,
        part: shard.map(|shard| parts(model, shard)),
    };
    let signs: &[bool] = if model.leading_minus {
        &[false, true]
    } else {
        &[false]
    };
    for &negative in signs {
        s.negative = negative;
        let sign = Rational::int(if negative { -1 } else { 1 });
        s.step(
            1,
            Rational::ZERO,
            sign,
            Op::Mul,
            i128::from(model.digits[0]),
        );
        if s.done() {
            break;
        }
    }
    s.out.elapsed = start.elapsed();
    s.out
}

/// `coef * num` or `coef / num`; None when undefined (division by zero) or on overflow, told
/// apart by `num`.
fn close(coef: Rational, pending: Op, num: i128) -> Option<Rational> {
    match (pending, coef.to_integer()) {
        // Whole numbers stay whole without a gcd: the common case in the inner loop.
        (Op::Div, Some(c)) if num != 0 && c % num == 0 => Some(Rational::int(c / num)),
        (Op::Div, Some(c)) => Rational::new(c, num),
        (Op::Div, None) => coef.checked_div(Rational::int(num)),
        (_, Some(c)) => c.checked_mul(num).map(Rational::int),
        _ => coef.checked_mul(Rational::int(num)),
    }
}

/// Why a prefix has no value: every formula below it is tallied, not evaluated.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dead {
    DivisionByZero,
    Overflow,
}

fn why(pending: Op, num: i128) -> Dead {
    if pending == Op::Div && num == 0 {
        Dead::DivisionByZero
    } else {
        Dead::Overflow
    }
}

impl Search<'_> {
    fn done(&self) -> bool {
        self.stopped || self.stop_after.is_some_and(|s| self.out.count >= s)
    }

    /// Whether the prefix reaching digit `i` is another shard's part (and then skipped).
    fn others(&mut self, i: usize) -> bool {
        self.part.as_mut().is_some_and(|p| p.others(i))
    }

    /// One more formula evaluated; looks at the stop request every 4,096.
    fn counted(&mut self) {
        self.out.formulas += 1;
        self.stopped |= stop::poll(self.out.formulas as usize);
    }

    /// Digits before `i` are placed; `num` is the number being built from the last of them.
    fn step(&mut self, i: usize, acc: Rational, coef: Rational, pending: Op, num: i128) {
        if self.others(i) {
            return;
        }
        let digits = &self.model.digits;
        if i == digits.len() {
            self.counted();
            let Some(value) = close(coef, pending, num).and_then(|t| acc.checked_add(t)) else {
                self.tally(why(pending, num));
                return;
            };
            match self.goal {
                Goal::All => *self.out.values.entry(value).or_insert(0) += 1,
                Goal::Target(t) if value == *t => {
                    self.out.count += 1;
                    if self.out.listed.len() < self.limit {
                        self.out.listed.push((self.negative, self.ops.clone()));
                        self.out
                            .slots
                            .extend(self.part.as_ref().map(TurnParts::slot));
                    }
                }
                Goal::Target(_) => {}
            }
            return;
        }
        let d = i128::from(digits[i]);
        for k in 0..self.model.ops.len() {
            let op = self.model.ops[k];
            self.ops[i - 1] = op;
            match op {
                // No number starts with 0 (a lone 0 is a number).
                Op::Concat if num == 0 => continue,
                Op::Concat => match num.checked_mul(10).and_then(|n| n.checked_add(d)) {
                    Some(n) => self.step(i + 1, acc, coef, pending, n),
                    None => self.dead(i + 1, Dead::Overflow, 1),
                },
                Op::Mul | Op::Div => match close(coef, pending, num) {
                    Some(c) => self.step(i + 1, acc, c, op, d),
                    None => self.dead(i + 1, why(pending, num), d),
                },
                Op::Add | Op::Sub => {
                    let sign = Rational::int(if op == Op::Add { 1 } else { -1 });
                    match close(coef, pending, num).and_then(|t| acc.checked_add(t)) {
                        Some(a) => self.step(i + 1, a, sign, Op::Mul, d),
                        None => self.dead(i + 1, why(pending, num), d),
                    }
                }
            }
            if self.done() {
                return;
            }
        }
    }

    /// Walks the formulas below a prefix without a value, to tally them exactly.
    fn dead(&mut self, i: usize, reason: Dead, num: i128) {
        if self.others(i) {
            return;
        }
        if i == self.model.digits.len() {
            self.counted();
            self.tally(reason);
            return;
        }
        for k in 0..self.model.ops.len() {
            if self.stopped {
                return;
            }
            let op = self.model.ops[k];
            if op == Op::Concat && num == 0 {
                continue;
            }
            let next = if op == Op::Concat {
                1
            } else {
                i128::from(self.model.digits[i])
            };
            self.dead(i + 1, reason, next);
        }
    }

    fn tally(&mut self, reason: Dead) {
        match reason {
            Dead::DivisionByZero => self.out.undefined += 1,
            Dead::Overflow => self.out.overflowed += 1,
        }
    }
}
