//! Rules formulas -> [`Ir`]: names resolved (loop variables and move parameters, parameters,
//! state variables, tables), types checked, and everything known before the search folded to
//! constants (parameters, tables at constant indices, aggregates unrolled).

use super::layout::{Layout, Shape};
use crate::expr::{
    AggOp, BinOp, Binding, Builtin, Expr, ExprError, ExprKind, Over, unknown_function,
};
use crate::report::group_digits;
use std::collections::BTreeMap;
use std::ops::Range;

/// A named table of the spec.
#[derive(Debug, Clone)]
pub enum Table {
    List(Vec<i64>),
    Rows(Vec<Vec<i64>>),
    /// A list of names: its members name their positions 0, 1, ... in formulas (`side[goat]`),
    /// `for k in item` loops over the positions, and labels print `{item[k]}` as the name.
    Names(Vec<String>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    Num,
    Bool,
}

impl Ty {
    fn words(self) -> &'static str {
        match self {
            Ty::Num => "a number",
            Ty::Bool => "true/false",
        }
    }
}

/// A checked, folded formula over the packed state.
#[derive(Debug, Clone)]
pub enum Ir {
    Const(i64),
    Load(usize),
    /// An array element at an index known only in the state.
    LoadAt {
        var: usize,
        index: Box<Ir>,
        span: Range<usize>,
    },
    /// A list element, or a row's element, at indices known only in the state.
    TableAt {
        table: usize,
        row: Option<Box<Ir>>,
        index: Box<Ir>,
        span: Range<usize>,
    },
    Neg(Box<Ir>, Range<usize>),
    Not(Box<Ir>),
    Bin(BinOp, Box<Ir>, Box<Ir>, Range<usize>),
    If(Box<Ir>, Box<Ir>, Box<Ir>),
    Call(Builtin, Vec<Ir>, Range<usize>),
    /// Evaluating this fails (e.g. a constant index outside its array): only if reached.
    /// A failure known when compiling, met if the state reaches it; true: arithmetic.
    Fail(String, Range<usize>, bool),
}

/// The most terms one aggregate may unroll to, its enclosing loops' lengths multiplied in (as
/// the `search` kind's cap): a triple-nested `sum(... for k in 0..300)` would be 27 million.
const MAX_UNROLL: u64 = 100_000;

/// The most values one loop's range may have (a move parameter's or a generator's).
const MAX_RANGE: i64 = 10_000_000;

/// The most aggregate terms one load may unroll in all (every formula of every move instance):
/// a few seconds of lowering at most.
const MAX_UNROLLED_IN_ALL: u64 = 5_000_000;

/// How much lowering has unrolled: loading stays bounded whatever the loops say.
#[derive(Debug, Clone, Copy)]
pub struct Unroll {
    /// The terms each body of the current aggregate stands for (the enclosing loops' lengths
    /// multiplied; 1 outside any aggregate).
    within: u64,
    /// Terms unrolled so far by this lowering, in all formulas.
    terms: u64,
    /// Inside a branch that constants decide is never taken (`if` of a constant, the right
    /// of `and`/`or` decided by its left): a failure known at load is no error there.
    dead: bool,
}

impl Default for Unroll {
    fn default() -> Self {
        Unroll {
            within: 1,
            terms: 0,
            dead: false,
        }
    }
}

/// Everything a name can mean, for lowering.
pub struct Names<'a> {
    pub params: &'a BTreeMap<String, i64>,
    pub tables: &'a [(String, Table)],
    pub layout: &'a Layout,
    /// Move parameters and loop variables, innermost last.
    pub locals: Vec<(String, i64)>,
    /// Whether state variables may be named (not in parameter domains and start values).
    pub state: bool,
    pub unroll: Unroll,
}

fn err(message: impl Into<String>, span: &Range<usize>) -> ExprError {
    ExprError::new(message, span.clone())
}

