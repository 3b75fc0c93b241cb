//! `run --shard K/N` and `puzzlespec merge`: every shardable objective of the shipped specs run in
//! 1, 7 and 64 parts, merged, and compared with the unsplit run (counts equal, listings equal as
//! sets, optima equal); and each refusal (bad K/N, an objective that does not split, a missing,
//! repeated, foreign or changed part) a clear message with exit code 2.

mod common;

use common::{outcome, puzzlespec};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// A fresh folder for one test's part files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlespec-shard-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `run SPEC ARGS --json`: its document and exit code.
fn run(spec: &str, args: &[&str]) -> (Value, i32) {
    let o = outcome(
        puzzlespec()
            .arg("run")
            .arg(spec)
            .args(args)
            .args(["--json", "-q"]),
    );
    (o.json(), o.code)
}

/// Runs the `n` parts into `dir`, one file each; their paths.
fn parts(spec: &str, args: &[&str], n: u32, dir: &Path) -> Vec<PathBuf> {
    (0..n)
        .map(|k| {
            let shard = format!("{k}/{n}");
            let o = outcome(
                puzzlespec()
                    .arg("run")
                    .arg(spec)
                    .args(args)
                    .args(["--shard", &shard, "--json", "-q"]),
            );
            assert_eq!(
                o.code, 0,
                "{spec} {shard}: a finished part exits 0\n{}",
                o.stderr
            );
            let file = dir.join(format!("part-{k}.json"));
            std::fs::write(&file, o.stdout).unwrap();
            file
        })
        .collect()
}

fn merge(files: &[PathBuf]) -> common::Outcome {
    outcome(puzzlespec().arg("merge").arg("--json").args(files))
}

/// A listing as a set of its items' JSON texts.
fn set(v: &Value) -> BTreeSet<String> {
    v.as_array()
        .into_iter()
        .flatten()
        .map(|x| x.to_string())
        .collect()
}

