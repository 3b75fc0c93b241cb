//! The tree builders of the forms `grammar/rules.pest` adds to the expression language:
//! `a[i]`, `sum/count/all/any(... for i in ...)`, `if c then a else b` and loop bindings.
//! They give the one tree, [`Expr`]; each kind refuses what it cannot use.

use super::ast::{AggOp, Binding, Expr, ExprKind, Over};
use super::error::ExprError;
use super::parser::{Rule, build};
use pest::iterators::Pair;
use std::ops::Range;

pub(super) fn span_of(pair: &Pair<Rule>) -> Range<usize> {
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
        "prod" => AggOp::Prod,
        "count" => AggOp::Count,
        "all" => AggOp::All,
        "min" => AggOp::Min,
        "max" => AggOp::Max,
        "distinct" => AggOp::Distinct,
        _ => AggOp::Any,
    };
    let body = build(inner.next().expect("aggregate body").into_inner())?;
    let mut bindings = Vec::new();
    for generator in inner.filter(|p| p.as_rule() == Rule::generator) {
        let mut parts = generator.into_inner();
        let mut binding = binding_of(
            parts
                .find(|p| p.as_rule() == Rule::binding)
                .expect("generator binding"),
        )?;
        if let Some(c) = parts.find(|p| p.as_rule() == Rule::expr) {
            binding.filter = Some(build(c.into_inner())?);
        }
        bindings.push(binding);
    }
    Ok(Expr {
        kind: ExprKind::Aggregate(op, Box::new(body), bindings),
        span,
    })
}

pub(super) fn binding_of(pair: Pair<Rule>) -> Result<Binding, ExprError> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner();
    let name = inner.next().expect("binding name");
    let over = inner
        .find(|p| p.as_rule() == Rule::over)
        .expect("binding over");
    if let Some(list) = over
        .clone()
        .into_inner()
        .find(|p| p.as_rule() == Rule::list_literal)
    {
        let items = list
            .into_inner()
            .filter(|p| p.as_rule() == Rule::expr)
            .map(|p| build(p.into_inner()))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Binding {
            name: name.as_str().to_string(),
            name_span: span_of(&name),
            over: Over::List(items),
            filter: None,
            span,
        });
    }
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
        filter: None,
        span,
    })
}