impl Names<'_> {
    /// Lowers a formula that must have type `want`.
    pub fn lower_as(&mut self, t: &Expr, want: Ty) -> Result<Ir, ExprError> {
        let (ir, ty) = self.lower(t)?;
        if ty != want {
            return Err(err(
                format!("expected {} here, found {}", want.words(), ty.words()),
                &t.span,
            ));
        }
        Ok(ir)
    }

    /// A formula that must be a number known before the search (a size, a bound, an index).
    pub fn constant(&mut self, t: &Expr) -> Result<i64, ExprError> {
        match self.lower_as(t, Ty::Num)? {
            Ir::Const(v) => Ok(v),
            Ir::Fail(m, span, _) => Err(ExprError::new(m, span)),
            _ => Err(err("this must be known before the search", &t.span)
                .help("use numbers, parameters, tables and move parameters here, not the state")),
        }
    }

    pub fn lower(&mut self, t: &Expr) -> Result<(Ir, Ty), ExprError> {
        let s = &t.span;
        Ok(match &t.kind {
            ExprKind::Int(n) => match i64::try_from(*n) {
                Ok(v) => (Ir::Const(v), Ty::Num),
                Err(_) => return Err(err("this number does not fit in 64 bits", s)),
            },
            ExprKind::Name(n) => self.name(n, s)?,
            ExprKind::Neg(a) => {
                let a = self.lower_as(a, Ty::Num)?;
                (fold_neg(a, s), Ty::Num)
            }
            ExprKind::Not(a) => (
                match self.lower_as(a, Ty::Bool)? {
                    Ir::Const(v) => Ir::Const(1 - v),
                    other => Ir::Not(Box::new(other)),
                },
                Ty::Bool,
            ),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, s)?,
            ExprKind::If(c, a, b) => {
                let c = self.lower_as(c, Ty::Bool)?;
                let (a, ty) = self.lower_dead_if(matches!(c, Ir::Const(0)), |n| n.lower(a))?;
                let b = self.lower_dead_if(matches!(c, Ir::Const(1)), |n| n.lower_as(b, ty))?;
                let ir = match c {
                    Ir::Const(1) => a,
                    Ir::Const(_) => b,
                    c => Ir::If(Box::new(c), Box::new(a), Box::new(b)),
                };
                (ir, ty)
            }
            ExprKind::Call(f, args) => self.call(*f, args, s)?,
            ExprKind::Index(base, index) => (self.index(base, index, s)?, Ty::Num),
            ExprKind::Aggregate(op, body, binding) => self.aggregate(*op, body, binding, s)?,
            // `Forms::All` refuses a call of an unknown function and binds no slots.
            ExprKind::Apply(name, _) => return Err(unknown_function(name, s)),
            ExprKind::Var(_) => return Err(err("a bound slot has no meaning in rules", s)),
        })
    }

    fn name(&self, n: &str, s: &Range<usize>) -> Result<(Ir, Ty), ExprError> {
        if let Some((_, v)) = self.locals.iter().rev().find(|(m, _)| m == n) {
            return Ok((Ir::Const(*v), Ty::Num));
        }
        if let Some(v) = self.params.get(n) {
            return Ok((Ir::Const(*v), Ty::Num));
        }
        if let Some(i) = self.layout.var(n) {
            let var = &self.layout.vars[i];
            if !self.state {
                return Err(err(
                    format!("`{n}` is a state variable; it has no value here"),
                    s,
                )
                .help("use numbers, parameters and tables here"));
            }
            return match var.shape {
                Shape::Number => Ok((Ir::Load(var.first), Ty::Num)),
                Shape::Bool => Ok((Ir::Load(var.first), Ty::Bool)),
                Shape::Array(len) => Err(err(
                    format!("`{n}` is an array of {len}, used here as a number"),
                    s,
                )
                .help(format!(
                    "use one element, e.g. {n}[0], or sum({n}[i] for i in 0..{})",
                    len - 1
                ))),
            };
        }
        match self.tables.iter().find(|(m, _)| m == n) {
            Some((_, Table::List(v))) => Err(err(
                format!(
                    "`{n}` is a table of {} numbers, used here as a number",
                    v.len()
                ),
                s,
            )
            .help(format!("use one entry, e.g. {n}[0]"))),
            Some((_, Table::Rows(_))) => Err(err(
                format!("`{n}` is a table of rows, used here as a number"),
                s,
            )
            .help(format!("use one entry, e.g. {n}[0][0]"))),
            Some((_, Table::Names(v))) => Err(err(
                format!(
                    "`{n}` is a table of {} names, used here as a number",
                    v.len()
                ),
                s,
            )
            .help(format!(
                "name one member (its position), e.g. {}, or loop over it: for k in {n}",
                v[0]
            ))),
            None => self.member(n, s),
        }
    }

    /// A member of a table of names: its position in the table. A name at different
    /// positions of two tables is ambiguous, and an error saying so.
    fn member(&self, n: &str, s: &Range<usize>) -> Result<(Ir, Ty), ExprError> {
        let mut found: Option<(&str, usize)> = None;
        for (table, t) in self.tables {
            let Table::Names(members) = t else { continue };
            let Some(k) = members.iter().position(|m| m == n) else {
                continue;
            };
            match found {
                Some((other, j)) if j != k => {
                    return Err(err(
                        format!(
                            "`{n}` is member {j} of `{other}` and member {k} of `{table}`: which is meant is unclear"
                        ),
                        s,
                    )
                    .help("write the position as a number, or rename one member"));
                }
                _ => found = Some((table, k)),
            }
        }
        match found {
            Some((_, k)) => Ok((Ir::Const(k as i64), Ty::Num)),
            None => Err(self.unknown(n, s)),
        }
    }

    fn unknown(&self, n: &str, s: &Range<usize>) -> ExprError {
        let mut known: Vec<&str> = self.locals.iter().map(|(m, _)| m.as_str()).collect();
        known.extend(self.params.keys().map(String::as_str));
        if self.state {
            known.extend(self.layout.vars.iter().map(|v| v.name.as_str()));
        }
        known.extend(self.tables.iter().map(|(m, _)| m.as_str()));
        for (_, t) in self.tables {
            if let Table::Names(members) = t {
                known.extend(members.iter().map(String::as_str));
            }
        }
        known.sort_unstable();
        known.dedup();
        let mut help = format!("the names defined here are: {}", known.join(", "));
        if let Some(near) = crate::spec::closest(n, &known) {
            help = format!("did you mean `{near}`? {help}");
        }
        err(format!("unknown name `{n}`"), s).help(help)
    }

    fn binary(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        s: &Range<usize>,
    ) -> Result<(Ir, Ty), ExprError> {
        let (operand, result) = match op {
            BinOp::Or | BinOp::And => (Some(Ty::Bool), Ty::Bool),
            BinOp::Eq | BinOp::Ne => (None, Ty::Bool),
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => (Some(Ty::Num), Ty::Bool),
            _ => (Some(Ty::Num), Ty::Num),
        };
        let (x, y) = match operand {
            Some(ty) => {
                let x = self.lower_as(a, ty)?;
                // `false and b`, `true or b`: b is never evaluated.
                let decided = matches!(
                    (op, &x),
                    (BinOp::And, Ir::Const(0)) | (BinOp::Or, Ir::Const(1))
                );
                (x, self.lower_dead_if(decided, |n| n.lower_as(b, ty))?)
            }
            None => {
                let (x, ty) = self.lower(a)?;
                (x, self.lower_as(b, ty)?)
            }
        };
        self.refuse_at_load(fold_binary(op, x, y, s))
            .map(|ir| (ir, result))
    }

    /// Lowers with `f` inside a branch never taken when `dead`.
    fn lower_dead_if<T>(
        &mut self,
        dead: bool,
        f: impl FnOnce(&mut Self) -> Result<T, ExprError>,
    ) -> Result<T, ExprError> {
        let outer = self.unroll.dead;
        self.unroll.dead |= dead;
        let r = f(self);
        self.unroll.dead = outer;
        r
    }

    /// A mistake found by folding constants (a `/` that is not exact) is an error at load,
    /// unless constants decide it is never evaluated; an arithmetic failure (a division by
    /// zero) stays for the state that reaches it, as in every kind.
    fn refuse_at_load(&self, ir: Ir) -> Result<Ir, ExprError> {
        match ir {
            Ir::Fail(m, span, false) if !self.unroll.dead => Err(ExprError::new(m, span)),
            ir => Ok(ir),
        }
    }

    fn call(
        &mut self,
        func: Builtin,
        args: &[Expr],
        s: &Range<usize>,
    ) -> Result<(Ir, Ty), ExprError> {
        func.check_arity(args.len(), s)?;
        match func {
            // A truth value is 0 or 1 in the state's words already.
            Builtin::Int => return Ok((self.lower_as(&args[0], Ty::Bool)?, Ty::Num)),
            Builtin::Sum => {
                let mut total = Ir::Const(0);
                for a in args {
                    let a = self.lower_as(a, Ty::Num)?;
                    total = self.refuse_at_load(fold_binary(BinOp::Add, total, a, s))?;
                }
                return Ok((total, Ty::Num));
            }
            Builtin::Abs | Builtin::Min | Builtin::Max | Builtin::Div | Builtin::Mod => {}
            other => {
                return Err(
                    err(format!("`{}` is not available in rules", other.name()), s).help(format!(
                        "{}: its arguments are decimal digits or lists, which a rules state \
                     does not hold; rules have int, abs, min, max, sum, div and mod",
                        other.function().about
                    )),
                );
            }
        }
        let args = args
            .iter()
            .map(|a| self.lower_as(a, Ty::Num))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((fold_call(func, args, s), Ty::Num))
    }

    /// `base[index]`: an array element, a list entry, or a row's entry (`rows[i][j]`).
    fn index(&mut self, base: &Expr, index: &Expr, s: &Range<usize>) -> Result<Ir, ExprError> {
        let i = self.lower_as(index, Ty::Num)?;
        if let ExprKind::Index(rows, row) = &base.kind
            && let ExprKind::Name(n) = &rows.kind
            && let Some(t) = self.tables.iter().position(|(m, _)| m == n)
        {
            return self.row_entry_at(t, row, i, s);
        }
        let ExprKind::Name(n) = &base.kind else {
            return Err(err(
                "only a state array or a table can be indexed",
                &base.span,
            ));
        };
        if let Some(v) = self.layout.var(n).filter(|_| self.state) {
            let var = &self.layout.vars[v];
            let Shape::Array(len) = var.shape else {
                return Err(err(
                    format!("`{n}` is a single value, not an array"),
                    &base.span,
                ));
            };
            return Ok(match i {
                Ir::Const(k) if (0..len as i64).contains(&k) => Ir::Load(var.first + k as usize),
                Ir::Const(k) => Ir::Fail(
                    format!("index {k} is outside `{n}` (0..{})", len - 1),
                    s.clone(),
                    false,
                ),
                i => Ir::LoadAt {
                    var: v,
                    index: Box::new(i),
                    span: s.clone(),
                },
            });
        }
        match self.tables.iter().position(|(m, _)| m == n) {
            Some(t) => match &self.tables[t].1 {
                Table::List(data) => Ok(match i {
                    Ir::Const(k) => match usize::try_from(k).ok().and_then(|k| data.get(k)) {
                        Some(v) => Ir::Const(*v),
                        None => {
                            Ir::Fail(format!("{n}[{k}] is outside the table"), s.clone(), false)
                        }
                    },
                    i => Ir::TableAt {
                        table: t,
                        row: None,
                        index: Box::new(i),
                        span: s.clone(),
                    },
                }),
                Table::Names(_) => Err(err(
                    format!("`{n}[...]` is a name, used here as a number"),
                    s,
                )
                .help(format!(
                    "a name is shown in a label ({{{n}[k]}}); in a formula compare positions with \
                     the members' names, e.g. k == {}",
                    match &self.tables[t].1 {
                        Table::Names(v) => v[0].as_str(),
                        _ => "",
                    }
                ))),
                Table::Rows(_) => Err(err(
                    format!("`{n}[...]` is a row of a table, used here as a number"),
                    s,
                )
                .help(format!(
                    "index it again, e.g. {n}[i][0], or loop over it: for j in {n}[i]"
                ))),
            },
            None if self.layout.var(n).is_some() || self.params.contains_key(n) => {
                Err(err(format!("`{n}` is not an array"), &base.span))
            }
            None => Err(self.unknown(n, &base.span)),
        }
    }

    /// `rows[r][c]` of table `t`: a constant when both indices are known.
    fn row_entry_at(
        &mut self,
        t: usize,
        row: &Expr,
        i: Ir,
        s: &Range<usize>,
    ) -> Result<Ir, ExprError> {
        let tables = self.tables;
        let (n, table) = &tables[t];
        let Table::Rows(data) = table else {
            return Err(err(format!("`{n}` is a list: it takes one index"), s));
        };
        let r = self.lower_as(row, Ty::Num)?;
        Ok(match (&r, &i) {
            (Ir::Const(r), Ir::Const(c)) => match row_entry(data, *r, *c) {
                Some(v) => Ir::Const(v),
                None => Ir::Fail(
                    format!("{n}[{r}][{c}] is outside the table"),
                    s.clone(),
                    false,
                ),
            },
            _ => Ir::TableAt {
                table: t,
                row: Some(Box::new(r)),
                index: Box::new(i),
                span: s.clone(),
            },
        })
    }

    /// The values a loop variable takes, all known before the search.
    pub fn values(&mut self, binding: &Binding) -> Result<Vec<i64>, ExprError> {
        match &binding.over {
            Over::Range(lo, hi) => {
                let (lo, hi) = (self.constant(lo)?, self.constant(hi)?);
                if hi.saturating_sub(lo) >= MAX_RANGE {
                    let size = i128::from(hi) - i128::from(lo) + 1;
                    return Err(err(
                        format!(
                            "{lo}..{hi} has {} values, more than the {} a loop may take",
                            group_digits(size as u128),
                            group_digits(u128::from(MAX_RANGE as u64))
                        ),
                        &binding.span,
                    )
                    .help("narrow the range; a loop's values are all known before the search"));
                }
                Ok((lo..=hi).collect())
            }
            Over::Values(t) => self.row_values(t),
            Over::List(items) => items.iter().map(|t| self.constant(t)).collect(),
        }
    }

    pub(super) fn row_values(&mut self, t: &Expr) -> Result<Vec<i64>, ExprError> {
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

    fn aggregate(
        &mut self,
        op: AggOp,
        body: &Expr,
        bindings: &[Binding],
        s: &Range<usize>,
    ) -> Result<(Ir, Ty), ExprError> {
        let body_ty = match op {
            AggOp::Sum | AggOp::Prod | AggOp::Min | AggOp::Max | AggOp::Distinct => Ty::Num,
            AggOp::Count | AggOp::All | AggOp::Any => Ty::Bool,
        };
        let mut items = Vec::new();
        self.items(op, body, body_ty, bindings, s, &mut items)?;
        let fold = |join, acc, items: Vec<Ir>| {
            items
                .into_iter()
                .fold(acc, |acc, item| fold_binary(join, acc, item, s))
        };
        Ok(match op {
            AggOp::Sum | AggOp::Count => (fold(BinOp::Add, Ir::Const(0), items), Ty::Num),
            AggOp::Prod => (fold(BinOp::Mul, Ir::Const(1), items), Ty::Num),
            AggOp::All => (fold(BinOp::And, Ir::Const(1), items), Ty::Bool),
            AggOp::Any => (fold(BinOp::Or, Ir::Const(0), items), Ty::Bool),
            AggOp::Min | AggOp::Max if items.is_empty() => {
                return Err(err(format!("`{}` over no values", op.name()), s)
                    .help("make sure the loop has at least one value"));
            }
            AggOp::Min => (fold_call(Builtin::Min, items, s), Ty::Num),
            AggOp::Max => (fold_call(Builtin::Max, items, s), Ty::Num),
            AggOp::Distinct => {
                let mut pairs = Vec::new();
                for (k, a) in items.iter().enumerate() {
                    for b in &items[k + 1..] {
                        pairs.push(fold_binary(BinOp::Ne, a.clone(), b.clone(), s));
                    }
                }
                (fold(BinOp::And, Ir::Const(1), pairs), Ty::Bool)
            }
        })
    }

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
        let values = self.values(binding)?;
        // Loading stays bounded: each loop multiplies the terms its body unrolls to.
        let outer = self.unroll;
        self.unroll = self.count_unrolled(values.len(), s)?;
        let r = self.items_over(op, body, body_ty, binding, rest, values, s, out);
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
            if let Ir::Const(0) = keep {
                continue;
            }
            let mut inner = Vec::new();
            self.items(op, body, body_ty, rest, s, &mut inner)?;
            for item in inner {
                out.push(guarded(op, keep.clone(), item, &binding.span)?);
            }
        }
        self.locals.pop();
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

