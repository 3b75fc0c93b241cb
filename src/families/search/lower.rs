//! Constraints as written (with arrays, groups and aggregates: `distinct(cell[rows])`,
//! `sum(square[i] for i in 0..3) == 34`) lowered to plain expressions over the variables. A
//! constraint that indexes an array by a group stands for one constraint per member of the
//! group; indices and aggregate ranges must be known before the search and are unrolled here.

use super::groups::Group;
use super::model::Array;
use crate::expr::check::{
    Table, array_as_number, entry_as_number, group_as_number, range_too_long, table_as_number,
    unknown_name,
};
use crate::expr::{
    AggOp, BinOp, Binding, Builtin, Expr, ExprError, ExprKind, Over, list_element_error,
    unknown_function,
};
use crate::spec::tables::Data;
use std::collections::BTreeMap;
use std::ops::Range;

/// Most values one aggregate may unroll.
const MAX_UNROLL: i128 = 100_000;

/// The group an instance of a constraint is about, and the member's number (from 1).
pub type Member = Option<(String, usize)>;

/// What names mean in a constraint.
pub struct Scope<'a> {
    /// Scalar variables: name and slot.
    pub scalars: &'a [(String, usize)],
    pub arrays: &'a [Array],
    pub groups: &'a BTreeMap<String, Group>,
    /// Parameters and the members of enumerations, by name.
    pub constants: &'a BTreeMap<String, i64>,
    /// The spec's `[tables]`.
    pub data: &'a Data,
}

/// The member of a group the current instance is about, and the values of the loop variables
/// bound so far: a number, or (looping over a list written out, `for v in [a, b]`) the
/// element, which may name the variables.
struct Ctx<'a> {
    member: Option<(&'a str, &'a [usize])>,
    loops: Vec<(String, Expr)>,
}

