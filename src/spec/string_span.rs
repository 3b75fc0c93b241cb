//! Maps a position inside a TOML string value to a byte position in the file, so an error inside
//! a formula points at the right column of the right line.

use std::ops::Range;

/// `value_span` is the span of the whole string token (quotes included) in `text`; `inner` is a
/// byte range inside the string's value. When the token has no escapes the value's bytes stand in
/// the file as they are, so the mapping is exact; otherwise the whole token is returned.
pub fn inner_span(text: &str, value_span: Range<usize>, inner: Range<usize>) -> Range<usize> {
    let Some(token) = text.get(value_span.clone()) else {
        return value_span;
    };
    let quote_len = if token.starts_with("\"\"\"") || token.starts_with("'''") {
        3
    } else if token.starts_with('"') || token.starts_with('\'') {
        1
    } else {
        return value_span;
    };
    let has_escape = token.starts_with('"') && token.contains('\\');
    if has_escape || quote_len == 3 {
        return value_span;
    }
    let start = value_span.start + quote_len;
    let end_limit = value_span.end.saturating_sub(quote_len).max(start);
    (start + inner.start).min(end_limit)..(start + inner.end).min(end_limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_inside_plain_strings() {
        let text = "goal = \"A == 4\"";
        assert_eq!(inner_span(text, 7..15, 5..6), 13..14);
    }

    #[test]
    fn falls_back_to_the_token_when_escaped() {
        let text = "goal = \"A\\t== 4\"";
        assert_eq!(inner_span(text, 7..16, 5..7), 7..16);
    }
}
