//! What each subcommand does, from arguments to output and exit code. `main.rs` only parses the
//! command line; everything here is callable from tests.

use crate::cli::memory;
use crate::cli::output::{self, Watched};
use crate::cli::progress_bar;
use crate::cli::search_size;
use crate::cli::stop_signals;
use crate::diagnostic::Diagnostic;
use crate::engine::stop;
use crate::families::{self, PlayEnd, PlayIo, SolveContext};
use crate::report::{self, Status};
use crate::spec::SpecDocument;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Exit codes, documented in the README.
pub mod exit {
    /// Solved, counted or explored; `check` found every spec valid.
    pub const OK: u8 = 0;
    /// The search finished and proved there is no solution.
    pub const NO_SOLUTION: u8 = 1;
    /// The spec or the command line is wrong (the message says where and what to do).
    pub const BAD_INPUT: u8 = 2;
    /// puzzlespec found a fault of its own (e.g. a solution that failed its replay check).
    pub const INTERNAL: u8 = 3;
    /// The output could not be written (e.g. the disk is full); a closed pipe is not an error.
    pub const OUTPUT: u8 = 4;
    /// The memory cap (`--max-memory`, `solve.max_memory`) would have been passed.
    pub const MEMORY: u8 = 5;
    /// The time limit (`--time-limit`, `solve.time_limit`) passed: the report shows what was
    /// found so far.
    pub const TIME_LIMIT: u8 = 6;
    /// Ctrl-C: the report shows what was found so far (128 + SIGINT, as shells expect).
    pub const INTERRUPTED: u8 = 130;
}

pub struct RunOptions {
    pub spec: PathBuf,
    pub json: bool,
    pub engine: Option<String>,
    pub objective: Option<String>,
    pub set: Vec<String>,
    pub quiet: bool,
    /// `--max-memory` was given: it takes precedence over `solve.max_memory`.
    pub max_memory_given: bool,
    /// `--time-limit`: it takes precedence over `solve.time_limit`.
    pub time_limit: Option<std::time::Duration>,
}

pub fn run(opts: &RunOptions) -> ExitCode {
    let mut overrides = opts.set.clone();
    if let Some(o) = &opts.objective {
        overrides.push(format!(
            "solve.objective={}",
            toml_edit::Value::from(o.as_str())
        ));
    }
    if let Some(e) = &opts.engine {
        overrides.push(format!(
            "solve.engine={}",
            toml_edit::Value::from(e.as_str())
        ));
    }
    let progress = progress_bar::spinner(opts.quiet);
    let outcome = SpecDocument::load(&opts.spec, &overrides).and_then(|doc| {
        if let (false, Some(cap)) = (opts.max_memory_given, doc.max_memory) {
            memory::set_cap(cap);
        }
        let puzzle = families::load(&doc)?;
        if let Some(warning) = puzzle
            .search_size()
            .and_then(|size| search_size::warning(size, memory::cap()))
        {
            output::stderr(&warning);
        }
        stop_signals::search_started(opts.time_limit.or(doc.time_limit));
        let solved = puzzle.solve(&SolveContext {
            progress: &progress,
        });
        stop_signals::search_finished();
        let mut report = solved?;
        // A search cut short may look finished to its family ("no solution", a count): what
        // it found is kept, and the report says it is incomplete.
        if let Some(reason) = stop::requested() {
            report.mark_stopped(reason);
        }
        report.puzzle = doc.puzzle.name.clone();
        report.kind = doc.puzzle.kind.get_ref().clone();
        Ok(report)
    });
    progress.finish();
    match outcome {
        Ok(report) => {
            let text = if opts.json {
                format!("{}\n", report::json::report(&report))
            } else {
                report::text::report(&report)
            };
            let code = match (report.status, report.stopped) {
                (Status::Stopped, Some(reason)) => stop_signals::exit_code(reason),
                (Status::NoSolution, _) => exit::NO_SOLUTION,
                _ => exit::OK,
            };
            output::finish(output::stdout(&text), code)
        }
        Err(d) => fail(&d, opts.json),
    }
}