impl Scope<'_> {
    /// One expression per member of the group the constraint uses (one if it uses none), each
    /// with the group's name and the member's number (from 1).
    pub fn lower(&self, t: &Expr) -> Result<Vec<(Expr, Member)>, ExprError> {
        let mut used: Vec<(&str, Range<usize>)> = Vec::new();
        self.groups_used(t, &mut used);
        used.dedup_by(|a, b| a.0 == b.0);
        match used.as_slice() {
            [] => {
                let mut ctx = Ctx {
                    member: None,
                    loops: Vec::new(),
                };
                Ok(vec![(self.expr(t, &mut ctx)?, None)])
            }
            [(g, _)] => {
                let (name, members) = self.groups.get_key_value(*g).expect("found in groups");
                let mut out = Vec::with_capacity(members.len());
                for (k, m) in members.iter().enumerate() {
                    let mut ctx = Ctx {
                        member: Some((name.as_str(), m.as_slice())),
                        loops: Vec::new(),
                    };
                    out.push((self.expr(t, &mut ctx)?, Some((name.clone(), k + 1))));
                }
                Ok(out)
            }
            [_, (g, span), ..] => Err(ExprError::new(
                format!("a second group `{g}` in one constraint"),
                span.clone(),
            )
            .help("a constraint over a group holds for each of its members; write one constraint per group")),
        }
    }

    /// The variables a term names: a scalar, `array[i]` with `i` known, or a whole array.
    pub fn variables_of(&self, t: &Expr) -> Result<Vec<usize>, ExprError> {
        let mut ctx = Ctx {
            member: None,
            loops: Vec::new(),
        };
        self.list(t, &mut ctx)?
            .iter()
            .map(|e| match e.kind {
                ExprKind::Var(v) => Ok(v),
                _ => Err(ExprError::new("this is not a variable", t.span.clone())
                    .help("name a variable, an element such as cell[3], or a whole array")),
            })
            .collect()
    }

    fn groups_used<'t>(&self, t: &'t Expr, out: &mut Vec<(&'t str, Range<usize>)>) {
        match &t.kind {
            ExprKind::Index(_, i) => match &i.kind {
                ExprKind::Name(n) if self.groups.contains_key(n) => {
                    if !out.iter().any(|(m, _)| m == n) {
                        out.push((n, i.span.clone()));
                    }
                }
                _ => self.groups_used(i, out),
            },
            ExprKind::Int(_) | ExprKind::Name(_) | ExprKind::Var(_) => {}
            ExprKind::Neg(a) | ExprKind::Not(a) => self.groups_used(a, out),
            ExprKind::Binary(_, a, b) => {
                self.groups_used(a, out);
                self.groups_used(b, out);
            }
            ExprKind::Call(_, args) | ExprKind::Apply(_, args) | ExprKind::Listed(_, args) => {
                args.iter().for_each(|a| self.groups_used(a, out))
            }
            ExprKind::Aggregate(_, body, _) => self.groups_used(body, out),
            ExprKind::If(c, a, b) => [c, a, b].iter().for_each(|x| self.groups_used(x, out)),
        }
    }

    fn expr(&self, t: &Expr, ctx: &mut Ctx) -> Result<Expr, ExprError> {
        let span = t.span.clone();
        let kind = match &t.kind {
            ExprKind::Int(n) => ExprKind::Int(*n),
            ExprKind::Var(v) => ExprKind::Var(*v),
            ExprKind::Name(n) => return self.name(n, span, ctx),
            // `Forms::All` refuses a call of an unknown function; kept for any other parse.
            ExprKind::Apply(name, _) => return Err(unknown_function(name, &span)),
            ExprKind::Neg(a) => ExprKind::Neg(Box::new(self.expr(a, ctx)?)),
            ExprKind::Not(a) => ExprKind::Not(Box::new(self.expr(a, ctx)?)),
            ExprKind::Binary(op, a, b) => ExprKind::Binary(
                *op,
                Box::new(self.expr(a, ctx)?),
                Box::new(self.expr(b, ctx)?),
            ),
            ExprKind::Index(..) => {
                let mut list = self.list(t, ctx)?;
                if list.len() != 1 {
                    return Err(ExprError::new("this is a list of values, not one value", span)
                        .help("use a list inside distinct(...), sum(...), min(...), max(...) or number(...)"));
                }
                return Ok(list.remove(0));
            }
            ExprKind::Call(f, args) => return self.call(*f, args, span, ctx),
            ExprKind::Aggregate(op, body, bindings) => {
                return self.aggregate(*op, body, bindings, span, ctx);
            }
            ExprKind::Listed(op, items) => return self.listed(*op, items, span, ctx),
            ExprKind::If(c, a, b) => return self.if_then_else(c, a, b, span, ctx),
        };
        Ok(Expr { kind, span })
    }

    fn name(&self, n: &str, span: Range<usize>, ctx: &Ctx) -> Result<Expr, ExprError> {
        if let Some((_, v)) = ctx.loops.iter().rev().find(|(m, _)| m == n) {
            // A number is placed where it is used; a list's element keeps its own place.
            return Ok(match v.kind {
                ExprKind::Int(k) => Expr {
                    kind: ExprKind::Int(k),
                    span,
                },
                _ => v.clone(),
            });
        }
        if let Some((_, slot)) = self.scalars.iter().find(|(m, _)| m == n) {
            return Ok(Expr {
                kind: ExprKind::Var(*slot),
                span,
            });
        }
        if let Some(v) = self.constants.get(n) {
            return Ok(Expr {
                kind: ExprKind::Int(i128::from(*v)),
                span,
            });
        }
        if let Some(t) = self.data.tables.get(n) {
            return Err(table_as_number(n, t, &span));
        }
        if let Some(a) = self.arrays.iter().find(|a| a.name == n) {
            return Err(array_as_number(n, a.len, &span));
        }
        if self.groups.contains_key(n) {
            return Err(group_as_number(n, &span));
        }
        Err(self.unknown(n, &span, ctx))
    }

    /// The one message of every kind for a name that means nothing here (the checker's
    /// [`unknown_name`]), offering the nearest of the names a constraint may use.
    fn unknown(&self, n: &str, span: &Range<usize>, ctx: &Ctx) -> ExprError {
        let mut known: Vec<&str> = self.scalars.iter().map(|(m, _)| m.as_str()).collect();
        known.extend(self.arrays.iter().map(|a| a.name.as_str()));
        known.extend(self.constants.keys().map(String::as_str));
        known.extend(self.data.tables.keys().map(String::as_str));
        known.extend(self.groups.keys().map(String::as_str));
        known.extend(ctx.loops.iter().map(|(m, _)| m.as_str()));
        unknown_name(n, span, known)
    }

    /// An argument that may stand for several values: a whole array, or `array[group]`.
    fn list(&self, t: &Expr, ctx: &mut Ctx) -> Result<Vec<Expr>, ExprError> {
        let span = t.span.clone();
        let element = |a: &Array, i: usize| Expr {
            kind: ExprKind::Var(a.first + i),
            span: span.clone(),
        };
        match &t.kind {
            ExprKind::Name(n) if !ctx.loops.iter().any(|(m, _)| m == n) => {
                if let Some(a) = self.arrays.iter().find(|a| &a.name == n) {
                    return Ok((0..a.len).map(|i| element(a, i)).collect());
                }
                Ok(vec![self.expr(t, ctx)?])
            }
            ExprKind::Index(base, index) if self.data_table(base).is_some() => {
                Ok(vec![self.table_entry(base, index, ctx)?])
            }
            ExprKind::Index(base, index) => {
                let array = self.array_of(base, ctx)?;
                if let (ExprKind::Name(g), Some((member_of, positions))) = (&index.kind, ctx.member)
                    && g == member_of
                {
                    return positions
                        .iter()
                        .map(|&i| {
                            in_range(array, i as i128, &index.span).map(|i| element(array, i))
                        })
                        .collect();
                }
                let at = self.expr(index, ctx)?;
                if has_variable(&at) {
                    return Ok(vec![variable_element(array, at, span)]);
                }
                let i = self.constant(index, ctx)?;
                Ok(vec![element(array, in_range(array, i, &index.span)?)])
            }
            _ => Ok(vec![self.expr(t, ctx)?]),
        }
    }

    fn array_of(&self, base: &Expr, ctx: &Ctx) -> Result<&Array, ExprError> {
        let ExprKind::Name(n) = &base.kind else {
            return Err(ExprError::new(
                "only an array can be indexed, with one index",
                base.span.clone(),
            )
            .help("write cell[i]; a grid is one array indexed row * columns + column"));
        };
        let known = self.scalars.iter().any(|(m, _)| m == n)
            || self.constants.contains_key(n)
            || ctx.loops.iter().any(|(m, _)| m == n);
        self.arrays.iter().find(|a| &a.name == n).ok_or_else(|| {
            if !known && !self.groups.contains_key(n) {
                return self.unknown(n, &base.span, ctx);
            }
            ExprError::new(format!("`{n}` is not an array"), base.span.clone())
                .help("declare an array as \"cell: 81 in 1..9\"")
        })
    }

    /// A whole number known before the search (numbers and loop variables only).
    fn constant(&self, t: &Expr, ctx: &mut Ctx) -> Result<i128, ExprError> {
        let e = self.expr(t, ctx)?;
        let not_known = || {
            ExprError::new(
                "this must be a whole number known before the search",
                t.span.clone(),
            )
            .help("use numbers and the loop variables of sum/all/any")
        };
        if has_variable(&e) {
            return Err(not_known());
        }
        match crate::expr::eval(&e, &[]) {
            Ok(crate::expr::Value::Num(n)) => n.to_integer().ok_or_else(not_known),
            Ok(_) => Err(not_known()),
            Err(err) => Err(err),
        }
    }

    fn call(
        &self,
        f: Builtin,
        args: &[Expr],
        span: Range<usize>,
        ctx: &mut Ctx,
    ) -> Result<Expr, ExprError> {
        let mut values = Vec::new();
        for a in args {
            values.extend(self.list(a, ctx)?);
        }
        if f == Builtin::Sum {
            return Ok(chain(
                BinOp::Add,
                values,
                Expr {
                    kind: ExprKind::Int(0),
                    span: span.clone(),
                },
                span,
            ));
        }
        Ok(Expr {
            kind: ExprKind::Call(f, values),
            span,
        })
    }

    /// `op(body for ... if ...)` unrolled: every combination of the loop variables that passes
    /// the filters gives one item.
    fn aggregate(
        &self,
        op: AggOp,
        body: &Expr,
        bindings: &[Binding],
        span: Range<usize>,
        ctx: &mut Ctx,
    ) -> Result<Expr, ExprError> {
        let mut items = Vec::new();
        self.items(op, body, bindings, ctx, &mut items, &span)?;
        combine(op, items, span)
    }

    /// `op([items])`: the items lowered and their types checked together (a list mixing
    /// numbers and truth values is an error at the odd one), then combined as a generator's,
    /// so `distinct([a, b, c])` is propagated as all-different.
    fn listed(
        &self,
        op: AggOp,
        items: &[Expr],
        span: Range<usize>,
        ctx: &mut Ctx,
    ) -> Result<Expr, ExprError> {
        let items = items
            .iter()
            .map(|i| self.expr(i, ctx))
            .collect::<Result<Vec<_>, _>>()?;
        let types = items
            .iter()
            .map(|e| Ok((e.check_type()?, e.span.clone())))
            .collect::<Result<Vec<_>, ExprError>>()?;
        if let Some(e) = list_element_error(op.name(), op.types().0, &types) {
            return Err(e);
        }
        combine(op, items, span)
    }

    /// The items of an aggregate for the loops `bindings`, innermost last.
    fn items(
        &self,
        op: AggOp,
        body: &Expr,
        bindings: &[Binding],
        ctx: &mut Ctx,
        out: &mut Vec<Expr>,
        span: &Range<usize>,
    ) -> Result<(), ExprError> {
        let Some((b, rest)) = bindings.split_first() else {
            out.extend(self.list(body, ctx)?);
            return Ok(());
        };
        for v in self.loop_values(b, ctx)? {
            ctx.loops.push((b.name.clone(), v));
            let kept = self.kept(op, b, ctx, out, rest, body, span);
            ctx.loops.pop();
            kept?;
            if out.len() as i128 > MAX_UNROLL {
                return Err(ExprError::new(
                    format!("this generator gives more than {MAX_UNROLL} values"),
                    span.clone(),
                )
                .help("narrow its ranges"));
            }
        }
        Ok(())
    }

    /// The items of one value of a loop, when its filter keeps it (a filter that depends on
    /// the variables guards each item instead).
    #[allow(clippy::too_many_arguments)]
    fn kept(
        &self,
        op: AggOp,
        b: &Binding,
        ctx: &mut Ctx,
        out: &mut Vec<Expr>,
        rest: &[Binding],
        body: &Expr,
        span: &Range<usize>,
    ) -> Result<(), ExprError> {
        let Some(f) = &b.filter else {
            return self.items(op, body, rest, ctx, out, span);
        };
        let keep = self.expr(f, ctx)?;
        if !has_variable(&keep) {
            return match crate::expr::eval(&keep, &[])? {
                crate::expr::Value::Bool(true) => self.items(op, body, rest, ctx, out, span),
                crate::expr::Value::Bool(false) => Ok(()),
                crate::expr::Value::Num(_) => Err(ExprError::new(
                    "a filter must be true or false",
                    f.span.clone(),
                )),
            };
        }
        let mut inner = Vec::new();
        self.items(op, body, rest, ctx, &mut inner, span)?;
        for item in inner {
            out.push(guarded(op, keep.clone(), item, &f.span)?);
        }
        Ok(())
    }

    /// The values a loop variable takes: a range, a list, a table (its values; a table of
    /// rows or names, its positions) or a row of a table. A list's elements may name the
    /// variables (`for v in [a, b + 1]`): the loop variable then stands for each element.
    fn loop_values(&self, b: &Binding, ctx: &mut Ctx) -> Result<Vec<Expr>, ExprError> {
        if let Over::List(items) = &b.over {
            return items.iter().map(|t| self.expr(t, ctx)).collect();
        }
        let number = |v: i128| Expr {
            kind: ExprKind::Int(v),
            span: b.span.clone(),
        };
        Ok(self.loop_numbers(b, ctx)?.into_iter().map(number).collect())
    }

    /// The values of a loop over a range or a table, all numbers.
    fn loop_numbers(&self, b: &Binding, ctx: &mut Ctx) -> Result<Vec<i128>, ExprError> {
        match &b.over {
            Over::Range(lo, hi) => {
                let (lo, hi) = (self.constant(lo, ctx)?, self.constant(hi, ctx)?);
                if hi - lo >= MAX_UNROLL {
                    return Err(range_too_long(lo, hi, MAX_UNROLL as u64, &b.span));
                }
                Ok((lo..=hi).collect())
            }
            Over::Values(t) => self.table_values(t, ctx),
            Over::List(_) => unreachable!("a list is read by loop_values"),
        }
    }

    fn table_values(&self, t: &Expr, ctx: &mut Ctx) -> Result<Vec<i128>, ExprError> {
        let not_table = || {
            ExprError::new("loop over a range, a list or a table", t.span.clone())
                .help("e.g. for i in 0..8, for i in [1, 3, 4], for c in cages[k]")
        };
        match &t.kind {
            ExprKind::Name(_) => match self.data_table(t).ok_or_else(not_table)? {
                Table::List(v) => Ok(v.iter().map(|&x| i128::from(x)).collect()),
                Table::Rows(r) => Ok((0..r.len() as i128).collect()),
                Table::Names(n) => Ok((0..n.len() as i128).collect()),
            },
            ExprKind::Index(base, row) => match self.data_table(base).ok_or_else(not_table)? {
                Table::Rows(rows) => {
                    let r = self.constant(row, ctx)?;
                    let row = usize::try_from(r).ok().and_then(|r| rows.get(r));
                    let row = row.ok_or_else(|| {
                        ExprError::new(format!("row {r} is outside the table"), row_span(t))
                    })?;
                    Ok(row.iter().map(|&x| i128::from(x)).collect())
                }
                _ => Err(not_table()),
            },
            _ => Err(not_table()),
        }
    }

    /// The table a term names, if it names one.
    pub fn data_table(&self, t: &Expr) -> Option<&Table> {
        match &t.kind {
            ExprKind::Name(n) => self.data.tables.get(n),
            _ => None,
        }
    }

    /// `table[i]` or `rows[i][j]` at indices known before the search: the entry.
    fn table_entry(&self, base: &Expr, index: &Expr, ctx: &mut Ctx) -> Result<Expr, ExprError> {
        let span = base.span.start..index.span.end + 1;
        let table = self.data_table(base).expect("checked by the caller");
        let i = self.constant(index, ctx)?;
        let outside = || {
            ExprError::new(
                format!("index {i} is outside the table"),
                index.span.clone(),
            )
            .help("positions count from 0")
        };
        let at = usize::try_from(i).map_err(|_| outside())?;
        let Table::List(v) = table else {
            let name = match &base.kind {
                ExprKind::Name(n) => n.as_str(),
                _ => "",
            };
            return Err(entry_as_number(name, table, &span).expect("not a list of numbers"));
        };
        let value = *v.get(at).ok_or_else(outside)?;
        Ok(Expr {
            kind: ExprKind::Int(i128::from(value)),
            span,
        })
    }

    /// `if c then a else b`: the branch when `c` is known before the search, else both,
    /// each weighed by whether `c` holds.
    fn if_then_else(
        &self,
        c: &Expr,
        a: &Expr,
        b: &Expr,
        span: Range<usize>,
        ctx: &mut Ctx,
    ) -> Result<Expr, ExprError> {
        let cond = self.expr(c, ctx)?;
        if !has_variable(&cond) {
            return match crate::expr::eval(&cond, &[])? {
                crate::expr::Value::Bool(true) => self.expr(a, ctx),
                crate::expr::Value::Bool(false) => self.expr(b, ctx),
                crate::expr::Value::Num(_) => Err(ExprError::new(
                    "expected a truth value here, found a number",
                    c.span.clone(),
                )),
            };
        }
        let (x, y) = (self.expr(a, ctx)?, self.expr(b, ctx)?);
        let bin = |op, p: Expr, q: Expr| Expr {
            kind: ExprKind::Binary(op, Box::new(p), Box::new(q)),
            span: span.clone(),
        };
        let not = |p: Expr| Expr {
            kind: ExprKind::Not(Box::new(p)),
            span: span.clone(),
        };
        Ok(match x.check_type()? {
            crate::expr::Type::Bool => bin(
                BinOp::Or,
                bin(BinOp::And, cond.clone(), x),
                bin(BinOp::And, not(cond), y),
            ),
            crate::expr::Type::Number => {
                let one = call(Builtin::Int, vec![cond.clone()], &span);
                let other = call(Builtin::Int, vec![not(cond)], &span);
                bin(
                    BinOp::Add,
                    bin(BinOp::Mul, one, x),
                    bin(BinOp::Mul, other, y),
                )
            }
        })
    }
}

