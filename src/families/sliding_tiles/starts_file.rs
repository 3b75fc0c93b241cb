//! A file of starts: one arrangement per line as whitespace-separated numbers, optionally
//! followed by the known optimal length; `#` starts a comment; blank lines are skipped. Only a
//! regular file of at most [`MAX_BYTES`] is read: a FIFO or a device (`/dev/zero`) would block
//! or never end.

use super::arrangement::{Expected, Start, check};
use crate::diagnostic::{Diagnostic, SourceText};
use crate::spec::SpecDocument;
use std::io::Read;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;
use toml::Spanned;

/// 4 MiB: some 70,000 lines of 15-puzzle starts, far more than a batch solves in reasonable time.
pub const MAX_BYTES: u64 = 4 << 20;

/// Reads and checks every start of the file named at `name` (relative to the spec).
pub fn read(
    doc: &SpecDocument,
    name: &Spanned<String>,
    n: usize,
) -> Result<Vec<Start>, Diagnostic> {
    let path = doc.dir().join(name.get_ref());
    let text = read_text(&path).map_err(|(what, help)| doc.error(name.span(), what).help(help))?;
    let source = Arc::new(SourceText {
        name: path.display().to_string(),
        text,
    });
    let mut starts = Vec::new();
    let mut offset = 0;
    for line in source.text.split_inclusive('\n') {
        if let Some(start) = parse_line(&source, offset, line, n)? {
            starts.push(start);
        }
        offset += line.len();
    }
    if starts.is_empty() {
        return Err(doc
            .error(
                name.span(),
                format!("{} holds no arrangements", path.display()),
            )
            .help("write one start per line: the tiles cell by cell, 0 for the blank"));
    }
    Ok(starts)
}

/// The file's text, or what is wrong and what to do.
fn read_text(path: &Path) -> Result<String, (String, &'static str)> {
    let shown = path.display();
    let relative = "the path is relative to the spec file's folder";
    // `metadata` does not open the file, so a FIFO cannot block here.
    let meta =
        std::fs::metadata(path).map_err(|e| (format!("cannot read {shown}: {e}"), relative))?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a folder"
        } else {
            "not a regular file (a device, FIFO or socket)"
        };
        return Err((
            format!("{shown} is {what}"),
            "starts_file names a text file of starts, one per line",
        ));
    }
    let too_big = || {
        (
            format!("{shown} is larger than {} MiB", MAX_BYTES >> 20),
            "split the starts into several files, or give fewer starts",
        )
    };
    if meta.len() > MAX_BYTES {
        return Err(too_big());
    }
    let file =
        std::fs::File::open(path).map_err(|e| (format!("cannot read {shown}: {e}"), relative))?;
    // The bound holds even if the file grew since it was measured.
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| (format!("cannot read {shown}: {e}"), relative))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|e| {
        (
            format!(
                "{shown} is not UTF-8 text (byte {})",
                e.utf8_error().valid_up_to()
            ),
            "write the starts as plain text: numbers separated by spaces",
        )
    })
}

/// The start on one line (`line_start` is its offset in the file), or None for a blank line.
fn parse_line(
    source: &Arc<SourceText>,
    line_start: usize,
    line: &str,
    n: usize,
) -> Result<Option<Start>, Diagnostic> {
    let content = line.split('#').next().unwrap_or("");
    let mut values: Vec<(i64, Range<usize>)> = Vec::new();
    let mut pos = 0;
    for word in content.split_whitespace() {
        let at = line_start + content[pos..].find(word).map_or(0, |i| i + pos);
        pos = at - line_start + word.len();
        let span = at..at + word.len();
        let v: i64 = word.parse().map_err(|_| {
            Diagnostic::new(format!("`{word}` is not a whole number"))
                .at(source, span.clone())
                .help("write each arrangement as numbers separated by spaces")
        })?;
        values.push((v, span));
    }
    let (Some(first), Some(last)) = (values.first(), values.last()) else {
        return Ok(None);
    };
    let whole = first.1.start..last.1.end;
    let expected = match values.len() == n + 1 {
        true => values
            .pop()
            .map(|(v, span)| expected(source, v, span))
            .transpose()?,
        false => None,
    };
    let tiles = check(source, "this start", whole, &values, n).map_err(|d| {
        if values.len() != n {
            d.help(format!(
                "each line holds {n} tiles, optionally followed by the known optimal length"
            ))
        } else {
            d
        }
    })?;
    Ok(Some(Start { tiles, expected }))
}

fn expected(source: &Arc<SourceText>, v: i64, span: Range<usize>) -> Result<Expected, Diagnostic> {
    match u32::try_from(v) {
        Ok(moves) => Ok(Expected {
            moves,
            source: Arc::clone(source),
            span,
        }),
        Err(_) => Err(
            Diagnostic::new(format!("the optimal length {v} is not a move count"))
                .at(source, span)
                .help("after the tiles, a line may give the known optimal length (0 or more)"),
        ),
    }
}
