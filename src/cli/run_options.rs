//! The options of `run`, as `main.rs` parsed them; `app` and `--sweep` read them.

use crate::cli::args::EditArgs;
use crate::spec::Edits;
use std::path::PathBuf;

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
    /// `--shard K/N` or `auto`: solve one part of a split search (`cli::shard`).
    pub shard: Option<crate::cli::shard_arg::ShardArg>,
    /// `--shards N`: N for `--shard auto` when the environment gives only the index.
    pub shards: Option<u32>,
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