/// The aggregate `op` of its items (each already lowered).
fn combine(op: AggOp, items: Vec<Expr>, span: Range<usize>) -> Result<Expr, ExprError> {
    let at = |kind| Expr {
        kind,
        span: span.clone(),
    };
    Ok(match op {
        AggOp::Sum => chain(BinOp::Add, items, at(ExprKind::Int(0)), span),
        AggOp::Prod => chain(BinOp::Mul, items, at(ExprKind::Int(1)), span),
        AggOp::Count => {
            let ones = items
                .into_iter()
                .map(|p| call(Builtin::Int, vec![p], &span));
            chain(BinOp::Add, ones.collect(), at(ExprKind::Int(0)), span)
        }
        AggOp::All => chain(BinOp::And, items, at(truth(true, &span)), span),
        AggOp::Any => chain(BinOp::Or, items, at(truth(false, &span)), span),
        // No two of no values are equal.
        AggOp::Distinct if items.is_empty() => at(truth(true, &span)),
        AggOp::Min | AggOp::Max if items.is_empty() => {
            return Err(
                ExprError::new(format!("`{}` over no values", op.name()), span)
                    .help("make sure the loops give at least one value"),
            );
        }
        AggOp::Min => call(Builtin::Min, items, &span),
        AggOp::Max => call(Builtin::Max, items, &span),
        AggOp::Distinct => call(Builtin::Distinct, items, &span),
    })
}

