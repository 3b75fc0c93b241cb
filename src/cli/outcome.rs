//! The exit code of a run's outcome, and a failure printed: shared by `app`, `check` and
//! `--sweep`.

use crate::cli::exit;
use crate::cli::{color, output, stop_signals};
use crate::diagnostic::Diagnostic;
use crate::report::{self, Report, Status};
use std::process::ExitCode;

/// The exit code of a finished solve: 1 when it proved there is no solution; a stopped search's
/// code says why it stopped.
pub fn report_code(report: &Report) -> u8 {
    match (report.status, report.stopped) {
        (Status::Stopped, Some(reason)) => stop_signals::exit_code(reason),
        (Status::NoSolution, _) => exit::NO_SOLUTION,
        _ => exit::OK,
    }
}

/// The exit code of one part of a split run (`--shard K/N`) from the code it would have alone:
/// a part that finished with nothing found is complete, not a proof that the whole has no
/// solution (that is for `merge` to say), so it exits 0 and a batch engine's "after the array
/// succeeded" dependency still fires.
pub fn part_code(code: u8) -> u8 {
    match code {
        exit::NO_SOLUTION => exit::OK,
        code => code,
    }
}

/// The exit code of a diagnostic: internal faults apart from bad input.
pub fn error_code(d: &Diagnostic) -> u8 {
    if d.internal {
        exit::INTERNAL
    } else {
        exit::BAD_INPUT
    }
}

/// Prints the diagnostic (and its JSON form with `--json`) and gives its exit code.
pub fn fail(d: &Diagnostic, json: bool) -> ExitCode {
    output::stderr(&d.render(color::stderr()));
    let code = error_code(d);
    if !json {
        return ExitCode::from(code);
    }
    output::finish(
        output::stdout(&format!("{}\n", report::json::error(d))),
        code,
    )
}
