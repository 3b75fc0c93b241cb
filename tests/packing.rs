//! The packing family end to end: the shipped specs against their published figures (cited in
//! docs/packing.md), small boards against a naive tiler written here, and bad specs.

mod common;

use common::{expect_error, run_json, scratch_in};
use serde_json::Value;
use std::collections::BTreeSet;

fn counted(spec: &str) -> (u64, u64) {
    let (doc, code) = run_json(&[spec]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["status"], "counted", "{doc}");
    let all = doc["count"].as_u64().unwrap();
    let classes = doc["count_up_to_symmetry"].as_u64().unwrap();
    (all, classes)
}

#[test]
fn pentominoes_6x10_tile_9356_ways_2339_up_to_symmetry() {
    assert_eq!(counted("specs/pentominoes-6x10.toml"), (9_356, 2_339));
}

#[test]
fn pentominoes_3x20_tile_8_ways_2_up_to_symmetry() {
    assert_eq!(counted("specs/pentominoes-3x20.toml"), (8, 2));
}

#[test]
fn pentominoes_8x8_with_a_centre_hole_tile_520_ways_65_up_to_symmetry() {
    assert_eq!(counted("specs/pentominoes-8x8-hole.toml"), (520, 65));
}

#[test]
fn the_soma_cube_has_11520_packings_240_up_to_its_48_symmetries() {
    let (doc, _) = run_json(&["specs/soma-cube.toml"]);
    assert_eq!(doc["symmetries"], 48);
    assert_eq!(counted("specs/soma-cube.toml"), (11_520, 240));
}

/// A naive tiler: every tiling of a `rows` x `cols` board by copies of the given orientations
/// (as (row, col) offsets from the shape's first cell in reading order), as a grid of shape
/// numbers per placed piece. Fills the first empty cell in reading order, tries every shape.
fn naive_tilings(rows: usize, cols: usize, shapes: &[Vec<(i32, i32)>]) -> Vec<Vec<usize>> {
    fn go(
        grid: &mut Vec<usize>,
        rows: usize,
        cols: usize,
        shapes: &[Vec<(i32, i32)>],
        next: usize,
        out: &mut Vec<Vec<usize>>,
    ) {
        let Some(first) = grid.iter().position(|&v| v == 0) else {
            out.push(grid.clone());
            return;
        };
        let (r0, c0) = ((first / cols) as i32, (first % cols) as i32);
        for shape in shapes {
            let cells: Option<Vec<usize>> = shape
                .iter()
                .map(|&(dr, dc)| {
                    let (r, c) = (r0 + dr, c0 + dc);
                    let inside = r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols;
                    let i = r as usize * cols + c as usize;
                    (inside && grid[i] == 0).then_some(i)
                })
                .collect();
            if let Some(cells) = cells {
                cells.iter().for_each(|&i| grid[i] = next);
                go(grid, rows, cols, shapes, next + 1, out);
                cells.iter().for_each(|&i| grid[i] = 0);
            }
        }
    }
    let mut out = Vec::new();
    go(&mut vec![0; rows * cols], rows, cols, shapes, 1, &mut out);
    out
}

/// The tiling's partition into pieces, independent of how the pieces are numbered: for each
/// cell, the first cell of its piece.
fn partition(grid: &[usize]) -> Vec<usize> {
    grid.iter()
        .map(|v| grid.iter().position(|w| w == v).unwrap())
        .collect()
}

/// Tilings up to the rectangle's symmetries (4, or 8 for a square), by brute force.
fn classes(rows: usize, cols: usize, tilings: &[Vec<usize>]) -> usize {
    let mut seen = BTreeSet::new();
    for t in tilings {
        let at = |r: usize, c: usize| t[r * cols + c];
        let mut images: Vec<Vec<usize>> = Vec::new();
        let flips = |f: &dyn Fn(usize, usize) -> (usize, usize)| {
            (0..rows * cols)
                .map(|i| {
                    let (r, c) = f(i / cols, i % cols);
                    at(r, c)
                })
                .collect::<Vec<usize>>()
        };
        images.push(flips(&|r, c| (r, c)));
        images.push(flips(&|r, c| (rows - 1 - r, c)));
        images.push(flips(&|r, c| (r, cols - 1 - c)));
        images.push(flips(&|r, c| (rows - 1 - r, cols - 1 - c)));
        if rows == cols {
            images.push(flips(&|r, c| (c, r)));
            images.push(flips(&|r, c| (cols - 1 - c, r)));
            images.push(flips(&|r, c| (c, rows - 1 - r)));
            images.push(flips(&|r, c| (cols - 1 - c, rows - 1 - r)));
        }
        let least = images.iter().map(|g| partition(g)).min().unwrap();
        seen.insert(least);
    }
    seen.len()
}

