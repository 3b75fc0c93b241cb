//! The built-in functions of the expression language: one list (name, arity, types, one line of
//! doc), resolved once from a name to a [`Builtin`], which every evaluator matches on. The docs'
//! table (docs/language.md) and the error messages are checked against or made from this list.

use super::error::{ExprError, Type};
use std::ops::Range;

/// A built-in function, resolved from its name once (parsing, or lowering for rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Builtin {
    Abs,
    Min,
    Max,
    Sum,
    Int,
    Div,
    Mod,
    Digits,
    DigitSum,
    Number,
    Distinct,
    DistinctDigits,
    Pandigital,
    Element,
    Table,
}

/// A built-in function: its name, how many arguments it takes, what it computes.
pub struct Function {
    pub builtin: Builtin,
    pub name: &'static str,
    pub min_args: usize,
    /// None: any number from `min_args` up.
    pub max_args: Option<usize>,
    /// The type of every argument.
    pub argument: Type,
    pub result: Type,
    /// One line for error messages and docs: the call, then what it computes.
    pub about: &'static str,
}

const fn function(
    builtin: Builtin,
    name: &'static str,
    (min_args, max_args): (usize, Option<usize>),
    (argument, result): (Type, Type),
    about: &'static str,
) -> Function {
    Function {
        builtin,
        name,
        min_args,
        max_args,
        argument,
        result,
        about,
    }
}

use Type::{Bool, Number};

/// Every built-in function, in the order of [`Builtin`] (a test checks it).
pub const FUNCTIONS: &[Function] = &[
    function(
        Builtin::Abs,
        "abs",
        (1, Some(1)),
        (Number, Number),
        "abs(x): the absolute value",
    ),
    function(
        Builtin::Min,
        "min",
        (1, None),
        (Number, Number),
        "min(a, b, ...): the least argument",
    ),
    function(
        Builtin::Max,
        "max",
        (1, None),
        (Number, Number),
        "max(a, b, ...): the greatest argument",
    ),
    function(
        Builtin::Sum,
        "sum",
        (1, None),
        (Number, Number),
        "sum(a, b, ...): the sum of the arguments (of an array's elements in `search`: sum(cell))",
    ),
    function(
        Builtin::Int,
        "int",
        (1, Some(1)),
        (Bool, Number),
        "int(p): 1 where the truth value p holds, else 0",
    ),
    function(
        Builtin::Div,
        "div",
        (2, Some(2)),
        (Number, Number),
        "div(a, b): a / b rounded down, for whole numbers (div(7, -2) is -4)",
    ),
    function(
        Builtin::Mod,
        "mod",
        (2, Some(2)),
        (Number, Number),
        "mod(a, b): a - b * div(a, b), for whole numbers; it has the sign of b (mod(7, -2) is -1)",
    ),
    function(
        Builtin::Digits,
        "digits",
        (1, Some(1)),
        (Number, Number),
        "digits(x): how many decimal digits the whole number x has",
    ),
    function(
        Builtin::DigitSum,
        "digit_sum",
        (1, Some(1)),
        (Number, Number),
        "digit_sum(x): the sum of the decimal digits of the whole number x",
    ),
    function(
        Builtin::Number,
        "number",
        (1, None),
        (Number, Number),
        "number(a, b, c): the decimal number with digits a b c, i.e. 100a + 10b + c",
    ),
    function(
        Builtin::Distinct,
        "distinct",
        (1, None),
        (Number, Bool),
        "distinct(a, b, ...): true when no two arguments are equal",
    ),
    function(
        Builtin::DistinctDigits,
        "distinct_digits",
        (1, Some(1)),
        (Number, Bool),
        "distinct_digits(x): true when no decimal digit repeats in the whole number x",
    ),
    function(
        Builtin::Pandigital,
        "pandigital",
        (1, Some(3)),
        (Number, Bool),
        "pandigital(x): x uses each digit 0-9 exactly once; pandigital(x, lo, hi): each digit lo..hi",
    ),
    function(
        Builtin::Element,
        "element",
        (2, None),
        (Number, Number),
        "element(i, a0, a1, ...): the argument at position i (from 0) of a0, a1, ... (what array[i] is when i depends on a variable)",
    ),
    function(
        Builtin::Table,
        "table",
        (2, None),
        (Number, Bool),
        "table(k, x1, ..., xk, rows...): (x1, ..., xk) equals one of the rows of k numbers that follow (what a [[search.tables]] entry is)",
    ),
];

impl Builtin {
    /// The built-in called `name`, if there is one.
    pub fn named(name: &str) -> Option<Builtin> {
        FUNCTIONS.iter().find(|f| f.name == name).map(|f| f.builtin)
    }

    pub fn function(self) -> &'static Function {
        &FUNCTIONS[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.function().name
    }

    /// An error at `span` unless the function takes `n` arguments.
    pub fn check_arity(self, n: usize, span: &Range<usize>) -> Result<(), ExprError> {
        let f = self.function();
        if n >= f.min_args && f.max_args.is_none_or(|max| n <= max) {
            return Ok(());
        }
        let wanted = match f.max_args {
            None => format!("at least {}", f.min_args),
            Some(max) if max == f.min_args => max.to_string(),
            Some(max) => format!("{} to {max}", f.min_args),
        };
        Err(ExprError::new(
            format!("`{}` takes {wanted} argument(s), found {n}", f.name),
            span.clone(),
        )
        .help(f.about))
    }
}

/// The error for a call of a function that is not built in, with the closest name.
pub fn unknown_function(name: &str, span: &Range<usize>) -> ExprError {
    let names: Vec<&str> = FUNCTIONS.iter().map(|f| f.name).collect();
    let mut help = format!("the functions are: {}", names.join(", "));
    if let Some(near) = crate::spec::closest(name, &names) {
        help = format!("did you mean `{near}`? {help}");
    }
    ExprError::new(format!("unknown function `{name}`"), span.clone()).help(help)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_in_the_order_of_the_enum_and_names_are_unique() {
        for (i, f) in FUNCTIONS.iter().enumerate() {
            assert_eq!(f.builtin as usize, i, "{}", f.name);
            assert_eq!(Builtin::named(f.name), Some(f.builtin));
            assert!(f.about.starts_with(&format!("{}(", f.name)), "{}", f.name);
        }
        assert_eq!(Builtin::named("nope"), None);
    }

    /// docs/language.md's table of built-ins names exactly the functions of the list.
    #[test]
    fn the_language_reference_lists_every_built_in_and_no_other() {
        let doc = include_str!("../../docs/language.md");
        let section = doc
            .split("## Built-in functions")
            .nth(1)
            .and_then(|s| s.split("\n## ").next())
            .expect("docs/language.md has a built-in functions section");
        let mut documented: Vec<&str> = Vec::new();
        for line in section.lines().filter(|l| l.starts_with("| `")) {
            let first = line.split('|').nth(1).unwrap_or("");
            for call in first.split('`').skip(1).step_by(2) {
                documented.push(call.split('(').next().unwrap_or(call));
            }
        }
        documented.sort_unstable();
        documented.dedup();
        let mut names: Vec<&str> = FUNCTIONS.iter().map(|f| f.name).collect();
        names.sort_unstable();
        assert_eq!(documented, names);
    }
}
