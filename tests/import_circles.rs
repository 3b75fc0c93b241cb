//! Counts the import circles between the files of `src/`: a file imports another when one of its
//! paths (`use crate::…`, `super::…`, `self::…`, a child module's name, or a path written inline
//! in code) names an item the other defines. Paths through a `pub use` re-export are followed to
//! the file that defines the item, so a `mod.rs` that only re-exports ties nothing.
//!
//! A circle is a strongly connected component of two or more files (Tarjan's algorithm). The test
//! fails when there are more than [`MOST_CIRCLES`]; lower the limit when a circle is opened.
//! `cargo test --release --test import_circles -- --nocapture` lists every circle and the names
//! that tie it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The most file-level circles `src/` may hold, lowered as circles are opened (17 when this
/// test came). Left: expr's eval/parser, rules' load/compile/model/label/reverse (tests in
/// model.rs and reverse.rs load specs), and spec's mod/formula/params.
const MOST_CIRCLES: usize = 3;

#[test]
fn src_has_few_import_circles() {
    let graph = Graph::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("src").as_path());
    let circles = graph.circles();
    println!(
        "{} import circle(s) over {} of {} files in src/:",
        circles.len(),
        circles.iter().map(Vec::len).sum::<usize>(),
        graph.files.len()
    );
    for (n, circle) in circles.iter().enumerate() {
        println!("circle {}: {} files", n + 1, circle.len());
        graph.print_ties(circle);
    }
    assert!(
        circles.len() <= MOST_CIRCLES,
        "{} import circles in src/, at most {MOST_CIRCLES} allowed: run \
         `cargo test --release --test import_circles -- --nocapture` to see them",
        circles.len()
    );
}

