//! An argument that stands for several values: a whole state array (`distinct(cell)`), or an
//! array indexed by the group of the current constraint instance (`sum(cell[rows])`).

use super::ir::{Ir, Ty};
use super::names::{Names, err};
use super::state::{Shape, StateVars};
use crate::expr::{Expr, ExprError, ExprKind};
use std::ops::Range;

impl<S: StateVars + ?Sized> Names<'_, S> {
    /// The values of one argument of a function that takes any number of them.
    pub fn items_of(&mut self, t: &Expr, ty: Ty) -> Result<Vec<Ir>, ExprError> {
        match self.array_items(t)? {
            Some(items) => Ok(items),
            None => Ok(vec![self.lower_as(t, ty)?]),
        }
    }

    /// The elements `t` names when it is a whole array or `array[group]`; None otherwise.
    pub(super) fn array_items(&self, t: &Expr) -> Result<Option<Vec<Ir>>, ExprError> {
        match &t.kind {
            ExprKind::Name(n) if !self.is_local(n) => Ok(self
                .array(n)
                .map(|(first, len)| (first..first + len).map(Ir::Load).collect())),
            ExprKind::Index(base, index) => {
                let (ExprKind::Name(n), ExprKind::Name(g)) = (&base.kind, &index.kind) else {
                    return Ok(None);
                };
                let member = self.member.filter(|(m, _)| m == g && !self.is_local(g));
                let (Some((_, positions)), Some((first, len))) = (member, self.array(n)) else {
                    return Ok(None);
                };
                let element = |&i: &usize| match i < len {
                    true => Ok(Ir::Load(first + i)),
                    false => Err(outside(n, i as i64, len, &index.span)),
                };
                positions
                    .iter()
                    .map(element)
                    .collect::<Result<_, _>>()
                    .map(Some)
            }
            _ => Ok(None),
        }
    }

    /// The first slot and the length of the state array `n`, if it names one here.
    pub(super) fn array(&self, n: &str) -> Option<(usize, usize)> {
        let var = self.vars.find(n).filter(|_| self.state)?;
        match var.shape {
            Shape::Array(len) => Some((var.first, len)),
            Shape::Number | Shape::Bool => None,
        }
    }

    pub(super) fn is_local(&self, n: &str) -> bool {
        self.locals.iter().any(|(m, _)| m == n)
    }
}

/// The message for position `i` of the array `n` of `len` elements, which it does not have.
pub(super) fn outside(n: &str, i: i64, len: usize, s: &Range<usize>) -> ExprError {
    err(
        format!("index {i} is outside `{n}` (0..{})", len.saturating_sub(1)),
        s,
    )
    .help("positions count from 0")
}
