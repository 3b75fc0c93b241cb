//! Arrays, groups, givens, propagation and optimisation in `kind = "search"`: each answer
//! checked here independently (a Sudoku solver and checker, brute-force magic squares and
//! alphametics written in the test).

mod common;

use common::{expect_error, run_json};
use serde_json::Value;

const INKALA: &str = concat!(
    "8........",
    "..36.....",
    ".7..9.2..",
    ".5...7...",
    "....457..",
    "...1...3.",
    "..1....68",
    "..85...1.",
    ".9....4..",
);

/// Solutions of a Sudoku (0 for a blank), counted up to `cap` by plain backtracking.
fn count_sudoku(grid: &mut [u8; 81], cap: u32) -> u32 {
    let Some(at) = grid.iter().position(|&c| c == 0) else {
        return 1;
    };
    let (r, c) = (at / 9, at % 9);
    let mut found = 0;
    for d in 1..=9u8 {
        let clash = (0..9).any(|k| {
            grid[r * 9 + k] == d
                || grid[k * 9 + c] == d
                || grid[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == d
        });
        if !clash {
            grid[at] = d;
            found += count_sudoku(grid, cap - found);
            grid[at] = 0;
            if found >= cap {
                break;
            }
        }
    }
    found
}

fn cells(v: &Value, name: &str) -> Vec<i64> {
    v["answers"][0]["values"][name]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_i64().unwrap())
        .collect()
}

#[test]
fn inkala_sudoku_is_solved_and_checked() {
    let (v, code) = run_json(&["specs/sudoku-inkala.toml"]);
    assert_eq!(code, 0);
    let cell = cells(&v, "cell");
    assert_eq!(cell.len(), 81);
    let is_permutation = |idx: &dyn Fn(usize) -> usize| {
        let mut seen: Vec<i64> = (0..9).map(|k| cell[idx(k)]).collect();
        seen.sort();
        seen == (1..=9).collect::<Vec<i64>>()
    };
    for i in 0..9 {
        assert!(is_permutation(&|k| i * 9 + k), "row {i}");
        assert!(is_permutation(&|k| k * 9 + i), "column {i}");
        assert!(
            is_permutation(&|k| (i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3),
            "box {i}"
        );
    }
    for (i, c) in INKALA.chars().enumerate() {
        if let Some(d) = c.to_digit(10) {
            assert_eq!(cell[i], i64::from(d), "given at {i}");
        }
    }
    // The puzzle has exactly one solution, as the spec's count says.
    let mut grid = [0u8; 81];
    for (i, c) in INKALA.chars().enumerate() {
        grid[i] = c.to_digit(10).unwrap_or(0) as u8;
    }
    assert_eq!(count_sudoku(&mut grid, 2), 1);
    assert_eq!(v["count"], 1);
    assert_eq!(v["engine"], "propagation");
}

#[test]
fn magic_squares_of_four_are_counted() {
    // Frenicle (1693): 880 squares up to rotation and reflection, 8 each: 7,040.
    let (v, code) = run_json(&["specs/magic-square-4.toml"]);
    assert_eq!(code, 0);
    assert_eq!(v["count"], 880 * 8);
}

/// Writes a spec of its own and returns its path.
fn spec(name: &str, body: &str) -> String {
    let dir = std::env::temp_dir().join(format!("puzzlespec-search-cp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(
        &path,
        format!("[puzzle]\nname = \"{name}\"\nkind = \"search\"\n\n{body}"),
    )
    .unwrap();
    path.to_str().unwrap().to_string()
}

/// Every permutation of `items`, by Heap's algorithm.
fn permutations(items: &mut Vec<i64>, k: usize, out: &mut Vec<Vec<i64>>) {
    if k == 1 {
        out.push(items.clone());
        return;
    }
    for i in 0..k {
        permutations(items, k - 1, out);
        let j = if k.is_multiple_of(2) { i } else { 0 };
        items.swap(j, k - 1);
    }
}

#[test]
fn magic_squares_of_three_match_a_brute_force() {
    let path = spec(
        "magic3",
        "[search]\nvariables = [\"sq: 3x3 permutation of 1..9\"]\n\
         groups = { rows = \"rows(3, 3)\", columns = \"columns(3, 3)\", diagonals = [[0, 4, 8], [2, 4, 6]] }\n\
         constraints = [\"sum(sq[rows]) == 15\", \"sum(sq[columns]) == 15\", \"sum(sq[diagonals]) == 15\"]\n",
    );
    let (v, code) = run_json(&[&path]);
    assert_eq!(code, 0);
    let mut all = Vec::new();
    permutations(&mut (1..=9).collect(), 9, &mut all);
    let lines = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    let mut magic: Vec<Vec<i64>> = all
        .into_iter()
        .filter(|p| {
            lines
                .iter()
                .all(|l| l.iter().map(|&i| p[i]).sum::<i64>() == 15)
        })
        .collect();
    magic.sort();
    assert_eq!(magic.len(), 8);
    let mut found: Vec<Vec<i64>> = v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            a["values"]["sq"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_i64().unwrap())
                .collect()
        })
        .collect();
    found.sort();
    assert_eq!(found, magic);
}

