//! One case of a sweep and its exit code: what the sweep collects and its table shows.

use crate::cli::outcome::{error_code, report_code};
use crate::diagnostic::Diagnostic;
use crate::report::Report;

/// One case: its value and the solve's report or diagnostic.
pub struct Case {
    /// The case's place in the sweep (from 0).
    pub index: usize,
    pub value: String,
    pub outcome: Result<Report, Diagnostic>,
}

impl Case {
    pub fn code(&self) -> u8 {
        match &self.outcome {
            Ok(report) => report_code(report),
            Err(d) => error_code(d),
        }
    }
}
