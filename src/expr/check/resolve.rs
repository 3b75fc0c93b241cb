//! Names resolved: loop variables and move parameters, parameters, state variables, tables and
//! the members of tables of names; an unknown name is an error listing the known ones.

use super::ir::{Ir, Ty};
use super::misuse::{array_as_number, group_as_number, table_as_number};
use super::names::{Names, err};
use super::state::Shape;
use super::state::StateVars;
use super::table::Table;
use crate::expr::ExprError;
use std::ops::Range;

impl<S: StateVars + ?Sized> Names<'_, S> {
    pub(super) fn name(&self, n: &str, s: &Range<usize>) -> Result<(Ir, Ty), ExprError> {
        if let Some((_, v)) = self.locals.iter().rev().find(|(m, _)| m == n) {
            return Ok((Ir::Const(*v), Ty::Number));
        }
        if let Some(v) = self.params.get(n) {
            return Ok((Ir::Const(*v), Ty::Number));
        }
        if let Some(var) = self.vars.find(n) {
            if !self.state {
                return Err(err(
                    format!("`{n}` is a state variable; it has no value here"),
                    s,
                )
                .help("use numbers, parameters and tables here"));
            }
            return match var.shape {
                Shape::Number => Ok((Ir::Load(var.first), Ty::Number)),
                Shape::Bool => Ok((Ir::Load(var.first), Ty::Bool)),
                Shape::Array(len) => Err(array_as_number(n, len, s)),
            };
        }
        if self.vars.is_group(n) {
            return Err(group_as_number(n, s));
        }
        match self.tables.iter().find(|(m, _)| m == n) {
            Some((_, t)) => Err(table_as_number(n, t, s)),
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
            Some((_, k)) => Ok((Ir::Const(k as i64), Ty::Number)),
            None => Err(self.unknown(n, s)),
        }
    }

    pub(super) fn unknown(&self, n: &str, s: &Range<usize>) -> ExprError {
        let mut known: Vec<&str> = self.locals.iter().map(|(m, _)| m.as_str()).collect();
        known.extend(self.params.keys().map(String::as_str));
        if self.state {
            known.extend(self.vars.names());
        }
        known.extend(self.tables.iter().map(|(m, _)| m.as_str()));
        for (_, t) in self.tables {
            if let Table::Names(members) = t {
                known.extend(members.iter().map(String::as_str));
            }
        }
        unknown_name(n, s, known)
    }
}

/// The one message for a name that means nothing where it is written, in every kind: the
/// nearest names offered, then every known name in alphabetical order.
pub fn unknown_name(n: &str, s: &Range<usize>, mut known: Vec<&str>) -> ExprError {
    known.sort_unstable();
    known.dedup();
    let mut help = format!("the names defined here are: {}", known.join(", "));
    if let Some(near) = crate::spec::closest(n, &known) {
        help = format!("did you mean `{near}`? {help}");
    }
    err(format!("unknown name `{n}`"), s).help(help)
}
