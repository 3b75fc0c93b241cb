//! Long lines of text output wrapped at word boundaries, as cargo does: the command line gives
//! the terminal's width, or none when stdout is not a terminal (a file or a pipe gets each line
//! whole, for grep and scripts).

/// `text` as lines of at most `width` characters (a longer word stays whole on its own line);
/// the first line starts after `first` characters already on it, the others with `indent`
/// spaces. Without a width, `text` is one line.
pub fn wrap(text: &str, width: Option<usize>, first: usize, indent: usize) -> String {
    let Some(width) = width else {
        return text.to_string();
    };
    // Lines the text already has are kept, each wrapped on its own.
    let lines: Vec<String> = text
        .split('\n')
        .enumerate()
        .map(|(i, line)| wrap_line(line, width, if i == 0 { first } else { 0 }, indent))
        .collect();
    lines.join("\n")
}

fn wrap_line(text: &str, width: usize, first: usize, indent: usize) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut column = first;
    let mut line_has_word = false;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let len = word.chars().count();
        if line_has_word && column + 1 + len > width {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            column = indent;
            line_has_word = false;
        }
        if line_has_word {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += len;
        line_has_word = true;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wraps_at_spaces_with_a_hanging_indent() {
        let text = "the goal is a predicate, so breadth-first search from the start";
        let wrapped = wrap(text, Some(30), 8, 2);
        for (i, line) in wrapped.lines().enumerate() {
            let room = if i == 0 { 30 - 8 } else { 30 };
            assert!(line.chars().count() <= room, "{line:?}");
        }
        let words: Vec<&str> = wrapped.split_whitespace().collect();
        assert_eq!(words.join(" "), text);
        assert!(wrapped.lines().skip(1).all(|l| l.starts_with("  ")));
    }

    #[test]
    fn no_width_and_long_words_keep_the_text() {
        assert_eq!(wrap("a b c", None, 0, 0), "a b c");
        assert_eq!(wrap("abcdefgh ij", Some(4), 0, 0), "abcdefgh\nij");
    }
}
