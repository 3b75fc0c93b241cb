use clap::{Parser, Subcommand};
use puzzlespec::app;
use puzzlespec::cli::memory::{self, CappedAllocator};
use puzzlespec::cli::output;
use std::path::PathBuf;
use std::process::ExitCode;

/// Counts allocations so that passing the memory cap is a message and exit code 5, not an abort.
#[global_allocator]
static ALLOCATOR: CappedAllocator = CappedAllocator::new();

/// A declarative puzzle solver: describe a puzzle in a TOML spec, get its answer.
#[derive(Parser)]
#[command(name = "puzzlespec", version, about, long_about = None)]
#[command(
    after_help = "Examples:\n  puzzlespec run specs/water-jugs.toml\n  puzzlespec check specs/*.toml\n  puzzlespec list"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// No progress display on stderr.
    #[arg(long, short, global = true)]
    quiet: bool,
    /// Memory cap, e.g. 4G or 512M, or `none` (default: solve.max_memory, else 3/4 of the
    /// machine's memory); passing it ends the run with a message and exit code 5.
    #[arg(long, global = true, value_name = "SIZE", value_parser = puzzlespec::spec::parse_size)]
    max_memory: Option<u64>,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a spec and print the answer.
    #[command(
        after_help = "Examples:\n  puzzlespec run specs/water-jugs.toml\n  puzzlespec run specs/water-jugs.toml --json\n  puzzlespec run specs/water-jugs.toml --set 'jugs.capacities=[3,5]' --set 'jugs.goal=\"A == 4 or B == 4\"'\n  puzzlespec run specs/water-jugs.toml --objective all-shortest\n\nExit codes: 0 solved, 1 no solution, 2 bad spec or arguments, 3 internal error, 4 output not written (e.g. disk full), 5 memory cap reached (--max-memory), 6 time limit reached (--time-limit), 130 interrupted (Ctrl-C); 5, 6 and 130 print what was found so far."
    )]
    Run {
        /// The spec file (TOML).
        spec: PathBuf,
        /// Print one JSON document on stdout instead of text.
        #[arg(long)]
        json: bool,
        /// Engine to use instead of the spec's `solve.engine` (default: auto).
        #[arg(long, value_name = "NAME")]
        engine: Option<String>,
        /// Objective instead of the spec's `solve.objective`.
        #[arg(long, value_name = "NAME")]
        objective: Option<String>,
        /// Override any key of the spec; VALUE is TOML (a bare word is taken as a string).
        #[arg(long = "set", value_name = "KEY=VALUE")]
        set: Vec<String>,
        /// Stop the search after this many seconds (e.g. 30 or 2.5) and report what it found
        /// so far, with exit code 6 (default: solve.time_limit, else none).
        #[arg(long, value_name = "SECONDS", value_parser = puzzlespec::spec::parse_seconds)]
        time_limit: Option<std::time::Duration>,
    },
    /// Play interactively: puzzlespec guesses, you answer on stdin (codebreaker specs).
    #[command(
        after_help = "Examples:\n  puzzlespec play specs/bulls-and-cows.toml\n  printf '0 2\\n0 2\\n' | puzzlespec play specs/bulls-and-cows.toml\n\nExit codes: 0 solved or quit, 1 input ended first, 2 bad spec or a kind without play mode."
    )]
    Play {
        /// The spec file (TOML).
        spec: PathBuf,
        /// Override any key of the spec; VALUE is TOML (a bare word is taken as a string).
        #[arg(long = "set", value_name = "KEY=VALUE")]
        set: Vec<String>,
    },
    /// Validate specs without solving; exit 0 when all are valid.
    #[command(after_help = "Example:\n  puzzlespec check specs/*.toml")]
    Check {
        #[arg(required = true)]
        specs: Vec<PathBuf>,
    },
    /// One line per spec in a folder: file, name, kind, summary.
    #[command(after_help = "Example:\n  puzzlespec list specs")]
    List {
        #[arg(default_value = "specs")]
        dir: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage(&e),
    };
    memory::set_cap(cli.max_memory.or_else(memory::default_cap).unwrap_or(0));
    // Deep formulas recurse; the commands run where the stack has room for them.
    puzzlespec::cli::on_large_stack(move || dispatch(cli))
}

/// Help, version or a usage error from clap, written without panicking on a closed or full
/// stream (help and version exit 0, a usage error 2, as clap does).
fn usage(e: &clap::Error) -> ExitCode {
    use std::io::IsTerminal;
    let to_stderr = e.use_stderr();
    let colored = if to_stderr {
        std::io::stderr().is_terminal()
    } else {
        std::io::stdout().is_terminal()
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
            set,
            time_limit,
        } => app::run(&app::RunOptions {
            spec,
            json,
            engine,
            objective,
            set,
            quiet,
            max_memory_given: cli.max_memory.is_some(),
            time_limit,
        }),
        Command::Play { spec, set } => app::play(&spec, &set),
        Command::Check { specs } => app::check(&specs),
        Command::List { dir } => app::list(&dir),
    }
}
