//! `--set KEY=VALUE`: a dotted key and a TOML value written into the document before it is read,
//! so a variant of a puzzle needs no file edit; `--unset KEY` removes a key the same way.
//! Formatting of the rest of the file is kept, so line numbers in later errors still match.

use crate::diagnostic::{Diagnostic, SourceText};
use std::sync::Arc;
use toml_edit::{DocumentMut, Item, Table, Value};

#[derive(Debug, Clone)]
pub struct Override {
    /// As typed on the command line.
    pub raw: String,
    pub path: Vec<String>,
    /// The value to write, or `None` to remove the key (`--unset`).
    pub value: Option<Value>,
    /// Where the value is written in `raw` (trimmed), so that an error found inside it later
    /// (a formula's unknown name) points into the argument, not into the edited document.
    pub value_span: std::ops::Range<usize>,
}

impl Override {
    /// `--unset KEY`: a dotted key to remove from the spec.
    pub fn parse_unset(raw: &str) -> Result<Override, Diagnostic> {
        let source = Arc::new(SourceText {
            name: "--unset".to_string(),
            text: raw.to_string(),
        });
        let path = dotted_key(&source, raw.trim(), 0..raw.len())?;
        Ok(Override {
            raw: raw.to_string(),
            path,
            value: None,
            value_span: 0..0,
        })
    }

    /// The `--set` argument as a source, with where the string `formula` is written in it and
    /// whether that is a bare word (not a quoted TOML string), when the value wrote it: the
    /// whole value, or one string inside a list or an inline table
    /// (`search.constraints=["x != 0", "y == foo"]`).
    pub fn wrote(&self, formula: &str) -> Option<(Arc<SourceText>, std::ops::Range<usize>, bool)> {
        let (span, bare) = match self.value.as_ref()? {
            Value::String(s) if s.value() == formula => {
                let bare = !self.raw[self.value_span.clone()].starts_with(['"', '\'']);
                (self.value_span.clone(), bare)
            }
            Value::String(_) => return None,
            inner => (self.literal_inside(inner, formula)?, false),
        };
        let source = Arc::new(SourceText {
            name: "--set".to_string(),
            text: self.raw.clone(),
        });
        Some((source, span, bare))
    }

    /// The `--set` argument as a source, with where `written` is in it when it is this
    /// override's last key or its whole value, written on `line` of the edited document (which
    /// must then be this key's line: a value alike elsewhere in the file is not this one).
    pub fn wrote_key_or_value(
        &self,
        written: &str,
        line: &str,
    ) -> Option<(Arc<SourceText>, std::ops::Range<usize>)> {
        self.value.as_ref()?;
        let key = self.path.last()?;
        let own_line = line.trim_start().strip_prefix(key.as_str())?;
        if !own_line.trim_start().starts_with('=') {
            return None;
        }
        let key_end = self.raw.find('=')?;
        let span = if self.path.last().is_some_and(|k| k == written) {
            let start = self.raw[..key_end].rfind(written)?;
            start..start + written.len()
        } else if self.raw[self.value_span.clone()].trim() == written.trim() {
            self.value_span.clone()
        } else {
            return None;
        };
        let source = Arc::new(SourceText {
            name: "--set".to_string(),
            text: self.raw.clone(),
        });
        Some((source, span))
    }

    /// Where the first string literal of `value` (a list or an inline table) that reads
    /// `formula` is written in the argument, quotes included. The parsed value keeps no
    /// places, so its literals are found again in the text in order, each after the last.
    fn literal_inside(&self, value: &Value, formula: &str) -> Option<std::ops::Range<usize>> {
        let mut strings = Vec::new();
        string_literals(value, &mut strings);
        let mut at = self.value_span.start;
        for s in strings {
            let repr = s.display_repr();
            let start = at + self.raw[at..self.value_span.end].find(repr.as_ref())?;
            at = start + repr.len();
            if s.value() == formula {
                return Some(start..at);
            }
        }
        None
    }

    pub fn shown(&self) -> String {
        match self.value {
            Some(_) => format!("--set {}", self.raw),
            None => format!("--unset {}", self.raw),
        }
    }

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
        let path = dotted_key(&source, raw[..eq].trim(), 0..eq)?;
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
            value: Some(value),
            value_span: value_at..value_at + text.len(),
        })
    }
}

/// The string literals of `value`, in the order they are written.
fn string_literals<'a>(value: &'a Value, out: &mut Vec<&'a toml_edit::Formatted<String>>) {
    match value {
        Value::String(s) => out.push(s),
        Value::Array(items) => items.iter().for_each(|v| string_literals(v, out)),
        Value::InlineTable(t) => t.iter().for_each(|(_, v)| string_literals(v, out)),
        _ => {}
    }
}

