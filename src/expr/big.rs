//! The same evaluation as `eval`, over big rationals: taken when 128-bit arithmetic overflows,
//! so that `n * 10^20 * 10^20 > 0` is true rather than an error. It is slower and allocates, so
//! the 128-bit evaluator stays the one every search runs; this one only answers where it gave up.

use super::ast::{AggOp, BinOp, Expr, ExprKind};
use super::error::ExprError;
use super::functions::Builtin;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

/// A value of the big evaluation.
#[derive(Debug, Clone, PartialEq)]
pub enum BigValue {
    Num(BigRational),
    Bool(bool),
}

fn num(e: &Expr, env: &[i64]) -> Result<BigRational, ExprError> {
    match eval(e, env)? {
        BigValue::Num(n) => Ok(n),
        BigValue::Bool(_) => Err(ExprError::new("expected a number", e.span.clone())),
    }
}

fn boolean(e: &Expr, env: &[i64]) -> Result<bool, ExprError> {
    match eval(e, env)? {
        BigValue::Bool(b) => Ok(b),
        BigValue::Num(_) => Err(ExprError::new("expected a truth value", e.span.clone())),
    }
}

fn int(n: impl Into<BigInt>) -> BigRational {
    BigRational::from_integer(n.into())
}

/// Evaluates `e` exactly, whatever the size of the numbers; the meaning of every operator and
/// function is that of [`super::eval`].
pub fn eval(e: &Expr, env: &[i64]) -> Result<BigValue, ExprError> {
    Ok(match &e.kind {
        ExprKind::Int(n) => BigValue::Num(int(*n)),
        ExprKind::Var(i) => BigValue::Num(int(env[*i])),
        ExprKind::Name(n) => {
            return Err(ExprError::new(
                format!("unbound name `{n}`"),
                e.span.clone(),
            ));
        }
        ExprKind::Neg(a) => BigValue::Num(-num(a, env)?),
        ExprKind::Not(a) => BigValue::Bool(!boolean(a, env)?),
        ExprKind::Binary(BinOp::And, a, b) => BigValue::Bool(boolean(a, env)? && boolean(b, env)?),
        ExprKind::Binary(BinOp::Or, a, b) => BigValue::Bool(boolean(a, env)? || boolean(b, env)?),
        ExprKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) => {
            let same = eval(a, env)? == eval(b, env)?;
            BigValue::Bool(same == (*op == BinOp::Eq))
        }
        ExprKind::Binary(op, a, b) => binary(*op, num(a, env)?, num(b, env)?, e, b)?,
        ExprKind::Call(Builtin::Int, args) => {
            BigValue::Num(int(i128::from(boolean(&args[0], env)?)))
        }
        ExprKind::Call(f, args) => {
            let values = args
                .iter()
                .map(|a| num(a, env))
                .collect::<Result<Vec<_>, _>>()?;
            call(*f, &values, e)?
        }
        ExprKind::Apply(name, _) => return Err(super::functions::unknown_function(name, &e.span)),
        ExprKind::If(c, a, b) => eval(if boolean(c, env)? { a } else { b }, env)?,
        ExprKind::Listed(op, items) => listed(*op, items, env, e)?,
        ExprKind::Index(..) | ExprKind::Aggregate(..) => {
            return Err(super::ast::extended_form(e));
        }
    })
}

/// An arithmetic or comparison operator on two numbers; `divisor` is the right operand's
/// expression, where a division by zero is reported.
fn binary(
    op: BinOp,
    x: BigRational,
    y: BigRational,
    e: &Expr,
    divisor: &Expr,
) -> Result<BigValue, ExprError> {
    Ok(match op {
        BinOp::Lt => BigValue::Bool(x < y),
        BinOp::Le => BigValue::Bool(x <= y),
        BinOp::Gt => BigValue::Bool(x > y),
        BinOp::Ge => BigValue::Bool(x >= y),
        BinOp::Add => BigValue::Num(x + y),
        BinOp::Sub => BigValue::Num(x - y),
        BinOp::Mul => BigValue::Num(x * y),
        BinOp::Div => {
            if y.is_zero() {
                return Err(ExprError::new("division by zero", divisor.span.clone()));
            }
            BigValue::Num(x / y)
        }
        BinOp::Rem => {
            if !x.is_integer() || !y.is_integer() {
                return Err(ExprError::new("`%` needs whole numbers", e.span.clone()));
            }
            let q = y.to_integer().abs();
            if q.is_zero() {
                return Err(ExprError::new("remainder by zero", divisor.span.clone()));
            }
            BigValue::Num(int(x.to_integer().mod_floor(&q)))
        }
        BinOp::And | BinOp::Or | BinOp::Eq | BinOp::Ne => {
            unreachable!("logic and equality are evaluated before the operands")
        }
    })
}

/// The whole number of a function's argument, or an error naming the function.
fn whole(name: &str, x: &BigRational, e: &Expr) -> Result<BigInt, ExprError> {
    if x.is_integer() {
        Ok(x.to_integer())
    } else {
        Err(ExprError::new(
            format!("`{name}` needs a whole number, found {x}"),
            e.span.clone(),
        ))
    }
}

