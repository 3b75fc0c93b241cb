//! Builds an [`Expr`] from the pest parse of `grammar/expr.pest`, with operator precedence from a
//! Pratt parser and syntax errors turned into words ("expected a number, a name or `(`").
//! The same parser also compiles `grammar/formula.pest` (alphametic equations, search variable
//! declarations), whose entry points live in `equation.rs` and `declaration.rs`.

use super::ast::{AggOp, BinOp, Binding, Expr, ExprKind, Over, extended_form};
use super::error::ExprError;
use super::functions::unknown_function;
use super::list::Argument;
use pest::Parser;
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};
use std::ops::Range;
use std::sync::LazyLock;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/expr.pest"]
#[grammar = "../grammar/formula.pest"]
#[grammar = "../grammar/extended.pest"]
pub(super) struct ExprParser;

pub(super) static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    PrattParser::new()
        .op(Op::infix(Rule::implies_op, Assoc::Right))
        .op(Op::infix(Rule::or_op, Assoc::Left))
        .op(Op::infix(Rule::and_op, Assoc::Left))
        .op(Op::prefix(Rule::not_op))
        .op(Op::infix(Rule::eq, Assoc::Left)
            | Op::infix(Rule::ne, Assoc::Left)
            | Op::infix(Rule::lt, Assoc::Left)
            | Op::infix(Rule::le, Assoc::Left)
            | Op::infix(Rule::gt, Assoc::Left)
            | Op::infix(Rule::ge, Assoc::Left))
        .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
        .op(Op::infix(Rule::mul, Assoc::Left)
            | Op::infix(Rule::div, Assoc::Left)
            | Op::infix(Rule::rem, Assoc::Left))
        .op(Op::prefix(Rule::neg))
});

/// The forms a kind's formulas may use: the one entry point into the grammar is
/// [`Forms::parse`], and each kind refuses, at its place and saying why, what it cannot use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forms {
    /// A plain formula over named numbers (a water-jugs or sliding-blocks goal, a parameter, a
    /// group, a bound): indexing and aggregates are refused (see [`extended_form`]), as there is
    /// no array or loop; a call of a name that is no built-in is kept as [`ExprKind::Apply`] for
    /// the forms that read it (`rows(9, 9)` in groups).
    Plain,
    /// Every form (rules formulas, search constraints, templates): every call must name a
    /// built-in function.
    All,
}

impl Forms {
    /// Parses a whole formula into a tree with spans into `text`, refusing the forms `self`
    /// cannot use.
    pub fn parse(self, text: &str) -> Result<Expr, ExprError> {
        let e = build(formula_operands(text)?)?;
        let refused = match self {
            Forms::Plain => e.first_extended().map(extended_form),
            Forms::All => {
                first_apply(&e).map(|(name, at)| unknown_function(name, &(at..at + name.len())))
            }
        };
        match refused {
            Some(err) => Err(err),
            None => Ok(e),
        }
    }
}

/// The first call of a name that is no built-in, with where its name starts.
fn first_apply(e: &Expr) -> Option<(&str, usize)> {
    if let ExprKind::Apply(name, _) = &e.kind {
        return Some((name, e.span.start));
    }
    let mut found = None;
    e.for_each_child(&mut |c| {
        if found.is_none() {
            found = first_apply(c);
        }
    });
    found
}

/// The nesting bound checked, then the grammar's pairs of a whole formula's expression, for
/// the tree builder.
pub(super) fn formula_operands(text: &str) -> Result<Pairs<'_, Rule>, ExprError> {
    super::depth::check(text)?;
    let mut pairs =
        ExprParser::parse(Rule::formula, text).map_err(|e| syntax_error(text, e, true))?;
    let formula = pairs.next().expect("formula rule matched");
    let expr = formula.into_inner().next().expect("formula holds an expr");
    Ok(expr.into_inner())
}

