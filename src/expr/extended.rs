//! The expression forms that state-space rules need (`grammar/rules.pest`): `if c then a else b`,
//! `a[i]`, `sum/count/all/any(body for i in over)`, and the entry points for a rules spec's
//! variable types, move parameters and effects, building [`Term`](super::Term) trees. Any
//! other kind's formula refuses them, saying they belong to `kind = "rules"`.

use super::ExprError;
use super::parser::{ExprParser, Rule, syntax_error};
use super::term::{Term as Expr, TermKind as ExprKind, build_term as build};
use pest::Parser;
use pest::iterators::Pair;
use std::ops::Range;

/// What an aggregate computes over its values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AggOp {
    /// The sum of a numeric body.
    Sum,
    /// How many times a true/false body is true.
    Count,
    /// Whether a true/false body is true every time (true over no values).
    All,
    /// Whether a true/false body is true at least once.
    Any,
}

impl AggOp {
    pub fn name(self) -> &'static str {
        match self {
            AggOp::Sum => "sum",
            AggOp::Count => "count",
            AggOp::All => "all",
            AggOp::Any => "any",
        }
    }
}

/// The values a loop variable takes.
#[derive(Debug, Clone, PartialEq)]
pub enum Over {
    /// `lo..hi`, both ends included (empty when hi < lo).
    Range(Expr, Expr),
    /// The values of a table row or an array, e.g. `neighbours[i]`.
    Values(Expr),
}

/// `name in over`: a loop variable of an aggregate, a move parameter or an effect.
#[derive(Debug, Clone, PartialEq)]
pub struct Binding {
    pub name: String,
    pub name_span: Range<usize>,
    pub over: Over,
    pub span: Range<usize>,
}

/// The type text of a state variable.
#[derive(Debug, Clone, PartialEq)]
pub enum VarType {
    Bool,
    /// Whole numbers `lo..hi` (both included); with `length`, an array of that many.
    Range {
        length: Option<Expr>,
        lo: Expr,
        hi: Expr,
    },
}

/// `target = value` or `target[index] = value`, optionally `for binding` (one per value).
#[derive(Debug, Clone, PartialEq)]
pub struct Assignment {
    pub target: String,
    pub target_span: Range<usize>,
    pub index: Option<Expr>,
    pub value: Expr,
    pub each: Option<Binding>,
    pub span: Range<usize>,
}

fn span_of(pair: &Pair<Rule>) -> Range<usize> {
    pair.as_span().start()..pair.as_span().end()
}

/// `if c then a else b` from its pest pair.
pub(super) fn if_expr(pair: Pair<Rule>) -> Result<Expr, ExprError> {
    let span = span_of(&pair);
    let mut parts = pair.into_inner().filter(|p| p.as_rule() == Rule::expr);
    let mut next = || build(parts.next().expect("if has three parts").into_inner());
    let (c, a, b) = (next()?, next()?, next()?);
    Ok(Expr {
        kind: ExprKind::If(Box::new(c), Box::new(a), Box::new(b)),
        span,
    })
}

/// `name[e1][e2]...` from its pest pair: nested indexing, innermost first.
pub(super) fn indexed(pair: Pair<Rule>) -> Result<Expr, ExprError> {
    let start = pair.as_span().start();
    let mut inner = pair.into_inner();
    let name = inner.next().expect("indexed starts with a name");
    let mut e = Expr {
        kind: ExprKind::Name(name.as_str().to_string()),
        span: span_of(&name),
    };
    for part in inner {
        match part.as_rule() {
            Rule::expr => {
                let index = build(part.into_inner())?;
                e = Expr {
                    span: start..index.span.end,
                    kind: ExprKind::Index(Box::new(e), Box::new(index)),
                };
            }
            Rule::close_bracket => e.span.end = part.as_span().end(),
            _ => {}
        }
    }
    Ok(e)
}

