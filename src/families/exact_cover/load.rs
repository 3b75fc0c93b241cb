//! Spec -> checked exact cover: parameters and tables read as the spec language reads them,
//! every `[[items]]` and `[[options]]` entry expanded over its parameters (`for`, `when`), its
//! templates computed, and every option checked: items declared, not empty, a primary item in
//! each, colours only on secondary items, no item twice. Each error is placed at the text that
//! caused it (file:line:col), with the parameter values of the instance.

use super::entry::{Gather, entry_templates};
use super::model::{CoverOption, Model};
use super::params::{Items, bindings, each, holds, values};
use super::plan::{CATALOG, Engine, Objective, auto_engine};
use super::puzzle::ExactCoverPuzzle;
use super::spec::{ExactCoverDocument, ItemTable, OptionTable};
use super::template::Template;
use crate::diagnostic::Diagnostic;
use crate::expr::Forms;
use crate::expr::check::{Calls, Names, NoState, Table, Unroll};
use crate::spec::SpecDocument;
use crate::spec::tables as data;
use std::collections::HashMap;

const DEFAULT_LIMIT: u64 = 10;
const MAX_LIMIT: u64 = 100_000;
/// Items and options past these are surely a mistake in the parameters (and memory).
const MAX_ITEMS: usize = 1_000_000;
const MAX_OPTIONS: usize = 2_000_000;

pub fn puzzle_from_spec(doc: &SpecDocument) -> Result<ExactCoverPuzzle, Diagnostic> {
    let spec: ExactCoverDocument = doc.deserialize()?;
    let choice = CATALOG.choose(doc, &spec.solve)?;
    let mut constants = crate::spec::resolve_params(doc, &spec.params)?;
    let data = data::read(doc, &spec.tables, &mut constants)?;
    let tables: Vec<(String, Table)> = data
        .tables
        .iter()
        .map(|(name, t)| (name.clone(), table(t)))
        .collect();
    let mut names = Names {
        params: &constants,
        tables: &tables,
        vars: &NoState,
        locals: Vec::new(),
        state: false,
        unroll: Unroll::default(),
        calls: Calls::Numbers,
        member: None,
    };
    let items = items(doc, &spec, &mut names)?;
    let model = options(doc, &spec, &mut names, items)?;
    let symmetries = super::symmetry::load(doc, &spec, &mut names, &model)?;
    classes_need_symmetries(doc, &spec, choice.objective)?;
    let engine = choice.resolve(auto_engine);
    if engine.engine == Engine::Bitboard && !model.problem().fits_bitboard() {
        let why = format!(
            "the bitboard takes at most 128 primary items and no secondary ones; this cover has {} and {}",
            model.primary,
            model.secondary()
        );
        return Err(choice.unfit(&CATALOG, &why, &[Engine::DancingLinks]));
    }
    Ok(ExactCoverPuzzle {
        model,
        symmetries,
        objective: choice.objective,
        engine,
        limit: listing_limit(doc, &spec)?,
    })
}

/// `any-class` and `all-classes` list one cover per class of the declared symmetries: with
/// none declared, the user surely forgot them (or meant `any`, `all`).
fn classes_need_symmetries(
    doc: &SpecDocument,
    spec: &ExactCoverDocument,
    objective: Objective,
) -> Result<(), Diagnostic> {
    let classes = objective.listed().is_some_and(|l| l.classes);
    match &spec.solve.objective {
        Some(o) if classes && spec.symmetries.is_empty() => Err(doc
            .error(
                o.span(),
                format!(
                    "objective `{}` lists one cover per symmetry class, and this spec declares no symmetry",
                    o.get_ref()
                ),
            )
            .help("declare the cover's symmetries in [[symmetries]] entries (docs/exact-cover.md), or use objective = \"any\" or \"all\"")),
        _ => Ok(()),
    }
}

