//! Indexing: a state array's element, a list's entry or a row's entry (`rows[i][j]`), a
//! constant when the indices are known before the search.

use super::ir::Ir;
use super::ir::Ty;
use super::misuse::entry_as_number;
use super::names::{Names, err};
use super::state::Shape;
use super::state::StateVars;
use super::table::Table;
use super::table::row_entry;
use crate::expr::{Expr, ExprError, ExprKind};
use std::ops::Range;

impl<S: StateVars + ?Sized> Names<'_, S> {
    /// `base[index]`: an array element, a list entry, or a row's entry (`rows[i][j]`).
    pub(super) fn index(
        &mut self,
        base: &Expr,
        index: &Expr,
        s: &Range<usize>,
    ) -> Result<Ir, ExprError> {
        if let ExprKind::Name(g) = &index.kind
            && self.vars.is_group(g)
            && !self.is_local(g)
        {
            return Err(err("this is a list of values, not one value", s).help(
                "use a list inside distinct(...), sum(...), min(...), max(...) or number(...)",
            ));
        }
        let i = self.lower_as(index, Ty::Number)?;
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
        if let Some(var) = self.vars.find(n).filter(|_| self.state) {
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
                    index.span.clone(),
                    false,
                ),
                i => Ir::LoadAt {
                    var: var.index,
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
                t => Err(entry_as_number(n, t, s).expect("not a list of numbers")),
            },
            None if self.vars.find(n).is_some() || self.params.contains_key(n) => {
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
        let r = self.lower_as(row, Ty::Number)?;
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
}
