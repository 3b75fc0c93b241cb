//! Named groups of array positions (`[search] groups`): each group is a list of members, each
//! member a list of positions, written as a table (`[[0, 5, 10, 15], [3, 6, 9, 12]]`) or made by
//! a built-in: `rows(R, C)`, `columns(R, C)`, `boxes(R, C, H, W)` (H x W boxes of an R x C grid,
//! row by row), `diagonals(N)` (the two long diagonals of an N x N grid).

use crate::diagnostic::Diagnostic;
use crate::expr::{self, ExprKind};
use crate::spec::SpecDocument;
use std::collections::BTreeMap;
use toml::Spanned;

/// A group: its members, each the positions of one member.
pub type Group = Vec<Vec<usize>>;

pub fn groups(
    doc: &SpecDocument,
    specs: &BTreeMap<String, Spanned<toml::Value>>,
    constants: &BTreeMap<String, i64>,
) -> Result<BTreeMap<String, Group>, Diagnostic> {
    let mut out = BTreeMap::new();
    for (name, value) in specs {
        let group = match value.get_ref() {
            toml::Value::String(text) => {
                built_in(doc, &Spanned::new(value.span(), text.clone()), constants)?
            }
            toml::Value::Array(items) => table(items).ok_or_else(|| {
                doc.error(value.span(), format!("group `{name}` is not a table of positions"))
                    .help("write [[0, 1, 2], [3, 4, 5]] (one list per member) or a built-in like \"rows(9, 9)\"")
            })?,
            _ => {
                return Err(doc
                    .error(value.span(), format!("group `{name}` must be a built-in or a table"))
                    .help("e.g. rows = \"rows(9, 9)\" or diagonals = [[0, 5, 10, 15], [3, 6, 9, 12]]"));
            }
        };
        out.insert(name.clone(), group);
    }
    Ok(out)
}

/// A table of members: a list of lists of positions, or one flat list (one member).
fn table(items: &[toml::Value]) -> Option<Group> {
    let position = |v: &toml::Value| v.as_integer().and_then(|i| usize::try_from(i).ok());
    if items.iter().all(|v| v.as_integer().is_some()) {
        return items
            .iter()
            .map(position)
            .collect::<Option<Vec<_>>>()
            .map(|m| vec![m]);
    }
    items
        .iter()
        .map(|row| row.as_array()?.iter().map(position).collect())
        .collect()
}

/// `rows(R, C)` and the other built-ins, with errors at the call's text.
fn built_in(
    doc: &SpecDocument,
    text: &Spanned<String>,
    constants: &BTreeMap<String, i64>,
) -> Result<Group, Diagnostic> {
    let e = doc.parse_formula(text, "a group")?;
    let err = |message: String| {
        doc.formula_error(
            text,
            "a group",
            expr::ExprError::new(message, e.span.clone()).help(
                "use rows(R, C), columns(R, C), boxes(R, C, H, W) or diagonals(N), with whole numbers",
            ),
        )
    };
    let ExprKind::Apply(name, args) = &e.kind else {
        return Err(err("expected a built-in group such as rows(9, 9)".into()));
    };
    let mut n = Vec::new();
    for a in args {
        // A number, or a formula of the parameters (`rows(n, n)`).
        let value = expr::constant(a, &|m| constants.get(m).copied());
        match value {
            Ok(i) if (1..=1000).contains(&i) => n.push(i as usize),
            _ => {
                return Err(err(
                    "each argument must be a whole number from 1 to 1000".into()
                ));
            }
        }
    }
    let group = match (name.as_str(), n.as_slice()) {
        ("rows", &[r, c]) => (0..r)
            .map(|i| (0..c).map(|j| i * c + j).collect())
            .collect(),
        ("columns", &[r, c]) => (0..c)
            .map(|j| (0..r).map(|i| i * c + j).collect())
            .collect(),
        ("boxes", &[r, c, h, w]) if r % h == 0 && c % w == 0 => boxes(r, c, h, w),
        ("boxes", &[r, c, h, w]) => {
            return Err(err(format!("{h} x {w} boxes do not tile a {r} x {c} grid")));
        }
        ("diagonals", &[n]) => vec![
            (0..n).map(|i| i * n + i).collect(),
            (0..n).map(|i| i * n + n - 1 - i).collect(),
        ],
        _ => {
            return Err(err(format!(
                "`{name}` with {} arguments is not a built-in group",
                n.len()
            )));
        }
    };
    Ok(group)
}

fn boxes(r: usize, c: usize, h: usize, w: usize) -> Group {
    let mut out = Vec::new();
    for top in (0..r).step_by(h) {
        for left in (0..c).step_by(w) {
            let cells = (top..top + h).flat_map(|i| (left..left + w).map(move |j| i * c + j));
            out.push(cells.collect());
        }
    }
    out
}
