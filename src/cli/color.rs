//! Whether output is coloured, decided once for the whole run as ripgrep and cargo do:
//! `--color always|never` wins; with `auto` (the default) a set, non-empty `NO_COLOR`
//! (<https://no-color.org>) turns colour off, else a stream is coloured when it is a terminal.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when the stream is a terminal and NO_COLOR is not set.
    #[default]
    Auto,
    /// Colour even in a file or a pipe.
    Always,
    /// No colour.
    Never,
}

static CHOICE: AtomicU8 = AtomicU8::new(0);

impl ColorChoice {
    fn code(self) -> u8 {
        match self {
            ColorChoice::Auto => 0,
            ColorChoice::Always => 1,
            ColorChoice::Never => 2,
        }
    }

    fn from_code(code: u8) -> ColorChoice {
        match code {
            1 => ColorChoice::Always,
            2 => ColorChoice::Never,
            _ => ColorChoice::Auto,
        }
    }
}

/// Sets the choice for the run, also for the progress display (the `console` crate).
pub fn set(choice: ColorChoice) {
    CHOICE.store(choice.code(), Relaxed);
    console::set_colors_enabled(stdout());
    console::set_colors_enabled_stderr(stderr());
}

/// The choice given on the command line before it is parsed (for clap's own messages): the last
/// `--color WHEN` or `--color=WHEN`; anything unreadable is `auto`.
pub fn choice_in_args(args: &[std::ffi::OsString]) -> ColorChoice {
    let mut choice = ColorChoice::Auto;
    let mut words = args.iter().filter_map(|a| a.to_str());
    while let Some(word) = words.next() {
        let value = match word.strip_prefix("--color") {
            Some("") => words.next(),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        };
        choice = match value {
            Some("always") => ColorChoice::Always,
            Some("never") => ColorChoice::Never,
            Some(_) => ColorChoice::Auto,
            None => choice,
        };
    }
    choice
}

/// Whether text written to stdout is coloured.
pub fn stdout() -> bool {
    decide(current(), no_color(), std::io::stdout().is_terminal())
}

/// Whether text written to stderr (diagnostics, progress) is coloured.
pub fn stderr() -> bool {
    decide(current(), no_color(), std::io::stderr().is_terminal())
}

fn current() -> ColorChoice {
    ColorChoice::from_code(CHOICE.load(Relaxed))
}

/// NO_COLOR counts only when set and non-empty.
fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

fn decide(choice: ColorChoice, no_color: bool, terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && !no_color,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_wins_then_no_color_then_the_terminal() {
        assert!(decide(ColorChoice::Always, true, false));
        assert!(!decide(ColorChoice::Never, false, true));
        assert!(!decide(ColorChoice::Auto, true, true));
        assert!(decide(ColorChoice::Auto, false, true));
        assert!(!decide(ColorChoice::Auto, false, false));
    }

    #[test]
    fn the_last_color_argument_counts() {
        let args = |words: &[&str]| words.iter().map(Into::into).collect::<Vec<_>>();
        assert_eq!(
            choice_in_args(&args(&["run", "--color", "always", "x"])),
            ColorChoice::Always
        );
        assert_eq!(
            choice_in_args(&args(&["--color=always", "--color=never"])),
            ColorChoice::Never
        );
        assert_eq!(choice_in_args(&args(&["--colour"])), ColorChoice::Auto);
    }
}
