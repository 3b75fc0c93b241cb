//! The human-readable report printed by `puzzlespec run`.

use super::boards::{self, Block, BoardStyle};
use super::duration::human;
use super::group_digits;
use super::wrap::wrap;
use super::{Report, Solution, Status};
use std::fmt::Write;

/// The report as text; long lines (the engine's reason, notes) wrap at `width` when given.
pub fn report(r: &Report, width: Option<usize>) -> String {
    with_boards(r, width, None)
}

/// The report as text, with the states drawn as boards laid side by side when `boards` is given
/// (`--boards`) and the family drew them; a solution without pictures prints as without.
pub fn with_boards(r: &Report, width: Option<usize>, boards: Option<BoardStyle>) -> String {
    let mut out = String::new();
    header(&mut out, r, width);
    match boards {
        Some(style) if listed_pictures(r) => listed_boards(&mut out, r, style),
        _ => solutions(&mut out, r, boards),
    }
    sections(&mut out, &r.sections);
    let _ = writeln!(
        out,
        "\nstates: {}, elapsed: {}",
        group_digits(u128::from(r.stats.states)),
        human(r.stats.elapsed_ms)
    );
    out
}

/// Each section: a blank line, its title, its lines indented.
pub(super) fn sections(out: &mut String, sections: &[super::Section]) {
    for section in sections {
        let _ = writeln!(out, "\n{}:", section.title);
        for line in &section.lines {
            let _ = writeln!(out, "  {line}");
        }
    }
}

/// A configuration or a formula rather than a move sequence (a queens placement, a komachi
/// formula): one numbered line (plus any drawing below it).
fn is_listing(r: &Report, sol: &Solution) -> bool {
    sol.notation.is_some() && (sol.steps.is_empty() || r.cost.is_none())
}

/// Every solution is a listed configuration with its picture (queens placements).
fn listed_pictures(r: &Report) -> bool {
    !r.solutions.is_empty()
        && r.solutions
            .iter()
            .all(|s| is_listing(r, s) && s.picture.is_some())
}

fn solutions(out: &mut String, r: &Report, boards: Option<BoardStyle>) {
    let digits = r.solutions.len().to_string().len();
    for (i, sol) in r.solutions.iter().enumerate() {
        if let (true, Some(notation)) = (is_listing(r, sol), &sol.notation) {
            listed(out, notation, i, digits);
            continue;
        }
        let _ = writeln!(out);
        if r.solutions.len() > 1 {
            let _ = writeln!(
                out,
                "solution {} ({} {}):",
                i + 1,
                sol.steps.len(),
                r.cost_unit
            );
        }
        match boards.and_then(|style| solution_boards(r, sol, style)) {
            Some(drawn) => out.push_str(&drawn),
            None => solution(out, r, sol),
        }
    }
}

/// The title, the engine, the headline (solved, counted, ...), the count and the notes.
pub(super) fn header(out: &mut String, r: &Report, width: Option<usize>) {
    let title = format!("{} [{}, objective {}]", r.puzzle, r.kind, r.objective);
    let _ = writeln!(out, "{}", wrap(&title, width, 0, 2));
    let engine = if r.engine_reason.is_empty() {
        format!("engine: {}", r.engine)
    } else {
        format!("engine: {} ({})", r.engine, r.engine_reason)
    };
    let _ = writeln!(out, "{}", wrap(&engine, width, 0, 2));
    let _ = writeln!(out, "{}", wrap(&headline(r), width, 0, 2));
    if let Some(count) = r.count {
        let partial = if r.status == Status::Stopped {
            " (so far: the count is incomplete)"
        } else {
            ""
        };
        let _ = writeln!(out, "count: {}{partial}", group_digits(count));
    }
    for note in &r.notes {
        let _ = writeln!(out, "note: {}", wrap(note, width, 6, 6));
    }
}

/// The line that says how the solve ended (also the HTML page's).
pub(super) fn headline(r: &Report) -> String {
    match (r.status, r.cost) {
        (Status::Solved, Some(cost)) => {
            format!("solved: {} {}", group_digits(u128::from(cost)), r.cost_unit)
        }
        (Status::Solved, None) => "solved".to_string(),
        (Status::NoSolution, _) if r.stats.states == 0 => {
            "no solution: proved before any search (see the note)".to_string()
        }
        (Status::NoSolution, _) => format!(
            "no solution: the search explored {} states and none meets the goal",
            group_digits(u128::from(r.stats.states))
        ),
        (Status::Counted, _) => "counted".to_string(),
        (Status::Explored, _) => "explored".to_string(),
        (Status::Stopped, _) => stopped_headline(r),
    }
}

