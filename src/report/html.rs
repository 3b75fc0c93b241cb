//! The answer as one self-contained HTML page (`--html`): the puzzle, the answer and the
//! statistics, with the states drawn as inline SVG. A move puzzle's solution gets a step-through
//! playback (previous / next / play, the arrow keys); steps without a start (a code game's
//! guesses) form a table; a solution given as one notation (a placement, a formula) is shown as
//! it is. The script and the style are inlined from `page/`: the page needs no network.

use super::duration::human;
use super::markup::escape;
use super::{Report, Solution, StateView, group_digits, svg, text};
use std::fmt::Write;

const STYLE: &str = include_str!("page/page.css");
const SCRIPT: &str = include_str!("page/playback.js");

/// Solutions drawn in full; the others are left to `--json`, and the page says so.
const SHOWN_SOLUTIONS: usize = 20;

/// The page of `report`.
pub fn page(report: &Report) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{} · puzzlespec</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n",
        escape(&report.puzzle)
    );
    header(&mut out, report);
    out.push_str("<main>\n");
    for (i, sol) in report.solutions.iter().take(SHOWN_SOLUTIONS).enumerate() {
        solution(&mut out, report, i, sol);
    }
    if report.solutions.len() > SHOWN_SOLUTIONS {
        let _ = writeln!(
            out,
            "<p class=\"more\">{} more solutions are not drawn here (<code>--json</code> lists them all).</p>",
            report.solutions.len() - SHOWN_SOLUTIONS
        );
    }
    statistics(&mut out, report);
    let _ = write!(
        out,
        "</main>\n<footer>Written by puzzlespec {}.</footer>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        env!("CARGO_PKG_VERSION")
    );
    out
}

/// Title, kind, objective and the headline (solved, no solution, counted...).
fn header(out: &mut String, r: &Report) {
    let _ = writeln!(
        out,
        "<header>\n<h1>{}</h1>\n<p class=\"meta\">kind <b>{}</b> · objective <b>{}</b></p>\n<p class=\"status status-{}\">{}</p>",
        escape(&r.puzzle),
        escape(&r.kind),
        escape(&r.objective),
        status_class(r),
        escape(&text::headline(r))
    );
    if let Some(count) = r.count {
        let _ = writeln!(
            out,
            "<p class=\"count\">count: <b>{}</b></p>",
            group_digits(count)
        );
    }
    out.push_str("</header>\n");
}

fn status_class(r: &Report) -> &'static str {
    use super::Status;
    match r.status {
        Status::Solved => "solved",
        Status::NoSolution => "no-solution",
        Status::Counted => "counted",
        Status::Explored => "explored",
        Status::Stopped => "stopped",
    }
}

/// One solution, in the form that suits its steps.
fn solution(out: &mut String, r: &Report, i: usize, sol: &Solution) {
    let drawn = sol.steps.iter().any(|s| s.state.is_some());
    let title = if r.solutions.len() > 1 {
        format!("Solution {}", i + 1)
    } else {
        "Solution".to_string()
    };
    let _ = writeln!(out, "<section class=\"solution\">");
    match (&r.start, drawn) {
        (Some(start), true) => playback(out, r, &title, start, sol),
        (None, true) => step_table(out, &title, sol),
        _ => listing(out, &title, sol),
    }
    out.push_str("</section>\n");
}

