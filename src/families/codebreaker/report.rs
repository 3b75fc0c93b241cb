//! How a codebreaker game looks in the report: the seed-style transcript, the evaluation's note
//! and histogram, and the typed fields the kind adds to the JSON document (docs/json.md,
//! docs/schema/codebreaker.json).

use super::code_space::CodeSpace;
use super::evaluate::{Tally, Turn};
use crate::report::duration::human;
use crate::report::picture::{Cell, Content, Grid, Mark, Picture};
use crate::report::{Report, Section, Solution, StateView, Status, Step};
use serde::{Deserialize, Serialize};

/// The fields every codebreaker report adds.
#[derive(Debug, Serialize)]
pub struct CodebreakerDetails {
    /// The strategy's name, e.g. "minimax".
    pub strategy: &'static str,
    /// The guess pool: "consistent" or "any".
    pub guesses: &'static str,
    /// How many codes the game has.
    pub codes: usize,
    /// The names of the right-place and wrong-place counts.
    pub feedback_names: [String; 2],
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub transcript: Option<TranscriptDetails>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub evaluation: Option<EvaluationDetails>,
    /// Sets of codes the `optimal` search worked on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimal_sets_searched: Option<u64>,
    /// Milliseconds to list the codes and fill the score table, before the solve's clock.
    pub setup_ms: f64,
}

/// What `transcript` adds.
#[derive(Debug, Serialize)]
pub struct TranscriptDetails {
    /// The secret broken, as its symbols separated by spaces.
    pub secret: String,
}

/// What `evaluate` adds.
#[derive(Debug, Serialize, Deserialize)]
pub struct EvaluationDetails {
    /// Secrets played.
    pub secrets: u64,
    pub total_guesses: u64,
    pub average_guesses: f64,
    pub max_guesses: u32,
    /// The first secret in code order that needs `max_guesses`.
    pub hardest: Option<String>,
    /// Its place in code order (from 0): the parts of a split run (`--shard`) are merged by it.
    pub hardest_index: Option<usize>,
    /// `histogram[i]`: games won with guess `i + 1`.
    pub histogram: Vec<u64>,
    pub sampled: bool,
    /// The seed of the sample, when sampled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

/// The JSON state after a guess.
#[derive(Debug, Serialize)]
struct TurnView {
    guess: Vec<String>,
    right: usize,
    wrong: usize,
    possible_before: usize,
}

/// `bulls = 0, cows = 2`.
fn feedback_text(names: &[String; 2], t: &Turn) -> String {
    format!("{} = {}, {} = {}", names[0], t.right, names[1], t.wrong)
}

fn turn_view(space: &CodeSpace, names: &[String; 2], t: &Turn) -> StateView {
    let data = TurnView {
        guess: space
            .code(t.guess)
            .iter()
            .map(|&s| space.symbols[s as usize].clone())
            .collect(),
        right: t.right,
        wrong: t.wrong,
        possible_before: t.possible_before,
    };
    StateView {
        text: feedback_text(names, t),
        data: serde_json::to_value(data).unwrap_or_default(),
        picture: Some(guess_table(space, names, std::slice::from_ref(t))),
    }
}

/// Guesses as a table, a row each: the code's symbols, a gap, then the two feedback counts; the
/// columns of the counts are labelled with their names, the rows numbered from 1, and the
/// symbols of a guess that breaks the code (all in the right place) marked.
fn guess_table(space: &CodeSpace, names: &[String; 2], turns: &[Turn]) -> Picture {
    let pegs = turns.first().map_or(0, |t| space.code(t.guess).len());
    let mut grid = Grid::empty(turns.len(), pegs + 3);
    // Feedback counts are grouped apart from every symbol.
    let feedback_group = space.symbols.len() as u32;
    let named = |text: String, group: u32, mark: Mark| Cell {
        content: Content::Named { text, group },
        mark,
    };
    for (row, t) in turns.iter().enumerate() {
        let mark = if t.right == pegs {
            Mark::Moved
        } else {
            Mark::None
        };
        let symbols = space
            .code(t.guess)
            .iter()
            .map(|&s| named(space.symbols[usize::from(s)].clone(), u32::from(s), mark));
        let gap = Cell {
            content: Content::Off,
            mark: Mark::None,
        };
        let counts = [t.right, t.wrong].map(|k| named(k.to_string(), feedback_group, Mark::None));
        let cells = symbols.chain([gap]).chain(counts);
        for (column, cell) in cells.enumerate() {
            *grid.cell_mut(row, column) = cell;
        }
    }
    grid.column_labels = vec![String::new(); pegs + 1];
    grid.column_labels.extend(names.iter().cloned());
    grid.row_labels = (1..=turns.len()).map(|r| r.to_string()).collect();
    Picture::Grid(grid)
}

/// The game as the seeds print it (`1, [ 0 1 2 3 ], bulls = 0, cows = 2`), one step per guess,
/// and the codes still possible before each guess.
pub fn fill_transcript(
    report: &mut Report,
    space: &CodeSpace,
    names: &[String; 2],
    secret: usize,
    turns: &[Turn],
) -> TranscriptDetails {
    let lines: Vec<String> = turns
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let guess = space.format_index(t.guess);
            format!("{}, [ {guess} ], {}", i + 1, feedback_text(names, t))
        })
        .collect();
    let steps = turns
        .iter()
        .map(|t| Step {
            action: space.format_index(t.guess),
            state: Some(turn_view(space, names, t)),
        })
        .collect();
    report.cost = Some(turns.len() as u64);
    report.cost_unit = "guesses";
    report.solutions.push(Solution {
        steps,
        notation: Some(lines.join("\n")),
        picture: Some(guess_table(space, names, turns)),
    });
    let before: Vec<String> = turns
        .iter()
        .map(|t| t.possible_before.to_string())
        .collect();
    report.sections.push(Section {
        title: "codes still possible before each guess".into(),
        lines: vec![before.join(", ")],
    });
    TranscriptDetails {
        secret: space.format_index(secret),
    }
}

