//! The warning before a search that is beyond reach: more states to keep than the memory cap
//! holds, or more candidates than hours of work, as the family's bound says. The search still
//! runs (the bound is an upper one, and a goal may come early); the memory cap and the time limit
//! end it with a report of what it found.

use crate::cli::memory::size_words;
use crate::families::SearchSize;

/// Candidates a second that a depth-first search may test, for the order of magnitude of a
/// warning only.
const CANDIDATES_PER_SECOND: f64 = 1e8;
/// A depth-first search this long (in seconds, at the rate above) is worth a warning.
const LONG_SEARCH: f64 = 3600.0;

/// The warning for a search of `size` under a memory cap of `cap` bytes (0: none), if any.
pub fn warning(size: SearchSize, cap: u64) -> Option<String> {
    match size.bytes_per_state {
        Some(per_state) => {
            let need = size.states * per_state;
            (cap > 0 && need > cap as f64).then(|| {
                format!(
                    "warning: this search may keep up to {} states, about {} of memory, more than the cap of {}; it stops near the cap with a report of what it found (raise the cap with --max-memory, or set --time-limit)\n",
                    count_words(size.states),
                    size_words(need),
                    size_words(cap as f64),
                )
            })
        }
        None => {
            let seconds = size.states / CANDIDATES_PER_SECOND;
            (seconds > LONG_SEARCH).then(|| {
                format!(
                    "warning: this search may test up to {} candidates, {} at 100 million a second; --time-limit SECONDS stops it with a report of what it found\n",
                    count_words(size.states),
                    duration_words(seconds),
                )
            })
        }
    }
}

/// 1234567 -> "1,234,567"; past 10^15, "1.8e19".
fn count_words(n: f64) -> String {
    if n < 1e15 {
        crate::report::group_digits(n.round() as u128)
    } else {
        format!("{n:.1e}")
    }
}

/// "about 3 hours", "about 12 days", "about 31,710 years".
fn duration_words(seconds: f64) -> String {
    const UNITS: [(&str, f64); 4] = [
        ("years", 365.25 * 86400.0),
        ("days", 86400.0),
        ("hours", 3600.0),
        ("minutes", 60.0),
    ];
    let (name, size) = UNITS
        .iter()
        .find(|(_, size)| seconds >= *size)
        .copied()
        .unwrap_or(("seconds", 1.0));
    format!("about {} {name}", count_words((seconds / size).round()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_searches_are_compared_with_the_cap() {
        let size = SearchSize {
            states: 2f64.powi(64),
            bytes_per_state: Some(16.0),
        };
        let w = warning(size, 1 << 34).unwrap();
        // 2^64 * 16 bytes = 2^68 bytes = 256 EiB; the cap is 16 GiB.
        assert!(w.contains("1.8e19 states, about 256.0 EiB"), "{w}");
        assert!(w.contains("cap of 16.0 GiB"), "{w}");
        assert_eq!(
            warning(
                SearchSize {
                    states: 1e6,
                    ..size
                },
                1 << 34
            ),
            None
        );
        assert_eq!(warning(size, 0), None, "no cap, nothing to compare");
    }

    #[test]
    fn depth_first_searches_are_measured_in_time() {
        // 100^8 = 10^16 candidates at 10^8 a second: 10^8 seconds, about 3 years.
        let size = SearchSize {
            states: 1e16,
            bytes_per_state: None,
        };
        let w = warning(size, 1 << 34).unwrap();
        assert!(w.contains("1.0e16 candidates, about 3 years"), "{w}");
        assert_eq!(
            warning(
                SearchSize {
                    states: 1e9,
                    ..size
                },
                0
            ),
            None
        );
    }
}
