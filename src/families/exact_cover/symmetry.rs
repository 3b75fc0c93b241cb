//! Counting up to symmetry: the spec declares symmetries as maps of items (`[[symmetries]]`),
//! each checked to be one (every item goes to one item of its kind, no two to the same, and
//! every option to an option); the group they generate permutes the options, and a cover is
//! counted once per class when it is the least of its images (as sorted option numbers).

use super::model::Model;
use super::params::{bindings, each, holds, values};
use super::spec::{ExactCoverDocument, MapEntry, SymmetryTable};
use super::template::Template;
use crate::diagnostic::Diagnostic;
use crate::expr::Forms;
use crate::expr::check::Names;
use crate::spec::SpecDocument;
use std::collections::{HashMap, HashSet};
use toml::Spanned;

/// More symmetries than this is surely a mistake (the cube has 48).
const MAX_GROUP: usize = 10_000;

/// The group the declared symmetries generate, as permutations of the options.
#[derive(Debug, Default)]
pub struct Symmetries {
    /// Every element but the identity: `others[s][o]` is option `o`'s image.
    pub others: Vec<Vec<u32>>,
    /// How many symmetries were declared (and used: `when` held).
    pub declared: usize,
}

impl Symmetries {
    /// The group's order, the identity included.
    pub fn order(&self) -> usize {
        self.others.len() + 1
    }

    /// Whether `cover` is the least of its images: true for exactly one cover of each class.
    pub fn is_least(&self, cover: &[usize]) -> bool {
        let mut mine: Vec<u32> = cover.iter().map(|&o| o as u32).collect();
        mine.sort_unstable();
        let mut image = Vec::with_capacity(mine.len());
        self.others.iter().all(|s| {
            image.clear();
            image.extend(mine.iter().map(|&o| s[o as usize]));
            image.sort_unstable();
            mine <= image
        })
    }
}

pub fn load(
    doc: &SpecDocument,
    spec: &ExactCoverDocument,
    names: &mut Names,
    model: &Model,
) -> Result<Symmetries, Diagnostic> {
    let number: HashMap<&str, u32> = model
        .items
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i as u32))
        .collect();
    let index: HashMap<Vec<(u32, u32)>, u32> = (0..model.options.len())
        .map(|o| (key(model, o, |i| i), o as u32))
        .collect();
    let mut generators = Vec::new();
    for (k, t) in spec.symmetries.iter().enumerate() {
        let t: &SymmetryTable = t.get_ref();
        let label = format!("[[symmetries]] {}", k + 1);
        if let Some(w) = &t.when {
            let what = format!("the `when` of {label}");
            let g = Forms::All
                .parse(w.get_ref())
                .map_err(|e| doc.formula_error(w, &what, e))?;
            if !holds(doc, w, &g, names, &what)? {
                continue;
            }
        }
        let items = item_map(doc, t, &label, names, &number, model)?;
        generators.push(option_map(doc, t, &items, &index, model)?);
    }
    let declared = generators.len();
    let others = group(doc, spec, generators)?;
    Ok(Symmetries { others, declared })
}

/// Option `o`'s items (each sent by `f`) with their colours, sorted: how options are found.
fn key(model: &Model, o: usize, f: impl Fn(u32) -> u32) -> Vec<(u32, u32)> {
    let mut k: Vec<(u32, u32)> = model.options[o]
        .entries
        .iter()
        .map(|e| (f(e.item), e.colour))
        .collect();
    k.sort_unstable();
    k
}

