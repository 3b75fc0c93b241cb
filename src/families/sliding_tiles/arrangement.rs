//! Arrangements (the tile on each cell, 0 = blank) read from the spec or from a file of starts,
//! checked for length and for each tile 0..n-1 appearing exactly once.

use super::spec::Arrangement;
use crate::diagnostic::{Diagnostic, SourceText};
use crate::spec::SpecDocument;
use std::ops::Range;
use std::sync::Arc;

/// A start read from the spec or a file, with the optimal length a file may state beside it.
#[derive(Debug, Clone)]
pub struct Start {
    pub tiles: Vec<u8>,
    pub expected: Option<u32>,
}

/// Checks `values` (with their spans in `source`) as an arrangement of `n` cells.
fn check(
    source: &Arc<SourceText>,
    what: &str,
    whole: Range<usize>,
    values: &[(i64, Range<usize>)],
    n: usize,
) -> Result<Vec<u8>, Diagnostic> {
    if values.len() != n {
        return Err(Diagnostic::new(format!(
            "{what} has {} cells but the board has {n}",
            values.len()
        ))
        .at(source, whole)
        .help(format!(
            "give one tile per cell: the numbers 0 to {} once each, 0 for the blank",
            n - 1
        )));
    }
    let mut seen: Vec<Option<Range<usize>>> = vec![None; n];
    for (v, span) in values {
        let Some(t) = usize::try_from(*v).ok().filter(|&t| t < n) else {
            return Err(
                Diagnostic::new(format!("tile {v} is not on a board of {n} cells"))
                    .at(source, span.clone())
                    .label("out of range")
                    .help(format!("tiles are 1 to {} and 0 for the blank", n - 1)),
            );
        };
        if seen[t].is_some() {
            let name = if t == 0 {
                "the blank (0)".to_string()
            } else {
                format!("tile {t}")
            };
            return Err(Diagnostic::new(format!("{what} holds {name} twice"))
                .at(source, span.clone())
                .label("second time")
                .help("each tile appears once, and exactly one cell is the blank (0)"));
        }
        seen[t] = Some(span.clone());
    }
    // n values, none repeated, all in range: every tile is there.
    Ok(values.iter().map(|(v, _)| *v as u8).collect())
}

pub fn from_spec(
    doc: &SpecDocument,
    a: &Arrangement,
    what: &str,
    n: usize,
) -> Result<Vec<u8>, Diagnostic> {
    let values: Vec<(i64, Range<usize>)> = a
        .get_ref()
        .iter()
        .map(|v| (*v.get_ref(), v.span()))
        .collect();
    check(&doc.source, what, a.span(), &values, n)
}

/// Reads a file of starts: one arrangement per line as whitespace-separated numbers, optionally
/// followed by the known optimal length; `#` starts a comment; blank lines are skipped.
pub fn from_file(
    doc: &SpecDocument,
    name: &toml::Spanned<String>,
    n: usize,
) -> Result<Vec<Start>, Diagnostic> {
    let path = doc.dir().join(name.get_ref());
    let text = std::fs::read_to_string(&path).map_err(|e| {
        doc.error(name.span(), format!("cannot read {}: {e}", path.display()))
            .help("the path is relative to the spec file's folder")
    })?;
    let source = Arc::new(SourceText {
        name: path.display().to_string(),
        text,
    });
    let mut starts = Vec::new();
    let mut offset = 0;
    for line in source.text.split_inclusive('\n') {
        let line_start = offset;
        offset += line.len();
        let content = line.split('#').next().unwrap_or("");
        let mut values = Vec::new();
        let mut pos = 0;
        for word in content.split_whitespace() {
            let at = line_start + content[pos..].find(word).map_or(0, |i| i + pos);
            pos = at - line_start + word.len();
            let span = at..at + word.len();
            let v: i64 = word.parse().map_err(|_| {
                Diagnostic::new(format!("`{word}` is not a whole number"))
                    .at(&source, span.clone())
                    .help("write each arrangement as numbers separated by spaces")
            })?;
            values.push((v, span));
        }
        if values.is_empty() {
            continue;
        }
        let whole = values[0].1.start..values[values.len() - 1].1.end;
        let expected = if values.len() == n + 1 {
            let (v, span) = values.pop().expect("n + 1 values");
            Some(u32::try_from(v).map_err(|_| {
                Diagnostic::new(format!("the optimal length {v} is not a move count"))
                    .at(&source, span)
                    .help("after the tiles, a line may give the known optimal length (0 or more)")
            })?)
        } else {
            None
        };
        let tiles = check(&source, "this start", whole, &values, n).map_err(|d| {
            if values.len() != n {
                d.help(format!(
                    "each line holds {n} tiles, optionally followed by the known optimal length"
                ))
            } else {
                d
            }
        })?;
        starts.push(Start { tiles, expected });
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
