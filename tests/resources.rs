//! Resources (issue 15, item 4): before a search, the size of its space where the family knows a
//! bound, and a note when it is beyond reach (the first note of the report, in text and JSON);
//! a table sized before a search that the memory cap refuses ends in a report marked stopped
//! (exit 5) that names the table, never in an abort.

mod common;

use common::{outcome, puzzlespec, run_json};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A fresh folder for the files of one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch_in("resources", name)
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path.display().to_string()
}

fn notes(v: &Value) -> Vec<String> {
    v["notes"]
        .as_array()
        .expect("notes")
        .iter()
        .map(|n| n.as_str().expect("a note").to_string())
        .collect()
}

/// Eight variables of 100 values each: 100^8 = 10^16 candidates.
fn hundred_to_the_eight(constraint: &str, objective: &str) -> String {
    format!(
        "[puzzle]\nname = \"100^8\"\nkind = \"search\"\n\n[search]\nvariables = [\"v: 8 in 0..99\"]\n\
         constraints = [\"{constraint}\"]\n\n[solve]\nobjective = \"{objective}\"\n"
    )
}

#[test]
fn a_search_space_of_100_to_the_8_is_noted_with_its_size_and_time() {
    let dir = scratch("search-space");
    // Their sum is the largest possible only when every one is 99: propagation fixes them all
    // at once, so the search is quick; the note says what the domains alone would cost
    // (10^16 candidates at 10^8 a second: 10^8 s, about 3 years).
    let all_99 = write(
        &dir,
        "sum.toml",
        &hundred_to_the_eight(
            "v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7] == 792",
            "all",
        ),
    );
    // Propagation's bound counts candidates it mostly never visits: a finished search keeps
    // no such note (the Sudoku's 1.8e57 is solved in milliseconds).
    let (v, code) = run_json(&[&all_99]);
    assert_eq!((code, v["count"].as_u64()), (0, Some(1)), "{v}");
    assert_eq!(v["space"].as_f64(), Some(1e16));
    assert!(!notes(&v).join("\n").contains("a large space"), "{v}");
    // Counting the solutions of a sum of 400 (about 10^14 of them) is stopped by the time
    // limit: then the note says why.
    let half = write(
        &dir,
        "half.toml",
        &hundred_to_the_eight(
            "v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7] == 400",
            "count",
        ),
    );
    let (v, code) = run_json(&[&half, "--time-limit", "1"]);
    assert_eq!(code, 6, "{v}");
    let first = &notes(&v)[0];
    assert!(
        first.starts_with("a large space: the domains allow 1.0e16 candidates, about 3 years at 100 million a second if none were pruned"),
        "{first}"
    );
    // The text report carries it too.
    let text = outcome(puzzlespec().args(["run", "--quiet", "--time-limit", "1", &half]));
    assert!(text.stdout.contains("1.0e16 candidates"), "{}", text.stdout);
    // Generate and test prunes only by the constraints it tests: the note says so; its first
    // candidate (all 0) is a solution, so it ends at once.
    let zeros = write(
        &dir,
        "first.toml",
        &hundred_to_the_eight("v[7] >= 0", "first"),
    );
    let (v, code) = run_json(&[&zeros, "--engine", "backtracking"]);
    assert_eq!(code, 0, "{v}");
    assert!(
        notes(&v)[0].starts_with(
            "beyond reach: this search may test up to 1.0e16 candidates, about 3 years"
        ),
        "{v}"
    );
}

#[test]
fn a_small_search_space_has_no_such_note() {
    // 10 * 10 = 100 candidates; and SEND + MORE (1,814,400) takes well under an hour.
    let dir = scratch("small-space");
    let small = write(
        &dir,
        "small.toml",
        "[puzzle]\nname = \"small\"\nkind = \"search\"\n\n[search]\nvariables = [\"x, y in 0..9\"]\nconstraints = [\"x + y == 17\"]\n",
    );
    for spec in [small.as_str(), "specs/send-more-money-search.toml"] {
        let (v, code) = run_json(&[spec]);
        assert_eq!(code, 0, "{v}");
        let all = notes(&v).join("\n");
        assert!(
            !all.contains("large space") && !all.contains("beyond reach"),
            "{all}"
        );
    }
}

#[test]
fn under_an_address_space_limit_the_default_cap_is_half_of_it() {
    // Past `ulimit -v` an allocation fails and the program would abort; the default cap keeps
    // the counted bytes to half the limit, so that the cap is met first and reported. Hanoi
    // with 16 discs (gigabytes, as below) is beyond a 2 GiB limit's cap of 1 GiB.
    let bin = assert_cmd::cargo::cargo_bin("puzzlespec");
    let script = format!(
        "ulimit -v 2097152 && exec '{}' run specs/hanoi-rules.toml --set params.n=16 \
         --time-limit 1 --json --quiet",
        bin.display()
    );
    let out = outcome(assert_cmd::Command::new("sh").args(["-c", &script]));
    assert!(matches!(out.code, 5 | 6), "{}\n{}", out.code, out.stderr);
    let first = &notes(&out.json())[0];
    assert!(first.contains("more than the cap of 1.0 GiB"), "{first}");
}

