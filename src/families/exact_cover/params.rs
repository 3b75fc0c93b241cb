//! What every template of an exact cover is made over: the declared items by name, the
//! parameters of a `for` (each combination of values bound in turn), a `when` that keeps some,
//! and how the values bound read in a message.

use crate::diagnostic::Diagnostic;
use crate::expr::check::{Ir, Names, Ty};
use crate::expr::{Binding, Expr, ExprError, parse_bindings};
use crate::spec::{SpecDocument, closest};
use std::collections::HashMap;
use toml::Spanned;

/// The declared items: names, and which are primary (their numbers: primary first).
pub struct Items {
    pub number: HashMap<String, u32>,
    pub names: Vec<String>,
    pub primary: usize,
}

/// Whether a `when` (`g`, written as `text`) holds for the parameter values bound.
pub fn holds(
    doc: &SpecDocument,
    text: &Spanned<String>,
    g: &Expr,
    names: &mut Names,
    what: &str,
) -> Result<bool, Diagnostic> {
    match names.lower_as(g, Ty::Bool) {
        Ok(Ir::Const(v)) => Ok(v != 0),
        Ok(Ir::Fail(message, span, _)) => {
            Err(doc.formula_error(text, what, ExprError::new(message, span)))
        }
        Ok(_) => Err(doc.formula_error(
            text,
            what,
            ExprError::new(
                "this must be known from the parameters and tables",
                g.span.clone(),
            ),
        )),
        Err(e) => Err(doc.formula_error(text, what, e)),
    }
}

pub fn unknown_item(
    doc: &SpecDocument,
    text: &Spanned<String>,
    item: &str,
    option: &str,
    names: &Names,
    items: &Items,
) -> Diagnostic {
    let known: Vec<&str> = items.names.iter().map(String::as_str).collect();
    let mut help = "declare it in an [[items]] entry, or correct the option's template".to_string();
    if let Some(near) = closest(item, &known) {
        help = format!("did you mean `{near}`? {help}");
    }
    doc.error(
        text.span(),
        format!("option `{option}` names item `{item}`, which no [[items]] entry declares"),
    )
    .label(format!("at {}", values(names)))
    .help(help)
}

/// The parameter values bound, for messages: `r=3, c=4`.
pub fn values(names: &Names) -> String {
    if names.locals.is_empty() {
        return "the option's only instance".to_string();
    }
    let v: Vec<String> = names
        .locals
        .iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect();
    v.join(", ")
}

/// The parameters of a `for`, parsed, each named once.
pub fn bindings(
    doc: &SpecDocument,
    text: Option<&Spanned<String>>,
    what: &str,
) -> Result<Vec<Binding>, Diagnostic> {
    let Some(text) = text else {
        return Ok(Vec::new());
    };
    let params = parse_bindings(text.get_ref()).map_err(|e| doc.formula_error(text, what, e))?;
    for (k, b) in params.iter().enumerate() {
        if params[..k].iter().any(|a| a.name == b.name) {
            let e = ExprError::new(
                format!("parameter `{}` is named twice", b.name),
                b.name_span.clone(),
            );
            return Err(doc.formula_error(text, what, e));
        }
    }
    Ok(params)
}

/// Calls `visit` with every combination of the parameters' values bound in `names` (later
/// ranges may use earlier parameters).
pub fn each(
    doc: &SpecDocument,
    params: &[Binding],
    text: Option<&Spanned<String>>,
    at: &Spanned<String>,
    names: &mut Names,
    visit: &mut dyn FnMut(&mut Names) -> Result<(), Diagnostic>,
) -> Result<(), Diagnostic> {
    let Some((first, rest)) = params.split_first() else {
        return visit(names);
    };
    let values = names
        .values(first)
        .map_err(|e| doc.formula_error(text.unwrap_or(at), "the `for` parameters", e))?;
    for v in values {
        names.locals.push((first.name.clone(), v));
        let done = each(doc, rest, text, at, names, visit);
        names.locals.pop();
        done?;
    }
    Ok(())
}
