//! `kind = "codebreaker"`: Mastermind, Hit and Blow, bulls and cows. A secret code of `length`
//! symbols; each guess is answered with how many symbols are right and in the right place, and how
//! many are right but in the wrong place. puzzlespec plays the codebreaker with a strategy:
//! against one secret (`transcript`), against every secret (`evaluate`), or against a human who
//! answers on stdin (`puzzlespec play`).

mod code_space;
mod evaluate;
mod optimal;
mod play;
mod sample;
mod spec;
mod strategy;
mod symmetry;

use super::{Family, PlayEnd, PlayIo, Puzzle, SolveContext};
use crate::diagnostic::Diagnostic;
use crate::report::{Report, Section, Solution, StateView, Stats, Status, Step};
use crate::spec::{SpecDocument, choose};
use code_space::{CodeSpace, MAX_CODES, MAX_LENGTH, MAX_SYMBOLS, code_count};
use evaluate::{Tally, Turn, all_symbols};
use serde_json::json;
use spec::CodebreakerDocument;
use std::time::Instant;
use strategy::{Player, Pool, STRATEGY_NAMES, Strategy};
use toml::Spanned;

pub struct Codebreaker;

const OBJECTIVES: &[&str] = &["transcript", "evaluate"];
/// Heuristics score every guess against every possible code: beyond this they are too slow.
const HEURISTIC_MAX_CODES: usize = 100_000;
/// The exhaustive search of `optimal` needs the score table.
const OPTIMAL_MAX_CODES: usize = code_space::TABLE_LIMIT;

impl Family for Codebreaker {
    fn kind(&self) -> &'static str {
        "codebreaker"
    }

    fn about(&self) -> &'static str {
        "Mastermind / bulls and cows: break a secret code from right/wrong-place feedback"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        let spec: CodebreakerDocument = doc.deserialize()?;
        let code = spec.code.get_ref();
        let symbols = read_symbols(doc, code.symbols.as_ref())?;
        let length = read_length(doc, &code.length)?;
        check_size(doc, &spec, symbols.len(), length)?;
        let names = feedback_names(doc, &spec.feedback)?;
        let (strategy, pool) = read_strategy(doc, &spec.strategy)?;
        let objective = match &spec.solve.objective {
            Some(_) => spec.solve.objective(&doc.source, OBJECTIVES)?,
            None if code.secret.is_some() => "transcript",
            None => "evaluate",
        }
        .to_string();
        spec.solve.engine(&doc.source, &[])?;
        let built = Instant::now();
        let with_table = strategy != Strategy::FirstConsistent;
        let space = CodeSpace::new(symbols, length, code.repeats, with_table);
        let setup_ms = built.elapsed().as_secs_f64() * 1e3;
        check_strategy_fits(doc, &spec, strategy, space.len())?;
        let secret = match &code.secret {
            Some(s) => Some(read_secret(doc, &space, s)?),
            None if objective == "transcript" => {
                return Err(doc
                    .error(spec.code.span(), "objective `transcript` needs a secret")
                    .label("no `secret` in this table")
                    .help("add secret = \"...\" here, or run with --set code.secret=..."));
            }
            None => None,
        };
        let sample = read_sample(doc, &spec, space.len())?;
        Ok(Box::new(CodebreakerPuzzle {
            space,
            names,
            strategy,
            pool,
            objective,
            secret,
            sample,
            seed: spec.evaluate.seed.unwrap_or(1),
            setup_ms,
        }))
    }
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
    if list.len() < 2 || list.len() > MAX_SYMBOLS {
        return Err(bad(format!(
            "{} symbols; a game needs 2 to {MAX_SYMBOLS}",
            list.len()
        )));
    }
    for (i, s) in list.iter().enumerate() {
        if s.is_empty() || s.contains(|c: char| c.is_whitespace() || c == ',') {
            return Err(bad(format!(
                "symbol `{s}` is empty or holds a space or comma"
            )));
        }
        if list[..i].contains(s) {
            return Err(bad(format!("symbol `{s}` is listed twice")));
        }
    }
    Ok(list)
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