/// The span of a term's base name, for a message about a row.
fn row_span(t: &Expr) -> Range<usize> {
    t.span.clone()
}

fn call(f: Builtin, args: Vec<Expr>, span: &Range<usize>) -> Expr {
    Expr {
        kind: ExprKind::Call(f, args),
        span: span.clone(),
    }
}

/// `item` kept only where `keep` holds: the neutral value of the aggregate elsewhere.
fn guarded(op: AggOp, keep: Expr, item: Expr, span: &Range<usize>) -> Result<Expr, ExprError> {
    let bin = |op, p: Expr, q: Expr| Expr {
        kind: ExprKind::Binary(op, Box::new(p), Box::new(q)),
        span: span.clone(),
    };
    Ok(match op {
        AggOp::Sum => bin(BinOp::Mul, call(Builtin::Int, vec![keep], span), item),
        AggOp::Count | AggOp::Any => bin(BinOp::And, keep, item),
        AggOp::All => bin(
            BinOp::Or,
            Expr {
                kind: ExprKind::Not(Box::new(keep)),
                span: span.clone(),
            },
            item,
        ),
        AggOp::Prod | AggOp::Min | AggOp::Max | AggOp::Distinct => {
            return Err(ExprError::new(
                format!(
                    "the filter of `{}` must be known before the search",
                    op.name()
                ),
                span.clone(),
            )
            .help("filter on loop variables, parameters and tables only"));
        }
    })
}

