//! The variables of a search spec: scalar declarations ("n in 1..3000", "A, B distinct in
//! 0..9") and arrays ("cell: 9x9 in 1..9", "square: 16 permutation of 1..16"), whose elements
//! `cell[0]`, `cell[1]`, ... become variables in order.

use super::model::{Array, Variable};
use crate::diagnostic::Diagnostic;
use crate::expr::{self, Constants, DomainKind, ExprError};
use crate::spec::SpecDocument;
use crate::spec::tables::Data;
use std::collections::BTreeMap;
use toml::Spanned;

/// Most elements one array may have.
const MAX_ELEMENTS: usize = 100_000;
/// Most domain values all the variables may hold together (each domain is a list of values):
/// an array of 100,000 elements over 10,000,000 values each would ask for 8 TB while loading.
const MAX_VALUES: usize = 50_000_000;

/// The variables and arrays of every declaration, in order.
pub fn declare_variables(
    doc: &SpecDocument,
    declarations: &Spanned<Vec<Spanned<String>>>,
    constants: &BTreeMap<String, i64>,
    data: &Data,
) -> Result<(Vec<Variable>, Vec<Array>), Diagnostic> {
    let number = |n: &str| constants.get(n).copied();
    let enumeration = |n: &str| data.names(n).map(<[String]>::len);
    let known = Constants {
        number: &number,
        enumeration: &enumeration,
    };
    let mut variables: Vec<Variable> = Vec::new();
    let mut arrays: Vec<Array> = Vec::new();
    let mut groups = 0;
    let mut values = 0usize;
    for text in declarations.get_ref() {
        let err = |e: ExprError| doc.formula_error(text, "the variables", e);
        let (names, decl) = match array_head(text.get_ref(), &known).map_err(err)? {
            Some(head) => {
                let decl = domain_of(text.get_ref(), &head, &known).map_err(err)?;
                check_new_name(&variables, &arrays, &head.name, head.name_span.clone())
                    .map_err(err)?;
                arrays.push(Array {
                    name: head.name.clone(),
                    first: variables.len(),
                    len: head.len,
                    shape: head.shape,
                    names: domain_names(text.get_ref(), data),
                });
                let names = (0..head.len)
                    .map(|i| (format!("{}[{i}]", head.name), None))
                    .collect();
                (names, decl)
            }
            None => {
                let decl = expr::parse_declaration_in(text.get_ref(), &known).map_err(err)?;
                let names = decl.names.iter().map(|(n, s)| (n.clone(), Some(s.clone())));
                (names.collect::<Vec<_>>(), decl)
            }
        };
        let group = match decl.kind {
            DomainKind::Each => None,
            DomainKind::Distinct | DomainKind::Permutation => {
                groups += 1;
                Some(groups - 1)
            }
        };
        values = values.saturating_add(names.len().saturating_mul(decl.values.len()));
        if values > MAX_VALUES {
            return Err(err(ExprError::new(
                format!(
                    "the variables would hold {values} domain values in all, more than {MAX_VALUES} ({} variables of {} values here)",
                    names.len(),
                    decl.values.len()
                ),
                0..text.get_ref().len(),
            )
            .help("use fewer variables or narrower ranges")));
        }
        let members: Option<std::sync::Arc<[String]>> = domain_names(text.get_ref(), data)
            .and_then(|e| data.names(&e))
            .map(Into::into);
        for (name, span) in names {
            if let Some(span) = span {
                check_new_name(&variables, &arrays, &name, span).map_err(err)?;
            }
            variables.push(Variable {
                name,
                domain: decl.values.clone(),
                group,
                names: members.clone(),
            });
        }
    }
    if variables.is_empty() {
        return Err(doc
            .error(declarations.span(), "no variables")
            .help("declare at least one, e.g. variables = [\"n in 1..100\"]"));
    }
    Ok((variables, arrays))
}

/// `name: LEN` or `name: ROWSxCOLS` at the start of an array declaration.
struct ArrayHead {
    name: String,
    name_span: std::ops::Range<usize>,
    len: usize,
    shape: Option<(usize, usize)>,
    /// Where the domain part (`in 1..9`, `distinct in ...`) starts.
    rest: usize,
}

