//! What `run` and `play` do, from arguments to output and exit code (`check` and `list` are in
//! `cli::check`, `new` in `cli::starters`, `--sweep` in `cli::sweep`). `main.rs` only parses the
//! command line; everything here is callable from tests.

use crate::cli::args::EditArgs;
use crate::cli::drawing_files::{DrawingFiles, Refused};
use crate::cli::output::{self, Watched};
use crate::cli::{color, memory, progress_bar, search_size, stop_signals, terminal};
use crate::diagnostic::Diagnostic;
use crate::engine::Progress;
use crate::engine::stop;
use crate::families::{self, PlayEnd, PlayIo, Puzzle, SolveContext};
use crate::report::boards::BoardStyle;
use crate::report::{self, Report, Status};
use crate::spec::{Edits, SpecDocument};
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
    pub limit: Option<u64>,
    pub edits: EditArgs,
    /// `--sweep KEY=VALUES`: one solve per value.
    pub sweep: Option<String>,
    pub quiet: bool,
    /// `--max-memory` was given: it takes precedence over `solve.max_memory`.
    pub max_memory_given: bool,
    /// `--time-limit`: it takes precedence over `solve.time_limit`.
    pub time_limit: Option<std::time::Duration>,
    /// `--html FILE`: the answer as a page with a playback (`-`: on stdout).
    pub html: Option<PathBuf>,
    /// `--svg FILE`: the start and end drawn (`-`: on stdout).
    pub svg: Option<PathBuf>,
    /// `--boards`: draw the states as boards (also when the spec does not ask for them).
    pub boards: bool,
}

impl RunOptions {
    /// `--unset`, then `--set`, `--objective`, `--engine` and `--limit` as `--set` overrides.
    pub fn spec_edits(&self) -> Edits {
        let mut set = self.edits.set.clone();
        let quoted = |key: &str, v: &str| format!("{key}={}", toml_edit::Value::from(v));
        if let Some(o) = &self.objective {
            set.push(quoted("solve.objective", o));
        }
        if let Some(e) = &self.engine {
            set.push(quoted("solve.engine", e));
        }
        if let Some(n) = self.limit {
            set.push(format!("solve.limit={n}"));
        }
        Edits {
            set,
            ..self.edits.edits()
        }
    }
}

pub fn run(opts: &RunOptions) -> ExitCode {
    if let Some(sweep) = &opts.sweep {
        return crate::cli::sweep::run_flag(opts, sweep);
    }
    let (path, text) = match SpecDocument::read(&opts.spec) {
        Ok(read) => read,
        Err(d) => return fail(&d, opts.json),
    };
    let loaded = SpecDocument::from_edited_text(&path, text.clone(), &opts.spec_edits());
    if let Ok(SpecDocument {
        cases: Some(cases), ..
    }) = &loaded
    {
        return crate::cli::sweep::run(opts, cases, &path, &text);
    }
    let drawings = match DrawingFiles::open(opts.html.as_deref(), opts.svg.as_deref(), opts.json) {
        Ok(drawings) => drawings,
        Err(Refused(code)) => return ExitCode::from(code),
    };
    // The spinner is drawn once the puzzle has loaded: a spec refused while loading (which may
    // take a moment) shows its message alone.
    let mut progress = None;
    let outcome = loaded.and_then(|doc| {
        stop_signals::search_started(opts.time_limit.or(doc.time_limit));
        let solved = load(&doc, opts.max_memory_given).and_then(|puzzle| {
            let progress = progress.insert(progress_bar::spinner(opts.quiet));
            solve_loaded(&doc, puzzle.as_ref(), progress)
        });
        stop_signals::search_finished();
        solved
    });
    if let Some(progress) = progress {
        progress.finish();
    }
    match outcome {
        Ok(report) => {
            let on_stdout = drawings.take_stdout();
            let code = match drawings.write(&report) {
                true => report_code(&report),
                false => exit::OUTPUT,
            };
            if on_stdout {
                return ExitCode::from(code);
            }
            let text = if opts.json {
                format!("{}\n", report::json::report(&report))
            } else {
                let boards = (opts.boards || report.boards).then(|| BoardStyle {
                    width: terminal::boards_width(),
                    colour: color::stdout(),
                });
                report::text::with_boards(&report, terminal::stdout_width(), boards)
            };
            output::finish(output::stdout(&text), code)
        }
        Err(d) => fail(&d, opts.json),
    }
}

/// Loads the puzzle of `doc`, solves it and names the report after the spec.
pub fn solve(
    doc: &SpecDocument,
    max_memory_given: bool,
    progress: &Progress,
) -> Result<Report, Diagnostic> {
    let puzzle = load(doc, max_memory_given)?;
    solve_loaded(doc, puzzle.as_ref(), progress)
}

