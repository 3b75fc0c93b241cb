//! What the command line asks of the terminal it writes to.

/// The width to wrap stdout at, or `None` when stdout is not a terminal.
pub fn stdout_width() -> Option<usize> {
    let term = console::Term::stdout();
    if !term.is_term() {
        return None;
    }
    term.size_checked().map(|(_rows, cols)| usize::from(cols))
}
