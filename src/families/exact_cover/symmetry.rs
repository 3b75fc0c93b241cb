//! Counting up to symmetry: the spec declares symmetries as maps of items (`[[symmetries]]`),
//! each checked to be one (every item goes to one item of its kind, no two to the same, and
//! every option to an option); the group they generate permutes the options, and a cover is
//! counted once per class when it is the least of its images (as sorted option numbers).

use super::model::Model;
use super::params::{bindings, each, holds, values};
use super::spec::{ExactCoverDocument, MapEntry, SymmetryTable};
use super::template::{Template, colour_split};
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
    // Options by their items and colours; options alike in both are told apart by their turn.
    let mut index: HashMap<Vec<(u32, u32)>, Vec<u32>> = HashMap::new();
    for o in 0..model.options.len() {
        index
            .entry(key(model, o, |i, c| (i, c)))
            .or_default()
            .push(o as u32);
    }
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

/// Option `o`'s items with their colours, each sent by `f`, sorted: how options are found.
fn key(model: &Model, o: usize, f: impl Fn(u32, u32) -> (u32, u32)) -> Vec<(u32, u32)> {
    let mut k: Vec<(u32, u32)> = model.options[o]
        .entries
        .iter()
        .map(|e| f(e.item, e.colour))
        .collect();
    k.sort_unstable();
    k
}

/// Where one symmetry sends the items, and the colours of the entries that name them.
struct ItemMap {
    item: Vec<u32>,
    /// (item, colour) to colour; a colour no entry names stays as it is.
    colour: HashMap<(u32, u32), u32>,
}

impl ItemMap {
    fn send(&self, item: u32, colour: u32) -> (u32, u32) {
        let c = self.colour.get(&(item, colour)).copied().unwrap_or(colour);
        (self.item[item as usize], c)
    }
}

/// A map entry's `from` or `to`: the item's template, and its colour's after a `:`.
struct Side<'a> {
    text: &'a Spanned<String>,
    item: Template,
    colour: Option<Template>,
}

impl<'a> Side<'a> {
    fn parse(
        doc: &SpecDocument,
        text: &'a Spanned<String>,
        label: &str,
    ) -> Result<Side<'a>, Diagnostic> {
        let s = text.get_ref();
        let what = format!("a map entry of {label}");
        let parse = |r: std::ops::Range<usize>| {
            Template::parse(s, r).map_err(|e| doc.formula_error(text, &what, e))
        };
        Ok(match colour_split(s) {
            None => Side {
                text,
                item: parse(0..s.len())?,
                colour: None,
            },
            Some(at) => Side {
                text,
                item: parse(0..at)?,
                colour: Some(parse(at + 1..s.len())?),
            },
        })
    }
}