/// The lexer, parser and resolver checked on a small tree written here.
#[test]
fn a_two_file_circle_is_found_through_a_re_export() {
    let dir = std::env::temp_dir().join(format!("import-circles-{}", std::process::id()));
    let write = |path: &str, text: &str| {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("lib.rs", "pub mod a;\npub mod b;\npub mod c;\n");
    // a takes `Thing` through b's re-export: the arrow runs to b/inner.rs, not b/mod.rs.
    write(
        "a.rs",
        "use crate::b::{Thing, other::{self as o}};\n// use crate::c::X;\nfn f() { let _ = \"crate::c::X\"; }\n",
    );
    write(
        "b/mod.rs",
        "mod inner;\npub mod other;\npub use inner::Thing;\n",
    );
    write(
        "b/inner.rs",
        "pub struct Thing;\nfn g() { crate::a::f(); }\n",
    );
    write(
        "b/other.rs",
        "#[cfg(test)]\nmod tests { use super::super::super::c::X; }\n",
    );
    write(
        "c.rs",
        "pub struct X<'a>(&'a str);\nfn h() -> char { '{' }\n",
    );
    let graph = Graph::read(&dir);
    let circles: Vec<Vec<String>> = graph
        .circles()
        .iter()
        .map(|c| c.iter().map(|&f| graph.names[f].clone()).collect())
        .collect();
    std::fs::remove_dir_all(&dir).unwrap();
    // a -> b/inner (re-export followed), b/inner -> a; b/other -> c (in its tests); the
    // commented and quoted paths from a to c are no arrows; b/mod.rs only re-exports.
    assert_eq!(
        circles,
        vec![vec!["a.rs".to_string(), "b/inner.rs".to_string()]]
    );
    assert!(graph.edges[graph.index("b/other.rs")].contains_key(&graph.index("c.rs")));
    assert!(graph.edges[graph.index("a.rs")].contains_key(&graph.index("b/other.rs")));
    assert!(!graph.edges[graph.index("a.rs")].contains_key(&graph.index("c.rs")));
}

/// A path written in a file: absolute segments from the crate root, and whether it re-exports.
struct UsePath {
    segments: Vec<String>,
    /// `pub use`: the name it is seen under from outside (None for a glob, which is not
    /// followed: `src/` has none).
    export: Option<Option<String>>,
}

struct Graph {
    /// Files relative to the source root, e.g. `families/rules/solve.rs`.
    names: Vec<String>,
    files: BTreeMap<Vec<String>, usize>,
    /// For each file, the files it imports and the names it takes from each.
    edges: Vec<BTreeMap<usize, BTreeSet<String>>>,
}

impl Graph {
    fn read(root: &Path) -> Graph {
        let mut paths = Vec::new();
        list_rs(root, &mut paths);
        paths.sort();
        let mut names = Vec::new();
        let mut files = BTreeMap::new();
        let mut modules = Vec::new();
        for path in &paths {
            let rel = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let module = module_of(&rel);
            files.insert(module.clone(), names.len());
            names.push(rel);
            modules.push(module);
        }
        let uses: Vec<Vec<UsePath>> = paths
            .iter()
            .zip(&modules)
            .map(|(p, m)| {
                let text = std::fs::read_to_string(p).unwrap();
                paths_of(&tokens(&text), m, &files)
            })
            .collect();
        let mut exports: Vec<BTreeMap<String, Vec<String>>> = vec![BTreeMap::new(); names.len()];
        for (file, list) in uses.iter().enumerate() {
            for u in list {
                if let Some(Some(name)) = &u.export {
                    exports[file].insert(name.clone(), u.segments.clone());
                }
            }
        }
        let mut graph = Graph {
            names,
            files,
            edges: vec![BTreeMap::new(); paths.len()],
        };
        for (file, list) in uses.iter().enumerate() {
            for u in list {
                if let Some((to, name)) = graph.resolve(&u.segments, &exports)
                    && to != file
                {
                    graph.edges[file].entry(to).or_default().insert(name);
                }
            }
        }
        graph
    }

    fn index(&self, name: &str) -> usize {
        self.names.iter().position(|n| n == name).unwrap()
    }

    /// The file defining what `segments` names, following re-exports, and the name taken.
    fn resolve(
        &self,
        segments: &[String],
        exports: &[BTreeMap<String, Vec<String>>],
    ) -> Option<(usize, String)> {
        let mut path = segments.to_vec();
        for _ in 0..16 {
            let (len, file) = (0..=path.len())
                .rev()
                .find_map(|n| self.files.get(&path[..n]).map(|&f| (n, f)))?;
            let Some(name) = path.get(len) else {
                let shown = path.last().cloned().unwrap_or_default();
                return Some((file, shown));
            };
            if let Some(target) = exports[file].get(name) {
                let mut next = target.clone();
                next.extend_from_slice(&path[len + 1..]);
                path = next;
                continue;
            }
            return Some((file, name.clone()));
        }
        None
    }

    /// Strongly connected components of two or more files (Tarjan), each sorted by name.
    fn circles(&self) -> Vec<Vec<usize>> {
        let n = self.names.len();
        let mut state = Tarjan {
            index: vec![usize::MAX; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            next: 0,
            found: Vec::new(),
        };
        for v in 0..n {
            if state.index[v] == usize::MAX {
                state.visit(self, v);
            }
        }
        let mut circles: Vec<Vec<usize>> =
            state.found.into_iter().filter(|c| c.len() > 1).collect();
        for c in &mut circles {
            c.sort_by(|&a, &b| self.names[a].cmp(&self.names[b]));
        }
        circles.sort_by(|a, b| self.names[a[0]].cmp(&self.names[b[0]]));
        circles
    }

    fn print_ties(&self, circle: &[usize]) {
        for &from in circle {
            for (to, names) in &self.edges[from] {
                if circle.contains(to) {
                    let names: Vec<&str> = names.iter().map(String::as_str).collect();
                    println!(
                        "  src/{} -> src/{}: {}",
                        self.names[from],
                        self.names[*to],
                        names.join(", ")
                    );
                }
            }
        }
    }
}

struct Tarjan {
    index: Vec<usize>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    next: usize,
    found: Vec<Vec<usize>>,
}

impl Tarjan {
    fn visit(&mut self, graph: &Graph, v: usize) {
        self.index[v] = self.next;
        self.low[v] = self.next;
        self.next += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
        for &w in graph.edges[v].keys() {
            if self.index[w] == usize::MAX {
                self.visit(graph, w);
                self.low[v] = self.low[v].min(self.low[w]);
            } else if self.on_stack[w] {
                self.low[v] = self.low[v].min(self.index[w]);
            }
        }
        if self.low[v] == self.index[v] {
            let mut component = Vec::new();
            loop {
                let w = self.stack.pop().unwrap();
                self.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            self.found.push(component);
        }
    }
}

fn list_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            list_rs(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file: `lib.rs` is the root, `a/mod.rs` and `a.rs` are `a`; `main.rs`
/// is its own crate, named apart so that nothing resolves into it.
fn module_of(rel: &str) -> Vec<String> {
    let rel = rel.trim_end_matches(".rs");
    if rel == "lib" {
        return Vec::new();
    }
    if rel == "main" {
        return vec!["<main>".to_string()];
    }
    let mut parts: Vec<String> = rel.split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Colons,
    Punct(char),
}

/// The identifiers, `::` and punctuation of Rust text, with comments, strings and character
/// literals left out (lifetimes are kept apart from character literals).
fn tokens(text: &str) -> Vec<Tok> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        let next = c.get(i + 1).copied();
        if ch == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == 'r' && (next == Some('#') || next == Some('"')) && raw_string_start(&c, i) {
            i += 1;
            let mut hashes = 0;
            while c[i] == '#' {
                hashes += 1;
                i += 1;
            }
            i += 1;
            loop {
                if c[i] == '"' && (0..hashes).all(|h| c.get(i + 1 + h) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
        } else if ch == '"' {
            i += 1;
            while c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if ch == '\'' {
            // A character literal closes within a few characters; a lifetime does not.
            if next == Some('\\') {
                i += 2;
                while c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                    i += 1;
                }
            }
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(Tok::Ident(c[start..i].iter().collect()));
        } else if ch.is_ascii_digit() {
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_' || c[i] == '.') {
                if c[i] == '.' && c.get(i + 1) == Some(&'.') {
                    break;
                }
                i += 1;
            }
        } else if ch == ':' && next == Some(':') {
            out.push(Tok::Colons);
            i += 2;
        } else {
            if !ch.is_whitespace() {
                out.push(Tok::Punct(ch));
            }
            i += 1;
        }
    }
    out
}

/// `r"`, `r#"`: a raw string, not an identifier ending in `r` (the caller saw `r` start a word).
fn raw_string_start(c: &[char], i: usize) -> bool {
    let starts_word = i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_');
    let mut j = i + 1;
    while c.get(j) == Some(&'#') {
        j += 1;
    }
    starts_word && c.get(j) == Some(&'"')
}

/// Every path of a file that names something of this crate, made absolute.
fn paths_of(
    toks: &[Tok],
    file_module: &[String],
    files: &BTreeMap<Vec<String>, usize>,
) -> Vec<UsePath> {
    let mut out = Vec::new();
    // Inline modules (`mod tests { … }`): their names and the brace depth they close at.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < toks.len() {
        let module: Vec<String> = file_module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(m, _)| m.clone()))
            .collect();
        match &toks[i] {
            Tok::Punct('{') => {
                depth += 1;
                i += 1;
            }
            Tok::Punct('}') => {
                if inline.last().is_some_and(|&(_, d)| d == depth) {
                    inline.pop();
                }
                depth -= 1;
                i += 1;
            }
            Tok::Ident(w) if w == "mod" => {
                if let (Some(Tok::Ident(name)), Some(Tok::Punct('{'))) =
                    (toks.get(i + 1), toks.get(i + 2))
                {
                    inline.push((name.clone(), depth + 1));
                }
                i += 1;
            }
            Tok::Ident(w) if w == "use" => {
                let public = i > 0 && public_before(toks, i);
                let end = (i..toks.len())
                    .find(|&j| toks[j] == Tok::Punct(';'))
                    .unwrap_or(toks.len());
                let mut trees = Vec::new();
                use_tree(&toks[i + 1..end], Vec::new(), &mut trees);
                for (segments, alias, glob) in trees {
                    if let Some(abs) = absolute(&segments, &module, files) {
                        let export = public.then_some(if glob { None } else { Some(alias) });
                        out.push(UsePath {
                            segments: abs,
                            export,
                        });
                    }
                }
                i = end;
            }
            Tok::Ident(w) if matches!(w.as_str(), "crate" | "super" | "self" | "puzzlespec") => {
                let preceded_by_path = i > 0 && toks[i - 1] == Tok::Colons;
                let mut segments = vec![w.clone()];
                let mut j = i + 1;
                while toks.get(j) == Some(&Tok::Colons) {
                    match toks.get(j + 1) {
                        Some(Tok::Ident(s)) => segments.push(s.clone()),
                        _ => break,
                    }
                    j += 2;
                }
                if !preceded_by_path
                    && segments.len() > 1
                    && let Some(abs) = absolute(&segments, &module, files)
                {
                    out.push(UsePath {
                        segments: abs,
                        export: None,
                    });
                }
                i = j;
            }
            _ => i += 1,
        }
    }
    out
}