/// The step-through viewer: one frame per state, all but the current one hidden.
fn playback(out: &mut String, r: &Report, title: &str, start: &StateView, sol: &Solution) {
    let moves = sol.steps.len();
    let _ = writeln!(
        out,
        "<h2>{} <small>({} {})</small></h2>\n<div class=\"viewer\" data-frames=\"{}\" tabindex=\"0\">",
        escape(title),
        group_digits(moves as u128),
        escape(r.cost_unit),
        moves + 1
    );
    out.push_str("<div class=\"stage\">\n");
    frame(out, 0, "start", Some(start));
    for (k, step) in sol.steps.iter().enumerate() {
        let caption = format!("{} of {moves}: {}", k + 1, step.action);
        frame(out, k + 1, &caption, step.state.as_ref());
    }
    out.push_str("</div>\n");
    let _ = writeln!(
        out,
        "<div class=\"controls\"><button type=\"button\" data-act=\"first\" title=\"Start (Home)\">« Start</button> <button type=\"button\" data-act=\"prev\" title=\"Previous move (←)\">◀ Previous</button> <button type=\"button\" data-act=\"play\" title=\"Play / pause (space)\">▶ Play</button> <button type=\"button\" data-act=\"next\" title=\"Next move (→)\">Next ▶</button> <button type=\"button\" data-act=\"last\" title=\"End (End)\">End »</button> <span class=\"counter\">0 / {moves}</span></div>"
    );
    out.push_str("<ol class=\"moves\">\n");
    for (k, step) in sol.steps.iter().enumerate() {
        let _ = writeln!(
            out,
            "<li data-frame=\"{}\">{}</li>",
            k + 1,
            escape(&step.action)
        );
    }
    out.push_str("</ol>\n</div>\n");
}

/// One state of the playback: its drawing (or text), with the move that led to it.
fn frame(out: &mut String, index: usize, caption: &str, state: Option<&StateView>) {
    let hidden = if index == 0 { "" } else { " hidden" };
    // The state's JSON (as `--json` gives it), for programs and tests that read the page.
    let data = state.map_or(String::new(), |s| s.data.to_string());
    let _ = write!(
        out,
        "<figure class=\"frame\" data-frame=\"{index}\" data-state=\"{}\"{hidden}>",
        escape(&data)
    );
    drawing(out, state);
    let _ = writeln!(out, "<figcaption>{}</figcaption></figure>", escape(caption));
}

/// A state's picture as SVG, its text when the family draws none.
fn drawing(out: &mut String, state: Option<&StateView>) {
    match state {
        Some(StateView {
            picture: Some(p), ..
        }) => out.push_str(&svg::picture(p, 0, 0)),
        Some(view) => {
            let _ = write!(out, "<pre class=\"state\">{}</pre>", escape(&view.text));
        }
        None => out.push_str("<p class=\"state\">(no drawing of this state)</p>"),
    }
}

/// The drawing of a solution as a whole (a placement, a table of guesses), when there is one.
fn whole(out: &mut String, sol: &Solution) {
    if let Some(p) = &sol.picture {
        let _ = writeln!(
            out,
            "<figure class=\"whole\">{}</figure>",
            svg::picture(p, 0, 0)
        );
    }
}