/// Where the symmetry sends each item (and the colours its entries name): its map's entries,
/// the other items fixed; checked to be one to one and to keep primary items primary.
fn item_map(
    doc: &SpecDocument,
    t: &SymmetryTable,
    label: &str,
    names: &mut Names,
    number: &HashMap<&str, u32>,
    model: &Model,
) -> Result<ItemMap, Diagnostic> {
    let n = model.items.len();
    let colour_number: HashMap<&str, u32> = model
        .colours
        .iter()
        .enumerate()
        .map(|(c, name)| (name.as_str(), c as u32 + 1))
        .collect();
    let mut to: Vec<Option<u32>> = vec![None; n];
    let mut colour = HashMap::new();
    for entry in t.map.get_ref() {
        let e: &MapEntry = entry.get_ref();
        let what = format!("the `for` of a map entry of {label}");
        let params = bindings(doc, e.params.as_ref(), &what)?;
        let (from, onto) = (
            Side::parse(doc, &e.from, label)?,
            Side::parse(doc, &e.to, label)?,
        );
        if from.colour.is_some() != onto.colour.is_some() {
            let (with, without) = if from.colour.is_some() {
                ("from", "to")
            } else {
                ("to", "from")
            };
            return Err(doc
                .error(e.from.span(), format!("a map entry of {label} gives `{with}` a colour and `{without}` none"))
                .help("a symmetry sends a coloured item to a coloured item (`x{i}:{u}` to `x{j}:{v}`), or names items alone"));
        }
        each(
            doc,
            &params,
            e.params.as_ref(),
            &e.from,
            names,
            &mut |names| {
                let item = |side: &Side, names: &mut Names| -> Result<(u32, u32), Diagnostic> {
                    let render = |t: &Template, names: &mut Names| {
                        t.render(names).map_err(|err| {
                            doc.formula_error(side.text, &format!("a map entry of {label}"), err)
                        })
                    };
                    let name = render(&side.item, names)?;
                    let i = number.get(name.as_str()).copied().ok_or_else(|| {
                    doc.error(side.text.span(), format!("{label} maps item `{name}`, which no [[items]] entry declares"))
                        .label(format!("at {}", values(names)))
                        .help("a symmetry sends declared items to declared items: correct the template or its `for`")
                })?;
                    let Some(c) = &side.colour else {
                        return Ok((i, 0));
                    };
                    let c = render(c, names)?;
                    let c = colour_number.get(c.as_str()).copied().ok_or_else(|| {
                    doc.error(side.text.span(), format!("{label} maps colour `{c}` (of item `{name}`), which no option gives"))
                        .label(format!("at {}", values(names)))
                        .help("a symmetry sends colours the options give to colours they give: correct the template or its `for`")
                })?;
                    Ok((i, c))
                };
                let ((a, ca), (b, cb)) = (item(&from, names)?, item(&onto, names)?);
                let twice = |what: String| {
                    doc.error(e.from.span(), format!("{label} sends {what} to two places"))
                        .label(format!("at {}", values(names)))
                        .help("map each item, and each colour of an item, once")
                };
                if to[a as usize].is_some_and(|c| c != b) {
                    return Err(twice(format!("item `{}`", model.items[a as usize])));
                }
                if ca != 0 && colour.insert((a, ca), cb).is_some_and(|c| c != cb) {
                    let name = &model.colours[ca as usize - 1];
                    return Err(twice(format!(
                        "colour `{name}` of item `{}`",
                        model.items[a as usize]
                    )));
                }
                to[a as usize] = Some(b);
                Ok(())
            },
        )?;
    }
    let item = one_to_one(t, doc, label, &to, model)?;
    Ok(ItemMap { item, colour })
}

/// The items' images (an item no entry names stays), refused unless one to one and primary to
/// primary.
fn one_to_one(
    t: &SymmetryTable,
    doc: &SpecDocument,
    label: &str,
    to: &[Option<u32>],
    model: &Model,
) -> Result<Vec<u32>, Diagnostic> {
    let n = model.items.len();
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

/// Where the symmetry sends each option: options with the same items and colours in turn onto
/// those of the image's; refused at the first option whose image is none, or when two go to
/// one (a colour map that is not one to one).
fn option_map(
    doc: &SpecDocument,
    t: &SymmetryTable,
    map: &ItemMap,
    index: &HashMap<Vec<(u32, u32)>, Vec<u32>>,
    model: &Model,
) -> Result<Vec<u32>, Diagnostic> {
    let mut rank: HashMap<Vec<(u32, u32)>, usize> = HashMap::new();
    let mut by: Vec<Option<u32>> = vec![None; model.options.len()];
    let mut out = Vec::with_capacity(model.options.len());
    for o in 0..model.options.len() {
        let r = rank.entry(key(model, o, |i, c| (i, c))).or_insert(0);
        let image = key(model, o, |i, c| map.send(i, c));
        let Some(&to) = index.get(&image).and_then(|same| same.get(*r)) else {
            let shown: Vec<String> = image.iter().map(|&e| entry_name(model, e)).collect();
            return Err(not_one(
                doc,
                t,
                format!(
                    "it sends option `{}` to the items {}, which no option covers",
                    model.options[o].name,
                    shown.join(", ")
                ),
            ));
        };
        *r += 1;
        if let Some(other) = by[to as usize].replace(o as u32) {
            return Err(not_one(
                doc,
                t,
                format!(
                    "it sends options `{}` and `{}` both to `{}`",
                    model.options[other as usize].name,
                    model.options[o].name,
                    model.options[to as usize].name
                ),
            ));
        }
        out.push(to);
    }
    Ok(out)
}

/// An item with its colour, as an option names it.
fn entry_name(model: &Model, (i, c): (u32, u32)) -> String {
    let item = &model.items[i as usize];
    match c {
        0 => item.clone(),
        c => format!("{item}:{}", model.colours[c as usize - 1]),
    }
}

fn not_one(doc: &SpecDocument, t: &SymmetryTable, why: String) -> Diagnostic {
    doc.error(t.name.span(), format!("`{}` is not a symmetry: {why}", t.name.get_ref()))
        .help("a symmetry sends every option to an option, one to one: correct its map, or leave it out where the options are not symmetric (`when`)")
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
