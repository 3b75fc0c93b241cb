//! `array[i]` with a variable index, for the propagation engine: each `element(i, ...)` in a
//! constraint becomes a new variable holding the element's value, tied to the index by an
//! element propagator, so that the rest of the constraint can be linear. An index that is an
//! expression gets a variable of its own too (its positions), equal to the expression.

use super::linear_form::{Domains, LinearForm, linear};
use crate::engine::propagation::{Element, Propagator, Relation, WIDTH};
use crate::expr::{Builtin, Expr, ExprKind};

/// The variables and propagators added while rewriting one constraint.
pub struct Added<'a> {
    pub known: &'a Domains<'a>,
    /// The first new variable's number.
    pub first: usize,
    pub domains: Vec<Vec<i64>>,
    pub propagators: Vec<Propagator>,
}

impl Added<'_> {
    /// The domain of `v`, given or added.
    pub fn domain(&self, v: usize) -> &[i64] {
        if v < self.first {
            self.known.domain(v)
        } else {
            &self.domains[v - self.first]
        }
    }

    fn new_variable(&mut self, domain: Vec<i64>) -> usize {
        self.domains.push(domain);
        self.first + self.domains.len() - 1
    }

    /// `e` with each element replaced by its value's variable; None when an element cannot
    /// be propagated (its list is not all variables, or its positions leave the bit sets).
    pub fn rewrite(&mut self, e: &Expr) -> Option<Expr> {
        let kind = match &e.kind {
            ExprKind::Call(Builtin::Element, args) => {
                let index = self.rewrite(&args[0])?;
                ExprKind::Var(self.element(&index, &args[1..])?)
            }
            ExprKind::Int(_) | ExprKind::Var(_) | ExprKind::Name(_) => e.kind.clone(),
            ExprKind::Neg(a) => ExprKind::Neg(Box::new(self.rewrite(a)?)),
            ExprKind::Not(a) => ExprKind::Not(Box::new(self.rewrite(a)?)),
            ExprKind::Binary(op, a, b) => {
                ExprKind::Binary(*op, Box::new(self.rewrite(a)?), Box::new(self.rewrite(b)?))
            }
            ExprKind::Call(f, args) => ExprKind::Call(
                *f,
                args.iter()
                    .map(|a| self.rewrite(a))
                    .collect::<Option<_>>()?,
            ),
            // The lowered constraints hold none of these: no propagation is the safe answer.
            ExprKind::Apply(..)
            | ExprKind::Index(..)
            | ExprKind::Aggregate(..)
            | ExprKind::Listed(..)
            | ExprKind::If(..) => {
                return None;
            }
        };
        Some(Expr {
            kind,
            span: e.span.clone(),
        })
    }

    /// The variable holding `list[index]`.
    fn element(&mut self, index: &Expr, list: &[Expr]) -> Option<usize> {
        let array: Vec<usize> = list
            .iter()
            .map(|a| match a.kind {
                ExprKind::Var(v) => Some(v),
                _ => None,
            })
            .collect::<Option<_>>()?;
        let index = match index.kind {
            ExprKind::Var(v) => v,
            _ => self.index_variable(&linear(index)?, array.len())?,
        };
        let mut values: Vec<i64> = array
            .iter()
            .flat_map(|&a| self.domain(a).to_vec())
            .collect();
        values.sort_unstable();
        values.dedup();
        let value = self.new_variable(values);
        self.propagators.push(Propagator::Element(Element {
            index,
            array,
            value,
        }));
        Some(value)
    }

    /// A variable equal to `e`: `e` itself when it is one, else a new one over the values
    /// its linear form can take, tied to it (how `distinct(mark[j] - mark[i] ...)` is
    /// propagated); None when `e` is not linear or its values leave the bit sets.
    pub fn value_variable(&mut self, e: &Expr) -> Option<usize> {
        if let ExprKind::Var(v) = e.kind {
            return Some(v);
        }
        let form = linear(e)?;
        // `x + 0 * k` is x itself.
        let terms: Vec<(usize, i128)> = form.terms.iter().map(|(&v, &a)| (v, a)).collect();
        if let ([(v, 1)], 0) = (terms.as_slice(), form.constant) {
            return Some(*v);
        }
        let (mut lo, mut hi) = (form.constant, form.constant);
        for (&v, &a) in &form.terms {
            let d = self.domain(v);
            let (x, y) = (i128::from(*d.iter().min()?), i128::from(*d.iter().max()?));
            lo += (a * x).min(a * y);
            hi += (a * x).max(a * y);
        }
        // A difference of ordered variables (a Golomb ruler's marks) starts above its floor.
        if let Some(least) = self.known.order.floor(&form.terms, form.constant) {
            lo = lo.max(least);
        }
        let offset = i128::from(self.known.offset);
        if lo > hi || lo < offset || hi >= offset + i128::from(WIDTH) {
            return None;
        }
        let values: Vec<i64> = (lo..=hi).filter_map(|p| i64::try_from(p).ok()).collect();
        let at = self.new_variable(values);
        let mut tie = form;
        tie.terms.insert(at, -1);
        let tie = tie.to_linear(|v| self.domain(v), Relation::Eq)?;
        self.propagators.push(Propagator::Linear(tie));
        Some(at)
    }

    /// A variable over the positions `form` can take, equal to it.
    fn index_variable(&mut self, form: &LinearForm, len: usize) -> Option<usize> {
        let (mut lo, mut hi) = (form.constant, form.constant);
        for (&v, &a) in &form.terms {
            let d = self.domain(v);
            let (x, y) = (i128::from(*d.iter().min()?), i128::from(*d.iter().max()?));
            lo += (a * x).min(a * y);
            hi += (a * x).max(a * y);
        }
        let (lo, hi) = (lo.max(0), hi.min(len as i128 - 1));
        let offset = i128::from(self.known.offset);
        // No position at all is left to the test (which finds it false); every position must
        // have its bit, or a solution could be lost.
        if lo > hi || lo < offset || hi >= offset + i128::from(WIDTH) {
            return None;
        }
        let positions: Vec<i64> = (lo..=hi).filter_map(|p| i64::try_from(p).ok()).collect();
        let at = self.new_variable(positions);
        let mut tie = form.clone();
        tie.terms.insert(at, -1);
        let tie = tie.to_linear(|v| self.domain(v), Relation::Eq)?;
        self.propagators.push(Propagator::Linear(tie));
        Some(at)
    }
}
