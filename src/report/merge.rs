//! The report of a whole split run from its parts' --json reports (`puzzlespec merge`): counts
//! summed exactly (decimal, whatever their size), listings joined up to `solve.limit`, optima
//! compared, class sizes and search statistics added; a part that was stopped leaves the total
//! marked incomplete, naming the part.

use super::shard::Stamp;
use super::{Report, Status};
use serde_json::{Map, Value, json};
use std::path::PathBuf;

/// One part as read and checked by `cli::merge`.
pub struct Part {
    pub file: PathBuf,
    pub stamp: Stamp,
    pub doc: Value,
}

/// The merged report.
pub struct Merged {
    pub doc: Value,
    /// The parts that were stopped: (index, file, why: "time-limit", ...).
    pub stopped: Vec<(u32, PathBuf, String)>,
}

impl Merged {
    pub fn status(&self) -> &str {
        self.doc.get("status").and_then(Value::as_str).unwrap_or("")
    }
}

/// Fields whose parts add up (counts, class sizes, search statistics).
const SUMMED: &[&str] = &[
    "count",
    "count_total",
    "count_unique",
    "count_up_to_symmetry",
    "nodes",
    "evaluation_errors",
    "formulas",
    "undefined",
    "overflowed",
    "secrets",
    "total_guesses",
];
/// Lists joined part after part, up to the limit.
const JOINED: &[&str] = &["solutions", "placements", "answers", "formulas_found"];

/// Adds the parts up (they are in part order, checked to be one run).
pub fn merge(parts: &[Part]) -> Merged {
    let stopped: Vec<(u32, PathBuf, String)> = parts
        .iter()
        .filter(|p| p.doc.get("status").and_then(Value::as_str) == Some("stopped"))
        .map(|p| {
            let why = p
                .doc
                .get("stopped")
                .and_then(Value::as_str)
                .unwrap_or("stopped");
            (p.stamp.index, p.file.clone(), why.to_string())
        })
        .collect();
    let docs: Vec<&Value> = parts.iter().map(|p| &p.doc).collect();
    let mut doc = if docs[0].get("cases").is_some() {
        merge_cases(&docs)
    } else {
        merge_reports(&docs, parts[0].stamp.limit, &listing_order(parts))
    };
    let stamp = &parts[0].stamp;
    doc["merged"] = json!({
        "fingerprint": stamp.fingerprint,
        "version": stamp.version,
        "parts": stamp.count,
        "limit": stamp.limit,
        "complete": stopped.is_empty(),
        "incomplete_parts": stopped.iter().map(|(k, file, why)| json!({"index": k, "file": file, "stopped": why})).collect::<Vec<_>>(),
    });
    Merged { doc, stopped }
}

/// Where each part's listed answers go in the joined listing: (part, position in its list) in
/// the unsplit run's order, when every part gave each answer's slot; else None (part order).
fn listing_order(parts: &[Part]) -> Option<Vec<(usize, usize)>> {
    let mut order: Vec<(u64, usize, usize)> = Vec::new();
    for (p, part) in parts.iter().enumerate() {
        let listed = JOINED
            .iter()
            .find_map(|k| part.doc.get(*k).and_then(Value::as_array))
            .map_or(0, Vec::len);
        if part.stamp.slots.len() != listed {
            return None;
        }
        order.extend(part.stamp.slots.iter().enumerate().map(|(i, &s)| (s, p, i)));
    }
    // Stable: the answers of one slot keep their part's order.
    order.sort_by_key(|&(slot, _, _)| slot);
    Some(order.into_iter().map(|(_, p, i)| (p, i)).collect())
}

