//! Alphametic equations such as "SEND + MORE = MONEY": `grammar/formula.pest` parses them into
//! two expression trees whose names are the words.

use super::ast::Expr;
use super::error::ExprError;
use super::parser::{ExprParser, Rule, build, syntax_error};
use pest::Parser;
use std::ops::Range;

#[derive(Debug, Clone, PartialEq)]
pub struct Equation {
    pub lhs: Expr,
    pub rhs: Expr,
    /// Where the `=` stands in the text.
    pub equals: Range<usize>,
}

/// Parses `left = right`, each side words and numbers joined by `+`, `-`, `*` and parentheses.
pub fn parse_equation(text: &str) -> Result<Equation, ExprError> {
    super::depth::check(text)?;
    let mut pairs =
        ExprParser::parse(Rule::equation, text).map_err(|e| syntax_error(text, e, true))?;
    let mut inner = pairs.next().expect("equation matched").into_inner();
    let lhs = build(inner.next().expect("left side").into_inner())?;
    let eq = inner.next().expect("equals sign").as_span();
    let rhs = build(inner.next().expect("right side").into_inner())?;
    Ok(Equation {
        lhs,
        rhs,
        equals: eq.start()..eq.end(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::{BinOp, ExprKind};

    #[test]
    fn words_and_operators() {
        let eq = parse_equation("SEND + MORE = MONEY").unwrap();
        assert!(matches!(eq.lhs.kind, ExprKind::Binary(BinOp::Add, _, _)));
        assert_eq!(eq.rhs.kind, ExprKind::Name("MONEY".into()));
        assert_eq!(eq.equals, 12..13);
        let eq = parse_equation("AB * (C - 2) == DEF").unwrap();
        assert!(matches!(eq.lhs.kind, ExprKind::Binary(BinOp::Mul, _, _)));
    }

    #[test]
    fn errors_name_the_column_and_the_expected_token() {
        let err = parse_equation("SEND + MORE MONEY").unwrap_err();
        assert!(err.message.contains("column 13"), "{}", err.message);
        assert!(err.message.contains("`=`"), "{}", err.message);
        let err = parse_equation("SEND + = MONEY").unwrap_err();
        assert!(err.message.contains("a word"), "{}", err.message);
        let err = parse_equation("SEND + MORE = MONEY = X").unwrap_err();
        assert!(err.message.contains("column 21"), "{}", err.message);
        assert!(parse_equation("SE3ND = A").is_err());
    }
}
