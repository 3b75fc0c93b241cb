//! Spec -> checked water-jug puzzle: capacities, names, initial contents, the goal predicate
//! bound to the jug names, the objective and the engine.

use super::model::{Jugs, MAX_JUGS};
use super::plan::{CATALOG, plan};
use super::puzzle::JugsPuzzle;
use super::spec::{JugsDocument, JugsTable};
use crate::diagnostic::Diagnostic;
use crate::expr::check::check_over;
use crate::expr::{ExprError, Type};
use crate::spec::SpecDocument;
use std::collections::BTreeMap;
use toml::Spanned;

pub fn puzzle_from_spec(doc: &SpecDocument) -> Result<JugsPuzzle, Diagnostic> {
    let spec: JugsDocument = doc.deserialize()?;
    let jugs = spec.jugs.get_ref();
    let capacities = positive_capacities(doc, &jugs.capacities)?;
    let names = jug_names(doc, jugs, capacities.len())?;
    let initial = initial_contents(doc, jugs, &capacities)?;
    let written = doc.parse_formula(&jugs.goal, "the goal")?;
    let goal = match check_over(&written, &names, &BTreeMap::new()) {
        Ok((goal, Type::Bool)) => goal,
        Ok((_, Type::Number)) => {
            let e = ExprError::new(
                "the goal must be true or false",
                0..jugs.goal.get_ref().len(),
            )
            .help("compare the contents, e.g. \"A == 4 or B == 4\"");
            return Err(doc.formula_error(&jugs.goal, "the goal", e));
        }
        Err(e) => return Err(doc.formula_error(&jugs.goal, "the goal", e)),
    };
    let choice = CATALOG.choose(doc, &spec.solve)?;
    let model = Jugs::new(names, capacities, jugs.tap, goal).ok_or_else(|| {
        doc.error(
            jugs.capacities.span(),
            "these jugs need more than 64 bits of state",
        )
        .help("use fewer or smaller jugs")
    })?;
    let start = model.pack(&initial);
    let limit = usize::try_from(spec.solve.limit(100)).unwrap_or(usize::MAX);
    let (plan, engine) = plan(&choice, model.single_goal_state(), limit)?;
    Ok(JugsPuzzle {
        model,
        start,
        objective: choice.objective,
        plan,
        engine,
        goal_site: doc.formula_site(&jugs.goal, "the goal"),
    })
}

fn positive_capacities(
    doc: &SpecDocument,
    caps: &Spanned<Vec<Spanned<i64>>>,
) -> Result<Vec<u64>, Diagnostic> {
    if caps.get_ref().is_empty() {
        return Err(doc
            .error(caps.span(), "no jugs: `capacities` is empty")
            .help("give one capacity per jug, e.g. capacities = [8, 5]"));
    }
    if caps.get_ref().len() > MAX_JUGS {
        return Err(doc.error(caps.span(), format!("more than {MAX_JUGS} jugs")));
    }
    caps.get_ref()
        .iter()
        .map(|c| match u64::try_from(*c.get_ref()) {
            Ok(v) if v > 0 => Ok(v),
            _ => Err(doc
                .error(
                    c.span(),
                    format!("capacity {} is not positive", c.get_ref()),
                )
                .label("a jug must hold at least 1")
                .help("capacities are whole numbers of litres, 1 or more")),
        })
        .collect()
}

fn jug_names(
    doc: &SpecDocument,
    jugs: &JugsTable,
    count: usize,
) -> Result<Vec<String>, Diagnostic> {
    let Some(names) = &jugs.names else {
        return Ok((0..count).map(default_name).collect());
    };
    if names.get_ref().len() != count {
        return Err(doc
            .error(
                names.span(),
                format!("{} names for {count} capacities", names.get_ref().len()),
            )
            .help("give one name per jug, in the order of `capacities`"));
    }
    let mut out: Vec<String> = Vec::with_capacity(count);
    for n in names.get_ref() {
        let name = n.get_ref();
        let valid = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !["and", "or", "not", "implies"].contains(&name.as_str());
        if !valid {
            return Err(doc
                .error(n.span(), format!("`{name}` cannot name a jug"))
                .help("use letters, digits and `_`, starting with a letter (not and/or/not)"));
        }
        if out.contains(name) {
            return Err(doc.error(n.span(), format!("jug name `{name}` is used twice")));
        }
        out.push(name.clone());
    }
    Ok(out)
}

/// A, B, ..., Z, J27, J28, ...
fn default_name(i: usize) -> String {
    if i < 26 {
        ((b'A' + i as u8) as char).to_string()
    } else {
        format!("J{}", i + 1)
    }
}

fn initial_contents(
    doc: &SpecDocument,
    jugs: &JugsTable,
    caps: &[u64],
) -> Result<Vec<u64>, Diagnostic> {
    let Some(initial) = &jugs.initial else {
        return Ok(vec![0; caps.len()]);
    };
    if initial.get_ref().len() != caps.len() {
        return Err(doc
            .error(
                initial.span(),
                format!(
                    "{} initial contents for {} jugs",
                    initial.get_ref().len(),
                    caps.len()
                ),
            )
            .help("give one amount per jug, in the order of `capacities`"));
    }
    initial
        .get_ref()
        .iter()
        .zip(caps)
        .map(|(v, &cap)| match u64::try_from(*v.get_ref()) {
            Ok(x) if x <= cap => Ok(x),
            _ => Err(doc
                .error(
                    v.span(),
                    format!("initial amount {} does not fit a jug of {cap}", v.get_ref()),
                )
                .help(format!("use an amount from 0 to {cap}"))),
        })
        .collect()
}
