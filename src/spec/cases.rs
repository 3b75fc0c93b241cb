//! A list of cases: one spec solved once per value of one key, as with `--set KEY=value`. Given on
//! the command line (`run --sweep KEY=A..B`) or in the spec itself (`solve.cases = { key = "...",
//! values = [...] }`, a catalog of cases kept with the puzzle).

use crate::diagnostic::{Diagnostic, SourceText};
use std::ops::Range;
use std::sync::Arc;

/// More cases than this is surely a typo in a range.
pub const MAX_CASES: usize = 10_000;

/// The key swept and the TOML text of each value.
#[derive(Debug, Clone, PartialEq)]
pub struct Sweep {
    pub key: String,
    pub values: Vec<String>,
}

const FLAG_HELP: &str =
    "write --sweep KEY=A..B (e.g. board.n=4..10) or --sweep 'KEY=[a,b,c]' (TOML values)";
const SPEC_HELP: &str =
    "write cases = { key = \"board.n\", values = [4, 5, 6] } (or values = \"4..12\") in [solve]";

impl Sweep {
    /// `--sweep` as typed: `KEY=A..B` (integers, both ends included) or `KEY=[a, b, ...]`.
    pub fn from_flag(raw: &str) -> Result<Sweep, Diagnostic> {
        let source = Arc::new(SourceText {
            name: "--sweep".to_string(),
            text: raw.to_string(),
        });
        let Some((key, values)) = raw.split_once('=') else {
            return Err(Diagnostic::new(format!("--sweep `{raw}` has no `=`"))
                .at(&source, 0..raw.len())
                .help(FLAG_HELP));
        };
        let at = key.len() + 1..raw.len();
        let key = key.trim();
        let bad = |why: String, span: Range<usize>| {
            Diagnostic::new(why).at(&source, span).help(FLAG_HELP)
        };
        check_key(key).map_err(|why| bad(why, 0..at.start - 1))?;
        let values = match range(values.trim()) {
            Some(range) => range,
            None => list(values.trim()),
        };
        let values = values.and_then(count_checked).map_err(|why| bad(why, at))?;
        Ok(Sweep {
            key: key.to_string(),
            values,
        })
    }

    /// `solve.cases` of a spec: `{ key = "KEY", values = [a, b, ...] }` or `values = "A..B"`.
    pub fn from_spec(
        source: &Arc<SourceText>,
        cases: &toml::Spanned<toml::Value>,
    ) -> Result<Sweep, Diagnostic> {
        let bad = |why: String, span: Range<usize>| {
            Diagnostic::new(format!("solve.cases: {why}"))
                .at(source, span)
                .help(SPEC_HELP)
        };
        let whole = cases.span();
        let toml::Value::Table(table) = cases.get_ref() else {
            return Err(bad("give a table with `key` and `values`".into(), whole));
        };
        if let Some(extra) = table.keys().find(|k| *k != "key" && *k != "values") {
            return Err(bad(format!("unknown field `{extra}`"), whole));
        }
        let Some(toml::Value::String(key)) = table.get("key") else {
            return Err(bad(
                "`key` (a dotted key, as a string) is missing".into(),
                whole,
            ));
        };
        check_key(key).map_err(|why| bad(why, whole.clone()))?;
        if key == "solve.cases" || key.starts_with("solve.cases.") {
            return Err(bad("the cases cannot vary the cases".into(), whole));
        }
        let values = match table.get("values") {
            Some(toml::Value::Array(items)) => Ok(items.iter().map(toml_text).collect()),
            Some(toml::Value::String(text)) => range(text).unwrap_or_else(|| {
                Err(format!(
                    "`{text}` is not a range A..B (or give a list of values)"
                ))
            }),
            _ => Err("`values` (a list, or a range \"A..B\") is missing".into()),
        };
        let values = values
            .and_then(count_checked)
            .map_err(|why| bad(why, whole))?;
        Ok(Sweep {
            key: key.clone(),
            values,
        })
    }
}

fn check_key(key: &str) -> Result<(), String> {
    if key.is_empty() || key.split('.').any(|p| p.trim().is_empty()) {
        return Err(format!("`{key}` is not a dotted key"));
    }
    Ok(())
}

fn count_checked(values: Vec<String>) -> Result<Vec<String>, String> {
    if values.is_empty() || values.len() > MAX_CASES {
        return Err(format!(
            "{} values given; a list of cases has 1 to {MAX_CASES}",
            values.len()
        ));
    }
    Ok(values)
}

/// `A..B` as the integers from A to B, or `None` when the text is not of that form.
fn range(text: &str) -> Option<Result<Vec<String>, String>> {
    let (from, to) = text.split_once("..")?;
    let (from, to) = (
        from.trim().parse::<i64>().ok()?,
        to.trim().parse::<i64>().ok()?,
    );
    if from > to {
        return Some(Err(format!(
            "the range {from}..{to} is empty: write it low..high"
        )));
    }
    if to.abs_diff(from) >= MAX_CASES as u64 {
        return Some(Err(format!(
            "the range {from}..{to} has more than {MAX_CASES} values"
        )));
    }
    Some(Ok((from..=to).map(|n| n.to_string()).collect()))
}

