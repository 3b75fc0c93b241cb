//! What every puzzle family gives the program: the [`Family`] (a kind's loader, starter and
//! docs) and the [`Puzzle`] it loads (solve, play, size, split). The families implement it;
//! the list of kinds above them ([`super::FAMILIES`]) and the command line read it.

use crate::diagnostic::Diagnostic;
use crate::engine::Progress;
use crate::engine::split::Shard;
use crate::report::Report;
use crate::spec::SpecDocument;

pub trait Family: Sync {
    /// The `kind` value of `[puzzle]` that selects this family.
    fn kind(&self) -> &'static str;
    /// One line on what the family solves, for `puzzlespec list` and errors.
    fn about(&self) -> &'static str;
    /// Reads and validates the document into a puzzle ready to solve.
    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic>;
    /// The commented starter spec `puzzlespec new KIND` prints: `starter.toml` beside the
    /// family's module, its first line naming [`Family::doc_page`].
    fn starter(&self) -> &'static str;
    /// The page documenting the kind, from the repository's root (e.g. `docs/rules.md`).
    fn doc_page(&self) -> &'static str;
    /// A shipped spec of the kind, from the repository's root (e.g. `specs/hanoi-rules.toml`).
    fn example(&self) -> &'static str;
    /// Adds to the report of a merged split run (`puzzlespec merge`) the notes and sections a
    /// plain run of the kind shows, rebuilt from the merged document's fields (`doc`, the
    /// parts' --json reports added up); the header and sums are already there.
    fn describe_merged(&self, doc: &serde_json::Value, report: &mut Report) {
        let _ = (doc, report);
    }
}

/// A validated puzzle.
pub trait Puzzle {
    /// One line describing this instance (for `list` and `check`).
    fn summary(&self) -> String;
    /// How large the search of this instance may get, where the family knows a bound: the
    /// command line warns before a search that is beyond reach. None: no useful bound.
    fn search_size(&self) -> Option<SearchSize> {
        None
    }
    /// Whether this instance's objective splits into independent parts (`run --shard K/N`):
    /// Err says why not, for the message. A family that splits reads `SolveContext::shard`.
    fn splits(&self) -> Result<(), String> {
        Err("this kind has no split into independent parts (a breadth-first search's layers depend on each other); what splits is listed in docs/cluster.md".to_string())
    }
    /// Solves with the objective and engine of the spec.
    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic>;
    /// Plays interactively (`puzzlespec play`); most kinds have no play mode.
    fn play(&self, io: &mut PlayIo) -> Result<PlayEnd, Diagnostic> {
        let _ = io;
        Err(Diagnostic::new(NO_PLAY_MODE)
            .help("`puzzlespec play` is for kind = \"codebreaker\"; solve this spec with `puzzlespec run`"))
    }
}

/// The message of a kind without play mode; the caller places it at the spec's `kind`.
pub const NO_PLAY_MODE: &str = "this kind has no play mode";

/// Input and output of an interactive game.
pub struct PlayIo<'a> {
    pub input: &'a mut dyn std::io::BufRead,
    pub output: &'a mut dyn std::io::Write,
    /// Echo each line read, so a session fed from a pipe reads like one typed at a terminal.
    pub echo: bool,
}

/// How an interactive game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayEnd {
    Solved,
    Quit,
    /// The input ended before the game did.
    EndOfInput,
}

pub struct SolveContext<'a> {
    pub progress: &'a Progress,
    /// Solve only this part of the search (`run --shard K/N`); only set when `splits` is Ok.
    pub shard: Option<Shard>,
}

/// An upper bound on the work of a search, known before it starts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchSize {
    /// The decimal logarithm of the states (or candidates) the search may visit: the bound may
    /// pass the largest double (a `search` space of 100^400 candidates).
    pub states_log10: f64,
    /// What the search keeps and how the bound binds it.
    pub keeps: Keeps,
}

/// What a search keeps of the states it visits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Keeps {
    /// Every visited state (breadth-first searches), at about this many bytes each.
    Every { bytes_per_state: f64 },
    /// Only the current path (depth-first): the bound is in time, not memory.
    Path,
    /// Only the current path, and propagation narrows the domains at every node: the bound
    /// counts candidates the search mostly never visits.
    PrunedPath,
    /// Every visited state, but invariants prune most states the bound counts (a peg layer
    /// search keeps millions of the billions of positions its bound allows).
    PrunedEvery { bytes_per_state: f64 },
}

impl Keeps {
    /// Whether the bound is far above what the search usually visits: its note is then kept
    /// only when the search was stopped, never said as a forecast.
    pub fn mostly_pruned(self) -> bool {
        matches!(self, Keeps::PrunedPath | Keeps::PrunedEvery { .. })
    }
}

impl SearchSize {
    /// A bound of `states` (past the largest double, set `states_log10` directly).
    pub fn new(states: f64, keeps: Keeps) -> SearchSize {
        SearchSize {
            states_log10: states.log10(),
            keeps,
        }
    }
}
