//! What each subcommand does, from arguments to output and exit code. `main.rs` only parses the
//! command line; everything here is callable from tests.

use crate::diagnostic::Diagnostic;
use crate::engine::Progress;
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
}

pub struct RunOptions {
    pub spec: PathBuf,
    pub json: bool,
    pub engine: Option<String>,
    pub objective: Option<String>,
    pub set: Vec<String>,
    pub quiet: bool,
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
    let progress = Progress::new(opts.quiet);
    let outcome = SpecDocument::load(&opts.spec, &overrides).and_then(|doc| {
        let puzzle = families::load(&doc)?;
        let mut report = puzzle.solve(&SolveContext {
            progress: &progress,
        })?;
        report.puzzle = doc.puzzle.name.clone();
        report.kind = doc.puzzle.kind.get_ref().clone();
        Ok(report)
    });
    progress.finish();
    match outcome {
        Ok(report) => {
            if opts.json {
                println!("{}", report::json::report(&report));
            } else {
                print!("{}", report::text::report(&report));
            }
            ExitCode::from(match report.status {
                Status::NoSolution => exit::NO_SOLUTION,
                _ => exit::OK,
            })
        }
        Err(d) => fail(&d, opts.json),
    }
}

/// Prints the diagnostic (and its JSON form with `--json`) and gives its exit code.
fn fail(d: &Diagnostic, json: bool) -> ExitCode {
    eprint!("{}", d.render(std::io::stderr().is_terminal()));
    if json {
        println!("{}", report::json::error(d));
    }
    ExitCode::from(if d.internal {
        exit::INTERNAL
    } else {
        exit::BAD_INPUT
    })
}

pub fn check(specs: &[PathBuf]) -> ExitCode {
    let mut all_valid = true;
    for path in specs {
        match load_puzzle(path) {
            Ok((doc, summary)) => {
                println!(
                    "ok  {} ({}): {summary}",
                    path.display(),
                    doc.puzzle.kind.get_ref()
                );
            }
            Err(d) => {
                all_valid = false;
                eprint!("{}", d.render(std::io::stderr().is_terminal()));
            }
        }
    }
    ExitCode::from(if all_valid { exit::OK } else { exit::BAD_INPUT })
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
    let rows: Vec<[String; 4]> = files
        .iter()
        .map(|path| {
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
        })
        .collect();
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let (w0, w1, w2) = (width(0), width(1), width(2));
    for [file, name, kind, summary] in &rows {
        println!("{file:<w0$}  {name:<w1$}  {kind:<w2$}  {summary}");
    }
    ExitCode::from(exit::OK)
}

/// `puzzlespec play SPEC`: an interactive game on stdin and stdout (see the family's play mode).
pub fn play(spec: &Path, set: &[String]) -> ExitCode {
    let outcome = SpecDocument::load(spec, set).and_then(|doc| {
        let puzzle = families::load(&doc)?;
        let stdin = std::io::stdin();
        let echo = !stdin.is_terminal();
        let mut input = stdin.lock();
        let mut output = std::io::stdout().lock();
        let end = puzzle.play(&mut PlayIo {
            input: &mut input,
            output: &mut output,
            echo,
        });
        let _ = output.flush();
        end
    });
    match outcome {
        Ok(PlayEnd::Solved | PlayEnd::Quit) => ExitCode::from(exit::OK),
        Ok(PlayEnd::EndOfInput) => ExitCode::from(exit::NO_SOLUTION),
        Err(d) => fail(&d, false),
    }
}
