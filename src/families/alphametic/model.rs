//! An alphametic as numbers: its letters, its words (letter indices, most significant first),
//! the equation over word slots, and — when the equation is linear in the words — one weight per
//! letter, so that the equation reads `sum(weight * digit) + constant == 0`.

use crate::expr::{BinOp, Equation, Expr, ExprKind};

pub struct AlphameticModel {
    /// Letters in order of first appearance.
    pub letters: Vec<char>,
    /// Distinct words; each is letter indices, most significant first.
    pub words: Vec<Vec<usize>>,
    /// Letters that may not be 0 (first letter of a word of two or more letters).
    pub nonzero: u64,
    pub base: u32,
    pub distinct: bool,
    /// `lhs - rhs`, names bound to word slots.
    pub lhs: Expr,
    pub rhs: Expr,
}

/// `sum(weights[letter] * digit[letter]) + constant == 0`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinearForm {
    pub weights: Vec<i128>,
    pub constant: i128,
}

impl AlphameticModel {
    /// Value of word `w` under `digits` (one per letter), or None on overflow.
    pub fn word_value(&self, w: usize, digits: &[u8]) -> Option<i128> {
        self.words[w].iter().try_fold(0i128, |acc, &l| {
            acc.checked_mul(i128::from(self.base))?
                .checked_add(i128::from(digits[l]))
        })
    }

    /// The value of the word truncated to its last `k` digits.
    pub fn word_tail(&self, w: usize, digits: &[u8], k: usize) -> i128 {
        let word = &self.words[w];
        word[word.len().saturating_sub(k)..]
            .iter()
            .fold(0i128, |acc, &l| {
                acc * i128::from(self.base) + i128::from(digits[l])
            })
    }
}

/// Whether every number the equation can produce fits in i128, with each word (letter indices)
/// below base^length.
pub fn check_magnitude(equation: &Equation, words: &[Vec<usize>], base: u32) -> Option<()> {
    let limits = words
        .iter()
        .map(|w| i128::from(base).checked_pow(u32::try_from(w.len()).ok()?))
        .collect::<Option<Vec<_>>>()?;
    magnitude(&equation.lhs, &limits)?;
    magnitude(&equation.rhs, &limits)?;
    Some(())
}

/// One weight per letter (and the constant) when the equation is linear in the words, None
/// when words are multiplied together; `Err(())` when a weight, or the largest sum the weights
/// can make, leaves i128 (the weighted-sums engine adds them without checks).
pub fn linear_form(
    equation: &Equation,
    words: &[Vec<usize>],
    letters: usize,
    base: u32,
) -> Result<Option<LinearForm>, ()> {
    let Some((word_coefs, constant)) = linear_in_words(&equation.lhs, &equation.rhs, words.len())?
    else {
        return Ok(None);
    };
    let mut weights = vec![0i128; letters];
    for (w, coef) in words.iter().zip(word_coefs) {
        let mut place = 1i128;
        for &l in w.iter().rev() {
            let add = coef.checked_mul(place).ok_or(())?;
            weights[l] = weights[l].checked_add(add).ok_or(())?;
            place = place.saturating_mul(i128::from(base));
        }
    }
    let mut bound = constant.checked_abs().ok_or(())?;
    for w in &weights {
        let most = w
            .checked_abs()
            .and_then(|a| a.checked_mul(i128::from(base)));
        bound = most.and_then(|m| bound.checked_add(m)).ok_or(())?;
    }
    Ok(Some(LinearForm { weights, constant }))
}

/// The tree with each word slot replaced by its number.
pub fn substitute(e: &Expr, values: &[i128]) -> Expr {
    let kind = match &e.kind {
        ExprKind::Var(w) => ExprKind::Int(values[*w]),
        ExprKind::Neg(a) => ExprKind::Neg(Box::new(substitute(a, values))),
        ExprKind::Binary(op, a, b) => ExprKind::Binary(
            *op,
            Box::new(substitute(a, values)),
            Box::new(substitute(b, values)),
        ),
        other => other.clone(),
    };
    Expr {
        kind,
        span: e.span.clone(),
    }
}

/// The linear form of `lhs - rhs` in the words, or None when two word terms are multiplied.
/// `Err(())` on overflow.
pub fn linear_in_words(
    lhs: &Expr,
    rhs: &Expr,
    words: usize,
) -> Result<Option<(Vec<i128>, i128)>, ()> {
    let Some((mut a, ca)) = linear(lhs, words)? else {
        return Ok(None);
    };
    let Some((b, cb)) = linear(rhs, words)? else {
        return Ok(None);
    };
    for (x, y) in a.iter_mut().zip(b) {
        *x = x.checked_sub(y).ok_or(())?;
    }
    Ok(Some((a, ca.checked_sub(cb).ok_or(())?)))
}

