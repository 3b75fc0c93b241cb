//! `run --sweep KEY=A..B` (or `KEY=[a,b,c]`): the spec solved once per value, as with
//! `--set KEY=value`, the cases in parallel; one table row per case, a total line, or with
//! `--json` one array. The exit code is the highest of the cases'.

use super::{color, output, progress_bar, terminal};
use crate::app::{self, RunOptions, exit};
use crate::diagnostic::{Diagnostic, SourceText};
use crate::engine::Progress;
use crate::report::{self, Report};
use crate::spec::SpecDocument;
use rayon::prelude::*;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Instant;

/// More cases than this is surely a typo in a range.
pub const MAX_CASES: usize = 10_000;

/// The key swept and the TOML text of each value.
#[derive(Debug, Clone, PartialEq)]
pub struct Sweep {
    pub key: String,
    pub values: Vec<String>,
}

/// One case: its value and the solve's report or diagnostic.
pub struct Case {
    pub value: String,
    pub outcome: Result<Report, Diagnostic>,
}

impl Case {
    pub fn code(&self) -> u8 {
        match &self.outcome {
            Ok(report) => app::report_code(report),
            Err(d) => app::error_code(d),
        }
    }
}

/// `--sweep` as typed: `KEY=A..B` (integers, both ends included) or `KEY=[a, b, ...]`.
pub fn parse(raw: &str) -> Result<Sweep, Diagnostic> {
    let source = Arc::new(SourceText {
        name: "--sweep".to_string(),
        text: raw.to_string(),
    });
    let help = "write --sweep KEY=A..B (e.g. board.n=4..10) or --sweep 'KEY=[a,b,c]' (TOML values)";
    let Some((key, values)) = raw.split_once('=') else {
        return Err(Diagnostic::new(format!("--sweep `{raw}` has no `=`"))
            .at(&source, 0..raw.len())
            .help(help));
    };
    let at = key.len() + 1..raw.len();
    let key = key.trim();
    if key.is_empty() || key.split('.').any(|p| p.trim().is_empty()) {
        return Err(
            Diagnostic::new(format!("--sweep key `{key}` is not a dotted key"))
                .at(&source, 0..at.start - 1)
                .help(help),
        );
    }
    let values = match range(values.trim()) {
        Some(range) => range.map_err(|why| Diagnostic::new(why).at(&source, at.clone()))?,
        None => list(values.trim()).map_err(|why| Diagnostic::new(why).at(&source, at.clone()))?,
    };
    if values.is_empty() || values.len() > MAX_CASES {
        return Err(Diagnostic::new(format!(
            "--sweep gives {} values; a sweep has 1 to {MAX_CASES}",
            values.len()
        ))
        .at(&source, at)
        .help(help));
    }
    Ok(Sweep {
        key: key.to_string(),
        values,
    })
}

/// `A..B` as the integers from A to B, or `None` when the text is not of that form.
fn range(text: &str) -> Option<Result<Vec<String>, String>> {
    let (from, to) = text.split_once("..")?;
    let (from, to) = (
        from.trim().parse::<i64>().ok()?,
        to.trim().parse::<i64>().ok()?,
    );
    if from > to {
        return Some(Err(format!(
            "the range {from}..{to} is empty: write it low..high"
        )));
    }
    if to.abs_diff(from) >= MAX_CASES as u64 {
        return Some(Err(format!(
            "the range {from}..{to} has more than {MAX_CASES} values"
        )));
    }
    Some(Ok((from..=to).map(|n| n.to_string()).collect()))
}

/// `[a, b, c]` as the TOML text of each element.
fn list(text: &str) -> Result<Vec<String>, String> {
    let not_a_list = || format!("`{text}` is neither a range A..B nor a TOML list [a, b, c]");
    let value: toml_edit::Value = text.parse().map_err(|_| not_a_list())?;
    let toml_edit::Value::Array(items) = value else {
        return Err(not_a_list());
    };
    Ok(items
        .iter()
        .map(|v| v.clone().decorated("", "").to_string())
        .collect())
}

/// Solves every case of `sweep` (in parallel) and prints the table or the JSON array.
pub fn run(opts: &RunOptions, raw: &str) -> ExitCode {
    let read = parse(raw).and_then(|sweep| Ok((sweep, SpecDocument::read(&opts.spec)?)));
    let (sweep, (path, text)) = match read {
        Ok(read) => read,
        Err(d) => return app::fail(&d, opts.json),
    };
    let started = Instant::now();
    // One spinner for the sweep, saying how many cases are done; the cases' own progress would
    // interleave.
    let progress = progress_bar::spinner(opts.quiet);
    let done = AtomicUsize::new(0);
    let cases: Vec<Case> = sweep
        .values
        .par_iter()
        .map(|value| {
            let mut edits = opts.spec_edits();
            edits.set.push(format!("{}={value}", sweep.key));
            let outcome = SpecDocument::from_edited_text(&path, text.clone(), &edits)
                .and_then(|doc| app::solve(&doc, opts.max_memory_given, &Progress::hidden()));
            let n = done.fetch_add(1, Relaxed) + 1;
            progress.message(|| format!("{n} of {} cases done", sweep.values.len()));
            Case {
                value: value.clone(),
                outcome,
            }
        })
        .collect();
    progress.finish();
    let wall_ms = started.elapsed().as_secs_f64() * 1e3;
    let code = cases.iter().map(Case::code).max().unwrap_or(exit::OK);
    let text = if opts.json {
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
    let items: Vec<serde_json::Value> = cases
        .iter()
        .map(|case| {
            let result = match &case.outcome {
                Ok(r) => serde_json::to_value(r).unwrap_or_default(),
                Err(d) => {
                    serde_json::json!({"status": "error", "error": report::json::error_value(d)})
                }
            };
            serde_json::json!({"key": key, "value": toml_to_json(&case.value), "result": result})
        })
        .collect();
    serde_json::to_string_pretty(&items).unwrap_or_else(|e| format!("[\"{e}\"]"))
}

/// A TOML value's text as JSON (its text as a string if it does not read back).
fn toml_to_json(text: &str) -> serde_json::Value {
    toml::from_str::<toml::Table>(&format!("v = {text}"))
        .ok()
        .and_then(|mut t| t.remove("v"))
        .and_then(|v| serde_json::to_value(v).ok())
        .unwrap_or_else(|| serde_json::Value::from(text))
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn ranges_and_lists_give_the_values() {
        let s = parse("board.n=4..6").unwrap();
        assert_eq!(
            (s.key.as_str(), s.values),
            ("board.n", vec!["4".into(), "5".into(), "6".into()])
        );
        let s = parse("start.empty=[[0], [1,2]]").unwrap();
        assert_eq!(s.values, vec!["[0]".to_string(), "[1,2]".to_string()]);
        let s = parse("code.secret=[\"ABCD\", 'DCBA']").unwrap();
        assert_eq!(s.values, vec!["\"ABCD\"".to_string(), "'DCBA'".to_string()]);
    }

    #[test]
    fn bad_sweeps_are_diagnostics() {
        assert!(parse("board.n").is_err());
        assert!(parse("board.n=9..4").unwrap_err().message.contains("empty"));
        assert!(parse("board.n=0..100000").is_err());
        assert!(parse("board.n=[]").is_err());
        assert!(
            parse("board.n=banana")
                .unwrap_err()
                .message
                .contains("neither")
        );
        assert!(parse(".n=1..2").is_err());
    }
}
