//! Exact evaluation of a bound expression against an environment of integer variables.

use super::ast::{AggOp, BinOp, Expr, ExprKind};
use super::big;
use super::builtins::{element_position, in_table, pandigital_digits};
use super::error::ExprError;
use super::functions::Builtin;
use super::rational::Rational;

/// Why the 128-bit evaluation gave no value: an overflow (then the big evaluation answers) or
/// an error of the formula itself (a division by zero, a fraction given to `digits`).
enum Fail {
    Overflow,
    Error(ExprError),
}

impl From<ExprError> for Fail {
    fn from(e: ExprError) -> Fail {
        Fail::Error(e)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    Num(Rational),
    Bool(bool),
}

impl Value {
    pub fn as_bool(self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(b),
            Value::Num(_) => None,
        }
    }

    pub fn as_num(self) -> Option<Rational> {
        match self {
            Value::Num(n) => Some(n),
            Value::Bool(_) => None,
        }
    }
}

/// The whole number of a function's argument, or an error naming the function.
fn whole(name: &str, x: Rational, e: &Expr) -> Result<i128, ExprError> {
    x.to_integer().ok_or_else(|| {
        ExprError::new(
            format!("`{name}` needs a whole number, found {x}"),
            e.span.clone(),
        )
    })
}

/// The decimal digits of |n|, least significant first.
fn decimal_digits(n: i128) -> impl Iterator<Item = u32> {
    let mut n = n.unsigned_abs();
    let mut first = true;
    std::iter::from_fn(move || {
        if n == 0 && !first {
            return None;
        }
        first = false;
        let d = (n % 10) as u32;
        n /= 10;
        Some(d)
    })
}

/// A built-in function on evaluated arguments (arity was checked by `check_type`).
fn call(f: Builtin, values: &[Rational], e: &Expr) -> Result<Value, Fail> {
    let name = f.name();
    Ok(match f {
        Builtin::Int => unreachable!("int takes a truth value, evaluated by the caller"),
        Builtin::Div | Builtin::Mod => Value::Num(Rational::int(floored(f, values, e)?)),
        Builtin::Abs => Value::Num(values[0].abs().ok_or(Fail::Overflow)?),
        Builtin::Min => Value::Num(*values.iter().min().expect("arity checked")),
        Builtin::Max => Value::Num(*values.iter().max().expect("arity checked")),
        Builtin::Sum => {
            let mut total = Rational::int(0);
            for v in values {
                total = total.checked_add(*v).ok_or(Fail::Overflow)?;
            }
            Value::Num(total)
        }
        Builtin::Digits => {
            let n = whole(name, values[0], e)?;
            Value::Num(Rational::int(decimal_digits(n).count() as i128))
        }
        Builtin::DigitSum => {
            let n = whole(name, values[0], e)?;
            Value::Num(Rational::int(decimal_digits(n).map(i128::from).sum()))
        }
        Builtin::Number => Value::Num(Rational::int(number(values, e)?)),
        Builtin::Distinct => Value::Bool(all_differ(values)),
        Builtin::DistinctDigits => Value::Bool(distinct_digits(whole(name, values[0], e)?)),
        Builtin::Pandigital => Value::Bool(pandigital(values, e)?),
        Builtin::Element => Value::Num(values[element_position(values, |x| x.to_integer(), e)?]),
        Builtin::Table => Value::Bool(in_table(values, |x| x.to_integer(), e)?),
    })
}

/// `div(a, b)` or `mod(a, b)` of whole numbers: the quotient rounded down, and the remainder
/// that goes with it (the sign of `b`).
fn floored(f: Builtin, values: &[Rational], e: &Expr) -> Result<i128, Fail> {
    let (a, b) = (
        whole(f.name(), values[0], e)?,
        whole(f.name(), values[1], e)?,
    );
    if b == 0 {
        let zero = ExprError::new(format!("`{}` by zero", f.name()), e.span.clone());
        return Err(Fail::Error(zero));
    }
    // i128::MIN by -1 overflows; the big evaluation answers.
    let q = a.checked_div_euclid(b).ok_or(Fail::Overflow)?;
    let r = a.checked_rem_euclid(b).ok_or(Fail::Overflow)?;
    // Euclid's remainder is in 0..|b|; rounding down moves it to the sign of b.
    let (q, r) = if r != 0 && b < 0 {
        (q - 1, r + b)
    } else {
        (q, r)
    };
    Ok(if f == Builtin::Div { q } else { r })
}

/// `number(d1, d2, ...)`: the decimal number written with these digits.
fn number(values: &[Rational], e: &Expr) -> Result<i128, Fail> {
    let mut n: i128 = 0;
    for v in values {
        let d = whole("number", *v, e)?;
        n = n
            .checked_mul(10)
            .and_then(|n| n.checked_add(d))
            .ok_or(Fail::Overflow)?;
    }
    Ok(n)
}

