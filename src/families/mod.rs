//! Puzzle families: one module per `kind`. A family reads its spec into a checked puzzle model
//! and solves it with the engines; it knows nothing of printing (it returns a report).
//! Adding a kind means one module (whose [`Family`] gives its starter, doc page and example) and
//! one line in [`FAMILIES`], the one list of kinds: `puzzlespec new`, the tests and the checks
//! of the schemas and fuzz seeds (tests/kinds.rs) all read it.

pub mod alphametic;
pub mod codebreaker;
pub mod exact_cover;
pub mod family;
pub mod komachi;
pub mod n_queens;
pub mod packing;
pub mod peg_solitaire;
pub mod plan;
pub mod rules;
pub mod search;
pub mod sliding_blocks;
pub mod sliding_tiles;
pub mod state_space;
pub mod water_jugs;

use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;
use family::{Family, Puzzle};

/// Every kind, in the order `puzzlespec new` lists them. A kind also needs
/// `docs/schema/KIND.json` and a seed in tests/fuzz_front_end.rs: tests/kinds.rs fails without.
pub static FAMILIES: &[&dyn Family] = &[
    &water_jugs::WaterJugs,
    &peg_solitaire::PegSolitaire,
    &sliding_tiles::SlidingTiles,
    &alphametic::Alphametic,
    &komachi::Komachi,
    &search::Search,
    &n_queens::NQueens,
    &codebreaker::Codebreaker,
    &rules::RulesFamily,
    &sliding_blocks::SlidingBlocks,
    &packing::Packing,
    &exact_cover::ExactCover,
];

/// The family of `doc`, or an error at its `kind` naming the known kinds.
pub fn family_of(doc: &SpecDocument) -> Result<&'static dyn Family, Diagnostic> {
    let kind = doc.puzzle.kind.get_ref();
    if let Some(f) = FAMILIES.iter().find(|f| f.kind() == kind) {
        return Ok(*f);
    }
    let kinds: Vec<&str> = FAMILIES.iter().map(|f| f.kind()).collect();
    let mut help = format!("the known kinds are: {}", kinds.join(", "));
    if let Some(near) = crate::spec::closest(kind, &kinds) {
        help = format!("did you mean `{near}`? {help}");
    }
    Err(doc
        .error(doc.puzzle.kind.span(), format!("unknown kind `{kind}`"))
        .label("no family has this kind")
        .help(help))
}

/// Loads the puzzle of a document: picks the family and lets it validate the spec.
pub fn load(doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
    family_of(doc)?.load(doc)
}