/// A table as formulas read it; an enumeration is the list of its members' numbers.
fn table(t: &Table) -> Table {
    match t {
        Table::List(v) => Table::List(v.clone()),
        Table::Rows(r) => Table::Rows(r.clone()),
        Table::Names(n) => Table::List((0..n.len() as i64).collect()),
    }
}

fn items(
    doc: &SpecDocument,
    spec: &ExactCoverDocument,
    names: &mut Names,
) -> Result<Items, Diagnostic> {
    let mut declared: [Vec<(String, usize)>; 2] = [Vec::new(), Vec::new()];
    for (k, t) in spec.items.get_ref().iter().enumerate() {
        let t: &ItemTable = t.get_ref();
        let what = format!("the name of [[items]] {}", k + 1);
        let template = Template::parse(t.name.get_ref(), 0..t.name.get_ref().len())
            .map_err(|e| doc.formula_error(&t.name, &what, e))?;
        let params = bindings(
            doc,
            t.params.as_ref(),
            &format!("the `for` of [[items]] {}", k + 1),
        )?;
        let list = &mut declared[usize::from(t.secondary)];
        each(
            doc,
            &params,
            t.params.as_ref(),
            &t.name,
            names,
            &mut |names| {
                let name = template
                    .render(names)
                    .map_err(|e| doc.formula_error(&t.name, &what, e))?;
                if let Some(why) = unusable_name(&name) {
                    return Err(doc
                        .error(t.name.span(), format!("item name `{name}` {why}"))
                        .help("options name their items as `item` or `item:colour`: give each item a name without `:`"));
                }
                list.push((name, k));
                if list.len() > MAX_ITEMS {
                    return Err(doc
                        .error(t.name.span(), format!("more than {MAX_ITEMS} items"))
                        .help("narrow the ranges of the items' parameters"));
                }
                Ok(())
            },
        )?;
    }
    let [primary, secondary] = declared;
    if primary.is_empty() {
        return Err(doc
            .error(spec.items.span(), "no primary item is declared")
            .label("an exact cover covers its primary items exactly once")
            .help("declare at least one [[items]] entry without secondary = true"));
    }
    let mut out = Items {
        number: HashMap::new(),
        names: Vec::new(),
        primary: primary.len(),
    };
    for (name, k) in primary.into_iter().chain(secondary) {
        let at = out.names.len() as u32;
        if out.number.insert(name.clone(), at).is_some() {
            let t = &spec.items.get_ref()[k];
            return Err(doc
                .error(t.get_ref().name.span(), format!("item `{name}` is declared twice"))
                .help("give each item its own name (the parameters' values in the template tell them apart)"));
        }
        out.names.push(name);
    }
    Ok(out)
}

