//! The exact-cover family end to end: the shipped specs against brute forces written here (N
//! queens, Langford pairs, a Sudoku's one solution checked cell by cell), colours against a
//! brute force, shards, and bad specs at their place.

mod common;

use common::{expect_error, run_json, scratch_in};
use serde_json::Value;
use std::collections::BTreeSet;

fn count(args: &[&str]) -> u64 {
    let (doc, code) = run_json(args);
    assert!(code == 0 || code == 1, "{doc}");
    doc["count"].as_u64().unwrap_or_else(|| panic!("{doc}"))
}

fn spec_file(test: &str, text: &str) -> String {
    let dir = scratch_in("exact_cover", test);
    let path = dir.join("spec.toml");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Queens on an n x n board, one per row, by trying every column for every row.
fn queens_brute_force(n: usize) -> u64 {
    fn place(n: usize, cols: &mut Vec<usize>) -> u64 {
        if cols.len() == n {
            return 1;
        }
        let r = cols.len();
        let mut total = 0;
        for c in 0..n {
            let free = cols
                .iter()
                .enumerate()
                .all(|(r2, &c2)| c2 != c && r - r2 != c.abs_diff(c2));
            if free {
                cols.push(c);
                total += place(n, cols);
                cols.pop();
            }
        }
        total
    }
    place(n, &mut Vec::new())
}

#[test]
fn n_queens_as_xcc_matches_a_brute_force_and_92_for_8() {
    for n in 1..=8 {
        let set = format!("params.n={n}");
        let got = count(&["specs/queens-cover.toml", "--set", &set]);
        assert_eq!(got, queens_brute_force(n), "n = {n}");
    }
    assert_eq!(queens_brute_force(8), 92);
}

/// Every Langford sequence of 1..n (each k twice, k places between), by placing each pair at
/// every free pair of places.
fn langford_sequences(n: usize) -> Vec<Vec<usize>> {
    fn place(k: usize, row: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if k == 0 {
            out.push(row.clone());
            return;
        }
        for i in 0..row.len() {
            let j = i + k + 1;
            if j < row.len() && row[i] == 0 && row[j] == 0 {
                (row[i], row[j]) = (k, k);
                place(k - 1, row, out);
                (row[i], row[j]) = (0, 0);
            }
        }
    }
    let mut out = Vec::new();
    place(n, &mut vec![0; 2 * n], &mut out);
    out
}

#[test]
fn langford_pairs_match_a_brute_force_52_and_26_up_to_reversal_for_7() {
    for n in 1..=7 {
        let all = langford_sequences(n);
        let classes: BTreeSet<Vec<usize>> = all
            .iter()
            .map(|s| {
                let r: Vec<usize> = s.iter().rev().copied().collect();
                s.clone().min(r)
            })
            .collect();
        let set = format!("params.n={n}");
        let spec = "specs/langford-cover.toml";
        assert_eq!(count(&[spec, "--set", &set]), all.len() as u64, "n = {n}");
        let once = count(&[spec, "--set", &set, "--set", "params.apart=0"]);
        assert_eq!(once, classes.len() as u64, "n = {n} up to reversal");
        // The declared reversal says the classes too.
        let (doc, _) = run_json(&[spec, "--set", &set]);
        assert_eq!(
            doc["count_up_to_symmetry"].as_u64(),
            Some(classes.len() as u64),
            "n = {n}"
        );
        let order = if n == 1 { 1 } else { 2 };
        assert_eq!(doc["symmetries"].as_u64(), Some(order), "n = {n}: {doc}");
        if n == 7 {
            assert_eq!((all.len(), classes.len()), (52, 26));
        }
    }
}

/// The givens of specs/sudoku-cover.toml (Inkala's), row by row, 0 for a blank.
const INKALA: [&str; 9] = [
    "800000000",
    "003600000",
    "070090200",
    "050007000",
    "000045700",
    "000100030",
    "001000068",
    "008500010",
    "090000400",
];

/// Solutions of a Sudoku by plain backtracking, up to `limit`.
fn sudoku_solutions(grid: &mut [u8; 81], limit: usize, out: &mut Vec<[u8; 81]>) {
    let Some(p) = grid.iter().position(|&v| v == 0) else {
        out.push(*grid);
        return;
    };
    let (r, c) = (p / 9, p % 9);
    for v in 1..=9 {
        let clash = (0..9).any(|k| {
            grid[r * 9 + k] == v
                || grid[k * 9 + c] == v
                || grid[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == v
        });
        if !clash {
            grid[p] = v;
            sudoku_solutions(grid, limit, out);
            grid[p] = 0;
            if out.len() >= limit {
                return;
            }
        }
    }
}

#[test]
fn the_sudoku_has_one_solution_which_fills_every_rule_and_given() {
    let (doc, code) = run_json(&["specs/sudoku-cover.toml"]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(
        (doc["count"].as_u64(), doc["complete"].as_bool()),
        (Some(1), Some(true))
    );
    let mut grid = [0u8; 81];
    for name in doc["covers"][0].as_array().unwrap() {
        // "r3c7=2"
        let s = name.as_str().unwrap();
        let d: Vec<usize> = s
            .chars()
            .filter_map(|c| c.to_digit(10))
            .map(|d| d as usize)
            .collect();
        let [r, c, v] = d[..] else { panic!("{s}") };
        assert_eq!(grid[(r - 1) * 9 + c - 1], 0, "{s}: a cell written twice");
        grid[(r - 1) * 9 + c - 1] = v as u8;
    }
    for k in 0..9 {
        let row: BTreeSet<u8> = (0..9).map(|j| grid[k * 9 + j]).collect();
        let col: BTreeSet<u8> = (0..9).map(|j| grid[j * 9 + k]).collect();
        let bx: BTreeSet<u8> = (0..9)
            .map(|j| grid[(k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3])
            .collect();
        let all: BTreeSet<u8> = (1..=9).collect();
        assert_eq!((&row, &col, &bx), (&all, &all, &all), "unit {k}");
    }
    let mut givens = [0u8; 81];
    for (r, line) in INKALA.iter().enumerate() {
        for (c, ch) in line.bytes().enumerate() {
            givens[r * 9 + c] = ch - b'0';
            if ch != b'0' {
                assert_eq!(grid[r * 9 + c], ch - b'0', "given at {r},{c}");
            }
        }
    }
    let mut solutions = Vec::new();
    sudoku_solutions(&mut givens, 2, &mut solutions);
    assert_eq!(solutions, vec![grid], "the backtracker's solutions");
}

/// Sequences x0..xm over 0..b-1 with neighbours different, stated as windows (xi, xi+1) that
/// must agree where they overlap: the agreement is the colours' work.
fn windows_spec(m: i64, b: i64) -> String {
    format!(
        "[puzzle]\nname = \"windows\"\nkind = \"exact-cover\"\n[params]\nm = {m}\nb = {b}\n\
         [[items]]\nname = \"w{{i}}\"\nfor = \"i in 1..m\"\n\
         [[items]]\nname = \"x{{i}}\"\nfor = \"i in 0..m\"\nsecondary = true\n\
         [[options]]\nname = \"{{u}}{{v}}@{{i}}\"\nfor = \"i in 1..m, u in 0..b - 1, v in 0..b - 1\"\n\
         when = \"u != v\"\nitems = [\"w{{i}}\", \"x{{i - 1}}:{{u}}\", \"x{{i}}:{{v}}\"]\n\
         [solve]\nobjective = \"count\"\n"
    )
}

#[test]
fn colours_make_overlapping_options_agree_as_a_brute_force_says() {
    for (m, b) in [(1u32, 2u32), (2, 3), (4, 3), (3, 4)] {
        let want = (0..b.pow(m + 1))
            .filter(|&code: &u32| {
                let digits: Vec<u32> = (0..=m).map(|i| code / b.pow(i) % b).collect();
                digits.windows(2).all(|w| w[0] != w[1])
            })
            .count() as u64;
        let spec = spec_file(
            &format!("windows-{m}-{b}"),
            &windows_spec(m.into(), b.into()),
        );
        assert_eq!(count(&[&spec]), want, "m = {m}, b = {b}");
    }
}

#[test]
fn covers_are_listed_by_their_options_names() {
    let (doc, code) = run_json(&[
        "specs/langford-cover.toml",
        "--set",
        "params.n=3",
        "--objective",
        "all",
    ]);
    assert_eq!(code, 0, "{doc}");
    let covers: BTreeSet<BTreeSet<String>> = doc["covers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            c.as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_string())
                .collect()
        })
        .collect();
    // 3 1 2 1 3 2 and its reverse 2 3 1 2 1 3.
    let want: BTreeSet<BTreeSet<String>> = [["3@1", "1@2", "2@3"], ["2@1", "3@2", "1@3"]]
        .iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect();
    assert_eq!(covers, want);
    assert_eq!(doc["solutions"][0][0]["move"], "3@1", "{doc}");
}

const HEAD: &str = "[puzzle]\nname = \"bad\"\nkind = \"exact-cover\"\n[[items]]\nname = \"a{i}\"\nfor = \"i in 1..2\"\n[[items]]\nname = \"s\"\nsecondary = true\n";

fn bad(test: &str, options: &str) -> String {
    spec_file(test, &format!("{HEAD}{options}"))
}

#[test]
fn an_option_naming_an_unknown_item_is_refused_with_its_parameters() {
    let spec = bad(
        "unknown",
        "[[options]]\nname = \"o{i}\"\nfor = \"i in 1..3\"\nitems = [\"a{i}\"]\n",
    );
    expect_error(
        &spec,
        "13:10",
        &[
            "option `o3` names item `a3`",
            "no [[items]] entry declares",
            "i=3",
        ],
    );
}

#[test]
fn an_option_naming_an_unknown_item_is_refused_with_or_without_a_colour() {
    let spec = bad(
        "literal",
        "[[options]]\nname = \"o\"\nitems = [\"a1\", \"b\"]\n",
    );
    expect_error(
        &spec,
        "12:16",
        &["option `o` names item `b`", "no [[items]] entry declares"],
    );
    let spec = bad(
        "coloured",
        "[[options]]\nname = \"o\"\nitems = [\"a1\", \"t:red\"]\n",
    );
    expect_error(
        &spec,
        "12:16",
        &["option `o` names item `t`", "no [[items]] entry declares"],
    );
}

const OPTION: &str = "[[options]]\nname = \"o\"\nitems = [\"a1\"]\n";

#[test]
fn an_item_name_no_option_could_name_is_refused() {
    let spec = bad("empty-name", &format!("[[items]]\nname = \"\"\n{OPTION}"));
    expect_error(&spec, "11:8", &["item name `` is empty"]);
    let spec = bad("colon", &format!("[[items]]\nname = \"x:{{2}}\"\n{OPTION}"));
    expect_error(&spec, "11:8", &["item name `x:2` holds `:`", "colour"]);
}

#[test]
fn an_empty_option_is_refused() {
    let spec = bad("empty", "[[options]]\nname = \"o\"\nitems = []\n");
    expect_error(&spec, "12:9", &["this option has no items"]);
}

#[test]
fn a_colour_on_a_primary_item_is_refused() {
    let spec = bad(
        "colour",
        "[[options]]\nname = \"o\"\nitems = [\"a1:red\", \"a2\"]\n",
    );
    expect_error(
        &spec,
        "12:10",
        &["gives primary item `a1` a colour", "secondary = true"],
    );
}

#[test]
fn an_item_twice_in_an_option_or_declared_twice_is_refused() {
    let spec = bad(
        "twice",
        "[[options]]\nname = \"o\"\nitems = [\"a1\", \"a{2 - 1}\"]\n",
    );
    expect_error(&spec, "12:16", &["names item `a1` twice"]);
    let spec = bad(
        "declared",
        "[[items]]\nname = \"a1\"\n[[options]]\nname = \"o\"\nitems = [\"a1\"]\n",
    );
    expect_error(&spec, "11:8", &["item `a1` is declared twice"]);
}

#[test]
fn an_option_of_secondary_items_only_is_refused() {
    let spec = bad("secondary", "[[options]]\nname = \"o\"\nitems = [\"s\"]\n");
    expect_error(&spec, "12:9", &["names no primary item", "never be chosen"]);
}

#[test]
fn a_formula_error_in_a_template_is_placed_inside_it() {
    let spec = bad("formula", "[[options]]\nname = \"o\"\nitems = [\"a{j}\"]\n");
    expect_error(&spec, "12:13", &["unknown name `j`"]);
    let spec = bad(
        "when",
        "[[options]]\nname = \"o{i}\"\nfor = \"i in 1..2\"\nwhen = \"i + 1\"\nitems = [\"a{i}\"]\n",
    );
    expect_error(
        &spec,
        "13:9",
        &["expected a truth value here, found a number"],
    );
}

#[test]
fn the_bitboard_is_refused_for_secondary_items() {
    let out = common::run(&["run", "specs/queens-cover.toml", "--engine", "bitboard"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("secondary"), "{}", out.stderr);
    // Without secondary items it takes the problem and agrees with dancing links.
    let langford = ["specs/langford-cover.toml", "--engine", "bitboard"];
    assert_eq!(count(&langford), 52);
}

#[test]
fn the_json_fields_are_the_schemas() {
    let (doc, _) = run_json(&["specs/queens-cover.toml", "--objective", "any"]);
    assert_eq!(doc["primary_items"], 16);
    assert_eq!(doc["secondary_items"], 30);
    assert_eq!(doc["options"], 64);
    assert_eq!(doc["covers"][0].as_array().map(Vec::len), Some(8), "{doc}");
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string("docs/schema/exact-cover.json").unwrap())
            .unwrap();
    for key in [
        "primary_items",
        "secondary_items",
        "colours",
        "options",
        "covers",
        "count_up_to_symmetry",
        "symmetries",
    ] {
        assert!(schema["properties"].get(key).is_some(), "{key}");
    }
}

#[test]
fn an_option_name_made_twice_is_refused_naming_both_places() {
    // Across entries: the second entry's name, with the first's line and column.
    let spec = bad(
        "name-twice",
        "[[options]]\nname = \"o1\"\nitems = [\"a1\"]\n[[options]]\nname = \"o{i}\"\nfor = \"i in 1..2\"\nitems = [\"a{i}\"]\n",
    );
    expect_error(
        &spec,
        "14:8",
        &[
            "option name `o1` is made twice",
            "at i=1",
            "first made by [[options]] 1 at line 11, column 8",
        ],
    );
    // Within one entry: both parameter values.
    let spec = bad(
        "name-twice-within",
        "[[options]]\nname = \"o{i - i}\"\nfor = \"i in 1..2\"\nitems = [\"a{i}\"]\n",
    );
    expect_error(
        &spec,
        "11:8",
        &["option name `o0` is made twice", "at i=2", "at i=1"],
    );
}

#[test]
fn a_primary_item_in_no_option_is_named_and_the_count_is_zero() {
    // a1 and a2 primary, but no option covers a2 (a `when` leaves it out): no cover at all, as
    // a brute force over the two options' four subsets says.
    let spec = bad(
        "item-in-no-option",
        "[[options]]\nname = \"o{i}\"\nfor = \"i in 1..2\"\nwhen = \"i == 1\"\nitems = [\"a{i}\", \"s\"]\n[[options]]\nname = \"p\"\nitems = [\"a1\"]\n",
    );
    let options: [&[&str]; 2] = [&["a1", "s"], &["a1"]];
    let covers = (0u32..1 << options.len())
        .filter(|set| {
            let times = |item: &str| {
                (0..options.len())
                    .filter(|&o| set >> o & 1 == 1 && options[o].contains(&item))
                    .count()
            };
            times("a1") == 1 && times("a2") == 1 && times("s") <= 1
        })
        .count() as u64;
    for objective in ["count", "all", "any"] {
        let (doc, code) = run_json(&[&spec, "--objective", objective]);
        assert_eq!(code, 1, "{doc}");
        assert_eq!(doc["status"], "no-solution", "{doc}");
        let note = doc["notes"][0].as_str().unwrap_or_default();
        assert!(
            note.contains("item `a2` is in no option, so no exact cover exists"),
            "{doc}"
        );
        if objective != "any" {
            assert_eq!(doc["count"].as_u64(), Some(covers), "{doc}");
        }
    }
}

/// Residue classes j = r (mod k) of 1..n, k in 2..4, each an option whose items come from its
/// own `for` and `when`: the partitions of 1..n into such classes.
fn residues_spec(n: u32) -> String {
    format!(
        "[puzzle]\nname = \"residues\"\nkind = \"exact-cover\"\n[params]\nn = {n}\n\
         [[items]]\nname = \"x{{j}}\"\nfor = \"j in 1..n\"\n\
         [[options]]\nname = \"{{r}} mod {{k}}\"\nfor = \"k in 2..4, r in 0..k - 1\"\n\
         items = [{{ item = \"x{{j}}\", for = \"j in 1..n\", when = \"j % k == r\" }}]\n\
         [solve]\nobjective = \"count\"\n"
    )
}

#[test]
fn an_item_entry_with_its_own_for_and_when_gives_one_item_per_value() {
    for n in [4u32, 7, 12] {
        let classes: Vec<Vec<u32>> = (2..=4u32)
            .flat_map(|k| (0..k).map(move |r| (1..=n).filter(|j| j % k == r).collect()))
            .collect();
        let want = (0u32..1 << classes.len())
            .filter(|set| {
                (1..=n).all(|j| {
                    (0..classes.len())
                        .filter(|&o| set >> o & 1 == 1 && classes[o].contains(&j))
                        .count()
                        == 1
                })
            })
            .count() as u64;
        let spec = spec_file(&format!("residues-{n}"), &residues_spec(n));
        assert_eq!(count(&[&spec]), want, "n = {n}");
    }
}

/// Tilings of an h x w board by bars of length 2 and 3, both ways, filling the first empty
/// cell (row by row) each time.
fn bar_tilings(h: usize, w: usize) -> u64 {
    fn fill(h: usize, w: usize, board: &mut Vec<bool>) -> u64 {
        let Some(p) = board.iter().position(|&b| !b) else {
            return 1;
        };
        let (r, c) = (p / w, p % w);
        let mut total = 0;
        for k in 2..=3 {
            for (dr, dc) in [(0, 1), (1, 0)] {
                let cells: Vec<usize> = (0..k)
                    .map(|j| (r + dr * j, c + dc * j))
                    .filter(|&(y, x)| y < h && x < w)
                    .map(|(y, x)| y * w + x)
                    .collect();
                if cells.len() == k && cells.iter().all(|&q| !board[q]) {
                    cells.iter().for_each(|&q| board[q] = true);
                    total += fill(h, w, board);
                    cells.iter().for_each(|&q| board[q] = false);
                }
            }
        }
        total
    }
    fill(h, w, &mut vec![false; h * w])
}

fn bars_spec(h: usize, w: usize) -> String {
    format!(
        "[puzzle]\nname = \"bars\"\nkind = \"exact-cover\"\n[params]\nh = {h}\nw = {w}\n\
         [[items]]\nname = \"c{{r}},{{c}}\"\nfor = \"r in 1..h, c in 1..w\"\n\
         [[options]]\nname = \"H{{k}} at {{r}},{{c}}\"\nfor = \"k in 2..3, r in 1..h, c in 1..w - k + 1\"\n\
         items = [{{ item = \"c{{r}},{{c + j}}\", for = \"j in 0..k - 1\" }}]\n\
         [[options]]\nname = \"V{{k}} at {{r}},{{c}}\"\nfor = \"k in 2..3, r in 1..h - k + 1, c in 1..w\"\n\
         items = [{{ item = \"c{{r + j}},{{c}}\", for = \"j in 0..k - 1\" }}]\n\
         [solve]\nobjective = \"count\"\n"
    )
}

#[test]
fn bars_whose_length_is_a_parameter_tile_as_a_brute_force_says() {
    for (h, w) in [(1, 5), (2, 3), (3, 4), (4, 4), (3, 6)] {
        let spec = spec_file(&format!("bars-{h}-{w}"), &bars_spec(h, w));
        assert_eq!(count(&[&spec]), bar_tilings(h, w), "{h} x {w}");
    }
}

#[test]
fn an_item_entry_with_its_own_for_is_checked_at_its_place() {
    // Its `for` names the option's parameter again.
    let spec = bad(
        "entry-rebinds",
        "[[options]]\nname = \"o{i}\"\nfor = \"i in 1..2\"\nitems = [{ item = \"a{i}\", for = \"i in 1..2\" }]\n",
    );
    expect_error(
        &spec,
        "13:34",
        &["`i` is already a parameter of the option"],
    );
    // A formula error inside its `when`.
    let spec = bad(
        "entry-when",
        "[[options]]\nname = \"o\"\nitems = [{ item = \"a{j}\", for = \"j in 1..2\", when = \"j + k\" }]\n",
    );
    expect_error(&spec, "12:58", &["unknown name `k`"]);
    // It gives one item twice, at the second value.
    let spec = bad(
        "entry-twice",
        "[[options]]\nname = \"o\"\nitems = [{ item = \"a{div(j, 2) + 1}\", for = \"j in 0..1\" }]\n",
    );
    expect_error(&spec, "12:19", &["names item `a1` twice", "j=1"]);
    // An unknown key.
    let spec = bad(
        "entry-key",
        "[[options]]\nname = \"o\"\nitems = [{ item = \"a1\", if = \"1 == 1\" }]\n",
    );
    let out = common::run(&["run", &spec]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("if"), "{}", out.stderr);
}

/// Every n-queens solution (column of each row) and its classes under the square's 8
/// symmetries, each class named by its least member.
fn queens_classes(n: usize) -> (usize, usize) {
    fn place(n: usize, cols: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cols.len() == n {
            out.push(cols.clone());
            return;
        }
        let r = cols.len();
        for c in 0..n {
            if cols
                .iter()
                .enumerate()
                .all(|(r2, &c2)| c2 != c && r - r2 != c.abs_diff(c2))
            {
                cols.push(c);
                place(n, cols, out);
                cols.pop();
            }
        }
    }
    let mut all = Vec::new();
    place(n, &mut Vec::new(), &mut all);
    let classes: BTreeSet<Vec<usize>> = all.iter().map(|s| least_image(s)).collect();
    (all.len(), classes.len())
}

#[test]
fn n_queens_up_to_the_declared_symmetries_matches_a_brute_force_and_12_for_8() {
    for n in 1..=8 {
        let set = format!("params.n={n}");
        let (doc, code) = run_json(&["specs/queens-cover.toml", "--set", &set]);
        assert!(code == 0 || code == 1, "{doc}");
        let (all, classes) = queens_classes(n);
        assert_eq!(doc["count"].as_u64(), Some(all as u64), "n = {n}");
        let up_to = doc["count_up_to_symmetry"].as_u64();
        assert_eq!(up_to, Some(classes as u64), "n = {n}");
        let order = if n == 1 { 1 } else { 8 };
        assert_eq!(doc["symmetries"].as_u64(), Some(order), "n = {n}");
    }
    assert_eq!(queens_classes(8), (92, 12));
}

#[test]
fn a_declared_symmetry_that_is_none_is_refused_at_the_first_option_it_breaks() {
    let options = "[[options]]\nname = \"o1\"\nitems = [\"a1\"]\n[[options]]\nname = \"o2\"\nitems = [\"a2\", \"s\"]\n";
    let sym = |map: &str| format!("{options}[[symmetries]]\nname = \"swap\"\nmap = [{map}]\n");
    // a1 <-> a2 sends o1 to {a2}, which no option covers.
    let spec = bad(
        "sym-option",
        &sym("{ from = \"a{i}\", to = \"a{3 - i}\", for = \"i in 1..2\" }"),
    );
    expect_error(
        &spec,
        "17:8",
        &[
            "`swap` is not a symmetry",
            "option `o1`",
            "a2",
            "no option covers",
        ],
    );
    // a1 -> a2 alone: two items go to a2.
    let spec = bad("sym-twice", &sym("{ from = \"a1\", to = \"a2\" }"));
    expect_error(&spec, "17:8", &["items `a1` and `a2` both go to `a2`"]);
    // A primary item sent to a secondary one.
    let spec = bad(
        "sym-kind",
        &sym("{ from = \"a1\", to = \"s\" }, { from = \"s\", to = \"a1\" }"),
    );
    expect_error(&spec, "17:8", &["only one of them is primary"]);
    // An item no entry declares, at the template, with the values.
    let spec = bad(
        "sym-unknown",
        &sym("{ from = \"a{i}\", to = \"b{i}\", for = \"i in 1..2\" }"),
    );
    expect_error(&spec, "18:30", &["maps item `b1`", "i=1"]);
}

/// The covers listed by `objective` (limit 100,000), each as its options' names.
fn listed_names(args: &[&str], objective: &str) -> Vec<Vec<String>> {
    let mut all = args.to_vec();
    all.extend(["--objective", objective, "--set", "solve.limit=100000"]);
    let (doc, code) = run_json(&all);
    assert!(code == 0 || code == 1, "{doc}");
    let Some(covers) = doc["covers"].as_array() else {
        assert_eq!(doc["count"], 0, "{doc}");
        return Vec::new();
    };
    covers
        .iter()
        .map(|c| {
            c.as_array()
                .unwrap()
                .iter()
                .map(|o| o.as_str().unwrap().to_string())
                .collect()
        })
        .collect()
}

/// A queens cover named `r{r}c{c}` as the column of each row (from 0), and its class: the
/// least of its images under the square's 8 motions, computed here.
fn queens_class(n: usize, names: &[String]) -> Vec<usize> {
    let mut cols = vec![0; n];
    for name in names {
        let (r, c) = name[1..].split_once('c').unwrap();
        cols[r.parse::<usize>().unwrap() - 1] = c.parse::<usize>().unwrap() - 1;
    }
    least_image(&cols)
}

/// The least of a queens placement's images (the column of each row) under the square's 8
/// motions: the name of its class.
fn least_image(cols: &[usize]) -> Vec<usize> {
    let n = cols.len();
    (0..8)
        .map(|k| {
            // Queens as (row, column), sent by motion k, back to columns by row.
            let mut out = vec![0; n];
            for (r, &c) in cols.iter().enumerate() {
                let (mut y, mut x) = (r, c);
                if k & 4 != 0 {
                    x = n - 1 - x;
                }
                for _ in 0..k & 3 {
                    (y, x) = (x, n - 1 - y);
                }
                out[y] = x;
            }
            out
        })
        .min()
        .unwrap()
}

#[test]
fn all_classes_lists_one_queens_cover_per_class_as_a_brute_force_says() {
    for n in 1..=8 {
        let set = format!("params.n={n}");
        let got = listed_names(&["specs/queens-cover.toml", "--set", &set], "all-classes");
        let distinct: BTreeSet<Vec<usize>> = got.iter().map(|c| queens_class(n, c)).collect();
        let (_, classes) = queens_classes(n);
        assert_eq!((got.len(), distinct.len()), (classes, classes), "n = {n}");
    }
    // Langford 7 up to reversal: 26 listed, none the reversal of another.
    let got = listed_names(&["specs/langford-cover.toml"], "all-classes");
    assert_eq!(got.len(), 26);
    let (doc, _) = run_json(&["specs/langford-cover.toml", "--objective", "any-class"]);
    assert_eq!(doc["symmetries"], 2, "{doc}");
    assert!(
        doc["notes"].to_string().contains("one answer per class"),
        "{doc}"
    );
}

#[test]
fn listing_classes_without_declared_symmetries_is_refused_at_the_objective() {
    let text = "[puzzle]\nname = \"t\"\nkind = \"exact-cover\"\n[[items]]\nname = \"a\"\n\
                [[options]]\nname = \"o\"\nitems = [\"a\"]\n[solve]\nobjective = \"all-classes\"\n";
    let spec = spec_file("classes-no-symmetry", text);
    expect_error(
        &spec,
        "10:13",
        &[
            "objective `all-classes` lists one cover per symmetry class",
            "[[symmetries]]",
        ],
    );
}

/// The windows spec with two symmetries: the reversal of the sequence (items only) and a
/// shift of every value, u to u + 1 mod b (colours of the x items, so a map of colours).
fn windows_symmetric_spec(m: i64, b: i64) -> String {
    let spec = windows_spec(m, b);
    let (head, solve) = spec.split_once("[solve]").unwrap();
    format!(
        "{head}[[symmetries]]\nname = \"reversal\"\n\
         map = [{{ from = \"w{{i}}\", to = \"w{{m + 1 - i}}\", for = \"i in 1..m\" }}, \
         {{ from = \"x{{i}}\", to = \"x{{m - i}}\", for = \"i in 0..m\" }}]\n\
         [[symmetries]]\nname = \"shift\"\n\
         map = [{{ from = \"x{{i}}:{{u}}\", to = \"x{{i}}:{{(u + 1) % b}}\", for = \"i in 0..m, u in 0..b - 1\" }}]\n\
         [solve]{solve}"
    )
}

/// The sequences x0..xm over 0..b-1 with neighbours different, and their classes under
/// reversal and the shifts of the values, by brute force: each class named by its least member.
fn windows_classes(m: u32, b: u32) -> (usize, BTreeSet<Vec<u32>>) {
    let all: Vec<Vec<u32>> = (0..b.pow(m + 1))
        .map(|code| (0..=m).map(|i| code / b.pow(i) % b).collect::<Vec<u32>>())
        .filter(|s| s.windows(2).all(|w| w[0] != w[1]))
        .collect();
    let classes = all.iter().map(|s| windows_classes_of(s, b)).collect();
    (all.len(), classes)
}

#[test]
fn symmetries_that_map_colours_count_and_list_classes_as_a_brute_force_says() {
    for (m, b) in [(1u32, 2u32), (2, 3), (4, 3), (3, 4), (5, 2)] {
        let spec = spec_file(
            &format!("windows-sym-{m}-{b}"),
            &windows_symmetric_spec(m.into(), b.into()),
        );
        let (all, classes) = windows_classes(m, b);
        let (doc, code) = run_json(&[&spec]);
        assert_eq!(code, 0, "{doc}");
        assert_eq!(doc["count"].as_u64(), Some(all as u64), "m = {m}, b = {b}");
        let up_to = doc["count_up_to_symmetry"].as_u64();
        assert_eq!(up_to, Some(classes.len() as u64), "m = {m}, b = {b}");
        // The listing of classes: one cover of each, read back as sequences ("{u}{v}@{i}"
        // gives x(i-1) = u, x(i) = v) and put in classes here.
        let listed = listed_names(&[&spec], "all-classes");
        let got: BTreeSet<Vec<u32>> = listed
            .iter()
            .map(|cover| {
                let mut x = vec![0; m as usize + 1];
                for name in cover {
                    let (uv, i) = name.split_once('@').unwrap();
                    let i: usize = i.parse().unwrap();
                    let d: Vec<u32> = uv.chars().map(|c| c.to_digit(10).unwrap()).collect();
                    (x[i - 1], x[i]) = (d[0], d[1]);
                }
                windows_classes_of(&x, b)
            })
            .collect();
        assert_eq!(
            (listed.len(), &got),
            (classes.len(), &classes),
            "m = {m}, b = {b}"
        );
    }
}

/// The least image of one sequence, as `windows_classes` names classes.
fn windows_classes_of(s: &[u32], b: u32) -> Vec<u32> {
    (0..b)
        .flat_map(|k| {
            let shifted: Vec<u32> = s.iter().map(|&u| (u + k) % b).collect();
            [shifted.iter().rev().copied().collect(), shifted]
        })
        .min()
        .unwrap()
}

#[test]
fn a_colour_map_that_is_no_symmetry_is_refused() {
    let spec = windows_spec(2, 3);
    let (head, solve) = spec.split_once("[solve]").unwrap();
    let with =
        |map: &str| format!("{head}[[symmetries]]\nname = \"odd\"\nmap = [{map}]\n[solve]{solve}");
    // Shifting x0's values alone breaks the windows whose second value is the shifted first.
    let text = with("{ from = \"x0:{u}\", to = \"x0:{(u + 1) % b}\", for = \"u in 0..b - 1\" }");
    let spec = spec_file("colour-map-none", &text);
    expect_error(
        &spec,
        "20:8",
        &["`odd` is not a symmetry", "no option covers", "x0:"],
    );
    // A colour on one side only.
    let text = with("{ from = \"x0:1\", to = \"x0\" }");
    let spec = spec_file("colour-map-one-side", &text);
    expect_error(&spec, "21:17", &["gives `from` a colour and `to` none"]);
    // A colour no option gives.
    let text = with("{ from = \"x0:1\", to = \"x0:7\" }");
    let spec = spec_file("colour-map-unknown", &text);
    expect_error(
        &spec,
        "21:30",
        &["maps colour `7`", "which no option gives"],
    );
}

#[test]
fn options_alike_in_their_items_are_sent_one_to_one_by_a_symmetry() {
    // Two copies of each one-item option; swapping a1 and a2 pairs the copies in turn. Covers:
    // one copy for a1 times one for a2, 4; classes under the swap ({x, y} ~ {y', x'} with the
    // copies kept in order): {o1, o2}, {o1b, o2b} alone, {o1, o2b} ~ {o1b, o2}: 3.
    let text = "[puzzle]\nname = \"t\"\nkind = \"exact-cover\"\n[[items]]\nname = \"a{i}\"\n\
                for = \"i in 1..2\"\n[[options]]\nname = \"o{i}\"\nfor = \"i in 1..2\"\n\
                items = [\"a{i}\"]\n[[options]]\nname = \"o{i}b\"\nfor = \"i in 1..2\"\n\
                items = [\"a{i}\"]\n[[symmetries]]\nname = \"swap\"\n\
                map = [{ from = \"a{i}\", to = \"a{3 - i}\", for = \"i in 1..2\" }]\n\
                [solve]\nobjective = \"count\"\n";
    let (doc, code) = run_json(&[&spec_file("alike-options", text)]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(
        (doc["count"].as_u64(), doc["count_up_to_symmetry"].as_u64()),
        (Some(4), Some(3))
    );
}