/// `table.field` split at its dots; an empty part is an error at `span` of the argument.
fn dotted_key(
    source: &Arc<SourceText>,
    key: &str,
    span: std::ops::Range<usize>,
) -> Result<Vec<String>, Diagnostic> {
    let path: Vec<String> = key.split('.').map(|p| p.trim().to_string()).collect();
    if path.iter().any(|p| p.is_empty()) {
        return Err(
            Diagnostic::new(format!("{} key `{key}` is not a dotted key", source.name))
                .at(source, span)
                .help("write the key as table.field, e.g. solve.objective"),
        );
    }
    Ok(path)
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
        match &o.value {
            Some(value) => set(doc.as_table_mut(), o, value)?,
            None => unset(doc.as_table_mut(), o)?,
        }
    }
    Ok(doc.to_string())
}

/// Removes the key `o.path`; a key the spec does not have is an error naming the keys it has.
fn unset(root: &mut Table, o: &Override) -> Result<(), Diagnostic> {
    let Some((last, parents)) = o.path.split_last() else {
        return Ok(());
    };
    let mut table: &mut dyn toml_edit::TableLike = root;
    let mut depth = 0;
    while depth < parents.len() {
        let part = &parents[depth];
        let next = parents.get(depth + 1);
        if !table
            .get(part)
            .is_some_and(|i| i.is_table_like() || i.is_array_of_tables())
        {
            return Err(no_such_key(o, table, &o.path[..depth].join(".")));
        }
        let item = table.get_mut(part).expect("checked above");
        table = match descend(item, next.map(String::as_str)) {
            Step::Table(t) => t,
            Step::Element(t) => {
                depth += 1;
                t
            }
            Step::Missing(why) => {
                let end = (depth + 2).min(parents.len());
                return Err(element_error(o, &parents[..end], &why));
            }
        };
        depth += 1;
    }
    if table.remove(last).is_none() {
        let here = parents.join(".");
        return Err(no_such_key(o, table, &here));
    }
    Ok(())
}

/// Where one step of a dotted key leads from `item`.
enum Step<'a> {
    /// `item` is a table: the step ends there.
    Table(&'a mut dyn toml_edit::TableLike),
    /// `item` is an array of tables, and the key's next part chose one of its elements.
    Element(&'a mut dyn toml_edit::TableLike),
    /// Neither: why, for the message.
    Missing(String),
}

/// A table, or the element of an array of tables (`[[move]]`) that `next` names: its place
/// from 0 (`move.0.when`) or the `name` it has (`move.cross.when`).
fn descend<'a>(item: &'a mut Item, next: Option<&str>) -> Step<'a> {
    if item.is_table_like() {
        return match item.as_table_like_mut() {
            Some(t) => Step::Table(t),
            None => Step::Missing("not a table".into()),
        };
    }
    let Some(array) = item.as_array_of_tables_mut() else {
        return Step::Missing("a value, not a table".into());
    };
    let Some(next) = next else {
        return Step::Missing("an array of tables: name one of its elements".into());
    };
    let names: Vec<String> = array
        .iter()
        .enumerate()
        .map(|(i, t)| match t.get("name").and_then(Item::as_str) {
            Some(name) => format!("{i} ({name})"),
            None => i.to_string(),
        })
        .collect();
    let found = match next.parse::<usize>() {
        Ok(i) => (i < array.len()).then_some(i),
        Err(_) => array
            .iter()
            .position(|t| t.get("name").and_then(Item::as_str) == Some(next)),
    };
    match found.and_then(|i| array.get_mut(i)) {
        Some(t) => Step::Element(t),
        None => Step::Missing(format!(
            "an array of tables with no element `{next}`; its elements are {}",
            names.join(", ")
        )),
    }
}

fn element_error(o: &Override, at: &[String], why: &str) -> Diagnostic {
    let flag = if o.value.is_some() {
        "--set"
    } else {
        "--unset"
    };
    Diagnostic::new(format!("{flag} {}: `{}` is {why}", o.raw, at.join(".")))
        .help("an element of an array of tables is named by its place from 0 or its `name`: `move.0.when`, `move.cross.when`")
}

