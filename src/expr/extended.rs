//! The entry points for a rules spec's variable types, move parameters and effects
//! (`grammar/extended.pest`), building [`Expr`] trees.

use super::ast::{Binding, Expr};
use super::error::ExprError;
use super::parser::build;
use super::parser::{ExprParser, Rule, syntax_error};
use super::parser::{binding_of, generators, span_of};
use pest::Parser;
use pest::iterators::Pair;
use std::ops::Range;

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
    /// The loops the assignment is repeated over, outermost first, each with its filter.
    pub each: Vec<Binding>,
    pub span: Range<usize>,
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
    let each = generators(inner)?;
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
    use crate::expr::{AggOp, ExprKind, Forms, Over};

    #[test]
    fn if_then_else_extends_its_else_branch() {
        let e = Forms::All
            .parse("3 + if a < 2 then 10 else 20 + 1")
            .unwrap();
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
        let e = Forms::All.parse("t[i][j + 1] == 2").unwrap();
        let ExprKind::Binary(_, lhs, _) = &e.kind else {
            panic!("{e:?}")
        };
        assert_eq!(lhs.span, 0..11);
        let ExprKind::Index(row, col) = &lhs.kind else {
            panic!("{lhs:?}")
        };
        assert!(matches!(row.kind, ExprKind::Index(..)));
        assert_eq!(col.span, 5..10);
        let e = Forms::All
            .parse("sum(x[i] for i in 0..n - 1) + count(y[j] == 1 for j in row[2])")
            .unwrap();
        let ExprKind::Binary(_, a, b) = &e.kind else {
            panic!()
        };
        let (ExprKind::Aggregate(a, _, x), ExprKind::Aggregate(b, _, y)) = (&a.kind, &b.kind)
        else {
            panic!()
        };
        assert_eq!((*a, *b), (AggOp::Sum, AggOp::Count));
        assert!(matches!(x[0].over, Over::Range(..)));
        assert!(matches!(y[0].over, Over::Values(..)));
        assert_eq!(x[0].name, "i");
        let e = Forms::All
            .parse("sum(d[i][j] for i in [1, 3, 4] for j in i+1..n-1 if i != k)")
            .unwrap();
        let ExprKind::Aggregate(AggOp::Sum, _, gens) = &e.kind else {
            panic!("{e:?}")
        };
        assert!(matches!(&gens[0].over, Over::List(items) if items.len() == 3));
        assert!(gens[0].filter.is_none() && gens[1].filter.is_some());
    }

    #[test]
    fn old_functions_and_names_still_parse() {
        assert!(
            Forms::Plain
                .parse("min(a, b) + max(1, 2, 3) + sum + count")
                .is_ok()
        );
        assert!(
            Forms::All
                .parse("iffy + thence + elsewhere + format")
                .is_ok()
        );
    }

    #[test]
    fn plain_formulas_refuse_extended_forms_at_their_span_saying_why() {
        let err = Forms::Plain.parse("1 + a[1]").unwrap_err();
        assert!(err.message.starts_with("indexing"), "{}", err.message);
        assert!(
            err.message.contains("plain named values"),
            "{}",
            err.message
        );
        assert_eq!(err.span, 4..8);
        let err = Forms::Plain.parse("2 * sum(i for i in 1..3)").unwrap_err();
        assert!(
            err.message.starts_with("`sum(... for ...)`"),
            "{}",
            err.message
        );
        assert_eq!(err.span, 4..24);
        // `if` needs no array or loop: both branches are plain formulas.
        assert!(Forms::Plain.parse("if a > 1 then a else 2").is_ok());
        // The same text is one tree for the kinds that use every form.
        assert!(Forms::All.parse("1 + a[1]").is_ok());
    }

    #[test]
    fn syntax_errors_keep_their_column() {
        let err = Forms::All.parse("a[1 + ] == 2").unwrap_err();
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
        assert!(fx[2].index.is_some() && fx[2].each.len() == 1);
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
