//! puzzlespec: a declarative puzzle-spec interpreter.
//!
//! Data flows one way: `spec` (TOML text -> checked document) -> `families` (puzzle model) ->
//! `engine` (search) -> `report` (text or JSON). `expr` is the formula language of the specs.

pub mod app;
pub mod cli;
pub mod diagnostic;
pub mod engine;
pub mod expr;
pub mod families;
pub mod report;
pub mod spec;
pub mod util;