/// Whether no decimal digit of `n` repeats.
fn distinct_digits(n: i128) -> bool {
    let mut seen = 0u16;
    let mut ok = true;
    for d in decimal_digits(n) {
        ok &= seen & (1 << d) == 0;
        seen |= 1 << d;
    }
    ok
}

/// `pandigital(n, lo = 0, hi = 9)`: whether `n` uses each digit lo..=hi exactly once, no other.
fn pandigital(values: &[Rational], e: &Expr) -> Result<bool, ExprError> {
    let n = whole("pandigital", values[0], e)?;
    let bound = |i: usize, default: i128| match values.get(i) {
        Some(v) => whole("pandigital", *v, e),
        None => Ok(default),
    };
    let want = pandigital_digits(bound(1, 0)?, bound(2, 9)?, e)?;
    let mut seen = 0u16;
    let mut ok = n >= 0;
    for d in decimal_digits(n) {
        ok &= seen & (1 << d) == 0 && want & (1 << d) != 0;
        seen |= 1 << d;
    }
    Ok(ok && seen == want)
}

fn num(e: &Expr, env: &[i64]) -> Result<Rational, Fail> {
    small(e, env)?
        .as_num()
        .ok_or_else(|| Fail::Error(ExprError::new("expected a number", e.span.clone())))
}

fn boolean(e: &Expr, env: &[i64]) -> Result<bool, Fail> {
    small(e, env)?
        .as_bool()
        .ok_or_else(|| Fail::Error(ExprError::new("expected a truth value", e.span.clone())))
}

/// Evaluates `e` (names bound with [`Expr::bind`]) with variable `i` worth `env[i]`.
/// `and`/`or` short-circuit; `/` is exact; `%` takes integers and gives the remainder in
/// `0..|b|` (Euclidean). Arithmetic is exact at any size: where 128 bits overflow, the formula
/// is evaluated again over big numbers (`big`); only a *result* that is a number too large for
/// 128 bits is an error (a comparison or a test of it is not).
pub fn eval(e: &Expr, env: &[i64]) -> Result<Value, ExprError> {
    match small(e, env) {
        Ok(v) => Ok(v),
        Err(Fail::Error(err)) => Err(err),
        Err(Fail::Overflow) => match big::eval(e, env)? {
            big::BigValue::Bool(b) => Ok(Value::Bool(b)),
            big::BigValue::Num(n) => big::to_small(&n).map(Value::Num).ok_or_else(|| {
                ExprError::new(
                    format!(
                        "the value has {} digits, more than a result may have (128 bits)",
                        big::whole_digits(&n)
                    ),
                    e.span.clone(),
                )
            }),
        },
    }
}

/// The evaluation in 128-bit rationals, the fast one.
fn small(e: &Expr, env: &[i64]) -> Result<Value, Fail> {
    Ok(match &e.kind {
        ExprKind::Int(n) => Value::Num(Rational::int(*n)),
        ExprKind::Var(i) => Value::Num(Rational::int(i128::from(env[*i]))),
        ExprKind::Name(n) => {
            return Err(Fail::Error(ExprError::new(
                format!("unbound name `{n}`"),
                e.span.clone(),
            )));
        }
        ExprKind::Neg(a) => Value::Num(num(a, env)?.checked_neg().ok_or(Fail::Overflow)?),
        ExprKind::Not(a) => Value::Bool(!boolean(a, env)?),
        ExprKind::Binary(BinOp::And, a, b) => Value::Bool(boolean(a, env)? && boolean(b, env)?),
        ExprKind::Binary(BinOp::Or, a, b) => Value::Bool(boolean(a, env)? || boolean(b, env)?),
        ExprKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) => {
            let same = small(a, env)? == small(b, env)?;
            Value::Bool(same == (*op == BinOp::Eq))
        }
        ExprKind::Binary(op, a, b) => {
            let (x, y) = (num(a, env)?, num(b, env)?);
            match op {
                BinOp::Lt => Value::Bool(x < y),
                BinOp::Le => Value::Bool(x <= y),
                BinOp::Gt => Value::Bool(x > y),
                BinOp::Ge => Value::Bool(x >= y),
                BinOp::Add => Value::Num(x.checked_add(y).ok_or(Fail::Overflow)?),
                BinOp::Sub => Value::Num(x.checked_sub(y).ok_or(Fail::Overflow)?),
                BinOp::Mul => Value::Num(x.checked_mul(y).ok_or(Fail::Overflow)?),
                BinOp::Div => {
                    if y == Rational::ZERO {
                        let zero = ExprError::new("division by zero", b.span.clone());
                        return Err(Fail::Error(zero));
                    }
                    Value::Num(x.checked_div(y).ok_or(Fail::Overflow)?)
                }
                BinOp::Rem => {
                    let (Some(p), Some(q)) = (x.to_integer(), y.to_integer()) else {
                        let fraction = ExprError::new("`%` needs whole numbers", e.span.clone());
                        return Err(Fail::Error(fraction));
                    };
                    if q == 0 {
                        let zero = ExprError::new("remainder by zero", b.span.clone());
                        return Err(Fail::Error(zero));
                    }
                    // i128::MIN % -1 overflows in `rem_euclid`; the big evaluation answers.
                    Value::Num(Rational::int(
                        p.checked_rem_euclid(q).ok_or(Fail::Overflow)?,
                    ))
                }
                BinOp::And | BinOp::Or | BinOp::Eq | BinOp::Ne => unreachable!("handled above"),
            }
        }
        ExprKind::Call(Builtin::Int, args) => {
            Value::Num(Rational::int(i128::from(boolean(&args[0], env)?)))
        }
        ExprKind::Call(f, args) => {
            let mut values = Vec::with_capacity(args.len());
            for a in args {
                values.push(num(a, env)?);
            }
            call(*f, &values, e)?
        }
        ExprKind::Apply(name, _) => {
            return Err(Fail::Error(super::functions::unknown_function(
                name, &e.span,
            )));
        }
        ExprKind::If(c, a, b) => small(if boolean(c, env)? { a } else { b }, env)?,
        ExprKind::Listed(op, items) => listed(*op, items, env)?,
        ExprKind::Index(..) | ExprKind::Aggregate(..) => {
            return Err(Fail::Error(super::ast::extended_form(e)));
        }
    })
}