#[test]
fn a_rules_search_past_the_memory_cap_says_so_before_it_starts() {
    // Hanoi with 16 discs: each disc's peg is 0..2, so at most 3^16 = 43,046,721 states (all
    // of them reachable), tens of bytes each: gigabytes, more than a 1 GiB cap. The time limit
    // ends the run early; the note was made before it started.
    let out = outcome(puzzlespec().args([
        "run",
        "specs/hanoi-rules.toml",
        "--set",
        "params.n=16",
        "--max-memory",
        "1G",
        "--time-limit",
        "1",
        "--json",
        "--quiet",
    ]));
    assert!(matches!(out.code, 5 | 6), "{}\n{}", out.code, out.stderr);
    let v = out.json();
    let first = &notes(&v)[0];
    assert!(
        first.starts_with("beyond reach: this search may keep up to 43,046,721 states, about "),
        "{first}"
    );
    assert!(
        first.contains("GiB of memory, more than the cap of 1.0 GiB"),
        "{first}"
    );
    // 8 discs: 6,561 states, a few hundred kilobytes.
    let (v, code) = run_json(&["specs/hanoi-rules.toml"]);
    assert_eq!(code, 0);
    assert!(!notes(&v).join("\n").contains("beyond reach"), "{v}");
}

#[test]
fn a_distance_table_the_cap_refuses_stops_with_a_report_naming_it() {
    // A 3x4 board: the layered search keeps a byte per arrangement, 12! = 479,001,600 bytes
    // (456.8 MiB), asked for at once before the search; a 200 MiB cap refuses it.
    let dir = scratch("distance-table");
    let spec = write(
        &dir,
        "three-by-four.toml",
        "[puzzle]\nname = \"3x4 longest\"\nkind = \"sliding-tiles\"\n\n[board]\nrows = 3\ncols = 4\n\
         goal = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0]\n\n[solve]\nobjective = \"longest\"\n",
    );
    let out =
        outcome(puzzlespec().args(["run", "--json", "--quiet", "--max-memory", "200M", &spec]));
    assert_eq!(out.code, 5, "{}\n{}", out.stdout, out.stderr);
    let v = out.json();
    assert_eq!(
        (v["status"].as_str(), v["stopped"].as_str()),
        (Some("stopped"), Some("memory-limit"))
    );
    let all = notes(&v).join("\n");
    assert!(
        all.contains("the distance table (a byte per position) needed 456.8 MiB more at once, beyond the memory cap of 200.0 MiB"),
        "{all}"
    );
}

#[test]
fn a_pattern_table_the_cap_refuses_stops_with_a_report_naming_it() {
    // specs/fifteen.toml builds 6-6-3 pattern tables (16.8 MB each for the 6-tile groups, and
    // four times that in marks while building); under a 20 MiB cap the first does not fit. A
    // fresh cache folder, so that the tables are built, not read.
    let dir = scratch("pattern-table");
    let out = outcome(puzzlespec().env("PUZZLESPEC_CACHE_DIR", &dir).args([
        "run",
        "--json",
        "--quiet",
        "--max-memory",
        "20M",
        "specs/fifteen.toml",
    ]));
    assert_eq!(out.code, 5, "{}\n{}", out.stdout, out.stderr);
    let v = out.json();
    assert_eq!(v["stopped"].as_str(), Some("memory-limit"), "{v}");
    assert!(
        v.get("cost").is_none() && v["solutions"].as_array().is_none_or(Vec::is_empty),
        "{v}"
    );
    let all = notes(&v).join("\n");
    assert!(all.contains("a pattern table"), "{all}");
    assert!(all.contains("beyond the memory cap of 20.0 MiB"), "{all}");
}

/// English 33's positions with 1 to 32 pegs are at most C(33, 1) + ... + C(33, 32) = 2^33 - 2,
/// and the search's classes under the board's 8 symmetries an eighth of that.
const ENGLISH33_CLASSES_BOUND: &str = "1,073,741,824";

/// The notes of an English 33 count stopped by the memory cap `cap` while growing its layers
/// (on `threads` threads, or as many as the machine has), checked for what every such stop
/// shows: exit 5, marked stopped for memory, no count.
fn english33_count_stopped_by_memory(cap: &str, threads: Option<&str>) -> String {
    let mut command = puzzlespec();
    if let Some(n) = threads {
        command.env("RAYON_NUM_THREADS", n);
    }
    let out = outcome(
        command
            .args(["run", "specs/english33.toml", "--objective", "count"])
            .args(["--max-memory", cap, "--json", "--quiet"]),
    );
    assert_eq!(out.code, 5, "{}\n{}", out.stdout, out.stderr);
    let v = out.json();
    assert_eq!(
        (v["status"].as_str(), v["stopped"].as_str()),
        (Some("stopped"), Some("memory-limit"))
    );
    assert!(v.get("count").is_none_or(Value::is_null), "{v}");
    let all = notes(&v).join("\n");
    assert!(all.contains("stopped while growing the layers"), "{all}");
    all
}