#[test]
fn send_most_money_is_maximised_with_proof() {
    let (v, code) = run_json(&["specs/send-most-money.toml"]);
    assert_eq!(code, 0);
    // Independent: every assignment of distinct digits, the largest MONEY.
    let mut best: Option<(i64, Vec<String>)> = None;
    let mut least = i64::MAX;
    let mut digits: Vec<i64> = (0..10).collect();
    let mut perms = Vec::new();
    permutations(&mut digits, 10, &mut perms);
    for p in perms {
        // S E N D M O T Y are the first eight of a permutation of ten digits (each 2 times).
        let [s, e, n, d, m, o, t, y] = [p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]];
        if s == 0 || m == 0 {
            continue;
        }
        let send = s * 1000 + e * 100 + n * 10 + d;
        let most = m * 1000 + o * 100 + s * 10 + t;
        let money = m * 10000 + o * 1000 + n * 100 + e * 10 + y;
        if send + most != money {
            continue;
        }
        let text = format!("{send} + {most} = {money}");
        let top = best.as_ref().map_or(i64::MIN, |(b, _)| *b);
        if money > top {
            best = Some((money, vec![text]));
        } else if money == top
            && let Some((_, texts)) = &mut best
        {
            texts.push(text);
        }
        least = least.min(money);
    }
    let (money, texts) = best.unwrap();
    assert_eq!(money, 10876);
    assert_eq!(v["optimum"], money);
    // Two assignments reach it (9782 + 1094 and 9784 + 1092); the answer is one of them.
    let answer = v["answers"][0]["text"].as_str().unwrap().to_string();
    assert!(texts.contains(&answer), "{answer} not in {texts:?}");
    assert!(
        v["notes"].to_string().contains("optimum proved"),
        "{}",
        v["notes"]
    );
    // The same optimum by generate and test, which evaluates every solution.
    let (g, _) = run_json(&["specs/send-most-money.toml", "--engine", "backtracking"]);
    assert_eq!(g["optimum"], money);
    // And the smallest MONEY, by `minimize` (the objective follows from it).
    let path = spec(
        "send-most-least",
        "[search]\nvariables = [\"S, E, N, D, M, O, T, Y distinct in 0..9\"]\n\
         constraints = [\"S != 0 and M != 0\", \"number(S, E, N, D) + number(M, O, S, T) == number(M, O, N, E, Y)\"]\n\
         minimize = \"number(M, O, N, E, Y)\"\n",
    );
    let (small, code) = run_json(&[&path]);
    assert_eq!(code, 0);
    assert_eq!(small["objective"], "minimize");
    assert_eq!(small["optimum"], least);
}

