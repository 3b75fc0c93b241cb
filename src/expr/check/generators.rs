//! Generators (`sum(... for i in 0..n-1 if ...)`): their values, all known before the search,
//! unrolled into one term per value, with the unrolling bounded whatever the loops say.

use super::ir::{Ir, Ty, fold_binary};
use super::names::{Names, Unroll, err};
use super::state::StateVars;
use super::table::Table;
use crate::expr::{
    AggOp, BinOp, Binding, Builtin, Expr, ExprError, ExprKind, Over, list_element_error,
};
use crate::report::group_digits;
use std::ops::Range;

/// The most terms one aggregate may unroll to, its enclosing loops' lengths multiplied in (as
/// the `search` kind's cap): a triple-nested `sum(... for k in 0..300)` would be 27 million.
const MAX_UNROLL: u64 = 100_000;

/// The most values one loop's range may have (a move parameter's or a generator's).
const MAX_RANGE: i64 = 10_000_000;

/// The most aggregate terms one load may unroll in all (every formula of every move instance):
/// a few seconds of lowering at most.
const MAX_UNROLLED_IN_ALL: u64 = 5_000_000;

impl<S: StateVars + ?Sized> Names<'_, S> {
    /// The values a loop variable takes, all known before the search.
    pub fn values(&mut self, binding: &Binding) -> Result<Vec<i64>, ExprError> {
        match &binding.over {
            Over::Range(lo, hi) => {
                let (lo, hi) = (self.constant(lo)?, self.constant(hi)?);
                if hi.saturating_sub(lo) >= MAX_RANGE {
                    let max = MAX_RANGE as u64;
                    return Err(range_too_long(lo.into(), hi.into(), max, &binding.span));
                }
                Ok((lo..=hi).collect())
            }
            Over::Values(t) => self.row_values(t),
            Over::List(items) => items.iter().map(|t| self.list_value(t)).collect(),
        }
    }

    /// An element of the list of a loop whose values are fixed before the search (a move's
    /// parameters, an effect's writes, a table's entries): it cannot read the state (an
    /// aggregate's loop may, [`Self::items_of_state_list`]).
    fn list_value(&mut self, t: &Expr) -> Result<i64, ExprError> {
        match self.lower_as(t, Ty::Number)? {
            Ir::Const(v) => Ok(v),
            Ir::Fail(m, span, _) => Err(ExprError::new(m, span)),
            _ => Err(err(
                "this element of a loop's list depends on the state, and this loop's values \
                 must be known before the search (a move's parameters, an effect's writes)",
                &t.span,
            )
            .help(
                "only an aggregate's loop may read the state, sum(v for v in [x, y]) or \
                 sum([x, y]); choose a written value by the state: x[j] = if c then v else x[j]",
            )),
        }
    }

    /// Runs `body` once per combination of the loops' values that passes their filters, each
    /// loop variable bound meanwhile (a rules effect's writes, a table's entries). A filter
    /// must be known before the search: it decides what is there, not a value.
    pub fn each_value(
        &mut self,
        loops: &[Binding],
        body: &mut dyn FnMut(&mut Self) -> Result<(), ExprError>,
    ) -> Result<(), ExprError> {
        let Some((first, rest)) = loops.split_first() else {
            return body(self);
        };
        for v in self.values(first)? {
            self.locals.push((first.name.clone(), v));
            let r = match &first.filter {
                None => self.each_value(rest, body),
                Some(f) => match self.lower_as(f, Ty::Bool) {
                    Ok(Ir::Const(0)) => Ok(()),
                    Ok(Ir::Const(_)) => self.each_value(rest, body),
                    Ok(Ir::Fail(m, span, _)) => Err(ExprError::new(m, span)),
                    Ok(_) => Err(err(
                        "this filter depends on the state; an effect's loops must be known before the search",
                        &f.span,
                    )
                    .help("filter by parameters and loop variables only, or choose the value by the state: `x[j] = if c then v else x[j]`")),
                    Err(e) => Err(e),
                },
            };
            self.locals.pop();
            r?;
        }
        Ok(())
    }

    pub fn row_values(&mut self, t: &Expr) -> Result<Vec<i64>, ExprError> {
        match &t.kind {
            ExprKind::Name(n) => match self.tables.iter().find(|(m, _)| m == n) {
                Some((_, Table::List(v))) => Ok(v.clone()),
                Some((_, Table::Rows(rows))) => Ok((0..rows.len() as i64).collect()),
                Some((_, Table::Names(members))) => Ok((0..members.len() as i64).collect()),
                None => Err(err(format!("`{n}` is not a table"), &t.span)
                    .help("loop over a range `a..b` or a table (row) like `neighbours[i]`")),
            },
            ExprKind::Index(base, row) => {
                let ExprKind::Name(n) = &base.kind else {
                    return Err(err("loop over a table row like `neighbours[i]`", &t.span));
                };
                let r = self.constant(row)?;
                match self.tables.iter().find(|(m, _)| m == n) {
                    Some((_, Table::Rows(rows))) => usize::try_from(r)
                        .ok()
                        .and_then(|r| rows.get(r))
                        .cloned()
                        .ok_or_else(|| err(format!("`{n}` has no row {r}"), &t.span)),
                    _ => Err(err(format!("`{n}` is not a table of rows"), &base.span)),
                }
            }
            _ => Err(err(
                "loop over a range `a..b` or a table (row) like `neighbours[i]`",
                &t.span,
            )),
        }
    }

    pub(super) fn aggregate(
        &mut self,
        op: AggOp,
        body: &Expr,
        bindings: &[Binding],
        s: &Range<usize>,
    ) -> Result<(Ir, Ty), ExprError> {
        let body_ty = match op {
            AggOp::Sum | AggOp::Prod | AggOp::Min | AggOp::Max | AggOp::Distinct => Ty::Number,
            AggOp::Count | AggOp::All | AggOp::Any => Ty::Bool,
        };
        let mut items = Vec::new();
        self.items(op, body, body_ty, bindings, s, &mut items)?;
        self.combine(op, items, s)
    }

    /// `op([items])`: the items' types checked together (a list mixing numbers and truth
    /// values is an error at the odd one), then combined as a generator's.
    pub(super) fn listed(
        &mut self,
        op: AggOp,
        items: &[Expr],
        s: &Range<usize>,
    ) -> Result<(Ir, Ty), ExprError> {
        let mut lowered = Vec::with_capacity(items.len());
        let mut types = Vec::with_capacity(items.len());
        for item in items {
            let (ir, ty) = self.lower(item)?;
            lowered.push(ir);
            types.push((ty, item.span.clone()));
        }
        if let Some(e) = list_element_error(op.name(), op.types().0, &types) {
            return Err(e);
        }
        self.combine(op, lowered, s)
    }

    /// The aggregate `op` of its items (already of the body's type): `distinct` as
    /// [`Self::distinct`] keeps it, the others folded.
    fn combine(&self, op: AggOp, items: Vec<Ir>, s: &Range<usize>) -> Result<(Ir, Ty), ExprError> {
        match op {
            AggOp::Distinct => Ok((self.distinct(items, s), Ty::Bool)),
            _ => self.fold_items(op, items, s),
        }
    }

    /// The aggregate `op` of its items (already of the body's type).
    fn fold_items(
        &self,
        op: AggOp,
        items: Vec<Ir>,
        s: &Range<usize>,
    ) -> Result<(Ir, Ty), ExprError> {
        let fold = |join, acc, items: Vec<Ir>| {
            items
                .into_iter()
                .fold(acc, |acc, item| self.fold(join, acc, item, s))
        };
        Ok(match op {
            AggOp::Sum | AggOp::Count => (fold(BinOp::Add, Ir::Const(0), items), Ty::Number),
            AggOp::Prod => (fold(BinOp::Mul, Ir::Const(1), items), Ty::Number),
            AggOp::All => (fold(BinOp::And, Ir::Const(1), items), Ty::Bool),
            AggOp::Any => (fold(BinOp::Or, Ir::Const(0), items), Ty::Bool),
            AggOp::Min | AggOp::Max if items.is_empty() => {
                return Err(err(format!("`{}` over no values", op.name()), s)
                    .help("make sure the loop has at least one value"));
            }
            AggOp::Min => (self.fold_call(Builtin::Min, items, s), Ty::Number),
            AggOp::Max => (self.fold_call(Builtin::Max, items, s), Ty::Number),
            AggOp::Distinct => unreachable!("combined by Names::distinct"),
        })
    }
}

