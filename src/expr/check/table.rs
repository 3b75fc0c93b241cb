//! A named table of a spec (`[tables]`), as every kind's formulas read it.

#[derive(Debug, Clone)]
pub enum Table {
    List(Vec<i64>),
    Rows(Vec<Vec<i64>>),
    /// A list of names: its members name their positions 0, 1, ... in formulas (`side[goat]`),
    /// `for k in item` loops over the positions, and labels print `{item[k]}` as the name.
    Names(Vec<String>),
}

/// `rows[r][c]`, if both indices are inside the table.
pub fn row_entry(rows: &[Vec<i64>], r: i64, c: i64) -> Option<i64> {
    let row = rows.get(usize::try_from(r).ok()?)?;
    row.get(usize::try_from(c).ok()?).copied()
}
