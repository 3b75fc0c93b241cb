//! Variable declarations of generate-and-test specs: "n in 1..3000", "x, y in {1, 2, 4}",
//! "A, B, C distinct in 0..9", "A, B, C permutation of 1..3" (`grammar/formula.pest`).

use super::ast::{Expr, ExprKind};
use super::check::check_over;
use super::error::{ExprError, Type};
use super::eval::{Value, eval};
use super::parser::{ExprParser, Rule, build, syntax_error};
use pest::Parser;
use pest::iterators::Pair;
use std::collections::BTreeMap;
use std::ops::Range;

/// More values than this in one domain is surely a mistake (and would not be searched anyway).
pub const MAX_DOMAIN: usize = 10_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DomainKind {
    /// Each variable takes any value of the domain independently.
    Each,
    /// The variables take different values of the domain.
    Distinct,
    /// The variables take every value of the domain, each once (as many variables as values).
    Permutation,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Declaration {
    /// Each name with its span in the text.
    pub names: Vec<(String, Range<usize>)>,
    pub kind: DomainKind,
    /// The values, in the order they are tried (a range `9..1` counts down).
    pub values: Vec<i64>,
    pub domain_span: Range<usize>,
}

pub fn parse_declaration(text: &str) -> Result<Declaration, ExprError> {
    parse_declaration_in(text, &Constants::none())
}

/// What the names in a domain mean: parameters (and enumeration members) as numbers, and
/// enumerations by their number of members.
pub struct Constants<'a> {
    pub number: &'a dyn Fn(&str) -> Option<i64>,
    pub enumeration: &'a dyn Fn(&str) -> Option<usize>,
}

impl Constants<'_> {
    pub fn none() -> Constants<'static> {
        Constants {
            number: &|_| None,
            enumeration: &|_| None,
        }
    }
}

/// A declaration whose domain may name parameters (`0..n * n`) or an enumeration.
pub fn parse_declaration_in(text: &str, known: &Constants) -> Result<Declaration, ExprError> {
    let mut pairs =
        ExprParser::parse(Rule::declaration, text).map_err(|e| syntax_error(text, e, false))?;
    let mut names = Vec::new();
    let mut kind = DomainKind::Each;
    let mut domain = None;
    for pair in pairs.next().expect("declaration matched").into_inner() {
        let span = pair.as_span().start()..pair.as_span().end();
        match pair.as_rule() {
            Rule::name => {
                let name = pair.as_str().to_string();
                if names.iter().any(|(n, _)| *n == name) {
                    return Err(ExprError::new(format!("`{name}` is declared twice"), span)
                        .help("give each variable one name"));
                }
                names.push((name, span));
            }
            rule @ (Rule::plain_in | Rule::distinct_in | Rule::permutation_of) => {
                kind = match rule {
                    Rule::plain_in => DomainKind::Each,
                    Rule::distinct_in => DomainKind::Distinct,
                    _ => DomainKind::Permutation,
                };
                let d = pair
                    .into_inner()
                    .last()
                    .expect("a domain follows the keyword");
                domain = Some((
                    values(d.clone(), known)?,
                    d.as_span().start()..d.as_span().end(),
                ));
            }
            _ => {}
        }
    }
    let (values, domain_span) = domain.expect("the grammar requires a domain");
    let declaration = Declaration {
        names,
        kind,
        values,
        domain_span,
    };
    check_sizes(&declaration)?;
    Ok(declaration)
}

fn values(domain: Pair<Rule>, known: &Constants) -> Result<Vec<i64>, ExprError> {
    let span = domain.as_span().start()..domain.as_span().end();
    if domain.as_rule() == Rule::enum_name {
        let name = domain.as_str();
        return match (known.enumeration)(name) {
            Some(len) => Ok((0..len as i64).collect()),
            None => Err(ExprError::new(format!("`{name}` is not an enumeration"), span)
                .help("a domain is a range (1..9), a set ({1, 2, 4}) or the name of a list of names in [tables]")),
        };
    }
    let numbers = domain
        .clone()
        .into_inner()
        .filter(|p| matches!(p.as_rule(), Rule::signed | Rule::expr))
        .map(|p| bound(p, known))
        .collect::<Result<Vec<i64>, _>>()?;
    if domain.as_rule() == Rule::set {
        for (i, v) in numbers.iter().enumerate() {
            if numbers[..i].contains(v) {
                return Err(
                    ExprError::new(format!("{v} is listed twice in the set"), span)
                        .help("list each value once"),
                );
            }
        }
        return Ok(numbers);
    }
    let (from, to) = (numbers[0], numbers[1]);
    let size = from.abs_diff(to) as u128 + 1;
    if size > MAX_DOMAIN as u128 {
        return Err(
            ExprError::new(format!("the range {from}..{to} has {size} values"), span).help(
                format!("a domain has at most {MAX_DOMAIN} values; narrow the range"),
            ),
        );
    }
    Ok(if from <= to {
        (from..=to).collect()
    } else {
        (to..=from).rev().collect()
    })
}