/// `sum(body for i in over)` from its pest pair.
pub(super) fn aggregate(pair: Pair<Rule>) -> Result<Expr, ExprError> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let op = match inner.next().expect("aggregate op").as_str() {
        "sum" => AggOp::Sum,
        "count" => AggOp::Count,
        "all" => AggOp::All,
        _ => AggOp::Any,
    };
    let body = build(inner.next().expect("aggregate body").into_inner())?;
    let binding = inner
        .find(|p| p.as_rule() == Rule::binding)
        .expect("aggregate binding");
    let binding = binding_of(binding)?;
    Ok(Expr {
        kind: ExprKind::Aggregate(op, Box::new(body), Box::new(binding)),
        span,
    })
}

fn binding_of(pair: Pair<Rule>) -> Result<Binding, ExprError> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let name = inner.next().expect("binding name");
    let over = inner
        .find(|p| p.as_rule() == Rule::over)
        .expect("binding over");
    let mut exprs = over.into_inner().filter(|p| p.as_rule() == Rule::expr);
    let first = build(exprs.next().expect("over has an expr").into_inner())?;
    let over = match exprs.next() {
        Some(hi) => Over::Range(first, build(hi.into_inner())?),
        None => Over::Values(first),
    };
    Ok(Binding {
        name: name.as_str().to_string(),
        name_span: span_of(&name),
        over,
        span,
    })
}

/// Parses a state variable's type: `0..n`, `bool`, `25 of 0..1`.
pub fn parse_var_type(text: &str) -> Result<VarType, ExprError> {
    super::depth::check(text)?;
    let mut pairs =
        ExprParser::parse(Rule::var_type, text).map_err(|e| syntax_error(text, e, true))?;
    let top = pairs.next().expect("var_type matched");
    let mut exprs = Vec::new();
    for p in top.into_inner() {
        match p.as_rule() {
            Rule::bool_kw => return Ok(VarType::Bool),
            Rule::expr => exprs.push(build(p.into_inner())?),
            _ => {}
        }
    }
    let hi = exprs.pop().expect("a range has a high end");
    let lo = exprs.pop().expect("a range has a low end");
    Ok(VarType::Range {
        length: exprs.pop(),
        lo,
        hi,
    })
}

/// Parses a move's parameters: `m in 0..2, c in 0..2` (may be empty).
pub fn parse_bindings(text: &str) -> Result<Vec<Binding>, ExprError> {
    super::depth::check(text)?;
    let mut pairs =
        ExprParser::parse(Rule::bindings, text).map_err(|e| syntax_error(text, e, true))?;
    let top = pairs.next().expect("bindings matched");
    top.into_inner()
        .filter(|p| p.as_rule() == Rule::binding)
        .map(binding_of)
        .collect()
}

/// Parses a move's effect: assignments one per line or separated by `;`.
pub fn parse_effects(text: &str) -> Result<Vec<Assignment>, ExprError> {
    super::depth::check_assignments(text)?;
    let mut pairs =
        ExprParser::parse(Rule::effects, text).map_err(|e| syntax_error(text, e, true))?;
    let top = pairs.next().expect("effects matched");
    top.into_inner()
        .filter(|p| p.as_rule() == Rule::assignment)
        .map(assignment)
        .collect()
}

