//! The excerpt of a very long line (a formula of megabytes on one line): a window of characters
//! around the span instead of the whole line, which would drown the message.

use super::Location;

/// Lines longer than this (in bytes) are cut around the span.
pub const LONG_LINE: usize = 240;
/// Characters shown on each side of the span, and at most of the span itself.
const WINDOW: usize = 60;

/// Whether the line holding the start of `loc`'s span is too long to show whole.
pub fn is_long(loc: &Location) -> bool {
    let (start, end) = line_bounds(&loc.source.text, loc.span.start);
    end - start > LONG_LINE
}

/// `headline`, then the cut line with the span underlined, `label` beside it, then `help`.
pub fn render(loc: &Location, headline: &str, label: &str, help: Option<&str>) -> String {
    let text = &loc.source.text;
    let at = floor(text, loc.span.start.min(text.len()));
    let (line_start, line_end) = line_bounds(text, at);
    let span_end = floor(text, loc.span.end.clamp(at, line_end));
    let before: Vec<char> = text[line_start..at].chars().collect();
    let inside: Vec<char> = text[at..span_end].chars().take(WINDOW).collect();
    let after_from = at + inside.iter().map(|c| c.len_utf8()).sum::<usize>();
    let after: String = text[after_from..line_end].chars().take(WINDOW).collect();
    let cut_before = before.len() > WINDOW;
    let shown_before: String = before[before.len().saturating_sub(WINDOW)..]
        .iter()
        .collect();
    let (line, col) = loc.line_col();
    let margin = line.to_string().len();
    let mut out = format!("error: {headline}\n");
    out.push_str(&format!(
        "{:margin$} --> {}:{line}:{col}\n",
        "", loc.source.name
    ));
    let lead = if cut_before { "…" } else { "" };
    let tail = if after_from + after.len() < line_end {
        "…"
    } else {
        ""
    };
    let inside: String = inside.into_iter().collect();
    out.push_str(&format!(
        "{line} | {lead}{shown_before}{inside}{after}{tail}\n"
    ));
    let pad = lead.chars().count() + shown_before.chars().count();
    let marks = "^".repeat(inside.chars().count().max(1));
    out.push_str(&format!("{:margin$} | {:pad$}{marks} {label}\n", "", ""));
    if let Some(help) = help {
        out.push_str(&format!("  help: {help}\n"));
    }
    out
}

/// Byte range of the line holding byte `at`, newline excluded.
fn line_bounds(text: &str, at: usize) -> (usize, usize) {
    let at = floor(text, at.min(text.len()));
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    (start, end)
}

fn floor(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::SourceText;
    use std::sync::Arc;

    #[test]
    fn a_long_line_is_cut_around_the_span() {
        let text = format!(
            "a = 1\ngoal = \"{}X{}\"\n",
            "(".repeat(5000),
            ")".repeat(5000)
        );
        let at = text.find('X').unwrap();
        let loc = Location {
            source: Arc::new(SourceText {
                name: "s.toml".into(),
                text,
            }),
            span: at..at + 1,
        };
        assert!(is_long(&loc));
        let shown = render(&loc, "s.toml:2:5009: bad", "here", Some("fix it"));
        assert!(shown.len() < 600, "{shown}");
        assert!(shown.contains(&format!("…{}X{}…", "(".repeat(WINDOW), ")".repeat(WINDOW))));
        assert!(shown.contains("--> s.toml:2:5009"), "{shown}");
        // The caret stands under the X.
        let lines: Vec<&str> = shown.lines().collect();
        let x = lines[2].chars().position(|c| c == 'X').unwrap();
        assert_eq!(lines[3].chars().position(|c| c == '^'), Some(x));
    }
}
