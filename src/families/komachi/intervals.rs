//! Formulas with parentheses: every binary tree over the digits (a leaf is a run of digits joined
//! by concatenation). The values of each run of digits i..j are computed once, with how many
//! trees give each (dynamic programming over intervals), so the trees are counted without being
//! built; only the ones listed are built, from the tables, on the way out.

use super::model::{KomachiModel, Op};
use crate::engine::stop;
use crate::expr::Rational;
use rustc_hash::FxHashMap;
use std::time::{Duration, Instant};

type Values = FxHashMap<Rational, u128>;

pub enum Tree {
    Leaf(i128),
    Node(Op, Box<Tree>, Box<Tree>),
}

impl Tree {
    fn precedence(&self) -> u8 {
        match self {
            Tree::Leaf(_) => 3,
            Tree::Node(op, _, _) => op.precedence(),
        }
    }

    /// With the fewest parentheses that still read back as this very tree: a right operand of
    /// equal precedence keeps its parentheses (1 + (2 + 3) is a different tree from 1 + 2 + 3).
    pub fn text(&self) -> String {
        match self {
            Tree::Leaf(n) => n.to_string(),
            Tree::Node(op, a, b) => {
                let p = op.precedence();
                let left = if a.precedence() < p {
                    format!("({})", a.text())
                } else {
                    a.text()
                };
                let right = if b.precedence() <= p {
                    format!("({})", b.text())
                } else {
                    b.text()
                };
                format!("{left} {} {right}", op.name())
            }
        }
    }
}

pub struct Outcome {
    /// Trees giving the target, or every tree in "all" mode.
    pub count: u128,
    pub listed: Vec<Tree>,
    /// Trees without a value (a division by zero somewhere).
    pub undefined: u128,
    /// Trees skipped because their arithmetic left 127 bits.
    pub overflowed: u128,
    /// Every tree's count, all values.
    pub formulas: u128,
    pub values: Vec<(Rational, u128)>,
    pub elapsed: Duration,
}

struct Tables<'a> {
    model: &'a KomachiModel,
    binary: Vec<Op>,
    /// `cells[index(i, j, negative)]`: values of the digits i..j (negative: the first number is
    /// negated, only for i == 0).
    cells: Vec<Values>,
    undefined: Vec<u128>,
    overflowed: Vec<u128>,
    /// Looks at the stop request as the products of values are made (their number varies
    /// widely from one interval to the next).
    ticker: stop::Ticker,
    /// A stop was requested: the tables are incomplete and the search ends.
    stopped: bool,
}

