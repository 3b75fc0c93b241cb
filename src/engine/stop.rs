//! A request to end a search early: the time limit, Ctrl-C, or memory running short. Whoever
//! notices (a timer, the signal handler, the allocator) calls [`request`]; engines poll
//! [`requested`] where they already report progress (once per layer, or every few thousand
//! states) and return what they have. The caller then marks its report as stopped, so a search
//! cut short is never shown as "no solution" or as a complete count.
//!
//! The request is process-wide (a signal handler and the global allocator cannot be handed a
//! value), and the first request wins: its reason is the one reported.

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// Why a search was stopped before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopReason {
    /// The user pressed Ctrl-C.
    Interrupted,
    /// `--time-limit` / `solve.time_limit` passed.
    TimeLimit,
    /// Memory in use came close to the cap (`--max-memory`).
    MemoryLimit,
}

static REQUESTED: AtomicU8 = AtomicU8::new(0);

impl StopReason {
    fn code(self) -> u8 {
        match self {
            StopReason::Interrupted => 1,
            StopReason::TimeLimit => 2,
            StopReason::MemoryLimit => 3,
        }
    }

    fn from_code(code: u8) -> Option<StopReason> {
        match code {
            1 => Some(StopReason::Interrupted),
            2 => Some(StopReason::TimeLimit),
            3 => Some(StopReason::MemoryLimit),
            _ => None,
        }
    }
}

/// Asks every running search to stop; a later request with another reason changes nothing.
pub fn request(reason: StopReason) {
    let _ = REQUESTED.compare_exchange(0, reason.code(), Relaxed, Relaxed);
}

/// Whether a stop was requested, and why. One atomic load: cheap enough for a search to poll
/// every few thousand states.
#[inline]
pub fn requested() -> Option<StopReason> {
    StopReason::from_code(REQUESTED.load(Relaxed))
}

/// For loops that count their work: true every 4,096th step when a stop was requested (a step
/// may expand a state with a hundred successors, so the check stays well under a millisecond
/// apart, and one atomic load per 4,096 steps costs nothing measurable).
#[inline]
pub fn poll(step: usize) -> bool {
    step & 0xFFF == 0 && requested().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for r in [
            StopReason::Interrupted,
            StopReason::TimeLimit,
            StopReason::MemoryLimit,
        ] {
            assert_eq!(StopReason::from_code(r.code()), Some(r));
        }
        assert_eq!(StopReason::from_code(0), None);
    }
}
