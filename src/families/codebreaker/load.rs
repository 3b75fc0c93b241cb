//! Spec -> checked codebreaker game: the symbols, the length, the feedback names, the strategy,
//! and what the chosen objective needs (the secret for `transcript`, the sample for `evaluate`).
//! Keys the chosen objective does not use are not read, so they are not checked against the
//! rest: `--objective evaluate --set code.symbols=ABCDEF` works on a spec whose secret is 9431.

use super::code_space::{self, CodeSpace, MAX_CODES, MAX_LENGTH, MAX_SYMBOLS, code_count};
use super::plan::{CATALOG, Inputs, Objective, default_objective, plan};
use super::puzzle::CodebreakerPuzzle;
use super::sets::{POOLS, Pool};
use super::spec::{CodebreakerDocument, FeedbackTable, StrategyTable};
use super::strategy::{STRATEGIES, Strategy};
use crate::diagnostic::Diagnostic;
use crate::spec::{SolveTable, SpecDocument, choose};
use std::time::Instant;
use toml::Spanned;

/// Heuristics score every guess against every possible code: beyond this they are too slow.
const HEURISTIC_MAX_CODES: usize = 100_000;
/// The exhaustive search of `optimal` needs the score table.
const OPTIMAL_MAX_CODES: usize = code_space::TABLE_LIMIT;

pub fn puzzle_from_spec(doc: &SpecDocument) -> Result<CodebreakerPuzzle, Diagnostic> {
    let spec: CodebreakerDocument = doc.deserialize()?;
    let code = spec.code.get_ref();
    let symbols = read_symbols(doc, code.symbols.as_ref())?;
    let length = read_length(doc, &code.length)?;
    check_size(doc, &spec, symbols.len(), length)?;
    let names = feedback_names(doc, &spec.feedback)?;
    let (strategy, pool) = read_strategy(doc, &spec.strategy)?;
    let choice = CATALOG.choose(doc, &with_default_objective(&spec))?;
    let built = Instant::now();
    let with_table = strategy != Strategy::FirstConsistent;
    let space = CodeSpace::new(symbols, length, code.repeats, with_table);
    let setup_ms = built.elapsed().as_secs_f64() * 1e3;
    check_strategy_fits(doc, &spec, strategy, space.len())?;
    let inputs = match choice.objective {
        Objective::Transcript => Inputs::Secret(read_secret(doc, &spec, &space)?),
        Objective::Evaluate => Inputs::Secrets {
            sample: read_sample(doc, &spec, space.len())?,
            seed: spec.evaluate.seed.unwrap_or(1),
        },
    };
    let (plan, engine) = plan(&choice, inputs)?;
    Ok(CodebreakerPuzzle {
        space,
        names,
        strategy,
        pool,
        objective: choice.objective,
        plan,
        engine,
        setup_ms,
    })
}

/// `[solve]` with the objective filled in when the spec names none.
fn with_default_objective(spec: &CodebreakerDocument) -> SolveTable {
    let mut solve = spec.solve.clone();
    if solve.objective.is_none() {
        let name = default_objective(spec.code.get_ref().secret.is_some());
        solve.objective = Some(Spanned::new(0..0, name.to_string()));
    }
    solve
}

fn read_symbols(
    doc: &SpecDocument,
    symbols: Option<&Spanned<toml::Value>>,
) -> Result<Vec<String>, Diagnostic> {
    let Some(given) = symbols else {
        return Ok((0..10).map(|d| d.to_string()).collect());
    };
    let bad = |msg: String| {
        doc.error(given.span(), msg).help(
            "give a string of one-character symbols, e.g. \"0123456789\", or an array of names, \
             e.g. [\"red\", \"green\", \"blue\"]",
        )
    };
    let list: Vec<String> = match given.get_ref() {
        toml::Value::String(s) => s.chars().map(String::from).collect(),
        toml::Value::Array(items) => items
            .iter()
            .map(|v| match v {
                toml::Value::String(s) => Ok(s.clone()),
                toml::Value::Integer(i) => Ok(i.to_string()),
                other => Err(bad(format!(
                    "a symbol must be a string, not {}",
                    other.type_str()
                ))),
            })
            .collect::<Result<_, _>>()?,
        other => {
            return Err(bad(format!(
                "`symbols` must be a string or an array, not {}",
                other.type_str()
            )));
        }
    };
    check_symbols(&list).map_err(bad)?;
    Ok(list)
}

