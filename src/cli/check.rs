//! `puzzlespec check` and `puzzlespec list`: many specs loaded without solving, one line (or one
//! JSON entry) each, the same entry shape for both commands (docs/json.md).

use super::{color, output, terminal};
use crate::cli::exit;
use crate::cli::outcome::fail;
use crate::diagnostic::Diagnostic;
use crate::families;
use crate::report::json::error_value;
use crate::report::pad;
use crate::report::wrap::wrap;
use crate::spec::{Edits, SpecDocument, Sweep};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The folder `list` reads when given none.
pub const DEFAULT_DIR: &str = "specs";

/// One spec as loaded: its name, kind and summary, or its diagnostic.
struct Entry {
    file: String,
    loaded: Result<(SpecDocument, String), Diagnostic>,
}

impl Entry {
    fn load(path: &Path, edits: &Edits) -> Entry {
        let loaded = SpecDocument::load(path, edits).and_then(|doc| {
            let summary = match &doc.cases {
                None => families::load(&doc)?.summary(),
                Some(cases) => format!(
                    "{}; {} cases of {}",
                    load_each_case(&doc, cases)?,
                    cases.values.len(),
                    cases.key
                ),
            };
            Ok((doc, summary))
        });
        let file = match &loaded {
            Ok((doc, _)) => doc.path.display().to_string(),
            Err(_) if path == Path::new("-") => crate::spec::STDIN_NAME.to_string(),
            Err(_) => path.display().to_string(),
        };
        Entry { file, loaded }
    }

    fn json(&self) -> Value {
        match &self.loaded {
            Ok((doc, summary)) => json!({
                "file": self.file,
                "valid": true,
                "name": doc.puzzle.name,
                "kind": doc.puzzle.kind.get_ref(),
                "summary": summary,
            }),
            Err(d) => json!({"file": self.file, "valid": false, "error": error_value(d)}),
        }
    }
}

/// Loads the spec once per value of its `solve.cases` (the spec alone may be incomplete: the
/// cases fill it in); the first case that does not load is the spec's error. The summary is the
/// first case's.
fn load_each_case(doc: &SpecDocument, cases: &Sweep) -> Result<String, Diagnostic> {
    let mut first = None;
    for value in &cases.values {
        let edits = Edits::set(&[format!("{}={value}", cases.key)]);
        let case = SpecDocument::from_edited_text(&doc.path, doc.source.text.clone(), &edits)?;
        let summary = families::load(&case)?.summary();
        first.get_or_insert(summary);
    }
    Ok(first.unwrap_or_default())
}

/// `check SPEC... [--set ...] [--json]`: exit 0 when every spec is valid, else 2.
pub fn check(specs: &[PathBuf], edits: &Edits, json: bool) -> ExitCode {
    let mut entries = Vec::with_capacity(specs.len());
    let width = terminal::stdout_width();
    for path in specs {
        let entry = Entry::load(path, edits);
        match &entry.loaded {
            Err(d) => output::stderr(&d.render(color::stderr())),
            Ok((doc, summary)) if !json => {
                let head = format!("ok  {} ({}): ", entry.file, doc.puzzle.kind.get_ref());
                let line = format!("{head}{}\n", wrap(summary, width, head.chars().count(), 4));
                if let Err(e) = output::stdout(&line) {
                    return output::stdout_failed(&e, exit::OK);
                }
            }
            Ok(_) => {}
        }
        entries.push(entry);
    }
    let valid = entries.iter().filter(|e| e.loaded.is_ok()).count();
    let invalid = entries.len() - valid;
    let code = if invalid == 0 {
        exit::OK
    } else {
        exit::BAD_INPUT
    };
    let text = if json {
        let specs: Vec<Value> = entries.iter().map(Entry::json).collect();
        let doc = json!({"valid": valid, "invalid": invalid, "specs": specs});
        format!("{}\n", pretty(&doc))
    } else {
        format!("{}\n", summary_line(valid, invalid))
    };
    output::finish(output::stdout(&text), code)
}

