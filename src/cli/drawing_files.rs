//! `--html FILE` and `--svg FILE`: the answer drawn into files beside the report. The paths are
//! tried before the search, so that one that cannot be written is said at once and not after a
//! long solve; the files are written once the report is known (a run that ends without a report
//! leaves none behind). `-` puts the page (or the SVG) on
//! standard output in place of the text report.

use crate::cli::exit;
use crate::cli::{color, output};
use crate::diagnostic::Diagnostic;
use crate::report::{Report, html, svg};
use std::fs::OpenOptions;
use std::io;
use std::path::{Path, PathBuf};

/// What is drawn, and how it is named in messages.
#[derive(Clone, Copy)]
enum Drawing {
    Html,
    Svg,
}

impl Drawing {
    fn what(self) -> &'static str {
        match self {
            Drawing::Html => "the HTML page",
            Drawing::Svg => "the SVG drawing",
        }
    }

    fn flag(self) -> &'static str {
        match self {
            Drawing::Html => "--html",
            Drawing::Svg => "--svg",
        }
    }

    fn render(self, report: &Report) -> String {
        match self {
            Drawing::Html => html::page(report),
            Drawing::Svg => svg::report(report),
        }
    }
}

enum Target {
    Stdout,
    File(PathBuf),
}

/// The requested drawings, their paths tried.
pub struct DrawingFiles {
    targets: Vec<(Drawing, Target)>,
}

/// Why the drawings cannot be made: a usage error (exit 2) or a file that cannot be opened
/// (exit 4); the message is printed already.
pub struct Refused(pub u8);

impl DrawingFiles {
    /// Opens `--html` and `--svg`; at most one of them and `--json` may take standard output.
    pub fn open(html: Option<&Path>, svg: Option<&Path>, json: bool) -> Result<Self, Refused> {
        let requested = [(Drawing::Html, html), (Drawing::Svg, svg)];
        let on_stdout: Vec<&str> = requested
            .iter()
            .filter(|(_, p)| p.is_some_and(is_stdout))
            .map(|(d, _)| d.flag())
            .chain(json.then_some("--json"))
            .collect();
        if on_stdout.len() > 1 {
            let d = Diagnostic::new(format!(
                "{} would all write to standard output",
                on_stdout.join(" and ")
            ))
            .help("give the page or the drawing a file name, e.g. `--html answer.html`");
            output::stderr(&d.render(color::stderr()));
            return Err(Refused(exit::BAD_INPUT));
        }
        let mut targets = Vec::new();
        for (drawing, path) in requested {
            if let Some(path) = path {
                targets.push((drawing, open_target(drawing, path)?));
            }
        }
        Ok(DrawingFiles { targets })
    }

    /// Whether a drawing goes to standard output (then the text report does not).
    pub fn take_stdout(&self) -> bool {
        self.targets
            .iter()
            .any(|(_, t)| matches!(t, Target::Stdout))
    }

    /// Writes each drawing of `report`; false when one could not be written (said on stderr).
    pub fn write(self, report: &Report) -> bool {
        let mut all = true;
        for (drawing, target) in self.targets {
            let text = drawing.render(report);
            let written = match target {
                Target::Stdout => output::stdout(&text).map_err(|e| (PathBuf::from("-"), e)),
                Target::File(path) => std::fs::write(&path, &text).map_err(|e| (path, e)),
            };
            if let Err((path, e)) = written {
                // A closed pipe is the reader's choice, as for the text report.
                if e.kind() != io::ErrorKind::BrokenPipe {
                    cannot_write(drawing, &path, &e);
                    all = false;
                }
            }
        }
        all
    }
}

fn is_stdout(path: &Path) -> bool {
    path == Path::new("-")
}

/// Tries `path` for writing: an existing file is opened without being emptied, a new one is
/// created and removed again, so that a run without a report leaves the folder as it was.
fn open_target(drawing: Drawing, path: &Path) -> Result<Target, Refused> {
    if is_stdout(path) {
        return Ok(Target::Stdout);
    }
    let existed = path.exists();
    let tried = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path);
    match tried {
        Ok(_) => {
            if !existed {
                let _ = std::fs::remove_file(path);
            }
            Ok(Target::File(path.to_path_buf()))
        }
        Err(e) => {
            cannot_write(drawing, path, &e);
            Err(Refused(exit::OUTPUT))
        }
    }
}

fn cannot_write(drawing: Drawing, path: &Path, e: &io::Error) {
    let help = match e.kind() {
        io::ErrorKind::NotFound => "create the folder first, or choose another path",
        io::ErrorKind::PermissionDenied => "choose a path you may write to",
        io::ErrorKind::IsADirectory => "give a file name, e.g. `answer.html`, not a folder",
        _ => "check the path and free space on the device",
    };
    let d = Diagnostic::new(format!(
        "cannot write {} to `{}`: {e}",
        drawing.what(),
        path.display()
    ))
    .help(help);
    output::stderr(&d.render(color::stderr()));
}
