//! Checked integer arithmetic, one function for every path that computes it: the rules
//! bytecode at run time and the constants the checker folds ([`super::check`]).

use super::{BinOp, Builtin};

/// Why an operation has no value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArithFault {
    pub message: String,
    /// A division by zero or an overflow: the formula has no value for this state (a guard is
    /// false there). Otherwise a mistake in the spec (a `/` that is not exact), an error.
    pub no_value: bool,
}

fn no_value(message: &str) -> ArithFault {
    ArithFault {
        message: message.to_string(),
        no_value: true,
    }
}

/// `a op b` with checked arithmetic; `/` is exact division, as in every kind
/// (docs/language.md): a quotient that is not whole is an error naming the values; `%` is the
/// remainder from 0 up (the Euclidean one: `7 % -2` is 1).
#[inline]
pub fn arith(op: BinOp, a: i64, b: i64) -> Result<i64, ArithFault> {
    let overflow = || no_value("arithmetic overflow");
    match op {
        BinOp::Add => a.checked_add(b).ok_or_else(overflow),
        BinOp::Sub => a.checked_sub(b).ok_or_else(overflow),
        BinOp::Mul => a.checked_mul(b).ok_or_else(overflow),
        BinOp::Div if b == 0 => Err(no_value("division by zero")),
        BinOp::Div => exact_div(a, b),
        BinOp::Rem if b == 0 => Err(no_value("remainder by zero")),
        BinOp::Rem => a.checked_rem_euclid(b).ok_or_else(overflow),
        BinOp::Eq => Ok(i64::from(a == b)),
        BinOp::Ne => Ok(i64::from(a != b)),
        BinOp::Lt => Ok(i64::from(a < b)),
        BinOp::Le => Ok(i64::from(a <= b)),
        BinOp::Gt => Ok(i64::from(a > b)),
        BinOp::Ge => Ok(i64::from(a >= b)),
        BinOp::And => Ok(i64::from(a != 0 && b != 0)),
        BinOp::Or => Ok(i64::from(a != 0 || b != 0)),
    }
}

/// `a / b` when it is a whole number; otherwise the error that says how to round.
fn exact_div(a: i64, b: i64) -> Result<i64, ArithFault> {
    let q = a
        .checked_div(b)
        .ok_or_else(|| no_value("arithmetic overflow"))?;
    if q.wrapping_mul(b) == a {
        return Ok(q);
    }
    let down = floored(Builtin::Div, a, b)?;
    Err(ArithFault {
        message: format!(
            "{a} / {b} is not a whole number: `/` is exact division in every kind; \
             write div({a}, {b}) (here {down}) to round down"
        ),
        no_value: false,
    })
}

/// `div(a, b)` (the quotient rounded towards minus infinity) or `mod(a, b)` (the remainder
/// that goes with it, with the sign of `b`): `a == b * div(a, b) + mod(a, b)`.
#[inline]
pub fn floored(f: Builtin, a: i64, b: i64) -> Result<i64, ArithFault> {
    if b == 0 {
        return Err(no_value("division by zero"));
    }
    let overflow = || no_value("arithmetic overflow");
    // Rust's `/` truncates towards 0; where that left a remainder of the other sign than b,
    // the quotient is one less.
    let q = a.checked_div(b).ok_or_else(overflow)?;
    let r = a - q * b;
    let (q, r) = if r != 0 && ((r < 0) != (b < 0)) {
        (q - 1, r + b)
    } else {
        (q, r)
    };
    Ok(if f == Builtin::Mod { r } else { q })
}