#[test]
fn contradictory_givens_are_found_by_propagation_before_search() {
    // Two 8s in the first row.
    let drawing = INKALA.replacen(".", "8", 1);
    let path = spec(
        "two-eights",
        &format!(
            "[search]\nvariables = [\"cell: 9x9 in 1..9\"]\n\
             groups = {{ rows = \"rows(9, 9)\", columns = \"columns(9, 9)\", boxes = \"boxes(9, 9, 3, 3)\" }}\n\
             constraints = [\"distinct(cell[rows])\", \"distinct(cell[columns])\", \"distinct(cell[boxes])\"]\n\
             givens.cell = \"{drawing}\"\n"
        ),
    );
    let (v, code) = run_json(&[&path]);
    assert_eq!(code, 1);
    assert_eq!(v["status"], "no-solution");
    assert_eq!(v["nodes"], 0);
    let notes = v["notes"].to_string();
    assert!(
        notes.contains("propagation before any search proves there is no solution"),
        "{notes}"
    );
    // Row 1 and box 1 both hold the two 8s: either is the proof.
    assert!(
        notes.contains("`distinct(cell[rows])` for member 1 of `rows`")
            || notes.contains("`distinct(cell[boxes])` for member 1 of `boxes`"),
        "{notes}"
    );
}

#[test]
fn a_given_outside_the_domain_empties_it_at_its_place() {
    // `givens.cell = "` is 15 characters: the 0 (fourth cell) is at column 19 of line 8.
    let path = spec(
        "given-zero",
        "[search]\nvariables = [\"cell: 4 in 1..4\"]\nconstraints = [\"distinct(cell)\"]\ngivens.cell = \"1.30\"\n",
    );
    let (v, code) = run_json(&[&path]);
    assert_eq!(code, 1);
    let notes = v["notes"].to_string();
    assert!(notes.contains("cell[3] has an empty domain"), "{notes}");
    assert!(notes.contains(&format!("{path}:8:19")), "{notes}");
}

#[test]
fn formulas_without_a_propagator_are_tested_and_named() {
    // Oomachi's neighbour with a small domain: the test filters, and the note names it.
    let path = spec(
        "tested",
        "[search]\nvariables = [\"a, b distinct in 1..9\"]\nconstraints = [\"a + b == 10\", \"a * b % 7 == 0\"]\n",
    );
    let (v, code) = run_json(&[&path]);
    assert_eq!(code, 0);
    let expected: Vec<(i64, i64)> = (1..=9)
        .flat_map(|a| (1..=9).map(move |b| (a, b)))
        .filter(|&(a, b)| a != b && a + b == 10 && a * b % 7 == 0)
        .collect();
    let mut found: Vec<(i64, i64)> = v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["values"]["a"].as_i64().unwrap(),
                x["values"]["b"].as_i64().unwrap(),
            )
        })
        .collect();
    found.sort();
    assert_eq!(found, expected);
    let notes = v["notes"].to_string();
    assert!(notes.contains("1 constraint has no propagator"), "{notes}");
    assert!(notes.contains("`a * b % 7 == 0`"), "{notes}");
}

#[test]
fn array_and_objective_mistakes_point_into_the_spec() {
    // Line 6 is `variables = [...]`, line 7 the constraints, line 8 what follows.
    let bad = |name: &str, variables: &str, rest: &str| {
        spec(
            name,
            &format!("[search]\nvariables = [\"{variables}\"]\n{rest}\n"),
        )
    };
    // `constraints = ["` is 16 characters; `cell[9]`'s index is at column 22.
    let p = bad(
        "index",
        "cell: 9 in 1..9",
        "constraints = [\"cell[9] > 1\"]",
    );
    expect_error(&p, "7:22", &["index 9 is outside `cell` (0..8)"]);
    let p = bad(
        "two-groups",
        "c: 2x2 in 1..2",
        "groups = { r = \"rows(2, 2)\", k = \"columns(2, 2)\" }\nconstraints = [\"c[r] + 0 == 1\"]",
    );
    expect_error(&p, "8:17", &["a list of values"]);
    let p = bad("size", "cell: 0 in 1..9", "");
    expect_error(&p, "6:21", &["not an array size"]);
    let p = bad("perm", "cell: 3 permutation of 1..4", "");
    expect_error(&p, "6:38", &["needs 4 elements, found 3"]);
    // `maximize = "` is 12 characters.
    let p = bad("objective-bool", "n in 1..5", "maximize = \"n > 2\"");
    expect_error(&p, "7:13", &["the objective must be a number"]);
    let p = bad("objective-const", "n in 1..5", "maximize = \"7\"");
    expect_error(&p, "7:13", &["does not depend on any variable"]);
    let p = bad(
        "objective-missing",
        "n in 1..5",
        "[solve]\nobjective = \"maximize\"",
    );
    expect_error(&p, "8:13", &["needs the expression to optimise"]);
    let p = bad(
        "box",
        "c: 4 in 1..4",
        "groups = { b = \"boxes(4, 4, 3, 3)\" }",
    );
    expect_error(&p, "7:17", &["3 x 3 boxes do not tile a 4 x 4 grid"]);
}

