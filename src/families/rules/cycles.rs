//! A move's `permute` entries -> one permutation of slots: each entry moves positions of
//! arrays along cycles or as a table, adding constants to the values landing on them, and
//! `times` repeats (or, negative, undoes) the whole. Everything is checked here, at its place
//! in the file: a table that is no permutation, a cycle position outside the array or named
//! twice, arrays of different lengths.

use super::layout::Names;
use super::layout::{Layout, Shape};
use super::permute::{Perm, Step, size_of};
use super::spec::{MoveTable, PermuteTable};
use crate::diagnostic::Diagnostic;
use crate::expr::check::Table;
use crate::expr::{ExprKind, Forms};
use crate::spec::SpecDocument;
use std::ops::Range;
use toml::Spanned;

/// The most times a permutation may be repeated (a face turned 1000 times is a mistake).
const MAX_TIMES: i64 = 1000;

/// The permutation the move's `permute` declares, with its parameters fixed in `names`.
pub fn declared(
    doc: &SpecDocument,
    m: &MoveTable,
    names: &mut Names,
) -> Result<Option<Perm>, Diagnostic> {
    let Some(entries) = &m.permute else {
        if let Some(t) = &m.times {
            return Err(doc
                .error(
                    t.span(),
                    "`times` repeats a permutation, and this move has no `permute`",
                )
                .help("add `permute = [...]` or remove `times`"));
        }
        return Ok(None);
    };
    let layout = names.vars;
    let mut steps: Vec<Step> = Vec::new();
    for entry in entries.get_ref() {
        entry_steps(doc, entry, names, &mut steps)?;
    }
    let mut moved: Vec<usize> = steps.iter().map(|s| s.dst).collect();
    moved.sort_unstable();
    if let Some(w) = moved.windows(2).find(|w| w[0] == w[1]) {
        return Err(doc
            .error(
                entries.span(),
                format!(
                    "{} is moved by two entries of `permute`",
                    slot_words(layout, w[0])
                ),
            )
            .help("each position of an array moves at most once in a move; join the cycles"));
    }
    let perm = Perm::new(steps, layout);
    let times = times(doc, m, names)?;
    let perm = if times < 0 {
        perm.inverse(layout)
    } else {
        perm
    };
    Ok(Some(perm.power(times.unsigned_abs() as u32, layout)))
}

fn slot_words(layout: &Layout, slot: usize) -> String {
    let var = (layout.vars.iter())
        .rfind(|v| v.first <= slot)
        .expect("slot of a variable");
    format!("`{}[{}]`", var.name, slot - var.first)
}

/// `times`: a whole number or a formula of the parameters, not 0, at most [`MAX_TIMES`] either way.
fn times(doc: &SpecDocument, m: &MoveTable, names: &mut Names) -> Result<i64, Diagnostic> {
    let Some(t) = &m.times else { return Ok(1) };
    let n = match t.get_ref() {
        toml::Value::Integer(n) => *n,
        toml::Value::String(text) => {
            let spanned = Spanned::new(t.span(), text.clone());
            let what = "`times`";
            let term = Forms::All
                .parse(text)
                .map_err(|e| doc.formula_error(&spanned, what, e))?;
            names
                .constant(&term)
                .map_err(|e| doc.formula_error(&spanned, what, e))?
        }
        _ => {
            return Err(doc
                .error(t.span(), "`times` is a whole number or a formula")
                .help("e.g. times = 2 or times = \"q\""));
        }
    };
    if n == 0 || n.abs() > MAX_TIMES {
        return Err(doc
            .error(t.span(), format!("`times` is {n} here"))
            .help(format!(
                "repeat a permutation 1 to {MAX_TIMES} times (negative: its inverse)"
            )));
    }
    Ok(n)
}

