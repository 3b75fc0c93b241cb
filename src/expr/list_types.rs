//! The elements of a list written out as an aggregate's argument (`max([a, b, 3])`) checked
//! together, in every kind's checker: a list mixing numbers and truth values is an error at
//! the odd element. Apart from `list.rs` so that the tree's own check can use it.

use super::error::{ExprError, Type};
use std::ops::Range;

fn plural(t: Type) -> &'static str {
    match t {
        Type::Number => "numbers",
        Type::Bool => "truth values",
    }
}

/// The error for the elements of the aggregate `op([...])`, whose elements must be of type
/// `want`, given each element's type and place, if one has the wrong type: at the first such
/// element, saying whether the list mixes the two types.
pub fn element_error(op: &str, want: Type, types: &[(Type, Range<usize>)]) -> Option<ExprError> {
    let (got, at) = types.iter().find(|(t, _)| *t != want)?;
    let mixed = types.iter().any(|(t, _)| *t == want);
    let what = format!(
        "`{op}` takes {}, and this element of its list is {}",
        plural(want),
        got.words()
    );
    let message = if mixed {
        format!("this list mixes numbers and truth values: {what}")
    } else {
        what
    };
    let help = match want {
        Type::Number => "int(p) is 1 where the truth value p holds, else 0",
        Type::Bool => "compare it, e.g. x > 0, to make a truth value",
    };
    Some(ExprError::new(message, at.clone()).help(help))
}