#[test]
fn generate_and_test_remains_and_agrees() {
    for s in [
        "specs/polydivisible.toml",
        "specs/send-more-money-search.toml",
    ] {
        let (p, _) = run_json(&[s]);
        let (g, _) = run_json(&[s, "--engine", "backtracking"]);
        assert_eq!(
            (p["engine"].as_str(), g["engine"].as_str()),
            (Some("propagation"), Some("backtracking"))
        );
        assert_eq!(p["answers"], g["answers"], "{s}");
        assert!(
            p["nodes"].as_u64() < g["nodes"].as_u64(),
            "{s}: propagation explores fewer nodes"
        );
    }
}

/// Every answer's values of `names` (scalars, or the elements of an array), sorted.
fn answer_values(v: &Value, names: &[&str]) -> Vec<Vec<i64>> {
    let mut out: Vec<Vec<i64>> = v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            names
                .iter()
                .flat_map(|n| match &a["values"][n] {
                    Value::Array(xs) => xs.iter().map(|x| x.as_i64().unwrap()).collect(),
                    x => vec![x.as_i64().unwrap()],
                })
                .collect()
        })
        .collect();
    out.sort();
    out
}

/// Every tuple of `n` values from `lo..=hi`.
fn tuples(n: usize, lo: i64, hi: i64) -> Vec<Vec<i64>> {
    let mut out = vec![vec![]];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|t| {
                (lo..=hi).map(move |x| {
                    let mut t = t.clone();
                    t.push(x);
                    t
                })
            })
            .collect();
    }
    out
}

/// Runs `path` with both engines: both must list `expected` (sorted) exactly, and the
/// propagation run must test no constraint.
fn agrees_with(path: &str, names: &[&str], expected: &[Vec<i64>]) {
    for engine in ["propagation", "backtracking"] {
        let (v, code) = run_json(&[path, "--engine", engine]);
        assert_eq!(code, if expected.is_empty() { 1 } else { 0 }, "{engine}");
        assert_eq!(answer_values(&v, names), expected, "{engine}");
        assert_eq!(v["count"], expected.len(), "{engine}");
        if engine == "propagation" {
            let notes = v["notes"].to_string();
            assert!(!notes.contains("no propagator"), "{notes}");
        }
    }
}

#[test]
fn variable_indices_are_element_constraints() {
    // a[i] with i a variable, and with an expression as index: an index out of range makes
    // the whole constraint false (as any evaluation that fails), even inside an `or`.
    let path = spec(
        "element",
        "[search]\nvariables = [\"a: 4 in 1..4\", \"i, j in 0..3\"]\n\
         constraints = [\"a[i] + a[j] == 5\", \"a[i + 1] > a[j] or j == 0\", \"a[2 * j - 1] != 2\", \"a[0] <= a[3]\"]\n\
         [solve]\nlimit = 100000\n",
    );
    let at = |a: &[i64], k: i64| usize::try_from(k).ok().and_then(|k| a.get(k).copied());
    let expected: Vec<Vec<i64>> = tuples(6, 0, 4)
        .into_iter()
        .filter(|t| t[..4].iter().all(|&x| x >= 1) && t[4] <= 3 && t[5] <= 3)
        .filter(|t| {
            let (a, i, j) = (&t[..4], t[4], t[5]);
            a[i as usize] + a[j as usize] == 5
                && at(a, i + 1).is_some_and(|x| x > a[j as usize] || j == 0)
                && at(a, 2 * j - 1).is_some_and(|x| x != 2)
                && a[0] <= a[3]
        })
        .collect();
    assert!(expected.len() > 10, "a test with some answers");
    agrees_with(&path, &["a", "i", "j"], &expected);
}

