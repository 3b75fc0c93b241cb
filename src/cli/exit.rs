//! Exit codes, documented in the README. Their own module, at the bottom of `cli`, so that
//! every command's file can name them without importing `app`.

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