/// `35 valid, 2 with errors` (`1 valid` when nothing failed).
pub fn summary_line(valid: usize, invalid: usize) -> String {
    match invalid {
        0 => format!("{valid} valid"),
        1 => format!("{valid} valid, 1 with errors"),
        n => format!("{valid} valid, {n} with errors"),
    }
}

/// `list [DIR] [--json]`: one row per `.toml` file of the folder (default `specs/`).
pub fn list(dir: Option<&Path>, json: bool) -> ExitCode {
    let files = match spec_files(dir) {
        Ok(files) => files,
        Err(d) => return fail(&d, json),
    };
    let shown = dir.unwrap_or(Path::new(DEFAULT_DIR)).display().to_string();
    let entries: Vec<Entry> = files
        .iter()
        .map(|p| Entry::load(p, &Edits::default()))
        .collect();
    if json {
        let specs: Vec<Value> = entries.iter().map(Entry::json).collect();
        let doc = json!({"dir": shown, "specs": specs});
        return output::finish(output::stdout(&format!("{}\n", pretty(&doc))), exit::OK);
    }
    if entries.is_empty() {
        output::stderr(&format!(
            "{shown} has no spec (no .toml file); give a folder of specs: `puzzlespec list DIR`\n"
        ));
        return ExitCode::from(exit::OK);
    }
    let text = list_rows(&entries, terminal::stdout_width());
    output::finish(output::stdout(&text), exit::OK)
}

/// The `.toml` files of `dir` (or of `specs/`, which must then exist here), sorted.
fn spec_files(dir: Option<&Path>) -> Result<Vec<PathBuf>, Diagnostic> {
    let folder = dir.unwrap_or(Path::new(DEFAULT_DIR));
    if dir.is_none() && !folder.is_dir() {
        let here = std::env::current_dir()
            .map(|p| format!(" in {}", p.display()))
            .unwrap_or_default();
        return Err(
            Diagnostic::new(format!("there is no specs/ folder{here} to list"))
                .help("give the folder of your specs, e.g. `puzzlespec list path/to/specs`"),
        );
    }
    let entries = std::fs::read_dir(folder).map_err(|e| {
        Diagnostic::new(format!("cannot list {}: {e}", folder.display()))
            .help("give a folder of .toml specs, e.g. `puzzlespec list specs`")
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    Ok(files)
}

/// Aligned columns file, name, kind, summary, the summary wrapping under itself; when the
/// terminal is too narrow for the columns, each spec takes a line `file: name (kind)` and
/// an indented summary below it.
fn list_rows(entries: &[Entry], width: Option<usize>) -> String {
    let rows: Vec<[String; 4]> = entries.iter().map(row).collect();
    let widest = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let (w0, w1, w2) = (widest(0), widest(1), widest(2));
    let column = w0 + w1 + w2 + 6;
    let narrow = width.is_some_and(|w| w < column + 30);
    let mut out = String::new();
    for [file, name, kind, summary] in &rows {
        if narrow {
            let head = format!("{file}: {name} ({kind})");
            out.push_str(&format!("{}\n", wrap(&head, width, 0, 4)));
            out.push_str(&format!("    {}\n", wrap(summary, width, 4, 4)));
            continue;
        }
        let summary = wrap(summary, width, column, column);
        let (file, name, kind) = (
            pad::left(file, w0),
            pad::left(name, w1),
            pad::left(kind, w2),
        );
        out.push_str(&format!("{file}  {name}  {kind}  {summary}\n"));
    }
    out
}

/// File, name, kind and summary of one spec, or its error in place of the summary.
fn row(entry: &Entry) -> [String; 4] {
    match &entry.loaded {
        Ok((doc, summary)) => [
            entry.file.clone(),
            doc.puzzle.name.clone(),
            doc.puzzle.kind.get_ref().clone(),
            summary.clone(),
        ],
        Err(d) => [
            entry.file.clone(),
            "(invalid)".into(),
            "-".into(),
            d.to_string(),
        ],
    }
}

fn pretty(doc: &Value) -> String {
    serde_json::to_string_pretty(doc).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