fn truth(value: bool, span: &Range<usize>) -> ExprKind {
    let zero = || {
        Box::new(Expr {
            kind: ExprKind::Int(0),
            span: span.clone(),
        })
    };
    let op = if value { BinOp::Eq } else { BinOp::Ne };
    ExprKind::Binary(op, zero(), zero())
}

/// `a op b op c ...` as a balanced tree (so that a long sum does not nest deeply), or `empty`
/// for no parts.
fn chain(op: BinOp, mut parts: Vec<Expr>, empty: Expr, span: Range<usize>) -> Expr {
    match parts.len() {
        0 => empty,
        1 => parts.remove(0),
        n => {
            let right = parts.split_off(n / 2);
            let (a, b) = (
                chain(op, parts, empty.clone(), span.clone()),
                chain(op, right, empty, span.clone()),
            );
            Expr {
                kind: ExprKind::Binary(op, Box::new(a), Box::new(b)),
                span,
            }
        }
    }
}

/// `array[i]` with an index that depends on a variable: `element(i, array...)`, which the
/// propagation engine narrows as an element constraint.
fn variable_element(a: &Array, index: Expr, span: Range<usize>) -> Expr {
    let mut args = Vec::with_capacity(a.len + 1);
    args.push(index);
    args.extend((0..a.len).map(|i| Expr {
        kind: ExprKind::Var(a.first + i),
        span: span.clone(),
    }));
    Expr {
        kind: ExprKind::Call(Builtin::Element, args),
        span,
    }
}

fn in_range(a: &Array, i: i128, span: &Range<usize>) -> Result<usize, ExprError> {
    usize::try_from(i)
        .ok()
        .filter(|&i| i < a.len)
        .ok_or_else(|| {
            ExprError::new(
                format!("index {i} is outside `{}` (0..{})", a.name, a.len - 1),
                span.clone(),
            )
            .help("positions count from 0")
        })
}

pub fn has_variable(e: &Expr) -> bool {
    let mut found = matches!(e.kind, ExprKind::Var(_));
    e.for_each_child(&mut |c| found = found || has_variable(c));
    found
}