/// A bound or set member: a number, or a formula of the parameters.
fn bound(p: Pair<Rule>, known: &Constants) -> Result<i64, ExprError> {
    let s = p.as_span();
    let span = s.start()..s.end();
    if p.as_rule() == Rule::signed {
        return p
            .as_str()
            .parse::<i64>()
            .map_err(|_| ExprError::new("this number does not fit in 64 bits", span));
    }
    let e = build(p.into_inner())?;
    constant(&e, known.number)
}

/// The value of a formula of constants (parameters), a whole number of 64 bits.
pub fn constant(e: &Expr, lookup: &dyn Fn(&str) -> Option<i64>) -> Result<i64, ExprError> {
    let mut known = BTreeMap::new();
    for (n, at) in e.names().into_iter().zip(name_spans(e)) {
        let v = lookup(n).ok_or_else(|| {
            ExprError::new(format!("unknown name `{n}`"), at)
                .help("a domain's bounds may name the parameters of [params]")
        })?;
        known.insert(n.to_string(), v);
    }
    let (bound, ty) = check_over(e, &[], &known)?;
    let not_whole = || ExprError::new("this must be a whole number (64 bits)", e.span.clone());
    match eval(&bound, &[])? {
        Value::Num(n) if ty == Type::Number => n
            .to_integer()
            .and_then(|n| i64::try_from(n).ok())
            .ok_or_else(not_whole),
        _ => Err(not_whole()),
    }
}

fn name_spans(e: &Expr) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    fn walk(e: &Expr, out: &mut Vec<Range<usize>>) {
        if let ExprKind::Name(_) = e.kind {
            out.push(e.span.clone());
        }
        e.for_each_child(&mut |c| walk(c, out));
    }
    walk(e, &mut out);
    out
}

fn check_sizes(d: &Declaration) -> Result<(), ExprError> {
    let (vars, vals) = (d.names.len(), d.values.len());
    let problem = match d.kind {
        DomainKind::Permutation if vars != vals => Some(format!(
            "a permutation of {vals} values needs {vals} variables, found {vars}"
        )),
        DomainKind::Distinct if vars > vals => Some(format!(
            "{vars} distinct variables cannot take values from only {vals}"
        )),
        _ => None,
    };
    match problem {
        Some(message) => Err(ExprError::new(message, d.domain_span.clone())
            .help("use `distinct in` for fewer variables than values, or change the domain")),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_sets_and_kinds() {
        let d = parse_declaration("n in 1..5").unwrap();
        assert_eq!(d.names[0].0, "n");
        assert_eq!(
            (d.kind, d.values.clone()),
            (DomainKind::Each, vec![1, 2, 3, 4, 5])
        );
        let d = parse_declaration("A, B distinct in {3, -1, 7}").unwrap();
        assert_eq!(d.kind, DomainKind::Distinct);
        assert_eq!(d.values, vec![3, -1, 7]);
        let d = parse_declaration("x, y, z permutation of 3..1").unwrap();
        assert_eq!((d.kind, d.values), (DomainKind::Permutation, vec![3, 2, 1]));
    }

    #[test]
    fn mistakes_are_reported_in_words() {
        let err = parse_declaration("n 1..5").unwrap_err();
        assert!(err.message.contains("column 3"), "{}", err.message);
        assert!(err.message.contains("`in`"), "{}", err.message);
        let err = parse_declaration("n in 1..").unwrap_err();
        assert!(err.message.contains("a whole number"), "{}", err.message);
        assert!(parse_declaration("a, b permutation of 1..3").is_err());
        assert!(parse_declaration("a, a in 1..3").is_err());
    }
}
