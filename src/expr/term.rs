//! The expression tree of `kind = "rules"`: the operators of [`Expr`] plus `a[i]`,
//! `sum/count/all/any(... for i in ...)` and `if c then a else b` (`grammar/rules.pest`).
//! Other kinds keep [`Expr`], whose parse refuses these forms with a pointer to rules.

use super::parser::{PRATT, Rule, binary_op, formula_operands};
use super::{AggOp, BinOp, Binding, ExprError};
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
    Call(String, Vec<Term>),
    /// `base[index]`: an element of a state array or of a table (row).
    Index(Box<Term>, Box<Term>),
    /// `op(body for binding)`.
    Aggregate(AggOp, Box<Term>, Box<Binding>),
    /// `if c then a else b`.
    If(Box<Term>, Box<Term>, Box<Term>),
}

/// The error of a rules-only form met in another kind's formula.
pub(super) fn rules_only(span: Range<usize>) -> ExprError {
    ExprError::new(
        "`if`, indexing and sum/count/all/any are only available in kind = \"rules\"",
        span,
    )
    .help("write the puzzle as a rules spec (docs/rules.md), or spell the terms out")
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
            let name = inner.next().expect("call has a name").as_str().to_string();
            let args = inner
                .map(|arg| build_term(arg.into_inner()))
                .collect::<Result<Vec<_>, _>>()?;
            TermKind::Call(name, args)
        }
        Rule::if_expr => return super::extended::if_expr(pair),
        Rule::indexed => return super::extended::indexed(pair),
        Rule::aggregate => return super::extended::aggregate(pair),
        // A parenthesised expression.
        Rule::expr => return build_term(pair.into_inner()).map(|e| Term { span, ..e }),
        other => unreachable!("primary rule {other:?}"),
    };
    Ok(Term { kind, span })
}
