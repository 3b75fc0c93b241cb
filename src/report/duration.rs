//! Durations as people read them in text reports: `38 ms`, `2.4 s`, `1 min 12 s`. JSON keeps
//! milliseconds as numbers.

/// A duration given in milliseconds, with about two significant digits below a minute.
pub fn human(ms: f64) -> String {
    if !ms.is_finite() || ms < 0.0 {
        return "-".to_string();
    }
    // Each bound is where the rounding would reach the next range (0.996 ms prints as 1.0 ms).
    if ms < 0.995 {
        return format!("{ms:.2} ms");
    }
    if ms < 9.95 {
        return format!("{ms:.1} ms");
    }
    if ms < 999.5 {
        return format!("{ms:.0} ms");
    }
    let secs = ms / 1e3;
    if secs < 9.95 {
        return format!("{secs:.1} s");
    }
    if secs < 59.5 {
        return format!("{secs:.0} s");
    }
    let whole = secs.round() as u64;
    let (hours, minutes, seconds) = (whole / 3600, whole / 60 % 60, whole % 60);
    if hours > 0 {
        return format!("{hours} h {minutes} min");
    }
    format!("{minutes} min {seconds} s")
}

#[cfg(test)]
mod tests {
    use super::human;

    #[test]
    fn each_range_has_its_unit() {
        assert_eq!(human(0.042), "0.04 ms");
        assert_eq!(human(4.25), "4.2 ms");
        assert_eq!(human(0.996), "1.0 ms");
        assert_eq!(human(9.96), "10 ms");
        assert_eq!(human(38.4), "38 ms");
        assert_eq!(human(999.4), "999 ms");
        assert_eq!(human(999.6), "1.0 s");
        assert_eq!(human(2_412.0), "2.4 s");
        assert_eq!(human(42_695.856), "43 s");
        assert_eq!(human(72_300.0), "1 min 12 s");
        assert_eq!(human(3_725_000.0), "1 h 2 min");
        assert_eq!(human(f64::NAN), "-");
    }
}
