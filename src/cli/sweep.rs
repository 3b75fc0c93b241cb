//! `run --sweep KEY=A..B` (or `KEY=[a,b,c]`), or a spec's own `solve.cases`: the spec solved once
//! per value, as with `--set KEY=value`, the cases in parallel; one table row per case, a total line, or with
//! `--json` one array. The exit code is the highest of the cases'.

use super::{color, output, progress_bar, stop_signals, terminal};
use crate::cli::exit;
use crate::cli::outcome::{fail, part_code};
use crate::cli::run_options::RunOptions;
use crate::cli::sweep_case::Case;
use crate::diagnostic::Diagnostic;
use crate::report::{self, Report};
use crate::spec::{SpecDocument, Sweep};
use rayon::prelude::*;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Instant;

/// How one case is solved: `app` passes its solve step down (loading the puzzle, solving it,
/// naming the report), so that this file never calls up into `app`.
pub type Solve<'a> = &'a (dyn Fn(&SpecDocument) -> Result<Report, Diagnostic> + Sync);

/// `run --sweep KEY=VALUES`: the spec solved once per value (its own `solve.cases` set aside).
pub fn run_flag(opts: &RunOptions, raw: &str, solve: Solve) -> ExitCode {
    match Sweep::from_flag(raw).and_then(|sweep| Ok((sweep, SpecDocument::read(&opts.spec)?))) {
        Ok((sweep, (path, text))) => run(opts, &sweep, &path, &text, solve),
        Err(d) => fail(&d, opts.json),
    }
}

/// Solves every case of `sweep` on the spec `text` (in parallel) and prints the table or the
/// JSON array.
pub fn run(opts: &RunOptions, sweep: &Sweep, path: &Path, text: &str, solve: Solve) -> ExitCode {
    let started = Instant::now();
    // One spinner for the sweep, saying how many cases are done; the cases' own progress would
    // interleave.
    let progress = progress_bar::spinner(opts.quiet);
    let done = AtomicUsize::new(0);
    // The time limit and Ctrl-C bind the whole sweep: cases not finished by then are stopped.
    stop_signals::search_started(opts.time_limit);
    // `--shard K/N`: this run's cases only, dealt in turn (app::run checked the flag).
    let shard = super::shard::chosen(opts).ok().flatten();
    let mine: Vec<(usize, &String)> = sweep
        .values
        .iter()
        .enumerate()
        .filter(|(i, _)| shard.is_none_or(|s| s.owns_turn(*i as u64)))
        .collect();
    let cases: Vec<Case> = mine
        .par_iter()
        .map(|&(index, value)| {
            let mut edits = opts.spec_edits();
            edits.set.push(format!("{}={value}", sweep.key));
            let outcome = SpecDocument::from_edited_text(path, text.to_string(), &edits)
                .and_then(|doc| solve(&doc));
            let n = done.fetch_add(1, Relaxed) + 1;
            progress.message(|| format!("{n} of {} cases done", sweep.values.len()));
            Case {
                index,
                value: value.clone(),
                outcome,
            }
        })
        .collect();
    stop_signals::search_finished();
    progress.finish();
    let wall_ms = started.elapsed().as_secs_f64() * 1e3;
    let code = cases.iter().map(Case::code).max().unwrap_or(exit::OK);
    // A part's cases that have no solution are answers, not a failed part.
    let code = if shard.is_some() {
        part_code(code)
    } else {
        code
    };
    let text = if let (true, Some(shard)) = (opts.json, shard) {
        let stamp = super::shard::sweep_stamp(text, &opts.spec_edits(), sweep, shard);
        super::shard::stamped_cases(json_items(&sweep.key, &cases), &stamp)
    } else if opts.json {
        format!("{}\n", json(&sweep.key, &cases))
    } else {
        for d in cases.iter().filter_map(|c| c.outcome.as_ref().err()) {
            output::stderr(&d.render(color::stderr()));
        }
        super::sweep_table::table(&sweep.key, &cases, wall_ms, terminal::stdout_width())
    };
    output::finish(output::stdout(&text), code)
}

/// `[{"key", "value", "result"}, ...]`: each result as `run --json` prints it.
fn json(key: &str, cases: &[Case]) -> String {
    let items: Vec<serde_json::Value> = json_items(key, cases)
        .into_iter()
        .map(|(_, item)| item)
        .collect();
    serde_json::to_string_pretty(&items).unwrap_or_else(|e| format!("[\"{e}\"]"))
}

/// Each case's place in the sweep and its JSON item.
fn json_items(key: &str, cases: &[Case]) -> Vec<(usize, serde_json::Value)> {
    cases
        .iter()
        .map(|case| {
            let result = match &case.outcome {
                Ok(r) => serde_json::to_value(r).unwrap_or_default(),
                Err(d) => {
                    serde_json::json!({"status": "error", "error": report::json::error_value(d)})
                }
            };
            let item = serde_json::json!({"key": key, "value": toml_to_json(&case.value), "result": result});
            (case.index, item)
        })
        .collect()
}

/// A TOML value's text as JSON (its text as a string if it does not read back).
fn toml_to_json(text: &str) -> serde_json::Value {
    toml::from_str::<toml::Table>(&format!("v = {text}"))
        .ok()
        .and_then(|mut t| t.remove("v"))
        .and_then(|v| serde_json::to_value(v).ok())
        .unwrap_or_else(|| serde_json::Value::from(text))
}
