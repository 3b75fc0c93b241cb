//! A bound on how deeply a formula nests, checked on the text before it is parsed. The parser,
//! the type check and the evaluator recurse once per level: per parenthesis or call, per unary
//! operator, and per operator of a chain (`A + B + C` is the tree `(A + B) + C`). Counting these
//! along the text bounds the depth of the tree, so a formula deeper than [`MAX_DEPTH`] is refused
//! where the bound is passed instead of overflowing the stack.

use super::error::ExprError;

/// Far above any formula written by hand (and above a 300-addend alphametic), far below what the
/// command's stack holds (`crate::cli::stack`).
pub const MAX_DEPTH: usize = 2000;

/// Refuses `text` at the first token where its nesting may pass [`MAX_DEPTH`].
pub fn check(text: &str) -> Result<(), ExprError> {
    scan(text, false)
}

/// As [`check`] for a list of assignments (a rules effect): each top-level `=` starts a new
/// tree, so the chains of one assignment do not count towards the next.
pub fn check_assignments(text: &str) -> Result<(), ExprError> {
    scan(text, true)
}

fn scan(text: &str, assignments: bool) -> Result<(), ExprError> {
    let bytes = text.as_bytes();
    // Per open parenthesis: the depth where its group starts and the operators counted before.
    let mut open: Vec<(usize, usize)> = Vec::new();
    let (mut base, mut count) = (0usize, 0usize);
    let mut i = 0;
    while i < bytes.len() {
        let token = token_len(bytes, i);
        match bytes[i] {
            b'(' | b'{' | b'[' => {
                open.push((base, count));
                base += count + 1;
                count = 0;
            }
            b')' | b'}' | b']' => (base, count) = open.pop().unwrap_or((0, 0)),
            b',' => count = 0,
            b'=' if assignments && token == 1 && open.is_empty() => count = 0,
            c if is_operator(c) || is_keyword_operator(&bytes[i..i + token]) => count += 1,
            _ => {}
        }
        if base + count >= MAX_DEPTH {
            return Err(too_deep(i..i + token));
        }
        i += token;
    }
    Ok(())
}

fn too_deep(span: std::ops::Range<usize>) -> ExprError {
    ExprError::new(
        format!(
            "the formula nests too deeply here: more than {MAX_DEPTH} levels of parentheses, calls, \
             unary operators and operators in one chain"
        ),
        span,
    )
    .help(
        "write it with fewer levels; a long sum or `and` chain can be split into \
         parenthesised groups, e.g. (a + b + c) + (d + e + f)",
    )
}

fn is_operator(c: u8) -> bool {
    matches!(
        c,
        b'+' | b'-' | b'*' | b'/' | b'%' | b'<' | b'>' | b'=' | b'!' | b'&' | b'|'
    )
}

fn is_keyword_operator(word: &[u8]) -> bool {
    matches!(word, b"and" | b"or" | b"not" | b"implies")
}

fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// Length of the token at `i`: a whole word, a two-character operator, or one byte.
fn token_len(bytes: &[u8], i: usize) -> usize {
    if is_word_byte(bytes[i]) {
        return bytes[i..].iter().take_while(|&&c| is_word_byte(c)).count();
    }
    let pair = bytes.get(i..i + 2);
    let two = matches!(
        pair,
        Some(b"==" | b"!=" | b"<=" | b">=" | b"&&" | b"||" | b"..")
    );
    if two { 2 } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_formulas_pass() {
        assert!(check("A == 4 or B == 4").is_ok());
        assert!(check("not (abs(A - B) >= 2 and -C < 3)").is_ok());
        assert!(check("SEND + MORE = MONEY").is_ok());
    }

    #[test]
    fn the_limit_is_counted_along_one_path() {
        // A chain of MAX_DEPTH - 1 operators passes; one more is refused at that operator.
        let ok = vec!["A"; MAX_DEPTH].join(" + ");
        assert!(check(&ok).is_ok());
        let long = vec!["A"; MAX_DEPTH + 1].join(" + ");
        let err = check(&long).unwrap_err();
        assert_eq!(&long[err.span.clone()], "+");
        assert_eq!(err.span.start, long.len() - 3);
        // Arguments of a call are separate paths: many short ones pass.
        let wide = format!("max({})", vec!["-A"; 3 * MAX_DEPTH].join(", "));
        assert!(check(&wide).is_ok());
    }

    #[test]
    fn parentheses_and_unary_operators_count() {
        let parens = format!("{}A{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert_eq!(check(&parens).unwrap_err().span, MAX_DEPTH - 1..MAX_DEPTH);
        assert!(check(&"not ".repeat(MAX_DEPTH)).is_err());
        assert!(check(&format!("{}A", "-".repeat(MAX_DEPTH / 2))).is_ok());
    }
}