#[test]
fn a_peg_layer_that_grows_past_the_cap_at_once_stops_with_a_report_naming_it() {
    // The count's layers from the goal reserve their growth before it happens: under a 4 MiB
    // cap a layer of some ten thousand classes asks for megabytes at once, which is refused,
    // and the search ends with a report of the layers grown (exit 5), not a bare message.
    // (Under 8 MiB the memory in use may pass nine tenths of the cap first, or not, depending
    // on the threads' timing: see the next test. Under 3 to 4.5 MiB the refusal comes first,
    // on one thread or two; under 5 MiB the search's own tables, some hundred kilobytes, now
    // take the memory in use past nine tenths first.)
    let all = english33_count_stopped_by_memory("4M", None);
    assert!(
        all.contains("a peg layer's growth needed")
            && all.contains("beyond the memory cap of 4.0 MiB"),
        "{all}"
    );
}

#[test]
fn a_peg_search_whose_memory_nears_the_cap_stops_with_a_report_naming_the_cap() {
    // On one thread, under 8 MiB, the count's memory in use passes nine tenths of the cap
    // before any one reservation is refused: the allocator asks the search to stop, and the
    // report names the cap and how to raise it.
    let all = english33_count_stopped_by_memory("8M", Some("1"));
    assert!(
        all.contains("memory in use came within a tenth of the memory cap of 8.0 MiB; raise it with --max-memory"),
        "{all}"
    );
}

#[test]
fn a_peg_search_stopped_under_a_cap_its_bound_exceeds_says_how_large_it_may_be() {
    let (v, code) = run_json(&[
        "specs/english33.toml",
        "--objective",
        "count",
        "--max-memory",
        "1G",
        "--time-limit",
        "0.3",
    ]);
    assert!(matches!(code, 0 | 5 | 6), "{v}");
    // Each class a 64-bit board and a 64-bit count: 16 bytes, so 16 GiB.
    assert_eq!(
        notes(&v)[0],
        format!(
            "a large space: this search may keep up to {ENGLISH33_CLASSES_BOUND} states, about 16.0 GiB of memory if nothing were pruned, more than the cap of 1.0 GiB; its invariants prune most of them in most games, but nothing bounds it better (raise the cap with --max-memory, or set --time-limit)"
        )
    );
    // The bound counts positions the invariants rule out: a search that finishes under the cap
    // has no note (the count keeps about 350 MB under 1 GiB). Under a cap that holds the bound
    // (8 GiB for `shortest`, no counts kept), and for the small triangle, no note either; nor
    // for a depth-first plan (French 37's `any`).
    for args in [
        &[
            "specs/english33.toml",
            "--objective",
            "count",
            "--max-memory",
            "1G",
        ][..],
        &[
            "specs/english33.toml",
            "--max-memory",
            "9G",
            "--time-limit",
            "0.3",
        ],
        &["specs/triangle15.toml", "--max-memory", "64M"],
        &["specs/french37.toml", "--max-memory", "64M"],
    ] {
        let (v, _) = run_json(args);
        let notes = v["notes"].to_string();
        assert!(
            !notes.contains("beyond reach") && !notes.contains("a large space"),
            "{args:?}: {v}"
        );
    }
}

#[test]
fn a_sliding_blocks_search_larger_than_the_cap_says_so_before_it_starts() {
    // Hakoiri musume: 10 pieces (one 2x2, four 1x2, one 2x1, four 1x1) and 2 empty cells. Read
    // cell by cell, a position is a word of 12 letters with those repeats: 12! / (4! 4! 2!) =
    // 415,800 at most (65,880 are reachable). Under a 4 MiB cap that is beyond reach.
    let words = (1..=12u64).product::<u64>() / (24 * 24 * 2);
    assert_eq!(words, 415_800);
    let (v, code) = run_json(&["specs/hakoiri-musume.toml", "--max-memory", "4M"]);
    assert!(matches!(code, 0 | 5), "{v}");
    assert!(
        notes(&v)[0].starts_with("beyond reach: this search may keep up to 415,800 states, about "),
        "{v}"
    );
    for spec in ["specs/hakoiri-musume.toml", "specs/rush-hour.toml"] {
        let (v, code) = run_json(&[spec, "--max-memory", "1G"]);
        assert_eq!(code, 0, "{v}");
        assert!(
            !v["notes"].to_string().contains("beyond reach"),
            "{spec}: {v}"
        );
    }
}
