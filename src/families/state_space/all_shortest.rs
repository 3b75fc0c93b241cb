//! What a search for every shortest solution tells the report, the same for every move-puzzle
//! family (water jugs, sliding blocks, rules): the status, the length and count, and a note when
//! the listing was cut at `solve.limit`.

use crate::report::{Report, Status};

/// Records an all-shortest outcome: `length` of the shortest solutions (None: the goal is
/// unreachable), their `count`, how many were `listed`, and whether only the count was asked.
pub fn record(
    report: &mut Report,
    length: Option<usize>,
    count: u128,
    listed: usize,
    counting: bool,
) {
    let Some(length) = length else {
        report.status = Status::NoSolution;
        return;
    };
    report.cost = Some(length as u64);
    report.count = Some(count);
    // A listing cut to nothing (solve.limit = 0) still found solutions: the count says how many.
    report.status = if counting {
        Status::Counted
    } else {
        Status::Solved
    };
    if !counting && count > listed as u128 {
        report.notes.push(format!(
            "listing {listed} of {count} shortest solutions (raise solve.limit for more)"
        ));
    }
}