fn assignment(pair: Pair<Rule>) -> Result<Assignment, ExprError> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let target = inner.next().expect("assignment target");
    let mut target_parts = target.into_inner();
    let name = target_parts.next().expect("target name");
    let index = match target_parts.find(|p| p.as_rule() == Rule::expr) {
        Some(e) => Some(build(e.into_inner())?),
        None => None,
    };
    let value = inner
        .find(|p| p.as_rule() == Rule::expr)
        .expect("assignment value");
    let value = build(value.into_inner())?;
    let each = match inner.find(|p| p.as_rule() == Rule::binding) {
        Some(b) => Some(binding_of(b)?),
        None => None,
    };
    Ok(Assignment {
        target: name.as_str().to_string(),
        target_span: span_of(&name),
        index,
        value,
        each,
        span,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::{parse, parse_term};

    #[test]
    fn if_then_else_extends_its_else_branch() {
        let e = parse_term("3 + if a < 2 then 10 else 20 + 1").unwrap();
        let ExprKind::Binary(_, _, rhs) = &e.kind else {
            panic!("{e:?}")
        };
        let ExprKind::If(_, _, other) = &rhs.kind else {
            panic!("{rhs:?}")
        };
        assert!(matches!(other.kind, ExprKind::Binary(..)));
        assert_eq!(rhs.span, 4..32);
    }

    #[test]
    fn indexing_and_aggregates_parse_with_spans() {
        let e = parse_term("t[i][j + 1] == 2").unwrap();
        let ExprKind::Binary(_, lhs, _) = &e.kind else {
            panic!("{e:?}")
        };
        assert_eq!(lhs.span, 0..11);
        let ExprKind::Index(row, col) = &lhs.kind else {
            panic!("{lhs:?}")
        };
        assert!(matches!(row.kind, ExprKind::Index(..)));
        assert_eq!(col.span, 5..10);
        let e =
            parse_term("sum(x[i] for i in 0..n - 1) + count(y[j] == 1 for j in row[2])").unwrap();
        let ExprKind::Binary(_, a, b) = &e.kind else {
            panic!()
        };
        let (ExprKind::Aggregate(a, _, x), ExprKind::Aggregate(b, _, y)) = (&a.kind, &b.kind)
        else {
            panic!()
        };
        assert_eq!((*a, *b), (AggOp::Sum, AggOp::Count));
        assert!(matches!(x.over, Over::Range(..)));
        assert!(matches!(y.over, Over::Values(..)));
        assert_eq!(x.name, "i");
    }

    #[test]
    fn old_functions_and_names_still_parse() {
        assert!(parse("min(a, b) + max(1, 2, 3) + sum + count").is_ok());
        assert!(parse_term("iffy + thence + elsewhere + format").is_ok());
    }

    #[test]
    fn other_kinds_refuse_rules_forms_at_their_span() {
        let err = parse("1 + a[1]").unwrap_err();
        assert!(err.message.contains("kind = \"rules\""), "{}", err.message);
        assert_eq!(err.span, 4..8);
        assert!(parse("if a then 1 else 2").is_err());
    }

    #[test]
    fn syntax_errors_keep_their_column() {
        let err = parse_term("a[1 + ] == 2").unwrap_err();
        assert!(err.message.contains("column 7"), "{}", err.message);
    }

    #[test]
    fn var_types_bindings_and_effects() {
        assert_eq!(parse_var_type("bool").unwrap(), VarType::Bool);
        let VarType::Range { length, .. } = parse_var_type("n of 0..2").unwrap() else {
            panic!()
        };
        assert!(length.is_some());
        assert!(matches!(
            parse_var_type("0..n").unwrap(),
            VarType::Range { length: None, .. }
        ));
        let b = parse_bindings("m in 0..2, j in adj[m]").unwrap();
        assert_eq!(b.len(), 2);
        assert!(parse_bindings("").unwrap().is_empty());
        let fx =
            parse_effects("ml = ml - m; boat = 1 - boat\nx[j] = 1 - x[j] for j in adj[i]").unwrap();
        assert_eq!(fx.len(), 3);
        assert!(fx[2].index.is_some() && fx[2].each.is_some());
        let err = parse_effects("ml = ").unwrap_err();
        assert!(err.message.contains("column 6"), "{}", err.message);
    }

    #[test]
    fn effects_are_bounded_per_assignment_not_over_the_list() {
        use super::parse_effects;
        // Many small assignments are many shallow trees: accepted.
        let many = "a = a + 1\n".repeat(3_000);
        assert_eq!(parse_effects(&many).unwrap().len(), 3_000);
        // One assignment whose value chains past the bound is refused.
        let deep = format!("a = {}", "a + ".repeat(3_000) + "1");
        let err = parse_effects(&deep).unwrap_err();
        assert!(err.message.contains("nests too deeply"), "{}", err.message);
    }
}
