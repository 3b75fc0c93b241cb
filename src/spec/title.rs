//! `{KEY}` in the puzzle's name: replaced by the value of that key of the spec (after `--set`),
//! so that `name = "Tower of Hanoi, {params.n} discs"` stays true when `--set params.n=12`
//! or a sweep changes the size.

use crate::diagnostic::{Diagnostic, SourceText};
use std::ops::Range;
use std::sync::Arc;
use toml::Spanned;

#[derive(serde::Deserialize)]
struct NameProbe {
    puzzle: NameOnly,
}

#[derive(serde::Deserialize)]
struct NameOnly {
    name: Spanned<String>,
}

/// The puzzle's name with every `{KEY}` replaced; a name without braces comes back as written.
pub fn fill_name(
    source: &Arc<SourceText>,
    table: &toml::Table,
    name: &str,
) -> Result<String, Diagnostic> {
    if !name.contains('{') {
        return Ok(name.to_string());
    }
    let mut out = String::with_capacity(name.len());
    let mut rest = name;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}').filter(|&c| is_key(&after[..c])) else {
            // Not a placeholder (`{` alone, `{a b}`): kept as written.
            out.push('{');
            rest = after;
            continue;
        };
        let key = &after[..close];
        out.push_str(&value_of(source, table, key)?);
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

fn is_key(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.')
}

/// The key's value as the name shows it: a string without quotes, a number or truth value as
/// TOML writes it.
fn value_of(
    source: &Arc<SourceText>,
    table: &toml::Table,
    key: &str,
) -> Result<String, Diagnostic> {
    let mut value: Option<&toml::Value> = None;
    let mut within = Some(table);
    for part in key.split('.') {
        value = within.and_then(|t| t.get(part));
        within = match value {
            Some(toml::Value::Table(t)) => Some(t),
            _ => None,
        };
    }
    match value {
        Some(toml::Value::String(s)) => Ok(s.clone()),
        Some(toml::Value::Table(_)) | Some(toml::Value::Array(_)) => Err(at_name(
            source,
            format!("`{{{key}}}` in the puzzle's name is a table or an array"),
            "name a single value, such as `{params.n}`",
        )),
        Some(v) => Ok(v.to_string()),
        None => Err(at_name(
            source,
            format!("`{{{key}}}` in the puzzle's name names no key of the spec"),
            "write the dotted key of a value in the spec, such as `{params.n}`, or remove the braces",
        )),
    }
}

fn at_name(source: &Arc<SourceText>, message: String, help: &str) -> Diagnostic {
    let span: Range<usize> = toml::from_str::<NameProbe>(&source.text)
        .map(|p| p.puzzle.name.span())
        .unwrap_or(0..0);
    Diagnostic::new(message).at(source, span).help(help)
}