impl Tables<'_> {
    fn index(&self, i: usize, j: usize, negative: bool) -> usize {
        let n = self.model.digits.len() + 1;
        (usize::from(negative) * n + i) * n + j
    }

    fn leaf(&self, i: usize, j: usize, negative: bool) -> Option<i128> {
        let d = &self.model.digits[i..j];
        let joined = j - i == 1 || (self.model.ops.contains(&Op::Concat) && d[0] != 0);
        if !joined {
            return None;
        }
        let n = d
            .iter()
            .try_fold(0i128, |n, &x| n.checked_mul(10)?.checked_add(i128::from(x)))?;
        Some(if negative { -n } else { n })
    }

    /// Tabulates the digits i..j: defined trees by value, and tallies of the others. A tree is
    /// undefined when it divides by zero anywhere, else overflowed when its arithmetic leaves 127
    /// bits anywhere. With `evaluate` false only the tallies of trees are made (no values).
    fn build(&mut self, i: usize, j: usize, negative: bool, evaluate: bool) -> Tally {
        let mut values = Values::default();
        let mut tally = Tally::default();
        if let Some(n) = self.leaf(i, j, negative) {
            values.insert(Rational::int(n), 1);
            tally.all += 1;
        }
        for k in i + 1..j {
            let (l, r) = (self.index(i, k, negative), self.index(k, j, false));
            let (left, right) = (&self.cells[l], &self.cells[r]);
            let (dl, dr) = (total(left), total(right));
            let (ul, ur) = (self.undefined[l], self.undefined[r]);
            let (ol, or) = (self.overflowed[l], self.overflowed[r]);
            let (al, ar) = (dl + ul + ol, dr + ur + or);
            let zero_r = right.get(&Rational::ZERO).copied().unwrap_or(0);
            for &op in &self.binary {
                let div_zero = if op == Op::Div { zero_r } else { 0 };
                tally.all += al * ar;
                tally.undefined += ul * ar + (al - ul) * ur + (al - ul) * div_zero;
                tally.overflowed += ol * (ar - ur - div_zero) + dl * or;
            }
            if !evaluate {
                continue;
            }
            for (&a, &ca) in left {
                if self.ticker.tick(right.len() * self.binary.len() + 1) {
                    self.stopped = true;
                    break;
                }
                for (&b, &cb) in right {
                    for &op in &self.binary {
                        match apply(op, a, b) {
                            Ok(v) => *values.entry(v).or_insert(0) += ca * cb,
                            Err(Dead::DivisionByZero) => {} // tallied above
                            Err(Dead::Overflow) => tally.overflowed += ca * cb,
                        }
                    }
                }
            }
        }
        let at = self.index(i, j, negative);
        self.cells[at] = values;
        self.undefined[at] = tally.undefined;
        self.overflowed[at] = tally.overflowed;
        tally
    }

    /// Trees of digits i..j worth `v`, at most `limit` of them.
    fn trees(
        &self,
        i: usize,
        j: usize,
        negative: bool,
        v: Rational,
        limit: usize,
        out: &mut Vec<Tree>,
    ) {
        if out.len() >= limit {
            return;
        }
        if let Some(leaf) = self.leaf(i, j, negative)
            && Rational::int(leaf) == v
        {
            out.push(Tree::Leaf(leaf));
        }
        for k in i + 1..j {
            let left = &self.cells[self.index(i, k, negative)];
            let right = &self.cells[self.index(k, j, false)];
            for &op in &self.binary {
                for &a in left.keys() {
                    for b in operands(op, a, v, right) {
                        let mut lefts = Vec::new();
                        self.trees(i, k, negative, a, limit - out.len(), &mut lefts);
                        let mut rights = Vec::new();
                        self.trees(k, j, false, b, limit - out.len(), &mut rights);
                        for lt in &lefts {
                            for rt in &rights {
                                if out.len() >= limit {
                                    return;
                                }
                                out.push(Tree::Node(op, Box::new(clone(lt)), Box::new(clone(rt))));
                            }
                        }
                    }
                }
            }
        }
    }
}

fn clone(t: &Tree) -> Tree {
    match t {
        Tree::Leaf(n) => Tree::Leaf(*n),
        Tree::Node(op, a, b) => Tree::Node(*op, Box::new(clone(a)), Box::new(clone(b))),
    }
}

fn total(v: &Values) -> u128 {
    v.values().sum()
}

enum Dead {
    DivisionByZero,
    Overflow,
}

fn apply(op: Op, a: Rational, b: Rational) -> Result<Rational, Dead> {
    let r = match op {
        Op::Add => a.checked_add(b),
        Op::Sub => a.checked_sub(b),
        Op::Mul => a.checked_mul(b),
        Op::Div if b == Rational::ZERO => return Err(Dead::DivisionByZero),
        Op::Div => a.checked_div(b),
        Op::Concat => unreachable!("concatenation only joins digits into leaves"),
    };
    r.ok_or(Dead::Overflow)
}