fn array_head(text: &str, known: &Constants) -> Result<Option<ArrayHead>, ExprError> {
    let Some(colon) = text.find(':') else {
        return Ok(None);
    };
    let name = text[..colon].trim();
    let start = text[..colon].find(name).unwrap_or(0);
    let name_span = start..start + name.len();
    let is_name = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !is_name {
        return Err(
            ExprError::new("expected an array name before `:`", name_span)
                .help("declare an array as \"cell: 81 in 1..9\" or \"cell: 9x9 in 1..9\""),
        );
    }
    let after = &text[colon + 1..];
    let size_start = colon + 1 + (after.len() - after.trim_start().len());
    let size_len = text[size_start..]
        .find(char::is_whitespace)
        .unwrap_or(text.len() - size_start);
    let size_text = &text[size_start..size_start + size_len];
    let size_span = size_start..size_start + size_len;
    let bad_size = || {
        let help = if size_text.contains("..") {
            // `x: 1..4` is a variable's domain written after an array's colon.
            format!(
                "a variable is declared as \"{name} in {size_text}\"; an array as \"{name}: 4 in {size_text}\" (its size, then its domain)"
            )
        } else {
            "write how many elements (\"81\") or rows x columns (\"9x9\"), at least 1".to_string()
        };
        ExprError::new(
            format!("`{size_text}` is not an array size"),
            size_span.clone(),
        )
        .help(help)
    };
    // A number, or a formula of the parameters without spaces (`n`, `2*n`).
    let parse = |t: &str| {
        let value = t.parse::<usize>().ok().or_else(|| {
            let e = expr::Forms::Plain.parse(t).ok()?;
            let v = expr::constant(&e, known.number).ok()?;
            usize::try_from(v).ok()
        });
        value.filter(|&n| n > 0)
    };
    let whole = parse(size_text).filter(|_| !is_grid(size_text));
    let (len, shape) = match size_text.split_once('x').filter(|_| whole.is_none()) {
        Some((r, c)) => {
            let (r, c) = (
                parse(r).ok_or_else(bad_size)?,
                parse(c).ok_or_else(bad_size)?,
            );
            (r.checked_mul(c).ok_or_else(bad_size)?, Some((r, c)))
        }
        None => (parse(size_text).ok_or_else(bad_size)?, None),
    };
    if len > MAX_ELEMENTS {
        return Err(ExprError::new(
            format!("an array of {len} elements is too large"),
            size_span,
        )
        .help(format!("an array has at most {MAX_ELEMENTS} elements")));
    }
    Ok(Some(ArrayHead {
        name: name.to_string(),
        name_span,
        len,
        shape,
        rest: size_start + size_len,
    }))
}

/// The domain part of an array declaration, parsed as a one-name declaration written over the
/// head (so that error columns stay those of the text), with the array's length checked.
fn domain_of(
    text: &str,
    head: &ArrayHead,
    known: &Constants,
) -> Result<expr::Declaration, ExprError> {
    let padded = format!("x{}{}", " ".repeat(head.rest - 1), &text[head.rest..]);
    let mut decl = expr::parse_declaration_in(&padded, known).or_else(|e| {
        // A one-name permutation of more values is refused by the parser: ask again as `in`.
        match permutation_as_each(&padded) {
            Some(p) => expr::parse_declaration_in(&p, known).map(|mut d| {
                d.kind = DomainKind::Permutation;
                d
            }),
            None => Err(e),
        }
    })?;
    let (n, vals) = (head.len, decl.values.len());
    let problem = match decl.kind {
        DomainKind::Permutation if n != vals => Some(format!(
            "a permutation of {vals} values needs {vals} elements, found {n}"
        )),
        DomainKind::Distinct if n > vals => Some(format!(
            "{n} distinct elements cannot take values from only {vals}"
        )),
        _ => None,
    };
    if let Some(message) = problem {
        return Err(ExprError::new(message, decl.domain_span.clone())
            .help("change the array's size or its domain"));
    }
    decl.names.clear();
    Ok(decl)
}

/// `9x9` (numbers on both sides of an `x`): a grid, not a name.
fn is_grid(size: &str) -> bool {
    size.split_once('x').is_some_and(|(r, c)| {
        !r.is_empty() && !c.is_empty() && r.chars().chain(c.chars()).all(|ch| ch.is_ascii_digit())
    })
}

/// The enumeration a declaration's domain names (`nat: 5 permutation of nationality`,
/// `owner in nationality`), whose members its values print as.
fn domain_names(text: &str, data: &Data) -> Option<String> {
    let last = text.split_whitespace().last()?;
    data.names(last).map(|_| last.to_string())
}

/// "x ... permutation of D" written as "x ... in             D" (same columns).
fn permutation_as_each(padded: &str) -> Option<String> {
    let at = padded.find("permutation")?;
    let of = padded[at..].find("of")? + at;
    let mut s = padded.to_string();
    s.replace_range(at..of + 2, &format!("in{}", " ".repeat(of + 2 - at - 2)));
    Some(s)
}

/// A variable name must be new and not a built-in function's.
fn check_new_name(
    variables: &[Variable],
    arrays: &[Array],
    name: &str,
    span: std::ops::Range<usize>,
) -> Result<(), ExprError> {
    if variables.iter().any(|v| v.name == name) || arrays.iter().any(|a| a.name == name) {
        return Err(ExprError::new(format!("`{name}` is declared twice"), span)
            .help("give each variable one name"));
    }
    if expr::FUNCTIONS.iter().any(|f| f.name == name) {
        return Err(
            ExprError::new(format!("`{name}` is the name of a built-in function"), span)
                .help("choose another name for the variable"),
        );
    }
    Ok(())
}
