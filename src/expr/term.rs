//! The expression tree of `kind = "rules"`: the operators of [`Expr`] plus `a[i]`,
//! `sum/count/all/any(... for i in ...)` and `if c then a else b` (`grammar/rules.pest`).
//! Other kinds keep [`Expr`], whose parse refuses these forms with a pointer to rules.

use super::ast::BinOp;
use super::error::ExprError;
use super::functions::{Builtin, unknown_function};
use super::parser::{PRATT, Rule, binary_op, formula_operands};
use pest::iterators::{Pair, Pairs};
use std::ops::Range;

#[derive(Debug, Clone, PartialEq)]
pub struct Term {
    pub kind: TermKind,
    /// Byte range inside the formula text.
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum TermKind {
    Int(i128),
    Name(String),
    Neg(Box<Term>),
    Not(Box<Term>),
    Binary(BinOp, Box<Term>, Box<Term>),
    /// A built-in function, resolved when parsed (an unknown name is a parse error).
    Call(Builtin, Vec<Term>),
    /// `base[index]`: an element of a state array or of a table (row).
    Index(Box<Term>, Box<Term>),
    /// `op(body for b1 for b2 ...)`: the bindings nest, the first outermost.
    Aggregate(AggOp, Box<Term>, Vec<Binding>),
    /// `if c then a else b`.
    If(Box<Term>, Box<Term>, Box<Term>),
}

/// What an aggregate computes over its values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AggOp {
    /// The sum of a numeric body.
    Sum,
    /// The product of a numeric body (1 over no values).
    Prod,
    /// How many times a true/false body is true.
    Count,
    /// Whether a true/false body is true every time (true over no values).
    All,
    /// Whether a true/false body is true at least once.
    Any,
    /// The least value of a numeric body (at least one value).
    Min,
    /// The greatest value of a numeric body (at least one value).
    Max,
    /// Whether the values of a numeric body are all different.
    Distinct,
}

impl AggOp {
    pub fn name(self) -> &'static str {
        match self {
            AggOp::Sum => "sum",
            AggOp::Prod => "prod",
            AggOp::Count => "count",
            AggOp::All => "all",
            AggOp::Any => "any",
            AggOp::Min => "min",
            AggOp::Max => "max",
            AggOp::Distinct => "distinct",
        }
    }
}

/// The values a loop variable takes.
#[derive(Debug, Clone, PartialEq)]
pub enum Over {
    /// `lo..hi`, both ends included (empty when hi < lo).
    Range(Term, Term),
    /// The values of a table row or an array, e.g. `neighbours[i]`.
    Values(Term),
    /// A list written out: `[1, 3, 4, 5, 7]`.
    List(Vec<Term>),
}

/// `name in over`: a loop variable of an aggregate, a move parameter or an effect.
#[derive(Debug, Clone, PartialEq)]
pub struct Binding {
    pub name: String,
    pub name_span: Range<usize>,
    pub over: Over,
    /// In a generator, the condition a value must meet to be used (`for j in 0..8 if j != i`).
    pub filter: Option<Term>,
    pub span: Range<usize>,
}

/// Parses a whole rules formula (guard, goal, cost, heuristic, ...).
pub fn parse_term(text: &str) -> Result<Term, ExprError> {
    build_term(formula_operands(text)?)
}

pub(super) fn build_term(pairs: Pairs<Rule>) -> Result<Term, ExprError> {
    PRATT
        .map_primary(primary)
        .map_prefix(|op, rhs| {
            let rhs = rhs?;
            let span = op.as_span().start()..rhs.span.end;
            let kind = match op.as_rule() {
                Rule::neg => TermKind::Neg(Box::new(rhs)),
                _ => TermKind::Not(Box::new(rhs)),
            };
            Ok(Term { kind, span })
        })
        .map_infix(|lhs, op, rhs| {
            let (mut lhs, rhs) = (lhs?, rhs?);
            let span = lhs.span.start..rhs.span.end;
            if op.as_rule() == Rule::implies_op {
                let at = lhs.span.clone();
                lhs = Term {
                    kind: TermKind::Not(Box::new(lhs)),
                    span: at,
                };
            }
            Ok(Term {
                kind: TermKind::Binary(binary_op(op.as_rule()), Box::new(lhs), Box::new(rhs)),
                span,
            })
        })
        .parse(pairs.filter(|p| p.as_rule() != Rule::close_paren))
}

