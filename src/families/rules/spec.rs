//! The TOML schema of `kind = "rules"` (docs/rules.md): parameters, state variables, their start
//! values, tables, moves, constraints, the goal, and `[solve]` with `max_states`.

use crate::spec::{PuzzleTable, SolveTable};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesDocument {
    #[allow(dead_code)] // read by the loader through the header probe
    pub puzzle: PuzzleTable,
    /// Whole-number constants usable everywhere (`--set params.n=10`): numbers or formulas
    /// of other parameters.
    #[serde(default)]
    pub params: crate::spec::RawParams,
    /// Each variable's type: `"0..n"`, `"bool"`, `"25 of 0..1"`.
    pub state: Spanned<BTreeMap<String, Spanned<String>>>,
    /// Each variable's value at the start: a number, true/false, an array, or a formula over
    /// the parameters (for an array, one value for every element).
    pub start: Spanned<BTreeMap<String, Spanned<toml::Value>>>,
    /// Named constant data: a number, a list of numbers, or a list of lists.
    #[serde(default)]
    pub tables: BTreeMap<String, Spanned<toml::Value>>,
    #[serde(rename = "move")]
    pub moves: Spanned<Vec<MoveTable>>,
    #[serde(default, rename = "constraint")]
    pub constraints: Vec<Spanned<ConstraintTable>>,
    pub goal: Spanned<GoalTable>,
    #[serde(default)]
    pub solve: RulesSolveTable,
    /// An array of the state drawn as a grid by `--boards`.
    pub display: Option<Spanned<DisplayTable>>,
    /// Permutations of array positions that map states to equivalent ones (a board's
    /// rotations): `longest` and `reachable` then search classes.
    #[serde(default, rename = "symmetry")]
    pub symmetries: Vec<Spanned<SymmetryTable>>,
}

/// `{ name = "transpose", arrays = ["lights"], map = "5 * (i % 5) + div(i, 5)" }`: the value
/// at position `map(i)` (or `table[i]`, or along `cycles`) lands on position `i`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SymmetryTable {
    pub name: Spanned<String>,
    pub arrays: Spanned<Vec<Spanned<String>>>,
    pub cycles: Option<Spanned<toml::Value>>,
    pub table: Option<Spanned<toml::Value>>,
    /// A formula of `i` (and the parameters): the position whose value lands on `i`.
    pub map: Option<Spanned<String>>,
}

/// `[display] array = "lights", columns = 5`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DisplayTable {
    pub array: Spanned<String>,
    /// A number, or a formula of the parameters (`"n"`).
    pub columns: Spanned<toml::Value>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveTable {
    /// Unique among the moves; the label's default.
    pub name: Spanned<String>,
    /// The move as printed, with `{formula}` parts: `"cross {m}M {c}C"`.
    pub label: Option<Spanned<String>>,
    /// Parameters: `"i in 0..24"`, `"m in 0..2, c in 0..2"`, `"j in neighbours[i]"`.
    #[serde(rename = "for")]
    pub params: Option<Spanned<String>>,
    /// The guard: the move is allowed where this holds (default: always).
    pub when: Option<Spanned<String>>,
    /// The effect: assignments computed from the state before the move.
    #[serde(rename = "do")]
    pub effect: Option<Spanned<String>>,
    /// Permutations of array positions (cycles or a table), with additions modulo the range.
    pub permute: Option<Spanned<Vec<Spanned<PermuteTable>>>>,
    /// How many times the permutation is applied (a formula; negative: its inverse).
    pub times: Option<Spanned<toml::Value>>,
    /// What the move costs (default 1).
    pub cost: Option<Spanned<String>>,
}

/// `{ arrays = ["cp", "co"], cycles = [0, 1, 2, 3], add = { co = [1, 2, 1, 2] } }`: the
/// positions of the arrays move along the cycles (or as the table says), and `add` is added to
/// the values landing on each listed position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PermuteTable {
    pub arrays: Spanned<Vec<Spanned<String>>>,
    /// One cycle `[0, 1, 2, 3]`, several `[[0, 1], [2, 3]]`, or a formula naming a table (row).
    pub cycles: Option<Spanned<toml::Value>>,
    /// `table[i]`: the position whose value lands on `i`; a list or a formula naming a row.
    pub table: Option<Spanned<toml::Value>>,
    #[serde(default)]
    pub add: BTreeMap<String, Spanned<toml::Value>>,
}

/// A rule every reachable state obeys: exactly one of `forbid` and `require`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConstraintTable {
    pub forbid: Option<Spanned<String>>,
    pub require: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoalTable {
    /// The goal predicate.
    pub reach: Spanned<String>,
    /// An admissible estimate of the cost still to pay (for `cheapest`).
    pub heuristic: Option<Spanned<String>>,
}

/// `[solve]` of the common kinds plus the state budget.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesSolveTable {
    pub objective: Option<Spanned<String>>,
    pub engine: Option<Spanned<String>>,
    pub limit: Option<Spanned<u64>>,
    /// Stop a search that stores more states than this.
    pub max_states: Option<Spanned<u64>>,
    /// The memory cap of the run, as in every kind's `[solve]`.
    pub max_memory: Option<Spanned<toml::Value>>,
    /// Seconds the search may take, as in every kind's `[solve]`.
    pub time_limit: Option<Spanned<toml::Value>>,
    /// A catalog of cases, as in every kind's `[solve]`.
    pub cases: Option<Spanned<toml::Value>>,
}

impl RulesSolveTable {
    /// The common part, for the shared objective and engine catalog.
    pub fn common(&self) -> SolveTable {
        SolveTable {
            objective: self.objective.clone(),
            engine: self.engine.clone(),
            limit: self.limit.clone(),
            max_memory: self.max_memory.clone(),
            time_limit: self.time_limit.clone(),
            cases: self.cases.clone(),
        }
    }
}