pub(super) fn build(pairs: Pairs<Rule>) -> Result<Expr, ExprError> {
    PRATT
        .map_primary(primary)
        .map_prefix(|op, rhs| {
            let rhs = rhs?;
            let span = op.as_span().start()..rhs.span.end;
            let kind = match op.as_rule() {
                Rule::neg => ExprKind::Neg(Box::new(rhs)),
                _ => ExprKind::Not(Box::new(rhs)),
            };
            Ok(Expr { kind, span })
        })
        .map_infix(|lhs, op, rhs| {
            let (mut lhs, rhs) = (lhs?, rhs?);
            let span = lhs.span.start..rhs.span.end;
            if op.as_rule() == Rule::implies_op {
                let at = lhs.span.clone();
                lhs = Expr {
                    kind: ExprKind::Not(Box::new(lhs)),
                    span: at,
                };
            }
            let op = binary_op(op.as_rule());
            Ok(Expr {
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                span,
            })
        })
        // A closing parenthesis is a rule only so that errors can name it.
        .parse(pairs.filter(|p| p.as_rule() != Rule::close_paren))
}

/// The operator of an infix rule (the Pratt table lists only these rules); `a implies b` is
/// `not a or b`, its left side negated by the tree builders.
pub(super) fn binary_op(rule: Rule) -> BinOp {
    match rule {
        Rule::or_op | Rule::implies_op => BinOp::Or,
        Rule::and_op => BinOp::And,
        Rule::eq => BinOp::Eq,
        Rule::ne => BinOp::Ne,
        Rule::lt => BinOp::Lt,
        Rule::le => BinOp::Le,
        Rule::gt => BinOp::Gt,
        Rule::ge => BinOp::Ge,
        Rule::add => BinOp::Add,
        Rule::sub => BinOp::Sub,
        Rule::mul => BinOp::Mul,
        Rule::div => BinOp::Div,
        _ => BinOp::Rem,
    }
}

fn primary(pair: Pair<Rule>) -> Result<Expr, ExprError> {
    let span = pair.as_span().start()..pair.as_span().end();
    let kind = match pair.as_rule() {
        Rule::integer => ExprKind::Int(pair.as_str().parse().map_err(|_| {
            ExprError::new("this number is too large", span.clone())
                .help("whole numbers in formulas range from about -1.7e38 to 1.7e38 (39 digits)")
        })?),
        Rule::if_expr => return if_expr(pair),
        Rule::indexed => return indexed(pair),
        Rule::aggregate => return aggregate(pair),
        Rule::name | Rule::word => ExprKind::Name(pair.as_str().to_string()),
        Rule::call => {
            let mut inner = pair.into_inner();
            let name = inner.next().expect("call has a name").as_str().to_string();
            let args = inner.map(argument).collect::<Result<Vec<_>, _>>()?;
            super::list::call(name, args, &span)?
        }
        // A parenthesised expression.
        Rule::expr | Rule::word_expr => {
            return build(pair.into_inner()).map(|e| Expr { span, ..e });
        }
        other => unreachable!("primary rule {other:?}"),
    };
    Ok(Expr { kind, span })
}

/// One argument of a call: an expression, or a list written out (`max([a, b, 3])`).
fn argument(pair: Pair<Rule>) -> Result<Argument, ExprError> {
    if pair.as_rule() != Rule::list_literal {
        return build(pair.into_inner()).map(Argument::One);
    }
    let span = span_of(&pair);
    Ok(Argument::List(list_items(pair)?, span))
}

/// The elements of a list literal.
fn list_items(list: Pair<Rule>) -> Result<Vec<Expr>, ExprError> {
    list.into_inner()
        .filter(|p| p.as_rule() == Rule::expr)
        .map(|p| build(p.into_inner()))
        .collect()
}

