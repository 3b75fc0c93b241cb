//! What a search solve computes, in its own file: the plan names it with its engine, and the
//! search strategy's `auto` choices read it, without either importing the other.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    /// List every solution (up to the limit) and count them.
    All,
    /// Stop at the first solution.
    First,
    /// Count without listing.
    Count,
    /// The solution with the largest `[search] maximize` value, proved by exhausting the space.
    Maximize,
    /// The solution with the smallest `[search] minimize` value.
    Minimize,
}