/// The error of a loop over `lo..hi`, more than the `max` values a loop may take (in every
/// kind, with its size).
pub fn range_too_long(lo: i128, hi: i128, max: u64, s: &Range<usize>) -> ExprError {
    let size = hi.saturating_sub(lo).saturating_add(1);
    err(
        format!(
            "{lo}..{hi} has {} values, more than the {} a loop may take",
            group_digits(size.unsigned_abs()),
            group_digits(u128::from(max))
        ),
        s,
    )
    .help("narrow the range; a loop's values are all known before the search")
}

impl<S: StateVars + ?Sized> Names<'_, S> {
    /// The unroll count after an aggregate of `n` values at `s`, or the error when it passes a
    /// bound (the size in the message, at the aggregate).
    fn count_unrolled(&self, n: usize, s: &Range<usize>) -> Result<Unroll, ExprError> {
        let n = n as u64;
        let within = self.unroll.within.saturating_mul(n.max(1));
        if within > MAX_UNROLL {
            return Err(err(
                format!(
                    "this aggregate unrolls to {} terms (its loop's {} values times its enclosing \
                     loops'), more than the {} allowed",
                    group_digits(u128::from(within)),
                    group_digits(u128::from(n)),
                    group_digits(u128::from(MAX_UNROLL))
                ),
                s,
            )
            .help("use fewer or shorter nested loops"));
        }
        let terms = self.unroll.terms.saturating_add(n.max(1));
        if terms > MAX_UNROLLED_IN_ALL {
            return Err(err(
                format!(
                    "loading unrolls more than {} aggregate terms in all (this formula is \
                     unrolled for every instance of its move)",
                    group_digits(u128::from(MAX_UNROLLED_IN_ALL))
                ),
                s,
            )
            .help("narrow the ranges of the moves' parameters or of the loops"));
        }
        Ok(Unroll {
            within,
            terms,
            dead: self.unroll.dead,
        })
    }

    /// The body's value for each combination of the loop variables that passes the filters.
    /// A filter known only in the state guards its item (`if c then x else 0` for a sum).
    fn items(
        &mut self,
        op: AggOp,
        body: &Expr,
        body_ty: Ty,
        bindings: &[Binding],
        s: &Range<usize>,
        out: &mut Vec<Ir>,
    ) -> Result<(), ExprError> {
        let Some((binding, rest)) = bindings.split_first() else {
            out.push(self.lower_as(body, body_ty)?);
            return Ok(());
        };
        if let Over::List(list) = &binding.over
            && !self.known_before(list)
        {
            return self.items_of_state_list(op, body, body_ty, binding, rest, list, s, out);
        }
        let values = self.values(binding)?;
        // Loading stays bounded: each loop multiplies the terms its body unrolls to.
        let outer = self.unroll;
        self.unroll = self.count_unrolled(values.len(), s)?;
        let r = self.items_over(op, body, body_ty, binding, rest, values, s, out);
        self.unroll.within = outer.within;
        r
    }

    /// Whether every element of a loop's list is a number known before the search.
    fn known_before(&mut self, list: &[Expr]) -> bool {
        list.iter()
            .all(|t| matches!(self.lower(t), Ok((Ir::Const(_), _))))
    }

    /// [`Self::items`] for a first loop over a list whose elements read the state: the loop
    /// variable stands for each element in turn (written into the filter, the inner loops
    /// and the body), as `op([...])` of the elements would.
    #[allow(clippy::too_many_arguments)]
    fn items_of_state_list(
        &mut self,
        op: AggOp,
        body: &Expr,
        body_ty: Ty,
        binding: &Binding,
        rest: &[Binding],
        list: &[Expr],
        s: &Range<usize>,
        out: &mut Vec<Ir>,
    ) -> Result<(), ExprError> {
        let outer = self.unroll;
        self.unroll = self.count_unrolled(list.len(), s)?;
        // The inner loops and the body as one aggregate, so that an inner loop of the same
        // name hides the element as it would hide a number.
        let inner = Expr {
            kind: ExprKind::Aggregate(op, Box::new(body.clone()), rest.to_vec()),
            span: s.clone(),
        };
        let r = list.iter().try_for_each(|item| {
            let ExprKind::Aggregate(_, body, rest) = inner.substitute(&binding.name, item)?.kind
            else {
                unreachable!("substitution keeps the aggregate");
            };
            let keep = match &binding.filter {
                Some(f) => self.lower_as(&f.substitute(&binding.name, item)?, Ty::Bool)?,
                None => Ir::Const(1),
            };
            let inner = (op, &*body, body_ty, &rest[..]);
            self.kept_items(inner, keep, s, &binding.span, out)
        });
        self.unroll.within = outer.within;
        r
    }

    /// [`Self::items`] for the values of the first loop.
    #[allow(clippy::too_many_arguments)]
    fn items_over(
        &mut self,
        op: AggOp,
        body: &Expr,
        body_ty: Ty,
        binding: &Binding,
        rest: &[Binding],
        values: Vec<i64>,
        s: &Range<usize>,
        out: &mut Vec<Ir>,
    ) -> Result<(), ExprError> {
        // An empty loop still checks its body's types.
        let probe = values.first().copied().unwrap_or(0);
        self.locals.push((binding.name.clone(), probe));
        if values.is_empty() {
            let mut ignored = Vec::new();
            let checked = self.items(op, body, body_ty, rest, s, &mut ignored);
            self.locals.pop();
            return checked;
        }
        for v in values {
            self.locals.last_mut().expect("pushed above").1 = v;
            let keep = match &binding.filter {
                Some(f) => self.lower_as(f, Ty::Bool)?,
                None => Ir::Const(1),
            };
            self.kept_items((op, body, body_ty, rest), keep, s, &binding.span, out)?;
        }
        self.locals.pop();
        Ok(())
    }
}

