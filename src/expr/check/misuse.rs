//! A name used as one number when it stands for many (an array, a table, a row, a group) or for
//! a name: one message for each, which the one checker ([`super::Names`]) gives in every kind, so
//! a mistake reads alike in every kind.

use super::names::err;
use super::table::Table;
use crate::expr::ExprError;
use std::ops::Range;

/// `n`, an array of `len` variables, written where one number is expected.
pub fn array_as_number(n: &str, len: usize, s: &Range<usize>) -> ExprError {
    err(
        format!("`{n}` is an array of {len}, used here as a number"),
        s,
    )
    .help(format!(
        "use one element, e.g. {n}[0], or sum({n}[i] for i in 0..{})",
        len.saturating_sub(1)
    ))
}

/// `n`, a whole table, written where one number is expected.
pub fn table_as_number(n: &str, t: &Table, s: &Range<usize>) -> ExprError {
    match t {
        Table::List(v) => err(
            format!(
                "`{n}` is a table of {} numbers, used here as a number",
                v.len()
            ),
            s,
        )
        .help(format!(
            "use one entry, e.g. {n}[0], or loop over it: for x in {n}"
        )),
        Table::Rows(_) => err(
            format!("`{n}` is a table of rows, used here as a number"),
            s,
        )
        .help(format!("use one entry, e.g. {n}[0][0]")),
        Table::Names(v) => err(
            format!(
                "`{n}` is a table of {} names, used here as a number",
                v.len()
            ),
            s,
        )
        .help(format!(
            "name one member (its position), e.g. {}, or loop over it: for k in {n}",
            v.first().map_or("", String::as_str)
        )),
    }
}

/// `n[...]`, one entry of table `t`, written where a number is expected, when that entry is
/// not a number (a name, or a row); None when it is one.
pub fn entry_as_number(n: &str, t: &Table, s: &Range<usize>) -> Option<ExprError> {
    match t {
        Table::List(_) => None,
        Table::Names(v) => Some(
            err(format!("`{n}[...]` is a name, used here as a number"), s).help(format!(
                "a name is shown in a label or `show` ({{{n}[k]}}); in a formula compare \
                 positions with the members' names, e.g. k == {}",
                v.first().map_or("", String::as_str)
            )),
        ),
        Table::Rows(_) => Some(
            err(
                format!("`{n}[...]` is a row of a table, used here as a number"),
                s,
            )
            .help(format!(
                "index it again, e.g. {n}[i][0], or loop over it: for j in {n}[i]"
            )),
        ),
    }
}

/// `n`, a group of positions (`search` groups), written where one number is expected.
pub fn group_as_number(n: &str, s: &Range<usize>) -> ExprError {
    err(
        format!("`{n}` is a group of positions, used here as a number"),
        s,
    )
    .help(format!("index an array with it: distinct(cell[{n}])"))
}
