//! What the command line asks of the terminal it writes to.

/// The width to wrap stdout at, or `None` when stdout is not a terminal.
pub fn stdout_width() -> Option<usize> {
    let term = console::Term::stdout();
    if !term.is_term() {
        return None;
    }
    term.size_checked().map(|(_rows, cols)| usize::from(cols))
}

/// The width boards are laid out to: the terminal's, else `COLUMNS` (as shells set it), else 80.
pub fn boards_width() -> usize {
    stdout_width()
        .or_else(|| std::env::var("COLUMNS").ok()?.trim().parse().ok())
        .filter(|&w| w > 0)
        .unwrap_or(80)
}