/// One report from the parts' reports; `order` places the listed answers (part order if None).
fn merge_reports(
    docs: &[&Value],
    limit: Option<u64>,
    order: &Option<Vec<(usize, usize)>>,
) -> Value {
    let mut out: Map<String, Value> = docs[0].as_object().cloned().unwrap_or_default();
    out.remove("shard");
    let best = best_part(docs, out.get("objective").and_then(Value::as_str));
    for key in SUMMED {
        if let Some(sum) = sum_field(docs, |d| d.get(*key)) {
            out.insert(key.to_string(), sum);
        }
    }
    if let Some(classes) = add_objects(docs, "symmetry_classes") {
        out.insert("symmetry_classes".into(), classes);
    }
    if let Some(values) = add_histograms(docs, "values", "value", "formulas") {
        let whole = values.as_array().map_or(0, |v| {
            v.iter()
                .filter(|e| e["value"].as_str().is_some_and(|s| !s.contains('/')))
                .count()
        });
        // A histogram's count is its number of distinct values, not a sum of the parts'.
        out.insert(
            "count".into(),
            Value::from(values.as_array().map_or(0, Vec::len)),
        );
        out.insert("values".into(), values);
        if out.contains_key("integer_values") {
            out.insert("integer_values".into(), Value::from(whole));
        }
    }
    if let Some(histogram) = add_vectors(docs, "histogram") {
        out.insert("histogram".into(), histogram);
    }
    if let Some(i) = hardest_part(docs) {
        for key in ["max_guesses", "hardest", "hardest_index"] {
            out.insert(key.into(), docs[i][key].clone());
        }
    }
    if let (Some(total), Some(games)) = (
        out.get("total_guesses").and_then(Value::as_u64),
        out.get("secrets").and_then(Value::as_u64),
    ) {
        out.insert(
            "average_guesses".into(),
            Value::from(total as f64 / games.max(1) as f64),
        );
    }
    let mut cut = false;
    for key in JOINED {
        let from: Vec<&Value> = match best {
            Some(i) => vec![docs[i]],
            None => docs.to_vec(),
        };
        let mut all: Vec<Value> = match (best, order) {
            (None, Some(order)) => order
                .iter()
                .filter_map(|&(p, i)| docs[p].get(*key)?.get(i).cloned())
                .collect(),
            _ => from
                .iter()
                .filter_map(|d| d.get(*key).and_then(Value::as_array))
                .flatten()
                .cloned()
                .collect(),
        };
        // Only lists are joined: packing's `placements` is a number, the same in every part.
        if !docs
            .iter()
            .any(|d| d.get(*key).is_some_and(Value::is_array))
        {
            continue;
        }
        if let Some(l) = limit.filter(|&l| (all.len() as u64) > l) {
            all.truncate(l as usize);
            cut = true;
        }
        out.insert(key.to_string(), Value::Array(all));
    }
    if let Some(i) = best {
        out.insert("optimum".into(), docs[i]["optimum"].clone());
    }
    if docs.iter().any(|d| d.get("complete").is_some()) {
        let complete = !cut
            && docs
                .iter()
                .all(|d| d.get("complete") != Some(&Value::Bool(false)));
        out.insert("complete".into(), Value::Bool(complete));
    }
    out.insert("stats".into(), add_stats(docs));
    out.insert("status".into(), Value::from(status(docs)));
    if let Some(why) = docs.iter().find_map(|d| d.get("stopped")) {
        out.insert("stopped".into(), why.clone());
    }
    out.insert("notes".into(), Value::Array(common_notes(docs)));
    Value::Object(out)
}

/// The cases of a sweep's parts, in the sweep's order: `[{key, value, result}]` as an
/// unsplit `--sweep --json` prints them.
fn merge_cases(docs: &[&Value]) -> Value {
    let mut cases: Vec<Value> = docs
        .iter()
        .filter_map(|d| d.get("cases").and_then(Value::as_array))
        .flatten()
        .cloned()
        .collect();
    cases.sort_by_key(|c| c.get("case").and_then(Value::as_u64).unwrap_or(u64::MAX));
    for c in &mut cases {
        if let Value::Object(fields) = c {
            fields.remove("case");
        }
    }
    json!({ "cases": cases })
}

/// The combined status: stopped if any part was; else solved if any part found a solution,
/// counted or explored if any did; no solution only when no part found one.
fn status(docs: &[&Value]) -> &'static str {
    let has = |s: &str| {
        docs.iter()
            .any(|d| d.get("status").and_then(Value::as_str) == Some(s))
    };
    if has("stopped") {
        "stopped"
    } else if has("solved") {
        "solved"
    } else if has("counted") {
        "counted"
    } else if has("explored") {
        "explored"
    } else {
        "no-solution"
    }
}

/// The sum of a count field over the parts that have it (numbers or decimal strings, summed
/// exactly); a number when it fits 64 bits, else a string, as `run --json` writes counts.
fn sum_field<'a>(
    docs: &[&'a Value],
    get: impl Fn(&'a Value) -> Option<&'a Value>,
) -> Option<Value> {
    let mut total = String::from("0");
    let mut any = false;
    for d in docs {
        let digits = match get(d) {
            Some(Value::Number(n)) if n.is_u64() => n.to_string(),
            Some(Value::String(s)) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
                s.clone()
            }
            _ => continue,
        };
        any = true;
        total = add_decimal(&total, &digits);
    }
    any.then(|| match total.parse::<u64>() {
        Ok(n) => Value::from(n),
        Err(_) => Value::from(total),
    })
}

