//! Plain words for the messages of the TOML reader and serde that say what went wrong in their
//! own terms ("invalid type: integer `...` as i128, expected any valid TOML value").

/// The range of TOML's whole numbers, as said in messages.
const INTEGER_RANGE: &str = "-9223372036854775808 to 9223372036854775807";

/// A clearer message and a hint for `message`, when it is one of the known obscure ones.
pub fn plain(message: &str) -> Option<(String, String)> {
    if let Some(number) = oversized_integer(message) {
        return Some((
            format!("integer too large: {number} is beyond TOML's whole numbers ({INTEGER_RANGE})"),
            "write a smaller number; no puzzle parameter needs one this large".to_string(),
        ));
    }
    if message == "integer number overflowed" || message == "u64 value was too large" {
        return Some((
            format!("integer too large: TOML's whole numbers range from {INTEGER_RANGE}"),
            "write a smaller number; no puzzle parameter needs one this large".to_string(),
        ));
    }
    if message == "floating-point number overflowed" {
        return Some((
            "number too large: it is beyond the range of a floating-point number".to_string(),
            "write a smaller number".to_string(),
        ));
    }
    if message.contains("max recursion depth") {
        return Some((
            "this value nests too deeply: arrays and inline tables nest at most a few dozen levels"
                .to_string(),
            "write a flatter value; no field of a spec nests more than three levels".to_string(),
        ));
    }
    let name = message.strip_prefix("data did not match any variant of untagged enum ")?;
    Some((
        format!("this value has none of the forms this field accepts ({name})"),
        "docs/spec-format.md lists the forms of each field".to_string(),
    ))
}

/// The number in "invalid type: integer `N` as i128/u128, expected any valid TOML value".
fn oversized_integer(message: &str) -> Option<&str> {
    let rest = message.strip_prefix("invalid type: integer `")?;
    let (number, tail) = rest.split_once('`')?;
    let wide = tail.starts_with(" as i128") || tail.starts_with(" as u128");
    wide.then_some(number)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oversized_integers_are_named() {
        let (m, _) = plain(
            "invalid type: integer `-9223372036854775809` as i128, expected any valid TOML value",
        )
        .unwrap();
        assert!(
            m.starts_with("integer too large: -9223372036854775809 is beyond"),
            "{m}"
        );
        assert!(plain("u64 value was too large").is_some());
        assert!(plain("invalid type: integer `5`, expected a string").is_none());
        let (m, _) = plain("cannot recurse further; max recursion depth met").unwrap();
        assert!(m.contains("nests too deeply"), "{m}");
    }

    #[test]
    fn untagged_enums_are_described_as_forms() {
        let (m, h) = plain("data did not match any variant of untagged enum Directions").unwrap();
        assert!(m.contains("none of the forms"), "{m}");
        assert!(h.contains("docs/spec-format.md"), "{h}");
    }
}
