//! What only the command-line program needs around the commands of `app`: output streams that
//! may be closed or full, the progress spinner, and a thread with room for deep formulas.

pub mod memory;
pub mod output;
pub mod progress_bar;
pub mod search_size;
pub mod stack;
pub mod stop_signals;

pub use stack::on_large_stack;
