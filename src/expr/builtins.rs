//! The checks shared by both evaluators of the built-in functions (`eval` in 128 bits, `big`
//! past them): where `element` reads, whether `table` holds, the digits `pandigital` wants.

use super::ast::Expr;
use super::error::ExprError;

/// Where `element(i, a0, a1, ...)` reads: 1 + i, checked against the list (shared by both
/// evaluators, which give `to_int` for their numbers).
pub(super) fn element_position<T: std::fmt::Display>(
    values: &[T],
    to_int: impl Fn(&T) -> Option<i128>,
    e: &Expr,
) -> Result<usize, ExprError> {
    let len = values.len() - 1;
    let outside = || {
        ExprError::new(
            format!("index {} is outside the list (0..{})", values[0], len - 1),
            e.span.clone(),
        )
        .help("positions count from 0")
    };
    let i = to_int(&values[0]).ok_or_else(outside)?;
    usize::try_from(i)
        .ok()
        .filter(|&i| i < len)
        .map(|i| i + 1)
        .ok_or_else(outside)
}

/// `table(k, x1..xk, rows...)`: whether the k values equal one row.
pub(super) fn in_table<T: PartialEq>(
    values: &[T],
    to_int: impl Fn(&T) -> Option<i128>,
    e: &Expr,
) -> Result<bool, ExprError> {
    let bad = || {
        ExprError::new(
            "table(k, ...) needs k values and whole rows of k numbers",
            e.span.clone(),
        )
    };
    let k = to_int(&values[0])
        .and_then(|k| usize::try_from(k).ok())
        .filter(|&k| k > 0 && values.len() > k && (values.len() - 1 - k).is_multiple_of(k))
        .ok_or_else(bad)?;
    let (tuple, rows) = values[1..].split_at(k);
    Ok(rows.chunks(k).any(|row| row == tuple))
}

/// The digits lo..=hi of `pandigital(n, lo, hi)` as a bit set, or the error for bad bounds.
pub(super) fn pandigital_digits(lo: i128, hi: i128, e: &Expr) -> Result<u16, ExprError> {
    if !(0..=9).contains(&lo) || !(lo..=9).contains(&hi) {
        return Err(ExprError::new(
            format!("`pandigital` needs 0 <= lo <= hi <= 9, found lo {lo}, hi {hi}"),
            e.span.clone(),
        ));
    }
    Ok(((1u32 << (hi + 1)) - (1u32 << lo)) as u16)
}
