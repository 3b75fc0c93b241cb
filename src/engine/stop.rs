//! A request to end a search early: the time limit, Ctrl-C, or memory running short. Whoever
//! notices (a timer, the signal handler, the allocator) calls [`request`]; engines poll
//! [`requested`] where they already report progress (once per layer, or every few thousand
//! states) and return what they have. The caller then marks its report as stopped when a search
//! heeded the request ([`heeded`]), so a search cut short is never shown as "no solution" or as a
//! complete count, and one that finished its work before it looked again (the request came while
//! its answer was replayed or printed) keeps the answer it proved.
//!
//! The request is process-wide (a signal handler and the global allocator cannot be handed a
//! value), and the first request wins: its reason is the one reported.

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering::Relaxed};

/// Why a search was stopped before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopReason {
    /// The user pressed Ctrl-C.
    Interrupted,
    /// `--time-limit` / `solve.time_limit` passed.
    TimeLimit,
    /// Memory in use came close to the cap (`--max-memory`).
    MemoryLimit,
}

/// The request and whether a search saw it. One process-wide instance, [`REQUESTS`]; the
/// functions below act on it.
struct Requests {
    /// The first request's reason code, 0 while none came.
    reason: AtomicU8,
    /// Set when a search saw the request: from then on what it returns may be cut short. Kept
    /// apart from the request, which may come after the search's last look.
    heeded: AtomicBool,
}

static REQUESTS: Requests = Requests::new();

impl Requests {
    const fn new() -> Requests {
        Requests {
            reason: AtomicU8::new(0),
            heeded: AtomicBool::new(false),
        }
    }

    fn request(&self, reason: StopReason) {
        let _ = self
            .reason
            .compare_exchange(0, reason.code(), Relaxed, Relaxed);
    }

    #[inline]
    fn pending(&self) -> Option<StopReason> {
        StopReason::from_code(self.reason.load(Relaxed))
    }

    #[inline]
    fn requested(&self) -> Option<StopReason> {
        let reason = self.pending();
        if reason.is_some() {
            self.heeded.store(true, Relaxed);
        }
        reason
    }

    fn heed(&self, reason: StopReason) {
        self.request(reason);
        self.heeded.store(true, Relaxed);
    }

    fn heeded(&self) -> Option<StopReason> {
        self.heeded.load(Relaxed).then(|| self.pending()).flatten()
    }
}

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
    REQUESTS.request(reason);
}

/// Whether a stop was requested, and why, for a search that acts on the answer: a request seen
/// is recorded as heeded. One atomic load while none came: cheap enough for a search to poll
/// every few thousand states.
#[inline]
pub fn requested() -> Option<StopReason> {
    REQUESTS.requested()
}

/// Whether a stop was requested, and why, without heeding it (for the signal handler).
pub fn pending() -> Option<StopReason> {
    REQUESTS.pending()
}

/// Asks the search to stop and records it as heeded, for a search that stops itself (a
/// reservation the memory cap refused) rather than learning of the request by polling.
pub fn heed(reason: StopReason) {
    REQUESTS.heed(reason);
}

/// The request's reason once some search heeded it: what that search returned may be cut short.
/// None while no search saw a request, even if one came after the search's last look. The mark
/// is process-wide: in a sweep a case that finished while another heeded the request counts as
/// stopped as well (it may be claimed incomplete, never claimed complete wrongly).
pub fn heeded() -> Option<StopReason> {
    REQUESTS.heeded()
}

/// For loops that count their work: true every 4,096th step when a stop was requested (a step
/// may expand a state with a hundred successors, so the check stays well under a millisecond
/// apart, and one atomic load per 4,096 steps costs nothing measurable).
#[inline]
pub fn poll(step: usize) -> bool {
    step & 0xFFF == 0 && requested().is_some()
}

/// For loops whose steps differ much in size (a state of 64 water jugs has 4,160 successors):
/// counts the work done (states expanded and successors made) and looks at the request every
/// 16,384 units, so a stop is heeded within milliseconds whatever a step costs.
#[derive(Debug, Default)]
pub struct Ticker {
    work: usize,
}

impl Ticker {
    /// Adds `units` of work; true when a look at the request found one.
    #[inline]
    pub fn tick(&mut self, units: usize) -> bool {
        self.work += units;
        if self.work < 1 << 14 {
            return false;
        }
        self.work = 0;
        requested().is_some()
    }
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

    #[test]
    fn a_request_counts_as_heeded_only_once_a_search_saw_it() {
        let r = Requests::new();
        assert_eq!((r.pending(), r.heeded()), (None, None));
        assert_eq!(r.requested(), None);
        assert_eq!(r.heeded(), None, "a look before any request heeds nothing");
        r.request(StopReason::TimeLimit);
        assert_eq!(r.pending(), Some(StopReason::TimeLimit));
        assert_eq!(r.heeded(), None, "a request no search saw stops nothing");
        assert_eq!(r.requested(), Some(StopReason::TimeLimit));
        assert_eq!(r.heeded(), Some(StopReason::TimeLimit));
        r.request(StopReason::Interrupted);
        assert_eq!(
            r.heeded(),
            Some(StopReason::TimeLimit),
            "the first request wins"
        );
    }

    #[test]
    fn a_search_that_stops_itself_has_heeded_its_request() {
        let r = Requests::new();
        r.heed(StopReason::MemoryLimit);
        assert_eq!(r.heeded(), Some(StopReason::MemoryLimit));
    }
}