#[test]
fn tables_allow_only_their_rows() {
    // A knight's move from (r1, c1) to (r2, c2) on a 4x4 board, as a table of allowed pairs of
    // squares, plus a table over a whole array.
    let knight: Vec<(i64, i64)> = (0..16i64)
        .flat_map(|a| (0..16i64).map(move |b| (a, b)))
        .filter(|&(a, b)| {
            let (dr, dc) = ((a / 4 - b / 4).abs(), (a % 4 - b % 4).abs());
            dr * dc == 2
        })
        .collect();
    let rows: Vec<String> = knight.iter().map(|(a, b)| format!("[{a}, {b}]")).collect();
    let path = spec(
        "table",
        &format!(
            "[search]\nvariables = [\"p: 3 in 0..15\"]\n\
             constraints = [\"p[0] < p[2]\"]\n\
             [[search.tables]]\nvars = [\"p[0]\", \"p[1]\"]\nrows = [{}]\n\
             [[search.tables]]\nvars = [\"p[1]\", \"p[2]\"]\nrows = [{}]\n\
             [solve]\nlimit = 100000\n",
            rows.join(", "),
            rows.join(", ")
        ),
    );
    let expected: Vec<Vec<i64>> = tuples(3, 0, 15)
        .into_iter()
        .filter(|t| t[0] < t[2] && knight.contains(&(t[0], t[1])) && knight.contains(&(t[1], t[2])))
        .collect();
    agrees_with(&path, &["p"], &expected);
    // A row of the wrong length is refused at its place: `rows = [` is 8 characters.
    let bad = spec(
        "table-row",
        "[search]\nvariables = [\"x, y in 1..3\"]\n[[search.tables]]\nvars = [\"x\", \"y\"]\nrows = [[1, 2], [3]]\n",
    );
    expect_error(&bad, "9:17", &["this row has 1 values for 2 variables"]);
}

#[test]
fn boolean_combinations_of_comparisons_are_propagated() {
    let path = spec(
        "reified",
        "[search]\nvariables = [\"x, y, z in 0..5\"]\n\
         constraints = [\"x < y implies z == 2\", \"not (x == y and y == z)\", \
         \"(x + y > 4) == (z < 3)\", \"x == 0 or y == 0 or z >= 4 or x + y + z == 7\", \
         \"(x != 1) != (y != 1) or z == 5\"]\n\
         [solve]\nlimit = 1000\n",
    );
    let expected: Vec<Vec<i64>> = tuples(3, 0, 5)
        .into_iter()
        .filter(|t| {
            let (x, y, z) = (t[0], t[1], t[2]);
            (x >= y || z == 2)
                && !(x == y && y == z)
                && ((x + y > 4) == (z < 3))
                && (x == 0 || y == 0 || z >= 4 || x + y + z == 7)
                && ((x != 1) != (y != 1) || z == 5)
        })
        .collect();
    assert!(expected.len() > 5, "{expected:?}");
    agrees_with(&path, &["x", "y", "z"], &expected);
}

