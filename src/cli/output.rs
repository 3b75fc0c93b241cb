//! Writing to stdout and stderr without panicking. A closed pipe (`puzzlespec list | head -1`)
//! ends the command quietly, as the reader has what it wanted; any other failure (a full disk)
//! is said on stderr and gives exit code [`exit::OUTPUT`].

use crate::cli::exit;
use std::io::{self, Write};
use std::process::ExitCode;

/// Writes `text` to stdout and flushes it, so a failure is seen here and not lost at exit.
pub fn stdout(text: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Writes `text` to stderr; when stderr itself is closed or full nobody is left to tell.
pub fn stderr(text: &str) {
    let mut err = io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.flush();
}

/// The exit code once stdout has failed with `e`: `code` (the command's own) on a closed pipe,
/// else [`exit::OUTPUT`] after a message on stderr.
pub fn stdout_failed(e: &io::Error, code: u8) -> ExitCode {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::from(code);
    }
    stderr(&format!(
        "error: cannot write the output: {e}\n  help: free space on the device or send the output elsewhere\n"
    ));
    ExitCode::from(exit::OUTPUT)
}

/// `code` when `written` succeeded, else what [`stdout_failed`] says.
pub fn finish(written: io::Result<()>, code: u8) -> ExitCode {
    match written {
        Ok(()) => ExitCode::from(code),
        Err(e) => stdout_failed(&e, code),
    }
}

/// A writer that keeps the first error it met, so that after a game ended in an error the
/// caller can tell a failed stdout from a bad answer.
pub struct Watched<W: Write> {
    inner: W,
    pub failure: Option<io::Error>,
}

impl<W: Write> Watched<W> {
    pub fn new(inner: W) -> Self {
        Watched {
            inner,
            failure: None,
        }
    }

    fn keep<T>(&mut self, result: io::Result<T>) -> io::Result<T> {
        if let Err(e) = &result
            && self.failure.is_none()
        {
            self.failure = Some(io::Error::new(e.kind(), e.to_string()));
        }
        result
    }
}

impl<W: Write> Write for Watched<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let result = self.inner.write(buf);
        self.keep(result)
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = self.inner.flush();
        self.keep(result)
    }
}
