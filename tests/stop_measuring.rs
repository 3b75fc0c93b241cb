//! A time limit that lands in English 33's move-distance pass, the last part of its `shortest`
//! run. A binary of its own: the limit is found by trial, and the other stop tests running
//! beside it would shift the phases from one trial to the next.

mod common;

use common::run;

/// Where a stopped run stopped, in the order of the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// Growing the layers from the start and the goal.
    Growing,
    /// Tracing the positions on some solution back from the meeting layer.
    TracingPositions,
    /// Measuring move distances: the phase the test looks for.
    Measuring,
    /// Tracing a minimal solution from the distances measured.
    TracingSolution,
    /// Not stopped: the limit passed after the last look, or never.
    Solved,
}

/// What a `shortest` run of English 33 under `limit` seconds ended with. Every outcome is
/// checked for honesty first: a stopped run claims no minimum and shows no solution; a finished
/// one is not marked stopped and has the known 18 moves (Beasley).
fn english33_shortest_under(limit: f64) -> Outcome {
    let limit = format!("{limit:.3}");
    let out = run(&[
        "run",
        "specs/english33.toml",
        "--time-limit",
        &limit,
        "--json",
        "--quiet",
    ]);
    let json = out.json();
    if out.code == 0 {
        // A limit that passed after the last look (while the answer was replayed) leaves the
        // finished, proved answer as it is: solved, not stopped.
        assert_eq!(json["status"], "solved", "{json}");
        assert!(json.get("stopped").is_none(), "{json}");
        assert_eq!(json["cost"], 18, "{json}");
        return Outcome::Solved;
    }
    assert_eq!(out.code, 6, "{}\n{}", out.stdout, out.stderr);
    assert_eq!(json["status"], "stopped", "{json}");
    assert!(json.get("cost").is_none(), "{json}");
    assert!(
        json["solutions"].as_array().is_none_or(Vec::is_empty),
        "{json}"
    );
    let notes = json["notes"].to_string();
    let phases = [
        ("stopped while growing", Outcome::Growing),
        (
            "stopped while tracing the positions",
            Outcome::TracingPositions,
        ),
        ("stopped while measuring", Outcome::Measuring),
        (
            "stopped while tracing a minimal solution",
            Outcome::TracingSolution,
        ),
    ];
    match phases.iter().find(|(note, _)| notes.contains(note)) {
        Some(&(_, phase)) => phase,
        None => panic!("a stopped run names the phase it stopped in: {notes}"),
    }
}

/// The move-distance pass after the layers meet polls the stop request between chunks: a time
/// limit there ends with a report of the positions measured, no minimum claimed. The pass is
/// a tenth or so of the run, whose length depends on the machine's load, so the limit is found
/// by bisection: a stop in an earlier phase raises it, a later stop or a finished run lowers
/// it, until a run stops while measuring (every run on the way is checked as well). When the
/// load changes between runs the bounds may close in on nothing: they are then widened again.
#[test]
fn a_move_distance_pass_cut_short_reports_the_positions_measured_and_claims_no_minimum() {
    let (mut low, mut high) = (0.2f64, None::<f64>);
    let mut limit = 2.0;
    let mut seen = Vec::new();
    for _ in 0..40 {
        let outcome = english33_shortest_under(limit);
        seen.push((limit, outcome));
        match outcome {
            Outcome::Measuring => return,
            later if later > Outcome::Measuring => high = Some(limit),
            _ => low = limit,
        }
        limit = match high {
            Some(h) if h - low < 0.05 => {
                low *= 0.7;
                high = Some(h * 1.4);
                (low + h * 1.4) / 2.0
            }
            Some(h) => (low + h) / 2.0,
            None => limit * 2.0,
        };
    }
    panic!("no time limit landed in the move-distance pass: {seen:?}");
}
