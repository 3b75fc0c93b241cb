//! Lists written out as a call's argument, `max([a, b, 3])`: an aggregate over a list means the
//! aggregate over a generator of its elements (`max(v for v in [a, b, 3])`), whatever the
//! elements are (numbers, variables, formulas). A list is also the digits of `number([...])`
//! and the choices of `element(i, [...])`; anywhere else it is refused where it is written.
//! The elements are checked together ([`super::list_types`]).

use super::ast::{AggOp, Expr, ExprKind};
use super::error::ExprError;
use super::functions::{Builtin, unknown_function};
use std::ops::Range;

/// One argument of a call as parsed.
pub enum Argument {
    One(Expr),
    /// `[e1, e2, ...]`, with the span of the brackets.
    List(Vec<Expr>, Range<usize>),
}

/// The call `name(args)`: a built-in, an aggregate over a list, or (for the forms that give it
/// a meaning, `rows(9, 9)`) a call of another name.
pub fn call(name: String, args: Vec<Argument>, span: &Range<usize>) -> Result<ExprKind, ExprError> {
    let Some(list_at) = args.iter().find_map(|a| match a {
        Argument::List(_, at) => Some(at.clone()),
        Argument::One(_) => None,
    }) else {
        let args = args.into_iter().map(one).collect();
        return Ok(match Builtin::named(&name) {
            Some(b) => ExprKind::Call(b, args),
            None => ExprKind::Apply(name, args),
        });
    };
    let (op, builtin) = (AggOp::named(&name), Builtin::named(&name));
    if op.is_none() && builtin.is_none() {
        return Err(unknown_function(
            &name,
            &(span.start..span.start + name.len()),
        ));
    }
    let mut args = args.into_iter();
    match (op, builtin, args.next(), args.next(), args.next()) {
        (Some(op), _, Some(Argument::List(items, at)), None, None) => listed(op, items, &at),
        (_, Some(Builtin::Number), Some(Argument::List(items, at)), None, None)
            if !items.is_empty() =>
        {
            let _ = at;
            Ok(ExprKind::Call(Builtin::Number, items))
        }
        (
            _,
            Some(Builtin::Element),
            Some(Argument::One(i)),
            Some(Argument::List(items, _)),
            None,
        ) if !items.is_empty() => {
            let mut all = vec![i];
            all.extend(items);
            Ok(ExprKind::Call(Builtin::Element, all))
        }
        _ => Err(misplaced(&name, &list_at)),
    }
}

/// `op([items])`; `min` and `max` need an element.
fn listed(op: AggOp, items: Vec<Expr>, at: &Range<usize>) -> Result<ExprKind, ExprError> {
    if items.is_empty() && matches!(op, AggOp::Min | AggOp::Max) {
        return Err(ExprError::new(
            format!("`{}` of an empty list has no value", op.name()),
            at.clone(),
        )
        .help("give the list at least one element"));
    }
    Ok(ExprKind::Listed(op, items))
}

fn one(a: Argument) -> Expr {
    match a {
        Argument::One(e) => e,
        Argument::List(..) => unreachable!("lists are handled by the caller"),
    }
}

/// A list where the call takes something else.
fn misplaced(name: &str, at: &Range<usize>) -> ExprError {
    ExprError::new(
        format!("a list cannot be an argument of `{name}` here"),
        at.clone(),
    )
    .help(
        "a list [a, b, ...] is the one argument of sum, prod, count, min, max, all, any or \
         distinct (max([a, b, 3])), the digits of number([a, b, c]) or the choices of \
         element(i, [a, b, c]); it is never empty there",
    )
}