/// Where the symmetry sends each item: its map's entries, the other items fixed; checked to
/// be one to one and to keep primary items primary.
fn item_map(
    doc: &SpecDocument,
    t: &SymmetryTable,
    label: &str,
    names: &mut Names,
    number: &HashMap<&str, u32>,
    model: &Model,
) -> Result<Vec<u32>, Diagnostic> {
    let n = model.items.len();
    let mut to: Vec<Option<u32>> = vec![None; n];
    for entry in t.map.get_ref() {
        let e: &MapEntry = entry.get_ref();
        let what = format!("the `for` of a map entry of {label}");
        let params = bindings(doc, e.params.as_ref(), &what)?;
        let parse = |s: &Spanned<String>| {
            Template::parse(s.get_ref(), 0..s.get_ref().len())
                .map_err(|err| doc.formula_error(s, &format!("a map entry of {label}"), err))
        };
        let (from_t, to_t) = (parse(&e.from)?, parse(&e.to)?);
        each(
            doc,
            &params,
            e.params.as_ref(),
            &e.from,
            names,
            &mut |names| {
                let item = |tpl: &Template, s: &Spanned<String>, names: &mut Names| {
                    let name = tpl.render(names).map_err(|err| {
                        doc.formula_error(s, &format!("a map entry of {label}"), err)
                    })?;
                    number.get(name.as_str()).copied().ok_or_else(|| {
                    doc.error(s.span(), format!("{label} maps item `{name}`, which no [[items]] entry declares"))
                        .label(format!("at {}", values(names)))
                        .help("a symmetry sends declared items to declared items: correct the template or its `for`")
                })
                };
                let (a, b) = (item(&from_t, &e.from, names)?, item(&to_t, &e.to, names)?);
                if to[a as usize].is_some_and(|c| c != b) {
                    return Err(doc
                        .error(
                            e.from.span(),
                            format!(
                                "{label} sends item `{}` to two items",
                                model.items[a as usize]
                            ),
                        )
                        .label(format!("at {}", values(names)))
                        .help("map each item once"));
                }
                to[a as usize] = Some(b);
                Ok(())
            },
        )?;
    }
    let to: Vec<u32> = to
        .iter()
        .enumerate()
        .map(|(i, t)| t.unwrap_or(i as u32))
        .collect();
    let mut from: Vec<Option<u32>> = vec![None; n];
    for (a, &b) in to.iter().enumerate() {
        let name = |i: u32| &model.items[i as usize];
        let why = if let Some(c) = from[b as usize] {
            Some(format!(
                "items `{}` and `{}` both go to `{}`",
                name(c),
                name(a as u32),
                name(b)
            ))
        } else if (a < model.primary) != ((b as usize) < model.primary) {
            Some(format!(
                "item `{}` goes to `{}`, and only one of them is primary",
                name(a as u32),
                name(b)
            ))
        } else {
            None
        };
        if let Some(why) = why {
            return Err(doc
                .error(t.name.span(), format!("{label} is not a symmetry: {why}"))
                .help("a symmetry sends the items one to one, primary to primary and secondary to secondary; items no entry names stay where they are"));
        }
        from[b as usize] = Some(a as u32);
    }
    Ok(to)
}

/// Where the symmetry sends each option; refused at the first option whose image is none.
fn option_map(
    doc: &SpecDocument,
    t: &SymmetryTable,
    items: &[u32],
    index: &HashMap<Vec<(u32, u32)>, u32>,
    model: &Model,
) -> Result<Vec<u32>, Diagnostic> {
    (0..model.options.len())
        .map(|o| {
            let image = key(model, o, |i| items[i as usize]);
            index.get(&image).copied().ok_or_else(|| {
                let shown: Vec<&str> = image
                    .iter()
                    .map(|&(i, _)| model.items[i as usize].as_str())
                    .collect();
                doc.error(
                    t.name.span(),
                    format!(
                        "`{}` is not a symmetry: it sends option `{}` to the items {}, which no option covers",
                        t.name.get_ref(),
                        model.options[o].name,
                        shown.join(", ")
                    ),
                )
                .help("a symmetry sends every option to an option: correct its map, or leave it out where the options are not symmetric (`when`)")
            })
        })
        .collect()
}

/// Every element of the group the generators make, but the identity.
fn group(
    doc: &SpecDocument,
    spec: &ExactCoverDocument,
    generators: Vec<Vec<u32>>,
) -> Result<Vec<Vec<u32>>, Diagnostic> {
    let Some(first) = generators.first() else {
        return Ok(Vec::new());
    };
    let identity: Vec<u32> = (0..first.len() as u32).collect();
    let mut seen: HashSet<Vec<u32>> = HashSet::from([identity.clone()]);
    let mut all = vec![identity];
    let mut at = 0;
    while at < all.len() {
        for g in &generators {
            let product: Vec<u32> = all[at].iter().map(|&o| g[o as usize]).collect();
            if seen.insert(product.clone()) {
                all.push(product);
            }
        }
        if all.len() > MAX_GROUP {
            return Err(doc
                .error(
                    spec.symmetries[0].get_ref().name.span(),
                    format!("the symmetries generate more than {MAX_GROUP}"),
                )
                .help("declare the symmetries of the puzzle only (a few generators)"));
        }
        at += 1;
    }
    all.remove(0);
    Ok(all)
}
