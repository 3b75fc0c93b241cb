//! An option's item entries: each parsed once (the item's template, its colour's after a `:`,
//! and an entry's own `for` and `when`), then made into the option's items for each value of
//! the parameters, every item checked: declared, a colour only on a secondary item, none twice.

use super::params::{Items, bindings, each, holds, unknown_item, values};
use super::spec::{EntryText, OptionTable};
use super::template::{Template, colour_split};
use crate::diagnostic::Diagnostic;
use crate::engine::exact_cover::Entry;
use crate::expr::check::Names;
use crate::expr::{Binding, Expr, ExprError, Forms};
use crate::spec::SpecDocument;
use std::collections::{HashMap, HashSet};
use toml::Spanned;

/// One entry of `items`, parsed: the item's text (with its place), templates, and for an
/// entry with its own `for`, its parameters and `when`.
pub struct EntryTemplate<'a> {
    text: Spanned<String>,
    item: Template,
    colour: Option<Template>,
    each: Option<Each<'a>>,
}

struct Each<'a> {
    params: Vec<Binding>,
    text: &'a Spanned<String>,
    guard: Option<(Expr, &'a Spanned<String>)>,
}

/// The entries of option table `t`, parsed; `outer` are the option's own parameters, which an
/// entry's `for` may use but not name again.
pub fn entry_templates<'a>(
    doc: &SpecDocument,
    t: &'a OptionTable,
    label: &str,
    outer: &[Binding],
) -> Result<Vec<EntryTemplate<'a>>, Diagnostic> {
    let what = format!("an item of {label}");
    t.items
        .get_ref()
        .iter()
        .map(|entry| {
            let (text, each) = match entry.get_ref() {
                EntryText::One(s) => (Spanned::new(entry.span(), s.clone()), None),
                EntryText::Each(e) => {
                    let copy = Spanned::new(e.item.span(), e.item.get_ref().clone());
                    (copy, Some(own_params(doc, e, label, outer)?))
                }
            };
            let s = text.get_ref();
            let (item, colour) = match colour_split(s) {
                None => (Template::parse(s, 0..s.len()), None),
                Some(at) => (
                    Template::parse(s, 0..at),
                    Some(Template::parse(s, at + 1..s.len())),
                ),
            };
            let item = item.map_err(|e| doc.formula_error(&text, &what, e))?;
            let colour = colour
                .transpose()
                .map_err(|e| doc.formula_error(&text, &what, e))?;
            Ok(EntryTemplate {
                text,
                item,
                colour,
                each,
            })
        })
        .collect()
}

/// An entry's own `for` (no parameter of the option named again) and `when`.
fn own_params<'a>(
    doc: &SpecDocument,
    e: &'a super::spec::EachEntry,
    label: &str,
    outer: &[Binding],
) -> Result<Each<'a>, Diagnostic> {
    let what = format!("the `for` of an item of {label}");
    let params = bindings(doc, Some(&e.params), &what)?;
    if let Some(b) = params
        .iter()
        .find(|b| outer.iter().any(|o| o.name == b.name))
    {
        let err = ExprError::new(
            format!("`{}` is already a parameter of the option", b.name),
            b.name_span.clone(),
        );
        return Err(doc
            .formula_error(&e.params, &what, err)
            .help("give the item's own parameter another name"));
    }
    let guard = match &e.when {
        Some(w) => Some((
            Forms::All.parse(w.get_ref()).map_err(|err| {
                doc.formula_error(w, &format!("the `when` of an item of {label}"), err)
            })?,
            w,
        )),
        None => None,
    };
    Ok(Each {
        params,
        text: &e.params,
        guard,
    })
}

/// Gathers one option's items (for the parameter values bound), checking each.
pub struct Gather<'a> {
    pub doc: &'a SpecDocument,
    pub items: &'a Items,
    pub colours: &'a mut HashMap<String, u32>,
    pub option: &'a str,
    pub label: &'a str,
}

/// Past this many items an option's duplicates are looked up in a set, not by a scan.
const SCAN: usize = 32;

impl Gather<'_> {
    /// The option's items, entry by entry, an entry with its own `for` giving one per value.
    pub fn entries(
        &mut self,
        entries: &[EntryTemplate],
        names: &mut Names,
    ) -> Result<Vec<Entry>, Diagnostic> {
        let mut out = Vec::with_capacity(entries.len());
        let mut seen = HashSet::new();
        for entry in entries {
            let Some(e) = &entry.each else {
                self.push(entry, names, &mut out, &mut seen)?;
                continue;
            };
            let what = format!("the `when` of an item of {}", self.label);
            let doc = self.doc;
            each(
                doc,
                &e.params,
                Some(e.text),
                &entry.text,
                names,
                &mut |names| {
                    if let Some((g, text)) = &e.guard
                        && !holds(doc, text, g, names, &what)?
                    {
                        return Ok(());
                    }
                    self.push(entry, names, &mut out, &mut seen)
                },
            )?;
        }
        Ok(out)
    }

    fn push(
        &mut self,
        entry: &EntryTemplate,
        names: &mut Names,
        out: &mut Vec<Entry>,
        seen: &mut HashSet<u32>,
    ) -> Result<(), Diagnostic> {
        let (doc, text, option) = (self.doc, &entry.text, self.option);
        let what = format!("an item of {}", self.label);
        let item = entry
            .item
            .render(names)
            .map_err(|e| doc.formula_error(text, &what, e))?;
        let Some(&i) = self.items.number.get(&item) else {
            return Err(unknown_item(doc, text, &item, option, names, self.items));
        };
        let colour = match &entry.colour {
            None => 0,
            Some(_) if (i as usize) < self.items.primary => {
                return Err(doc
                    .error(text.span(), format!("option `{option}` gives primary item `{item}` a colour"))
                    .label(format!("at {}", values(names)))
                    .help("only secondary items take colours (declare the item with secondary = true), or drop the `:colour`"));
            }
            Some(c) => {
                let c = c
                    .render(names)
                    .map_err(|e| doc.formula_error(text, &what, e))?;
                let next = self.colours.len() as u32 + 1;
                *self.colours.entry(c).or_insert(next)
            }
        };
        // Most options have a few items: a scan; long ones (an entry's own `for`) a set.
        let twice = if out.len() < SCAN {
            out.iter().any(|e| e.item == i)
        } else {
            if seen.is_empty() {
                seen.extend(out.iter().map(|e| e.item));
            }
            !seen.insert(i)
        };
        if twice {
            return Err(doc
                .error(
                    text.span(),
                    format!("option `{option}` names item `{item}` twice"),
                )
                .label(format!("at {}", values(names)))
                .help("an option covers each of its items once: name each item once"));
        }
        out.push(Entry { item: i, colour });
        Ok(())
    }
}
