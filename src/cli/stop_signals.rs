//! What cuts a run short from outside the search: the time limit (`--time-limit`,
//! `solve.time_limit`) and Ctrl-C. Both ask the engines to stop (`crate::engine::stop`), so the
//! run ends with a report of what was found so far. A search that does not poll the request
//! (some of the families' own searches) gets a short grace period; then the process ends with a
//! message and the documented exit code, so a limit never passes silently and Ctrl-C always works.

use crate::cli::exit;
use crate::cli::output;
use crate::engine::stop::{self, StopReason};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

/// How long a search has, once asked to stop, to return what it has.
const GRACE: Duration = Duration::from_secs(2);

/// True from the start of a search until its report is ready to print: only then may the grace
/// period end the process.
static SEARCHING: AtomicBool = AtomicBool::new(false);

/// The exit code of a run stopped for `reason` (documented in the README).
pub fn exit_code(reason: StopReason) -> u8 {
    match reason {
        StopReason::Interrupted => exit::INTERRUPTED,
        StopReason::TimeLimit => exit::TIME_LIMIT,
        StopReason::MemoryLimit => exit::MEMORY,
    }
}

/// A search starts: Ctrl-C and the time limit (if any) now stop it.
pub fn search_started(time_limit: Option<Duration>) {
    SEARCHING.store(true, Relaxed);
    install_ctrl_c();
    if let Some(limit) = time_limit {
        // If the thread cannot be started, the search runs without a limit: say so.
        let started = std::thread::Builder::new()
            .name("time-limit".into())
            .spawn(move || {
                std::thread::sleep(limit);
                stop_now(StopReason::TimeLimit);
            });
        if started.is_err() {
            output::stderr(
                "warning: the time limit could not be set (no thread); running without it\n",
            );
        }
    }
}

/// The search returned: its report is printed whatever the limits say from here on.
pub fn search_finished() {
    SEARCHING.store(false, Relaxed);
}

/// Asks the search to stop; if it still runs after the grace period, ends the process.
fn stop_now(reason: StopReason) {
    stop::request(reason);
    std::thread::sleep(GRACE);
    if SEARCHING.load(Relaxed) {
        let why = match reason {
            StopReason::Interrupted => "interrupted (Ctrl-C)",
            StopReason::TimeLimit => "time limit reached",
            StopReason::MemoryLimit => "memory limit reached",
        };
        output::stderr(&format!(
            "\n{why}: this engine cannot stop part-way, so there is no report of what it found\n"
        ));
        std::process::exit(i32::from(exit_code(reason)));
    }
}

/// Ctrl-C asks the search to stop (the report follows); a second Ctrl-C ends at once.
fn install_ctrl_c() {
    let result = ctrlc::set_handler(|| {
        if stop::pending() == Some(StopReason::Interrupted) {
            output::stderr("\ninterrupted again: ending at once\n");
            std::process::exit(i32::from(exit::INTERRUPTED));
        }
        // The handler runs on its own thread; the grace period must not block a second Ctrl-C.
        let _ = std::thread::Builder::new().spawn(|| stop_now(StopReason::Interrupted));
    });
    // Already installed (a second search in one process) or no signal support: Ctrl-C keeps
    // its default meaning, which ends the process; nothing to report.
    let _ = result;
}
