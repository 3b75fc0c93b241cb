//! Runs cut short: the time limit (`--time-limit`, `solve.time_limit`), Ctrl-C and memory running
//! short end with a report of what was found so far, marked as stopped, and their exit codes;
//! never with "no solution" or a count that looks complete.

mod common;

use common::{outcome, puzzlespec, run};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Lights Out 5x5 `longest` visits all 8,388,608 states (2^23: the presses span a space of
/// dimension 23), which takes seconds: long enough to be cut short at a fraction of a second.
const LIGHTS_OUT: &str = "specs/lights-out-rules.toml";
const ALL_LIGHTS_OUT_STATES: u64 = 1 << 23;

#[test]
fn the_time_limit_stops_a_search_with_a_report_of_what_it_explored() {
    let t0 = Instant::now();
    let out = run(&[
        "run",
        LIGHTS_OUT,
        "--objective",
        "longest",
        "--time-limit",
        "0.2",
        "--json",
        "--quiet",
    ]);
    assert_eq!(out.code, 6, "{}", out.stderr);
    let json = out.json();
    assert_eq!(json["status"], "stopped");
    assert_eq!(json["stopped"], "time-limit");
    let states = json["stats"]["states"].as_u64().unwrap();
    assert!(
        states > 0 && states < ALL_LIGHTS_OUT_STATES,
        "{states} states"
    );
    // The engine polls the request: it returns well within the grace period.
    assert!(t0.elapsed() < Duration::from_secs(10), "{:?}", t0.elapsed());
}

#[test]
fn the_spec_may_set_the_time_limit_and_the_text_says_it_is_incomplete() {
    let out = run(&[
        "run",
        LIGHTS_OUT,
        "--objective",
        "longest",
        "--set",
        "solve.time_limit=0.2",
        "--quiet",
    ]);
    assert_eq!(out.code, 6, "{}", out.stderr);
    assert!(
        out.stdout.contains("stopped by the time limit after"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("the count is incomplete"));
}

#[test]
fn a_limit_longer_than_the_search_changes_nothing() {
    let out = run(&[
        "run",
        "specs/water-jugs.toml",
        "--time-limit",
        "60",
        "--json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let json = out.json();
    assert_eq!(json["status"], "solved");
    assert!(json.get("stopped").is_none());
}

#[test]
fn bad_time_limits_are_refused_with_the_place() {
    for bad in ["0", "-1", "soon", "1e300"] {
        let flag = format!("--time-limit={bad}");
        let out = run(&["run", "specs/water-jugs.toml", &flag]);
        assert_eq!(out.code, 2, "--time-limit {bad}: {}", out.stderr);
        assert!(out.stderr.contains("--time-limit"), "{}", out.stderr);
    }
    let out = run(&[
        "run",
        "specs/water-jugs.toml",
        "--set",
        "solve.time_limit=\"soon\"",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("solve.time_limit: `soon` is not a number of seconds"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("(with --set):"), "{}", out.stderr);
}

#[test]
fn ctrl_c_stops_the_search_with_a_report_and_exit_130() {
    let child = Command::new(env!("CARGO_BIN_EXE_puzzlespec"))
        .args(["run", LIGHTS_OUT, "--objective", "longest", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    std::thread::sleep(Duration::from_millis(300));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let out = child.wait_with_output().expect("the run ends");
    assert_eq!(out.status.code(), Some(130));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    assert_eq!(json["status"], "stopped");
    assert_eq!(json["stopped"], "interrupted");
    assert!(json["stats"]["states"].as_u64().unwrap() < ALL_LIGHTS_OUT_STATES);
}

#[test]
fn memory_running_short_stops_a_search_with_a_report_and_exit_5() {
    // Hanoi with 14 discs has 3^14 = 4,782,969 states: far more than 40 MB of search lists
    // hold. The run ends with either the report (the search polled in time) or the message
    // (one large request passed the cap at once); both exit 5, neither aborts.
    let out = outcome(puzzlespec().args([
        "run",
        "specs/hanoi-rules.toml",
        "--set",
        "params.n=14",
        "--max-memory",
        "40M",
        "--quiet",
    ]));
    assert_eq!(out.code, 5, "{}\n{}", out.stdout, out.stderr);
    assert!(
        out.stdout
            .contains("stopped: memory in use came close to the cap")
            || out.stderr.contains("memory limit reached"),
        "{}\n{}",
        out.stdout,
        out.stderr
    );
    assert!(!out.stdout.contains("no solution"));
}

/// Solutions of the n-queens problem for n = 1..=12 (OEIS A000170).
const QUEENS: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

#[test]
fn the_time_limit_binds_a_whole_sweep_and_the_total_takes_only_finished_cases() {
    // n = 4..12 take milliseconds; n = 18 and 19 take minutes: stopped by the limit, whatever the
    // engine (the queens counts poll between subtrees).
    let out = run(&[
        "run",
        "specs/queens-count.toml",
        "--quiet",
        "--time-limit",
        "1",
        "--sweep",
        "board.n=[4, 5, 6, 7, 8, 9, 10, 11, 12, 18, 19]",
    ]);
    assert_eq!(out.code, 6, "{}\n{}", out.stdout, out.stderr);
    let rows: Vec<Vec<&str>> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 11, "{}", out.stdout);
    for row in &rows[..9] {
        let n: usize = row[0].parse().expect("n");
        assert_eq!(row[1], "counted", "{row:?}");
        assert_eq!(
            row[3].replace(',', ""),
            QUEENS[n - 1].to_string(),
            "{row:?}"
        );
    }
    assert!(rows[9..].iter().all(|row| row[1] == "stopped"), "{rows:?}");
    let finished: u64 = QUEENS[3..12].iter().sum();
    let total = out.stdout.lines().last().expect("a total line");
    let expected = format!("count {} (finished cases only)", group(finished));
    assert!(total.contains(&expected), "{total}");
}

/// `12345` as `12,345`.
fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A codebreaker report's games won with each guess number (from the first).
fn games_by_guess_number(json: &serde_json::Value) -> Vec<u64> {
    json["histogram"]
        .as_array()
        .expect("games by guess number")
        .iter()
        .filter_map(serde_json::Value::as_u64)
        .collect()
}

/// The guesses the games of a histogram made in all.
fn guesses_in_all(histogram: &[u64]) -> u64 {
    (1..).zip(histogram).map(|(k, n)| k * n).sum()
}

#[test]
fn a_stopped_optimal_codebreaker_plays_every_secret_and_claims_no_optimum() {
    // The bulls-and-cows optimum takes many minutes: stopped after a few seconds, the search
    // unwinds and the games are played with the guesses found so far.
    let out = run(&[
        "run",
        "specs/bulls-and-cows-evaluate.toml",
        "--set",
        "strategy.name=optimal",
        "--time-limit",
        "3",
        "--json",
        "--quiet",
    ]);
    assert_eq!(out.code, 6, "{}", out.stderr);
    let json = out.json();
    assert_eq!(json["status"], "stopped");
    assert_eq!(json["secrets"], 5040, "{json}");
    let histogram = games_by_guess_number(&json);
    assert_eq!(histogram.iter().sum::<u64>(), 5040);
    // Every secret is won, and no strategy beats the known optimum of 26,274 guesses in total
    // (Koyama & Lai's figure for any-guess bulls and cows).
    let total = json["total_guesses"].as_u64().expect("a total");
    assert_eq!(guesses_in_all(&histogram), total);
    assert!(total >= 26_274, "{total}");
    let notes = json["notes"].to_string();
    assert!(notes.contains("not a proved optimum"), "{notes}");
}

#[test]
fn a_stopped_heuristic_evaluation_reports_the_games_played_so_far() {
    // Minimax over Mastermind's 8 colours x 5 pegs (32,768 secrets) takes tens of seconds: the
    // time limit ends it with the games finished, each one whole.
    let t0 = Instant::now();
    let out = run(&[
        "run",
        "specs/mastermind.toml",
        "--objective",
        "evaluate",
        "--set",
        "strategy.name=minimax",
        "--set",
        r#"code.symbols=["a","b","c","d","e","f","g","h"]"#,
        "--set",
        "code.length=5",
        "--time-limit",
        "1.5",
        "--json",
        "--quiet",
    ]);
    assert_eq!(out.code, 6, "{}", out.stderr);
    assert!(t0.elapsed() < Duration::from_secs(20), "{:?}", t0.elapsed());
    let json = out.json();
    assert_eq!(json["status"], "stopped");
    let played = json["secrets"].as_u64().expect("games played");
    assert!(played < 32_768, "{played}");
    let histogram = games_by_guess_number(&json);
    assert_eq!(histogram.iter().sum::<u64>(), played);
    assert_eq!(
        Some(guesses_in_all(&histogram)),
        json["total_guesses"].as_u64()
    );
    let notes = json["notes"].to_string();
    assert!(
        notes.contains(&format!(
            "over the {played} of 32768 secrets played before the stop"
        )),
        "{notes}"
    );
}

#[test]
fn a_table_that_would_double_past_the_cap_stops_the_search_with_a_report() {
    // Bidirectional BFS on Korf's first instance (57 moves) keeps hundreds of millions of states:
    // its hash tables double past a 300 MB cap long before the answer. The doubling is reserved
    // first (engine::room), so the refusal is a stop with a report, never the process's end.
    let out = outcome(puzzlespec().args([
        "run",
        "specs/fifteen.toml",
        "--engine",
        "bidirectional-bfs",
        "--max-memory",
        "300M",
        "--json",
        "--quiet",
    ]));
    assert_eq!(out.code, 5, "{}", out.stderr);
    let json = out.json();
    assert_eq!(json["status"], "stopped");
    assert_eq!(json["stopped"], "memory-limit");
    assert!(json["stats"]["states"].as_u64().unwrap() > 1_000_000);
    assert!(json.get("cost").is_none(), "{json}");
}

/// Peg solitaire's layers poll the stop request between layers: a count cut short is a report
/// of the classes grown, marked stopped, with no count (never a partial sum shown as the count).
#[test]
fn a_peg_layer_count_cut_short_reports_its_layers_and_claims_no_count() {
    let t0 = Instant::now();
    let out = run(&[
        "run",
        "specs/english33.toml",
        "--objective",
        "count",
        "--time-limit",
        "0.3",
        "--json",
        "--quiet",
    ]);
    assert_eq!(out.code, 6, "{}\n{}", out.stdout, out.stderr);
    let json = out.json();
    assert_eq!(json["status"], "stopped");
    assert!(json["count"].is_null(), "{json}");
    assert!(json["stats"]["states"].as_u64().unwrap() > 0, "{json}");
    let notes = json["notes"].to_string();
    assert!(
        notes.contains("stopped while growing the layers"),
        "{notes}"
    );
    assert!(t0.elapsed() < Duration::from_secs(10), "{:?}", t0.elapsed());
}

/// `reachable` polls the stop request while it grows each layer: cut short, it shows the
/// layers done (the first of them are the known counts of positions by peg count) and claims
/// no count.
#[test]
fn a_reachable_count_cut_short_shows_its_layers_and_claims_no_count() {
    let t0 = Instant::now();
    let out = run(&[
        "run",
        "specs/english33.toml",
        "--objective",
        "reachable",
        "--time-limit",
        "0.5",
        "--json",
        "--quiet",
    ]);
    assert_eq!(out.code, 6, "{}\n{}", out.stdout, out.stderr);
    let json = out.json();
    assert_eq!(json["status"], "stopped");
    assert!(json.get("count").is_none_or(|c| c.is_null()), "{json}");
    let notes = json["notes"].to_string();
    assert!(
        notes.contains("stopped after the layers down to"),
        "{notes}"
    );
    assert!(notes.contains("not a count of every reachable position"));
    // Positions reachable with 32, 31, 30, 29 pegs from the central game: 1, 4, 12, 60 (the
    // full run's figures, which sum to the known 187,636,299).
    let rows = json["reachable"].as_array().expect("the layers done");
    let known = [(32, 1), (31, 4), (30, 12), (29, 60)];
    for (row, (pegs, positions)) in rows.iter().zip(known) {
        assert_eq!(
            (row["pegs"].as_u64(), row["positions"].as_u64()),
            (Some(pegs), Some(positions))
        );
    }
    assert!(t0.elapsed() < Duration::from_secs(10), "{:?}", t0.elapsed());
}

/// Korf's 100 stopped early: the starts not solved yet are stopped, never "no solution", and
/// never compared with the lengths of the starts file (issue 51: an internal error, exit 3).
#[test]
fn a_stopped_batch_of_starts_is_stopped_not_an_internal_error() {
    let out = run(&[
        "run",
        "specs/korf100.toml",
        "--time-limit",
        "0.05",
        "--json",
        "--quiet",
    ]);
    assert_eq!(out.code, 6, "{}", out.stderr);
    assert!(!out.stderr.contains("internal error"), "{}", out.stderr);
    let json = out.json();
    assert_eq!(json["status"], "stopped");
    let instances = json["instances"].as_array().expect("the instances");
    assert!(
        instances.iter().all(|i| i["status"] != "no-solution"),
        "{instances:?}"
    );
    assert!(instances.iter().any(|i| i["status"] == "stopped"));
    let text = run(&["run", "specs/korf100.toml", "--time-limit", "0.05"]);
    assert_eq!(text.code, 6, "{}", text.stderr);
    assert!(!text.stdout.contains("no solution"), "{}", text.stdout);
    // Ctrl-C a moment in: the same.
    let child = Command::new(env!("CARGO_BIN_EXE_puzzlespec"))
        .args(["run", "specs/korf100.toml", "--json", "--quiet"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    std::thread::sleep(Duration::from_millis(150));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let out = child.wait_with_output().expect("the run ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    assert_eq!(json["status"], "stopped");
}

/// On a fresh machine the 15-puzzle's pattern databases are built first: a batch stopped then
/// still lists every start, each stopped (none unsolvable), with a note that says so.
#[test]
fn a_batch_stopped_while_its_tables_are_built_lists_every_start_as_stopped() {
    let cache = common::scratch_in("stop", "cold-cache");
    let out = outcome(
        puzzlespec()
            .env("PUZZLESPEC_CACHE_DIR", &cache)
            .args(["run", "specs/korf100.toml", "--time-limit", "0.01"])
            .args(["--json", "--quiet"]),
    );
    assert_eq!(out.code, 6, "{}", out.stderr);
    let json = out.json();
    assert_eq!(json["status"], "stopped");
    let instances = json["instances"].as_array().expect("the instances");
    assert_eq!(instances.len(), 100);
    assert!(
        instances.iter().all(|i| i["status"] == "stopped"),
        "{instances:?}"
    );
}

/// The fifteen puzzle stopped at once: the report is stopped and its notes make no claim that
/// the start is unsolvable (issue 51: "unsolvable: IDA* found no solution of up to 250 moves").
#[test]
fn a_stopped_single_start_is_not_called_unsolvable() {
    let out = run(&[
        "run",
        "specs/fifteen.toml",
        "--time-limit",
        "0.001",
        "--json",
        "--quiet",
    ]);
    assert_eq!(out.code, 6, "{}", out.stderr);
    let json = out.json();
    assert_eq!(json["status"], "stopped");
    let notes = json["notes"].to_string();
    assert!(!notes.contains("unsolvable"), "{notes}");
    assert!(!notes.contains("found no solution"), "{notes}");
}

/// 64 jugs of 1 litre: 2^64 states, each with 4,160 successors (fill, empty, pour). Polling
/// once every few thousand states took seconds here; the engines now count the successors made.
fn sixty_four_jugs() -> String {
    let dir = common::scratch_in("stop", "sixty-four-jugs");
    let names: Vec<String> = (0..64).map(|i| format!("\"J{i}\"")).collect();
    let text = format!(
        "[puzzle]\nname = \"64 jugs\"\nkind = \"water-jugs\"\n[jugs]\nnames = [{}]\n\
         capacities = [{}]\ninitial = [{}]\ntap = true\ngoal = \"J0 == 2\"\n",
        names.join(", "),
        ["1"; 64].join(", "),
        ["0"; 64].join(", ")
    );
    let path = dir.join("jugs64.toml");
    std::fs::write(&path, text).expect("written");
    path.display().to_string()
}

/// Ctrl-C on a breadth-first search of 64 jugs ends with the report within a fraction of a
/// second, not after the 2 s grace period ("this engine cannot stop part-way"), for each
/// objective's engine.
#[test]
fn ctrl_c_stops_a_wide_breadth_first_search_at_once() {
    let spec = sixty_four_jugs();
    for objective in ["shortest", "longest", "all-shortest"] {
        let child = Command::new(env!("CARGO_BIN_EXE_puzzlespec"))
            .args(["run", &spec, "--objective", objective, "--json", "--quiet"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        std::thread::sleep(Duration::from_millis(300));
        let sent_at = Instant::now();
        let sent = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let out = child.wait_with_output().expect("the run ends");
        let waited = sent_at.elapsed();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{objective}: {stderr}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
        assert_eq!(json["status"], "stopped", "{objective}");
        assert!(
            waited < Duration::from_millis(1500),
            "{objective}: {waited:?}"
        );
    }
}

/// komachi (both engines) and alphametic poll the stop request: a time limit ends them with a
/// stopped report (exit 6) well within the grace period, never the "cannot stop part-way" exit.
#[test]
fn komachi_and_alphametic_stop_with_a_report() {
    let runs: [&[&str]; 3] = [
        &[
            "specs/komachi.toml",
            "--set",
            "komachi.digits=[1,2,3,4,5,6,7,8,9,1,2,3,4,5,6,7,8,9,1,2]",
            "--set",
            r#"komachi.operators=["+","-","*","/","concat"]"#,
        ],
        &[
            "specs/komachi-parentheses.toml",
            "--set",
            r#"komachi.digits="123456789123""#,
        ],
        &[
            "specs/send-more-money.toml",
            "--set",
            "alphametic.distinct=false",
            "--set",
            "alphametic.base=36",
            "--set",
            r#"alphametic.formula="ABCDEFGHIJ+KLMNOPQRST=UVWXYZABCDE""#,
        ],
    ];
    for args in runs {
        let t0 = Instant::now();
        let mut all = vec!["run"];
        all.extend_from_slice(args);
        all.extend(["--time-limit", "0.3", "--json", "--quiet"]);
        let out = run(&all);
        assert_eq!(out.code, 6, "{args:?}: {}", out.stderr);
        assert_eq!(out.json()["status"], "stopped", "{args:?}");
        assert!(
            t0.elapsed() < Duration::from_millis(1800),
            "{args:?}: {:?}",
            t0.elapsed()
        );
    }
}

/// The complete depth-first search of peg solitaire's `any` polls the stop request: cut short,
/// French 37 and diamond 41 end with a stopped report and the positions proved dead so far, not
/// with the grace period's "this engine cannot stop part-way" and no report.
#[test]
fn the_peg_depth_first_search_stops_with_a_report() {
    for spec in ["specs/french37.toml", "specs/diamond41.toml"] {
        let out = run(&[
            "run",
            spec,
            "--objective",
            "any",
            "--engine",
            "dfs",
            "--time-limit",
            "0.3",
            "--json",
            "--quiet",
        ]);
        assert_eq!(out.code, 6, "{spec}: {}\n{}", out.stdout, out.stderr);
        let json = out.json();
        assert_eq!(json["status"], "stopped", "{spec}: {json}");
        assert_eq!(json["stopped"], "time-limit", "{spec}");
        assert!(
            json["notes"]
                .to_string()
                .contains("stopped during the depth-first search"),
            "{spec}: {json}"
        );
        assert_eq!(
            json["solutions"].as_array().map(Vec::len),
            Some(0),
            "{spec}"
        );
    }
}