impl<S: StateVars + ?Sized> Names<'_, S> {
    /// The items of the inner loops and the body (`op`, the body, its type, the loops) for one
    /// value of a loop whose filter gives `keep`: none where it is false, each guarded by it
    /// where only the state decides.
    fn kept_items(
        &mut self,
        (op, body, body_ty, rest): (AggOp, &Expr, Ty, &[Binding]),
        keep: Ir,
        s: &Range<usize>,
        filter_at: &Range<usize>,
        out: &mut Vec<Ir>,
    ) -> Result<(), ExprError> {
        if let Ir::Const(0) = keep {
            return Ok(());
        }
        let mut items = Vec::new();
        self.items(op, body, body_ty, rest, s, &mut items)?;
        for item in items {
            out.push(guarded(op, keep.clone(), item, filter_at)?);
        }
        Ok(())
    }
}

/// `item` kept only where `keep` holds: the neutral value of the aggregate elsewhere.
fn guarded(op: AggOp, keep: Ir, item: Ir, s: &Range<usize>) -> Result<Ir, ExprError> {
    if let Ir::Const(1) = keep {
        return Ok(item);
    }
    Ok(match op {
        AggOp::Sum => Ir::If(Box::new(keep), Box::new(item), Box::new(Ir::Const(0))),
        AggOp::Prod => Ir::If(Box::new(keep), Box::new(item), Box::new(Ir::Const(1))),
        AggOp::Count | AggOp::Any => fold_binary(BinOp::And, keep, item, s),
        AggOp::All => fold_binary(BinOp::Or, Ir::Not(Box::new(keep)), item, s),
        AggOp::Min | AggOp::Max | AggOp::Distinct => {
            return Err(err(
                format!(
                    "the filter of `{}` must be known before the search",
                    op.name()
                ),
                s,
            )
            .help("filter on loop variables, parameters and tables only"));
        }
    })
}
