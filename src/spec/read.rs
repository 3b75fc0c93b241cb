//! Reading a spec file: only regular files (a FIFO or a device would block or never end), of a
//! bounded size, in UTF-8 (a bad byte is named by its offset, line and column). Standard input
//! (`-`) is read with the same bound and named `<stdin>` in diagnostics.

use crate::diagnostic::{Diagnostic, SourceText};
use std::io::Read;
use std::path::Path;
use std::sync::Arc;

/// The largest spec file read, far above any hand-written spec.
pub const MAX_SPEC_BYTES: u64 = 16 << 20;

/// The name diagnostics give a spec read from standard input.
pub const STDIN_NAME: &str = "<stdin>";

/// The spec text on standard input (`puzzlespec run -`), read to its end but never past the bound.
pub fn read_stdin() -> Result<String, Diagnostic> {
    let path = Path::new(STDIN_NAME);
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(MAX_SPEC_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| {
            Diagnostic::new(format!("cannot read the spec on standard input: {e}"))
                .help("pipe a spec into puzzlespec, e.g. `puzzlespec run - < specs/eight.toml`")
        })?;
    if bytes.len() as u64 > MAX_SPEC_BYTES {
        return Err(too_large(path));
    }
    String::from_utf8(bytes).map_err(|e| not_utf8(path, e))
}

/// The text of the spec file at `path`, or why it cannot be a spec.
pub fn read_spec(path: &Path) -> Result<String, Diagnostic> {
    let shown = path.display();
    let cannot = |e: std::io::Error| {
        Diagnostic::new(format!("cannot read spec file {shown}: {e}"))
            .help("check the path; `puzzlespec list` shows the specs in specs/")
    };
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        return Err(Diagnostic::new(format!(
            "{shown} is {}, not a spec file",
            file_type_words(&meta.file_type())
        ))
        .help("give the path of a .toml spec file"));
    }
    if meta.len() > MAX_SPEC_BYTES {
        return Err(too_large(path));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_SPEC_BYTES + 1).read_to_end(&mut bytes))
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_SPEC_BYTES {
        return Err(too_large(path));
    }
    String::from_utf8(bytes).map_err(|e| not_utf8(path, e))
}

fn too_large(path: &Path) -> Diagnostic {
    Diagnostic::new(format!(
        "{} is larger than {} MiB, the largest spec read",
        path.display(),
        MAX_SPEC_BYTES >> 20
    ))
    .help("a spec describes a puzzle in a few lines; give large data in the files it names")
}

fn file_type_words(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

/// The error at the first byte that is not UTF-8, shown in the text decoded so far.
fn not_utf8(path: &Path, e: std::string::FromUtf8Error) -> Diagnostic {
    let at = e.utf8_error().valid_up_to();
    let byte = e.as_bytes()[at];
    let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
    let source = Arc::new(SourceText {
        name: path.display().to_string(),
        text,
    });
    Diagnostic::new(format!(
        "the file is not UTF-8 text: byte 0x{byte:02x} at byte offset {at} is not valid UTF-8"
    ))
    .at(&source, at..at + char::REPLACEMENT_CHARACTER.len_utf8())
    .label("not UTF-8")
    .help("save the spec as UTF-8")
}
