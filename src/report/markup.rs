//! Escaping for HTML and SVG: every piece of text that reaches a page (puzzle names and moves come
//! from the user's spec) goes through [`escape`], in element text and in quoted attributes alike.

/// `text` with `& < > " '` replaced by entities, safe in element content and in attribute values
/// quoted with either `"` or `'`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_characters_become_entities() {
        assert_eq!(
            escape(r#"<b a="1">Tom & 'Jerry'</b>"#),
            "&lt;b a=&quot;1&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/b&gt;"
        );
        assert_eq!(escape("plain text: é ✓"), "plain text: é ✓");
    }
}
