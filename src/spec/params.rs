//! `[params]`: whole-number constants of a spec, each a number or a formula of other parameters
//! (`n = "2 * k + 1"`), resolved once before the kind reads the rest of the spec. A formula may
//! name any parameter of the table; a cycle (`a = "b"`, `b = "a"`) is an error naming it.

use super::SpecDocument;
use crate::diagnostic::Diagnostic;
use crate::expr::check::check_over;
use crate::expr::{self, Expr, ExprError, ExprKind, Type, Value};
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

/// The `[params]` table as written.
pub type RawParams = BTreeMap<String, Spanned<toml::Value>>;

/// Words that cannot name a parameter: the language's keywords.
const KEYWORDS: &[&str] = &[
    "and", "or", "not", "implies", "if", "then", "else", "for", "in", "bool", "of",
];

/// Each parameter's value, formulas computed in the order their dependencies need.
pub fn resolve(doc: &SpecDocument, raw: &RawParams) -> Result<BTreeMap<String, i64>, Diagnostic> {
    let mut formulas = BTreeMap::new();
    for (name, v) in raw {
        check_name(doc, name, v)?;
        formulas.insert(name.as_str(), parse_value(doc, name, v)?);
    }
    let mut done = BTreeMap::new();
    for name in raw.keys() {
        visit(doc, raw, &formulas, name, &mut Vec::new(), &mut done)?;
    }
    Ok(done)
}

fn check_name(doc: &SpecDocument, name: &str, v: &Spanned<toml::Value>) -> Result<(), Diagnostic> {
    let plain = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain && !KEYWORDS.contains(&name) {
        return Ok(());
    }
    Err(doc
        .error(v.span(), format!("`{name}` cannot name a parameter"))
        .help("use letters, digits and `_`, starting with a letter"))
}

/// A parameter's value as written: a number, or a formula over other parameters.
enum Written {
    Number(i64),
    Formula(Spanned<String>, Expr),
}

fn parse_value(
    doc: &SpecDocument,
    name: &str,
    v: &Spanned<toml::Value>,
) -> Result<Written, Diagnostic> {
    match v.get_ref() {
        toml::Value::Integer(n) => Ok(Written::Number(*n)),
        toml::Value::String(text) => {
            let text = Spanned::new(v.span(), text.clone());
            let what = format!("parameter `{name}`");
            let e = doc.parse_formula(&text, &what)?;
            Ok(Written::Formula(text, e))
        }
        other => Err(doc
            .error(
                v.span(),
                format!(
                    "parameter `{name}` is {}, not a whole number or a formula",
                    other.type_str()
                ),
            )
            .help("write a number (n = 8) or a formula of other parameters (n = \"2 * k + 1\")")),
    }
}

/// Computes `name` after the parameters it names; `path` holds the ones being computed.
fn visit(
    doc: &SpecDocument,
    raw: &RawParams,
    formulas: &BTreeMap<&str, Written>,
    name: &str,
    path: &mut Vec<String>,
    done: &mut BTreeMap<String, i64>,
) -> Result<(), Diagnostic> {
    if done.contains_key(name) {
        return Ok(());
    }
    let (text, e) = match &formulas[name] {
        Written::Number(n) => {
            done.insert(name.to_string(), *n);
            return Ok(());
        }
        Written::Formula(text, e) => (text, e),
    };
    let what = format!("parameter `{name}`");
    path.push(name.to_string());
    let mut uses = Vec::new();
    names_with_spans(e, &mut uses);
    for (used, span) in &uses {
        if let Some(at) = path.iter().position(|p| p == used) {
            let mut cycle = path[at..].to_vec();
            cycle.push(used.clone());
            let message = format!(
                "the parameters depend on each other: {}",
                cycle.join(" -> ")
            );
            return Err(doc.formula_error(
                text,
                &what,
                ExprError::new(message, span.clone())
                    .help("give one of them a number, or a formula of other parameters"),
            ));
        }
        if !raw.contains_key(used.as_str()) {
            let known: Vec<&str> = raw.keys().map(String::as_str).collect();
            let mut help = format!(
                "a parameter's formula may name the parameters: {}",
                known.join(", ")
            );
            if let Some(near) = super::closest(used, &known) {
                help = format!("did you mean `{near}`? {help}");
            }
            return Err(doc.formula_error(
                text,
                &what,
                ExprError::new(format!("unknown name `{used}`"), span.clone()).help(help),
            ));
        }
        visit(doc, raw, formulas, used, path, done)?;
    }
    path.pop();
    let value = evaluate(e, done).map_err(|err| doc.formula_error(text, &what, err))?;
    done.insert(name.to_string(), value);
    Ok(())
}

/// The whole-number value of a parameter's formula, the parameters it names known.
fn evaluate(e: &Expr, known: &BTreeMap<String, i64>) -> Result<i64, ExprError> {
    let (e, ty) = check_over(e, &[], known)?;
    if ty != Type::Number {
        return Err(ExprError::new(
            "a parameter must be a whole number, not true or false",
            e.span.clone(),
        ));
    }
    let not_whole = |v: String| {
        ExprError::new(
            format!("a parameter must be a whole number (64 bits), found {v}"),
            e.span.clone(),
        )
    };
    match expr::eval(&e, &[])? {
        Value::Num(n) => n
            .to_integer()
            .and_then(|n| i64::try_from(n).ok())
            .ok_or_else(|| not_whole(n.to_string())),
        Value::Bool(b) => Err(not_whole(b.to_string())),
    }
}

fn names_with_spans(e: &Expr, out: &mut Vec<(String, Range<usize>)>) {
    if let ExprKind::Name(n) = &e.kind {
        out.push((n.clone(), e.span.clone()));
    }
    e.for_each_child(&mut |c| names_with_spans(c, out));
}

/// A setting written as a number or as a formula of the parameters (`columns = "n"`), e.g.
/// `[display] columns`; `what` names it in messages.
pub fn setting(
    doc: &SpecDocument,
    value: &Spanned<toml::Value>,
    params: &BTreeMap<String, i64>,
    what: &str,
) -> Result<i64, Diagnostic> {
    match value.get_ref() {
        toml::Value::Integer(n) => Ok(*n),
        toml::Value::String(text) => {
            let text = Spanned::new(value.span(), text.clone());
            let e = doc.parse_formula(&text, what)?;
            evaluate(&e, params).map_err(|err| doc.formula_error(&text, what, err))
        }
        other => Err(doc
            .error(
                value.span(),
                format!("{what} is {}, not a whole number", other.type_str()),
            )
            .help("write a number, or a formula of the parameters such as \"n\"")),
    }
}
