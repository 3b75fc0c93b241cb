//! How an n-queens answer looks in the report: listed placements (with optional drawings), the
//! symmetry classes of a count, and the typed fields the kind adds to the JSON document
//! (docs/json.md, docs/schema/n-queens.json).

use super::board::Board;
use super::classes::Classes;
use crate::report::{Report, Section, Solution, Step, group_digits};
use serde::{Deserialize, Serialize};

/// The fields an n-queens report adds.
#[derive(Debug, Default, Serialize)]
pub struct QueensDetails {
    /// The board size.
    pub n: usize,
    /// The queens the spec gives.
    pub placed: Vec<Square>,
    /// `list`: whether every placement was listed (false: the limit stopped the listing).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
    /// `list`, `any`: each placement as the column of the queen in row 0, 1, ...
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placements: Option<Placements>,
    /// Counts: every placement.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count_total: Option<u64>,
    /// `bitboard-symmetry`: placements up to rotation and reflection.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count_unique: Option<u64>,
    /// `bitboard-symmetry`: how many classes have 1, 2, 4 and 8 members.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symmetry_classes: Option<ClassSizes>,
}

/// Placements as columns per row: bytes for the backtracking engines (at most 64 columns, up to
/// a million placements listed), 32-bit for the construction (up to a million columns).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Placements {
    Listed(Vec<Vec<u8>>),
    Placed(Vec<Vec<u32>>),
}

#[derive(Debug, Clone, Copy, Serialize)]
pub struct Square {
    pub row: usize,
    pub column: usize,
}

/// Classes by orbit size, keyed "1", "2", "4", "8" in JSON.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct ClassSizes {
    #[serde(rename = "1")]
    pub one: u64,
    #[serde(rename = "2")]
    pub two: u64,
    #[serde(rename = "4")]
    pub four: u64,
    #[serde(rename = "8")]
    pub eight: u64,
}

impl QueensDetails {
    pub fn new(board: &Board) -> QueensDetails {
        QueensDetails {
            n: board.n,
            placed: board
                .placed
                .iter()
                .map(|&(row, column)| Square { row, column })
                .collect(),
            ..QueensDetails::default()
        }
    }
}

/// Each placement as one numbered line `(0 4 7 5 2 6 1 3)` with its picture; drawn as boards by
/// default when `draw` (`[output] draw`), as with `--boards`.
pub fn fill_placements(report: &mut Report, board: &Board, placements: &[Vec<u8>], draw: bool) {
    report.boards = draw;
    for cols in placements {
        report.solutions.push(Solution {
            steps: steps(cols),
            notation: Some(Board::notation(cols)),
            picture: (board.n <= DRAWN_MAX).then(|| board.picture(cols)),
        });
    }
}

/// Placements up to this size are printed whole in the text report.
const SHOWN_WHOLE: usize = 100;
/// Of a longer placement, this many columns are shown at each end.
const SHOWN_ENDS: usize = 10;
/// Boards up to this size are drawn (when asked); past it the rows no longer fit a terminal.
const DRAWN_MAX: usize = 64;
/// Placements up to this size are also given as steps (a JSON object per queen).
const STEPS_MAX: usize = 1000;

/// The one placement of `any`: whole when short, else its ends (with a note saying where the
/// rest is); drawn when asked and small; as steps when not too long.
pub fn fill_placement(report: &mut Report, board: &Board, cols: &[u32], draw: bool) {
    let n = cols.len();
    let notation = if n <= SHOWN_WHOLE {
        Board::notation(cols)
    } else {
        let head = Board::notation(&cols[..SHOWN_ENDS]);
        let tail = Board::notation(&cols[n - SHOWN_ENDS..]);
        let hidden = group_digits((n - 2 * SHOWN_ENDS) as u128);
        format!(
            "{} ... {hidden} more ... {}",
            &head[..head.len() - 1],
            &tail[1..]
        )
    };
    if n > SHOWN_WHOLE {
        report.notes.push(format!(
            "the placement shows the columns of the first and last {SHOWN_ENDS} rows; --json gives all {} (`placements`)",
            group_digits(n as u128)
        ));
    }
    report.boards = draw;
    if draw && n > DRAWN_MAX {
        report
            .notes
            .push(format!("boards are drawn up to {DRAWN_MAX} columns only"));
    }
    report.solutions.push(Solution {
        steps: if n <= STEPS_MAX {
            steps(cols)
        } else {
            Vec::new()
        },
        notation: Some(notation),
        picture: (n <= DRAWN_MAX).then(|| board.picture(cols)),
    });
}

/// A placement as steps: one queen per row, in row order.
fn steps<C: Copy + Into<u32>>(cols: &[C]) -> Vec<Step> {
    cols.iter()
        .enumerate()
        .map(|(row, &col)| Step {
            action: format!("queen at row {row}, column {}", col.into()),
            state: None,
        })
        .collect()
}

/// The classes of a count by orbit size, as a section and as typed fields.
pub fn fill_classes(report: &mut Report, details: &mut QueensDetails, c: &Classes) {
    let sizes = ClassSizes {
        one: c.one,
        two: c.two,
        four: c.four,
        eight: c.eight,
    };
    details.count_unique = Some(c.unique());
    details.symmetry_classes = Some(sizes);
    report.sections.extend(classes_section(c));
}

/// The classes of a merged count (`puzzlespec merge`), as a plain count shows them.
pub fn describe_merged(doc: &serde_json::Value, report: &mut Report) {
    let Some(s) = doc
        .get("symmetry_classes")
        .and_then(|v| serde_json::from_value::<ClassSizes>(v.clone()).ok())
    else {
        return;
    };
    let c = Classes {
        one: s.one,
        two: s.two,
        four: s.four,
        eight: s.eight,
        nodes: 0,
    };
    report.sections.extend(classes_section(&c));
}

/// "14,772,512 solutions in 1,846,955 classes under rotation and reflection", then how many
/// classes have 8, 4, 2 and 1 members; none for no solution.
fn classes_section(c: &Classes) -> Option<Section> {
    let total = c.total();
    if total == 0 {
        return None;
    }
    let lines = [(8, c.eight), (4, c.four), (2, c.two), (1, c.one)]
        .into_iter()
        .filter(|&(_, k)| k > 0)
        .map(|(size, k)| {
            format!(
                "{} of {}",
                plural(k, "class", "classes"),
                plural(size, "solution", "solutions")
            )
        })
        .collect();
    Some(Section {
        title: format!(
            "{} in {} under rotation and reflection",
            plural(total, "solution", "solutions"),
            plural(c.unique(), "class", "classes")
        ),
        lines,
    })
}

/// "1 class", "1,787 classes".
fn plural(k: u64, one: &str, many: &str) -> String {
    let word = if k == 1 { one } else { many };
    format!("{} {word}", group_digits(u128::from(k)))
}
