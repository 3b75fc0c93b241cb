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

/// `puzzlespec ARGS` with boards laid out to `columns` (stdout is a pipe: `COLUMNS` gives the
/// width), colour off.
fn boards(columns: usize, args: &[&str]) -> String {
    let out = common::outcome(
        common::puzzlespec()
            .args(args)
            .args(["--boards", "--quiet", "--color", "never"])
            .env("COLUMNS", columns.to_string()),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    redact_times(&out.stdout)
}

#[test]
fn boards_of_a_peg_solution() {
    let args = ["run", "specs/hoppers-drawn.toml", "--objective", "shortest"];
    insta::assert_snapshot!(boards(80, &args));
}

#[test]
fn boards_side_by_side_at_a_fixed_width() {
    // Triangle boards are 27 columns wide: two to a row in 60 columns, one in 56.
    let args = ["run", "specs/triangle15.toml", "--limit", "1"];
    let wide = boards(60, &args);
    insta::assert_snapshot!(wide);
    // The boards: from the start's caption to the statistics.
    let board_lines = |text: &str| -> Vec<String> {
        text.lines()
            .skip_while(|l| !l.starts_with("0  start"))
            .take_while(|l| !l.starts_with("states:"))
            .map(String::from)
            .collect()
    };
    assert!(board_lines(&wide).iter().all(|l| l.chars().count() <= 60));
    let narrow = boards(56, &args);
    let captions = |text: &str| {
        board_lines(text)
            .iter()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .count()
    };
    assert_eq!(captions(&wide), 5, "{wide}");
    assert_eq!(captions(&narrow), 10, "{narrow}");
}

#[test]
fn boards_mark_the_move_in_colour_only_when_asked() {
    let args = [
        "run",
        "specs/hoppers-drawn.toml",
        "--objective",
        "shortest",
        "--boards",
    ];
    let coloured = common::outcome(common::puzzlespec().args(args).args(["--color", "always"]));
    assert!(
        coloured.stdout.contains("\x1b[1;30;42m o \x1b[0m"),
        "{}",
        coloured.stdout
    );
    assert!(!coloured.stdout.contains("[o]"));
    let plain = common::outcome(common::puzzlespec().args(args).env("NO_COLOR", "1"));
    assert!(!plain.stdout.contains('\x1b'));
    assert!(plain.stdout.contains("[o]"));
}

#[test]
fn boards_of_sliding_tiles_mark_the_tile_moved() {
    // The first moves of the seed's start: 5 down, 6 down, 7 left (the tile in brackets, the cell
    // it left in parentheses); only the first rows of boards are kept.
    let text = boards(60, &["run", "specs/eight.toml"]);
    let shown: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("0  start"))
        .take(9)
        .collect();
    insta::assert_snapshot!(shown.join("\n"));
}

#[test]
fn boards_on_a_batch_print_one_line_per_instance() {
    let starts = "board.starts=[[8,6,7,2,5,4,3,0,1],[1,2,3,4,5,6,7,0,8],[1,2,3,4,5,6,0,7,8]]";
    let args = [
        "run",
        "specs/eight.toml",
        "--unset",
        "board.start",
        "--set",
        starts,
    ];
    let text = boards(80, &args);
    let instances: Vec<&str> = text.lines().filter(|l| l.contains("| tiles:")).collect();
    assert_eq!(instances.len(), 3, "{text}");
    assert!(instances[1].ends_with("tiles: 8") && instances[2].ends_with("tiles: 7 8"));
    assert!(
        !text.contains("0  start") && !text.contains("[8]"),
        "{text}"
    );
}

#[test]
fn boards_of_water_jugs_are_bars() {
    insta::assert_snapshot!(boards(80, &["run", "specs/water-jugs.toml"]));
}

#[test]
fn boards_of_queens_placements() {
    // Three boards of 26 columns fit in 84 columns, two in 80: the layout follows the width.
    let args = ["run", "specs/queens8.toml", "--limit", "3"];
    insta::assert_snapshot!(boards(84, &args));
    let narrow = boards(80, &args);
    let captions: Vec<&str> = narrow.lines().filter(|l| l.contains("  (0 ")).collect();
    assert_eq!(captions.len(), 2, "{narrow}");
}

#[test]
fn boards_of_sliding_blocks_mark_the_block_moved() {
    insta::assert_snapshot!(boards(80, &["run", "specs/rush-hour.toml"]));
}

#[test]
fn boards_of_a_codebreaker_game_are_its_table_of_guesses() {
    insta::assert_snapshot!(boards(80, &["run", "specs/bulls-and-cows.toml"]));
}

#[test]
fn boards_of_rules_draw_the_display_array() {
    insta::assert_snapshot!(boards(80, &["run", "tests/rules-display.toml"]));
    // Without [display], rules print as without --boards.
    let plain = boards(
        80,
        &["run", "tests/rules-display.toml", "--unset", "display"],
    );
    assert!(plain.contains("\n1  switch 0  on=[1,0,0,0,0,0]\n"), "{plain}");
}
