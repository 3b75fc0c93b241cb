//! Spec -> checked alphametic: the formula parsed and bound to its words, the letters and words
//! numbered, the base, every limit checked before searching (letters against digits, numbers
//! within 127 bits), the linear form when there is one, the objective and the engine.

use super::model::{self, AlphameticModel};
use super::plan::{CATALOG, plan};
use super::puzzle::AlphameticPuzzle;
use super::spec::{AlphameticDocument, AlphameticTable};
use crate::diagnostic::Diagnostic;
use crate::expr::{self, ExprError};
use crate::spec::SpecDocument;

/// At most this many letters (the leading-letter set is a 64-bit mask).
const MAX_LETTERS: usize = 64;

pub fn puzzle_from_spec(doc: &SpecDocument) -> Result<AlphameticPuzzle, Diagnostic> {
    let spec: AlphameticDocument = doc.deserialize()?;
    let table = spec.alphametic.get_ref();
    let formula = &table.formula;
    let site = doc.formula_site(formula, "the formula");
    let whole = 0..formula.get_ref().len();
    let mut equation = expr::parse_equation(formula.get_ref()).map_err(|e| site.error(e))?;
    let base = read_base(doc, table)?;
    let names = word_names(&equation);
    if names.is_empty() {
        return Err(site.error(
            ExprError::new("the formula has no words", whole)
                .help("write words of letters, e.g. \"SEND + MORE = MONEY\""),
        ));
    }
    let lookup = |n: &str| names.iter().position(|m| m == n);
    equation
        .lhs
        .bind(&lookup, &names)
        .map_err(|e| site.error(e))?;
    equation
        .rhs
        .bind(&lookup, &names)
        .map_err(|e| site.error(e))?;
    let (letters, words, nonzero) = number_letters(&names, table.leading_zero);
    check_letters(&letters, base, table.distinct, whole.clone()).map_err(|e| site.error(e))?;
    let too_big = || {
        site.error(
            ExprError::new(
                "the numbers of this formula can exceed 127 bits",
                whole.clone(),
            )
            .help("use shorter words, a smaller base, or fewer products"),
        )
    };
    model::check_magnitude(&equation, &words, base).ok_or_else(too_big)?;
    let linear =
        model::linear_form(&equation, &words, letters.len(), base).map_err(|()| too_big())?;
    let choice = CATALOG.choose(doc, &spec.solve)?;
    let limit = usize::try_from(spec.solve.limit(100)).unwrap_or(usize::MAX);
    let (plan, engine) = plan(&choice, linear, limit)?;
    Ok(AlphameticPuzzle {
        model: AlphameticModel {
            letters,
            words,
            nonzero,
            base,
            distinct: table.distinct,
            lhs: equation.lhs,
            rhs: equation.rhs,
        },
        formula: formula.get_ref().clone(),
        site,
        objective: choice.objective,
        plan,
        engine,
    })
}

fn read_base(doc: &SpecDocument, table: &AlphameticTable) -> Result<u32, Diagnostic> {
    let Some(b) = &table.base else {
        return Ok(10);
    };
    match u32::try_from(*b.get_ref()) {
        Ok(v) if (2..=36).contains(&v) => Ok(v),
        _ => Err(doc
            .error(b.span(), format!("base {} is not supported", b.get_ref()))
            .label("not a base from 2 to 36")
            .help("use a base from 2 to 36 (digits 0-9 then a-z)")),
    }
}

/// The distinct words of both sides, in order of first appearance: the variables of the
/// equation.
fn word_names(equation: &expr::Equation) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for side in [&equation.lhs, &equation.rhs] {
        for n in side.names() {
            if !names.iter().any(|m| m == n) {
                names.push(n.to_string());
            }
        }
    }
    names
}

/// Letters in order of first appearance, each word as letter indices (most significant first),
/// and the mask of letters that may not be 0 (first letter of a word of two or more letters,
/// unless `leading_zero`).
fn number_letters(names: &[String], leading_zero: bool) -> (Vec<char>, Vec<Vec<usize>>, u64) {
    let mut letters: Vec<char> = Vec::new();
    let mut words = Vec::with_capacity(names.len());
    let mut nonzero = 0u64;
    for name in names {
        let word: Vec<usize> = name
            .chars()
            .map(|c| match letters.iter().position(|&x| x == c) {
                Some(i) => i,
                None => {
                    letters.push(c);
                    letters.len() - 1
                }
            })
            .collect();
        if word.len() > 1 && !leading_zero && word[0] < MAX_LETTERS {
            nonzero |= 1 << word[0];
        }
        words.push(word);
    }
    (letters, words, nonzero)
}

/// More letters than digits cannot all differ: that is a mistake in the spec, said at once,
/// not a search that finds nothing. `whole` is the span of the formula's text.
fn check_letters(
    letters: &[char],
    base: u32,
    distinct: bool,
    whole: std::ops::Range<usize>,
) -> Result<(), ExprError> {
    let listed = || {
        letters
            .iter()
            .map(char::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    if distinct && letters.len() > base as usize {
        return Err(ExprError::new(
            format!(
                "{} different letters ({}) but base {base} has only {base} digits",
                letters.len(),
                listed()
            ),
            whole,
        )
        .help(format!(
            "different letters stand for different digits: use at most {base} letters, a larger base, or distinct = false"
        )));
    }
    if letters.len() > MAX_LETTERS {
        return Err(ExprError::new(
            format!(
                "{} different letters; at most {MAX_LETTERS} are supported",
                letters.len()
            ),
            whole,
        )
        .help("use fewer letters"));
    }
    Ok(())
}
