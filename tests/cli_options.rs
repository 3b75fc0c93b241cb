//! The command-line conventions: `--limit`, `--unset`, specs on standard input, colour, durations
//! in text, completions and the man page.

mod common;

use common::{outcome, puzzlespec, run, run_json};

#[test]
fn limit_is_short_for_solve_limit() {
    // specs/triangle15.toml: 280 minimal sequences (docs/peg-solitaire.md), 3 listed by its spec.
    let (short, code) = run_json(&["specs/triangle15.toml", "--limit", "5"]);
    assert_eq!(code, 0);
    let (long, _) = run_json(&["specs/triangle15.toml", "--set", "solve.limit=5"]);
    assert_eq!(short["count"], 280);
    assert_eq!(short["solutions"].as_array().map(Vec::len), Some(5));
    assert_eq!(short["solutions"], long["solutions"]);
    let out = run(&["run", "specs/triangle15.toml", "--limit", "-1"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
}

#[test]
fn unset_removes_a_key_before_the_spec_is_read() {
    // Without its capacities, the jug spec is refused for the missing field: the key is gone.
    let out = run(&["run", "specs/water-jugs.toml", "--unset", "jugs.capacities"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("missing field `capacities`"),
        "{}",
        out.stderr
    );
    // --unset and then --set of one key is a replacement: jugs of 3 and 5 take 6 moves.
    let (doc, code) = run_json(&[
        "specs/water-jugs.toml",
        "--unset",
        "jugs.capacities",
        "--set",
        "jugs.capacities=[3,5]",
    ]);
    assert_eq!((code, &doc["cost"]), (0, &serde_json::json!(6)));
}

#[test]
fn unset_of_a_key_the_spec_lacks_names_the_keys_it_has() {
    let out = run(&["run", "specs/water-jugs.toml", "--unset", "jugs.tapp"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--unset:1:1"), "{}", out.stderr);
    assert!(out.stderr.contains("no key `jugs.tapp`"), "{}", out.stderr);
    assert!(
        out.stderr.contains("names, capacities, initial, tap, goal"),
        "{}",
        out.stderr
    );
    let out = run(&["check", "specs/water-jugs.toml", "--unset", "nothing.here"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("the spec has"), "{}", out.stderr);
}

#[test]
fn unset_lets_a_transcript_spec_be_evaluated() {
    // specs/bulls-and-cows.toml keeps a secret; without it (and its objective) the default
    // objective is `evaluate`, which plays every one of the 10*9*8*7 secrets.
    let (doc, code) = run_json(&[
        "specs/bulls-and-cows.toml",
        "--unset",
        "code.secret",
        "--unset",
        "solve.objective",
    ]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["objective"], "evaluate");
    let secrets = 10 * 9 * 8 * 7;
    let json = doc.to_string();
    assert!(json.contains(&secrets.to_string()), "{json}");
}

fn stdin_run(args: &[&str], input: &str) -> common::Outcome {
    outcome(puzzlespec().args(args).write_stdin(input.to_string()))
}

#[test]
fn a_spec_on_standard_input_runs_as_the_file_does() {
    let text = std::fs::read_to_string("specs/eight.toml").expect("the spec");
    let piped = stdin_run(&["run", "-", "--json", "--quiet"], &text);
    assert_eq!(piped.code, 0, "{}", piped.stderr);
    let (file, _) = run_json(&["specs/eight.toml"]);
    let piped = piped.json();
    assert_eq!(piped["cost"], 31);
    assert_eq!(piped["solutions"], file["solutions"]);
    let checked = stdin_run(&["check", "-"], &text);
    assert_eq!(checked.code, 0);
    assert!(checked.stdout.starts_with("ok  <stdin> (sliding-tiles)"));
}

#[test]
fn play_keeps_standard_input_for_the_answers() {
    let out = stdin_run(&["play", "-"], "0 2\n");
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("give the spec as a file"),
        "{}",
        out.stderr
    );
}

#[test]
fn diagnostics_of_standard_input_name_stdin() {
    let out = stdin_run(
        &["run", "-"],
        "[puzzle]\nname = \"x\"\nkind = \"water-jug\"\n",
    );
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("<stdin>:3:8"), "{}", out.stderr);
    let out = stdin_run(&["run", "-", "--set", "jugs.x=1"], "[puzzle\n");
    assert!(out.stderr.contains("<stdin>:1:"), "{}", out.stderr);
}

#[test]
fn standard_input_is_bounded_like_a_file() {
    let big = " ".repeat((16 << 20) + 1);
    let out = stdin_run(&["run", "-"], &big);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("<stdin> is larger than 16 MiB"),
        "{}",
        out.stderr
    );
    let out = outcome(
        puzzlespec()
            .args(["run", "-"])
            .write_stdin(vec![b'a', b'=', 0xff]),
    );
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("byte 0xff at byte offset 2"),
        "{}",
        out.stderr
    );
}

const ESC: &str = "\u{1b}[";

#[test]
fn color_follows_the_flag_then_no_color() {
    let bad = ["run", "specs/water-jugs.toml", "--set", "jugs.tapp=1"];
    let with = |color: &str, no_color: Option<&str>| {
        let mut cmd = puzzlespec();
        cmd.args(bad).args(["--color", color]);
        match no_color {
            Some(v) => cmd.env("NO_COLOR", v),
            None => cmd.env_remove("NO_COLOR"),
        };
        let out = outcome(&mut cmd);
        assert_eq!(out.code, 2);
        out.stderr.contains(ESC)
    };
    assert!(with("always", None));
    assert!(with("always", Some("1")), "the flag wins over NO_COLOR");
    assert!(!with("never", None));
    // Not a terminal: `auto` gives no colour whatever NO_COLOR says.
    assert!(!with("auto", None));
    assert!(!with("auto", Some("1")));
    // clap's own usage errors follow the flag too.
    let out = run(&["--color=always", "run", "--no-such-flag"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains(ESC), "{}", out.stderr);
    let out = run(&["--color=never", "run", "--no-such-flag"]);
    assert!(!out.stderr.contains(ESC), "{}", out.stderr);
    let out = run(&["run", "x.toml", "--color", "sometimes"]);
    assert_eq!(out.code, 2);
}

#[test]
fn text_durations_are_readable_and_json_keeps_milliseconds() {
    let out = run(&["run", "specs/water-jugs.toml"]);
    let last = out.stdout.lines().last().expect("a last line");
    let (_, elapsed) = last.split_once("elapsed: ").expect("elapsed");
    let (number, unit) = elapsed.split_once(' ').expect("a number and a unit");
    assert!(number.parse::<f64>().is_ok(), "{last}");
    assert!(["ms", "s"].contains(&unit), "{last}");
    let (doc, _) = run_json(&["specs/water-jugs.toml"]);
    assert!(doc["stats"]["elapsed_ms"].is_number());
}

#[test]
fn counts_in_text_have_thousands_separators() {
    // English 33 --objective count is slow; the 15-hole triangle's count from hole 3 is 85,258.
    let out = run(&[
        "run",
        "specs/triangle15.toml",
        "--unset",
        "rules.first_jump",
        "--objective",
        "count",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let (doc, _) = run_json(&[
        "specs/triangle15.toml",
        "--unset",
        "rules.first_jump",
        "--objective",
        "count",
    ]);
    let count = doc["count"].as_u64().expect("a count");
    assert!(count >= 1000);
    let grouped = count
        .to_string()
        .as_bytes()
        .rchunks(3)
        .rev()
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join(",");
    assert!(
        out.stdout.contains(&format!("count: {grouped}")),
        "{}",
        out.stdout
    );
}

#[test]
fn completions_are_valid_scripts_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = run(&["completions", shell]);
        assert_eq!(out.code, 0, "{shell}: {}", out.stderr);
        for word in ["puzzlespec", "sweep", "unset", "completions"] {
            assert!(out.stdout.contains(word), "{shell} lacks {word}");
        }
    }
    let bash = run(&["completions", "bash"]).stdout;
    if let Ok(check) = std::process::Command::new("bash")
        .args(["-n", "-c", &bash])
        .output()
    {
        assert!(
            check.status.success(),
            "{}",
            String::from_utf8_lossy(&check.stderr)
        );
    }
    assert_eq!(run(&["completions", "tcsh-9"]).code, 2);
}

#[test]
fn the_man_page_is_roff_with_every_command() {
    let out = run(&["man"]);
    assert_eq!(out.code, 0);
    assert!(out.stdout.contains(".TH puzzlespec 1"), "{}", out.stdout);
    for command in ["RUN", "CHECK", "LIST", "PLAY", "NEW", "COMPLETIONS", "MAN"] {
        let heading = format!(".SH \"PUZZLESPEC {command}\"");
        assert!(out.stdout.contains(&heading), "no {heading}");
    }
    assert!(out.stdout.contains("\\-\\-sweep"));
}