fn options(
    doc: &SpecDocument,
    spec: &ExactCoverDocument,
    names: &mut Names,
    items: Items,
) -> Result<Model, Diagnostic> {
    let mut model = Model {
        items: Vec::new(),
        primary: items.primary,
        colours: Vec::new(),
        options: Vec::new(),
    };
    let mut colours: HashMap<String, u32> = HashMap::new();
    // Where each option name was first made: its [[options]] entry and parameter values.
    let mut made: HashMap<String, (usize, String)> = HashMap::new();
    for (k, t) in spec.options.get_ref().iter().enumerate() {
        let t: &OptionTable = t.get_ref();
        let label = format!("[[options]] {}", k + 1);
        if t.items.get_ref().is_empty() {
            return Err(doc.error(t.items.span(), "this option has no items").help(
                "list the items the option covers, e.g. items = [\"row {r}\", \"column {c}\"]",
            ));
        }
        let name = Template::parse(t.name.get_ref(), 0..t.name.get_ref().len())
            .map_err(|e| doc.formula_error(&t.name, &format!("the name of {label}"), e))?;
        let params = bindings(doc, t.params.as_ref(), &format!("the `for` of {label}"))?;
        let entries = entry_templates(doc, t, &label, &params)?;
        let guard = match &t.when {
            Some(w) => Some(
                Forms::All
                    .parse(w.get_ref())
                    .map_err(|e| doc.formula_error(w, &format!("the `when` of {label}"), e))?,
            ),
            None => None,
        };
        each(
            doc,
            &params,
            t.params.as_ref(),
            &t.name,
            names,
            &mut |names| {
                if let (Some(g), Some(text)) = (&guard, &t.when)
                    && !holds(doc, text, g, names, &format!("the `when` of {label}"))?
                {
                    return Ok(());
                }
                let option_name = name
                    .render(names)
                    .map_err(|e| doc.formula_error(&t.name, &format!("the name of {label}"), e))?;
                if let Some(first) = made.get(&option_name) {
                    return Err(twice(doc, spec, &option_name, first, (k, values(names))));
                }
                made.insert(option_name.clone(), (k, values(names)));
                let out = Gather {
                    doc,
                    items: &items,
                    colours: &mut colours,
                    option: &option_name,
                    label: &label,
                }
                .entries(&entries, names)?;
                if out.iter().all(|e| e.item as usize >= items.primary) {
                    return Err(doc
                    .error(t.items.span(), format!("option `{option_name}` names no primary item"))
                    .label(format!("at {}; such an option can never be chosen", values(names)))
                    .help("name a primary item in every option, or leave such options out with `when`"));
                }
                model.options.push(CoverOption {
                    name: option_name,
                    entries: out,
                });
                if model.options.len() > MAX_OPTIONS {
                    return Err(doc
                        .error(t.name.span(), format!("more than {MAX_OPTIONS} options"))
                        .help("narrow the ranges of the options' parameters"));
                }
                Ok(())
            },
        )?;
    }
    let mut by_number: Vec<(u32, String)> = colours.into_iter().map(|(c, n)| (n, c)).collect();
    by_number.sort();
    model.colours = by_number.into_iter().map(|(_, c)| c).collect();
    model.items = items.names;
    Ok(model)
}

/// Two options made with one name: refused at the second, the first named by its place, since
/// a cover is shown by its options' names and two alike would make an answer ambiguous.
fn twice(
    doc: &SpecDocument,
    spec: &ExactCoverDocument,
    name: &str,
    (k1, at1): &(usize, String),
    (k2, at2): (usize, String),
) -> Diagnostic {
    let entries = spec.options.get_ref();
    let first = entries[*k1].get_ref().name.span();
    let (line, col) = crate::diagnostic::line_col(&doc.source.text, first.start);
    doc.error(
        entries[k2].get_ref().name.span(),
        format!("option name `{name}` is made twice"),
    )
    .label(format!(
        "at {at2}; first made by [[options]] {} at line {line}, column {col}, at {at1}",
        k1 + 1
    ))
    .help("a cover is shown by its options' names: give each option its own name (put the parameters that tell them apart in the template)")
}

fn listing_limit(doc: &SpecDocument, spec: &ExactCoverDocument) -> Result<usize, Diagnostic> {
    match &spec.solve.limit {
        Some(l) if *l.get_ref() == 0 || *l.get_ref() > MAX_LIMIT => Err(doc
            .error(l.span(), format!("a limit of {} covers", l.get_ref()))
            .label(format!("not in 1 to {MAX_LIMIT}"))
            .help("give how many covers to list; objective = \"count\" counts them all")),
        _ => Ok(spec.solve.limit(DEFAULT_LIMIT) as usize),
    }
}

/// Why no option could name an item called `name`, if none can: an empty name, or one holding
/// the `:` that sets an entry's colour apart.
fn unusable_name(name: &str) -> Option<&'static str> {
    if name.trim().is_empty() {
        Some("is empty")
    } else if name.contains(':') {
        Some("holds `:`, which options read as the start of a colour")
    } else {
        None
    }
}
