//! `puzzlespec merge FILE...`: the --json reports of the parts of a split run (`run --shard K/N`)
//! checked (every part 0..N-1 once, one spec, one version, each unchanged since written) and
//! added up into the report of the whole (`report::merge` does the adding).

use super::output;
use crate::cli::exit;
use crate::diagnostic::Diagnostic;
use crate::report::merge::{self, Part};
use crate::report::shard::{self, Stamp};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `puzzlespec merge FILE... [--json]`.
pub fn command(files: &[PathBuf], json: bool) -> ExitCode {
    let parts = match read_all(files) {
        Ok(parts) => parts,
        Err(d) => return crate::cli::outcome::fail(&d, json),
    };
    let mut merged = merge::merge(&parts);
    let view = merge::describe(&mut merged, &describe);
    let code = exit_code(&merged);
    for (k, file, why) in &merged.stopped {
        output::stderr(&format!(
            "puzzlespec merge: part {k} ({}) was stopped ({why}): the total is incomplete; run that part again\n",
            file.display()
        ));
    }
    let text = if json {
        format!(
            "{}\n",
            serde_json::to_string_pretty(&merged.doc).unwrap_or_default()
        )
    } else {
        merge::text(&merged, &view, super::terminal::stdout_width())
    };
    output::finish(output::stdout(&text), code)
}

/// What the kind of a merged document adds to its text (its notes and sections).
fn describe(doc: &Value, report: &mut crate::report::Report) {
    let kind = doc.get("kind").and_then(Value::as_str).unwrap_or("");
    if let Some(family) = crate::families::FAMILIES.iter().find(|f| f.kind() == kind) {
        family.describe_merged(doc, report);
    }
}

/// Every file read and checked, in part order; Err names the file at fault.
fn read_all(files: &[PathBuf]) -> Result<Vec<Part>, Diagnostic> {
    if files.is_empty() {
        return Err(Diagnostic::new(
            "merge needs the --json reports of the parts, and none was given",
        )
        .help("give every part's file, e.g. `puzzlespec merge parts/*.json`"));
    }
    let mut parts: Vec<Part> = Vec::with_capacity(files.len());
    for file in files {
        let part = read(file)?;
        if let Some(first) = parts.first() {
            same_run(first, &part)?;
        }
        if let Some(twin) = parts.iter().find(|p| p.stamp.index == part.stamp.index) {
            return Err(Diagnostic::new(format!(
                "{} and {} are both part {} of {}",
                twin.file.display(),
                part.file.display(),
                part.stamp.index,
                part.stamp.count
            ))
            .help("give each part once"));
        }
        parts.push(part);
    }
    let count = parts[0].stamp.count;
    let missing: Vec<u32> = (0..count)
        .filter(|k| parts.iter().all(|p| p.stamp.index != *k))
        .collect();
    if !missing.is_empty() {
        return Err(Diagnostic::new(format!(
            "{} of the {count} parts {} missing: {}",
            missing.len(),
            if missing.len() == 1 { "is" } else { "are" },
            list(&missing)
        ))
        .help(format!(
            "run the missing parts (--shard K/{count}, e.g. `sbatch --array={}`) and merge again with their files",
            list(&missing).replace(' ', "")
        )));
    }
    parts.sort_by_key(|p| p.stamp.index);
    Ok(parts)
}

fn read(file: &Path) -> Result<Part, Diagnostic> {
    let named = |why: String| {
        Diagnostic::new(format!("{}: {why}", file.display()))
            .help("give the --json report that `puzzlespec run --shard K/N --json` wrote for a part, unchanged")
    };
    let text = std::fs::read_to_string(file).map_err(|e| named(format!("cannot be read: {e}")))?;
    let doc: Value = serde_json::from_str(&text).map_err(|e| {
        named(format!(
            "is not a whole JSON document ({e}); a part cut short (its run killed while writing) must be run again"
        ))
    })?;
    if doc.get("status").and_then(Value::as_str) == Some("error") {
        return Err(named(
            "is the report of a run that failed (status \"error\")".into(),
        ));
    }
    let stamp = shard::read(&doc).map_err(named)?;
    Ok(Part {
        file: file.to_path_buf(),
        stamp,
        doc,
    })
}

/// Two parts of one run: the same spec, version and number of parts.
fn same_run(first: &Part, part: &Part) -> Result<(), Diagnostic> {
    let (a, b): (&Stamp, &Stamp) = (&first.stamp, &part.stamp);
    let differ = if a.fingerprint != b.fingerprint {
        Some(format!(
            "is a part of another spec (fingerprint {} against {} of {}): the spec's text or its --set differ",
            b.fingerprint,
            a.fingerprint,
            first.file.display()
        ))
    } else if a.version != b.version {
        Some(format!(
            "was written by puzzlespec {} and {} by {}: parts of different versions may split differently",
            b.version,
            first.file.display(),
            a.version
        ))
    } else if a.count != b.count {
        Some(format!(
            "is part of a run in {} parts, {} of a run in {}",
            b.count,
            first.file.display(),
            a.count
        ))
    } else {
        None
    };
    match differ {
        Some(why) => Err(Diagnostic::new(format!("{}: {why}", part.file.display()))
            .help("merge the parts of one run only")),
        None => Ok(()),
    }
}

/// `0, 3, 5-9` style list of part numbers.
fn list(parts: &[u32]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < parts.len() {
        let mut j = i;
        while j + 1 < parts.len() && parts[j + 1] == parts[j] + 1 {
            j += 1;
        }
        out.push(match j - i {
            0 => parts[i].to_string(),
            _ => format!("{}-{}", parts[i], parts[j]),
        });
        i = j + 1;
    }
    out.join(", ")
}

/// A stopped part's code (the highest, when several were: Ctrl-C over memory over time), else 1
/// when no part found a solution, else 0.
fn exit_code(m: &merge::Merged) -> u8 {
    let stop = m
        .stopped
        .iter()
        .map(|(_, _, why)| match why.as_str() {
            "interrupted" => exit::INTERRUPTED,
            "memory-limit" => exit::MEMORY,
            _ => exit::TIME_LIMIT,
        })
        .max();
    match (stop, m.status()) {
        (Some(code), _) => code,
        (None, "no-solution") => exit::NO_SOLUTION,
        _ => exit::OK,
    }
}
