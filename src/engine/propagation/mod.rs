//! Constraint propagation with depth-first search over finite domains: a generic engine that
//! knows variables (bit-set domains), propagators (all different, linear (in)equalities,
//! element, table, clauses of linear comparisons, and tests it is given) and an optional linear
//! objective, nothing of specs.
//!
//! At every node the propagators narrow the domains to a fixpoint (each runs again when a
//! domain it reads changes); the search then binds the variable with the fewest values left
//! (or the next in a fixed order) to each of its values in turn, undoing through a trail.

mod all_different;
mod caller_tests;
mod clause;
mod distinct_sum;
mod element;
mod hall_intervals;
mod implied;
mod learning;
mod linear;
mod network;
mod prefixes;
mod search;
mod store;
mod table;
mod test;

pub use all_different::AllDifferent;
pub use caller_tests::Tests;
pub use clause::Clause;
pub use distinct_sum::DistinctSum;
pub use element::Element;
pub use implied::implied_sums;
pub use learning::{MOST_NOGOODS, search_learning};
pub use linear::{Linear, Relation};
pub use network::{Network, Propagator};
pub use prefixes::{PrefixBranches, search_part};
pub use search::{Objective, Order, Outcome, Problem, Sense, search};
pub use store::{Bits, Store, WIDTH};
pub use table::Table;
pub use test::Test;
