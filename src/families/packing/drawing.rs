//! A drawing read into cells: `.` is a cell, `#` and space are not. A flat shape is one drawing;
//! a solid one is layers of drawings, each the same number of rows. Every cell keeps where it
//! was drawn, so an error can point at its row and column in the file.

use super::spec::Drawn;
use crate::diagnostic::Diagnostic;
use crate::spec::{InnerSpans, SpecDocument};
use std::ops::Range;
use toml::Spanned;

/// A cell position: layer, row, column (all from 0).
pub type Point = [i32; 3];

/// The cells of a drawing and where each was drawn in the file.
#[derive(Debug, Clone)]
pub struct Drawing {
    pub cells: Vec<Point>,
    pub spans: Vec<Range<usize>>,
    /// Layers, rows, columns of the drawing's box.
    pub size: [i32; 3],
    /// The span of the whole drawing (or of the layers).
    pub span: Range<usize>,
}

impl Drawing {
    /// The file span of the cell at `p`, or the whole drawing's.
    pub fn span_of(&self, p: Point) -> Range<usize> {
        self.cells
            .iter()
            .position(|&c| c == p)
            .map_or(self.span.clone(), |i| self.spans[i].clone())
    }
}

/// Reads `drawing` or `layers` of `what` (e.g. "the board", "piece F"); `at` is where to point
/// when neither is given.
pub fn read(
    doc: &SpecDocument,
    shape: &Drawn<'_>,
    what: &str,
    at: Range<usize>,
) -> Result<Drawing, Diagnostic> {
    match (shape.drawing, shape.layers) {
        (Some(d), None) => {
            let mut out = empty(d.span());
            read_layer(doc, d, 0, what, &mut out)?;
            finish(doc, out, what)
        }
        (None, Some(layers)) => {
            let mut out = empty(layers.span());
            let mut rows = None;
            for (z, layer) in layers.get_ref().iter().enumerate() {
                let r = read_layer(doc, layer, z as i32, what, &mut out)?;
                match rows {
                    Some(first) if first != r => {
                        return Err(doc
                            .error(layer.span(), format!("layer {} of {what} has {r} rows, layer 1 has {first}", z + 1))
                            .label("a ragged layer")
                            .help("draw every layer with the same number of rows (a row of spaces or `#` stands for no cells)"));
                    }
                    _ => rows = Some(r),
                }
            }
            out.size[0] = layers.get_ref().len() as i32;
            finish(doc, out, what)
        }
        (Some(d), Some(_)) => Err(doc
            .error(d.span(), format!("{what} has both `drawing` and `layers`"))
            .help("a flat shape is one `drawing`; a solid one is `layers = [...]`, top to bottom")),
        (None, None) => Err(doc
            .error(at, format!("{what} is not drawn"))
            .help("give `drawing = \"\"\"...\"\"\"` (`.` a cell, `#` or space none), or `layers = [...]` for a solid")),
    }
}

fn empty(span: Range<usize>) -> Drawing {
    Drawing {
        cells: Vec::new(),
        spans: Vec::new(),
        size: [1, 0, 0],
        span,
    }
}

/// Adds the cells of one layer; returns its number of rows (trailing blank lines left out).
fn read_layer(
    doc: &SpecDocument,
    text: &Spanned<String>,
    z: i32,
    what: &str,
    out: &mut Drawing,
) -> Result<i32, Diagnostic> {
    let value = text.get_ref();
    let spans = InnerSpans::new(&doc.source.text, text.span(), value);
    let mut rows = 0;
    let mut offset = 0;
    for (r, line) in value.split('\n').enumerate() {
        let line_start = offset;
        offset += line.len() + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        for (c, (at, ch)) in line.char_indices().enumerate() {
            let span = || spans.of(line_start + at..line_start + at + ch.len_utf8());
            match ch {
                '.' => {
                    out.cells.push([z, r as i32, c as i32]);
                    out.spans.push(span());
                    out.size[2] = out.size[2].max(c as i32 + 1);
                }
                ' ' | '#' | '\t' => {}
                other => {
                    return Err(doc
                        .error(
                            span(),
                            format!(
                                "`{other}` in the drawing of {what} (row {}, column {})",
                                r + 1,
                                c + 1
                            ),
                        )
                        .label("not a cell mark")
                        .help("draw a cell as `.`, and no cell as `#` or a space"));
                }
            }
        }
        if !line.trim_matches([' ', '#', '\t']).is_empty() || line.contains('#') {
            rows = r as i32 + 1;
        }
    }
    out.size[1] = out.size[1].max(rows);
    Ok(rows)
}

fn finish(doc: &SpecDocument, out: Drawing, what: &str) -> Result<Drawing, Diagnostic> {
    if out.cells.is_empty() {
        return Err(doc
            .error(
                out.span.clone(),
                format!("the drawing of {what} has no cells"),
            )
            .label("no `.` here")
            .help("draw each cell as `.`"));
    }
    Ok(out)
}