/// The tally of an evaluation: a note with the totals, and a histogram; `seed` when sampled.
pub fn fill_evaluation(
    report: &mut Report,
    space: &CodeSpace,
    tally: &Tally,
    seed: Option<u64>,
    planned: usize,
) -> EvaluationDetails {
    report.status = Status::Explored;
    let hardest = tally.hardest.map(|h| space.format_index(h));
    let played = tally.games as usize;
    let over = match (seed, played < planned) {
        (Some(seed), false) => format!("{played} random secrets (seed {seed}) of {}", space.len()),
        (Some(seed), true) => {
            format!("the {played} of {planned} random secrets (seed {seed}) played before the stop",)
        }
        (None, false) if played == space.len() => format!("all {} secrets", space.len()),
        (None, false) => format!("this part's {played} of the {} secrets", space.len()),
        (None, true) => format!("the {played} of {planned} secrets played before the stop"),
    };
    evaluation_summary(report, &over, tally, hardest.as_deref());
    EvaluationDetails {
        secrets: tally.games,
        total_guesses: tally.total,
        average_guesses: tally.average(),
        max_guesses: tally.max,
        hardest,
        hardest_index: tally.hardest,
        histogram: tally.histogram.get(1..).unwrap_or(&[]).to_vec(),
        sampled: seed.is_some(),
        seed,
    }
}

/// The note on the games played (`over` says which) and the histogram of their lengths.
fn evaluation_summary(report: &mut Report, over: &str, tally: &Tally, hardest: Option<&str>) {
    report.notes.push(format!(
        "over {over}: {} guesses in total, average {:.4}, maximum {}{}",
        tally.total,
        tally.average(),
        tally.max,
        hardest.map_or(String::new(), |h| format!(" (first: {h})"))
    ));
    report.sections.push(histogram_section(tally));
}

/// The evaluation of a merged split run (`puzzlespec merge`), said as a plain run says it.
pub fn describe_merged(doc: &serde_json::Value, report: &mut Report) {
    let Ok(e) = serde_json::from_value::<EvaluationDetails>(doc.clone()) else {
        return;
    };
    let codes = doc.get("codes").and_then(serde_json::Value::as_u64);
    let over = match (e.seed, codes) {
        (Some(seed), _) => format!("{} random secrets (seed {seed})", e.secrets),
        (None, Some(codes)) if codes == e.secrets => format!("all {codes} secrets"),
        (None, Some(codes)) => format!("{} of the {codes} secrets", e.secrets),
        (None, None) => format!("{} secrets", e.secrets),
    };
    let tally = Tally {
        games: e.secrets,
        total: e.total_guesses,
        max: e.max_guesses,
        histogram: std::iter::once(0).chain(e.histogram).collect(),
        hardest: e.hardest_index,
    };
    evaluation_summary(report, &over, &tally, e.hardest.as_deref());
}

fn histogram_section(tally: &Tally) -> Section {
    let peak = tally.histogram.iter().copied().max().unwrap_or(1).max(1);
    Section {
        title: "games won with each guess number".into(),
        lines: tally
            .histogram
            .iter()
            .enumerate()
            .skip(1)
            .map(|(d, &c)| {
                let bar = "#".repeat(((c * 40).div_ceil(peak)) as usize);
                format!("{d:>3}: {c:>7}  {bar}")
            })
            .collect(),
    }
}

/// The note on the time spent before the solve's clock started.
pub fn setup_note(space: &CodeSpace, setup_ms: f64) -> String {
    let table = if space.row(0).is_some() {
        " and fill the score table"
    } else {
        ""
    };
    format!(
        "setup: {} to list the codes{table} (not in elapsed)",
        human(setup_ms)
    )
}