/// Steps that are records of their own (a code game's guesses and their scores): the
/// solution's drawing when the family gives one, and a table.
fn step_table(out: &mut String, title: &str, sol: &Solution) {
    let _ = writeln!(out, "<h2>{}</h2>", escape(title));
    whole(out, sol);
    out.push_str("<table class=\"steps\">\n<thead><tr><th>#</th><th>move</th><th>result</th></tr></thead>\n<tbody>\n");
    for (k, step) in sol.steps.iter().enumerate() {
        let _ = write!(
            out,
            "<tr><td>{}</td><td class=\"move\">{}</td><td>",
            k + 1,
            escape(&step.action)
        );
        match (&sol.picture, &step.state) {
            // The solution's drawing shows every step already: the row keeps to the text.
            (Some(_), Some(state)) => {
                let _ = write!(out, "<pre class=\"state\">{}</pre>", escape(&state.text));
            }
            _ => drawing(out, step.state.as_ref()),
        }
        out.push_str("</td></tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
}

/// A solution without states: its notation (a placement, a formula) or its moves.
fn listing(out: &mut String, title: &str, sol: &Solution) {
    let _ = writeln!(out, "<h2>{}</h2>", escape(title));
    whole(out, sol);
    if let Some(notation) = &sol.notation {
        let _ = writeln!(out, "<pre class=\"notation\">{}</pre>", escape(notation));
        return;
    }
    out.push_str("<ol class=\"moves plain\">\n");
    for step in &sol.steps {
        let _ = writeln!(out, "<li>{}</li>", escape(&step.action));
    }
    out.push_str("</ol>\n");
}

/// The engine and why, the notes, the family's sections, states and time.
fn statistics(out: &mut String, r: &Report) {
    out.push_str("<section class=\"statistics\">\n<h2>Statistics</h2>\n<dl>\n");
    let mut item = |term: &str, value: &str| {
        let _ = writeln!(out, "<dt>{term}</dt><dd>{}</dd>", escape(value));
    };
    item("engine", &r.engine);
    if !r.engine_reason.is_empty() {
        item("why this engine", &r.engine_reason);
    }
    item("states", &group_digits(u128::from(r.stats.states)));
    item("elapsed", &human(r.stats.elapsed_ms));
    out.push_str("</dl>\n");
    if !r.notes.is_empty() {
        out.push_str("<ul class=\"notes\">\n");
        for note in &r.notes {
            let _ = writeln!(out, "<li>{}</li>", escape(note));
        }
        out.push_str("</ul>\n");
    }
    for section in &r.sections {
        let _ = writeln!(
            out,
            "<h3>{}</h3>\n<pre>{}</pre>",
            escape(&section.title),
            escape(&section.lines.join("\n"))
        );
    }
    out.push_str("</section>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::picture::{Content, Grid, Picture};
    use crate::report::{Status, Step};

    fn board(pegs: &[usize]) -> StateView {
        let mut grid = Grid::empty(1, 3);
        for &p in pegs {
            grid.cell_mut(0, p).content = Content::Piece;
        }
        StateView {
            text: String::new(),
            data: serde_json::Value::Null,
            picture: Some(Picture::Grid(grid)),
        }
    }

    fn report() -> Report {
        let mut r = Report::new("shortest", Status::Solved, "bfs", "");
        r.puzzle = "<script>alert(\"x\")</script> & co".into();
        r.kind = "peg-solitaire".into();
        r.cost = Some(1);
        r.start = Some(board(&[0, 1]));
        r.solutions.push(Solution {
            steps: vec![Step {
                action: "a<b".into(),
                state: Some(board(&[2])),
            }],
            notation: None,
            picture: None,
        });
        r
    }

    #[test]
    fn spec_text_is_escaped_everywhere() {
        let page = page(&report());
        assert!(
            !page.contains("<script>alert"),
            "the title reached the page raw"
        );
        assert!(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co"));
        assert!(page.contains("<li data-frame=\"1\">a&lt;b</li>"));
        // One script element only: the page's own.
        assert_eq!(page.matches("<script>").count(), 1);
    }

    #[test]
    fn a_move_puzzle_gets_one_frame_per_state_and_the_controls() {
        let page = page(&report());
        assert!(page.contains("data-frames=\"2\""));
        assert!(page.contains("<figure class=\"frame\" data-frame=\"0\" data-state=\"null\"><svg"));
        assert!(
            page.contains(
                "<figure class=\"frame\" data-frame=\"1\" data-state=\"null\" hidden><svg"
            )
        );
        for act in ["first", "prev", "play", "next", "last"] {
            assert!(page.contains(&format!("data-act=\"{act}\"")), "{act}");
        }
        assert!(
            !page.contains("http://")
                || page.matches("http://").count()
                    == page.matches("http://www.w3.org/2000/svg").count(),
            "a link to the network"
        );
    }

    #[test]
    fn guesses_form_a_table_and_a_placement_its_notation() {
        let mut r = report();
        r.start = None;
        let table = page(&r);
        assert!(table.contains("<table class=\"steps\">") && !table.contains("class=\"viewer\""));
        r.solutions[0] = Solution {
            steps: Vec::new(),
            notation: Some("(0 4 7 5 2 6 1 3)".into()),
            picture: None,
        };
        let listing = page(&r);
        assert!(listing.contains("<pre class=\"notation\">(0 4 7 5 2 6 1 3)</pre>"));
    }
}
