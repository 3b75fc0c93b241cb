//! Long lines wrap at word boundaries to the terminal's width, and only on a terminal. The
//! terminal is a pseudo-terminal made by util-linux `script`; without it the test says so and
//! checks only the pipe.

mod common;

use common::run;

const BIN: &str = env!("CARGO_BIN_EXE_puzzlespec");

/// What `puzzlespec ARGS` prints on a terminal of `cols` columns, or `None` without `script`.
fn on_terminal(cols: usize, args: &str) -> Option<String> {
    let command = format!("stty rows 24 cols {cols}; {BIN} {args}");
    let out = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).replace('\r', ""))
}

/// The words of `text`, with the parentheses a narrow `list` puts around the kind taken off.
fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| {
            w.trim_start_matches('(')
                .trim_end_matches([')', ':'])
                .to_string()
        })
        .collect()
}

/// The report without its last line (the time differs from run to run).
fn untimed(text: &str) -> &str {
    text.trim_end()
        .rsplit_once('\n')
        .map_or(text, |(head, _)| head)
}

#[test]
fn a_terminal_gets_wrapped_lines_and_a_pipe_whole_ones() {
    let piped = run(&["run", "specs/water-jugs.toml", "--quiet"]).stdout;
    let engine = piped.lines().nth(1).expect("the engine line");
    assert!(engine.len() > 60, "{engine}");
    let Some(shown) = on_terminal(60, "run specs/water-jugs.toml --quiet") else {
        eprintln!("skipped: util-linux `script` is not installed, no pseudo-terminal to test");
        return;
    };
    let too_long: Vec<&str> = shown.lines().filter(|l| l.chars().count() > 60).collect();
    assert!(too_long.is_empty(), "{too_long:?}");
    assert!(shown.lines().any(|l| l.starts_with("  search")), "{shown}");
    // The same words in the same order: only line breaks differ.
    assert!(words(untimed(&shown)) == words(untimed(&piped)), "{shown}");
}

#[test]
fn list_rows_wrap_under_a_terminal() {
    let Some(shown) = on_terminal(80, "list specs") else {
        eprintln!("skipped: util-linux `script` is not installed, no pseudo-terminal to test");
        return;
    };
    let too_long: Vec<&str> = shown.lines().filter(|l| l.chars().count() > 80).collect();
    assert!(too_long.is_empty(), "{too_long:?}");
    // Too narrow for the columns: each spec's file, name and (kind), then its summary.
    let piped = run(&["list", "specs"]).stdout;
    assert!(words(&shown) == words(&piped), "the words differ");
    let row = shown
        .lines()
        .find(|l| l.starts_with("specs/water-jugs.toml"));
    assert_eq!(
        row,
        Some("specs/water-jugs.toml: Water jugs: 8 L and 5 L, measure 4 L (water-jugs)")
    );
}