/// The decimal digits of |n|, most significant first.
fn digits(n: &BigInt) -> Vec<u8> {
    n.abs().to_str_radix(10).bytes().map(|b| b - b'0').collect()
}

/// A big number as i128, when it is a whole number that fits.
fn big_int(x: &BigRational) -> Option<i128> {
    x.is_integer().then(|| x.to_integer().to_i128()).flatten()
}

/// `op([items])`, with the meaning of the 128-bit evaluation's.
fn listed(op: AggOp, items: &[Expr], env: &[i64], e: &Expr) -> Result<BigValue, ExprError> {
    let decider = match op {
        AggOp::All => false,
        AggOp::Any => true,
        AggOp::Count => {
            let mut n = 0u64;
            for i in items {
                n += u64::from(boolean(i, env)?);
            }
            return Ok(BigValue::Num(int(n)));
        }
        _ => {
            let values = items
                .iter()
                .map(|i| num(i, env))
                .collect::<Result<Vec<_>, _>>()?;
            return match op {
                AggOp::Prod => Ok(BigValue::Num(values.into_iter().product())),
                AggOp::Min => call(Builtin::Min, &values, e),
                AggOp::Max => call(Builtin::Max, &values, e),
                AggOp::Distinct => call(Builtin::Distinct, &values, e),
                _ => call(Builtin::Sum, &values, e),
            };
        }
    };
    // `all` is decided by the first false item, `any` by the first true one.
    for i in items {
        if boolean(i, env)? == decider {
            return Ok(BigValue::Bool(decider));
        }
    }
    Ok(BigValue::Bool(!decider))
}

fn call(f: Builtin, values: &[BigRational], e: &Expr) -> Result<BigValue, ExprError> {
    let name = f.name();
    let first = || whole(name, &values[0], e);
    Ok(match f {
        Builtin::Int => unreachable!("int takes a truth value, evaluated by the caller"),
        Builtin::Div | Builtin::Mod => {
            let (a, b) = (first()?, whole(name, &values[1], e)?);
            if b.is_zero() {
                return Err(ExprError::new(format!("`{name}` by zero"), e.span.clone()));
            }
            let (q, r) = a.div_mod_floor(&b);
            BigValue::Num(int(if f == Builtin::Div { q } else { r }))
        }
        Builtin::Abs => BigValue::Num(values[0].abs()),
        Builtin::Min => BigValue::Num(
            values
                .iter()
                .min()
                .cloned()
                .unwrap_or_else(BigRational::zero),
        ),
        Builtin::Max => BigValue::Num(
            values
                .iter()
                .max()
                .cloned()
                .unwrap_or_else(BigRational::zero),
        ),
        Builtin::Sum => BigValue::Num(values.iter().cloned().sum()),
        Builtin::Digits => BigValue::Num(int(digits(&first()?).len())),
        Builtin::DigitSum => BigValue::Num(int(digits(&first()?)
            .iter()
            .map(|&d| u64::from(d))
            .sum::<u64>())),
        Builtin::Number => {
            let mut n = BigInt::zero();
            for v in values {
                n = n * 10 + whole(name, v, e)?;
            }
            BigValue::Num(int(n))
        }
        Builtin::Distinct => BigValue::Bool(
            values
                .iter()
                .enumerate()
                .all(|(i, a)| values[i + 1..].iter().all(|b| a != b)),
        ),
        Builtin::DistinctDigits => BigValue::Bool(each_digit_once(&digits(&first()?), None)),
        Builtin::Pandigital => BigValue::Bool(pandigital(values, e)?),
        Builtin::Element => {
            let at = super::builtins::element_position(values, big_int, e)?;
            BigValue::Num(values[at].clone())
        }
        Builtin::Table => BigValue::Bool(super::builtins::in_table(values, big_int, e)?),
    })
}

/// Whether no digit repeats (and, with `want`, every digit is in the set and all of it is used).
fn each_digit_once(digits: &[u8], want: Option<u16>) -> bool {
    let mut seen = 0u16;
    for &d in digits {
        let bit = 1u16 << d;
        if seen & bit != 0 || want.is_some_and(|w| w & bit == 0) {
            return false;
        }
        seen |= bit;
    }
    want.is_none_or(|w| seen == w)
}

/// `pandigital(n, lo = 0, hi = 9)`, as in the 128-bit evaluator.
fn pandigital(values: &[BigRational], e: &Expr) -> Result<bool, ExprError> {
    let n = whole("pandigital", &values[0], e)?;
    // A bound too large for 128 bits is out of 0..=9 all the same.
    let bound = |i: usize, default: i128| match values.get(i) {
        Some(v) => Ok(whole("pandigital", v, e)?.to_i128().unwrap_or(i128::MAX)),
        None => Ok(default),
    };
    let want = super::builtins::pandigital_digits(bound(1, 0)?, bound(2, 9)?, e)?;
    Ok(!n.is_negative() && each_digit_once(&digits(&n), Some(want)))
}

/// How many decimal digits the whole part of `n` has.
pub fn whole_digits(n: &BigRational) -> usize {
    digits(&n.to_integer()).len()
}

/// The value as a 128-bit rational, when it fits.
pub fn to_small(n: &BigRational) -> Option<super::Rational> {
    super::Rational::new(n.numer().to_i128()?, n.denom().to_i128()?)
}
