//! The progress display of the command line: an indicatif spinner on stderr behind the engine
//! layer's [`Progress`] interface.

use crate::engine::Progress;
use crate::engine::progress::ProgressSink;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

struct Spinner(ProgressBar);

impl ProgressSink for Spinner {
    fn message(&self, text: String) {
        self.0.set_message(text);
    }

    fn finish(&self) {
        self.0.finish_and_clear();
    }
}

/// A spinner on stderr, unless `quiet` or stderr is not a terminal.
pub fn spinner(quiet: bool) -> Progress {
    if quiet || !std::io::stderr().is_terminal() {
        return Progress::hidden();
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {elapsed} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(Duration::from_millis(120));
    Progress::to(Spinner(bar))
}
