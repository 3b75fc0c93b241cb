//! The one checker of formulas over numbers and truth values: names resolved once (loop
//! variables, parameters, state variables, tables, named values), types checked, built-in
//! functions resolved through [`Builtin`], generators unrolled, and everything known before
//! the search folded to constants. Every kind that names things checks with it: rules compile
//! its [`Ir`] to bytecode, `search` turns it into its engine's constraints over the variables
//! (with [`Calls::All`]: every built-in, `distinct` kept whole, numbers past 64 bits), and
//! exact cover computes its item names and parameters with it.

mod arrays;
mod comprehension;
mod expr;
mod generators;
mod index;
mod ir;
mod lower;
mod misuse;
mod names;
mod resolve;
mod slots;
mod state;
mod table;

pub use expr::to_expr;
pub use generators::range_too_long;
pub use ir::{Ir, Ty, fold_binary};
pub use misuse::{array_as_number, entry_as_number, group_as_number, table_as_number};
pub use names::{Calls, Names, Unroll};
pub use resolve::unknown_name;
pub use slots::check_over;
pub use state::{NoState, Shape, StateVar, StateVars};
pub use table::{Table, row_entry};
