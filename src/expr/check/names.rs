//! The name environment the checker resolves names in: parameters, tables, the state
//! variables, the loop variables bound so far, and how much has been unrolled.

use super::state::{NoState, StateVars};
use super::table::Table;
use crate::expr::ExprError;
use std::collections::BTreeMap;
use std::ops::Range;

/// Everything a name can mean, for checking.
pub struct Names<'a, S: StateVars + ?Sized = NoState> {
    pub params: &'a BTreeMap<String, i64>,
    pub tables: &'a [(String, Table)],
    /// The state variables (the rules' packed layout); [`NoState`] where formulas read no state.
    pub vars: &'a S,
    /// Move parameters and loop variables, innermost last.
    pub locals: Vec<(String, i64)>,
    /// Whether state variables may be named (not in parameter domains and start values).
    pub state: bool,
    pub unroll: Unroll,
    /// The built-in functions the kind's engine computes.
    pub calls: Calls,
    /// The member of a group the current constraint instance is about (`search`): the group's
    /// name and the array positions the member holds, so that `cell[rows]` stands for them.
    pub member: Option<(&'a str, &'a [usize])>,
}

/// Which built-in functions a kind's engine computes, and how `distinct` is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Calls {
    /// A packed state of whole numbers (rules, exact cover, tables): int, abs, min, max, sum,
    /// div and mod, and `distinct` as the tests of its pairs.
    Numbers,
    /// Every built-in, kept as a call for the engine (`search`, where `distinct` is one
    /// all-different constraint).
    All,
}

/// How much lowering has unrolled: loading stays bounded whatever the loops say.
#[derive(Debug, Clone, Copy)]
pub struct Unroll {
    /// The terms each body of the current aggregate stands for (the enclosing loops' lengths
    /// multiplied; 1 outside any aggregate).
    pub(super) within: u64,
    /// Terms unrolled so far by this lowering, in all formulas.
    pub(super) terms: u64,
    /// Inside a branch that constants decide is never taken (`if` of a constant, the right
    /// of `and`/`or` decided by its left): a failure known at load is no error there.
    pub(super) dead: bool,
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

pub(super) fn err(message: impl Into<String>, span: &Range<usize>) -> ExprError {
    ExprError::new(message, span.clone())
}