fn spec_file(test: &str, text: &str) -> String {
    let dir = scratch_in("packing", test);
    let path = dir.join("spec.toml");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

fn board(rows: usize, cols: usize) -> String {
    let row = ".".repeat(cols);
    vec![row; rows].join("\n")
}

#[test]
fn dominoes_on_small_rectangles_match_the_naive_tiler() {
    let domino = vec![vec![(0, 0), (0, 1)], vec![(0, 0), (1, 0)]];
    for (rows, cols) in [(2, 3), (2, 6), (3, 4), (4, 4), (4, 5), (3, 6)] {
        let want = naive_tilings(rows, cols, &domino);
        let text = format!(
            "[puzzle]\nname = \"d\"\nkind = \"packing\"\n[board]\ndrawing = \"\"\"\n{}\n\"\"\"\n[[pieces]]\nname = \"D\"\ndrawing = \"..\"\ncount = {}\n[solve]\nobjective = \"count\"\n",
            board(rows, cols),
            rows * cols / 2
        );
        let spec = spec_file(&format!("dominoes-{rows}x{cols}"), &text);
        let (all, up_to) = counted(&spec);
        assert_eq!(all, want.len() as u64, "{rows}x{cols}");
        assert_eq!(up_to, classes(rows, cols, &want) as u64, "{rows}x{cols}");
    }
}

/// Beyond the naive tiler's reach: the domino tilings of 6x8 and 7x8 boards, 167,089 and
/// 1,292,697 (OEIS A099390, the table of domino tilings of m x n rectangles). A count of a
/// million packings each checked against its images under the symmetries.
#[test]
fn dominoes_on_6x8_and_7x8_boards_match_the_known_counts() {
    for (rows, want) in [(6, 167_089u64), (7, 1_292_697)] {
        let text = format!(
            "[puzzle]\nname = \"d\"\nkind = \"packing\"\n[board]\ndrawing = \"\"\"\n{}\n\"\"\"\n[[pieces]]\nname = \"D\"\ndrawing = \"..\"\ncount = {}\n[solve]\nobjective = \"count\"\n",
            board(rows, 8),
            rows * 4
        );
        let spec = spec_file(&format!("dominoes-{rows}x8"), &text);
        let (all, _) = counted(&spec);
        assert_eq!(all, want, "{rows}x8");
    }
}

#[test]
fn l_trominoes_and_a_listing_match_the_naive_tiler() {
    // The four turns of the L tromino (its mirror images are among them), offsets from the
    // first cell in reading order.
    let l = vec![
        vec![(0, 0), (1, 0), (1, 1)],
        vec![(0, 0), (0, 1), (1, 0)],
        vec![(0, 0), (0, 1), (1, 1)],
        vec![(0, 0), (1, 0), (1, -1)],
    ];
    for (rows, cols) in [(2, 3), (3, 4), (2, 9), (6, 4)] {
        let want = naive_tilings(rows, cols, &l);
        let text = format!(
            "[puzzle]\nname = \"l\"\nkind = \"packing\"\n[board]\ndrawing = \"\"\"\n{}\n\"\"\"\n[[pieces]]\nname = \"L\"\ndrawing = \"\"\"\n.\n..\n\"\"\"\ncount = {}\n[solve]\nobjective = \"all\"\nlimit = 100000\n",
            board(rows, cols),
            rows * cols / 3
        );
        let spec = spec_file(&format!("l-{rows}x{cols}"), &text);
        let (doc, code) = run_json(&[&spec]);
        assert_eq!(code, 0, "{doc}");
        assert_eq!(doc["count"], want.len() as u64, "{rows}x{cols}");
        // Each listed packing, read back from its letters, is a tiling the naive tiler found:
        // with one piece kind the letters say which cells are covered, so check the cover and
        // the piece count instead.
        for p in doc["packings"].as_array().unwrap() {
            let text: Vec<&str> = p
                .as_array()
                .unwrap()
                .iter()
                .map(Value::as_str)
                .map(Option::unwrap)
                .collect();
            assert_eq!(text.len(), rows);
            assert!(
                text.iter()
                    .all(|r| r.len() == cols && r.chars().all(|c| c == 'L' || c == 'l'))
            );
        }
    }
}

#[test]
fn spare_pieces_and_empty_cells_are_inexact_covers() {
    // A 2x2 board from two dominoes and a spare one: the 2 tilings by dominoes.
    let spare = "[puzzle]\nname = \"s\"\nkind = \"packing\"\n[board]\ndrawing = \"\"\"\n..\n..\n\"\"\"\nspare_pieces = true\n[[pieces]]\nname = \"D\"\ndrawing = \"..\"\ncount = 3\n[solve]\nobjective = \"count\"\n";
    assert_eq!(counted(&spec_file("spare", spare)).0, 2);
    // One domino on a 1x3 strip, a cell left empty: 2 ways.
    let empty = "[puzzle]\nname = \"e\"\nkind = \"packing\"\n[board]\ndrawing = \"...\"\nempty_cells = true\n[[pieces]]\nname = \"D\"\ndrawing = \"..\"\n[solve]\nobjective = \"count\"\n";
    assert_eq!(counted(&spec_file("empty", empty)).0, 2);
}

#[test]
fn a_tiling_is_drawn_with_a_letter_per_piece() {
    let (doc, code) = run_json(&["specs/pentominoes-3x20.toml", "--objective", "any"]);
    assert_eq!(code, 0);
    let rows: Vec<String> = doc["packings"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    assert_eq!(rows.len(), 3);
    // Each of the 12 letters covers 5 cells.
    let all: String = rows.concat();
    for letter in "FILNPTUVWXYZ".chars() {
        assert_eq!(all.chars().filter(|&c| c == letter).count(), 5, "{letter}");
    }
}

const HEAD: &str = "[puzzle]\nname = \"bad\"\nkind = \"packing\"\n";

#[test]
fn a_disconnected_piece_is_refused_at_its_cell() {
    let text = format!(
        "{HEAD}[board]\ndrawing = \"....\"\n[[pieces]]\nname = \"Q\"\ndrawing = \"\"\"\n.\n .\n\"\"\"\ncount = 2\n"
    );
    let spec = spec_file("disconnected", &text);
    expect_error(
        &spec,
        "10:2",
        &["piece Q is not connected", "row 2, column 2"],
    );
}

#[test]
fn a_cell_count_the_pieces_cannot_fill_is_refused_before_search() {
    let text = format!(
        "{HEAD}[board]\ndrawing = \".....\"\n[[pieces]]\nname = \"D\"\ndrawing = \"..\"\ncount = 2\n"
    );
    let spec = spec_file("count", &text);
    expect_error(&spec, "5:11", &["the pieces have 4 cells and the board 5"]);
    let spare = text.replace("count = 2", "count = 9").replace(
        "drawing = \".....\"",
        "drawing = \".....\"\nspare_pieces = true",
    );
    let spec = spec_file("spare-count", &spare);
    expect_error(
        &spec,
        "5:11",
        &["no choice of the pieces", "board's 5 cells"],
    );
}

#[test]
fn ragged_layers_are_refused() {
    let text = format!(
        "{HEAD}[board]\nlayers = [\"..\\n..\", \"..\"]\n[[pieces]]\nname = \"D\"\ndrawing = \"..\"\ncount = 3\n"
    );
    let spec = spec_file("ragged", &text);
    expect_error(
        &spec,
        "5:21",
        &["layer 2 of the board has 1 rows, layer 1 has 2"],
    );
}

#[test]
fn a_piece_larger_than_the_board_is_refused() {
    let text =
        format!("{HEAD}[board]\ndrawing = \"..\"\n[[pieces]]\nname = \"I\"\ndrawing = \"...\"\n");
    let spec = spec_file("larger", &text);
    expect_error(
        &spec,
        "8:11",
        &["piece I has 3 cells, more than the board's 2"],
    );
}

#[test]
fn an_unknown_piece_name_in_counts_is_refused() {
    let text = format!(
        "{HEAD}[board]\ndrawing = \"..\"\n[[pieces]]\nname = \"D\"\ndrawing = \"..\"\n[counts]\nE = 1\n"
    );
    let spec = spec_file("unknown", &text);
    expect_error(
        &spec,
        "10:5",
        &["`E`, which is no piece", "did you mean `D`?"],
    );
}

#[test]
fn a_stray_character_in_a_drawing_is_refused_at_its_row_and_column() {
    let text = format!(
        "{HEAD}[board]\ndrawing = \"\"\"\n..\n.x\n\"\"\"\n[[pieces]]\nname = \"D\"\ndrawing = \"..\"\ncount = 2\n"
    );
    let spec = spec_file("stray", &text);
    expect_error(
        &spec,
        "7:2",
        &["`x` in the drawing of the board (row 2, column 2)"],
    );
}

/// Reading a drawing is linear in its size: each cell's place in the file is found from one
/// decoding of the string (a 400 x 400 board took over a minute when each cell decoded it again).
#[test]
fn a_large_drawing_is_read_at_once() {
    let text = format!(
        "[puzzle]\nname = \"big\"\nkind = \"packing\"\n[board]\ndrawing = \"\"\"\n{}\n\"\"\"\n[[pieces]]\nname = \"I\"\ndrawing = \"....\"\ncount = 1000\n",
        board(400, 400)
    );
    let spec = spec_file("large-drawing", &text);
    let t0 = std::time::Instant::now();
    let out = common::run(&["check", &spec]);
    assert!(
        t0.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        t0.elapsed()
    );
    // 160,000 cells: past the board's bound, refused at the drawing before any search.
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("spec.toml:5:11"), "{}", out.stderr);
    assert!(out.stderr.contains("too large"), "{}", out.stderr);
}

/// A count is split into many small tasks; each engine looks at the stop request at every
/// task's first node and every 256 nodes after, so a time limit ends the count at once (it was
/// looked at every 4,096 nodes of a task, which most tasks never reach: dancing links ran into
/// the 2 s grace period). The bound is loose for a loaded machine; measured 0.06-0.10 s wall.
/// The count is the 12,988,816 domino tilings of the 8x8 board (Fisher and Temperley, 1961;
/// OEIS A004003), which takes either engine many seconds: the 6x10 pentominoes, counted in
/// 0.07 s, could finish within the limit.
#[test]
fn a_time_limit_stops_both_engines_promptly_with_a_partial_count() {
    let text = format!(
        "[puzzle]\nname = \"d\"\nkind = \"packing\"\n[board]\ndrawing = \"\"\"\n{}\n\"\"\"\n[[pieces]]\nname = \"D\"\ndrawing = \"..\"\ncount = 32\n[solve]\nobjective = \"count\"\n",
        board(8, 8)
    );
    let spec = spec_file("dominoes-8x8-stopped", &text);
    for engine in ["bitboard", "dancing-links"] {
        let t0 = std::time::Instant::now();
        let (doc, code) = run_json(&[&spec, "--engine", engine, "--time-limit", "0.05"]);
        let wall = t0.elapsed().as_secs_f64();
        assert_eq!(code, 6, "{engine}: {doc}");
        assert_eq!(doc["status"], "stopped", "{engine}");
        assert!(
            doc["count"].as_u64().unwrap_or(0) < 12_988_816,
            "{engine}: {doc}"
        );
        assert!(wall < 0.8, "{engine}: stopped after {wall:.2} s");
    }
}

/// The bitboard keeps the piece kinds with copies left as one 64-bit word, so a set of 64 kinds
/// goes to dancing links, and the report says why. The count is checked against a brute force:
/// 60 monomino kinds and 4 domino kinds, one of each, spare pieces allowed, on a 1x3 strip.
#[test]
fn sixty_four_kinds_go_to_dancing_links_and_match_a_brute_force() {
    let mut text = String::from(
        "[puzzle]\nname = \"many\"\nkind = \"packing\"\n[board]\ndrawing = \"...\"\nspare_pieces = true\n",
    );
    for i in 0..60 {
        text += &format!("[[pieces]]\nname = \"M{i:02}\"\ndrawing = \".\"\n");
    }
    for i in 0..4 {
        text += &format!("[[pieces]]\nname = \"D{i}\"\ndrawing = \"..\"\n");
    }
    text += "[solve]\nobjective = \"count\"\n";
    let spec = spec_file("sixty-four-kinds", &text);
    let (doc, code) = run_json(&[&spec]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["engine"], "dancing-links", "{doc}");
    let reason = doc["engine_reason"].as_str().unwrap();
    assert!(
        reason.contains("64 kinds") && reason.contains("63"),
        "{reason}"
    );

    // Brute force: a packing of the strip is a sequence of distinct kinds whose sizes add up
    // to 3 (kinds 0..60 of size 1, 60..64 of size 2), read left to right. The strip's
    // symmetries either keep it or reverse it (a domino reversed is the same domino), so a
    // class is a sequence together with its reverse.
    let size = |k: usize| if k < 60 { 1 } else { 2 };
    let mut all = Vec::new();
    let mut stack: Vec<Vec<usize>> = vec![vec![]];
    while let Some(seq) = stack.pop() {
        let filled: usize = seq.iter().map(|&k| size(k)).sum();
        if filled == 3 {
            all.push(seq);
            continue;
        }
        for k in (0..64).filter(|k| !seq.contains(k) && filled + size(*k) <= 3) {
            let mut next = seq.clone();
            next.push(k);
            stack.push(next);
        }
    }
    let classes: BTreeSet<Vec<usize>> = all
        .iter()
        .map(|s| {
            let r: Vec<usize> = s.iter().rev().copied().collect();
            s.clone().min(r)
        })
        .collect();
    assert_eq!(doc["count"], all.len() as u64);
    assert_eq!(doc["count_up_to_symmetry"], classes.len() as u64);
}

/// The count with a piece pinned at each class of its placements, over dancing links (each
/// class's problem built with the placement chosen outright) as over the bitboard (the walks
/// started with its cells covered): both give the published figures.
#[test]
fn the_pinned_count_over_dancing_links_gives_the_same_figures() {
    for (spec, want) in [
        ("specs/pentominoes-3x20.toml", (8, 2)),
        ("specs/pentominoes-8x8-hole.toml", (520, 65)),
        ("specs/soma-cube.toml", (11_520, 240)),
    ] {
        let text = std::fs::read_to_string(spec).unwrap().replace(
            "objective = \"count\"",
            "objective = \"count\"\nengine = \"dancing-links\"",
        );
        let name = spec.trim_start_matches("specs/").trim_end_matches(".toml");
        let file = spec_file(&format!("dlx-{name}"), &text);
        let (doc, _) = run_json(&[&file]);
        assert_eq!(doc["engine"], "dancing-links", "{doc}");
        assert!(doc.to_string().contains("pinned"), "{doc}");
        assert_eq!(counted(&file), want, "{spec}");
    }
}

#[test]
fn a_piece_drawn_in_layers_is_refused_on_a_flat_board_and_when_ragged() {
    let text = format!(
        "{HEAD}[board]\ndrawing = \"........\"\n[[pieces]]\nname = \"D\"\nlayers = [\"..\", \"..\"]\ncount = 2\n"
    );
    let spec = spec_file("layers-on-flat", &text);
    expect_error(
        &spec,
        "8:10",
        &["piece D is drawn in 2 layers but the board is flat"],
    );
    let text = format!(
        "{HEAD}[board]\nlayers = [\"..\\n..\", \"..\\n..\"]\n[[pieces]]\nname = \"D\"\nlayers = [\"..\", \".\\n.\"]\n"
    );
    let spec = spec_file("ragged-piece", &text);
    expect_error(
        &spec,
        "8:17",
        &["layer 2 of piece D has 2 rows, layer 1 has 1"],
    );
}

#[test]
fn empty_drawings_names_and_negative_or_repeated_pieces_are_refused() {
    let piece = |rest: &str| format!("{HEAD}[board]\ndrawing = \"..\"\n[[pieces]]\n{rest}");
    let cases = [
        (
            "empty-piece",
            piece("name = \"D\"\ndrawing = \"  \"\n"),
            "8:11",
            "the drawing of piece D has no cells",
        ),
        (
            "empty-board",
            format!(
                "{HEAD}[board]\ndrawing = \"  \"\n[[pieces]]\nname = \"D\"\ndrawing = \"..\"\n"
            ),
            "5:11",
            "the drawing of the board has no cells",
        ),
        (
            "empty-name",
            piece("name = \" \"\ndrawing = \"..\"\n"),
            "7:8",
            "piece 1 has an empty name",
        ),
        (
            "negative",
            piece("name = \"D\"\ndrawing = \"..\"\ncount = -1\n"),
            "9:9",
            "a count of -1 copies",
        ),
        (
            "repeated",
            piece("name = \"D\"\ndrawing = \".\"\n[[pieces]]\nname = \"D\"\ndrawing = \".\"\n"),
            "10:8",
            "two pieces are named `D`",
        ),
    ];
    for (test, text, at, words) in cases {
        expect_error(&spec_file(test, &text), at, &[words]);
    }
}

/// The listed packings of `spec` under `objective` (`--set solve.limit=100000`), as rows of
/// letters.
fn listed(spec: &str, objective: &str) -> Vec<Vec<Vec<char>>> {
    let (doc, code) = run_json(&[
        spec,
        "--objective",
        objective,
        "--set",
        "solve.limit=100000",
    ]);
    assert_eq!(code, 0, "{doc}");
    doc["packings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            p.as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_str().unwrap().chars().collect())
                .collect()
        })
        .collect()
}

