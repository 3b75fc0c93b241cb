//! Formulas over named values at slots (a water-jug goal's jugs, a sliding-block goal's
//! coordinates, a parameter formula's parameters): checked by the one checker and given back as
//! the expression the exact evaluator computes.

use super::expr::to_expr;
use super::ir::Ty;
use super::names::{Calls, Names, Unroll};
use super::state::{Shape, StateVar, StateVars};
use crate::expr::{Expr, ExprError};
use std::collections::BTreeMap;

/// Named whole numbers, each at its position's slot.
pub struct Slots<'a>(pub &'a [String]);

impl StateVars for Slots<'_> {
    fn find(&self, name: &str) -> Option<StateVar> {
        let index = self.0.iter().position(|m| m == name)?;
        Some(StateVar {
            index,
            shape: Shape::Number,
            first: index,
        })
    }

    fn names(&self) -> Vec<&str> {
        self.0.iter().map(String::as_str).collect()
    }
}

/// `t` checked over the named values `slots` and the parameters `params`: its type, and the
/// expression the exact evaluator computes, each name read from its slot.
pub fn check_over(
    t: &Expr,
    slots: &[String],
    params: &BTreeMap<String, i64>,
) -> Result<(Expr, Ty), ExprError> {
    let vars = Slots(slots);
    let mut names = Names {
        params,
        tables: &[],
        vars: &vars,
        locals: Vec::new(),
        state: true,
        unroll: Unroll::default(),
        calls: Calls::All,
        member: None,
    };
    let (ir, ty) = names.lower(t)?;
    let no_arrays = |_: usize| 0..0;
    Ok((to_expr(&ir, ty, &t.span, &no_arrays, &[])?, ty))
}
