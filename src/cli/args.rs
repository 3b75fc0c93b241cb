//! The command line as clap reads it; `main.rs` parses it and `app` carries it out. It lives in
//! the library so that completions and the man page are generated from the same definition.

use crate::cli::color::ColorChoice;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// A declarative puzzle solver: describe a puzzle in a TOML spec, get its answer.
#[derive(Parser)]
#[command(name = "puzzlespec", version, about, long_about = None)]
#[command(
    after_help = "Examples:\n  puzzlespec run specs/water-jugs.toml\n  puzzlespec check specs/*.toml\n  puzzlespec list\n  puzzlespec new water-jugs > my-jugs.toml"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// No progress display on stderr.
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// Memory cap, e.g. 4G or 512M, or `none` (default: solve.max_memory, else 3/4 of the
    /// machine's memory, at most half of `ulimit -v`); passing it ends the run with a message
    /// and exit code 5.
    #[arg(long, global = true, value_name = "SIZE", value_parser = crate::spec::parse_size)]
    pub max_memory: Option<u64>,
    /// When to colour the output (diagnostics, help); `auto` honours NO_COLOR and colours only
    /// a terminal.
    #[arg(long, global = true, value_name = "WHEN", default_value = "auto")]
    pub color: ColorChoice,
}

/// `--set` and `--unset`: edits of the spec before it is read.
#[derive(Args, Clone, Default)]
pub struct EditArgs {
    /// Override any key of the spec; VALUE is TOML (a bare word is taken as a string).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Remove a key of the spec (before any --set); a key the spec lacks is an error.
    #[arg(long = "unset", value_name = "KEY")]
    pub unset: Vec<String>,
}

impl EditArgs {
    pub fn edits(&self) -> crate::spec::Edits {
        crate::spec::Edits {
            unset: self.unset.clone(),
            set: self.set.clone(),
        }
    }
}