fn rule_words(rule: &Rule) -> &'static str {
    match rule {
        Rule::integer => "a number",
        Rule::name | Rule::call => "a name",
        Rule::expr | Rule::formula => "an expression",
        Rule::or_op | Rule::and_op | Rule::implies_op => "`and`/`or`/`implies`",
        Rule::eq | Rule::ne | Rule::lt | Rule::le | Rule::gt | Rule::ge => "a comparison",
        Rule::add | Rule::sub | Rule::mul | Rule::div | Rule::rem => "an operator",
        Rule::not_op => "`not`",
        Rule::neg => "`-`",
        Rule::EOI => "the end of the formula",
        Rule::word | Rule::word_expr => "a word",
        Rule::close_paren => "`)`",
        Rule::close_brace => "`,` or `}`",
        Rule::equals => "`=`",
        Rule::signed => "a whole number",
        Rule::range => "a range like 1..9",
        Rule::set => "a set like {1, 2, 3}",
        Rule::in_kw | Rule::plain_in => "`in`",
        Rule::distinct_kw | Rule::distinct_in => "`distinct in`",
        Rule::permutation_kw | Rule::permutation_of => "`permutation of`",
        Rule::of_kw => "`of`",
        // `if` and `sum(` start an operand where a name could: keep the message about operands.
        Rule::if_kw | Rule::aggregate_op | Rule::indexed => "a name",
        Rule::then_kw => "`then`",
        Rule::else_kw => "`else`",
        Rule::for_kw => "`for`",
        Rule::generator => "`for`",
        Rule::list_literal | Rule::open_bracket => "a list like [1, 2, 3]",
        Rule::enum_name => "a name",
        Rule::close_bracket => "`]`",
        Rule::range_dots => "`..`",
        Rule::bool_kw => "`bool`",
        Rule::assign => "`=`",
        Rule::target | Rule::assignment => "an assignment like `x = x + 1`",
        Rule::binding => "a parameter like `i in 0..8`",
        _ => "something else",
    }
}

/// The error in words. `parens`: whether a `(` may open an expression where the parse failed.
pub(super) fn syntax_error(text: &str, e: pest::error::Error<Rule>, parens: bool) -> ExprError {
    use pest::error::{ErrorVariant, InputLocation};
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let expected = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().map(rule_words).collect();
            // An expression can always start with `(` where a number or name is wanted.
            if words.contains(&"a word") && !words.contains(&"a number") {
                words.push("a number");
            }
            let operand = ["a number", "a name", "a word"];
            if parens && words.iter().any(|w| operand.contains(w)) {
                words.push("`(`");
            }
            if words.contains(&"an operator") && text[pos..].trim_start().starts_with(')') {
                words.push("`)` only after a matching `(`");
            }
            words.dedup();
            let mut uniq: Vec<&str> = Vec::new();
            for w in words {
                if !uniq.contains(&w) {
                    uniq.push(w);
                }
            }
            join_or(&uniq)
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    // The offending token: a whole word or number, else one character.
    let rest = &text[pos..];
    if rest.starts_with('[') && expected.contains("a number") {
        return misplaced_list(rest, pos);
    }
    if let Some(quote) = rest.chars().next().filter(|c| ['"', '\''].contains(c)) {
        return quoted_string(rest, pos, quote);
    }
    let word_len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let token_len = if word_len > 0 {
        word_len
    } else {
        rest.chars().next().map_or(0, char::len_utf8)
    };
    let found = match &rest[..token_len] {
        "" => "found the end of the formula".to_string(),
        token => format!("found `{token}`"),
    };
    let end = pos + token_len;
    let column = text[..pos].chars().count() + 1;
    ExprError::new(
        format!("syntax error at column {column} of the formula: expected {expected}, {found}"),
        pos..end,
    )
}

/// A list where an operand was expected (`x == [1, 2]`): a list is no value of its own, only
/// an aggregate's argument.
fn misplaced_list(rest: &str, pos: usize) -> ExprError {
    let len = rest.find(']').map_or(1, |end| end + 1);
    ExprError::new(
        "a list cannot stand here: a formula's values are numbers and truth values, and a list \
         is only an aggregate's argument",
        pos..pos + len,
    )
    .help(
        "aggregate it, e.g. max([a, b]), sum([a, b]), or loop over it: any(x == v for v in [1, 2])",
    )
}

