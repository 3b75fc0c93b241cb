//! The conditions a caller gives [`super::Test`] propagators: apart from `mod.rs`, so that the
//! propagators and the search can name them without importing the module that gathers them.

/// The caller's conditions for [`super::Test`] propagators.
pub trait Tests {
    /// Whether test `id` holds when variable `v` has the value `env[v]` (only the test's own
    /// variables are set).
    fn holds(&self, id: usize, env: &[i64]) -> bool;
}
