//! How a listing of covers reads in the report, for both kinds built on exact covers
//! (`exact-cover` and `packing`): the status, the count when every cover was listed, and the
//! notes on a listing with nothing in it or cut at the limit.

use crate::engine::exact_cover::Listing;
use crate::report::{Report, Status};

/// What a listing objective lists: every answer up to `solve.limit` (`all`) or the first, and
/// whether only one per symmetry class (the least of each).
pub struct Listed {
    pub all: bool,
    pub classes: bool,
}

/// The note a listing of one answer per class carries.
pub fn one_per_class(symmetries: usize) -> String {
    if symmetries == 1 {
        return "one answer per class: the puzzle has no symmetry but the identity, so every answer is its own class".into();
    }
    format!(
        "one answer per class under the {symmetries} symmetries (the least of each class); the others are its images"
    )
}

/// Sets the report's status, count and notes from `listing` (`all`: objective all, which counts
/// what it lists; else the first cover). `nothing` is the note when no cover was found. Returns
/// whether a cover was found.
pub fn report_listing(report: &mut Report, listing: &Listing, all: bool, nothing: &str) -> bool {
    if listing.solutions.is_empty() {
        report.status = Status::NoSolution;
        if all && listing.complete {
            report.count = Some(0);
        }
        report.notes.push(nothing.to_string());
        return false;
    }
    report.status = Status::Solved;
    if all {
        if listing.complete {
            report.count = Some(listing.solutions.len() as u128);
        } else if !listing.stopped {
            report.notes.push(format!(
                "listing the first {}; there are more (raise solve.limit, or objective = \"count\" for how many)",
                listing.solutions.len()
            ));
        }
    }
    true
}
