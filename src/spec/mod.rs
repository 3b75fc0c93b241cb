//! Spec text -> a [`SpecDocument`]: TOML checked for syntax, `--set` overrides applied, the common
//! `[puzzle]` header read. Each family then deserialises the whole document into its own serde
//! structs (with spans kept) through [`SpecDocument::deserialize`].

mod cases;
mod common;
mod formula;
mod messages;
mod overrides;
mod params;
mod read;
mod size;
mod string_span;
pub mod tables;
mod title;

pub use cases::{MAX_CASES, Sweep};
pub use common::{PuzzleTable, SolveTable, choose, closest};
pub use formula::{Failures, FormulaSite};
pub use overrides::Override;
pub use params::{RawParams, resolve as resolve_params, setting};
pub use read::{MAX_SPEC_BYTES, STDIN_NAME};
pub use size::parse_size;
pub use string_span::{InnerSpans, inner_span};

use crate::diagnostic::{Diagnostic, SourceText};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// A spec file after overrides, ready for its family to read.
#[derive(Debug)]
pub struct SpecDocument {
    /// The effective text: the file as written, with `--set` overrides applied.
    pub source: Arc<SourceText>,
    pub path: PathBuf,
    pub puzzle: PuzzleTable,
    pub overrides: Vec<Override>,
    /// `solve.max_memory` in bytes (0: no cap), when the spec sets it.
    pub max_memory: Option<u64>,
    /// `solve.time_limit`, when the spec sets it.
    pub time_limit: Option<Duration>,
    /// `solve.cases`: the spec is a catalog, solved once per value of a key.
    pub cases: Option<Sweep>,
}

/// The command line's edits of a spec: keys removed (`--unset KEY`), then values written
/// (`--set KEY=VALUE`), so `--unset` and `--set` of one key replace its value.
#[derive(Debug, Clone, Default)]
pub struct Edits {
    pub unset: Vec<String>,
    pub set: Vec<String>,
}

impl Edits {
    /// Only `--set` overrides.
    pub fn set(set: &[String]) -> Edits {
        Edits {
            unset: Vec::new(),
            set: set.to_vec(),
        }
    }

    fn parse(&self) -> Result<Vec<Override>, Diagnostic> {
        let unsets = self.unset.iter().map(|raw| Override::parse_unset(raw));
        let sets = self.set.iter().map(|raw| Override::parse(raw));
        unsets.chain(sets).collect()
    }
}

#[derive(Deserialize)]
struct HeaderProbe {
    puzzle: Option<PuzzleTable>,
    /// Anything: the family's schema says what is wrong with it.
    solve: Option<toml::Value>,
}

/// `solve.max_memory`, `solve.time_limit` and `solve.cases`, read before the family reads the
/// rest: they bind the whole run, whatever the kind.
#[derive(Deserialize)]
struct LimitsProbe {
    solve: SolveProbe,
}

#[derive(Deserialize)]
struct SolveProbe {
    max_memory: Option<toml::Spanned<toml::Value>>,
    time_limit: Option<toml::Spanned<toml::Value>>,
    cases: Option<toml::Spanned<toml::Value>>,
}

impl SpecDocument {
    /// Reads and checks the file at `path` (`-`: standard input, named `<stdin>`), applying the
    /// command line's `edits`.
    pub fn load(path: &Path, edits: &Edits) -> Result<SpecDocument, Diagnostic> {
        let (path, text) = Self::read(path)?;
        Self::from_edited_text(&path, text, edits)
    }

    /// The name and text of the spec at `path` (`-`: standard input, named `<stdin>`), to load
    /// once or several times with [`SpecDocument::from_edited_text`].
    pub fn read(path: &Path) -> Result<(PathBuf, String), Diagnostic> {
        if path == Path::new("-") {
            return Ok((PathBuf::from(STDIN_NAME), read::read_stdin()?));
        }
        Ok((path.to_path_buf(), read::read_spec(path)?))
    }

    /// The spec `text` as if read from `path`, with `--set` overrides (`KEY=VALUE` strings).
    pub fn from_text(
        path: &Path,
        text: String,
        overrides: &[String],
    ) -> Result<SpecDocument, Diagnostic> {
        Self::from_edited_text(path, text, &Edits::set(overrides))
    }

    /// The spec `text` as if read from `path`, with the command line's `edits` applied.
    pub fn from_edited_text(
        path: &Path,
        text: String,
        edits: &Edits,
    ) -> Result<SpecDocument, Diagnostic> {
        let name = path.display().to_string();
        let original = Arc::new(SourceText {
            name: name.clone(),
            text,
        });
        // Syntax first, against the file exactly as written.
        if let Err(e) = toml::from_str::<toml::Table>(&original.text) {
            return Err(toml_error(&original, &e, "the file is not valid TOML"));
        }
        let overrides = edits.parse()?;
        let source = if overrides.is_empty() {
            original
        } else {
            let text = overrides::apply(&original.text, &overrides)?;
            let flag = if edits.set.is_empty() {
                "--unset"
            } else {
                "--set"
            };
            Arc::new(SourceText {
                name: format!("{name} (with {flag})"),
                text,
            })
        };
        let probe: HeaderProbe = toml::from_str(&source.text)
            .map_err(|e| toml_error(&source, &e, "check the [puzzle] table"))?;
        let mut puzzle = probe.puzzle.ok_or_else(|| {
            Diagnostic::new("the spec has no [puzzle] table")
                .at(&source, 0..0)
                .help("start the file with [puzzle] giving name = \"...\" and kind = \"...\"")
        })?;
        if puzzle.name.contains('{') {
            let table: toml::Table = toml::from_str(&source.text)
                .map_err(|e| toml_error(&source, &e, "check the [puzzle] table"))?;
            puzzle.name = title::fill_name(&source, &table, &puzzle.name)?;
        }
        let limits = probe
            .solve
            .filter(|s| {
                ["max_memory", "time_limit", "cases"]
                    .iter()
                    .any(|k| s.get(k).is_some())
            })
            .and_then(|_| toml::from_str::<LimitsProbe>(&source.text).ok())
            .map(|p| p.solve);
        let (max_memory, time_limit, cases) = match limits {
            Some(SolveProbe {
                max_memory,
                time_limit,
                cases,
            }) => (
                max_memory.map(|v| memory_size(&source, &v)).transpose()?,
                time_limit.map(|v| seconds(&source, &v)).transpose()?,
                cases.map(|v| Sweep::from_spec(&source, &v)).transpose()?,
            ),
            None => (None, None, None),
        };
        Ok(SpecDocument {
            source,
            path: path.to_path_buf(),
            puzzle,
            overrides,
            max_memory,
            time_limit,
            cases,
        })
    }

