//! What a search will cost, said before it starts: counts and listings of n queens grow about
//! tenfold per queen, so a count that takes a second at n = 16 takes days at n = 22. The number
//! of placements on an empty board is known (OEIS A000170, n = 1..=27); the CPU time of each
//! counting engine per placement was measured at n = 16 (docs/n-queens.md, Benchmarks) and grows
//! slowly with n, so the estimates below are on the low side.

use super::plan::Plan;
use crate::report::group_digits;

/// OEIS A000170: placements of n queens on an empty n x n board, n = 1..=27.
const A000170: [u64; 27] = [
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2_680,
    14_200,
    73_712,
    365_596,
    2_279_184,
    14_772_512,
    95_815_104,
    666_090_624,
    4_968_057_848,
    39_029_188_884,
    314_666_222_712,
    2_691_008_701_644,
    24_233_937_684_440,
    227_514_171_973_736,
    2_207_893_435_808_352,
    22_317_699_616_364_044,
    234_907_967_154_122_528,
];

/// Counts estimated above this much CPU are refused (the answer is given instead).
const MAX_CPU_SECONDS: f64 = 12.0 * 3600.0;
/// Counts estimated above this much CPU are announced before they start.
const LONG_CPU_SECONDS: f64 = 60.0;
/// Past this size the first placement in row order is erratic to find by backtracking (n = 32:
/// about 2 s; several n from 40 up: hours).
const ERRATIC_FIRST: usize = 32;

/// The number of placements of n queens on an empty board, when known.
pub fn known_placements(n: usize) -> Option<u64> {
    n.checked_sub(1).and_then(|i| A000170.get(i)).copied()
}

/// How long a solve will take, as far as can be said before it starts.
#[derive(Debug, Clone, PartialEq)]
pub enum Reach {
    /// Seconds at most, or nothing known worth saying.
    Quick,
    /// Long but within reach: the sentence to show before starting.
    Long(String),
    /// Too long to start: the sentence saying what it would take.
    Beyond(String),
}

/// The reach of `plan` on a board of `n`, `empty` or not (given queens cut a count by an
/// unknown factor, so nothing is said of it).
pub fn reach(plan: &Plan, n: usize, empty: bool) -> Reach {
    match plan {
        Plan::Count if !empty => Reach::Quick,
        Plan::Count => count_reach(n, 4.1e-7),
        Plan::CountMirrored => count_reach(n, 2.0e-7),
        Plan::CountClasses { .. } => count_reach(n, 9.0e-8),
        Plan::List { .. } | Plan::First if n > ERRATIC_FIRST => Reach::Long(format!(
            "backtracking in row order finds the first placements of {n} queens erratically \
             (32 queens: about 2 s; some boards from 40 on: hours); objective = \"any\" places \
             one at once"
        )),
        _ => Reach::Quick,
    }
}

/// A count that walks about `seconds_each` of CPU per placement.
fn count_reach(n: usize, seconds_each: f64) -> Reach {
    let Some(total) = known_placements(n) else {
        let last = group_digits(u128::from(A000170[A000170.len() - 1]));
        return Reach::Beyond(format!(
            "{n} queens have more placements than 27 queens ({last}): centuries of CPU to count"
        ));
    };
    let cpu = total as f64 * seconds_each;
    let what = format!(
        "{n} queens have {} placements (OEIS A000170): counting them takes about {} of CPU ({} on two cores)",
        group_digits(u128::from(total)),
        duration(cpu),
        duration(cpu / 2.0)
    );
    if cpu > MAX_CPU_SECONDS {
        Reach::Beyond(what)
    } else if cpu > LONG_CPU_SECONDS {
        Reach::Long(what)
    } else {
        Reach::Quick
    }
}

/// "40 s", "12 min", "7.9 h", "3.2 days", "41 years".
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7200.0 => format!("{:.0} min", s / 60.0),
        s if s < 48.0 * 3600.0 => format!("{:.1} h", s / 3600.0),
        s if s < 365.0 * 86400.0 => format!("{:.1} days", s / 86400.0),
        s => format!("{:.0} years", s / (365.0 * 86400.0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_up_to_19_start_and_from_22_are_refused() {
        let plan = Plan::CountClasses { unique: false };
        assert_eq!(reach(&plan, 17, true), Reach::Quick);
        assert!(matches!(reach(&plan, 19, true), Reach::Long(_)));
        assert!(matches!(reach(&plan, 21, true), Reach::Long(_)));
        assert!(matches!(reach(&plan, 22, true), Reach::Beyond(_)));
        assert!(matches!(reach(&plan, 40, true), Reach::Beyond(_)));
        assert_eq!(reach(&Plan::Count, 40, false), Reach::Quick);
        assert!(matches!(reach(&Plan::Count, 21, true), Reach::Beyond(_)));
        let list = Plan::List { limit: 100 };
        assert_eq!(reach(&list, 32, true), Reach::Quick);
        assert!(matches!(reach(&list, 40, true), Reach::Long(_)));
    }

    #[test]
    fn durations_read_naturally() {
        assert_eq!(duration(40.0), "40 s");
        assert_eq!(duration(720.0), "12 min");
        assert_eq!(duration(28_000.0), "7.8 h");
        assert_eq!(duration(3.0 * 86400.0), "3.0 days");
    }
}
