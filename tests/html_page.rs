//! `--html` and `--svg`: the files are written (or refused with a clear message), and the page
//! works in a real browser. The browser tests load the page in headless Chromium, step through
//! the first solution with the page's own controls (its Next button, its Play button, the arrow
//! key), and compare the position the page then shows with the goal this test reads from the
//! spec itself. Without Chromium they print why they are skipped and pass, except under `CI=true`
//! (`.ci/run` installs Chromium and sets it), where they fail.

mod common;

use common::{puzzlespec, run, run_json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh folder for this test's files.
fn scratch(name: &str) -> PathBuf {
    common::scratch_in("html_page", name)
}

/// Runs `puzzlespec run SPEC ARGS --html PAGE` and returns the page.
fn write_page(spec: &str, args: &[&str], page: &Path) -> String {
    let out = common::outcome(
        puzzlespec()
            .args(["run", spec, "--quiet", "--html"])
            .arg(page)
            .args(args),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    std::fs::read_to_string(page).expect("the page was written")
}

#[test]
fn an_unwritable_path_is_refused_before_the_search_with_the_path_and_the_reason() {
    let dir = scratch("unwritable");
    let missing = dir.join("no-such-folder").join("page.html");
    let out = common::outcome(
        puzzlespec()
            .args(["run", "specs/triangle15.toml", "--html"])
            .arg(&missing),
    );
    assert_eq!(out.code, 4, "{}", out.stderr);
    assert!(
        out.stderr.contains("cannot write the HTML page to"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains(&missing.display().to_string()));
    assert!(
        out.stderr.contains("No such file or directory"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.is_empty(), "solved anyway: {}", out.stdout);
    let folder = common::outcome(
        puzzlespec()
            .args(["run", "specs/triangle15.toml", "--svg"])
            .arg(&dir),
    );
    assert_eq!(folder.code, 4, "{}", folder.stderr);
    assert!(
        folder.stderr.contains("cannot write the SVG drawing"),
        "{}",
        folder.stderr
    );
}

#[test]
fn two_documents_on_stdout_are_a_usage_error() {
    let out = run(&["run", "specs/triangle15.toml", "--html", "-", "--json"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("--html and --json would all write to standard output")
    );
    let out = run(&[
        "run",
        "specs/triangle15.toml",
        "--html",
        "x.html",
        "--sweep",
        "goal.pegs=1..2",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
}

#[test]
fn the_page_on_stdout_replaces_the_text_report_and_json_is_unchanged() {
    let out = run(&["run", "specs/water-jugs.toml", "--quiet", "--html", "-"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("<!DOCTYPE html>"), "{}", out.stdout);
    assert!(out.stdout.trim_end().ends_with("</html>"));
    let dir = scratch("json");
    let (plain, _) = run_json(&["specs/water-jugs.toml"]);
    let (with_page, _) = run_json(&[
        "specs/water-jugs.toml",
        "--svg",
        dir.join("a.svg").to_str().unwrap(),
    ]);
    let without_time = |mut v: serde_json::Value| {
        v["stats"]["elapsed_ms"] = 0.into();
        v
    };
    assert_eq!(without_time(plain), without_time(with_page));
    let svg = std::fs::read_to_string(dir.join("a.svg")).expect("the SVG was written");
    assert!(
        svg.starts_with("<?xml") && svg.trim_end().ends_with("</svg>"),
        "{svg}"
    );
}

#[test]
fn a_failed_solve_leaves_no_page_behind_and_an_old_one_as_it_was() {
    let dir = scratch("failed");
    let page = dir.join("page.html");
    // A spec refused at load (a negative peg count): exit 2, no report to write.
    let failed_run = || {
        common::outcome(
            puzzlespec()
                .args([
                    "run",
                    "specs/triangle15.toml",
                    "--set",
                    "goal.pegs=-1",
                    "--html",
                ])
                .arg(&page),
        )
    };
    let out = failed_run();
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(!page.exists(), "an empty page was left");
    // An existing file stays as it was.
    std::fs::write(&page, "kept").unwrap();
    let out = failed_run();
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert_eq!(std::fs::read_to_string(&page).unwrap(), "kept");
}

#[test]
fn the_spec_text_is_escaped_in_the_page_and_the_drawing() {
    let dir = scratch("escape");
    let name = r#"puzzle.name="<i>Tom & \"Jerry\"</i>""#;
    let svg = dir.join("a.svg");
    let page = write_page(
        "specs/eight.toml",
        &["--set", name, "--svg", svg.to_str().unwrap()],
        &dir.join("a.html"),
    );
    let svg = std::fs::read_to_string(svg).expect("the SVG was written");
    for text in [&page, &svg] {
        assert!(text.contains("&lt;i&gt;Tom &amp; &quot;Jerry&quot;&lt;/i&gt;"));
        assert!(!text.contains("<i>Tom"));
    }
}

// ---- In the browser ----

/// The Chromium binary; without one the test is skipped, except under `CI=true` (set by
/// `.ci/run`, which installs Chromium), where a missing browser fails the test.
fn browser_or_skip() -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        let ci = std::env::var("CI").is_ok_and(|v| v == "true");
        assert!(
            !ci,
            "CI=true but no Chromium could be started (apt-get install chromium)"
        );
        println!("skipped: no chromium on this machine (apt-get install chromium)");
    }
    found
}

/// Headless Chromium as root in a container. The machine may have no network: without the
/// last four Chromium keeps trying to reach its update and sync services.
const HEADLESS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// The Chromium binary, when one is installed.
fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| {
            let ok = Command::new(name).arg("--version").output().ok()?;
            ok.status.success().then(|| PathBuf::from(name))
        })
}

/// The DOM of `page` opened at `fragment`, after the page's timers have run.
fn dump_dom(browser: &Path, page: &Path, fragment: &str) -> String {
    let url = format!("file://{}#{fragment}", page.display());
    let out = Command::new(browser)
        .args(HEADLESS)
        .arg("--virtual-time-budget=120000")
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 DOM")
}

/// The value of attribute `name` in the start tag that begins `tag`.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let head = &tag[..tag.find('>')?];
    let start = head.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(&head[start..start + head[start..].find('"')?])
}

/// Where the self-test ended: the frame shown, and how often it pressed a control.
struct Shown {
    frame: usize,
    presses: usize,
    /// The visible frame's state, as `--json` gives it.
    state: serde_json::Value,
    /// The visible frame's drawn cells, each its `data-` attributes.
    cells: Vec<BTreeMap<&'static str, String>>,
    /// The visible frame's drawn bars: label, level, capacity.
    bars: Vec<(String, u64, u64)>,
}

/// An attribute's text as Chromium serialises it, entities replaced.
fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Reads the finished self-test from a dumped DOM: the body's record, and the cells of the one
/// frame that is not hidden (which must be the frame the record names).
fn shown(dom: &str) -> Shown {
    let body = &dom[dom.find("<body").expect("a body")..];
    assert_eq!(
        attribute(body, "data-selftest"),
        Some("done"),
        "the self-test did not finish"
    );
    let frame: usize = attribute(body, "data-selftest-frame")
        .unwrap()
        .parse()
        .unwrap();
    let presses = attribute(body, "data-selftest-presses")
        .unwrap()
        .parse()
        .unwrap();
    let visible: Vec<&str> = dom
        .match_indices("<figure class=\"frame\"")
        .map(|(i, _)| &dom[i..])
        .filter(|f| !f[..f.find('>').unwrap()].contains("hidden"))
        .collect();
    assert_eq!(visible.len(), 1, "one frame is shown");
    let figure = &visible[0][..visible[0].find("</figure>").unwrap()];
    assert_eq!(
        attribute(figure, "data-frame"),
        Some(frame.to_string().as_str())
    );
    let cells = figure
        .match_indices("<g class=\"cell\"")
        .map(|(i, _)| {
            let tag = &figure[i..];
            let mut cell = BTreeMap::new();
            for key in [
                "data-row",
                "data-col",
                "data-col-label",
                "data-row-label",
                "data-content",
                "data-text",
            ] {
                if let Some(v) = attribute(tag, key) {
                    cell.insert(key, v.to_string());
                }
            }
            cell
        })
        .collect();
    let bars = figure
        .match_indices("<g class=\"bar\"")
        .map(|(i, _)| {
            let tag = &figure[i..];
            let number = |key| attribute(tag, key).unwrap().parse().unwrap();
            let label = unescape(attribute(tag, "data-label").unwrap());
            (label, number("data-level"), number("data-capacity"))
        })
        .collect();
    let state = serde_json::from_str(&unescape(attribute(figure, "data-state").unwrap()))
        .expect("the frame's state is JSON");
    Shown {
        frame,
        presses,
        state,
        cells,
        bars,
    }
}

/// The English board's start as the spec draws it: label `d4` -> holds a peg.
fn drawn_holes(spec: &str) -> BTreeMap<String, bool> {
    let doc: toml::Table = toml::from_str(&std::fs::read_to_string(spec).unwrap()).unwrap();
    let drawing = doc["board"]["drawing"].as_str().unwrap();
    let mut holes = BTreeMap::new();
    for (r, line) in drawing.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        for (c, ch) in line.chars().enumerate() {
            if ch == 'o' || ch == '.' {
                let label = format!("{}{}", (b'a' + c as u8) as char, r + 1);
                holes.insert(label, ch == 'o');
            }
        }
    }
    holes
}

/// The pegs a frame shows, by the labels the moves use.
fn pegs_shown(shown: &Shown) -> BTreeMap<String, bool> {
    shown
        .cells
        .iter()
        .filter(|c| c["data-content"] != "off")
        .map(|c| {
            let label = format!("{}{}", c["data-col-label"], c["data-row-label"]);
            (label, c["data-content"] == "piece")
        })
        .collect()
}

#[test]
fn the_peg_playback_ends_on_the_goal_by_next_play_and_the_arrow_key() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let spec = "specs/english33.toml";
    let args = ["--objective", "any"];
    let (json, _) = run_json(&[spec, args[0], args[1]]);
    let moves = json["solutions"][0].as_array().expect("a solution").len();
    let dir = scratch("pegs");
    let page = dir.join("english33.html");
    write_page(spec, &args, &page);
    // The goal, read from the spec: one peg, in the centre d4, every other hole empty.
    let holes = drawn_holes(spec);
    let goal: BTreeMap<String, bool> = holes.keys().map(|h| (h.clone(), h == "d4")).collect();
    for mode in ["next", "play", "keys"] {
        let end = shown(&dump_dom(&browser, &page, &format!("selftest-{mode}")));
        assert_eq!(end.frame, moves, "{mode}: the last frame");
        if mode != "play" {
            assert_eq!(end.presses, moves, "{mode}: one press per move");
        }
        assert_eq!(
            end.state,
            serde_json::json!({"pegs": ["d4"]}),
            "{mode}: the end"
        );
        let drawn = pegs_shown(&end);
        assert_eq!(drawn, goal, "{mode}: the position drawn at the end");
    }
    // Back at the start (the last button, then the first), the page shows the spec's drawing.
    let start = shown(&dump_dom(&browser, &page, "selftest-start"));
    let pegs: Vec<&String> = holes
        .iter()
        .filter(|(_, peg)| **peg)
        .map(|(h, _)| h)
        .collect();
    let mut start_pegs: Vec<String> =
        serde_json::from_value(start.state["pegs"].clone()).expect("a list of pegs");
    start_pegs.sort();
    assert_eq!(start_pegs.iter().collect::<Vec<_>>(), pegs);
    assert_eq!(pegs_shown(&start), holes, "the position drawn at the start");
}

/// The tiles a frame shows, row by row (0 for the blank).
fn tiles_shown(shown: &Shown) -> Vec<i64> {
    let mut cells: Vec<(usize, usize, i64)> = shown
        .cells
        .iter()
        .filter(|c| c["data-content"] != "off")
        .map(|c| {
            let tile = c
                .get("data-text")
                .map_or(0, |t| t.parse().expect("a tile number"));
            (
                c["data-row"].parse().unwrap(),
                c["data-col"].parse().unwrap(),
                tile,
            )
        })
        .collect();
    cells.sort();
    cells.into_iter().map(|(_, _, tile)| tile).collect()
}

#[test]
fn the_tiles_playback_ends_on_the_spec_goal() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let spec = "specs/eight.toml";
    let doc: toml::Table = toml::from_str(&std::fs::read_to_string(spec).unwrap()).unwrap();
    let numbers = |key: &str| -> Vec<i64> {
        let list = doc["board"][key].as_array().unwrap();
        list.iter().map(|v| v.as_integer().unwrap()).collect()
    };
    let (json, _) = run_json(&[spec]);
    let cost = json["cost"].as_u64().expect("a cost") as usize;
    let page = scratch("tiles").join("eight.html");
    write_page(spec, &[], &page);
    let end = shown(&dump_dom(&browser, &page, "selftest-next"));
    assert_eq!((end.frame, end.presses), (cost, cost));
    assert_eq!(end.state, serde_json::json!(numbers("goal")));
    let start = shown(&dump_dom(&browser, &page, "selftest-start"));
    assert_eq!(start.state, serde_json::json!(numbers("start")));
    assert_eq!(
        tiles_shown(&end),
        numbers("goal"),
        "the tiles drawn at the end"
    );
    assert_eq!(
        tiles_shown(&start),
        numbers("start"),
        "the tiles drawn at the start"
    );
}