/// The right operands `b` in `right` with `a op b == v`.
fn operands(op: Op, a: Rational, v: Rational, right: &Values) -> Vec<Rational> {
    let solve = match op {
        Op::Add => v.checked_sub(a),
        Op::Sub => a.checked_sub(v),
        Op::Mul if a == Rational::ZERO => {
            return if v == Rational::ZERO {
                right.keys().copied().collect()
            } else {
                Vec::new()
            };
        }
        Op::Mul => v.checked_div(a),
        Op::Div if v == Rational::ZERO => {
            return if a == Rational::ZERO {
                right
                    .keys()
                    .copied()
                    .filter(|b| *b != Rational::ZERO)
                    .collect()
            } else {
                Vec::new()
            };
        }
        Op::Div => a.checked_div(v),
        Op::Concat => None,
    };
    match solve {
        Some(b) if right.contains_key(&b) && !(op == Op::Div && b == Rational::ZERO) => vec![b],
        _ => Vec::new(),
    }
}

#[derive(Default, Clone, Copy)]
struct Tally {
    /// Every tree, defined or not.
    all: u128,
    undefined: u128,
    /// Known overflows (the last operation of the whole row is not evaluated for a target).
    overflowed: u128,
}

/// Counts (and lists up to `limit`) the trees worth `target`, or tallies every value when None.
pub fn solve(model: &KomachiModel, target: Option<Rational>, limit: usize) -> Outcome {
    let start = Instant::now();
    let n = model.digits.len();
    let size = 2 * (n + 1) * (n + 1);
    let mut t = Tables {
        model,
        binary: model
            .ops
            .iter()
            .copied()
            .filter(|o| *o != Op::Concat)
            .collect(),
        cells: vec![Values::default(); size],
        undefined: vec![0; size],
        overflowed: vec![0; size],
        ticker: stop::Ticker::default(),
        stopped: false,
    };
    let signs: &[bool] = if model.leading_minus {
        &[false, true]
    } else {
        &[false]
    };
    let mut out = Outcome {
        count: 0,
        listed: Vec::new(),
        undefined: 0,
        overflowed: 0,
        formulas: 0,
        values: Vec::new(),
        elapsed: Duration::ZERO,
    };
    let mut values = Values::default();
    'rows: for len in 1..=n {
        for i in 0..=n - len {
            for &negative in signs {
                if negative && i > 0 {
                    continue;
                }
                if t.stopped {
                    break 'rows;
                }
                // With a target the whole row is counted from its parts, never tabulated.
                let whole = len == n;
                let tally = t.build(i, i + len, negative, !whole || target.is_none());
                if whole {
                    out.add_whole_row(&t, negative, &tally, target, limit, &mut values);
                }
            }
        }
    }
    if target.is_none() {
        out.count = total(&values);
        out.values = values.into_iter().collect();
    }
    out.elapsed = start.elapsed();
    out
}

impl Outcome {
    /// Adds the trees over every digit (first number negated or not): their tally, and either
    /// every value (no target) or the count and listing of those worth the target.
    fn add_whole_row(
        &mut self,
        t: &Tables,
        negative: bool,
        tally: &Tally,
        target: Option<Rational>,
        limit: usize,
        values: &mut Values,
    ) {
        let n = t.model.digits.len();
        self.formulas += tally.all;
        self.undefined += tally.undefined;
        self.overflowed += tally.overflowed;
        match target {
            None => {
                for (v, c) in &t.cells[t.index(0, n, negative)] {
                    *values.entry(*v).or_insert(0) += c;
                }
            }
            Some(v) => {
                self.count += count_at(t, n, negative, v);
                let mut trees = Vec::new();
                let room = limit.saturating_sub(self.listed.len());
                t.trees(0, n, negative, v, room, &mut trees);
                self.listed.extend(trees);
            }
        }
    }
}

/// Trees of the whole row worth `v`, from the tables of its two parts.
fn count_at(t: &Tables, n: usize, negative: bool, v: Rational) -> u128 {
    let mut count = u128::from(t.leaf(0, n, negative).map(Rational::int) == Some(v));
    for k in 1..n {
        let left = &t.cells[t.index(0, k, negative)];
        let right = &t.cells[t.index(k, n, false)];
        for &op in &t.binary {
            for (&a, &ca) in left {
                for b in operands(op, a, v, right) {
                    count += ca * right[&b];
                }
            }
        }
    }
    count
}
