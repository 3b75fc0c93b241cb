//! Arrangements (the tile on each cell, 0 = blank) read from the spec or from a file of starts
//! (`starts_file.rs`), checked for length and for each tile 0..n-1 appearing exactly once.

use super::spec::Arrangement;
use crate::diagnostic::{Diagnostic, SourceText};
use crate::spec::SpecDocument;
use std::ops::Range;
use std::sync::Arc;

/// A start read from the spec or a file, with the optimal length a file may state beside it.
#[derive(Debug, Clone)]
pub struct Start {
    pub tiles: Vec<u8>,
    pub expected: Option<Expected>,
}

/// The known optimal length a starts file gives after a start, and where.
#[derive(Debug, Clone)]
pub struct Expected {
    pub moves: u32,
    pub source: Arc<SourceText>,
    pub span: Range<usize>,
}

/// Checks `values` (with their spans in `source`) as an arrangement of `n` cells.
pub fn check(
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
