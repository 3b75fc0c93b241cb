//! A drawing in a TOML string: its rows of characters, and where each character stands in the
//! file, so an error at a row and column of the drawing points at that line and column.

use crate::diagnostic::{Diagnostic, SourceText};
use crate::spec::SpecDocument;
use std::ops::Range;
use std::sync::Arc;
use toml::Spanned;

pub struct Drawing {
    pub rows: Vec<Vec<char>>,
    /// The file byte offset of each character and of each row's end, when the string's bytes stand in the file as
    /// they are (no escapes); else errors point at the whole string.
    offsets: Option<Vec<Vec<usize>>>,
    span: Range<usize>,
    source: Arc<SourceText>,
    /// "the board drawing", "the goal drawing".
    pub what: &'static str,
}

impl Drawing {
    pub fn read(doc: &SpecDocument, value: &Spanned<String>, what: &'static str) -> Drawing {
        let text = value.get_ref();
        let body = body_start(&doc.source.text, value.span(), text);
        let mut rows = Vec::new();
        let mut offsets = Vec::new();
        let mut at = 0usize;
        for line in text.split('\n') {
            let line_text = line.strip_suffix('\r').unwrap_or(line);
            rows.push(line_text.chars().collect());
            // Each character's offset, then the row's end (where an error past it points).
            let base = body.unwrap_or(0) + at;
            let mut row_offsets: Vec<usize> =
                line_text.char_indices().map(|(i, _)| base + i).collect();
            row_offsets.push(base + line_text.len());
            offsets.push(row_offsets);
            at += line.len() + 1;
        }
        // A closing delimiter on its own line leaves an empty last row: not part of the drawing.
        while rows.last().is_some_and(|r: &Vec<char>| r.is_empty()) {
            rows.pop();
            offsets.pop();
        }
        Drawing {
            rows,
            offsets: body.map(|_| offsets),
            span: value.span(),
            source: Arc::clone(&doc.source),
            what,
        }
    }

    /// An error at row `row`, column `col` (0-based) of the drawing; the message says where in
    /// the drawing, the location where in the file.
    pub fn error(&self, row: usize, col: usize, message: impl Into<String>) -> Diagnostic {
        // The span covers the whole character (a multi-byte one too); past a row's end, the
        // newline after it.
        let width = self
            .rows
            .get(row)
            .and_then(|r| r.get(col))
            .map_or(1, |ch| ch.len_utf8());
        let offset = self
            .offsets
            .as_ref()
            .and_then(|o| o.get(row))
            .and_then(|r| r.get(col).or(r.last()).copied());
        let span = match offset {
            Some(o) => o..o + width,
            None => self.span.clone(),
        };
        Diagnostic::new(format!(
            "{} (row {}, column {} of {})",
            message.into(),
            row + 1,
            col + 1,
            self.what
        ))
        .at(&self.source, span)
    }

    /// An error about the drawing as a whole.
    pub fn whole_error(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(message).at(&self.source, self.span.clone())
    }
}

/// The byte offset in the file where the string's value starts, when the value's bytes stand in
/// the file unchanged.
fn body_start(file: &str, span: Range<usize>, value: &str) -> Option<usize> {
    let token = file.get(span.clone())?;
    let quote = if token.starts_with("\"\"\"") || token.starts_with("'''") {
        3
    } else if token.starts_with('"') || token.starts_with('\'') {
        1
    } else {
        return None;
    };
    let mut start = span.start + quote;
    if quote == 3 {
        // TOML drops a newline right after the opening delimiter.
        if file[start..].starts_with("\r\n") {
            start += 2;
        } else if file[start..].starts_with('\n') {
            start += 1;
        }
    }
    (file.get(start..start + value.len()) == Some(value)).then_some(start)
}
