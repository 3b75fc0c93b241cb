//! The TOML schema of `kind = "peg-solitaire"` (docs/peg-solitaire.md describes it for users).

use crate::spec::{PuzzleTable, SolveTable};
use serde::Deserialize;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PegDocument {
    #[allow(dead_code)] // read by the loader through the header probe
    pub puzzle: PuzzleTable,
    pub board: Spanned<BoardTable>,
    pub start: Option<Spanned<StartTable>>,
    pub goal: Spanned<GoalTable>,
    #[serde(default)]
    pub rules: RulesTable,
    #[serde(default)]
    pub solve: SolveTable,
    #[serde(default)]
    pub display: DisplayTable,
}

/// A hole named in the spec: by its label, or by a number (a numeric label, or the index).
#[derive(Debug, Clone, Deserialize)]
#[serde(
    untagged,
    expecting = "expected a hole: its label as a string (\"d4\") or a number (a numeric label or the index)"
)]
pub enum HoleRef {
    Number(i64),
    Label(String),
}

impl std::fmt::Display for HoleRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HoleRef::Number(n) => write!(f, "{n}"),
            HoleRef::Label(s) => write!(f, "{s}"),
        }
    }
}

pub type Holes = Spanned<Vec<Spanned<HoleRef>>>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardTable {
    /// Rows of text, one character per hole (`o` peg, `.` empty hole, blank no hole).
    pub drawing: Option<Spanned<String>>,
    /// With a drawing: a preset name or a list of [dx, dy] steps (each used both ways).
    pub directions: Option<Spanned<Directions>>,
    /// Per hole, in hole order, its list of [over, to] pairs (the seeds' jump table).
    pub jumps: Option<Spanned<Vec<Spanned<Vec<Holes>>>>>,
    /// A list of [from, over, to] jumps.
    pub triples: Option<Spanned<Vec<Holes>>>,
    /// `"index"` (default), `"coordinates"` (drawings only), or one label per hole.
    pub labels: Option<Spanned<Labels>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(
    untagged,
    expecting = "expected directions: \"orthogonal\", \"orthogonal+diagonal\", \"triangular\", or a list of [dx, dy] steps such as [[1, 0], [0, 1]]"
)]
pub enum Directions {
    Preset(String),
    Steps(Vec<Vec<i64>>),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(
    untagged,
    expecting = "expected labels: a style (\"index\" or \"coordinates\") or a list of one string per hole"
)]
pub enum Labels {
    Style(String),
    List(Vec<String>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartTable {
    /// The holes without a peg at the start.
    pub empty: Holes,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoalTable {
    /// Pegs left at the end.
    pub pegs: Spanned<i64>,
    /// The holes the last pegs must stand on (all of them when absent).
    pub at: Option<Holes>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesTable {
    /// `"moves"` (a chain of jumps by one peg is one move; default) or `"jumps"`.
    pub metric: Option<Spanned<String>>,
    /// The first jump, fixed: [from, to] or [from, over, to].
    pub first_jump: Option<Holes>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DisplayTable {
    /// Print each solution as a sequence of drawn boards, not one line of chains.
    #[serde(default)]
    pub boards: bool,
}