    /// Deserialises the whole document into a family's own schema.
    pub fn deserialize<T: DeserializeOwned>(&self) -> Result<T, Diagnostic> {
        toml::from_str(&self.source.text).map_err(|e| {
            let mut d = toml_error(&self.source, &e, "");
            // A key or value the command line wrote is shown in its `--set` argument: the
            // edited document has lines the file does not.
            let text = &self.source.text;
            let at = e.span().and_then(|s| {
                // Checked slices: a span the parser gives is trusted no further than this.
                let written = text.get(s.clone())?;
                let line_start = text.get(..s.start)?.rfind('\n').map_or(0, |i| i + 1);
                let line_end = text
                    .get(s.end..)?
                    .find('\n')
                    .map_or(text.len(), |i| s.end + i);
                Some((written, text.get(line_start..line_end)?))
            });
            if let Some((source, span)) = at.and_then(|(written, line)| {
                (self.overrides.iter()).find_map(|o| o.wrote_key_or_value(written, line))
            }) {
                d = d.at(&source, span);
            }
            if !self.overrides.is_empty() {
                let list: Vec<String> = self.overrides.iter().map(Override::shown).collect();
                let extra = format!("the document includes {}", list.join(", "));
                d.help = Some(match d.help {
                    Some(h) => format!("{h}; {extra}"),
                    None => extra,
                });
            }
            d
        })
    }

    /// An error pointing at `span` of this document.
    pub fn error(&self, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(message).at(&self.source, span)
    }

    /// The folder of the spec file, against which file names inside the spec are resolved.
    pub fn dir(&self) -> PathBuf {
        self.path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("."))
    }
}

/// `solve.max_memory` in bytes: a size string such as "4G", or a whole number of bytes.
fn memory_size(
    source: &Arc<SourceText>,
    value: &toml::Spanned<toml::Value>,
) -> Result<u64, Diagnostic> {
    let parsed = match value.get_ref() {
        toml::Value::String(s) => parse_size(s),
        toml::Value::Integer(n) => u64::try_from(*n).map_err(|_| "a size is not negative".into()),
        _ => Err("give a size such as \"4G\" or \"512M\"".to_string()),
    };
    parsed.map_err(|why| {
        Diagnostic::new(format!("solve.max_memory: {why}"))
            .at(source, value.span())
            .help("write e.g. max_memory = \"4G\" (or \"none\" for no cap)")
    })
}

/// `solve.time_limit`: a positive number of seconds.
fn seconds(
    source: &Arc<SourceText>,
    value: &toml::Spanned<toml::Value>,
) -> Result<Duration, Diagnostic> {
    let parsed = match value.get_ref() {
        toml::Value::Integer(n) => parse_seconds(&n.to_string()),
        toml::Value::Float(x) => parse_seconds(&x.to_string()),
        toml::Value::String(s) => parse_seconds(s),
        _ => Err("give a number of seconds, e.g. 30 or 2.5".to_string()),
    };
    parsed.map_err(|why| {
        Diagnostic::new(format!("solve.time_limit: {why}"))
            .at(source, value.span())
            .help("write e.g. time_limit = 30 (seconds)")
    })
}

/// A time limit in seconds (`30`, `2.5`, `0.1`): positive and finite.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds (e.g. 30 or 2.5)"))?;
    // NaN is neither positive nor anything else: refused here with the rest.
    if secs.is_nan() || secs <= 0.0 {
        return Err(format!("the time limit must be positive, not {text}"));
    }
    Duration::try_from_secs_f64(secs)
        .map_err(|_| format!("{text} seconds is too long for a time limit"))
}

/// Turns a toml/serde error into a diagnostic with a hint matched to its kind.
fn toml_error(source: &Arc<SourceText>, e: &toml::de::Error, fallback_help: &str) -> Diagnostic {
    let message = e.message().trim().to_string();
    if let Some((message, help)) = messages::plain(&message) {
        let span = e.span().unwrap_or(0..0);
        return Diagnostic::new(message).at(source, span).help(help);
    }
    let help = if message.starts_with("unknown field") {
        "remove the field or fix its spelling; docs/spec-format.md lists every field".to_string()
    } else if message.starts_with("missing field") {
        "add the field; docs/spec-format.md lists the required fields of each table".to_string()
    } else if message.starts_with("invalid type") || message.starts_with("invalid value") {
        "give a value of the expected type (see docs/spec-format.md)".to_string()
    } else if message.starts_with("unknown variant") {
        "use one of the listed values".to_string()
    } else {
        fallback_help.to_string()
    };
    let span = e.span().unwrap_or(0..0);
    let mut d = Diagnostic::new(message).at(source, span);
    if !help.is_empty() {
        d = d.help(help);
    }
    d
}
