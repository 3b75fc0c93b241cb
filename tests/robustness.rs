//! Hostile input and hostile surroundings (issue 15): closed and full output streams, formulas
//! nested or chained far beyond any hand-written one, files that are not spec files, numbers
//! beyond TOML's range. Whatever happens, the binary ends with a documented exit code and a
//! message, never a panic (exit 101) or a signal.

mod common;

use common::{outcome, puzzlespec, run};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// A fresh folder for the files of one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch_in("robustness", name)
}

/// specs/water-jugs.toml with its goal replaced by `goal`, written to `dir/name`.
fn jugs_with_goal(dir: &Path, name: &str, goal: &str) -> String {
    let text = std::fs::read_to_string("specs/water-jugs.toml").expect("the shipped spec");
    let old = "goal = \"A == 4 or B == 4\"";
    assert!(text.contains(old), "the shipped spec's goal changed");
    let path = dir.join(name);
    std::fs::write(&path, text.replace(old, &format!("goal = \"{goal}\""))).expect("written");
    path.display().to_string()
}

/// The binary with its stdout a pipe whose reading end is closed before anything is written.
fn with_closed_stdout(args: &[&str]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlespec"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("the binary ends");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let code = out.status.code().expect("an exit code, not a signal");
    (code, stderr)
}

/// The binary with its stdout on /dev/full: its exit code and stderr.
fn with_stdout_full(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlespec"))
        .args(args)
        .stdout(dev_full())
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{stderr}");
    (
        out.status.code().expect("an exit code, not a signal"),
        stderr,
    )
}

fn dev_full() -> File {
    File::options()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full")
}

// --- Output streams -------------------------------------------------------------------------

#[test]
fn a_closed_pipe_ends_list_and_check_quietly() {
    for args in [
        vec!["list", "specs"],
        vec!["check", "specs/water-jugs.toml", "specs/queens8.toml"],
        vec!["run", "--quiet", "specs/water-jugs.toml"],
        vec!["run", "--json", "--quiet", "specs/water-jugs.toml"],
    ] {
        let (code, stderr) = with_closed_stdout(&args);
        assert_eq!(code, 0, "{args:?}: {stderr}");
        assert_eq!(stderr, "", "{args:?}");
    }
}

#[test]
fn a_full_device_on_stdout_is_said_with_exit_code_4() {
    let (code, stderr) = with_stdout_full(&["run", "--quiet", "specs/water-jugs.toml"]);
    assert_eq!(code, 4, "{stderr}");
    assert!(stderr.contains("cannot write the output"), "{stderr}");
    assert!(stderr.contains("No space left"), "{stderr}");
    // The JSON error document of a bad spec meets the same full device.
    let (code, stderr) = with_stdout_full(&[
        "run",
        "--json",
        "specs/water-jugs.toml",
        "--set",
        "jugs.x=1",
    ]);
    assert_eq!(code, 4, "{stderr}");
    assert!(stderr.contains("unknown field `x`"), "{stderr}");
}

