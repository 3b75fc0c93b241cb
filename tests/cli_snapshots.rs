//! Snapshots of the text output, colour off (stdout is a pipe here, so no wrapping either).
//! Timings vary from run to run and are redacted before comparing.

mod common;

use common::run;

/// `elapsed: 38 ms`, `  2.4 s` in a table, `; 1.2 s wall`: every duration becomes `[time]`.
fn redact_times(text: &str) -> String {
    let units = [" ms", " s", " min", " h"];
    let mut out = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        let mut kept: Vec<String> = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let number = words[i].trim_start_matches('(').parse::<f64>().is_ok();
            let unit = words
                .get(i + 1)
                .map(|u| u.trim_end_matches([',', ';', ')']));
            if number && unit.is_some_and(|u| units.contains(&format!(" {u}").as_str())) {
                kept.push("[time]".to_string());
                i += 2;
                continue;
            }
            kept.push(words[i].to_string());
            i += 1;
        }
        out.push(kept.join(" "));
    }
    out.join("\n")
}

#[test]
fn redaction_replaces_every_duration() {
    assert_eq!(
        redact_times("states: 22, elapsed: 0.14 ms\n[0]  counted  29,760  1.2 s"),
        "states: 22, elapsed: [time]\n[0]  counted  29,760  [time]"
    );
}

#[test]
fn run_text() {
    let out = run(&["run", "specs/water-jugs.toml"]);
    insta::assert_snapshot!(redact_times(&out.stdout));
}

#[test]
fn run_text_with_a_listing() {
    let out = run(&["run", "specs/triangle15.toml", "--limit", "2", "--quiet"]);
    insta::assert_snapshot!(redact_times(&out.stdout));
}

#[test]
fn check_text() {
    let out = run(&[
        "check",
        "specs/water-jugs.toml",
        "specs/queens8.toml",
        "tests/bad/codebreaker-no-secret.toml",
        "--color",
        "never",
    ]);
    insta::assert_snapshot!(format!("{}\n--- stderr\n{}", out.stdout, out.stderr));
}

#[test]
fn sweep_table() {
    let out = run(&[
        "run",
        "specs/queens-count.toml",
        "--sweep",
        "board.n=4..8",
        "--quiet",
    ]);
    insta::assert_snapshot!(redact_times(&out.stdout));
}

#[test]
fn new_lists_the_kinds() {
    insta::assert_snapshot!(run(&["new"]).stdout);
}

#[test]
fn a_starter_spec() {
    insta::assert_snapshot!(run(&["new", "water-jugs"]).stdout);
}
