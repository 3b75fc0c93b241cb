//! The state variables a checked formula may read, as the checker sees them: a name, a shape
//! and the slot its value starts at. The kind that packs the state (rules) describes its
//! variables through [`StateVars`]; a kind without a state passes [`NoState`].

/// What a state variable is, as the formulas see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Number,
    Bool,
    Array(usize),
}

/// One state variable found by name.
#[derive(Debug, Clone, Copy)]
pub struct StateVar {
    /// Its position among the variables ([`super::Ir::LoadAt`] names it so).
    pub index: usize,
    pub shape: Shape,
    /// Its first slot; an array's elements are the following ones.
    pub first: usize,
}

/// The state variables of a kind, looked up by name while checking.
pub trait StateVars {
    fn find(&self, name: &str) -> Option<StateVar>;
    /// Every variable's name (and group's), for the list of known names in an error.
    fn names(&self) -> Vec<&str>;
    /// Whether `name` is a group of array positions (`search`'s `rows`), which only indexes.
    fn is_group(&self, _name: &str) -> bool {
        false
    }
}

/// No state: formulas of parameters and tables only.
pub struct NoState;

impl StateVars for NoState {
    fn find(&self, _: &str) -> Option<StateVar> {
        None
    }

    fn names(&self) -> Vec<&str> {
        Vec::new()
    }
}