fn primary(pair: Pair<Rule>) -> Result<Term, ExprError> {
    let span = pair.as_span().start()..pair.as_span().end();
    let kind = match pair.as_rule() {
        Rule::integer => TermKind::Int(pair.as_str().parse().map_err(|_| {
            ExprError::new("this number is too large", span.clone())
                .help("numbers must fit in 127 bits")
        })?),
        Rule::name => TermKind::Name(pair.as_str().to_string()),
        Rule::call => {
            let mut inner = pair.into_inner();
            let name = inner.next().expect("call has a name");
            let builtin = Builtin::named(name.as_str())
                .ok_or_else(|| unknown_function(name.as_str(), &span_of(&name)))?;
            let args = inner
                .map(|arg| build_term(arg.into_inner()))
                .collect::<Result<Vec<_>, _>>()?;
            TermKind::Call(builtin, args)
        }
        Rule::if_expr => return if_expr(pair),
        Rule::indexed => return indexed(pair),
        Rule::aggregate => return aggregate(pair),
        // A parenthesised expression.
        Rule::expr => return build_term(pair.into_inner()).map(|e| Term { span, ..e }),
        other => unreachable!("primary rule {other:?}"),
    };
    Ok(Term { kind, span })
}

pub(super) fn span_of(pair: &Pair<Rule>) -> Range<usize> {
    pair.as_span().start()..pair.as_span().end()
}

/// `if c then a else b` from its pest pair.
fn if_expr(pair: Pair<Rule>) -> Result<Term, ExprError> {
    let span = span_of(&pair);
    let mut parts = pair.into_inner().filter(|p| p.as_rule() == Rule::expr);
    let mut next = || build_term(parts.next().expect("if has three parts").into_inner());
    let (c, a, b) = (next()?, next()?, next()?);
    Ok(Term {
        kind: TermKind::If(Box::new(c), Box::new(a), Box::new(b)),
        span,
    })
}

/// `name[e1][e2]...` from its pest pair: nested indexing, innermost first.
fn indexed(pair: Pair<Rule>) -> Result<Term, ExprError> {
    let start = pair.as_span().start();
    let mut inner = pair.into_inner();
    let name = inner.next().expect("indexed starts with a name");
    let mut e = Term {
        kind: TermKind::Name(name.as_str().to_string()),
        span: span_of(&name),
    };
    for part in inner {
        match part.as_rule() {
            Rule::expr => {
                let index = build_term(part.into_inner())?;
                e = Term {
                    span: start..index.span.end,
                    kind: TermKind::Index(Box::new(e), Box::new(index)),
                };
            }
            Rule::close_bracket => e.span.end = part.as_span().end(),
            _ => {}
        }
    }
    Ok(e)
}

/// `sum(body for i in over)` from its pest pair.
fn aggregate(pair: Pair<Rule>) -> Result<Term, ExprError> {
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
    let body = build_term(inner.next().expect("aggregate body").into_inner())?;
    let mut bindings = Vec::new();
    for generator in inner.filter(|p| p.as_rule() == Rule::generator) {
        let mut parts = generator.into_inner();
        let mut binding = binding_of(
            parts
                .find(|p| p.as_rule() == Rule::binding)
                .expect("generator binding"),
        )?;
        if let Some(c) = parts.find(|p| p.as_rule() == Rule::expr) {
            binding.filter = Some(build_term(c.into_inner())?);
        }
        bindings.push(binding);
    }
    Ok(Term {
        kind: TermKind::Aggregate(op, Box::new(body), bindings),
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
            .map(|p| build_term(p.into_inner()))
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
    let first = build_term(exprs.next().expect("over has an expr").into_inner())?;
    let over = match exprs.next() {
        Some(hi) => Over::Range(first, build_term(hi.into_inner())?),
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