type Linear = Option<(Vec<i128>, i128)>;

fn linear(e: &Expr, words: usize) -> Result<Linear, ()> {
    let scale = |(mut v, c): (Vec<i128>, i128), k: i128| -> Result<(Vec<i128>, i128), ()> {
        for x in &mut v {
            *x = x.checked_mul(k).ok_or(())?;
        }
        Ok((v, c.checked_mul(k).ok_or(())?))
    };
    Ok(Some(match &e.kind {
        ExprKind::Int(n) => (vec![0; words], *n),
        ExprKind::Var(w) => {
            let mut v = vec![0; words];
            v[*w] = 1;
            (v, 0)
        }
        ExprKind::Neg(a) => match linear(a, words)? {
            Some(l) => scale(l, -1)?,
            None => return Ok(None),
        },
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            let (Some((mut va, ca)), Some((vb, cb))) = (linear(a, words)?, linear(b, words)?)
            else {
                return Ok(None);
            };
            let sign = if *op == BinOp::Add { 1 } else { -1 };
            for (x, y) in va.iter_mut().zip(vb) {
                *x = x.checked_add(sign * y).ok_or(())?;
            }
            (va, ca.checked_add(sign * cb).ok_or(())?)
        }
        ExprKind::Binary(BinOp::Mul, a, b) => {
            let (Some(la), Some(lb)) = (linear(a, words)?, linear(b, words)?) else {
                return Ok(None);
            };
            let constant = |l: &(Vec<i128>, i128)| l.0.iter().all(|&x| x == 0).then_some(l.1);
            match (constant(&la), constant(&lb)) {
                (Some(k), _) => scale(lb, k)?,
                (_, Some(k)) => scale(la, k)?,
                _ => return Ok(None),
            }
        }
        _ => return Ok(None),
    }))
}

/// The largest |value| the expression can take when word `w` is below `limits[w]`; None on
/// overflow of i128.
pub fn magnitude(e: &Expr, limits: &[i128]) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(n) => n.checked_abs(),
        ExprKind::Var(w) => Some(limits[*w]),
        ExprKind::Neg(a) => magnitude(a, limits),
        ExprKind::Binary(BinOp::Add | BinOp::Sub, a, b) => {
            magnitude(a, limits)?.checked_add(magnitude(b, limits)?)
        }
        ExprKind::Binary(BinOp::Mul, a, b) => {
            magnitude(a, limits)?.checked_mul(magnitude(b, limits)?)
        }
        _ => None,
    }
}

/// Exact value with word `w` worth `values[w]` (magnitudes were checked at load).
pub fn evaluate(e: &Expr, values: &[i128]) -> i128 {
    match &e.kind {
        ExprKind::Int(n) => *n,
        ExprKind::Var(w) => values[*w],
        ExprKind::Neg(a) => -evaluate(a, values),
        ExprKind::Binary(BinOp::Add, a, b) => evaluate(a, values) + evaluate(b, values),
        ExprKind::Binary(BinOp::Sub, a, b) => evaluate(a, values) - evaluate(b, values),
        ExprKind::Binary(BinOp::Mul, a, b) => evaluate(a, values) * evaluate(b, values),
        _ => unreachable!("alphametic formulas hold only + - * over words and numbers"),
    }
}

/// The value modulo `m` (with `m * m` within i128), word `w` worth `values[w]` (already < m).
pub fn evaluate_mod(e: &Expr, values: &[i128], m: i128) -> i128 {
    match &e.kind {
        ExprKind::Int(n) => n.rem_euclid(m),
        ExprKind::Var(w) => values[*w],
        ExprKind::Neg(a) => (m - evaluate_mod(a, values, m)) % m,
        ExprKind::Binary(BinOp::Add, a, b) => {
            (evaluate_mod(a, values, m) + evaluate_mod(b, values, m)) % m
        }
        ExprKind::Binary(BinOp::Sub, a, b) => {
            (evaluate_mod(a, values, m) - evaluate_mod(b, values, m)).rem_euclid(m)
        }
        ExprKind::Binary(BinOp::Mul, a, b) => {
            (evaluate_mod(a, values, m) * evaluate_mod(b, values, m)) % m
        }
        _ => unreachable!("alphametic formulas hold only + - * over words and numbers"),
    }
}
