//! The `shard` object of a `run --shard K/N --json` report: which spec (a fingerprint of its text
//! after `--unset`/`--set`), which program version, which part, and a checksum of the document,
//! so that `puzzlespec merge` can refuse parts of other specs or versions, and a truncated or
//! hand-edited file.

use serde_json::{Value, json};

/// What marks a note of a part's report as about that part alone: `merge` leaves such notes
/// out, even when every part has the same one (each part evaluated 2,187 of 6,561 formulas).
pub const PART_MARK: &str = "(--shard)";

/// A note about one part alone (its own numbers), marked so that `merge` leaves it out.
pub fn part_note(text: &str) -> String {
    format!("{text} in this part {PART_MARK}")
}

/// The program version the shards must share.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// FNV-1a, 64 bits (Fowler, Noll, Vo): a well-known stable hash, the same on every machine and
/// version; it detects accidents and edits, it is not a cryptographic seal.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The spec's fingerprint: its effective text hashed.
pub fn fingerprint(spec_text: &str) -> String {
    format!("fnv1a64:{:016x}", fnv1a64(spec_text.as_bytes()))
}

/// What a shard's report says of itself, besides its result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stamp {
    pub fingerprint: String,
    pub version: String,
    pub index: u32,
    pub count: u32,
    /// `solve.limit` of the spec (after `--set`/`--limit`), so the merge lists as many.
    pub limit: Option<u64>,
    /// Each listed answer's place in the unsplit run's order (the number of the part of the
    /// search it was found in), when the kind gives it: the merge lists the parts' answers in
    /// that order, so that a listing cut at the limit holds the unsplit run's first answers.
    pub slots: Vec<u64>,
}

/// Adds the `shard` object to a report's JSON document, its checksum last (over the document
/// with everything else in it).
pub fn stamp(doc: &mut Value, s: &Stamp) {
    let Value::Object(fields) = doc else { return };
    fields.insert(
        "shard".into(),
        json!({
            "fingerprint": s.fingerprint,
            "version": s.version,
            "index": s.index,
            "count": s.count,
            "limit": s.limit,
        }),
    );
    if !s.slots.is_empty() {
        doc["shard"]["slots"] = Value::from(s.slots.clone());
    }
    let sum = checksum(doc);
    doc["shard"]["checksum"] = Value::from(sum);
}

/// The checksum of a document without its `shard.checksum`: FNV-1a of its compact JSON (object
/// keys sorted, so reformatting the file keeps it; any changed value breaks it).
pub fn checksum(doc: &Value) -> String {
    let mut doc = doc.clone();
    if let Some(Value::Object(shard)) = doc.get_mut("shard") {
        shard.remove("checksum");
    }
    let text = serde_json::to_string(&doc).unwrap_or_default();
    format!("{:016x}", fnv1a64(text.as_bytes()))
}

/// The stamp of a shard document whose checksum holds; Err says what is wrong.
pub fn read(doc: &Value) -> Result<Stamp, String> {
    let Some(shard) = doc.get("shard").filter(|s| s.is_object()) else {
        return Err(
            "it has no `shard` object: it is not the --json report of a `run --shard K/N`".into(),
        );
    };
    let text = |key: &str| shard.get(key).and_then(Value::as_str).map(str::to_string);
    let number = |key: &str| shard.get(key).and_then(Value::as_u64);
    let (Some(fingerprint), Some(version), Some(index), Some(count), Some(sum)) = (
        text("fingerprint"),
        text("version"),
        number("index"),
        number("count"),
        text("checksum"),
    ) else {
        return Err(
            "its `shard` object lacks one of fingerprint, version, index, count, checksum".into(),
        );
    };
    if sum != checksum(doc) {
        return Err("its checksum does not match its content: the file was changed or cut short after the run wrote it".into());
    }
    let (Ok(index), Ok(count)) = (u32::try_from(index), u32::try_from(count)) else {
        return Err("its shard index or count is out of range".into());
    };
    if index >= count {
        return Err(format!(
            "it says it is part {index} of {count}, which does not exist"
        ));
    }
    Ok(Stamp {
        fingerprint,
        version,
        index,
        count,
        limit: number("limit"),
        slots: shard
            .get("slots")
            .and_then(Value::as_array)
            .map_or(Vec::new(), |s| s.iter().filter_map(Value::as_u64).collect()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_matches_published_vectors() {
        // The test vectors of the FNV reference (isthe.com/chongo/tech/comp/fnv): "" and "a".
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
    }

    #[test]
    fn a_changed_value_breaks_the_checksum() {
        let mut doc = json!({"count": 92, "status": "counted"});
        let s = Stamp {
            fingerprint: fingerprint("x"),
            version: VERSION.into(),
            index: 1,
            count: 3,
            limit: None,
            slots: vec![4, 9],
        };
        stamp(&mut doc, &s);
        assert_eq!(read(&doc), Ok(s));
        // Reformatted (pretty, keys in another order) it still reads.
        let pretty: Value =
            serde_json::from_str(&serde_json::to_string_pretty(&doc).unwrap()).unwrap();
        assert!(read(&pretty).is_ok());
        doc["count"] = json!(93);
        assert!(read(&doc).unwrap_err().contains("checksum"));
    }
}
