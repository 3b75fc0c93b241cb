//! Constraints as written (with arrays, groups and aggregates: `distinct(cell[rows])`,
//! `sum(square[i] for i in 0..3) == 34`) lowered to plain expressions over the variables. A
//! constraint that indexes an array by a group stands for one constraint per member of the
//! group; indices and aggregate ranges must be known before the search and are unrolled here.

use super::groups::Group;
use super::model::Array;
use crate::expr::{AggOp, BinOp, Binding, Expr, ExprError, ExprKind, Over, Term, TermKind};
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
}

/// The member of a group the current instance is about.
struct Ctx<'a> {
    member: Option<(&'a str, &'a [usize])>,
    loops: Vec<(String, i128)>,
}

impl Scope<'_> {
    /// One expression per member of the group the constraint uses (one if it uses none), each
    /// with the group's name and the member's number (from 1).
    pub fn lower(&self, t: &Term) -> Result<Vec<(Expr, Member)>, ExprError> {
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
    pub fn variables_of(&self, t: &Term) -> Result<Vec<usize>, ExprError> {
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

    fn groups_used<'t>(&self, t: &'t Term, out: &mut Vec<(&'t str, Range<usize>)>) {
        match &t.kind {
            TermKind::Index(_, i) => match &i.kind {
                TermKind::Name(n) if self.groups.contains_key(n) => {
                    if !out.iter().any(|(m, _)| m == n) {
                        out.push((n, i.span.clone()));
                    }
                }
                _ => self.groups_used(i, out),
            },
            TermKind::Int(_) | TermKind::Name(_) => {}
            TermKind::Neg(a) | TermKind::Not(a) => self.groups_used(a, out),
            TermKind::Binary(_, a, b) => {
                self.groups_used(a, out);
                self.groups_used(b, out);
            }
            TermKind::Call(_, args) => args.iter().for_each(|a| self.groups_used(a, out)),
            TermKind::Aggregate(_, body, _) => self.groups_used(body, out),
            TermKind::If(c, a, b) => [c, a, b].iter().for_each(|x| self.groups_used(x, out)),
        }
    }

    fn expr(&self, t: &Term, ctx: &mut Ctx) -> Result<Expr, ExprError> {
        let span = t.span.clone();
        let kind = match &t.kind {
            TermKind::Int(n) => ExprKind::Int(*n),
            TermKind::Name(n) => return self.name(n, span, ctx),
            TermKind::Neg(a) => ExprKind::Neg(Box::new(self.expr(a, ctx)?)),
            TermKind::Not(a) => ExprKind::Not(Box::new(self.expr(a, ctx)?)),
            TermKind::Binary(op, a, b) => ExprKind::Binary(
                *op,
                Box::new(self.expr(a, ctx)?),
                Box::new(self.expr(b, ctx)?),
            ),
            TermKind::Index(..) => {
                let mut list = self.list(t, ctx)?;
                if list.len() != 1 {
                    return Err(ExprError::new("this is a list of values, not one value", span)
                        .help("use a list inside distinct(...), sum(...), min(...), max(...) or number(...)"));
                }
                return Ok(list.remove(0));
            }
            TermKind::Call(name, args) => return self.call(name, args, span, ctx),
            TermKind::Aggregate(op, body, binding) => {
                return self.aggregate(*op, body, binding, span, ctx);
            }
            TermKind::If(..) => {
                return Err(
                    ExprError::new("`if` is not available in kind = \"search\"", span)
                        .help("write the condition with `and`, `or` and `not`"),
                );
            }
        };
        Ok(Expr { kind, span })
    }

    fn name(&self, n: &str, span: Range<usize>, ctx: &Ctx) -> Result<Expr, ExprError> {
        if let Some((_, v)) = ctx.loops.iter().rev().find(|(m, _)| m == n) {
            return Ok(Expr {
                kind: ExprKind::Int(*v),
                span,
            });
        }
        if let Some((_, slot)) = self.scalars.iter().find(|(m, _)| m == n) {
            return Ok(Expr {
                kind: ExprKind::Var(*slot),
                span,
            });
        }
        if self.arrays.iter().any(|a| a.name == n) {
            return Err(
                ExprError::new(format!("`{n}` is an array, not one value"), span).help(format!(
                    "index it ({n}[0]) or pass it whole to distinct({n}), sum({n}), ..."
                )),
            );
        }
        if self.groups.contains_key(n) {
            return Err(
                ExprError::new(format!("`{n}` is a group of positions"), span)
                    .help(format!("index an array with it: distinct(cell[{n}])")),
            );
        }
        let mut known: Vec<&str> = self.scalars.iter().map(|(m, _)| m.as_str()).collect();
        known.extend(self.arrays.iter().map(|a| a.name.as_str()));
        Err(ExprError::new(format!("unknown name `{n}`"), span)
            .help(format!("the names defined here are: {}", known.join(", "))))
    }

    /// An argument that may stand for several values: a whole array, or `array[group]`.
    fn list(&self, t: &Term, ctx: &mut Ctx) -> Result<Vec<Expr>, ExprError> {
        let span = t.span.clone();
        let element = |a: &Array, i: usize| Expr {
            kind: ExprKind::Var(a.first + i),
            span: span.clone(),
        };
        match &t.kind {
            TermKind::Name(n) if !ctx.loops.iter().any(|(m, _)| m == n) => {
                if let Some(a) = self.arrays.iter().find(|a| &a.name == n) {
                    return Ok((0..a.len).map(|i| element(a, i)).collect());
                }
                Ok(vec![self.expr(t, ctx)?])
            }
            TermKind::Index(base, index) => {
                let array = self.array_of(base)?;
                if let (TermKind::Name(g), Some((member_of, positions))) = (&index.kind, ctx.member)
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

    fn array_of(&self, base: &Term) -> Result<&Array, ExprError> {
        let TermKind::Name(n) = &base.kind else {
            return Err(ExprError::new(
                "only an array can be indexed, with one index",
                base.span.clone(),
            )
            .help("write cell[i]; a grid is one array indexed row * columns + column"));
        };
        self.arrays.iter().find(|a| &a.name == n).ok_or_else(|| {
            ExprError::new(format!("`{n}` is not an array"), base.span.clone())
                .help("declare an array as \"cell: 81 in 1..9\"")
        })
    }

    /// A whole number known before the search (numbers and loop variables only).
    fn constant(&self, t: &Term, ctx: &mut Ctx) -> Result<i128, ExprError> {
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
        name: &str,
        args: &[Term],
        span: Range<usize>,
        ctx: &mut Ctx,
    ) -> Result<Expr, ExprError> {
        let mut values = Vec::new();
        for a in args {
            values.extend(self.list(a, ctx)?);
        }
        if name == "sum" {
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
            kind: ExprKind::Call(name.to_string(), values),
            span,
        })
    }

    fn aggregate(
        &self,
        op: AggOp,
        body: &Term,
        b: &Binding,
        span: Range<usize>,
        ctx: &mut Ctx,
    ) -> Result<Expr, ExprError> {
        let Over::Range(lo, hi) = &b.over else {
            return Err(ExprError::new(
                "loop over a range here, e.g. `for i in 0..8`",
                b.span.clone(),
            ));
        };
        let (lo, hi) = (self.constant(lo, ctx)?, self.constant(hi, ctx)?);
        if hi - lo >= MAX_UNROLL {
            return Err(
                ExprError::new(format!("{lo}..{hi} is too long a range"), b.span.clone())
                    .help(format!("an aggregate unrolls at most {MAX_UNROLL} values")),
            );
        }
        let (join, empty) = match op {
            AggOp::Sum => (BinOp::Add, ExprKind::Int(0)),
            AggOp::All => (BinOp::And, truth(true, &span)),
            AggOp::Any => (BinOp::Or, truth(false, &span)),
            AggOp::Count => {
                return Err(
                    ExprError::new("`count` is not available in kind = \"search\"", span)
                        .help("count with sum over 0/1 terms, or state the condition directly"),
                );
            }
        };
        let mut parts = Vec::new();
        for i in lo..=hi {
            ctx.loops.push((b.name.clone(), i));
            let part = self.expr(body, ctx);
            ctx.loops.pop();
            parts.push(part?);
        }
        Ok(chain(
            join,
            parts,
            Expr {
                kind: empty,
                span: span.clone(),
            },
            span,
        ))
    }
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
        kind: ExprKind::Call("element".to_string(), args),
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
    match &e.kind {
        ExprKind::Var(_) => true,
        ExprKind::Int(_) | ExprKind::Name(_) => false,
        ExprKind::Neg(a) | ExprKind::Not(a) => has_variable(a),
        ExprKind::Binary(_, a, b) => has_variable(a) || has_variable(b),
        ExprKind::Call(_, args) => args.iter().any(has_variable),
    }
}