/// Prints the diagnostic (and its JSON form with `--json`) and gives its exit code.
fn fail(d: &Diagnostic, json: bool) -> ExitCode {
    output::stderr(&d.render(std::io::stderr().is_terminal()));
    let code = if d.internal {
        exit::INTERNAL
    } else {
        exit::BAD_INPUT
    };
    if !json {
        return ExitCode::from(code);
    }
    output::finish(
        output::stdout(&format!("{}\n", report::json::error(d))),
        code,
    )
}

pub fn check(specs: &[PathBuf]) -> ExitCode {
    let mut all_valid = true;
    for path in specs {
        match load_puzzle(path) {
            Ok((doc, summary)) => {
                let line = format!(
                    "ok  {} ({}): {summary}\n",
                    path.display(),
                    doc.puzzle.kind.get_ref()
                );
                if let Err(e) = output::stdout(&line) {
                    return output::stdout_failed(&e, check_code(all_valid));
                }
            }
            Err(d) => {
                all_valid = false;
                output::stderr(&d.render(std::io::stderr().is_terminal()));
            }
        }
    }
    ExitCode::from(check_code(all_valid))
}

fn check_code(all_valid: bool) -> u8 {
    if all_valid { exit::OK } else { exit::BAD_INPUT }
}

fn load_puzzle(path: &Path) -> Result<(SpecDocument, String), Diagnostic> {
    let doc = SpecDocument::load(path, &[])?;
    let puzzle = families::load(&doc)?;
    Ok((doc, puzzle.summary()))
}

pub fn list(dir: &Path) -> ExitCode {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            let d = Diagnostic::new(format!("cannot list {}: {e}", dir.display()))
                .help("give a folder of .toml specs, e.g. `puzzlespec list specs`");
            return fail(&d, false);
        }
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let rows: Vec<[String; 4]> = files.iter().map(|path| list_row(path)).collect();
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let (w0, w1, w2) = (width(0), width(1), width(2));
    for [file, name, kind, summary] in &rows {
        let line = format!("{file:<w0$}  {name:<w1$}  {kind:<w2$}  {summary}\n");
        if let Err(e) = output::stdout(&line) {
            return output::stdout_failed(&e, exit::OK);
        }
    }
    ExitCode::from(exit::OK)
}

/// File, name, kind and summary of one spec, or its error in place of the summary.
fn list_row(path: &Path) -> [String; 4] {
    let file = path.display().to_string();
    match load_puzzle(path) {
        Ok((doc, summary)) => [
            file,
            doc.puzzle.name.clone(),
            doc.puzzle.kind.get_ref().clone(),
            summary,
        ],
        Err(d) => [file, "(invalid)".into(), "-".into(), d.to_string()],
    }
}

/// `puzzlespec play SPEC`: an interactive game on stdin and stdout (see the family's play mode).
pub fn play(spec: &Path, set: &[String]) -> ExitCode {
    let mut output = Watched::new(std::io::stdout().lock());
    let outcome = SpecDocument::load(spec, set).and_then(|doc| {
        let puzzle = families::load(&doc)?;
        let stdin = std::io::stdin();
        let echo = !stdin.is_terminal();
        let mut input = stdin.lock();
        let end = puzzle.play(&mut PlayIo {
            input: &mut input,
            output: &mut output,
            echo,
        });
        let _ = output.flush();
        end
    });
    // A game cut short by a closed or full stdout is an output failure, not a bad answer.
    if let Some(e) = output.failure.take() {
        return output::stdout_failed(&e, exit::NO_SOLUTION);
    }
    match outcome {
        Ok(PlayEnd::Solved | PlayEnd::Quit) => ExitCode::from(exit::OK),
        Ok(PlayEnd::EndOfInput) => ExitCode::from(exit::NO_SOLUTION),
        Err(d) => fail(&d, false),
    }
}