/// A quoted string where an operand was expected: formulas have no strings, and a name from a
/// table of names is written bare (it stands for its position).
fn quoted_string(rest: &str, pos: usize, quote: char) -> ExprError {
    let len = rest[1..].find(quote).map_or(rest.len(), |end| end + 2);
    ExprError::new(
        format!(
            "`{}` is a string; formulas compute with numbers and truth values only, so a string \
             cannot be compared with a number",
            &rest[..len]
        ),
        pos..pos + len,
    )
    .help("a member of a table of names stands for its position: write `x == red`, not `x == \"red\"`")
}

fn join_or(words: &[&str]) -> String {
    match words {
        [] => "something else".to_string(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

// The forms `grammar/extended.pest` adds to the expression language: `a[i]`,
// `sum/count/all/any(... for i in ...)`, `if c then a else b` and loop bindings. They build
// into the one tree, [`Expr`], by way of `build`; each kind refuses what it cannot use.

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
    let op = AggOp::named(inner.next().expect("aggregate op").as_str())
        .expect("the grammar's aggregate names are the aggregates");
    let body = build(inner.next().expect("aggregate body").into_inner())?;
    let bindings = generators(inner)?;
    Ok(Expr {
        kind: ExprKind::Aggregate(op, Box::new(body), bindings),
        span,
    })
}

/// The loops among `pairs`, each `for` with its `if` (an aggregate's or an assignment's).
pub(super) fn generators<'a>(
    pairs: impl Iterator<Item = Pair<'a, Rule>>,
) -> Result<Vec<Binding>, ExprError> {
    let mut bindings = Vec::new();
    for generator in pairs.filter(|p| p.as_rule() == Rule::generator) {
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
    Ok(bindings)
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
        let items = list_items(list)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::{Value, eval};

    fn value(text: &str, names: &[&str], env: &[i64]) -> Value {
        let mut e = Forms::Plain.parse(text).unwrap();
        let known: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        e.bind(&|n| names.iter().position(|m| *m == n), &known)
            .unwrap();
        e.check_type().unwrap();
        eval(&e, env).unwrap()
    }

    #[test]
    fn precedence_and_booleans() {
        assert_eq!(value("1 + 2 * 3 == 7", &[], &[]), Value::Bool(true));
        assert_eq!(
            value("A == 4 or B == 4", &["A", "B"], &[3, 4]),
            Value::Bool(true)
        );
        assert_eq!(
            value("not A == 4 and B > 1", &["A", "B"], &[4, 4]),
            Value::Bool(false)
        );
        assert_eq!(value("-(2 - 5) * 2 % 4", &[], &[]), value("2", &[], &[]));
    }

    #[test]
    fn division_is_exact_not_truncated() {
        assert_eq!(value("7 / 2 * 2 == 7", &[], &[]), Value::Bool(true));
        assert_eq!(value("7 / 2 == 3", &[], &[]), Value::Bool(false));
    }

    #[test]
    fn syntax_error_names_column_and_expectation() {
        let err = Forms::Plain.parse("A == + 4").unwrap_err();
        assert_eq!(err.span.start, 5);
        assert!(err.message.contains("column 6"), "{}", err.message);
        assert!(err.message.contains("a number"), "{}", err.message);
    }

    #[test]
    fn keywords_are_not_names() {
        assert!(Forms::Plain.parse("and == 1").is_err());
        assert!(Forms::Plain.parse("order == 1").is_ok());
    }

    #[test]
    fn type_errors_point_at_the_operand() {
        let e = Forms::Plain.parse("A + (B == 1)").unwrap();
        let err = e.check_type().unwrap_err();
        assert_eq!(err.span, 5..11);
    }
}