/// Whether the `use` at `i` is `pub use` or `pub(…) use`.
fn public_before(toks: &[Tok], i: usize) -> bool {
    match &toks[i - 1] {
        Tok::Ident(w) => w == "pub",
        Tok::Punct(')') => (0..i)
            .rev()
            .take(5)
            .any(|j| toks[j] == Tok::Ident("pub".into())),
        _ => false,
    }
}

/// Expands a use tree into its paths: (segments, name seen under, whether a glob).
fn use_tree(toks: &[Tok], prefix: Vec<String>, out: &mut Vec<(Vec<String>, String, bool)>) {
    let mut path = prefix;
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Ident(w) if w == "as" => {
                if let (Some(Tok::Ident(alias)), Some(last)) = (toks.get(i + 1), path.last()) {
                    let mut p = path.clone();
                    if last == "self" {
                        p.pop();
                    }
                    out.push((p, alias.clone(), false));
                }
                return;
            }
            Tok::Ident(w) => path.push(w.clone()),
            Tok::Colons => {}
            Tok::Punct('*') => {
                out.push((path, String::new(), true));
                return;
            }
            Tok::Punct('{') => {
                let close = matching(toks, i);
                for part in split_top(&toks[i + 1..close]) {
                    use_tree(part, path.clone(), out);
                }
                return;
            }
            _ => {}
        }
        i += 1;
    }
    if path.last().is_some_and(|l| l == "self") {
        path.pop();
    }
    if let Some(name) = path.last().cloned() {
        out.push((path, name, false));
    }
}

