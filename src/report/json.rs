//! `--json`: one document on stdout. Field names are stable; see docs/json.md.

use super::Report;
use crate::diagnostic::Diagnostic;
use serde_json::json;

pub fn report(r: &Report) -> String {
    serde_json::to_string_pretty(r).unwrap_or_else(|e| {
        json!({"status": "error", "error": {"message": format!("cannot encode report: {e}")}})
            .to_string()
    })
}

/// The document of a run that failed: `{"status": "error", "error": {...}}`.
pub fn error(d: &Diagnostic) -> String {
    serde_json::to_string_pretty(&json!({"status": "error", "error": error_value(d)}))
        .expect("plain JSON values encode")
}

/// The `error` object: message, and file, line, column and help when known.
pub fn error_value(d: &Diagnostic) -> serde_json::Value {
    let mut err = json!({ "message": d.message });
    if let Some(loc) = &d.location {
        let (line, column) = loc.line_col();
        err["file"] = json!(loc.source.name);
        err["line"] = json!(line);
        err["column"] = json!(column);
    }
    if let Some(help) = &d.help {
        err["help"] = json!(help);
    }
    err
}