/// 2 to 64 symbols, distinct, none empty or holding a space or comma.
fn check_symbols(list: &[String]) -> Result<(), String> {
    if list.len() < 2 || list.len() > MAX_SYMBOLS {
        return Err(format!(
            "{} symbols; a game needs 2 to {MAX_SYMBOLS}",
            list.len()
        ));
    }
    for (i, s) in list.iter().enumerate() {
        if s.is_empty() || s.contains(|c: char| c.is_whitespace() || c == ',') {
            return Err(format!("symbol `{s}` is empty or holds a space or comma"));
        }
        if list[..i].contains(s) {
            return Err(format!("symbol `{s}` is listed twice"));
        }
    }
    Ok(())
}

fn read_length(doc: &SpecDocument, length: &Spanned<i64>) -> Result<usize, Diagnostic> {
    match usize::try_from(*length.get_ref()) {
        Ok(l) if (1..=MAX_LENGTH).contains(&l) => Ok(l),
        _ => Err(doc
            .error(
                length.span(),
                format!("code length {} is out of range", length.get_ref()),
            )
            .label(format!("must be 1 to {MAX_LENGTH}"))
            .help("the classic games have length 4")),
    }
}

fn check_size(
    doc: &SpecDocument,
    spec: &CodebreakerDocument,
    symbols: usize,
    length: usize,
) -> Result<(), Diagnostic> {
    let code = spec.code.get_ref();
    if !code.repeats && length > symbols {
        return Err(doc
            .error(
                code.length.span(),
                format!("{length} different symbols needed but only {symbols} exist"),
            )
            .help("shorten the code, add symbols, or set repeats = true"));
    }
    match code_count(symbols, length, code.repeats) {
        Some(n) if n as usize <= MAX_CODES => Ok(()),
        n => Err(doc
            .error(
                spec.code.span(),
                format!(
                    "this game has {} codes; puzzlespec handles up to {MAX_CODES}",
                    n.map_or("more than 2^64".to_string(), |n| n.to_string())
                ),
            )
            .help("use fewer symbols or a shorter code")),
    }
}

fn feedback_names(doc: &SpecDocument, feedback: &FeedbackTable) -> Result<[String; 2], Diagnostic> {
    let pick = |given: &Option<Spanned<String>>, default: &str| -> Result<String, Diagnostic> {
        match given {
            None => Ok(default.to_string()),
            Some(n) if n.get_ref().trim().is_empty() => Err(doc
                .error(n.span(), "a feedback name cannot be empty")
                .help("e.g. right = \"bulls\", wrong = \"cows\"")),
            Some(n) => Ok(n.get_ref().trim().to_string()),
        }
    };
    let right = pick(&feedback.right, "bulls")?;
    let wrong = pick(&feedback.wrong, "cows")?;
    if right == wrong {
        let span = feedback.wrong.as_ref().map_or(0..0, |w| w.span());
        return Err(doc
            .error(span, format!("both feedback counts are named `{right}`"))
            .help("give the right-place and wrong-place counts different names"));
    }
    Ok([right, wrong])
}

/// `[strategy]` parsed once into its enums (the default pool depends on the strategy).
fn read_strategy(
    doc: &SpecDocument,
    table: &StrategyTable,
) -> Result<(Strategy, Pool), Diagnostic> {
    let strategy = named(doc, "strategy", table.name.as_ref(), STRATEGIES)?;
    let pool = match &table.guesses {
        None if strategy == Strategy::FirstConsistent => Pool::Consistent,
        None => Pool::Any,
        Some(given) => named(doc, "guess pool", Some(given), POOLS)?,
    };
    if strategy == Strategy::FirstConsistent && pool == Pool::Any {
        let span = table.guesses.as_ref().map_or(0..0, |g| g.span());
        return Err(doc
            .error(span, "first-consistent only guesses consistent codes")
            .help("remove `guesses`, or pick a strategy that may use any code, e.g. minimax"));
    }
    Ok((strategy, pool))
}

