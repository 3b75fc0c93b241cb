//! `puzzlespec new KIND`: a commented starter spec of each kind, to copy and edit. The texts are
//! files under `starters/`, so they read (and are tested) as the specs they are.

use super::output;
use crate::cli::exit;
use std::process::ExitCode;

/// Each kind and its starter spec.
pub const STARTERS: [(&str, &str); 11] = [
    ("water-jugs", include_str!("starters/water-jugs.toml")),
    ("peg-solitaire", include_str!("starters/peg-solitaire.toml")),
    ("sliding-tiles", include_str!("starters/sliding-tiles.toml")),
    ("alphametic", include_str!("starters/alphametic.toml")),
    ("komachi", include_str!("starters/komachi.toml")),
    ("search", include_str!("starters/search.toml")),
    ("n-queens", include_str!("starters/n-queens.toml")),
    ("codebreaker", include_str!("starters/codebreaker.toml")),
    ("rules", include_str!("starters/rules.toml")),
    (
        "sliding-blocks",
        include_str!("starters/sliding-blocks.toml"),
    ),
    ("packing", include_str!("starters/packing.toml")),
];

/// The starter of `kind`, if there is one.
pub fn starter(kind: &str) -> Option<&'static str> {
    STARTERS
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, text)| *text)
}

/// Prints the starter of `kind`; without a kind, the kinds (exit 0); an unknown kind is an
/// error naming them (exit 2).
pub fn command(kind: Option<&str>) -> ExitCode {
    let kinds: Vec<&str> = STARTERS.iter().map(|(k, _)| *k).collect();
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