/// A drawing of distinct letters (one per piece) says the whole packing; its class is the least
/// of its images under the rectangle's motions (8 for a square, else 4), computed here.
fn class_of(grid: &[Vec<char>]) -> Vec<Vec<char>> {
    let (rows, cols) = (grid.len(), grid[0].len());
    type Motion = Box<dyn Fn(usize, usize) -> (usize, usize)>;
    let mut motions: Vec<Motion> = vec![
        Box::new(|r, c| (r, c)),
        Box::new(move |r, c| (rows - 1 - r, c)),
        Box::new(move |r, c| (r, cols - 1 - c)),
        Box::new(move |r, c| (rows - 1 - r, cols - 1 - c)),
    ];
    if rows == cols {
        motions.push(Box::new(|r, c| (c, r)));
        motions.push(Box::new(move |r, c| (cols - 1 - c, r)));
        motions.push(Box::new(move |r, c| (c, rows - 1 - r)));
        motions.push(Box::new(move |r, c| (cols - 1 - c, rows - 1 - r)));
    }
    motions
        .iter()
        .map(|m| {
            (0..rows)
                .map(|r| {
                    (0..cols)
                        .map(|c| m(r, c))
                        .map(|(y, x)| grid[y][x])
                        .collect()
                })
                .collect()
        })
        .min()
        .unwrap()
}