#[derive(Subcommand)]
pub enum Command {
    /// Solve a spec and print the answer.
    #[command(
        after_help = "Examples:\n  puzzlespec run specs/water-jugs.toml\n  puzzlespec run specs/water-jugs.toml --json\n  puzzlespec run specs/water-jugs.toml --set 'jugs.capacities=[3,5]' --set 'jugs.goal=\"A == 4 or B == 4\"'\n  puzzlespec run specs/water-jugs.toml --objective all-shortest --limit 5\n  puzzlespec run specs/english33.toml --boards\n  puzzlespec run specs/queens-count.toml --sweep board.n=4..10\n  puzzlespec run specs/triangle15.toml --html triangle.html --svg triangle.svg\n  puzzlespec run - < specs/eight.toml\n\nExit codes: 0 solved, 1 no solution, 2 bad spec or arguments, 3 internal error, 4 output not written (e.g. disk full, an --html or --svg path that cannot be written), 5 memory cap reached (--max-memory), 6 time limit reached (--time-limit), 130 interrupted (Ctrl-C); 5, 6 and 130 print what was found so far. With --sweep: the highest code of the cases."
    )]
    Run {
        /// The spec file (TOML); `-` reads it from standard input.
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
        /// How many solutions to list, instead of the spec's `solve.limit`.
        #[arg(long, value_name = "N")]
        limit: Option<u64>,
        #[command(flatten)]
        edits: EditArgs,
        /// Solve once per value of a key: KEY=A..B (integers, both ends included) or
        /// KEY=[a,b,c] (TOML values); one table row per case and a total line.
        #[arg(long, value_name = "KEY=VALUES")]
        sweep: Option<String>,
        /// Stop the search after this many seconds (e.g. 30 or 2.5) and report what it found
        /// so far, with exit code 6 (default: solve.time_limit, else none).
        #[arg(long, value_name = "SECONDS", value_parser = crate::spec::parse_seconds)]
        time_limit: Option<std::time::Duration>,
        /// Also write the answer as one self-contained HTML page: the puzzle, the answer with a
        /// step-through playback of the moves, the statistics (`-`: on stdout instead of the
        /// text report).
        #[arg(long, value_name = "FILE", conflicts_with = "sweep")]
        html: Option<PathBuf>,
        /// Also write the start and end boards (or the placement) as one SVG drawing (`-`: on
        /// stdout instead of the text report).
        #[arg(long, value_name = "FILE", conflicts_with = "sweep")]
        svg: Option<PathBuf>,
        /// Draw the states as boards side by side, the last move marked (default: the spec's
        /// `[display] boards` or `[output] draw`); a batch prints one line per instance.
        #[arg(long)]
        boards: bool,
        /// Solve only part K of N (from 0) of a split search, for a batch of runs whose --json
        /// reports `puzzlespec merge` adds up; `auto` reads K (and N) from a Slurm job array,
        /// a Kubernetes Indexed Job or GNU parallel (see docs/cluster.md).
        #[arg(long, value_name = "K/N|auto", value_parser = crate::cli::shard_arg::parse, conflicts_with_all = ["html", "svg"])]
        shard: Option<crate::cli::shard_arg::ShardArg>,
        /// N for `--shard auto` when the environment gives only the index (Kubernetes, GNU
        /// parallel).
        #[arg(long, value_name = "N", value_parser = crate::cli::shard_arg::count, requires = "shard")]
        shards: Option<u32>,
    },
    /// Add up the --json reports of the parts of a split run (`run --shard K/N`).
    #[command(
        after_help = "Examples:\n  puzzlespec merge parts/*.json\n  puzzlespec merge --json parts/*.json > total.json\n\nEvery part 0..N-1 must be there once, of the same spec and version, unchanged since the run wrote it.\nExit codes: 0 merged, 1 no solution in any part, 2 a part missing, repeated, foreign or changed, 6/5/130 a part was stopped (the total is incomplete)."
    )]
    Merge {
        /// The parts' --json reports.
        files: Vec<PathBuf>,
        /// Print one JSON document on stdout instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play interactively: puzzlespec guesses, you answer on stdin (codebreaker specs).
    #[command(
        after_help = "Examples:\n  puzzlespec play specs/bulls-and-cows.toml\n  printf '0 2\\n0 2\\n' | puzzlespec play specs/bulls-and-cows.toml\n\nExit codes: 0 solved or quit, 1 input ended first, 2 bad spec or a kind without play mode."
    )]
    Play {
        /// The spec file (TOML).
        spec: PathBuf,
        #[command(flatten)]
        edits: EditArgs,
    },
    /// Validate specs without solving; exit 0 when all are valid.
    #[command(
        after_help = "Examples:\n  puzzlespec check specs/*.toml\n  puzzlespec check specs/mastermind.toml --set code.pegs=5\n  puzzlespec new komachi | puzzlespec check -"
    )]
    Check {
        /// Spec files; `-` reads one from standard input.
        #[arg(required = true)]
        specs: Vec<PathBuf>,
        /// Print one JSON document on stdout instead of text.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        edits: EditArgs,
    },
    /// One line per spec in a folder: file, name, kind, summary.
    #[command(after_help = "Examples:\n  puzzlespec list\n  puzzlespec list path/to/specs --json")]
    List {
        /// The folder (default: specs/ in the current folder).
        dir: Option<PathBuf>,
        /// Print one JSON document on stdout instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Print a commented starter spec of a kind (without KIND: the kinds).
    #[command(after_help = "Examples:\n  puzzlespec new\n  puzzlespec new water-jugs > jugs.toml")]
    New {
        /// The kind, e.g. water-jugs.
        kind: Option<String>,
    },
    /// Print a shell completion script.
    #[command(
        after_help = "Examples:\n  puzzlespec completions bash > ~/.local/share/bash-completion/completions/puzzlespec\n  puzzlespec completions zsh > ~/.zfunc/_puzzlespec\n  puzzlespec completions fish > ~/.config/fish/completions/puzzlespec.fish"
    )]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff).
    #[command(
        after_help = "Examples:\n  puzzlespec man > puzzlespec.1 && man ./puzzlespec.1\n  puzzlespec man | man -l -"
    )]
    Man,
}
