//! The text of a sweep: the puzzle's title, one row per case (value, status, cost, count, time)
//! and a total line (cases by status, summed costs and counts, wall time).

use super::sweep_case::Case;
use crate::report::duration::human;
use crate::report::pad;
use crate::report::wrap::wrap;
use crate::report::{Report, Status, group_digits};

pub fn table(key: &str, cases: &[Case], wall_ms: f64, width: Option<usize>) -> String {
    let mut out = String::new();
    if let Some(r) = cases.iter().find_map(|c| c.outcome.as_ref().ok()) {
        out.push_str(&format!(
            "{} [{}, objective {}]\n",
            r.puzzle, r.kind, r.objective
        ));
    }
    out.push_str(&format!("sweep of {key}: {} cases\n\n", cases.len()));
    let mut rows = vec![[
        key.to_string(),
        "status".into(),
        "cost".into(),
        "count".into(),
        "time".into(),
    ]];
    rows.extend(cases.iter().map(row));
    let widest = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let w: Vec<usize> = (0..5).map(widest).collect();
    for [value, status, cost, count, time] in &rows {
        let line = format!(
            "{}  {}  {}  {}  {}",
            pad::left(value, w[0]),
            pad::left(status, w[1]),
            pad::right(cost, w[2]),
            pad::right(count, w[3]),
            pad::right(time, w[4])
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push('\n');
    out.push_str(&wrap(&total(cases, wall_ms), width, 0, 2));
    out.push('\n');
    out
}

fn row(case: &Case) -> [String; 5] {
    match &case.outcome {
        Ok(r) => [
            case.value.clone(),
            status_word(r).into(),
            r.cost.map_or("-".into(), |c| group_digits(u128::from(c))),
            r.count.map_or("-".into(), group_digits),
            human(r.stats.elapsed_ms),
        ],
        Err(_) => [
            case.value.clone(),
            "error (see above)".into(),
            "-".into(),
            "-".into(),
            "-".into(),
        ],
    }
}

fn status_word(r: &Report) -> &'static str {
    match r.status {
        Status::Solved => "solved",
        Status::NoSolution => "no solution",
        Status::Counted => "counted",
        Status::Explored => "explored",
        Status::Stopped => "stopped",
    }
}

/// `total: 15 cases: 14 solved, 1 no solution; cost 135; count 1,550; 2.4 s wall`.
fn total(cases: &[Case], wall_ms: f64) -> String {
    let reports: Vec<&Report> = cases
        .iter()
        .filter_map(|c| c.outcome.as_ref().ok())
        .collect();
    let mut parts = Vec::new();
    for word in ["solved", "counted", "explored", "no solution", "stopped"] {
        let n = reports.iter().filter(|r| status_word(r) == word).count();
        if n > 0 {
            parts.push(format!("{n} {word}"));
        }
    }
    let errors = cases.len() - reports.len();
    if errors > 0 {
        parts.push(format!("{errors} with errors"));
    }
    let mut line = format!("total: {} cases: {}", cases.len(), parts.join(", "));
    // A stopped case's cost and count are unproved: the sums take only the finished cases.
    let finished: Vec<&Report> = reports
        .iter()
        .copied()
        .filter(|r| r.status != Status::Stopped)
        .collect();
    let costs: Vec<u128> = finished
        .iter()
        .filter_map(|r| r.cost.map(u128::from))
        .collect();
    if !costs.is_empty() {
        line.push_str(&format!("; cost {}", group_digits(costs.iter().sum())));
    }
    let counts: Vec<u128> = finished.iter().filter_map(|r| r.count).collect();
    if !counts.is_empty() {
        let sum = counts.iter().try_fold(0u128, |a, &b| a.checked_add(b));
        let sum = sum.map_or("more than 2^128".to_string(), group_digits);
        line.push_str(&format!("; count {sum}"));
    }
    if finished.len() < reports.len() && (!costs.is_empty() || !counts.is_empty()) {
        line.push_str(" (finished cases only)");
    }
    line.push_str(&format!("; {} wall", human(wall_ms)));
    line
}
