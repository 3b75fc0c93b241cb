//! The rules kind's integer arithmetic, one function for every path that computes it: the
//! bytecode at run time and the constants folded while lowering.

use crate::expr::BinOp;

/// `a op b` with checked arithmetic; `/` rounds down (docs/rules.md: `7 / -2` is -4), `%` is
/// the remainder from 0 up (the Euclidean one: `7 % -2` is 1).
pub fn arith(op: BinOp, a: i64, b: i64) -> Result<i64, String> {
    let overflow = || "arithmetic overflow".to_string();
    match op {
        BinOp::Add => a.checked_add(b).ok_or_else(overflow),
        BinOp::Sub => a.checked_sub(b).ok_or_else(overflow),
        BinOp::Mul => a.checked_mul(b).ok_or_else(overflow),
        BinOp::Div if b == 0 => Err("division by zero".into()),
        BinOp::Div => floor_div(a, b).ok_or_else(overflow),
        BinOp::Rem if b == 0 => Err("remainder by zero".into()),
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

/// `a / b` rounded towards minus infinity; None on overflow (`i64::MIN / -1`). Rust's `/`
/// truncates towards 0 and `div_euclid` rounds up when `b` is negative (7 / -2 would be -3).
fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    let inexact = q.wrapping_mul(b) != a;
    Some(if inexact && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}
