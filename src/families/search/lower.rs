//! Constraints as written (with arrays, groups and aggregates: `distinct(cell[rows])`,
//! `sum(square[i] for i in 0..3) == 34`) checked by the language's one checker
//! ([`crate::expr::check::Names`]), which resolves names, checks types and unrolls generators
//! for every kind; the checked tree then becomes the engine's expression over the variables
//! ([`to_expr`]). A constraint that indexes an array by a group stands for one
//! constraint per member of the group.

use super::groups::Group;
use super::model::Array;
use crate::expr::check::{Calls, Ir, Names, Shape, StateVar, StateVars, Table, Unroll, to_expr};
use crate::expr::{Expr, ExprError, ExprKind, Type};
use crate::spec::tables::Data;
use std::collections::BTreeMap;
use std::ops::Range;

/// The group an instance of a constraint is about, and the member's number (from 1).
pub type Member = Option<(String, usize)>;

/// What names mean in a constraint.
pub struct Scope<'a> {
    variables: Variables<'a>,
    /// Parameters and the members of enumerations, by name.
    constants: &'a BTreeMap<String, i64>,
    /// The spec's `[tables]`.
    pub data: &'a Data,
    /// The same tables, as the checker reads them.
    tables: Vec<(String, Table)>,
}

/// The variables and groups of a search spec, as the checker sees them: a scalar is a
/// number at its slot, an array its elements' slots from the first.
struct Variables<'a> {
    /// Scalar variables: name and slot.
    scalars: &'a [(String, usize)],
    arrays: &'a [Array],
    groups: &'a BTreeMap<String, Group>,
}

impl StateVars for Variables<'_> {
    fn find(&self, name: &str) -> Option<StateVar> {
        if let Some((_, slot)) = self.scalars.iter().find(|(m, _)| m == name) {
            let (index, shape, first) = (usize::MAX, Shape::Number, *slot);
            return Some(StateVar {
                index,
                shape,
                first,
            });
        }
        let index = self.arrays.iter().position(|a| a.name == name)?;
        let a = &self.arrays[index];
        Some(StateVar {
            index,
            shape: Shape::Array(a.len),
            first: a.first,
        })
    }

    fn names(&self) -> Vec<&str> {
        let scalars = self.scalars.iter().map(|(m, _)| m.as_str());
        let arrays = self.arrays.iter().map(|a| a.name.as_str());
        let groups = self.groups.keys().map(String::as_str);
        scalars.chain(arrays).chain(groups).collect()
    }

    fn is_group(&self, name: &str) -> bool {
        self.groups.contains_key(name)
    }
}

impl<'a> Scope<'a> {
    pub fn new(
        scalars: &'a [(String, usize)],
        arrays: &'a [Array],
        groups: &'a BTreeMap<String, Group>,
        constants: &'a BTreeMap<String, i64>,
        data: &'a Data,
    ) -> Self {
        let tables = data.tables.iter().map(|(n, t)| (n.clone(), t.clone()));
        Scope {
            variables: Variables {
                scalars,
                arrays,
                groups,
            },
            constants,
            data,
            tables: tables.collect(),
        }
    }

    pub fn arrays(&self) -> &'a [Array] {
        self.variables.arrays
    }

    /// One expression and its type per member of the group the constraint uses (one if it
    /// uses none), each with the group's name and the member's number (from 1).
    pub fn lower(&self, t: &Expr) -> Result<Vec<(Expr, Type, Member)>, ExprError> {
        let mut used: Vec<(&str, Range<usize>)> = Vec::new();
        self.groups_used(t, &mut used);
        used.dedup_by(|a, b| a.0 == b.0);
        match used.as_slice() {
            [] => {
                let (e, ty) = self.instance(t, None)?;
                Ok(vec![(e, ty, None)])
            }
            [(g, _)] => {
                let groups = self.variables.groups;
                let (name, members) = groups.get_key_value(*g).expect("found in groups");
                let mut out = Vec::with_capacity(members.len());
                for (k, m) in members.iter().enumerate() {
                    let (e, ty) = self.instance(t, Some((name.as_str(), m.as_slice())))?;
                    out.push((e, ty, Some((name.clone(), k + 1))));
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
        let items = self.names(None).items_of(t, Type::Number)?;
        let not_variable = || {
            ExprError::new("this is not a variable", t.span.clone())
                .help("name a variable, an element such as cell[3], or a whole array")
        };
        let slot = |ir: Ir| match ir {
            Ir::Load(v) => Ok(v),
            _ => Err(not_variable()),
        };
        items.into_iter().map(slot).collect()
    }

    /// The constraint `t` checked for one member of a group (or none), as the engine's
    /// expression.
    fn instance(
        &self,
        t: &Expr,
        member: Option<(&str, &[usize])>,
    ) -> Result<(Expr, Type), ExprError> {
        let (ir, ty) = self.names(member).lower(t)?;
        let arrays = |k: usize| {
            let a = &self.arrays()[k];
            a.first..a.first + a.len
        };
        Ok((to_expr(&ir, ty, &t.span, &arrays, &self.tables)?, ty))
    }

    fn names<'s>(&'s self, member: Option<(&'s str, &'s [usize])>) -> Names<'s, Variables<'a>> {
        Names {
            params: self.constants,
            tables: &self.tables,
            vars: &self.variables,
            locals: Vec::new(),
            state: true,
            unroll: Unroll::default(),
            calls: Calls::All,
            member,
        }
    }

    fn groups_used<'t>(&self, t: &'t Expr, out: &mut Vec<(&'t str, Range<usize>)>) {
        match &t.kind {
            ExprKind::Index(_, i) => match &i.kind {
                ExprKind::Name(n) if self.variables.is_group(n) => {
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
}

pub fn has_variable(e: &Expr) -> bool {
    let mut found = matches!(e.kind, ExprKind::Var(_));
    e.for_each_child(&mut |c| found = found || has_variable(c));
    found
}
