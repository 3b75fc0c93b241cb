//! The one checker of formulas over numbers and truth values: names resolved once (loop
//! variables, parameters, state variables, tables, named values), types checked, built-in
//! functions resolved through [`Builtin`], generators unrolled, and everything known before
//! the search folded to constants. The rules kind compiles its [`Ir`] to bytecode; exact cover
//! computes its item names and parameters with it.

mod comprehension;
mod generators;
mod index;
mod ir;
mod lower;
mod misuse;
mod names;
mod resolve;
mod state;
mod table;

pub use generators::range_too_long;
pub use ir::{Ir, Ty, fold_binary};
pub use misuse::{array_as_number, entry_as_number, group_as_number, table_as_number};
pub use names::{Names, Unroll};
pub use resolve::unknown_name;
pub use state::{NoState, Shape, StateVar, StateVars};
pub use table::{Table, row_entry};
