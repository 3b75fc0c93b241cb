//! Maps a position inside a TOML string value to a byte position in the file, so an error inside
//! a formula points at the right column of the right line: basic and literal strings, one-line
//! and multi-line (`"""` and `'''`), escapes, line-ending backslashes and the newline trimmed
//! after the opening quotes included.

use std::ops::Range;

/// `value_span` is the span of the whole string token (quotes included) in `text`, `value` the
/// string TOML read from it, and `inner` a byte range inside `value`. The token is decoded again
/// here, remembering where each byte of the value came from; if that does not give `value` back
/// (a token this code does not understand) the whole token is returned, never a wrong place.
pub fn inner_span(
    text: &str,
    value_span: Range<usize>,
    value: &str,
    inner: Range<usize>,
) -> Range<usize> {
    InnerSpans::new(text, value_span, value).of(inner)
}

/// [`inner_span`] for many ranges of one string (each cell of a drawing): the token is decoded
/// once, not once a range, so a large drawing is read in linear time.
pub struct InnerSpans {
    value_span: Range<usize>,
    /// For each byte of the value (and its end), its offset in the token; None when the token
    /// could not be decoded back to the value.
    origin: Option<Vec<usize>>,
}

impl InnerSpans {
    pub fn new(text: &str, value_span: Range<usize>, value: &str) -> InnerSpans {
        let origin = text
            .get(value_span.clone())
            .and_then(decode)
            .filter(|(decoded, _)| decoded == value)
            .map(|(_, origin)| origin);
        InnerSpans { value_span, origin }
    }

    /// The file's bytes of the value's bytes `inner`.
    pub fn of(&self, inner: Range<usize>) -> Range<usize> {
        match &self.origin {
            Some(origin) => {
                let at = |i: usize| self.value_span.start + origin[i.min(origin.len() - 1)];
                let start = at(inner.start);
                start..at(inner.end).max(start)
            }
            None => self.value_span.clone(),
        }
    }
}

/// The value of a string token, and for each of its bytes (plus one for the end) the offset in
/// the token of the character or escape it came from.
fn decode(token: &str) -> Option<(String, Vec<usize>)> {
    let (basic, quotes) = if token.starts_with("\"\"\"") {
        (true, 3)
    } else if token.starts_with("'''") {
        (false, 3)
    } else if token.starts_with('"') {
        (true, 1)
    } else if token.starts_with('\'') {
        (false, 1)
    } else {
        return None;
    };
    let end = token.len().checked_sub(quotes).filter(|&e| e >= quotes)?;
    let mut i = quotes;
    if quotes == 3 {
        // A newline right after the opening quotes is not part of the value.
        if token[i..end].starts_with('\n') {
            i += 1;
        } else if token[i..end].starts_with("\r\n") {
            i += 2;
        }
    }
    let mut out = String::new();
    let mut origin = Vec::new();
    while i < end {
        let rest = &token[i..end];
        let (produced, used) = if basic && rest.starts_with('\\') {
            escape(rest, quotes == 3)?
        } else {
            let c = rest.chars().next()?;
            (Some(c), c.len_utf8())
        };
        if let Some(c) = produced {
            out.push(c);
            origin.extend(std::iter::repeat_n(i, c.len_utf8()));
        }
        i += used;
    }
    origin.push(end);
    Some((out, origin))
}

/// The character an escape at the start of `rest` stands for (None: a line-ending backslash,
/// which stands for nothing) and the bytes it takes.
fn escape(rest: &str, multi_line: bool) -> Option<(Option<char>, usize)> {
    let after = &rest[1..];
    if multi_line {
        let ws = after.len() - after.trim_start_matches([' ', '\t']).len();
        if after[ws..].starts_with('\n') || after[ws..].starts_with("\r\n") {
            let skipped = after.len() - after.trim_start_matches([' ', '\t', '\n', '\r']).len();
            return Some((None, 1 + skipped));
        }
    }
    let simple = match after.chars().next()? {
        'b' => '\u{8}',
        't' => '\t',
        'n' => '\n',
        'f' => '\u{c}',
        'r' => '\r',
        'e' => '\u{1b}',
        '"' => '"',
        '\\' => '\\',
        'x' => return hex(after, 2),
        'u' => return hex(after, 4),
        'U' => return hex(after, 8),
        _ => return None,
    };
    Some((Some(simple), 2))
}

/// `\x..`, `\u....` or `\U........`: `after` starts at the letter.
fn hex(after: &str, digits: usize) -> Option<(Option<char>, usize)> {
    let code = u32::from_str_radix(after.get(1..1 + digits)?, 16).ok()?;
    Some((Some(char::from_u32(code)?), 2 + digits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    struct Doc {
        f: toml::Spanned<String>,
    }

    /// The file span of `needle` (found in the value TOML reads for key `f`).
    fn place(text: &str, needle: &str) -> Range<usize> {
        let doc: Doc = toml::from_str(text).unwrap();
        let value = doc.f.get_ref();
        let at = value.find(needle).unwrap();
        inner_span(text, doc.f.span(), value, at..at + needle.len())
    }

    fn line_col(text: &str, at: usize) -> (usize, usize) {
        let before = &text[..at];
        let line = before.matches('\n').count() + 1;
        let col = at - before.rfind('\n').map_or(0, |n| n + 1) + 1;
        (line, col)
    }

    #[test]
    fn maps_inside_plain_strings() {
        let text = "f = \"A == 4\"";
        assert_eq!(&text[place(text, "4")], "4");
    }

    #[test]
    fn maps_past_escapes_in_one_line_strings() {
        let text = "f = \"A\\t== \\u00e9 + zz\"";
        assert_eq!(&text[place(text, "zz")], "zz");
    }

    #[test]
    fn maps_inside_multi_line_basic_strings() {
        let text = "f = \"\"\"\nx == 1 and\n  y \\\n    == zz\\n\r\n  w == 2\"\"\"";
        let span = place(text, "zz");
        assert_eq!(&text[span.clone()], "zz");
        assert_eq!(line_col(text, span.start), (4, 8));
        let span = place(text, "w");
        assert_eq!(line_col(text, span.start), (5, 3));
    }

    #[test]
    fn maps_inside_multi_line_literal_strings() {
        let text = "a = 1\nf = '''\nx == \\1 and\n   zz'''";
        let span = place(text, "zz");
        assert_eq!(&text[span.clone()], "zz");
        assert_eq!(line_col(text, span.start), (4, 4));
    }

    #[test]
    fn falls_back_to_the_token_when_the_value_differs() {
        let text = "f = \"A == 4\"";
        assert_eq!(inner_span(text, 4..12, "something else", 0..1), 4..12);
    }
}