/// The steps of one entry, appended to `out`.
pub(super) fn entry_steps(
    doc: &SpecDocument,
    entry: &Spanned<PermuteTable>,
    names: &mut Names,
    out: &mut Vec<Step>,
) -> Result<(), Diagnostic> {
    let layout = names.vars;
    let e = entry.get_ref();
    let arrays = arrays(doc, e, layout)?;
    let len = layout.vars[arrays[0]].len();
    // (destination, source) positions, in the order `add` lists its values.
    let moves = match (&e.cycles, &e.table) {
        (Some(c), None) => cycle_moves(doc, c, len, names)?,
        (None, Some(t)) => table_moves(doc, t, len, names)?,
        _ => {
            return Err(doc
                .error(
                    entry.span(),
                    "a `permute` entry has exactly one of `cycles` and `table`",
                )
                .help("e.g. { arrays = [\"cp\"], cycles = [0, 1, 2, 3] }"));
        }
    };
    for (name, values) in &e.add {
        let Some(&v) = arrays.iter().find(|&&v| layout.vars[v].name == *name) else {
            return Err(doc
                .error(
                    values.span(),
                    format!("`add` names `{name}`, which this entry does not move"),
                )
                .help("add to one of the entry's `arrays`"));
        };
        if layout.vars[v].lo != 0 {
            return Err(doc
                .error(
                    values.span(),
                    format!(
                        "`{name}` does not start at 0, so adding modulo its range is not defined"
                    ),
                )
                .help("give it a range 0..k-1 to add modulo k"));
        }
    }
    for &v in &arrays {
        let var = &layout.vars[v];
        let add = match e.add.get(&var.name) {
            Some(values) => {
                let adds = numbers(doc, values, names, "`add`")?;
                if adds.len() != moves.len() {
                    return Err(doc
                        .error(values.span(), format!("`add` gives {} values and the entry moves {} positions", adds.len(), moves.len()))
                        .help("give one value per position, in the order the cycles (or the table) list them"));
                }
                adds
            }
            None => vec![0; moves.len()],
        };
        for (&(dst, src), a) in moves.iter().zip(add) {
            let size = i128::from(size_of(layout, var.first));
            out.push(Step {
                dst: var.first + dst,
                src: var.first + src,
                add: i128::from(a).rem_euclid(size) as u64,
            });
        }
    }
    Ok(())
}

/// The entry's arrays: state arrays of one length, each named once.
fn arrays(doc: &SpecDocument, e: &PermuteTable, layout: &Layout) -> Result<Vec<usize>, Diagnostic> {
    let mut out: Vec<usize> = Vec::new();
    for name in e.arrays.get_ref() {
        let v = layout
            .var(name.get_ref())
            .filter(|&v| matches!(layout.vars[v].shape, Shape::Array(_)));
        let Some(v) = v else {
            return Err(doc
                .error(name.span(), format!("`{}` is not an array of the state", name.get_ref()))
                .help("`permute` moves the positions of arrays declared in [state], e.g. cp = \"8 of 0..7\""));
        };
        let first = out.first().map(|&f| &layout.vars[f]);
        if let Some(f) = first.filter(|f| f.len() != layout.vars[v].len()) {
            return Err(doc
                .error(name.span(), format!("`{}` has {} elements and `{}` {}", name.get_ref(), layout.vars[v].len(), f.name, f.len()))
                .help("the arrays of one entry are permuted alike, so they have one length; use another entry"));
        }
        if out.contains(&v) {
            return Err(doc.error(name.span(), format!("`{}` is named twice", name.get_ref())));
        }
        out.push(v);
    }
    if out.is_empty() {
        return Err(doc
            .error(e.arrays.span(), "`arrays` names no array")
            .help("e.g. arrays = [\"cp\", \"co\"]"));
    }
    Ok(out)
}

/// The (destination, source) positions of cycles: the value at `c[k]` lands on `c[k + 1]`
/// (the last on the first); listed by destination, in the cycles' order.
fn cycle_moves(
    doc: &SpecDocument,
    v: &Spanned<toml::Value>,
    len: usize,
    names: &mut Names,
) -> Result<Vec<(usize, usize)>, Diagnostic> {
    let cycles = rows(doc, v, names)?;
    let mut seen = vec![false; len];
    let mut out = Vec::new();
    for cycle in &cycles {
        for &p in cycle {
            position(doc, v.span(), p, len, &mut seen, "the cycles")?;
        }
        for (k, &p) in cycle.iter().enumerate() {
            let from = cycle[(k + cycle.len() - 1) % cycle.len()];
            out.push((p as usize, from as usize));
        }
    }
    Ok(out)
}

