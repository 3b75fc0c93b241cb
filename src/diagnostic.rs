//! One error type for everything the user can get wrong: a message, where it is (file, byte span,
//! from which line and column are derived), what the span shows, and a hint on what to do.

mod excerpt;

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// A named text the diagnostics point into (a spec file, or a `--set` argument).
#[derive(Debug, Clone)]
pub struct SourceText {
    pub name: String,
    pub text: String,
}

#[derive(Debug, Clone)]
pub struct Location {
    pub source: Arc<SourceText>,
    pub span: Range<usize>,
}

impl Location {
    /// 1-based line and column (in characters) of the start of the span.
    pub fn line_col(&self) -> (usize, usize) {
        line_col(&self.source.text, self.span.start)
    }
}

/// 1-based line and character column of byte offset `at` in `text`.
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    let at = floor_char_boundary(text, at.min(text.len()));
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = text[line_start..at].chars().count() + 1;
    (line, col)
}

fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn ceil_char_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

#[derive(Debug, Clone)]
pub struct Diagnostic {
    pub message: String,
    pub location: Option<Location>,
    /// What the underlined span is, shown beside it.
    pub label: Option<String>,
    pub help: Option<String>,
    /// A fault of puzzlespec itself rather than of the input.
    pub internal: bool,
}

impl Diagnostic {
    /// A fault of puzzlespec (e.g. a solution that fails its replay check), not of the input.
    pub fn internal(message: impl Into<String>) -> Self {
        Diagnostic {
            internal: true,
            ..Diagnostic::new(format!("internal error: {}", message.into()))
        }
    }

    pub fn new(message: impl Into<String>) -> Self {
        Diagnostic {
            message: message.into(),
            location: None,
            label: None,
            help: None,
            internal: false,
        }
    }

    pub fn at(mut self, source: &Arc<SourceText>, span: Range<usize>) -> Self {
        self.location = Some(Location {
            source: Arc::clone(source),
            span,
        });
        self
    }

    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// `file:line:col`, or the file alone when there is no span, or nothing.
    pub fn position(&self) -> Option<String> {
        self.location.as_ref().map(|loc| {
            let (line, col) = loc.line_col();
            format!("{}:{}:{}", loc.source.name, line, col)
        })
    }

    /// The full report with the source excerpt, as printed on stderr.
    pub fn render(&self, color: bool) -> String {
        use ariadne::{Config, IndexType, Label, Report, ReportKind, Source};
        let headline = match self.position() {
            Some(pos) => format!("{pos}: {}", self.message),
            None => self.message.clone(),
        };
        let Some(loc) = &self.location else {
            let mut out = format!("error: {headline}\n");
            if let Some(help) = &self.help {
                out.push_str(&format!("  help: {help}\n"));
            }
            return out;
        };
        if excerpt::is_long(loc) {
            let label = self.label.as_deref().unwrap_or("here");
            return excerpt::render(loc, &headline, label, self.help.as_deref());
        }
        let name = loc.source.name.as_str();
        let text = &loc.source.text;
        // An empty span (end of file) still needs one character to underline.
        let start = floor_char_boundary(text, loc.span.start.min(text.len()));
        let mut end = ceil_char_boundary(text, loc.span.end.clamp(start, text.len()));
        if end == start {
            end = text[start..]
                .chars()
                .next()
                .map_or(start, |c| start + c.len_utf8());
        }
        let span = start..end;
        let label =
            Label::new((name, span.clone())).with_message(self.label.as_deref().unwrap_or("here"));
        let mut report = Report::build(ReportKind::Error, (name, span))
            .with_config(
                Config::default()
                    .with_color(color)
                    .with_index_type(IndexType::Byte),
            )
            .with_message(headline)
            .with_label(label);
        if let Some(help) = &self.help {
            report = report.with_help(help);
        }
        let mut buf = Vec::new();
        let written = report
            .finish()
            .write((name, Source::from(text.as_str())), &mut buf);
        match written {
            Ok(()) => String::from_utf8_lossy(&buf).into_owned(),
            Err(_) => format!("error: {}\n", self.message),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position() {
            Some(pos) => write!(f, "{pos}: {}", self.message)?,
            None => write!(f, "{}", self.message)?,
        }
        if let Some(help) = &self.help {
            write!(f, " (help: {help})")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_are_one_based_and_count_characters() {
        let text = "a = 1\nbé = 2\n";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 6), (2, 1));
        // 'é' is two bytes but one column.
        assert_eq!(line_col(text, 9), (2, 3));
    }
}
