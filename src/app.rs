//! What `run` and `play` do, from arguments to output and exit code (`check` and `list` are in
//! `cli::check`, `new` in `cli::starters`, `--sweep` in `cli::sweep`). `main.rs` only parses the
//! command line; everything here is callable from tests.

use crate::cli::args::EditArgs;
use crate::cli::drawing_files::{DrawingFiles, Refused};
use crate::cli::output::{self, Watched};
use crate::cli::{color, memory, progress_bar, search_size, stop_signals, terminal};
use crate::diagnostic::Diagnostic;
use crate::engine::Progress;
use crate::engine::split::Shard;
use crate::engine::stop;
use crate::families;
use crate::families::family::{PlayEnd, PlayIo, Puzzle, SolveContext};
use crate::report::boards::BoardStyle;
use crate::report::{self, Report};
use crate::spec::SpecDocument;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

pub use crate::cli::exit;
pub use crate::cli::outcome::{error_code, fail, part_code, report_code};
pub use crate::cli::run_options::RunOptions;

pub fn run(opts: &RunOptions) -> ExitCode {
    let shard = match crate::cli::shard::chosen(opts) {
        Ok(shard) => shard,
        Err(d) => return fail(&d, opts.json),
    };
    if let Some(sweep) = &opts.sweep {
        return crate::cli::sweep::run_flag(opts, sweep, &|doc| solve_hidden(doc, opts));
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
        return crate::cli::sweep::run(opts, cases, &path, &text, &|doc| solve_hidden(doc, opts));
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
            check_split(&doc, puzzle.as_ref(), shard)?;
            let progress = progress.insert(progress_bar::spinner(opts.quiet));
            solve_loaded(&doc, puzzle.as_ref(), progress, shard)
        });
        stop_signals::search_finished();
        solved.map(|report| (report, doc))
    });
    if let Some(progress) = progress {
        progress.finish();
    }
    match outcome {
        Ok((report, doc)) => {
            let on_stdout = drawings.take_stdout();
            let code = match drawings.write(&report) {
                true if shard.is_some() => part_code(report_code(&report)),
                true => report_code(&report),
                false => exit::OUTPUT,
            };
            if on_stdout {
                return ExitCode::from(code);
            }
            let text = if let (true, Some(shard)) = (opts.json, shard) {
                crate::cli::shard::stamped_json(&report, &doc, shard)
            } else if opts.json {
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

/// One case of a sweep: solved without progress of its own (the sweep shows how many are done).
fn solve_hidden(doc: &SpecDocument, opts: &RunOptions) -> Result<Report, Diagnostic> {
    solve(doc, opts.max_memory_given, &Progress::hidden())
}

/// Loads the puzzle of `doc`, solves it and names the report after the spec.
pub fn solve(
    doc: &SpecDocument,
    max_memory_given: bool,
    progress: &Progress,
) -> Result<Report, Diagnostic> {
    solve_part(doc, max_memory_given, progress, None)
}

/// As [`solve`], only part `shard` of the search when given (refused, with the family's reason,
/// when the objective does not split).
pub fn solve_part(
    doc: &SpecDocument,
    max_memory_given: bool,
    progress: &Progress,
    shard: Option<Shard>,
) -> Result<Report, Diagnostic> {
    let puzzle = load(doc, max_memory_given)?;
    check_split(doc, puzzle.as_ref(), shard)?;
    solve_loaded(doc, puzzle.as_ref(), progress, shard)
}

/// The puzzle of `doc`, under the spec's memory cap unless the command line gave one.
fn load(doc: &SpecDocument, max_memory_given: bool) -> Result<Box<dyn Puzzle>, Diagnostic> {
    if let (false, Some(cap)) = (max_memory_given, doc.max_memory) {
        memory::set_cap(cap);
    }
    families::load(doc)
}

/// With `--shard`, the puzzle's objective must split into independent parts.
fn check_split(
    doc: &SpecDocument,
    puzzle: &dyn Puzzle,
    shard: Option<Shard>,
) -> Result<(), Diagnostic> {
    match shard {
        Some(_) => puzzle
            .splits()
            .map_err(|why| crate::cli::shard::refused(doc, &why)),
        None => Ok(()),
    }
}

/// Solves a loaded puzzle (part `shard` of it when given) and names the report after the spec.
fn solve_loaded(
    doc: &SpecDocument,
    puzzle: &dyn Puzzle,
    progress: &Progress,
    shard: Option<Shard>,
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
    let mut report = puzzle.solve(&SolveContext { progress, shard })?;
    report.notes.extend(shard.map(crate::cli::shard::note));
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
            None if d.message == families::family::NO_PLAY_MODE => {
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
