//! Text padded to a column's width. `format!("{x:<w$}")` panics when `w` is above 65,535
//! ("Formatting argument out of range"), and a column is as wide as its widest cell, which a
//! spec can make as long as it likes (a 70,000-character name in `list`).

/// `text` followed by spaces up to `width` characters (as `{text:<width$}`, for any width).
pub fn left(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(text.chars().count());
    let mut out = String::with_capacity(text.len() + fill);
    out.push_str(text);
    out.extend(std::iter::repeat_n(' ', fill));
    out
}

/// Spaces up to `width` characters, then `text` (as `{text:>width$}`, for any width).
pub fn right(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(text.chars().count());
    let mut out = String::with_capacity(text.len() + fill);
    out.extend(std::iter::repeat_n(' ', fill));
    out.push_str(text);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_as_the_format_widths_do() {
        assert_eq!(left("ab", 4), format!("{:<4}", "ab"));
        assert_eq!(right("ab", 4), format!("{:>4}", "ab"));
        assert_eq!(left("abcdef", 4), "abcdef");
        assert_eq!(left("é", 3), "é  ");
    }

    #[test]
    fn a_width_beyond_what_format_allows_is_padded() {
        assert_eq!(left("x", 70_000).len(), 70_000);
        assert_eq!(right("x", 70_000).chars().last(), Some('x'));
    }
}