/// Splits `spec` (with `args`) into 1, 7 and 64 parts and checks the merge against the whole.
fn splits_like_the_whole(spec: &str, args: &[&str]) {
    let (whole, code) = run(spec, args);
    for n in [1, 7, 64] {
        let dir = folder(&format!("{}-{n}", spec.replace(['/', '.'], "_")));
        let files = parts(spec, args, n, &dir);
        let m = merge(&files);
        assert_eq!(m.code, code, "{spec} in {n}: {}", m.stderr);
        let merged = m.json();
        let what = format!("{spec} {args:?} in {n} parts");
        assert_eq!(merged["status"], whole["status"], "{what}");
        assert_eq!(merged["count"], whole["count"], "{what}");
        assert_eq!(merged["optimum"], whole["optimum"], "{what}");
        for key in [
            "solutions",
            "placements",
            "answers",
            "count_total",
            "count_unique",
            "count_up_to_symmetry",
            "symmetry_classes",
            "formulas",
            "undefined",
            "formulas_found",
            "values",
            "integer_values",
            "secrets",
            "total_guesses",
            "average_guesses",
            "max_guesses",
            "hardest",
            "histogram",
        ] {
            let listed = whole[key].as_array().map_or(0, Vec::len) as u64;
            let cut = whole["count"].as_u64().is_some_and(|c| c > listed) && key != "values";
            if (whole["optimum"].is_number() || cut) && whole[key].is_array() {
                // Optimal solutions that tie may differ: the unsplit search keeps the first
                // in its order, the merge the one of the first part that reached the optimum.
                // A listing cut at the limit holds the whole run's first answers where the
                // kind gives each answer's part (a_cut_listing_is_the_unsplit_runs_first_answers);
                // elsewhere the first parts': as many, each checked by its part's replay.
                assert_eq!(
                    merged[key].as_array().map(Vec::len),
                    whole[key].as_array().map(Vec::len),
                    "{what}: {key}"
                );
            } else if whole[key].is_array() {
                assert_eq!(set(&merged[key]), set(&whole[key]), "{what}: {key}");
            } else {
                assert_eq!(merged[key], whole[key], "{what}: {key}");
            }
        }
        // A merged note is one of the whole run's: a part's own numbers (its formulas
        // evaluated, its nodes) never pass for the whole's.
        for note in merged["notes"].as_array().into_iter().flatten() {
            let whole_notes = whole["notes"].as_array().cloned().unwrap_or_default();
            assert!(whole_notes.contains(note), "{what}: note {note}");
        }
        assert_eq!(merged["merged"]["complete"], true, "{what}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn queens_counts_split() {
    // bitboard-symmetry (the auto engine of an empty board), 16 queens: 14,772,512 (OEIS A000170).
    splits_like_the_whole("specs/queens-count.toml", &[]);
    splits_like_the_whole(
        "specs/queens-count.toml",
        &["--objective", "count-unique", "--set", "board.n=10"],
    );
    splits_like_the_whole(
        "specs/queens-count.toml",
        &["--engine", "bitboard", "--set", "board.n=11"],
    );
}

#[test]
fn queens_listings_split() {
    splits_like_the_whole("specs/queens8.toml", &[]);
    splits_like_the_whole("specs/queens8.toml", &["--set", "board.n=6"]);
}

#[test]
fn search_objectives_split() {
    for spec in [
        "specs/eight-queens-search.toml",
        "specs/magic-square-4.toml",
        "specs/polydivisible.toml",
        "specs/send-more-money-search.toml",
        "specs/send-most-money.toml",
        "specs/sudoku-inkala.toml",
    ] {
        splits_like_the_whole(spec, &[]);
    }
}

#[test]
fn komachi_formulas_split() {
    // Operator insertion splits below its first operators: the formulas found (and every value
    // with its formulas) are the unsplit run's; komachi.toml's 11 and komachi-descending's 15
    // are also checked against a brute force in tests/komachi.rs.
    for spec in [
        "specs/komachi.toml",
        "specs/komachi-descending.toml",
        "specs/komachi-values.toml",
        "specs/komachi-five-operators.toml",
    ] {
        splits_like_the_whole(spec, &[]);
    }
    splits_like_the_whole("specs/komachi.toml", &["--objective", "count"]);
}

#[test]
fn alphametic_solutions_split() {
    // The digit assignments of the first letters dealt to the parts: SEND + MORE = MONEY has
    // one solution (9567 + 1085 = 10652, tests/alphametic.rs); with leading zeros allowed it has
    // several, the unsplit run being the reference.
    splits_like_the_whole("specs/send-more-money.toml", &[]);
    splits_like_the_whole(
        "specs/send-more-money.toml",
        &["--set", "alphametic.leading_zero=true"],
    );
    splits_like_the_whole(
        "specs/alphametic-300-addends.toml",
        &["--objective", "count"],
    );
}

#[test]
fn codebreaker_evaluations_split() {
    // The decision tree's subtrees dealt to the parts: Knuth's minimax over all 1,296 secrets
    // (5,801 guesses, at most 5: Knuth 1976, tests/codebreaker.rs) and another strategy.
    splits_like_the_whole("specs/mastermind.toml", &["--objective", "evaluate"]);
    splits_like_the_whole(
        "specs/mastermind.toml",
        &[
            "--objective",
            "evaluate",
            "--set",
            "strategy.name=most-parts",
        ],
    );
}

#[test]
fn exact_cover_counts_split() {
    splits_like_the_whole("specs/queens-cover.toml", &[]);
    splits_like_the_whole("specs/langford-cover.toml", &[]);
    splits_like_the_whole("specs/langford-cover.toml", &["--engine", "bitboard"]);
    // No Langford pairing exists for n = 5 (only for n = 0 or 3 mod 4): the merged total is
    // no solution, as the whole's, though every part only found none in its own part.
    splits_like_the_whole("specs/langford-cover.toml", &["--set", "params.n=5"]);
}

/// Packing counts split with the piece pinned at each class of its placements: every pinned
/// search is dealt to the shards alike, and the counts with and up to symmetry add up.
#[test]
fn packing_counts_split() {
    splits_like_the_whole("specs/pentominoes-6x10.toml", &[]);
    splits_like_the_whole("specs/soma-cube.toml", &[]);
    splits_like_the_whole(
        "specs/pentominoes-8x8-hole.toml",
        &["--engine", "dancing-links"],
    );
}

#[test]
fn sweep_cases_split() {
    // Each part solves its cases whole: the merge is the unsplit sweep's array, case by case.
    let spec = "specs/queens-count.toml";
    let args = ["--sweep", "board.n=1..9"];
    let (whole, _) = run(spec, &args);
    for n in [1, 7, 64] {
        let dir = folder(&format!("sweep-{n}"));
        let merged = merge(&parts(spec, &args, n, &dir)).json();
        let counts = |cases: &Value| -> Vec<Value> {
            cases
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["result"]["count"].clone())
                .collect()
        };
        assert_eq!(counts(&merged["cases"]), counts(&whole), "in {n}");
        // OEIS A000170 for n = 1..9.
        let known: Vec<Value> = [1, 0, 0, 2, 10, 4, 40, 92, 352].map(Value::from).to_vec();
        assert_eq!(counts(&whole), known);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Exit code 2 and a message on stderr containing `says`.
fn refused(cmd: &mut assert_cmd::Command, says: &str) {
    let o = outcome(cmd);
    assert_eq!(o.code, 2, "{}", o.stderr);
    assert!(
        o.stderr.contains(says),
        "expected `{says}` in:\n{}",
        o.stderr
    );
}

#[test]
fn bad_shards_are_refused() {
    let q = "specs/queens-count.toml";
    for (shard, says) in [
        ("7/7", "there is no part 7 of 7"),
        ("0/0", "at least 1"),
        ("x", "is not a shard"),
    ] {
        refused(puzzlespec().args(["run", q, "--shard", shard]), says);
    }
    refused(
        puzzlespec()
            .args(["run", q, "--shard", "auto"])
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("JOB_COMPLETION_INDEX")
            .env_remove("PARALLEL_SEQ"),
        "SLURM_ARRAY_TASK_ID",
    );
    // Objectives that do not split, each with its reason.
    refused(
        puzzlespec().args(["run", "specs/queens-any.toml", "--shard", "0/2"]),
        "first placement",
    );
    refused(
        puzzlespec().args(["run", q, "--engine", "bitboard-mirror", "--shard", "0/2"]),
        "bitboard-mirror",
    );
    refused(
        puzzlespec().args([
            "run",
            "specs/magic-square-4.toml",
            "--objective",
            "first",
            "--shard",
            "0/2",
        ]),
        "first solution",
    );
    refused(
        puzzlespec().args([
            "run",
            "specs/pentominoes-6x10.toml",
            "--objective",
            "all",
            "--shard",
            "0/2",
        ]),
        "only objective = \"count\" of a packing splits",
    );
    refused(
        puzzlespec().args(["run", "specs/water-jugs.toml", "--shard", "0/2"]),
        "does not split",
    );
    refused(
        puzzlespec().args(["run", "specs/oomachi.toml", "--shard", "0/2"]),
        "generate-and-test",
    );
    refused(
        puzzlespec().args(["run", "specs/mastermind.toml", "--shard", "0/2"]),
        "plays one game",
    );
    refused(
        puzzlespec().args(["run", "specs/komachi-parentheses.toml", "--shard", "0/2"]),
        "built bottom-up",
    );
    refused(
        puzzlespec().args([
            "run",
            "specs/komachi.toml",
            "--objective",
            "first",
            "--shard",
            "0/2",
        ]),
        "first formula",
    );
}

#[test]
fn auto_reads_the_batch_engines() {
    let q = "specs/queens-count.toml";
    let n8 = ["--set", "board.n=8"];
    let clean = |cmd: &mut assert_cmd::Command| {
        for v in [
            "SLURM_ARRAY_TASK_ID",
            "SLURM_ARRAY_TASK_COUNT",
            "SLURM_ARRAY_TASK_MIN",
            "JOB_COMPLETION_INDEX",
            "PARALLEL_SEQ",
        ] {
            cmd.env_remove(v);
        }
    };
    let index = |envs: &[(&str, &str)], extra: &[&str]| -> (u64, u64) {
        let mut cmd = puzzlespec();
        clean(&mut cmd);
        cmd.args(["run", q, "--json", "-q", "--shard"])
            .args(extra)
            .args(n8);
        for (k, v) in envs {
            cmd.env(k, v);
        }
        let d = outcome(&mut cmd).json();
        (
            d["shard"]["index"].as_u64().unwrap(),
            d["shard"]["count"].as_u64().unwrap(),
        )
    };
    assert_eq!(
        index(
            &[
                ("SLURM_ARRAY_TASK_ID", "3"),
                ("SLURM_ARRAY_TASK_COUNT", "16")
            ],
            &["auto"]
        ),
        (3, 16)
    );
    assert_eq!(
        index(&[("JOB_COMPLETION_INDEX", "2")], &["auto", "--shards", "5"]),
        (2, 5)
    );
    assert_eq!(index(&[("PARALLEL_SEQ", "1")], &["auto/4"]), (0, 4));
    let mut cmd = puzzlespec();
    clean(&mut cmd);
    refused(
        cmd.args(["run", q, "--shard", "auto"])
            .env("JOB_COMPLETION_INDEX", "1"),
        "not the number of parts",
    );
}

#[test]
fn bad_merges_are_refused() {
    let q = "specs/queens-count.toml";
    let n10 = ["--set", "board.n=10"];
    let dir = folder("bad");
    let files = parts(q, &n10, 3, &dir);
    refused(puzzlespec().arg("merge"), "none was given");
    refused(
        puzzlespec().arg("merge").args(&files[..2]),
        "parts is missing: 2",
    );
    refused(
        puzzlespec().arg("merge").args(&files).arg(&files[1]),
        "are both part 1 of 3",
    );
    // A part of another spec (another --set), of another split, edited, or cut short.
    let other = folder("other");
    let foreign = parts(q, &["--set", "board.n=9"], 3, &other);
    refused(
        puzzlespec().arg("merge").args(&files[..2]).arg(&foreign[2]),
        "another spec",
    );
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let edited = dir.join("edited.json");
    let count = serde_json::from_str::<Value>(&text).unwrap()["count"].clone();
    std::fs::write(
        &edited,
        text.replacen(&format!("\"count\": {count}"), "\"count\": 1", 1),
    )
    .unwrap();
    refused(
        puzzlespec().arg("merge").arg(&edited).args(&files[1..]),
        "checksum",
    );
    let cut = dir.join("cut.json");
    std::fs::write(&cut, &text[..text.len() / 2]).unwrap();
    refused(
        puzzlespec().arg("merge").arg(&cut).args(&files[1..]),
        "cut.json",
    );
    // The parts, whole, still merge to 724 (OEIS A000170).
    let ok = merge(&files);
    assert_eq!(ok.code, 0);
    assert_eq!(ok.json()["count"], 724);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&other);
}

#[test]
fn a_stopped_part_makes_the_total_incomplete() {
    // 18 queens cannot finish in 0.2 s: part 1 of 2 is stopped by its time limit.
    let q = "specs/queens-count.toml";
    let dir = folder("stopped");
    let n = ["--set", "board.n=18"];
    let mut files = Vec::new();
    for (k, limit) in [(0, "0.1"), (1, "0.1")] {
        let o = outcome(
            puzzlespec()
                .args(["run", q, "--json", "-q", "--time-limit", limit, "--shard"])
                .arg(format!("{k}/2"))
                .args(n),
        );
        assert_eq!(o.code, 6);
        let file = dir.join(format!("p{k}.json"));
        std::fs::write(&file, o.stdout).unwrap();
        files.push(file);
    }
    let m = outcome(puzzlespec().arg("merge").args(&files));
    assert_eq!(m.code, 6, "{}", m.stderr);
    assert!(m.stdout.contains("INCOMPLETE: part 0"), "{}", m.stdout);
    assert!(m.stderr.contains("p1.json"), "{}", m.stderr);
    let j = merge(&files).json();
    assert_eq!(j["status"], "stopped");
    assert_eq!(j["merged"]["complete"], false);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The merged text report reads like a plain run's: the same title, engine, headline and count
/// lines, and the listed formulas the same set as the plain run's.
#[test]
fn a_merged_text_report_is_laid_out_as_a_plain_run() {
    let dir = folder("text");
    for (spec, args) in [
        ("specs/magic-square-4.toml", &[][..]),
        ("specs/komachi.toml", &[][..]),
    ] {
        let files = parts(spec, args, 5, &dir);
        let merged = outcome(puzzlespec().arg("merge").args(&files));
        assert_eq!(merged.code, 0, "{}", merged.stderr);
        let plain = outcome(puzzlespec().arg("run").arg(spec).args(args).arg("-q"));
        let head = |text: &str| text.lines().take(4).map(str::to_string).collect::<Vec<_>>();
        assert_eq!(head(&merged.stdout), head(&plain.stdout), "{spec}");
        // Listed lines: "N  formula"; compared as sets (the parts' order is not the whole's).
        let listed = |text: &str| -> BTreeSet<String> {
            text.lines()
                .filter_map(|l| l.trim_start().split_once("  "))
                .filter(|(n, _)| n.parse::<u32>().is_ok())
                .map(|(_, item)| item.to_string())
                .collect()
        };
        assert_eq!(listed(&merged.stdout), listed(&plain.stdout), "{spec}");
        if spec.contains("komachi") {
            // 1 to 9 with + and - between or inside them make 100 in 11 ways (the classic
            // puzzle's known answer, also in tests/komachi.rs's brute force).
            assert_eq!(listed(&merged.stdout).len(), 11, "{}", merged.stdout);
        }
        assert!(
            merged.stdout.contains("merged 5 parts"),
            "{}",
            merged.stdout
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The merged text shows the kind's own sections and notes as a plain run does: the queens'
/// symmetry classes, the codebreaker's histogram, komachi's values, the packings in all and up
/// to symmetry, each rebuilt from the merged fields, line for line the plain run's.
#[test]
fn a_merged_text_report_shows_the_kinds_sections() {
    let dir = folder("sections");
    for (spec, args) in [
        ("specs/queens-count.toml", &["--set", "board.n=11"][..]),
        ("specs/bulls-and-cows-evaluate.toml", &[][..]),
        ("specs/komachi-values.toml", &[][..]),
        ("specs/pentominoes-6x10.toml", &[][..]),
        ("specs/queens-cover.toml", &[][..]),
    ] {
        let files = parts(spec, args, 7, &dir);
        let merged = outcome(puzzlespec().arg("merge").args(&files));
        assert_eq!(merged.code, 0, "{}", merged.stderr);
        let plain = outcome(puzzlespec().arg("run").arg(spec).args(args).arg("-q"));
        // From the first section's title to the statistics line.
        let sections = |text: &str| -> Vec<String> {
            text.lines()
                .skip_while(|l| !l.is_empty())
                .take_while(|l| !l.starts_with("states:"))
                .map(str::to_string)
                .collect()
        };
        assert!(
            sections(&plain.stdout).len() > 2,
            "{spec}: {}",
            plain.stdout
        );
        assert_eq!(sections(&merged.stdout), sections(&plain.stdout), "{spec}");
        let notes = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| l.starts_with("note: ") && !l.contains(" ms "))
                .map(str::to_string)
                .collect()
        };
        assert_eq!(notes(&merged.stdout), notes(&plain.stdout), "{spec}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A listing cut at the limit holds the unsplit run's first answers, in its order: each part
/// says which part of the search each answer came from, and the merge orders by it. Checked on
/// the kinds that say so, against the unsplit run of the same limit.
#[test]
fn a_cut_listing_is_the_unsplit_runs_first_answers() {
    let dir = folder("cut");
    for (spec, args, key) in [
        (
            "specs/komachi.toml",
            &["--limit", "4"][..],
            "formulas_found",
        ),
        ("specs/queens8.toml", &["--limit", "10"][..], "placements"),
        (
            "specs/so-many-more-men.toml",
            &[
                "--set",
                "alphametic.formula=\"AB + CD = EFG\"",
                "--limit",
                "7",
            ][..],
            "solutions",
        ),
        (
            "specs/langford.toml",
            &["--objective", "all", "--limit", "6"][..],
            "answers",
        ),
    ] {
        let (whole, _) = run(spec, args);
        let listed = whole[key].as_array().map_or(0, Vec::len);
        assert!(
            whole["count"].as_u64().is_some_and(|c| c > listed as u64) || listed == 10,
            "{spec}: the listing must be cut for this test: {whole}"
        );
        for n in [3, 7, 16] {
            let m = merge(&parts(spec, args, n, &dir));
            assert_eq!(m.code, 0, "{}", m.stderr);
            assert_eq!(m.json()[key], whole[key], "{spec} in {n} parts");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
