use clap::{CommandFactory, FromArgMatches};
use puzzlespec::app;
use puzzlespec::cli::args::{Cli, Command};
use puzzlespec::cli::color;
use puzzlespec::cli::memory::{self, CappedAllocator};
use puzzlespec::cli::{check, output, reference, starters};
use std::process::ExitCode;

/// Counts allocations so that passing the memory cap is a message and exit code 5, not an abort.
#[global_allocator]
static ALLOCATOR: CappedAllocator = CappedAllocator::new();

fn main() -> ExitCode {
    // First, before any code compiled for the newer features can run.
    let missing = puzzlespec::cli::cpu::missing_features();
    if !missing.is_empty() {
        return unsupported_processor(&missing);
    }
    memory::keep_freed_memory();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // Colour is chosen before parsing, so that clap's own errors and help follow --color too.
    color::set(color::choice_in_args(&args));
    let cli = match parse(args) {
        Ok(cli) => cli,
        Err(e) => return usage(&e),
    };
    color::set(cli.color);
    memory::set_cap(cli.max_memory.or_else(memory::default_cap).unwrap_or(0));
    // Deep formulas recurse; the commands run where the stack has room for them.
    puzzlespec::cli::on_large_stack(move || dispatch(cli))
}

fn parse(args: Vec<std::ffi::OsString>) -> Result<Cli, clap::Error> {
    let clap_color = match (color::stdout(), color::stderr()) {
        (true, true) => clap::ColorChoice::Always,
        _ => clap::ColorChoice::Never,
    };
    let matches = Cli::command()
        .color(clap_color)
        .try_get_matches_from(args)?;
    Cli::from_arg_matches(&matches)
}

/// A processor without features this build uses: say so instead of dying of an illegal
/// instruction in the middle of a search.
fn unsupported_processor(missing: &[&str]) -> ExitCode {
    let d = puzzlespec::diagnostic::Diagnostic::new(format!(
        "this processor lacks {}, which this build of puzzlespec was compiled to use",
        missing.join(", ")
    ))
    .help("rebuild for this machine: RUSTFLAGS=\"-C target-cpu=native\" cargo build --release");
    output::stderr(&d.render(false));
    ExitCode::from(app::exit::INTERNAL)
}

/// Help, version or a usage error from clap, written without panicking on a closed or full
/// stream (help and version exit 0, a usage error 2, as clap does).
fn usage(e: &clap::Error) -> ExitCode {
    let to_stderr = e.use_stderr();
    let colored = if to_stderr {
        color::stderr()
    } else {
        color::stdout()
    };
    let rendered = e.render();
    let text = if colored {
        rendered.ansi().to_string()
    } else {
        rendered.to_string()
    };
    if to_stderr {
        output::stderr(&text);
        return ExitCode::from(app::exit::BAD_INPUT);
    }
    output::finish(output::stdout(&text), app::exit::OK)
}

fn dispatch(cli: Cli) -> ExitCode {
    let quiet = cli.quiet;
    match cli.command {
        Command::Run {
            spec,
            json,
            engine,
            objective,
            limit,
            edits,
            sweep,
            time_limit,
            html,
            svg,
            boards,
            shard,
            shards,
        } => app::run(&app::RunOptions {
            spec,
            json,
            engine,
            objective,
            limit,
            edits,
            sweep,
            quiet,
            max_memory_given: cli.max_memory.is_some(),
            time_limit,
            html,
            svg,
            boards,
            shard,
            shards,
        }),
        Command::Merge { files, json } => puzzlespec::cli::merge::command(&files, json),
        Command::Play { spec, edits } => app::play(&spec, &edits),
        Command::Check { specs, json, edits } => check::check(&specs, &edits.edits(), json),
        Command::List { dir, json } => check::list(dir.as_deref(), json),
        Command::New { kind } => starters::command(kind.as_deref()),
        Command::Completions { shell } => reference::completions(shell),
        Command::Man => reference::man_page(),
    }
}