#[test]
fn show_names_elements_and_whole_arrays() {
    let path = spec(
        "show",
        "[search]\nvariables = [\"c: 3 permutation of 1..3\", \"i in 0..2\"]\n\
         constraints = [\"c[i] == 3\", \"c[0] < c[2]\"]\n\
         show = \"{c[1]} {c} {c[i]} {i}\"\n",
    );
    let (v, code) = run_json(&[&path]);
    assert_eq!(code, 0);
    for a in v["answers"].as_array().unwrap() {
        let c: Vec<i64> = a["values"]["c"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_i64().unwrap())
            .collect();
        let i = a["values"]["i"].as_i64().unwrap();
        let want = format!(
            "{} [{} {} {}] {} {i}",
            c[1], c[0], c[1], c[2], c[i as usize]
        );
        assert_eq!(a["text"], want);
    }
    // A group cannot be shown (`show = "` is 8 characters, the `{` at 9).
    let bad = spec(
        "show-group",
        "[search]\nvariables = [\"c: 2x2 in 1..2\"]\ngroups = { r = \"rows(2, 2)\" }\nshow = \"{sum(c[r])}\"\n",
    );
    expect_error(&bad, "8:10", &["`show` cannot range over a group"]);
}

#[test]
fn a_space_past_the_largest_double_is_printed_from_its_logarithm() {
    // 100^400 = 10^800 candidates.
    let path = spec(
        "big-space",
        "[search]\nvariables = [\"c: 400 in 0..99\"]\nconstraints = [\"c[0] > 200\"]\n",
    );
    let (v, code) = run_json(&[&path]);
    assert_eq!(code, 1);
    assert_eq!(v["space"], Value::Null);
    assert!((v["space_log10"].as_f64().unwrap() - 800.0).abs() < 1e-9);
    assert!(
        v["notes"].to_string().contains("1.000e800 candidates"),
        "{}",
        v["notes"]
    );
}

#[test]
fn new_propagators_prove_contradictions_before_search() {
    // A table whose rows all disagree with a given, and an element whose value no element
    // can take: both are found with 0 nodes, naming the culprit.
    let table = spec(
        "table-given",
        "[search]\nvariables = [\"c: 3 in 1..3\"]\ngivens.c = \"3..\"\n\
         [[search.tables]]\nvars = [\"c\"]\nrows = [[1, 2, 3], [2, 3, 1]]\n",
    );
    let element = spec(
        "element-given",
        "[search]\nvariables = [\"c: 3 in 1..3\", \"k in 0..2\"]\nconstraints = [\"c[k] + c[2 - k] == 7\"]\n",
    );
    for (path, culprit) in [
        (table, "table over c (2 rows)"),
        (element, "c[k] + c[2 - k] == 7"),
    ] {
        let (v, code) = run_json(&[&path]);
        assert_eq!((code, v["nodes"].as_u64()), (1, Some(0)), "{path}");
        let notes = v["notes"].to_string();
        assert!(notes.contains("before any search"), "{notes}");
        assert!(notes.contains(culprit), "{notes}");
        // Generate and test agrees that there is no solution.
        let (g, code) = run_json(&[&path, "--engine", "backtracking"]);
        assert_eq!((code, g["count"].as_u64()), (1, Some(0)), "{path}");
    }
}

#[test]
fn a_non_linear_objective_is_evaluated_at_every_solution() {
    // Largest x * y - 3 * z over x, y, z in 1..9 with x * y % 5 == 1 and z != x.
    let path = spec(
        "non-linear",
        "[search]\nvariables = [\"x, y, z in 1..9\"]\nconstraints = [\"x * y % 5 == 1\", \"z != x\"]\n\
         maximize = \"x * y - 3 * z\"\n",
    );
    let best = tuples(3, 1, 9)
        .into_iter()
        .filter(|t| t[0] * t[1] % 5 == 1 && t[2] != t[0])
        .map(|t| t[0] * t[1] - 3 * t[2])
        .max();
    let (v, code) = run_json(&[&path]);
    assert_eq!(code, 0);
    assert_eq!(v["optimum"].as_i64(), best);
    let notes = v["notes"].to_string();
    assert!(notes.contains("the objective is not linear"), "{notes}");
    assert!(notes.contains("`x * y % 5 == 1`"), "{notes}");
}