fn feedback_names(
    doc: &SpecDocument,
    feedback: &spec::FeedbackTable,
) -> Result<[String; 2], Diagnostic> {
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

fn read_strategy(
    doc: &SpecDocument,
    table: &spec::StrategyTable,
) -> Result<(Strategy, Pool), Diagnostic> {
    let name = choose(&doc.source, "strategy", table.name.as_ref(), STRATEGY_NAMES)?;
    let strategy = Strategy::from_name(name).expect("listed strategy");
    let default_pool = if strategy == Strategy::FirstConsistent {
        "consistent"
    } else {
        "any"
    };
    let pool = match &table.guesses {
        None => default_pool,
        Some(_) => choose(
            &doc.source,
            "guess pool",
            table.guesses.as_ref(),
            &["consistent", "any"],
        )?,
    };
    if strategy == Strategy::FirstConsistent && pool == "any" {
        let span = table.guesses.as_ref().map_or(0..0, |g| g.span());
        return Err(doc
            .error(span, "first-consistent only guesses consistent codes")
            .help("remove `guesses`, or pick a strategy that may use any code, e.g. minimax"));
    }
    let pool = if pool == "any" {
        Pool::Any
    } else {
        Pool::Consistent
    };
    Ok((strategy, pool))
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

fn read_secret(
    doc: &SpecDocument,
    space: &CodeSpace,
    secret: &Spanned<toml::Value>,
) -> Result<usize, Diagnostic> {
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
        .map(|code| {
            space
                .index_of(&code)
                .expect("a parsed code is in the space")
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

struct CodebreakerPuzzle {
    space: CodeSpace,
    /// Names of the right-place and wrong-place counts.
    names: [String; 2],
    strategy: Strategy,
    pool: Pool,
    objective: String,
    secret: Option<usize>,
    sample: Option<usize>,
    seed: u64,
    /// Time to list the codes and fill the score table, before the solve's own clock starts.
    setup_ms: f64,
}

impl Puzzle for CodebreakerPuzzle {
    fn summary(&self) -> String {
        let repeats = if self.space.repeats {
            "repeats allowed"
        } else {
            "no repeats"
        };
        format!(
            "{} codes of length {} over {} symbols ({repeats}), {}/{}, strategy {} ({} guesses)",
            self.space.len(),
            self.space.length,
            self.space.symbols.len(),
            self.names[0],
            self.names[1],
            self.strategy.name(),
            self.pool.name()
        )
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let player = Player::new(&self.space, self.strategy, self.pool).with_progress(ctx.progress);
        let engine = format!("{} ({} guesses)", self.strategy.name(), self.pool.name());
        let mut report = Report::new(&self.objective, Status::Solved, &engine, "");
        report
            .extra
            .insert("strategy".into(), self.strategy.name().into());
        report
            .extra
            .insert("guesses".into(), self.pool.name().into());
        report.extra.insert("codes".into(), self.space.len().into());
        report
            .extra
            .insert("feedback_names".into(), json!(self.names));
        let started = Instant::now();
        match self.secret {
            Some(secret) if self.objective == "transcript" => {
                ctx.progress
                    .message(|| format!("breaking {}", self.space.format_index(secret)));
                let turns = evaluate::one_game(&player, secret).map_err(Diagnostic::internal)?;
                evaluate::check_game(&self.space, secret, &turns).map_err(Diagnostic::internal)?;
                self.fill_transcript(&mut report, secret, &turns);
            }
            _ => {
                ctx.progress
                    .message(|| format!("playing {} against every secret", self.strategy.name()));
                let (tally, sampled) = self.evaluate(&player)?;
                self.fill_evaluation(&mut report, &tally, sampled);
            }
        }
        if let Some(opt) = player.optimal() {
            report
                .extra
                .insert("optimal_sets_searched".into(), opt.nodes().into());
        }
        report.stats = Stats::new(self.space.len() as u64, started.elapsed());
        report.extra.insert("setup_ms".into(), self.setup_ms.into());
        let table = if self.space.row(0).is_some() {
            " and fill the score table"
        } else {
            ""
        };
        report.notes.push(format!(
            "setup: {:.1} ms to list the codes{table} (not in elapsed)",
            self.setup_ms
        ));
        Ok(report)
    }

    fn play(&self, io: &mut PlayIo) -> Result<PlayEnd, Diagnostic> {
        let player = Player::new(&self.space, self.strategy, self.pool);
        play::play(&player, &self.names, io)
            .map_err(|e| Diagnostic::new(format!("cannot play: {e}")))
    }
}

impl CodebreakerPuzzle {
    fn evaluate(&self, player: &Player) -> Result<(Tally, Option<Vec<usize>>), Diagnostic> {
        match self.sample {
            Some(k) => {
                let secrets = sample::sample(self.space.len(), k, self.seed);
                let tally = evaluate::sampled(player, &secrets).map_err(Diagnostic::internal)?;
                Ok((tally, Some(secrets)))
            }
            None => {
                let all: Vec<u32> = (0..self.space.len() as u32).collect();
                let tally = evaluate::every_secret(player, &all, all_symbols(&self.space), 0)
                    .map_err(Diagnostic::internal)?;
                if tally.games != all.len() as u64 {
                    return Err(Diagnostic::internal("not every secret was played"));
                }
                // The tree played must cost what the search claimed is the minimum.
                if let Some(opt) = player.optimal() {
                    let claimed = opt.total(&all, all_symbols(&self.space));
                    if u64::from(claimed) != tally.total {
                        return Err(Diagnostic::internal(format!(
                            "the optimal search claimed {claimed} guesses but its tree plays {}",
                            tally.total
                        )));
                    }
                }
                Ok((tally, None))
            }
        }
    }

    fn feedback_text(&self, t: &Turn) -> String {
        format!(
            "{} = {}, {} = {}",
            self.names[0], t.right, self.names[1], t.wrong
        )
    }

    fn fill_transcript(&self, report: &mut Report, secret: usize, turns: &[Turn]) {
        let space = &self.space;
        // The seeds' line: `1, [ 0 1 2 3 ], bulls = 0, cows = 2`.
        let lines: Vec<String> = turns
            .iter()
            .enumerate()
            .map(|(i, t)| {
                format!(
                    "{}, [ {} ], {}",
                    i + 1,
                    space.format_index(t.guess),
                    self.feedback_text(t)
                )
            })
            .collect();
        let steps = turns
            .iter()
            .map(|t| Step {
                action: space.format_index(t.guess),
                state: Some(StateView {
                    text: self.feedback_text(t),
                    data: json!({
                        "guess": space.code(t.guess).iter()
                            .map(|&s| space.symbols[s as usize].clone()).collect::<Vec<_>>(),
                        "right": t.right,
                        "wrong": t.wrong,
                        "possible_before": t.possible_before,
                    }),
                }),
            })
            .collect();
        report.cost = Some(turns.len() as u64);
        report.solutions.push(Solution {
            steps,
            notation: Some(lines.join("\n")),
        });
        report.sections.push(Section {
            title: "codes still possible before each guess".into(),
            lines: vec![
                turns
                    .iter()
                    .map(|t| t.possible_before.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            ],
        });
        report
            .extra
            .insert("secret".into(), space.format_index(secret).into());
    }

    fn fill_evaluation(&self, report: &mut Report, tally: &Tally, sampled: Option<Vec<usize>>) {
        let space = &self.space;
        report.status = Status::Explored;
        let hardest = tally.hardest.map(|h| space.format_index(h));
        let over = match &sampled {
            Some(s) => format!(
                "{} random secrets (seed {}) of {}",
                s.len(),
                self.seed,
                space.len()
            ),
            None => format!("all {} secrets", space.len()),
        };
        report.notes.push(format!(
            "over {over}: {} guesses in total, average {:.4}, maximum {}{}",
            tally.total,
            tally.average(),
            tally.max,
            hardest
                .as_ref()
                .map_or(String::new(), |h| format!(" (first: {h})"))
        ));
        let peak = tally.histogram.iter().copied().max().unwrap_or(1).max(1);
        report.sections.push(Section {
            title: "games won with each guess number".into(),
            lines: tally
                .histogram
                .iter()
                .enumerate()
                .skip(1)
                .map(|(d, &c)| {
                    let bar = "#".repeat(((c * 40).div_ceil(peak)) as usize);
                    format!("{d:>3}: {c:>7}  {bar}")
                })
                .collect(),
        });
        let e = &mut report.extra;
        e.insert("secrets".into(), tally.games.into());
        e.insert("total_guesses".into(), tally.total.into());
        e.insert("average_guesses".into(), tally.average().into());
        e.insert("max_guesses".into(), tally.max.into());
        e.insert("hardest".into(), hardest.into());
        e.insert(
            "histogram".into(),
            json!(tally.histogram.get(1..).unwrap_or(&[])),
        );
        e.insert("sampled".into(), sampled.is_some().into());
        if sampled.is_some() {
            e.insert("seed".into(), self.seed.into());
        }
    }
}