/// The exact sum of two decimal numerals.
pub fn add_decimal(a: &str, b: &str) -> String {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut out = Vec::with_capacity(a.len().max(b.len()) + 1);
    let (mut i, mut j, mut carry) = (a.len(), b.len(), 0u8);
    while i > 0 || j > 0 || carry > 0 {
        let x = if i > 0 {
            i -= 1;
            a[i] - b'0'
        } else {
            0
        };
        let y = if j > 0 {
            j -= 1;
            b[j] - b'0'
        } else {
            0
        };
        let s = x + y + carry;
        out.push(b'0' + s % 10);
        carry = s / 10;
    }
    while out.len() > 1 && out.last() == Some(&b'0') {
        out.pop();
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// An object of counts added key by key (n-queens' classes by size).
fn add_objects(docs: &[&Value], key: &str) -> Option<Value> {
    let first = docs
        .iter()
        .find_map(|d| d.get(key).and_then(Value::as_object))?;
    let mut out = Map::new();
    for k in first.keys() {
        if let Some(sum) = sum_field(docs, |d| d.get(key).and_then(|o| o.get(k))) {
            out.insert(k.clone(), sum);
        }
    }
    Some(Value::Object(out))
}

/// A histogram (a list of `{key: value, count: n}`, as komachi's values with their formulas)
/// added key by key: one entry per value any part has, ordered by value as exact fractions.
fn add_histograms(docs: &[&Value], list: &str, key: &str, count: &str) -> Option<Value> {
    let mut by_key: std::collections::HashMap<String, String> = Default::default();
    let mut any = false;
    for d in docs {
        let Some(entries) = d.get(list).and_then(Value::as_array) else {
            continue;
        };
        any = true;
        for e in entries {
            let (Some(k), Some(c)) = (e.get(key).and_then(Value::as_str), e.get(count)) else {
                continue;
            };
            let c = count_text(c);
            let total = by_key.entry(k.to_string()).or_insert_with(|| "0".into());
            *total = add_decimal(total, &c);
        }
    }
    let mut by_key: Vec<(String, String)> = by_key.into_iter().collect();
    by_key.sort_by(|(a, _), (b, _)| compare_fractions(a, b));
    any.then(|| {
        Value::Array(
            by_key
                .into_iter()
                .map(|(k, c)| {
                    let c = c.parse::<u64>().map_or(Value::from(c.clone()), Value::from);
                    json!({ key: k, count: c })
                })
                .collect(),
        )
    })
}

/// Two values written "p" or "p/q" in their order as numbers (text order when unreadable).
fn compare_fractions(a: &str, b: &str) -> std::cmp::Ordering {
    let read = |s: &str| rational(&Value::from(s)).or_else(|| Some((s.parse().ok()?, 1)));
    match (read(a), read(b)) {
        (Some((p, q)), Some((r, s))) => (p * s).cmp(&(r * q)),
        _ => a.cmp(b),
    }
}

/// Lists of counts added place by place (a codebreaker evaluation's games by guess number).
fn add_vectors(docs: &[&Value], key: &str) -> Option<Value> {
    let len = docs
        .iter()
        .filter_map(|d| d.get(key)?.as_array().map(Vec::len))
        .max()?;
    let sums = (0..len)
        .map(|i| sum_field(docs, |d| d.get(key)?.as_array()?.get(i)).unwrap_or(Value::from(0)));
    Some(Value::Array(sums.collect()))
}

/// The part whose games need the most guesses: its `max_guesses`, and of those the first
/// hardest secret in code order, are the whole's.
fn hardest_part(docs: &[&Value]) -> Option<usize> {
    let key = |d: &Value| {
        let max = d.get("max_guesses")?.as_u64()?;
        let index = d.get("hardest_index")?.as_u64()?;
        Some((max, std::cmp::Reverse(index)))
    };
    (0..docs.len())
        .filter_map(|i| Some((key(docs[i])?, i)))
        .max_by_key(|&(k, _)| k)
        .map(|(_, i)| i)
}

/// States summed; elapsed time summed (the parts' total work, not the wall time of the batch).
fn add_stats(docs: &[&Value]) -> Value {
    let states = sum_field(docs, |d| d.get("stats").and_then(|s| s.get("states")));
    let ms: f64 = docs
        .iter()
        .filter_map(|d| d["stats"]["elapsed_ms"].as_f64())
        .sum();
    json!({ "states": states.unwrap_or(Value::from(0)), "elapsed_ms": ms })
}

/// The notes every part has (the parts' own notes describe their parts only).
fn common_notes(docs: &[&Value]) -> Vec<Value> {
    let notes = |d: &Value| {
        d.get("notes")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    let first = notes(docs[0]);
    first
        .into_iter()
        .filter(|n| {
            !n.as_str()
                .is_some_and(|s| s.contains(super::shard::PART_MARK))
        })
        .filter(|n| docs[1..].iter().all(|d| notes(d).contains(n)))
        .collect()
}

/// For `maximize` / `minimize`: the part with the best optimum (the first on a tie).
fn best_part(docs: &[&Value], objective: Option<&str>) -> Option<usize> {
    let sign = match objective? {
        "maximize" => 1,
        "minimize" => -1,
        _ => return None,
    };
    let mut best: Option<(usize, (i128, i128))> = None;
    for (i, d) in docs.iter().enumerate() {
        let Some(v) = d.get("optimum").and_then(rational) else {
            continue;
        };
        // a/b beats c/d (b, d > 0) when sign * (a*d - c*b) > 0.
        let better = best.is_none_or(|(_, (c, e))| sign * (v.0 * e - c * v.1).signum() > 0);
        if better {
            best = Some((i, v));
        }
    }
    best.map(|(i, _)| i)
}

/// An optimum as a fraction (numerator, positive denominator): an integer or "p/q".
fn rational(v: &Value) -> Option<(i128, i128)> {
    if let Some(n) = v.as_i64() {
        return Some((i128::from(n), 1));
    }
    let (p, q) = v.as_str()?.split_once('/')?;
    let (p, q): (i128, i128) = (p.trim().parse().ok()?, q.trim().parse().ok()?);
    (q > 0).then_some((p, q))
}

/// The merged document as a report: its header fields, then what the kind adds, rebuilt from
/// the merged fields as a plain run builds them (`family`, as
/// [`crate::families::family::Family::describe_merged`]: notes, sections, and the status only the whole
/// decides, e.g. no packing at all). The document takes the kind's status and notes.
pub fn describe(m: &mut Merged, family: &dyn Fn(&Value, &mut Report)) -> View {
    let mut report = header_report(&m.doc);
    if m.doc.get("cases").is_some() {
        return View {
            report,
            kind_said: false,
        };
    }
    let common = report.notes.len();
    family(&m.doc, &mut report);
    if m.status() != "stopped" {
        m.doc["status"] = serde_json::to_value(report.status).unwrap_or(Value::Null);
    }
    m.doc["notes"] = Value::from(report.notes.clone());
    let kind_said = report.notes.len() > common || !report.sections.is_empty();
    View { report, kind_said }
}

/// A merged document as a report to show.
pub struct View {
    pub report: Report,
    /// The kind said what its sums mean (notes, sections), as in a plain run.
    kind_said: bool,
}

/// The merged report as text, laid out as a plain run's report (title, engine, headline,
/// count, notes, the kind's sections, states and time), then the parts merged and any that
/// were stopped; `view` is the document [`describe`]d.
pub fn text(m: &Merged, view: &View, width: Option<usize>) -> String {
    let d = &m.doc;
    let mut out = String::new();
    match d.get("cases").and_then(Value::as_array) {
        Some(cases) => sweep_text(&mut out, cases),
        None => report_text(&mut out, d, view, width),
    }
    let parts = &d["merged"]["parts"];
    out.push_str(&format!("merged {parts} parts\n"));
    for (k, file, why) in &m.stopped {
        out.push_str(&format!(
            "INCOMPLETE: part {k} ({}) was stopped ({why}); the total misses what it did not search: run it again\n",
            file.display()
        ));
    }
    out
}

/// One line per case of a merged sweep.
fn sweep_text(out: &mut String, cases: &[Value]) {
    for c in cases {
        let r = &c["result"];
        out.push_str(&format!(
            "{:<9} {} {}\n",
            format!("{}={}", c["key"].as_str().unwrap_or(""), c["value"]),
            r["status"].as_str().unwrap_or(""),
            count_text(&r["count"])
        ));
    }
}

/// A merged report: the plain run's header, the other sums, the joined list, the statistics.
fn report_text(out: &mut String, d: &Value, view: &View, width: Option<usize>) {
    let report = &view.report;
    super::text::header(out, report, width);
    if report.count.is_none()
        && let Some(count) = d.get("count")
    {
        // A sum beyond 128 bits stays a decimal string.
        out.push_str(&format!("count: {}\n", count_text(count)));
    }
    for key in SUMMED.iter().filter(|k| !["count", "nodes"].contains(k)) {
        if let Some(v) = d
            .get(*key)
            .filter(|v| !view.kind_said && v.as_u64() != Some(0))
        {
            out.push_str(&format!("{}: {}\n", key.replace('_', " "), count_text(v)));
        }
    }
    if let Some(o) = d.get("optimum") {
        out.push_str(&format!("optimum: {o}\n"));
    }
    // The most specific list the parts gave (a placement, an answer's text), numbered as a
    // plain run numbers its listing.
    let listed = ["placements", "answers", "formulas_found", "solutions"]
        .iter()
        .find_map(|key| {
            d.get(*key)
                .and_then(Value::as_array)
                .filter(|l| !l.is_empty())
        });
    if let Some(list) = listed {
        out.push('\n');
        let digits = list.len().to_string().len();
        for (i, item) in list.iter().enumerate() {
            out.push_str(&format!("{:>digits$}  {}\n", i + 1, item_text(item)));
        }
    }
    super::text::sections(out, &report.sections);
    out.push_str(&format!(
        "\nstates: {}, elapsed: {}\n",
        count_text(&d["stats"]["states"]),
        super::duration::human(d["stats"]["elapsed_ms"].as_f64().unwrap_or(0.0))
    ));
}

/// The fields the text header shows, read back from the merged JSON document.
fn header_report(d: &Value) -> Report {
    let text = |k: &str| d.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let status = serde_json::from_value(d["status"].clone()).unwrap_or(Status::Stopped);
    let mut r = Report::new(
        &text("objective"),
        status,
        &text("engine"),
        &text("engine_reason"),
    );
    r.puzzle = text("puzzle");
    r.kind = text("kind");
    r.stopped = serde_json::from_value(d["stopped"].clone()).ok();
    r.cost = d.get("cost").and_then(Value::as_u64);
    r.count = d.get("count").and_then(super::count_from_json);
    r.notes = d["notes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| n.as_str().map(str::to_string))
        .collect();
    r.stats.states = d["stats"]["states"].as_u64().unwrap_or(0);
    r.stats.elapsed_ms = d["stats"]["elapsed_ms"].as_f64().unwrap_or(0.0);
    r
}

/// A count, its digits grouped as a plain run groups them (a decimal beyond 128 bits as given).
fn count_text(v: &Value) -> String {
    let digits = match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        _ => return String::new(),
    };
    digits.parse::<u128>().map_or(digits, super::group_digits)
}

/// One listed item as a line: a placement as `(0 4 7 5 2 6 1 3)`, an answer by its text, a
/// move sequence by its moves.
fn item_text(item: &Value) -> String {
    match item {
        Value::String(s) => s.clone(),
        Value::Array(xs) if xs.iter().all(Value::is_number) => {
            let numbers: Vec<String> = xs.iter().map(Value::to_string).collect();
            format!("({})", numbers.join(" "))
        }
        Value::Array(steps) if steps.iter().all(|s| s["move"].is_string()) => steps
            .iter()
            .filter_map(|s| s["move"].as_str())
            .collect::<Vec<_>>()
            .join(", "),
        Value::Object(o) if o.get("text").is_some_and(Value::is_string) => {
            o["text"].as_str().unwrap_or("").to_string()
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_sums_are_exact() {
        assert_eq!(add_decimal("0", "0"), "0");
        assert_eq!(add_decimal("999", "1"), "1000");
        // 2^64 - 1 + 2^64 - 1 = 2^65 - 2.
        assert_eq!(
            add_decimal("18446744073709551615", "18446744073709551615"),
            "36893488147419103230"
        );
        let u = 123_456_789_012_345_678_901_234_567u128;
        assert_eq!(
            add_decimal(&u.to_string(), &u.to_string()),
            (2 * u).to_string()
        );
    }
}
