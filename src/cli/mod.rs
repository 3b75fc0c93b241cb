//! What only the command-line program needs around the commands of `app`: the argument
//! definition, output streams that may be closed or full, colour, the progress spinner, a thread
//! with room for deep formulas, and the commands that are about the command line itself
//! (`check`, `list`, `new`, `completions`, `man`, `run --sweep`).

pub mod args;
pub mod check;
pub mod color;
pub mod cpu;
pub mod drawing_files;
pub mod exit;
pub mod memory;
pub mod merge;
pub mod outcome;
pub mod output;
pub mod progress_bar;
pub mod reference;
pub mod run_options;
pub mod search_size;
pub mod shard;
pub mod shard_arg;
pub mod stack;
pub mod starters;
pub mod stop_signals;
pub mod sweep;
pub mod sweep_case;
mod sweep_table;
pub mod terminal;

pub use stack::on_large_stack;
