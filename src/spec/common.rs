//! Tables shared by every kind: `[puzzle]` and `[solve]`, and checked choices among names.

use crate::diagnostic::{Diagnostic, SourceText};
use serde::Deserialize;
use std::sync::Arc;
use toml::Spanned;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleTable {
    pub name: String,
    pub kind: Spanned<String>,
    #[serde(default)]
    pub description: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveTable {
    /// What to compute; each kind lists the objectives it knows and its default.
    pub objective: Option<Spanned<String>>,
    /// Which engine; `auto` (the default) lets the interpreter choose and say why.
    pub engine: Option<Spanned<String>>,
    /// How many solutions to list at most, for objectives that list several.
    pub limit: Option<Spanned<u64>>,
    /// The memory cap of the run (`"4G"`, `"512M"`, bytes, or `"none"`); read by
    /// [`SpecDocument`](super::SpecDocument), `--max-memory` takes precedence.
    pub max_memory: Option<Spanned<toml::Value>>,
    /// Seconds the search may take (`30`, `2.5`); read by [`SpecDocument`](super::SpecDocument),
    /// `--time-limit` takes precedence.
    pub time_limit: Option<Spanned<toml::Value>>,
    /// A catalog of cases, `{ key = "board.n", values = [4, 5, 6] }`: read by
    /// [`SpecDocument`](super::SpecDocument); `run` solves one case per value.
    pub cases: Option<Spanned<toml::Value>>,
}

impl SolveTable {
    pub fn objective<'a>(
        &'a self,
        source: &Arc<SourceText>,
        allowed: &[&'a str],
    ) -> Result<&'a str, Diagnostic> {
        choose(source, "objective", self.objective.as_ref(), allowed)
    }

    /// The engine asked for; `auto` when none is named. `allowed` lists the named ones.
    pub fn engine<'a>(
        &'a self,
        source: &Arc<SourceText>,
        allowed: &[&'a str],
    ) -> Result<&'a str, Diagnostic> {
        let mut with_auto = vec!["auto"];
        with_auto.extend_from_slice(allowed);
        choose(source, "engine", self.engine.as_ref(), &with_auto)
    }

    pub fn limit(&self, default: u64) -> u64 {
        self.limit.as_ref().map_or(default, |l| *l.get_ref())
    }
}

/// Picks `given` among `allowed` (the first is the default when nothing is given), or explains.
pub fn choose<'a>(
    source: &Arc<SourceText>,
    what: &str,
    given: Option<&'a Spanned<String>>,
    allowed: &[&'a str],
) -> Result<&'a str, Diagnostic> {
    let Some(given) = given else {
        return Ok(allowed[0]);
    };
    let value = given.get_ref().as_str();
    if allowed.contains(&value) {
        return Ok(value);
    }
    let mut help = format!("use one of: {}", allowed.join(", "));
    if let Some(near) = closest(value, allowed) {
        help = format!("did you mean `{near}`? {help}");
    }
    Err(
        Diagnostic::new(format!("unknown {what} `{value}` for this kind"))
            .at(source, given.span())
            .label(format!("not a known {what}"))
            .help(help),
    )
}

/// The allowed name within edit distance 2 of `value`, if any. Among names equally near, the
/// one whose first differing letter is nearest in the alphabet: a slip of one key is most often
/// to a neighbour (`m` for `n`, rather than for `x`; both one edit away).
pub fn closest<'a>(value: &str, allowed: &[&'a str]) -> Option<&'a str> {
    allowed
        .iter()
        .map(|a| (edit_distance(value, a), letter_gap(value, a), *a))
        .filter(|(d, ..)| *d <= 2)
        .min_by_key(|(d, gap, _)| (*d, *gap))
        .map(|(.., a)| a)
}

/// How far apart the first differing letters of `a` and `b` are (0 when one starts the other).
fn letter_gap(a: &str, b: &str) -> u32 {
    a.chars()
        .zip(b.chars())
        .find(|(x, y)| x != y)
        .map_or(0, |(x, y)| (x as u32).abs_diff(y as u32))
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb {
                prev
            } else {
                1 + prev.min(row[j]).min(cur)
            };
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closest_name_within_two_edits() {
        assert_eq!(closest("shortst", &["shortest", "count"]), Some("shortest"));
        assert_eq!(closest("xyz", &["shortest", "count"]), None);
        // Ties go to the nearest letter, whatever the order of the names.
        assert_eq!(closest("m", &["i", "x", "n"]), Some("n"));
        assert_eq!(closest("m", &["n", "x", "i"]), Some("n"));
    }
}
