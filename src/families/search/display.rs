//! A solution as text and JSON: scalars as `n=5`, arrays as their values (a grid declared
//! `RxC` row by row, one line each); a value of an enumeration as its member's name in the
//! text (`owner=Japanese`), as its number in the JSON data.

use super::model::{Array, Variable};
use crate::report::StateView;
use serde_json::{Map, Value};

pub fn view(vars: &[Variable], arrays: &[Array], bound: &[i64]) -> StateView {
    let mut parts: Vec<String> = Vec::new();
    let mut data = Map::new();
    let mut i = 0;
    while i < vars.len() {
        match arrays.iter().find(|a| a.first == i) {
            Some(a) => {
                let values = &bound[a.first..a.first + a.len];
                parts.push(array_text(a, vars, values));
                data.insert(a.name.clone(), Value::from(values.to_vec()));
                i += a.len.max(1);
            }
            None => {
                parts.push(format!(
                    "{}={}",
                    vars[i].name,
                    value_text(&vars[i], bound[i])
                ));
                data.insert(vars[i].name.clone(), Value::from(bound[i]));
                i += 1;
            }
        }
    }
    StateView {
        text: parts.join(" "),
        data: data.into(),
        picture: None,
    }
}

/// A value as its member's name when the variable's domain is an enumeration.
fn value_text(v: &Variable, value: i64) -> String {
    let member = usize::try_from(value)
        .ok()
        .and_then(|k| v.names.as_ref()?.get(k));
    member.cloned().unwrap_or_else(|| value.to_string())
}

fn array_text(a: &Array, vars: &[Variable], values: &[i64]) -> String {
    let words: Vec<String> = (vars[a.first..a.first + a.len].iter().zip(values))
        .map(|(v, &x)| value_text(v, x))
        .collect();
    match a.shape {
        Some((_, cols)) => {
            let rows: Vec<String> = words.chunks(cols).map(|r| r.join(" ")).collect();
            format!("{}=\n{}", a.name, rows.join("\n"))
        }
        None => format!("{}=[{}]", a.name, words.join(" ")),
    }
}