/// "stopped by the time limit after 1,234,567 states: ..." with what was found so far.
fn stopped_headline(r: &Report) -> String {
    use crate::engine::stop::StopReason;
    let why = match r.stopped {
        Some(StopReason::Interrupted) => "interrupted (Ctrl-C)",
        Some(StopReason::TimeLimit) => "stopped by the time limit",
        Some(StopReason::MemoryLimit) => "stopped: memory in use came close to the cap",
        None => "stopped",
    };
    let found = match r.solutions.len() {
        // A family may still have proved something (a bound on an objective): its notes say so.
        0 => "nothing found so far".to_string(),
        n => format!(
            "{n} solution{} found so far (replayed; not proved optimal)",
            if n == 1 { "" } else { "s" }
        ),
    };
    format!(
        "{why} after {} states: {found}",
        group_digits(u128::from(r.stats.states))
    )
}

/// Solution `i` given as one notation (a placement, a formula): numbered, drawing lines indented.
fn listed(out: &mut String, notation: &str, i: usize, digits: usize) {
    if i == 0 || notation.contains('\n') {
        let _ = writeln!(out);
    }
    let mut lines = notation.lines();
    let _ = writeln!(out, "{:>digits$}  {}", i + 1, lines.next().unwrap_or(""));
    for line in lines {
        let _ = writeln!(out, "{:digits$}  {line}", "");
    }
}

fn solution(out: &mut String, r: &Report, sol: &Solution) {
    if let Some(line) = &sol.notation {
        let _ = writeln!(out, "{line}");
        return;
    }
    let width = sol
        .steps
        .iter()
        .map(|s| s.action.chars().count())
        .max()
        .unwrap_or(0)
        .max(5);
    let digits = sol.steps.len().to_string().len();
    let mut row = |n: usize, action: &str, state: Option<&str>| {
        let state = state.unwrap_or("");
        if state.contains('\n') {
            let _ = writeln!(out, "{n:>digits$}  {action}");
            for line in state.lines() {
                let _ = writeln!(out, "{:digits$}    {line}", "");
            }
        } else {
            let action = super::pad::left(action, width);
            let _ = writeln!(out, "{n:>digits$}  {action}  {state}");
        }
    };
    if let Some(start) = &r.start {
        row(0, "start", Some(&start.text));
    }
    for (i, step) in sol.steps.iter().enumerate() {
        row(
            i + 1,
            &step.action,
            step.state.as_ref().map(|s| s.text.as_str()),
        );
    }
}

/// Listed configurations as boards side by side, each captioned with its number and notation.
fn listed_boards(out: &mut String, r: &Report, style: BoardStyle) {
    let blocks: Vec<Block> = r
        .solutions
        .iter()
        .enumerate()
        .filter_map(|(i, sol)| {
            let picture = sol.picture.as_ref()?;
            let notation = sol.notation.as_deref().unwrap_or("");
            let first = notation.lines().next().unwrap_or("");
            Some(boards::draw(picture, style.colour).captioned(&format!("{}  {first}", i + 1)))
        })
        .collect();
    let _ = writeln!(out);
    out.push_str(&boards::lay_out(&blocks, style.width));
}

/// A solution as boards: its own picture when it has one (a table of guesses), else its
/// notation line (if any) and the start and every state after it, captioned with the step's
/// number and move; `None` when a state is not drawn.
fn solution_boards(r: &Report, sol: &Solution, style: BoardStyle) -> Option<String> {
    if let Some(picture) = &sol.picture {
        return Some(boards::lay_out(
            &[boards::draw(picture, style.colour)],
            style.width,
        ));
    }
    let start = r.start.as_ref()?.picture.as_ref()?;
    let mut blocks = vec![boards::draw(start, style.colour).captioned("0  start")];
    for (i, step) in sol.steps.iter().enumerate() {
        let picture = step.state.as_ref()?.picture.as_ref()?;
        let caption = format!("{}  {}", i + 1, step.action);
        blocks.push(boards::draw(picture, style.colour).captioned(&caption));
    }
    let mut out = String::new();
    if let Some(line) = &sol.notation {
        let _ = writeln!(out, "{line}\n");
    }
    out.push_str(&boards::lay_out(&blocks, style.width));
    Some(out)
}