/// `table[i]` is the position whose value lands on `i`: a permutation of every position.
fn table_moves(
    doc: &SpecDocument,
    v: &Spanned<toml::Value>,
    len: usize,
    names: &mut Names,
) -> Result<Vec<(usize, usize)>, Diagnostic> {
    let table = numbers(doc, v, names, "`table`")?;
    if table.len() != len {
        return Err(doc
            .error(
                v.span(),
                format!(
                    "the table lists {} positions and the arrays have {len}",
                    table.len()
                ),
            )
            .help("list, for each position in order, the position whose value lands there"));
    }
    let mut seen = vec![false; len];
    for &p in &table {
        position(doc, v.span(), p, len, &mut seen, "the table").map_err(|d| {
            // A repeated position means another is missing: name the first.
            let missing = (0..len as i64).find(|q| !table.contains(q));
            match missing {
                Some(q) => d.label(format!("position {q} is missing")),
                None => d,
            }
        })?;
    }
    Ok(table
        .iter()
        .enumerate()
        .map(|(i, &p)| (i, p as usize))
        .collect())
}

/// Checks `p` is a position of the arrays not named before in `what`.
fn position(
    doc: &SpecDocument,
    span: Range<usize>,
    p: i64,
    len: usize,
    seen: &mut [bool],
    what: &str,
) -> Result<(), Diagnostic> {
    let Some(slot) = usize::try_from(p).ok().filter(|&p| p < len) else {
        return Err(doc
            .error(
                span,
                format!(
                    "position {p} in {what} is outside the arrays (0..{})",
                    len - 1
                ),
            )
            .help("positions count from 0 to the arrays' length minus 1"));
    };
    if std::mem::replace(&mut seen[slot], true) {
        return Err(doc
            .error(
                span,
                format!("position {p} appears twice in {what}, so they are not a permutation"),
            )
            .help("name each position at most once (in a table: every position exactly once)"));
    }
    Ok(())
}

/// Cycles: a list of numbers (one), a list of lists, or a formula naming a table (each row a
/// cycle), a list table or a table's row (one).
fn rows(
    doc: &SpecDocument,
    v: &Spanned<toml::Value>,
    names: &mut Names,
) -> Result<Vec<Vec<i64>>, Diagnostic> {
    if let toml::Value::Array(items) = v.get_ref()
        && items.iter().all(toml::Value::is_array)
        && !items.is_empty()
    {
        let rows: Option<Vec<Vec<i64>>> = items
            .iter()
            .map(|r| r.as_array()?.iter().map(toml::Value::as_integer).collect())
            .collect();
        return rows.ok_or_else(|| {
            doc.error(v.span(), "cycles are lists of whole numbers")
                .help("e.g. cycles = [[0, 1, 2, 3], [4, 5, 6, 7]]")
        });
    }
    if let toml::Value::String(text) = v.get_ref()
        && let Ok(term) = Forms::All.parse(text)
        && let ExprKind::Name(n) = &term.kind
        && let Some((_, Table::Rows(rows))) = names.tables.iter().find(|(m, _)| m == n)
    {
        return Ok(rows.clone());
    }
    Ok(vec![numbers(doc, v, names, "the cycles")?])
}

/// A list of whole numbers, or a formula naming a list table or a table's row.
fn numbers(
    doc: &SpecDocument,
    v: &Spanned<toml::Value>,
    names: &mut Names,
    what: &str,
) -> Result<Vec<i64>, Diagnostic> {
    match v.get_ref() {
        toml::Value::Array(items) => items
            .iter()
            .map(toml::Value::as_integer)
            .collect::<Option<Vec<i64>>>()
            .ok_or_else(|| {
                doc.error(v.span(), format!("{what} is a list of whole numbers"))
                    .help("e.g. [0, 1, 2, 3]")
            }),
        toml::Value::String(text) => {
            let spanned = Spanned::new(v.span(), text.clone());
            let term = Forms::All
                .parse(text)
                .map_err(|e| doc.formula_error(&spanned, what, e))?;
            if let ExprKind::Name(n) = &term.kind
                && let Some((_, Table::Rows(_))) = names.tables.iter().find(|(m, _)| m == n)
            {
                let e = crate::expr::ExprError::new(
                    format!("`{n}` is a table of rows; name one row, e.g. `{n}[f]`"),
                    term.span.clone(),
                );
                return Err(doc.formula_error(&spanned, what, e));
            }
            names
                .row_values(&term)
                .map_err(|e| doc.formula_error(&spanned, what, e))
        }
        _ => Err(doc
            .error(
                v.span(),
                format!("{what} is a list of whole numbers or a formula naming a table row"),
            )
            .help("e.g. [0, 1, 2, 3] or \"corners[f]\"")),
    }
}
