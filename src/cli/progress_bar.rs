//! The progress display of the command line, behind the engine layer's [`Progress`] interface:
//! an indicatif spinner on stderr while the engine only says what it does, a bar with the
//! percentage, the counts (thousands separated) and an ETA once it says how far it is, and its
//! notices printed above either. `--quiet` shows nothing; when stderr is not a terminal only
//! the notices are written.

use crate::engine::Progress;
use crate::engine::progress::ProgressSink;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::Duration;

const SPINNER: &str = "{spinner} {elapsed} {msg}";
const BAR: &str =
    "{spinner} {elapsed} {msg} [{bar:30}] {percent}% {human_pos}/{human_len} {prefix}, ETA {eta}";

struct Display {
    bar: ProgressBar,
    /// The label and total of the bar shown, or None while it is a spinner.
    counting: Mutex<Option<(String, u64)>>,
}

impl Display {
    fn style(&self, template: &str) {
        let style = ProgressStyle::with_template(template)
            .unwrap_or_else(|_| ProgressStyle::default_spinner())
            .progress_chars("=> ");
        self.bar.set_style(style);
    }
}

impl ProgressSink for Display {
    fn message(&self, text: String) {
        if let Ok(mut counting) = self.counting.lock()
            && counting.take().is_some()
        {
            self.style(SPINNER);
        }
        self.bar.set_message(text);
    }

    fn position(&self, label: &str, done: u64, total: u64) {
        let Ok(mut counting) = self.counting.lock() else {
            return;
        };
        let same = matches!(&*counting, Some((l, t)) if l == label && *t == total);
        if !same {
            // A new count: restart the bar (and its ETA) from here.
            self.style(BAR);
            self.bar.set_prefix(label.to_string());
            self.bar.set_length(total);
            self.bar.reset();
            *counting = Some((label.to_string(), total));
        }
        self.bar.set_position(done);
    }

    fn notice(&self, text: String) {
        self.bar.println(format!("note: {text}"));
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// Only the notices, written to stderr (which is not a terminal: no display to draw).
struct NoticesOnly;

impl ProgressSink for NoticesOnly {
    fn message(&self, _: String) {}

    fn notice(&self, text: String) {
        // A closed stderr loses the remark, nothing more.
        let _ = writeln!(std::io::stderr(), "note: {text}");
    }

    fn finish(&self) {}
}

/// A spinner (a bar when the engine says how far it is) on stderr; nothing when `quiet`; only
/// the notices when stderr is not a terminal.
pub fn spinner(quiet: bool) -> Progress {
    if quiet {
        return Progress::hidden();
    }
    if !std::io::stderr().is_terminal() {
        return Progress::to(NoticesOnly);
    }
    let display = Display {
        bar: ProgressBar::new_spinner(),
        counting: Mutex::new(None),
    };
    display.style(SPINNER);
    display.bar.enable_steady_tick(Duration::from_millis(120));
    Progress::to(display)
}
