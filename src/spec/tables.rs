//! `[tables]` of a spec (rules, search, exact cover): named constant data read by the formulas and `show` — a list
//! of numbers, a table of rows (`cages = [[0, 1], [2, 3, 7]]`), or a list of names, which is an
//! enumeration: its members are names for 0, 1, 2, ... usable in formulas (`house[Japanese]`),
//! as a domain (`x in nationality`), and printed by name in `show` (`{nationality[i]}`).

use crate::diagnostic::Diagnostic;
use crate::expr::check::{Calls, Names, NoState, Table, Unroll};
use crate::spec::SpecDocument;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Debug, Default)]
pub struct Data {
    pub tables: BTreeMap<String, Table>,
}

impl Data {
    /// The enumeration `name`'s members, if it is one.
    pub fn names(&self, name: &str) -> Option<&[String]> {
        match self.tables.get(name)? {
            Table::Names(n) => Some(n),
            _ => None,
        }
    }
}

/// `[tables]` read the same way for every kind that has them: each a list of whole numbers, a
/// list of such lists, or a list of names, under a plain name that nothing else of the spec
/// uses; or a formula giving such a list (a comprehension over the parameters `params` and the
/// tables written as lists). `taken(name)` says what else the spec calls `name` (a parameter, a
/// state variable).
pub fn read_tables(
    doc: &SpecDocument,
    raw: &BTreeMap<String, Spanned<toml::Value>>,
    params: &BTreeMap<String, i64>,
    taken: impl Fn(&str) -> Option<&'static str>,
) -> Result<Vec<(String, Table)>, Diagnostic> {
    let mut out = Vec::new();
    let mut formulas = Vec::new();
    for (name, v) in raw {
        if !is_name(name) {
            return Err(doc
                .error(v.span(), format!("`{name}` cannot name a table"))
                .help("a table's name is a plain name: letters, digits and _, not starting with a digit"));
        }
        if let Some(what) = taken(name) {
            return Err(doc
                .error(
                    v.span(),
                    format!("`{name}` names both a {what} and a table"),
                )
                .help("give the table another name"));
        }
        if let toml::Value::String(text) = v.get_ref() {
            formulas.push((name, Spanned::new(v.span(), text.clone())));
            continue;
        }
        let table = table(v.get_ref()).ok_or_else(|| {
            doc.error(
                v.span(),
                format!(
                    "table `{name}` is not a list of whole numbers, of names, or of lists of whole numbers"
                ),
            )
            .help("e.g. times = [1, 2, 5, 10], neighbours = [[1, 3], [0, 2, 4]], item = [\"wolf\", \"goat\"]")
        })?;
        out.push((name.clone(), table));
    }
    for (name, text) in formulas {
        let table = computed(doc, &text, params, &out, name)?;
        out.push((name.clone(), table));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

/// The table a formula gives, from the parameters and the tables written as lists.
fn computed(
    doc: &SpecDocument,
    text: &Spanned<String>,
    params: &BTreeMap<String, i64>,
    written: &[(String, Table)],
    name: &str,
) -> Result<Table, Diagnostic> {
    let what = format!("table `{name}`");
    let c = crate::expr::parse_comprehension(text.get_ref())
        .map_err(|e| doc.formula_error(text, &what, e))?;
    let mut names = Names {
        params,
        tables: written,
        vars: &NoState,
        locals: Vec::new(),
        state: false,
        unroll: Unroll::default(),
        calls: Calls::Numbers,
        member: None,
    };
    names
        .table_of(&c)
        .map_err(|e| doc.formula_error(text, &what, e))
}

/// The tables of a search or exact-cover spec ([`read_tables`]), and the enumeration members
/// added to `constants` (each member's position), each named once in the whole spec.
pub fn read(
    doc: &SpecDocument,
    raw: &BTreeMap<String, Spanned<toml::Value>>,
    constants: &mut BTreeMap<String, i64>,
) -> Result<Data, Diagnostic> {
    let tables = read_tables(doc, raw, constants, |n| {
        constants.contains_key(n).then_some("parameter")
    })?;
    let mut data = Data::default();
    for (name, table) in tables {
        if let Table::Names(members) = &table {
            for (i, m) in members.iter().enumerate().filter(|(_, m)| is_name(m)) {
                if constants.insert(m.clone(), i as i64).is_some() || raw.contains_key(m) {
                    return Err(doc
                        .error(
                            raw[&name].span(),
                            format!("`{m}` is named twice (a member, a parameter or a table)"),
                        )
                        .help("give each member of an enumeration its own name"));
                }
            }
        }
        data.tables.insert(name, table);
    }
    Ok(data)
}

fn table(v: &toml::Value) -> Option<Table> {
    let items = v.as_array()?;
    let ints =
        |a: &[toml::Value]| -> Option<Vec<i64>> { a.iter().map(|x| x.as_integer()).collect() };
    if let Some(list) = ints(items) {
        return Some(Table::List(list));
    }
    let names: Option<Vec<String>> = items
        .iter()
        .map(|x| x.as_str().map(str::to_string))
        .collect();
    if let Some(names) = names {
        return Some(Table::Names(names));
    }
    items
        .iter()
        .map(|r| r.as_array().and_then(|r| ints(r)))
        .collect::<Option<Vec<_>>>()
        .map(Table::Rows)
}

/// Members of an enumeration that are plain names can be named in formulas ("Old Gold" prints
/// but is reached by its position only).
fn is_name(m: &str) -> bool {
    m.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && m.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}