#[test]
fn all_classes_lists_one_packing_per_class_as_the_published_figures_say() {
    // 3x20: the 8 packings, put in classes here, make 2 (Knuth's two solutions); the listing
    // of classes gives one of each.
    let every = listed("specs/pentominoes-3x20.toml", "all");
    let want: BTreeSet<_> = every.iter().map(|g| class_of(g)).collect();
    assert_eq!((every.len(), want.len()), (8, 2));
    let got = listed("specs/pentominoes-3x20.toml", "all-classes");
    let got_classes: BTreeSet<_> = got.iter().map(|g| class_of(g)).collect();
    assert_eq!((got.len(), &got_classes), (2, &want));
    // 6x10 (2,339 classes, Haselgrove) and the 8x8 with a hole (65, Scott): as many packings
    // listed as published classes, no two in one class.
    for (spec, classes) in [
        ("specs/pentominoes-6x10.toml", 2_339),
        ("specs/pentominoes-8x8-hole.toml", 65),
    ] {
        let got = listed(spec, "all-classes");
        let distinct: BTreeSet<_> = got.iter().map(|g| class_of(g)).collect();
        assert_eq!((got.len(), distinct.len()), (classes, classes), "{spec}");
    }
}

#[test]
fn any_class_shows_the_least_packing_of_its_class_and_says_so() {
    let (doc, code) = run_json(&["specs/pentominoes-3x20.toml", "--objective", "any-class"]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["packings"].as_array().unwrap().len(), 1);
    assert_eq!(doc["symmetries"], 4);
    let notes = doc["notes"].to_string();
    assert!(
        notes.contains("one answer per class under the 4 symmetries"),
        "{notes}"
    );
    // A limit below the classes cuts the listing and says there are more.
    let (doc, code) = run_json(&[
        "specs/pentominoes-6x10.toml",
        "--objective",
        "all-classes",
        "--set",
        "solve.limit=5",
    ]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["packings"].as_array().unwrap().len(), 5);
    assert_eq!(doc["complete"], false);
}
