//! The note before a search that is beyond reach: more states to keep than the memory cap holds,
//! or more candidates than hours of work, as the family's bound says. The search still runs (the
//! bound is an upper one, and a goal may come early); the memory cap and the time limit end it
//! with a report of what it found. The note is shown as the search starts (on a terminal) and
//! kept in the report.

use crate::cli::memory::size_words;
use crate::families::family::{Keeps, SearchSize};

/// Candidates a second that a depth-first search may test, for the order of magnitude of a
/// note only.
const CANDIDATES_PER_SECOND_LOG10: f64 = 8.0;
/// A depth-first search this long (in seconds, at the rate above) is worth a note.
const LONG_SEARCH: f64 = 3600.0;

/// The note for a search of `size` under a memory cap of `cap` bytes (0: none), if any.
pub fn warning(size: SearchSize, cap: u64) -> Option<String> {
    let states = size.states_log10;
    match size.keeps {
        Keeps::Every { bytes_per_state } => {
            let need = states + bytes_per_state.log10();
            (cap > 0 && need > (cap as f64).log10()).then(|| {
                format!(
                    "beyond reach: this search may keep up to {} states, about {} of memory, more than the cap of {}; it stops near the cap with a report of what it found (raise the cap with --max-memory, or set --time-limit)",
                    count_words(states),
                    bytes_words(need),
                    size_words(cap as f64),
                )
            })
        }
        Keeps::PrunedEvery { bytes_per_state } => {
            let need = states + bytes_per_state.log10();
            (cap > 0 && need > (cap as f64).log10()).then(|| {
                format!(
                    "a large space: this search may keep up to {} states, about {} of memory if nothing were pruned, more than the cap of {}; its invariants prune most of them in most games, but nothing bounds it better (raise the cap with --max-memory, or set --time-limit)",
                    count_words(states),
                    bytes_words(need),
                    size_words(cap as f64),
                )
            })
        }
        Keeps::Path => long(states).then(|| {
            format!(
                "beyond reach: this search may test up to {} candidates, {} at 100 million a second; --time-limit SECONDS stops it with a report of what it found",
                count_words(states),
                duration_words(states - CANDIDATES_PER_SECOND_LOG10),
            )
        }),
        Keeps::PrunedPath => long(states).then(|| {
            format!(
                "a large space: the domains allow {} candidates, {} at 100 million a second if none were pruned; propagation prunes most of them in most puzzles, but nothing bounds this search better; --time-limit SECONDS stops it with a report of what it found",
                count_words(states),
                duration_words(states - CANDIDATES_PER_SECOND_LOG10),
            )
        }),
    }
}

/// Whether testing 10^`log10` candidates at the rate above takes longer than [`LONG_SEARCH`].
fn long(log10: f64) -> bool {
    log10 - CANDIDATES_PER_SECOND_LOG10 > LONG_SEARCH.log10()
}

/// 10^`log10` in words: "1,234,567"; from 10^15, "1.8e19" (past the largest double too).
fn count_words(log10: f64) -> String {
    if log10 < 15.0 {
        return crate::report::group_digits(10f64.powf(log10).round() as u128);
    }
    let exponent = log10.floor();
    let mantissa = 10f64.powf(log10 - exponent);
    // 9.96 rounds to "10.0": carry it into the exponent.
    if mantissa >= 9.95 {
        format!("1.0e{}", exponent + 1.0)
    } else {
        format!("{mantissa:.1}e{exponent}")
    }
}

/// 10^`log10` bytes in words ("256.0 EiB"); past a thousand EiB, as a power of ten.
fn bytes_words(log10: f64) -> String {
    if log10 < 21.0 {
        size_words(10f64.powf(log10))
    } else {
        format!("{} bytes", count_words(log10))
    }
}

/// 10^`log10` seconds in words: "about 3 hours", "about 12 days", "about 31,710 years",
/// "about 3.2e792 years".
fn duration_words(log10: f64) -> String {
    const UNITS: [(&str, f64); 4] = [
        ("years", 365.25 * 86400.0),
        ("days", 86400.0),
        ("hours", 3600.0),
        ("minutes", 60.0),
    ];
    let (name, size) = UNITS
        .iter()
        .find(|(_, size)| log10 >= size.log10())
        .copied()
        .unwrap_or(("seconds", 1.0));
    let amount = log10 - size.log10();
    let words = if amount < 15.0 {
        count_words(10f64.powf(amount).round().max(1.0).log10())
    } else {
        count_words(amount)
    };
    format!("about {words} {name}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(states: f64) -> SearchSize {
        SearchSize::new(
            states,
            Keeps::Every {
                bytes_per_state: 16.0,
            },
        )
    }

    #[test]
    fn stored_searches_are_compared_with_the_cap() {
        let w = warning(stored(2f64.powi(64)), 1 << 34).unwrap();
        // 2^64 * 16 bytes = 2^68 bytes = 256 EiB; the cap is 16 GiB.
        assert!(w.contains("1.8e19 states, about 256.0 EiB"), "{w}");
        assert!(w.contains("cap of 16.0 GiB"), "{w}");
        assert_eq!(warning(stored(1e6), 1 << 34), None);
        assert_eq!(warning(stored(2f64.powi(64)), 0), None, "no cap");
        // 10^30 states of 16 bytes: 1.6e31 bytes, past the binary units.
        let w = warning(stored(1e30), 1 << 34).unwrap();
        assert!(w.contains("1.0e30 states, about 1.6e31 bytes"), "{w}");
    }

    #[test]
    fn depth_first_searches_are_measured_in_time() {
        // 100^8 = 10^16 candidates at 10^8 a second: 10^8 seconds, about 3 years.
        let w = warning(SearchSize::new(1e16, Keeps::Path), 1 << 34).unwrap();
        assert!(w.contains("1.0e16 candidates, about 3 years"), "{w}");
        assert_eq!(warning(SearchSize::new(1e9, Keeps::Path), 0), None);
        // 10 hours and 10 days.
        let w = warning(SearchSize::new(3.6e12, Keeps::Path), 0).unwrap();
        assert!(
            w.contains("3,600,000,000,000 candidates, about 10 hours"),
            "{w}"
        );
        let w = warning(SearchSize::new(8.64e13, Keeps::PrunedPath), 0).unwrap();
        assert!(
            w.contains("about 10 days at 100 million a second if none were pruned"),
            "{w}"
        );
    }

    #[test]
    fn spaces_past_the_largest_double_are_said_from_their_logarithm() {
        let size = SearchSize {
            states_log10: 800.0,
            keeps: Keeps::PrunedPath,
        };
        let w = warning(size, 0).unwrap();
        // 10^800 / 10^8 s = 10^792 s = 3.17e784 years.
        assert!(w.contains("1.0e800 candidates, about 3.2e784 years"), "{w}");
    }
}