/// `op([items])`, as `op` over a generator of the items: `all` and `any` stop at the first
/// item that decides them, as `and` and `or` do.
fn listed(op: AggOp, items: &[Expr], env: &[i64]) -> Result<Value, Fail> {
    let truths = || items.iter().map(|i| boolean(i, env));
    let numbers = || items.iter().map(|i| num(i, env));
    let fold = |start: Rational, join: fn(Rational, Rational) -> Option<Rational>| {
        numbers().try_fold(start, |acc, v| join(acc, v?).ok_or(Fail::Overflow))
    };
    Ok(match op {
        AggOp::All | AggOp::Any => {
            // `all` is decided by the first false item, `any` by the first true one.
            let decider = op == AggOp::Any;
            for t in truths() {
                if t? == decider {
                    return Ok(Value::Bool(decider));
                }
            }
            Value::Bool(!decider)
        }
        AggOp::Count => {
            let mut n = 0;
            for t in truths() {
                n += i128::from(t?);
            }
            Value::Num(Rational::int(n))
        }
        AggOp::Sum => Value::Num(fold(Rational::int(0), Rational::checked_add)?),
        AggOp::Prod => Value::Num(fold(Rational::int(1), Rational::checked_mul)?),
        AggOp::Min | AggOp::Max | AggOp::Distinct => {
            let values = numbers().collect::<Result<Vec<_>, _>>()?;
            match op {
                AggOp::Min => Value::Num(*values.iter().min().expect("parsed non-empty")),
                AggOp::Max => Value::Num(*values.iter().max().expect("parsed non-empty")),
                _ => Value::Bool(all_differ(&values)),
            }
        }
    })
}

/// Whether no two of `values` are equal.
fn all_differ<T: PartialEq>(values: &[T]) -> bool {
    values
        .iter()
        .enumerate()
        .all(|(i, a)| values[i + 1..].iter().all(|b| a != b))
}

#[cfg(test)]
mod tests {
    use crate::expr::{Forms, Value, eval};

    fn truth(text: &str) -> bool {
        let e = Forms::Plain.parse(text).unwrap();
        e.check_type().unwrap();
        eval(&e, &[]).unwrap() == Value::Bool(true)
    }

    #[test]
    fn digit_functions() {
        assert!(truth("digits(0) == 1 and digits(-12345) == 5"));
        assert!(truth("digit_sum(9567) == 27"));
        assert!(truth("number(9, 5, 6, 7) == 9567"));
        assert!(truth("distinct(1, 2, 3) and not distinct(1, 2, 1)"));
        assert!(truth("distinct_digits(9876) and not distinct_digits(1231)"));
    }

    #[test]
    fn pandigital_checks_each_digit_once() {
        // 1267 * 1268 * 1269 = 2038719564 (the seed's oomachi answer) uses 0-9 once each.
        assert!(truth("pandigital(1267 * 1268 * 1269)"));
        assert!(!truth("pandigital(1266 * 1267 * 1268)"));
        assert!(!truth("pandigital(123456789)"));
        assert!(truth("pandigital(918273645, 1)"));
        assert!(truth(
            "pandigital(4321, 1, 4) and not pandigital(43210, 1, 4)"
        ));
    }

    #[test]
    fn boolean_functions_are_typed() {
        assert!(
            Forms::Plain
                .parse("distinct(1, 2) + 1")
                .unwrap()
                .check_type()
                .is_err()
        );
        assert!(
            Forms::Plain
                .parse("pandigital(1, 2, 3, 4)")
                .unwrap()
                .check_type()
                .is_err()
        );
    }
}