/// The value of `table` named by `given` (the first when none is given), or an error at it.
fn named<T: Copy>(
    doc: &SpecDocument,
    what: &str,
    given: Option<&Spanned<String>>,
    table: &[(&str, T)],
) -> Result<T, Diagnostic> {
    let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
    let name = choose(&doc.source, what, given, &names)?;
    table
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, value)| *value)
        .ok_or_else(|| Diagnostic::internal(format!("{what} `{name}` is listed but unknown")))
}

fn check_strategy_fits(
    doc: &SpecDocument,
    spec: &CodebreakerDocument,
    strategy: Strategy,
    codes: usize,
) -> Result<(), Diagnostic> {
    let limit = match strategy {
        Strategy::FirstConsistent => return Ok(()),
        Strategy::Optimal => OPTIMAL_MAX_CODES,
        _ => HEURISTIC_MAX_CODES,
    };
    if codes <= limit {
        return Ok(());
    }
    let span = spec
        .strategy
        .name
        .as_ref()
        .map_or(spec.code.span(), |n| n.span());
    Err(doc
        .error(
            span,
            format!(
                "strategy {} is limited to {limit} codes; this game has {codes}",
                strategy.name()
            ),
        )
        .help("use strategy first-consistent, or a smaller game"))
}

/// The secret `transcript` breaks, as a code index.
fn read_secret(
    doc: &SpecDocument,
    spec: &CodebreakerDocument,
    space: &CodeSpace,
) -> Result<usize, Diagnostic> {
    let Some(secret) = &spec.code.get_ref().secret else {
        return Err(doc
            .error(spec.code.span(), "objective `transcript` needs a secret")
            .label("no `secret` in this table")
            .help("add secret = \"...\" here, or run with --set code.secret=..."));
    };
    let parsed = match secret.get_ref() {
        toml::Value::String(s) => space.parse(s),
        // `--set code.secret=9876` arrives as a number; a leading zero cannot (0123 is a string).
        toml::Value::Integer(i) => space.parse(&i.to_string()),
        toml::Value::Array(items) => {
            let tokens: Vec<String> = items
                .iter()
                .map(|v| match v {
                    toml::Value::String(s) => s.clone(),
                    other => other.to_string(),
                })
                .collect();
            let refs: Vec<&str> = tokens.iter().map(String::as_str).collect();
            space.parse_tokens(&refs)
        }
        other => Err(format!("a secret cannot be {}", other.type_str())),
    };
    parsed
        .and_then(|code| {
            space
                .index_of(&code)
                .ok_or_else(|| "the code is not in this game".to_string())
        })
        .map_err(|e| {
            doc.error(secret.span(), format!("bad secret: {e}"))
                .help(format!(
                    "write {} symbols from {}, e.g. \"{}\"",
                    space.length,
                    space.symbols.join(" "),
                    space.format_index(space.len() - 1)
                ))
        })
}

/// `[evaluate] sample`: how many random secrets to play instead of every one.
fn read_sample(
    doc: &SpecDocument,
    spec: &CodebreakerDocument,
    codes: usize,
) -> Result<Option<usize>, Diagnostic> {
    let Some(sample) = &spec.evaluate.sample else {
        return Ok(None);
    };
    match usize::try_from(*sample.get_ref()) {
        Ok(k) if k >= 1 && k <= codes => Ok(Some(k)),
        _ => Err(doc
            .error(
                sample.span(),
                format!("sample of {} secrets out of {codes}", sample.get_ref()),
            )
            .help(format!(
                "sample 1 to {codes} secrets, or remove `sample` to play every secret"
            ))),
    }
}