#[test]
fn the_jugs_playback_plays_to_the_goal() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let spec = "specs/water-jugs.toml";
    let doc: toml::Table = toml::from_str(&std::fs::read_to_string(spec).unwrap()).unwrap();
    let jugs = doc["jugs"].as_table().unwrap();
    let list = |key: &str| -> Vec<toml::Value> { jugs[key].as_array().unwrap().clone() };
    // The goal this test knows how to check: 4 litres in either jug.
    assert_eq!(jugs["goal"].as_str(), Some("A == 4 or B == 4"));
    let names: Vec<String> = list("names")
        .iter()
        .map(|v| v.as_str().unwrap().into())
        .collect();
    let capacity: Vec<u64> = list("capacities")
        .iter()
        .map(|v| v.as_integer().unwrap() as u64)
        .collect();
    let initial: Vec<u64> = list("initial")
        .iter()
        .map(|v| v.as_integer().unwrap() as u64)
        .collect();
    let (json, _) = run_json(&[spec]);
    let cost = json["cost"].as_u64().expect("a cost") as usize;
    let page = scratch("jugs").join("jugs.html");
    write_page(spec, &[], &page);
    let end = shown(&dump_dom(&browser, &page, "selftest-play"));
    assert_eq!(end.frame, cost, "Play stops at the last move");
    let labels: Vec<&String> = end.bars.iter().map(|(l, _, _)| l).collect();
    assert_eq!(labels, names.iter().collect::<Vec<_>>());
    assert_eq!(end.bars.iter().map(|b| b.2).collect::<Vec<_>>(), capacity);
    assert!(
        end.bars.iter().any(|b| b.1 == 4),
        "no jug holds 4 L: {:?}",
        end.bars
    );
    let start = shown(&dump_dom(&browser, &page, "selftest-start"));
    assert_eq!(start.bars.iter().map(|b| b.1).collect::<Vec<_>>(), initial);
}