fn matching(toks: &[Tok], open: usize) -> usize {
    let mut depth = 0;
    for (j, t) in toks.iter().enumerate().skip(open) {
        match t {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
    }
    toks.len()
}

fn split_top(toks: &[Tok]) -> Vec<&[Tok]> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (j, t) in toks.iter().enumerate() {
        match t {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => depth -= 1,
            Tok::Punct(',') if depth == 0 => {
                parts.push(&toks[start..j]);
                start = j + 1;
            }
            _ => {}
        }
    }
    parts.push(&toks[start..]);
    parts.into_iter().filter(|p| !p.is_empty()).collect()
}

/// A path made absolute from the crate root, or None for another crate's path.
fn absolute(
    segments: &[String],
    module: &[String],
    files: &BTreeMap<Vec<String>, usize>,
) -> Option<Vec<String>> {
    let first = segments.first()?;
    let mut base: Vec<String> = match first.as_str() {
        "crate" | "puzzlespec" => Vec::new(),
        "self" => module.to_vec(),
        "super" => module.to_vec(),
        _ => {
            // A child module of this one (2018 paths), else another crate.
            let mut child = module.to_vec();
            child.push(first.clone());
            let is_child = files.keys().any(|k| k.starts_with(&child));
            if !is_child {
                return None;
            }
            let mut abs = module.to_vec();
            abs.extend_from_slice(segments);
            return Some(abs);
        }
    };
    let mut rest = &segments[1..];
    if first == "super" {
        base.pop()?;
        while rest.first().is_some_and(|s| s == "super") {
            base.pop()?;
            rest = &rest[1..];
        }
    }
    base.extend_from_slice(rest);
    Some(base)
}