fn row_entry(rows: &[Vec<i64>], r: i64, c: i64) -> Option<i64> {
    let row = rows.get(usize::try_from(r).ok()?)?;
    row.get(usize::try_from(c).ok()?).copied()
}

fn fold_neg(a: Ir, s: &Range<usize>) -> Ir {
    match a {
        Ir::Const(v) => match v.checked_neg() {
            Some(n) => Ir::Const(n),
            None => Ir::Fail("arithmetic overflow".into(), s.clone(), true),
        },
        other => Ir::Neg(Box::new(other), s.clone()),
    }
}

/// `op` on two operands, computed now when both are known.
pub fn fold_binary(op: BinOp, x: Ir, y: Ir, s: &Range<usize>) -> Ir {
    match (op, &x, &y) {
        (BinOp::And, Ir::Const(0), _) | (BinOp::Or, Ir::Const(1), _) => x,
        (BinOp::And, Ir::Const(_), _) | (BinOp::Or, Ir::Const(_), _) => y,
        (BinOp::And, _, Ir::Const(1)) | (BinOp::Or, _, Ir::Const(0)) => x,
        (BinOp::Add, Ir::Const(0), _) => y,
        (BinOp::Add | BinOp::Sub, _, Ir::Const(0)) => x,
        (_, Ir::Const(a), Ir::Const(b)) => match super::arith::arith(op, *a, *b) {
            Ok(v) => Ir::Const(v),
            Err(f) => Ir::Fail(f.message, s.clone(), f.no_value),
        },
        _ => Ir::Bin(op, Box::new(x), Box::new(y), s.clone()),
    }
}

fn fold_call(func: Builtin, args: Vec<Ir>, s: &Range<usize>) -> Ir {
    let consts: Option<Vec<i64>> = args
        .iter()
        .map(|a| match a {
            Ir::Const(v) => Some(*v),
            _ => None,
        })
        .collect();
    match (func, consts) {
        (Builtin::Abs, Some(v)) => match v[0].checked_abs() {
            Some(a) => Ir::Const(a),
            None => Ir::Fail("arithmetic overflow".into(), s.clone(), true),
        },
        (Builtin::Div | Builtin::Mod, Some(v)) => match super::arith::floored(func, v[0], v[1]) {
            Ok(q) => Ir::Const(q),
            Err(f) => Ir::Fail(f.message, s.clone(), f.no_value),
        },
        (Builtin::Min, Some(v)) => Ir::Const(v.into_iter().min().unwrap_or(0)),
        (Builtin::Max, Some(v)) => Ir::Const(v.into_iter().max().unwrap_or(0)),
        _ => Ir::Call(func, args, s.clone()),
    }
}
