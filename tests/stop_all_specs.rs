//! Every shipped spec (specs/*.toml, not specs/heavy) cut short by a time limit from a
//! microsecond to half a second, and some by Ctrl-C: only the documented outcomes (README, exit
//! codes) — 0 finished, 1 proved no solution (only where the spec has none), 6 or 130 with a
//! `stopped` report that claims no proof — and never 3 (internal error) or a panic, a signal or
//! a hang (issue 51).

mod common;

use serde_json::Value;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const LIMITS: [f64; 4] = [0.000_001, 0.003, 0.05, 0.5];

fn shipped_specs() -> Vec<String> {
    let mut specs: Vec<String> = std::fs::read_dir("specs")
        .expect("specs/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| p.display().to_string())
        .collect();
    specs.sort();
    specs
}

/// Whether a JSON report (or a sweep's array of rows) says it was stopped.
fn says_stopped(doc: &Value) -> bool {
    match doc {
        Value::Array(rows) => rows.iter().any(says_stopped),
        // A case of a sweep or of `solve.cases` holds its report under `result`.
        Value::Object(_) if doc.get("result").is_some() => says_stopped(&doc["result"]),
        _ => doc["status"] == "stopped" || doc["stopped"].is_string(),
    }
}

/// Runs `spec` with `extra`, sending SIGINT after `interrupt` if given: exit code, stdout,
/// stderr and the wall time.
fn run(spec: &str, extra: &[&str], interrupt: Option<Duration>) -> (i32, String, String, Duration) {
    let t0 = Instant::now();
    let child = Command::new(env!("CARGO_BIN_EXE_puzzlespec"))
        .args(["run", spec, "--json", "--quiet"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    if let Some(after) = interrupt {
        std::thread::sleep(after);
        let _ = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status();
    }
    let out = child.wait_with_output().expect("the run ends");
    let code = out.status.code().unwrap_or(-1);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (code, text(&out.stdout), text(&out.stderr), t0.elapsed())
}

/// One cut-short run's outcome checked; a "no solution" is checked against the spec run to
/// the end (exit 1 there too).
fn check(spec: &str, how: &str, (code, stdout, stderr, wall): (i32, String, String, Duration)) {
    let at = format!("{spec} {how}: exit {code}, {wall:?}\n{stderr}");
    assert!(matches!(code, 0 | 1 | 6 | 130), "{at}");
    assert!(!stderr.contains("panicked"), "{at}");
    assert!(wall < Duration::from_secs(30), "{at}");
    let doc: Value = serde_json::from_str(&stdout).unwrap_or(Value::Null);
    match code {
        6 | 130 => {
            assert!(says_stopped(&doc), "{at}\n{stdout}");
            // What only a finished search may say (tests/search.rs and tests/alphametic.rs see
            // these words on searches that did finish).
            assert!(
                !stdout.contains("exhaustive search"),
                "{at}: a stop claimed a proof\n{stdout}"
            );
        }
        1 => {
            assert!(!says_stopped(&doc), "{at}");
            let (full, ..) = run(spec, &[], None);
            assert_eq!(full, 1, "{at}: a stop said no solution");
        }
        _ => assert!(!says_stopped(&doc), "{at}"),
    }
}

#[test]
fn every_shipped_spec_stops_only_as_documented() {
    let specs = shipped_specs();
    assert!(specs.len() > 20, "{specs:?}");
    let jobs: Vec<(String, Option<f64>, Option<Duration>)> = specs
        .iter()
        .enumerate()
        .flat_map(|(i, spec)| {
            let mut jobs = vec![
                (spec.clone(), Some(LIMITS[i % 4]), None),
                (spec.clone(), Some(LIMITS[(i + 1) % 4]), None),
            ];
            if i % 3 == 0 {
                let after = Duration::from_millis([20, 80, 200][i / 3 % 3]);
                jobs.push((spec.clone(), None, Some(after)));
            }
            jobs
        })
        .collect();
    let queue = Mutex::new(jobs);
    std::thread::scope(|s| {
        for _ in 0..3 {
            s.spawn(|| {
                while let Some((spec, limit, interrupt)) = queue.lock().unwrap().pop() {
                    let limit_text = limit.map(|l| l.to_string());
                    let extra: Vec<&str> = match &limit_text {
                        Some(l) => vec!["--time-limit", l],
                        None => vec![],
                    };
                    let how = format!("limit {limit:?} interrupt {interrupt:?}");
                    check(&spec, &how, run(&spec, &extra, interrupt));
                }
            });
        }
    });
}