/// The picture in docs/images/playback.png: the English board after ten moves. Set
/// `PUZZLESPEC_UPDATE_DOCS=1` to write it there; otherwise it goes to the scratch folder.
#[test]
fn a_screenshot_of_the_playback() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let dir = scratch("screenshot");
    let page = dir.join("english33.html");
    write_page("specs/english33.toml", &["--objective", "any"], &page);
    let shot = match std::env::var_os("PUZZLESPEC_UPDATE_DOCS") {
        Some(_) => PathBuf::from("docs/images/playback.png"),
        None => dir.join("playback.png"),
    };
    let out = Command::new(&browser)
        .args(HEADLESS)
        .args([
            "--hide-scrollbars",
            "--window-size=900,760",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("file://{}#frame-10", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let png = std::fs::read(&shot).expect("the screenshot was written");
    assert!(
        png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 10_000,
        "not a picture"
    );
}

/// `--svg` of a placement: the queens drawn are eight, and no two attack each other (checked
/// here, not taken from the program).
#[test]
fn the_svg_of_a_queens_placement_draws_eight_non_attacking_queens() {
    let out = run(&[
        "run",
        "specs/queens8.toml",
        "--quiet",
        "--limit",
        "1",
        "--svg",
        "-",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let queens: Vec<(i64, i64)> = out
        .stdout
        .match_indices("<g class=\"cell\"")
        .map(|(i, _)| &out.stdout[i..])
        .filter(|tag| attribute(tag, "data-content") == Some("named"))
        .map(|tag| {
            let number = |key| attribute(tag, key).unwrap().parse::<i64>().unwrap();
            (number("data-row"), number("data-col"))
        })
        .collect();
    assert_eq!(queens.len(), 8, "{}", out.stdout);
    for (i, a) in queens.iter().enumerate() {
        for b in &queens[i + 1..] {
            let attack = a.0 == b.0 || a.1 == b.1 || (a.0 - b.0).abs() == (a.1 - b.1).abs();
            assert!(!attack, "{a:?} and {b:?} attack each other");
        }
    }
}