/// The puzzle of `doc`, under the spec's memory cap unless the command line gave one.
fn load(doc: &SpecDocument, max_memory_given: bool) -> Result<Box<dyn Puzzle>, Diagnostic> {
    if let (false, Some(cap)) = (max_memory_given, doc.max_memory) {
        memory::set_cap(cap);
    }
    families::load(doc)
}

/// Solves a loaded puzzle and names the report after the spec.
fn solve_loaded(
    doc: &SpecDocument,
    puzzle: &dyn Puzzle,
    progress: &Progress,
) -> Result<Report, Diagnostic> {
    // Said as the search starts (on a terminal) and kept in the report, first of its notes.
    // A propagation search's bound counts candidates it mostly never visits (a Sudoku's 1.8e57
    // solved in milliseconds), a peg search's positions its invariants rule out (4.3e9 for an
    // off-centre English 33 counted in seconds): their notes are kept only when stopped.
    let size = puzzle.search_size();
    let pruned = size.is_some_and(|s| s.keeps.mostly_pruned());
    let beyond_reach = size.and_then(|size| search_size::warning(size, memory::cap()));
    if let (Some(note), false) = (&beyond_reach, pruned) {
        progress.notice(|| note.clone());
    }
    let mut report = puzzle.solve(&SolveContext { progress })?;
    if let Some(why) = report.details_failure() {
        return Err(Diagnostic::internal(format!(
            "the report's fields could not be written as JSON: {why}"
        )));
    }
    if !pruned || stop::heeded().is_some() {
        report.notes.splice(0..0, beyond_reach);
    }
    // A search cut short may look finished to its family ("no solution", a count): what it
    // found is kept, and the report says it is incomplete. A request no search saw (it came
    // while the answer was replayed) leaves the finished answer as it is.
    if let Some(reason) = stop::heeded() {
        report.mark_stopped(reason);
        report.notes.extend(memory_note(reason));
    }
    report.puzzle = doc.puzzle.name.clone();
    report.kind = doc.puzzle.kind.get_ref().clone();
    Ok(report)
}

/// Why memory stopped the search: what the cap refused at once (a table sized before a search,
/// or a table's doubling) or, when nothing was refused, memory in use passing nine tenths of
/// the cap (the allocator's request; which of the two comes first may depend on the threads'
/// timing). None when memory stopped nothing.
fn memory_note(reason: stop::StopReason) -> Option<String> {
    const RAISE: &str =
        "raise it with --max-memory SIZE or solve.max_memory, or solve a smaller instance";
    let cap = memory::size_words(memory::cap() as f64);
    match crate::engine::room::refused() {
        Some(refusal) => Some(format!(
            "{} needed {} more at once, beyond the memory cap of {cap}; {RAISE}",
            refusal.what,
            memory::size_words(refusal.bytes as f64),
        )),
        None if reason == stop::StopReason::MemoryLimit => Some(format!(
            "memory in use came within a tenth of the memory cap of {cap}; {RAISE}"
        )),
        None => None,
    }
}

/// The exit code of a finished solve: 1 when it proved there is no solution; a stopped search's
/// code says why it stopped.
pub fn report_code(report: &Report) -> u8 {
    match (report.status, report.stopped) {
        (Status::Stopped, Some(reason)) => stop_signals::exit_code(reason),
        (Status::NoSolution, _) => exit::NO_SOLUTION,
        _ => exit::OK,
    }
}

/// The exit code of a diagnostic: internal faults apart from bad input.
pub fn error_code(d: &Diagnostic) -> u8 {
    if d.internal {
        exit::INTERNAL
    } else {
        exit::BAD_INPUT
    }
}

/// Prints the diagnostic (and its JSON form with `--json`) and gives its exit code.
pub fn fail(d: &Diagnostic, json: bool) -> ExitCode {
    output::stderr(&d.render(color::stderr()));
    let code = error_code(d);
    if !json {
        return ExitCode::from(code);
    }
    output::finish(
        output::stdout(&format!("{}\n", report::json::error(d))),
        code,
    )
}

/// `puzzlespec play SPEC`: an interactive game on stdin and stdout (see the family's play mode).
pub fn play(spec: &Path, edits: &EditArgs) -> ExitCode {
    if spec == Path::new("-") {
        let d = Diagnostic::new("play reads your answers from standard input, so not the spec")
            .help("give the spec as a file: `puzzlespec play specs/bulls-and-cows.toml`");
        return fail(&d, false);
    }
    let mut output = Watched::new(std::io::stdout().lock());
    let outcome = SpecDocument::load(spec, &edits.edits()).and_then(|doc| {
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
        // The family does not know the spec: the place of its refusal is the spec's kind.
        end.map_err(|d| match d.location {
            None if d.message == families::NO_PLAY_MODE => {
                d.at(&doc.source, doc.puzzle.kind.span()).label("this kind")
            }
            _ => d,
        })
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
