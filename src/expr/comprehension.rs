//! A `[tables]` entry written as a formula: a list comprehension (`[2 * k + 1 for k in 0..5]`)
//! or a list of them, one per row (`[[j for j in 0..8 if j != i] for i in 0..8]`), parsed with
//! the generators every other formula uses.

use super::ast::{Binding, Expr};
use super::error::ExprError;
use super::parser::{ExprParser, Rule, build, generators, span_of, syntax_error};
use pest::Parser;
use pest::iterators::Pair;
use std::ops::Range;

/// `[element for ... if ...]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Comprehension {
    pub element: Element,
    /// Outermost first, each with its filter.
    pub loops: Vec<Binding>,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Element {
    Value(Expr),
    /// A row: the inner comprehension, once per value of the outer loops.
    Row(Box<Comprehension>),
}

/// Parses a table's formula.
pub fn parse_comprehension(text: &str) -> Result<Comprehension, ExprError> {
    super::depth::check(text)?;
    let mut pairs =
        ExprParser::parse(Rule::table_formula, text).map_err(|e| syntax_error(text, e, true))?;
    let top = pairs.next().expect("table formula matched");
    let inner = top
        .into_inner()
        .find(|p| p.as_rule() == Rule::comprehension)
        .expect("a comprehension");
    comprehension(inner)
}

fn comprehension(pair: Pair<Rule>) -> Result<Comprehension, ExprError> {
    let span = span_of(&pair);
    let mut inner = pair.into_inner().filter(|p| {
        matches!(
            p.as_rule(),
            Rule::comprehension | Rule::expr | Rule::generator
        )
    });
    let first = inner.next().expect("an element");
    let element = match first.as_rule() {
        Rule::comprehension => Element::Row(Box::new(comprehension(first)?)),
        _ => Element::Value(build(first.into_inner())?),
    };
    Ok(Comprehension {
        element,
        loops: generators(inner)?,
        span,
    })
}