/// `[a, b, c]` as the TOML text of each element.
fn list(text: &str) -> Result<Vec<String>, String> {
    let not_a_list = || format!("`{text}` is neither a range A..B nor a TOML list [a, b, c]");
    let value: toml_edit::Value = text.parse().map_err(|_| not_a_list())?;
    let toml_edit::Value::Array(items) = value else {
        return Err(not_a_list());
    };
    Ok(items
        .iter()
        .map(|v| v.clone().decorated("", "").to_string())
        .collect())
}

/// A value read by `toml` written back as TOML text (for `--set KEY=text`).
fn toml_text(value: &toml::Value) -> String {
    match value {
        // An inline table prints as `{ a = 1 }`; everything else prints as its own literal.
        toml::Value::Table(t) => {
            let fields: Vec<String> = t
                .iter()
                .map(|(k, v)| format!("{k} = {}", toml_text(v)))
                .collect();
            format!("{{ {} }}", fields.join(", "))
        }
        toml::Value::Array(items) => {
            let items: Vec<String> = items.iter().map(toml_text).collect();
            format!("[{}]", items.join(", "))
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::Sweep;
    use crate::diagnostic::SourceText;
    use std::sync::Arc;

    #[test]
    fn ranges_and_lists_give_the_values() {
        let s = Sweep::from_flag("board.n=4..6").unwrap();
        assert_eq!(
            (s.key.as_str(), s.values),
            ("board.n", vec!["4".into(), "5".into(), "6".into()])
        );
        let s = Sweep::from_flag("start.empty=[[0], [1,2]]").unwrap();
        assert_eq!(s.values, vec!["[0]".to_string(), "[1,2]".to_string()]);
        let s = Sweep::from_flag("code.secret=[\"ABCD\", 'DCBA']").unwrap();
        assert_eq!(s.values, vec!["\"ABCD\"".to_string(), "'DCBA'".to_string()]);
    }

    #[test]
    fn bad_sweeps_are_diagnostics() {
        let parse = Sweep::from_flag;
        assert!(parse("board.n").is_err());
        assert!(parse("board.n=9..4").unwrap_err().message.contains("empty"));
        assert!(parse("board.n=0..100000").is_err());
        assert!(parse("board.n=[]").is_err());
        assert!(
            parse("board.n=banana")
                .unwrap_err()
                .message
                .contains("neither")
        );
        assert!(parse(".n=1..2").is_err());
    }

    fn from_spec(text: &str) -> Result<Sweep, String> {
        let source = Arc::new(SourceText {
            name: "t.toml".into(),
            text: text.into(),
        });
        #[derive(serde::Deserialize)]
        struct Doc {
            cases: toml::Spanned<toml::Value>,
        }
        let doc: Doc = toml::from_str(text).unwrap();
        Sweep::from_spec(&source, &doc.cases).map_err(|d| d.message)
    }

    #[test]
    fn spec_cases_read_back_as_the_values_written() {
        let s = from_spec("cases = { key = \"start.empty\", values = [[0], [1, 2]] }").unwrap();
        assert_eq!(s.key, "start.empty");
        assert_eq!(s.values, vec!["[0]".to_string(), "[1, 2]".to_string()]);
        let s = from_spec("cases = { key = \"code.secret\", values = [\"AB\\\"C\"] }").unwrap();
        let back: toml::Table = toml::from_str(&format!("v = {}", s.values[0])).unwrap();
        assert_eq!(back["v"].as_str(), Some("AB\"C"));
        let s = from_spec("cases = { key = \"board.n\", values = \"4..6\" }").unwrap();
        assert_eq!(s.values.len(), 3);
        let s = from_spec("cases = { key = \"x\", values = [{ a = 1, b = [2] }] }").unwrap();
        let back: toml::Table = toml::from_str(&format!("v = {}", s.values[0])).unwrap();
        assert_eq!(back["v"]["b"][0].as_integer(), Some(2));
    }

    #[test]
    fn bad_spec_cases_name_the_problem() {
        assert!(from_spec("cases = 3").unwrap_err().contains("table"));
        assert!(
            from_spec("cases = { values = [1] }")
                .unwrap_err()
                .contains("key")
        );
        assert!(
            from_spec("cases = { key = \"n\" }")
                .unwrap_err()
                .contains("values")
        );
        assert!(
            from_spec("cases = { key = \"n\", values = [] }")
                .unwrap_err()
                .contains("1 to")
        );
        assert!(
            from_spec("cases = { key = \"n\", values = [1], x = 2 }")
                .unwrap_err()
                .contains("`x`")
        );
        assert!(from_spec("cases = { key = \"solve.cases\", values = [1] }").is_err());
    }
}