fn no_such_key(o: &Override, table: &dyn toml_edit::TableLike, here: &str) -> Diagnostic {
    let keys: Vec<&str> = table.iter().map(|(k, _)| k).collect();
    let place = if here.is_empty() {
        "the spec".to_string()
    } else {
        format!("[{here}]")
    };
    let has = if keys.is_empty() {
        format!("{place} has no keys")
    } else {
        format!("{place} has {}", keys.join(", "))
    };
    let source = Arc::new(SourceText {
        name: "--unset".to_string(),
        text: o.raw.clone(),
    });
    Diagnostic::new(format!("the spec has no key `{}`", o.path.join(".")))
        .at(&source, 0..o.raw.len())
        .help(format!("{has}; give one of them as table.field"))
}

fn set(root: &mut Table, o: &Override, value: &Value) -> Result<(), Diagnostic> {
    let (last, parents) = o.path.split_last().expect("a parsed key has one part");
    let mut table: &mut dyn toml_edit::TableLike = root;
    let mut depth = 0;
    while depth < parents.len() {
        let part = &parents[depth];
        if !table.contains_key(part) {
            // Missing tables are created; an unknown name is then reported by the family's
            // schema with the list of known fields.
            table.insert(part, Item::Table(Table::new()));
        }
        let item = table.get_mut(part).expect("just checked or inserted");
        let next = parents.get(depth + 1).map(String::as_str);
        table = match descend(item, next) {
            Step::Table(t) => t,
            Step::Element(t) => {
                depth += 1;
                t
            }
            Step::Missing(why) => {
                if why.starts_with("a value") {
                    return Err(element_error(o, &o.path[..=depth], &why)
                        .help("set the value itself, or a key of a table"));
                }
                return Err(element_error(
                    o,
                    &o.path[..(depth + 2).min(parents.len())],
                    &why,
                ));
            }
        };
        depth += 1;
    }
    if let Some(existing) = table.get_mut(last) {
        if existing.is_table() || existing.is_array_of_tables() {
            return Err(Diagnostic::new(format!(
                "--set {}: `{}` is a table; set one of its keys",
                o.raw,
                o.path.join(".")
            )));
        }
        *existing = Item::Value(value.clone().decorated(" ", ""));
    } else {
        table.insert(last, Item::Value(value.clone().decorated(" ", "")));
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
    fn unset_removes_a_key_and_names_the_keys_when_it_is_missing() {
        let text = "[code]\nsymbols = \"ABC\"\nsecret = \"AB\"\n";
        let o = Override::parse_unset("code.secret").unwrap();
        assert_eq!(apply(text, &[o]).unwrap(), "[code]\nsymbols = \"ABC\"\n");
        let typo = Override::parse_unset("code.secrte").unwrap();
        let err = apply(text, &[typo]).unwrap_err();
        assert!(
            err.message.contains("no key `code.secrte`"),
            "{}",
            err.message
        );
        assert!(err.help.unwrap().contains("symbols, secret"));
        let table = Override::parse_unset("cod.secret").unwrap();
        assert!(
            apply(text, &[table])
                .unwrap_err()
                .help
                .unwrap()
                .contains("code")
        );
    }

    #[test]
    fn a_key_without_equals_is_an_error() {
        assert!(Override::parse("jugs.capacities").is_err());
    }

    const MOVES: &str =
        "[[move]]\nname = \"cross\"\nwhen = \"a\"\n\n[[move]]\nname = \"back\"\nwhen = \"b\"\n";

    #[test]
    fn an_element_of_an_array_of_tables_is_reached_by_place_or_by_name() {
        let by_place = apply(MOVES, &[Override::parse("move.1.when=\"c\"").unwrap()]).unwrap();
        assert!(by_place.contains("when = \"a\"") && by_place.contains("when = \"c\""));
        assert!(!by_place.contains("when = \"b\""), "{by_place}");
        let by_name = apply(MOVES, &[Override::parse("move.cross.when=\"d\"").unwrap()]).unwrap();
        assert!(by_name.contains("when = \"d\"") && by_name.contains("when = \"b\""));
        let unset = apply(MOVES, &[Override::parse_unset("move.back.when").unwrap()]).unwrap();
        assert!(!unset.contains("when = \"b\"") && unset.contains("when = \"a\""));
    }

    #[test]
    fn a_missing_element_names_the_elements_there_are() {
        for key in ["move.2.when=1", "move.forth.when=1", "move.when=1"] {
            let e = apply(MOVES, &[Override::parse(key).unwrap()]).unwrap_err();
            let text = format!("{e:?}");
            assert!(text.contains("array of tables"), "{key}: {text}");
        }
        let e = apply(MOVES, &[Override::parse("move.9.when=1").unwrap()]).unwrap_err();
        assert!(format!("{e:?}").contains("0 (cross), 1 (back)"));
    }
}
