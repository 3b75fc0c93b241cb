//! `--set KEY=VALUE`: a dotted key and a TOML value written into the document before it is read,
//! so a variant of a puzzle needs no file edit. Formatting of the rest of the file is kept, so
//! line numbers in later errors still match the file.

use crate::diagnostic::{Diagnostic, SourceText};
use std::sync::Arc;
use toml_edit::{DocumentMut, Item, Table, Value};

#[derive(Debug, Clone)]
pub struct Override {
    /// As typed on the command line.
    pub raw: String,
    pub path: Vec<String>,
    pub value: Value,
}

impl Override {
    pub fn parse(raw: &str) -> Result<Override, Diagnostic> {
        let source = Arc::new(SourceText {
            name: "--set".to_string(),
            text: raw.to_string(),
        });
        let Some(eq) = raw.find('=') else {
            return Err(Diagnostic::new(format!("--set `{raw}` has no `=`"))
                .at(&source, 0..raw.len())
                .help("write --set KEY=VALUE, e.g. --set 'jugs.capacities=[3,5]'"));
        };
        let key = raw[..eq].trim();
        let path: Vec<String> = key.split('.').map(|p| p.trim().to_string()).collect();
        if path.iter().any(|p| p.is_empty()) {
            return Err(
                Diagnostic::new(format!("--set key `{key}` is not a dotted key"))
                    .at(&source, 0..eq)
                    .help("write the key as table.field, e.g. solve.objective"),
            );
        }
        let text = raw[eq + 1..].trim();
        let value_at = raw.len() - raw[eq + 1..].trim_start().len();
        let value = match text.parse::<Value>() {
            Ok(value) => value,
            Err(e) if looks_like_toml(text) => return Err(bad_value(&source, value_at, &e)),
            // A bare word (e.g. `count`) is taken as a string, which is what a shell user means
            // by `--set solve.objective=count`.
            Err(_) => Value::from(text.to_string()),
        };
        Ok(Override {
            raw: raw.to_string(),
            path,
            value,
        })
    }
}

/// Whether `text` was meant as a TOML value (a number, a list, a table, a quoted string) rather
/// than a bare word, so that a mistake in it is reported instead of taken as a string.
fn looks_like_toml(text: &str) -> bool {
    let digits = text.trim_start_matches(['+', '-']);
    text.starts_with(['[', '{', '"', '\'']) || digits.starts_with(|c: char| c.is_ascii_digit())
}

fn bad_value(source: &Arc<SourceText>, at: usize, e: &toml_edit::TomlError) -> Diagnostic {
    let message = e.message().trim();
    let (message, help) = super::messages::plain(message).unwrap_or_else(|| {
        (
            format!("the value is not valid TOML: {message}"),
            "write the value in TOML, e.g. --set 'jugs.capacities=[3,5]' or --set 'jugs.goal=\"A == 4\"'"
                .to_string(),
        )
    });
    let span = e
        .span()
        .map_or(at..source.text.len(), |s| at + s.start..at + s.end);
    Diagnostic::new(message).at(source, span).help(help)
}

/// Applies the overrides in order and returns the new document text.
pub fn apply(text: &str, overrides: &[Override]) -> Result<String, Diagnostic> {
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e| Diagnostic::new(format!("the spec is not valid TOML: {e}")))?;
    for o in overrides {
        set(doc.as_table_mut(), o)?;
    }
    Ok(doc.to_string())
}

fn set(root: &mut Table, o: &Override) -> Result<(), Diagnostic> {
    let (last, parents) = o.path.split_last().expect("a parsed key has one part");
    let mut table: &mut dyn toml_edit::TableLike = root;
    for (depth, part) in parents.iter().enumerate() {
        if !table.contains_key(part) {
            // Missing tables are created; an unknown name is then reported by the family's
            // schema with the list of known fields.
            table.insert(part, Item::Table(Table::new()));
        }
        let item = table.get_mut(part).expect("just checked or inserted");
        table = match item.as_table_like_mut() {
            Some(t) => t,
            None => {
                return Err(Diagnostic::new(format!(
                    "--set {}: `{}` is a value, not a table",
                    o.raw,
                    o.path[..=depth].join(".")
                ))
                .help("set the value itself, or a key of a table"));
            }
        };
    }
    if let Some(existing) = table.get_mut(last) {
        if existing.is_table() || existing.is_array_of_tables() {
            return Err(Diagnostic::new(format!(
                "--set {}: `{}` is a table; set one of its keys",
                o.raw,
                o.path.join(".")
            )));
        }
        *existing = Item::Value(o.value.clone().decorated(" ", ""));
    } else {
        table.insert(last, Item::Value(o.value.clone().decorated(" ", "")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_a_value_and_keeps_the_rest() {
        let text = "[jugs]\ncapacities = [8, 5]\ngoal = \"A == 4\"\n";
        let o = Override::parse("jugs.capacities=[3,5]").unwrap();
        let out = apply(text, &[o]).unwrap();
        assert_eq!(out, "[jugs]\ncapacities = [3,5]\ngoal = \"A == 4\"\n");
    }

    #[test]
    fn bare_words_become_strings() {
        let o = Override::parse("solve.objective=count").unwrap();
        let out = apply("[puzzle]\nname = \"x\"\n", &[o]).unwrap();
        assert!(out.contains("[solve]\nobjective = \"count\""), "{out}");
    }

    #[test]
    fn a_broken_toml_value_is_an_error_not_a_string() {
        let err = Override::parse("jugs.capacities=[99999999999999999999999,5]").unwrap_err();
        assert!(err.message.contains("integer too large"), "{}", err.message);
        assert!(Override::parse("jugs.capacities=[3,5").is_err());
        assert!(Override::parse("solve.objective=all-shortest").is_ok());
    }

    #[test]
    fn a_key_without_equals_is_an_error() {
        assert!(Override::parse("jugs.capacities").is_err());
    }
}
