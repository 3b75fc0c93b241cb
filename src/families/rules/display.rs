//! The optional `[display]` table: rules have no geometry, so a spec may name one array of the
//! state and its number of columns, and its states are drawn as that grid (`--boards`): a 0/1
//! array as pieces on empty cells (Lights Out), any other as numbers, 0 empty.

use super::layout::{Layout, Shape};
use super::spec::DisplayTable;
use crate::diagnostic::Diagnostic;
use crate::report::picture::{Content, Grid, Picture};
use crate::spec::SpecDocument;
use toml::Spanned;

/// The array drawn and its row length.
pub struct Display {
    var: usize,
    columns: usize,
}

/// The checked `[display]` table, if the spec has one.
pub fn display(
    doc: &SpecDocument,
    table: Option<&Spanned<DisplayTable>>,
    layout: &Layout,
    params: &std::collections::BTreeMap<String, i64>,
) -> Result<Option<Display>, Diagnostic> {
    let Some(table) = table else {
        return Ok(None);
    };
    let t = table.get_ref();
    let arrays: Vec<&str> = layout
        .vars
        .iter()
        .filter(|v| matches!(v.shape, Shape::Array(_)))
        .map(|v| v.name.as_str())
        .collect();
    let found = layout
        .vars
        .iter()
        .position(|v| v.name == *t.array.get_ref() && matches!(v.shape, Shape::Array(_)));
    let Some(var) = found else {
        return Err(doc
            .error(
                t.array.span(),
                format!("`{}` is not an array of the state", t.array.get_ref()),
            )
            .help(match arrays.len() {
                0 => "declare an array in [state] (e.g. `lights = \"25 of 0..1\"`) to draw it"
                    .to_string(),
                _ => format!("name one of: {}", arrays.join(", ")),
            }));
    };
    let len = layout.vars[var].len();
    let columns = crate::spec::setting(doc, &t.columns, params, "`columns`")?;
    match usize::try_from(columns) {
        Ok(c) if c >= 1 && c <= len => Ok(Some(Display { var, columns: c })),
        _ => Err(doc
            .error(
                t.columns.span(),
                format!("{columns} columns for an array of {len}"),
            )
            .help(format!("give a number of columns from 1 to {len}"))),
    }
}

/// The array of `values` (the unpacked state) as a grid of `columns`, the last row filled with
/// cells off the board when the length is not a multiple.
pub fn picture(layout: &Layout, display: &Display, values: &[i64]) -> Picture {
    let var = &layout.vars[display.var];
    let own = &values[var.first..var.first + var.len()];
    let rows = own.len().div_ceil(display.columns);
    let mut grid = Grid::empty(rows, display.columns);
    let on_off = var.lo == 0 && var.hi == 1;
    for (i, cell) in grid.cells.iter_mut().enumerate() {
        cell.content = match own.get(i) {
            None => Content::Off,
            Some(0) => Content::Empty,
            Some(_) if on_off => Content::Piece,
            Some(&v) => Content::Named {
                text: v.to_string(),
                group: u32::try_from(v).unwrap_or(0),
            },
        };
    }
    Picture::Grid(grid)
}
