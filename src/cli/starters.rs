//! `puzzlespec new KIND`: a commented starter spec of each kind, to copy and edit. The texts are
//! each family's `starter.toml`, so they read (and are tested) as the specs they are.

use super::output;
use crate::cli::exit;
use crate::families::FAMILIES;
use std::process::ExitCode;

/// The starter of `kind`, if there is one: each family holds its own (see [`crate::families::family::Family::starter`]).
pub fn starter(kind: &str) -> Option<&'static str> {
    FAMILIES
        .iter()
        .find(|f| f.kind() == kind)
        .map(|f| f.starter())
}

/// Prints the starter of `kind`; without a kind, the kinds (exit 0); an unknown kind is an
/// error naming them (exit 2).
pub fn command(kind: Option<&str>) -> ExitCode {
    let kinds: Vec<&str> = FAMILIES.iter().map(|f| f.kind()).collect();
    let Some(kind) = kind else {
        let text = format!(
            "kinds: {}\nprint a starter spec with `puzzlespec new KIND > my-puzzle.toml`\n",
            kinds.join(", ")
        );
        return output::finish(output::stdout(&text), exit::OK);
    };
    match starter(kind) {
        Some(text) => output::finish(output::stdout(text), exit::OK),
        None => {
            let near = crate::spec::closest(kind, &kinds)
                .map(|k| format!(" (did you mean `{k}`?)"))
                .unwrap_or_default();
            output::stderr(&format!(
                "error: no starter for kind `{kind}`{near}\n  help: the kinds are: {}\n",
                kinds.join(", ")
            ));
            ExitCode::from(exit::BAD_INPUT)
        }
    }
}