#[test]
fn a_full_stderr_loses_the_message_but_keeps_the_exit_code() {
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlespec"))
        .args(["run", "specs/water-jugs.toml", "--set", "jugs.x=1"])
        .stderr(dev_full())
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn play_with_a_closed_stdout_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlespec"))
        .args(["play", "specs/bulls-and-cows.toml"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("the binary ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr, "");
}

// --- Depth ----------------------------------------------------------------------------------

/// Each reproducer of the issue: the goal, and the text the diagnostic's excerpt must show.
fn deep_goals() -> Vec<(&'static str, String)> {
    let chain = |term: &str, op: &str, n: usize| vec![term; n].join(op);
    vec![
        (
            "parens",
            format!("{}A == 4{}", "(".repeat(10_000), ")".repeat(10_000)),
        ),
        ("sum", format!("{} == 4", chain("A", " + ", 30_000))),
        ("and", chain("A == 4", " and ", 30_000)),
        ("not", format!("{}A == 4", "not ".repeat(12_500))),
        ("minus", format!("{}A == 4", "-".repeat(12_500))),
        (
            "abs",
            format!("{}A{} == 4", "abs(".repeat(5_000), ")".repeat(5_000)),
        ),
        // 10 MB on one line.
        ("huge", format!("{} == 4", chain("A", " + ", 2_500_000))),
    ]
}

#[test]
fn deep_and_long_formulas_are_refused_where_the_limit_is_passed() {
    let dir = scratch("deep");
    for (name, goal) in deep_goals() {
        let spec = jugs_with_goal(&dir, &format!("{name}.toml"), &goal);
        let out = run(&["run", "--quiet", &spec]);
        assert_eq!(out.code, 2, "{name}: {}", out.stderr);
        assert!(
            out.stderr.contains("nests too deeply"),
            "{name}: {}",
            out.stderr
        );
        // The place is line 14 (the goal's), and the excerpt is short.
        assert!(out.stderr.contains(&format!("{spec}:14:")), "{name}");
        assert!(
            out.stderr.len() < 1_500,
            "{name}: {} bytes",
            out.stderr.len()
        );
    }
}

#[test]
fn the_depth_is_refused_at_the_first_token_past_the_limit() {
    let limit = puzzlespec::expr::MAX_DEPTH;
    let dir = scratch("depth_place");
    let goal = format!("{}A == 4{}", "(".repeat(limit + 5), ")".repeat(limit + 5));
    let spec = jugs_with_goal(&dir, "parens.toml", &goal);
    let out = run(&["run", &spec]);
    // `goal = "` takes 8 columns; the parenthesis numbered `limit` reaches the limit.
    let at = format!("{spec}:14:{}: ", 8 + limit);
    assert!(out.stderr.contains(&at), "no {at} in {}", out.stderr);
}

#[test]
fn formulas_just_below_the_limit_solve_as_their_flat_form() {
    let limit = puzzlespec::expr::MAX_DEPTH;
    let dir = scratch("shallow");
    let plain = run(&["run", "--json", "--quiet", "specs/water-jugs.toml"]).json();
    let n = limit - 10;
    let goals = [
        format!("{}A == 4 or B == 4{}", "(".repeat(n), ")".repeat(n)),
        format!("{}A == 4 or B == 4", "not not ".repeat(n / 2 - 2)),
        format!("{}A){} == 4 or B == 4", "abs(".repeat(n), ")".repeat(n - 1)),
    ];
    for (i, goal) in goals.iter().enumerate() {
        let spec = jugs_with_goal(&dir, &format!("g{i}.toml"), goal);
        let deep = run(&["run", "--json", "--quiet", &spec]);
        assert_eq!(deep.code, 0, "goal {i}: {}", deep.stderr);
        assert_eq!(deep.json()["cost"], plain["cost"], "goal {i}");
    }
}

#[test]
fn list_and_check_name_a_too_deep_file_and_go_on() {
    let dir = scratch("folder");
    std::fs::copy("specs/water-jugs.toml", dir.join("b-good.toml")).expect("copied");
    let deep = format!("{}A == 4", "-".repeat(20_000));
    let bad = jugs_with_goal(&dir, "a-deep.toml", &deep);
    let good = dir.join("b-good.toml").display().to_string();
    let out = run(&["list", &dir.display().to_string()]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains(&format!("{bad}:14:")), "{}", out.stdout);
    assert!(out.stdout.contains("nests too deeply"), "{}", out.stdout);
    assert!(
        out.stdout.contains("Water jugs: 8 L and 5 L"),
        "{}",
        out.stdout
    );
    let out = run(&["check", &bad, &good]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains(&format!("{bad}:14:")), "{}", out.stderr);
    assert!(
        out.stdout.contains(&format!("ok  {good}")),
        "{}",
        out.stdout
    );
}

#[test]
fn an_alphametic_of_35000_addends_is_refused_with_a_message() {
    let dir = scratch("alphametic");
    let words = vec!["AB"; 35_000].join(" + ");
    let text = format!(
        "[puzzle]\nname = \"long\"\nkind = \"alphametic\"\n\n[alphametic]\nformula = \"{words} = CDE\"\n"
    );
    let spec = dir.join("long.toml");
    std::fs::write(&spec, text).expect("written");
    let spec = spec.display().to_string();
    let out = run(&["run", "--quiet", &spec]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("nests too deeply"), "{}", out.stderr);
    assert!(out.stderr.contains(&format!("{spec}:6:")), "{}", out.stderr);
}

// --- Files ----------------------------------------------------------------------------------

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
}

#[test]
fn what_is_not_a_regular_file_is_refused_at_once() {
    let dir = scratch("not_files");
    let fifo = dir.join("pipe.toml");
    mkfifo(&fifo);
    let cases = [
        (fifo.display().to_string(), "named pipe"),
        ("/dev/zero".to_string(), "a device"),
        ("specs".to_string(), "a folder"),
    ];
    for (path, words) in cases {
        let out = outcome(
            puzzlespec()
                .args(["run", &path])
                .timeout(Duration::from_secs(20)),
        );
        assert_eq!(out.code, 2, "{path}: {}", out.stderr);
        assert!(out.stderr.contains(words), "{path}: {}", out.stderr);
        assert!(
            out.stderr.contains("not a spec file"),
            "{path}: {}",
            out.stderr
        );
    }
}

#[test]
fn list_skips_past_a_fifo_in_the_folder() {
    let dir = scratch("fifo_folder");
    mkfifo(&dir.join("a-pipe.toml"));
    std::fs::copy("specs/water-jugs.toml", dir.join("b-good.toml")).expect("copied");
    let out = outcome(
        puzzlespec()
            .args(["list", &dir.display().to_string()])
            .timeout(Duration::from_secs(20)),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("named pipe"), "{}", out.stdout);
    assert!(out.stdout.contains("Water jugs"), "{}", out.stdout);
}

#[test]
fn a_spec_over_the_size_bound_is_refused() {
    let dir = scratch("large");
    let spec = dir.join("large.toml");
    let mut text = std::fs::read_to_string("specs/water-jugs.toml").expect("the shipped spec");
    let filler = format!("# {}\n", "x".repeat(1020));
    while text.len() as u64 <= puzzlespec::spec::MAX_SPEC_BYTES {
        text.push_str(&filler);
    }
    std::fs::write(&spec, text).expect("written");
    let out = run(&["run", &spec.display().to_string()]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("larger than 16 MiB"), "{}", out.stderr);
}

#[test]
fn a_byte_that_is_not_utf8_is_named_by_offset_line_and_column() {
    let dir = scratch("utf8");
    let spec = dir.join("latin1.toml");
    let mut bytes = b"[puzzle]\nname = \"caf".to_vec();
    bytes.push(0xe9); // 'é' in Latin-1
    bytes.extend_from_slice(b"\"\nkind = \"water-jugs\"\n");
    std::fs::write(&spec, &bytes).expect("written");
    let spec = spec.display().to_string();
    let out = run(&["run", &spec]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    let offset = bytes.iter().position(|&b| b == 0xe9).expect("the byte");
    assert_eq!(offset, 20);
    assert!(
        out.stderr.contains(&format!("{spec}:2:12: ")),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("byte 0xe9 at byte offset 20"),
        "{}",
        out.stderr
    );
}

// --- Messages -------------------------------------------------------------------------------

#[test]
fn integers_beyond_toml_say_integer_too_large_at_their_place() {
    let dir = scratch("integers");
    let text = std::fs::read_to_string("specs/water-jugs.toml").expect("the shipped spec");
    let numbers = [
        "9223372036854775808",
        "-9223372036854775809",
        "170141183460469231731687303715884105728",
        "0x1FFFFFFFFFFFFFFFFF",
    ];
    for (i, n) in numbers.iter().enumerate() {
        let spec = dir.join(format!("n{i}.toml"));
        let changed = text.replace("capacities = [8, 5]", &format!("capacities = [{n}, 5]"));
        std::fs::write(&spec, changed).expect("written");
        let spec = spec.display().to_string();
        let out = run(&["run", &spec]);
        assert_eq!(out.code, 2, "{n}: {}", out.stderr);
        assert!(
            out.stderr
                .contains(&format!("{spec}:11:15: integer too large")),
            "{n}: {}",
            out.stderr
        );
        assert!(
            !out.stderr.contains("expected any valid TOML value"),
            "{}",
            out.stderr
        );
    }
    let out = run(&[
        "run",
        "specs/water-jugs.toml",
        "--set",
        "jugs.capacities=[99999999999999999999999,5]",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("--set:1:18: integer too large"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_goal_dividing_by_zero_is_false_there_with_a_note_at_the_divisor() {
    let out = run(&[
        "run",
        "specs/water-jugs.toml",
        "--set",
        "jugs.goal=\"A / (B - B) == 1\"",
    ]);
    // Every state divides by zero, so none meets the goal: exit 1, and the notes say why.
    assert_eq!(out.code, 1, "{}", out.stderr);
    // In the argument `jugs.goal="A / (B - B) == 1"` the divisor B - B starts at column 17.
    assert!(
        out.stdout
            .contains("--set:1:17: in the goal: division by zero"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("26 evaluations of the goal had no value")
    );
    assert!(out.stdout.contains("26 of the 26 states explored had none"));
}

#[test]
fn a_goal_dividing_by_zero_in_some_states_still_finds_the_answer() {
    // A / (B - 1) has no value where B = 1; elsewhere A = 8, B = 3 gives 4 (5 moves: the
    // shortest way to 3 L in B with A full, checked by hand: fill A, pour, empty B, pour, fill A).
    let out = run(&[
        "run",
        "specs/water-jugs.toml",
        "--set",
        "jugs.goal=\"A / (B - 1) == 4\"",
        "--json",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(json["cost"], 5);
}

#[test]
fn a_number_too_large_for_a_formula_says_its_range_in_words() {
    let out = run(&[
        "run",
        "specs/water-jugs.toml",
        "--set",
        "jugs.goal=\"A == 1000000000000000000000000000000000000000\"",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("too large"), "{}", out.stderr);
    assert!(!out.stderr.contains("bits"), "{}", out.stderr);
}

#[test]
fn deeply_nested_toml_values_are_refused_in_words() {
    let dir = scratch("nested_toml");
    let text = std::fs::read_to_string("specs/water-jugs.toml").expect("the shipped spec");
    let n = 10_000;
    let spec = dir.join("nested.toml");
    let value = format!("{}{}", "[".repeat(n), "]".repeat(n));
    std::fs::write(
        &spec,
        text.replace("initial = [0, 0]", &format!("initial = {value}")),
    )
    .expect("written");
    let spec = spec.display().to_string();
    let out = run(&["run", &spec]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains(&format!("{spec}:12:")),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("nests too deeply"), "{}", out.stderr);
    assert!(out.stderr.len() < 1_500, "{}", out.stderr.len());
}

// --- Memory ---------------------------------------------------------------------------------

/// specs/fifteen.toml (whose pattern databases take 64 MiB and more) with `max_memory` set.
fn fifteen_with_memory(dir: &Path, value: &str) -> String {
    let text = std::fs::read_to_string("specs/fifteen.toml").expect("the shipped spec");
    let old = "engine = \"auto\"";
    assert!(text.contains(old), "the shipped spec's [solve] changed");
    let spec = dir.join("fifteen.toml");
    let changed = text.replace(old, &format!("{old}\nmax_memory = {value}"));
    std::fs::write(&spec, changed).expect("written");
    spec.display().to_string()
}

#[test]
fn passing_the_memory_cap_is_a_report_and_exit_code_5() {
    // The pattern tables are reserved before they are built (or read from the cache): the
    // refusal is a report marked stopped that names the table and the cap (it was a message
    // on stderr before the tables were reserved, tests/resources.rs has the details).
    let out = run(&[
        "run",
        "--quiet",
        "--max-memory",
        "20M",
        "specs/fifteen.toml",
    ]);
    assert_eq!(out.code, 5, "{}", out.stderr);
    assert!(
        out.stdout.contains("memory in use came close to the cap"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("beyond the memory cap of 20.0 MiB"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("--max-memory"), "{}", out.stdout);
}

#[test]
fn the_spec_sets_the_cap_and_the_command_line_overrides_it() {
    let dir = scratch("memory");
    let spec = fifteen_with_memory(&dir, "\"20M\"");
    let out = run(&["run", "--quiet", &spec]);
    assert_eq!(out.code, 5, "{}", out.stderr);
    assert!(out.stdout.contains("cap of 20.0 MiB"), "{}", out.stdout);
    let out = run(&["run", "--quiet", "--max-memory", "30M", &spec]);
    assert_eq!(out.code, 5, "{}", out.stderr);
    assert!(out.stdout.contains("cap of 30.0 MiB"), "{}", out.stdout);
    let spec = fifteen_with_memory(&dir, "\"lots\"");
    let out = run(&["run", "--quiet", &spec]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .contains(&format!("{spec}:23:14: solve.max_memory")),
        "{}",
        out.stderr
    );
}

#[test]
fn help_on_a_full_device_or_a_closed_pipe() {
    let (code, stderr) = with_stdout_full(&["--help"]);
    assert_eq!(code, 4, "{stderr}");
    assert!(stderr.contains("cannot write the output"), "{stderr}");
    let (code, stderr) = with_closed_stdout(&["run", "--help"]);
    assert_eq!((code, stderr.as_str()), (0, ""));
    let out = run(&["bogus"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("unrecognized subcommand"),
        "{}",
        out.stderr
    );
    let out = run(&["--version"]);
    let version = format!("puzzlespec {}", env!("CARGO_PKG_VERSION"));
    assert_eq!((out.code, out.stdout.trim()), (0, version.as_str()));
}

/// A column as wide as a 70,000-character name: `{x:<w$}` panics past a width of 65,535, so
/// `list`, the boards and the sweep table pad by hand (issue 51: `list` exited 101).
#[test]
fn names_wider_than_a_format_width_are_listed_drawn_and_swept() {
    let dir = scratch("wide-names");
    let long = "A".repeat(70_000);
    let text = std::fs::read_to_string("specs/water-jugs.toml").expect("the shipped spec");
    let text = text
        .replace("Water jugs: 8 L and 5 L, measure 4 L", &"N".repeat(70_000))
        .replace(
            r#"names = ["A", "B"]"#,
            &format!(r#"names = ["{long}", "B"]"#),
        )
        .replace("A == 4", &format!("{long} == 4"));
    let spec = dir.join("wide.toml");
    std::fs::write(&spec, text).expect("written");
    let spec = spec.display().to_string();
    let listed = run(&["list", &dir.display().to_string()]);
    assert_eq!(listed.code, 0, "{}", listed.stderr);
    assert!(
        listed.stdout.contains(&"N".repeat(70_000)),
        "the name is listed whole"
    );
    let drawn = run(&["run", &spec, "--boards"]);
    assert_eq!(drawn.code, 0, "{}", drawn.stderr);
    assert!(
        drawn.stdout.contains("solved: 10 moves"),
        "{}",
        &drawn.stdout[..200]
    );
    let swept = run(&["run", &spec, "--sweep", "jugs.capacities=[[8, 5], [9, 5]]"]);
    assert_eq!(swept.code, 0, "{}", swept.stderr);
}

/// A rules spec whose one guard is `when`, with a move over `for`: (path, text).
fn rules_with_guard(dir: &Path, name: &str, over: &str, when: &str) -> String {
    let text = format!(
        "[puzzle]\nname = \"unroll\"\nkind = \"rules\"\n[state]\nx = \"0..3\"\n[start]\nx = 0\n\
         [[move]]\nname = \"go\"\nfor = \"{over}\"\nwhen = \"{when}\"\ndo = \"x = 3\"\n\
         [goal]\nreach = \"x == 3\"\n"
    );
    let path = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path.display().to_string()
}

/// Loading a rules spec unrolls its aggregates: bounded per aggregate (100,000 terms, nested
/// loops multiplied) and in all (5,000,000 terms over every move instance), refused at the
/// formula with the size, at once (issue 51: 27 million terms, silent for more than 20 s).
#[test]
fn rules_aggregates_unroll_within_bounds_at_load() {
    let dir = scratch("rules-unroll");
    let nested = rules_with_guard(
        &dir,
        "nested.toml",
        "i in 0..0",
        "sum(sum(sum(a * b * c for c in 0..300) for b in 0..300) for a in 0..300) > x",
    );
    let wide = rules_with_guard(
        &dir,
        "wide.toml",
        "i in 0..99999",
        "sum(k for k in 0..99) > i",
    );
    for (spec, column, words) in [
        (
            &nested,
            "11:17",
            &["27,270,901 terms", "100,000 allowed"][..],
        ),
        (&wide, "11:9", &["5,000,000 aggregate terms in all"][..]),
    ] {
        let t0 = std::time::Instant::now();
        let out = run(&["check", spec]);
        assert_eq!(out.code, 2, "{}", out.stderr);
        assert!(
            out.stderr.contains(&format!("{spec}:{column}: ")),
            "{}",
            out.stderr
        );
        for w in words {
            assert!(out.stderr.contains(w), "no `{w}` in {}", out.stderr);
        }
        assert!(t0.elapsed() < Duration::from_secs(10), "{:?}", t0.elapsed());
    }
    // Just below the bound: 46^3 = 97,336 terms load and solve.
    let below = rules_with_guard(
        &dir,
        "below.toml",
        "i in 0..0",
        "sum(sum(sum(1 for c in 0..45) for b in 0..45) for a in 0..45) == 97336",
    );
    let out = run(&["run", &below]);
    assert_eq!(out.code, 0, "{}", out.stderr);
}
