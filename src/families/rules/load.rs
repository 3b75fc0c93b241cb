//! Spec -> checked rules puzzle: parameters, tables, the packed layout of the state, the start
//! state, the moves compiled to instances, constraints, goal and heuristic, and the plan.

use super::bytecode::Program;
use super::compile::{self, ParsedMove};
use super::label::Label;
use super::layout::Names;
use super::layout::{Layout, Shape};
use super::model::Rules;
use super::plan::{CATALOG, Facts, plan};
use super::puzzle::{RulesPuzzle, Sites};
use super::spec::{ConstraintTable, RulesDocument};
use super::word::{MAX_BITS, Mask};
use crate::diagnostic::Diagnostic;
use crate::expr::check::Calls;
use crate::expr::check::{Ir, Table, Ty};
use crate::expr::{ExprError, Forms, VarType, parse_var_type};
use crate::spec::SpecDocument;
use std::collections::BTreeMap;
use toml::Spanned;

/// Default `solve.max_states`: the hash-set engines take some 30-60 bytes per state, so this
/// stays within about 12 GB.
pub const DEFAULT_MAX_STATES: u64 = 200_000_000;
/// An array longer than this is surely a mistake.
const MAX_ARRAY: i64 = 4096;

pub fn puzzle_from_spec(doc: &SpecDocument) -> Result<RulesPuzzle, Diagnostic> {
    let spec: RulesDocument = doc.deserialize()?;
    let params = params(doc, &spec)?;
    let (tables, words) = tables(doc, &spec, &params)?;
    let layout = layout(doc, &spec, &params, &tables)?;
    let mut names = Names {
        params: &params,
        tables: &tables,
        vars: &layout,
        locals: Vec::new(),
        state: false,
        unroll: Default::default(),
        calls: Calls::Numbers,
        member: None,
    };
    let start = start_state(doc, &spec, &mut names)?;
    names.state = true;
    let (instances, labels) = moves(doc, &spec, &mut names, &words)?;
    let allowed = constraints(doc, &spec, &mut names)?;
    let goal_text = &spec.goal.get_ref().reach;
    let goal = predicate(doc, goal_text, "the goal", Ty::Bool, &mut names)?;
    let auto = (spec.goal.get_ref().heuristic.as_ref()).filter(|h| h.get_ref().trim() == "auto");
    let heuristic = match &spec.goal.get_ref().heuristic {
        Some(h) if auto.is_none() => {
            Some(predicate(doc, h, "the heuristic", Ty::Number, &mut names)?)
        }
        _ => None,
    };
    let facts = Facts {
        bits: layout.bits,
        has_heuristic: heuristic.is_some() || auto.is_some(),
        auto_heuristic: auto.is_some(),
        costs_differ: costs_differ(&instances),
        moves: instances.len() as u64,
        backward: None,
        index_bits: layout.bits,
        ranked: None,
    };
    let dispatch = super::model::Dispatch::build(&instances);
    let bit_moves = super::model::bit_moves(&instances, &allowed);
    let ranking = super::rank::Ranking::build(&layout, &instances, start);
    let facts = Facts {
        index_bits: ranking.as_ref().map_or(layout.bits, |r| r.bits()),
        ranked: ranking.as_ref().map(|r| r.arrays.clone()),
        ..facts
    };
    let mut rules = Rules {
        ranking,
        reverse: None,
        lanes: dispatch
            .is_none()
            .then(|| super::lanes::LaneDispatch::build(&instances))
            .flatten(),
        dispatch,
        pins: super::model::Pin::of_each(&instances),
        bit_moves,
        layout,
        tables: tables.iter().map(|(_, t)| t.clone()).collect(),
        instances,
        allowed,
        goal,
        heuristic,
    };
    start_obeys_constraints(doc, &spec, &rules, start)?;
    rules.reverse = super::reverse::Reverse::build(&rules.layout, &rules.instances, &rules.goal);
    let facts = Facts {
        backward: rules.reverse.as_ref().map(|r| r.per_state),
        ..facts
    };
    let auto_unit = match auto {
        Some(text) => Some(auto_unit(doc, text, &rules)?),
        None => None,
    };
    let choice = CATALOG.choose(doc, &spec.solve.common())?;
    let limit = usize::try_from(spec.solve.common().limit(100)).unwrap_or(usize::MAX);
    let (mut plan, mut engine) = plan(&choice, &facts, limit)?;
    let mut names = Names {
        params: &params,
        tables: &tables,
        vars: &rules.layout,
        locals: Vec::new(),
        state: false,
        unroll: Default::default(),
        calls: Calls::Numbers,
        member: None,
    };
    let symmetry = super::symmetry::declared(doc, &spec, &mut names, &rules, start, &labels)?;
    if let (Some(group), super::plan::Objective::Count) = (&symmetry, choice.objective) {
        engine.reason = format!(
            "shortest paths counted over classes: the {} symmetries declared keep the start, so every state of a class has as many shortest paths as the one stored",
            group.order()
        );
    }
    if let (Some(group), super::plan::Plan::Layers { .. }) = (&symmetry, plan) {
        plan = super::plan::Plan::Layers { bitmap: false };
        engine = crate::families::plan::Resolved {
            engine: super::plan::Engine::LayeredBfs,
            reason: format!(
                "layers of classes: the {} symmetries declared map states to equivalent ones, so one state per class is stored (its least image) and each class counts the states it holds",
                group.order()
            ),
        };
    }
    let sites = Sites::new(doc, &spec);
    let max_states = spec
        .solve
        .max_states
        .as_ref()
        .map_or(DEFAULT_MAX_STATES, |m| *m.get_ref());
    let display = super::display::display(doc, spec.display.as_ref(), &rules.layout, &params)?;
    Ok(RulesPuzzle {
        display,
        rules,
        start,
        objective: choice.objective,
        plan,
        engine,
        labels,
        params,
        named_tables: tables,
        sites,
        max_states,
        limit,
        auto_unit,
        symmetry,
    })
}

/// `heuristic = "auto"`: the least cost of a move, which each pattern database's move is
/// counted as; refused where the tables cannot be built (no single goal state, costs that
/// depend on the state).
fn auto_unit(doc: &SpecDocument, text: &Spanned<String>, rules: &Rules) -> Result<u64, Diagnostic> {
    let refuse = |why: &str, help: &str| {
        let e = ExprError::new(why.to_string(), 0..text.get_ref().len()).help(help.to_string());
        Err(doc.formula_error(text, "the heuristic", e))
    };
    if rules.reverse.is_none() {
        return refuse(
            "heuristic = \"auto\" needs a goal naming one full state (`x == value` for every variable and array element)",
            "write the goal as one state, or give the heuristic as a formula",
        );
    }
    let costs: Option<Vec<i64>> = rules.instances.iter().map(|i| i.cost.constant()).collect();
    match costs {
        Some(c) => Ok(c.into_iter().min().unwrap_or(1).max(0) as u64),
        None => refuse(
            "heuristic = \"auto\" needs every move's cost to be a constant",
            "give the heuristic as a formula, or make the costs constants",
        ),
    }
}

fn is_identifier(name: &str) -> bool {
    name.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && ![
            "and", "or", "not", "implies", "if", "then", "else", "for", "in", "bool", "of",
        ]
        .contains(&name)
}

fn params(doc: &SpecDocument, spec: &RulesDocument) -> Result<BTreeMap<String, i64>, Diagnostic> {
    crate::spec::resolve_params(doc, &spec.params)
}

/// The named tables, and apart the named tables of names.
type AllTables = (Vec<(String, Table)>, Vec<(String, Vec<String>)>);

/// The tables (of names too, whose members name their positions in formulas), and apart the
/// tables of names again, which labels print.
fn tables(
    doc: &SpecDocument,
    spec: &RulesDocument,
    params: &BTreeMap<String, i64>,
) -> Result<AllTables, Diagnostic> {
    let taken = |n: &str| {
        if spec.params.contains_key(n) {
            Some("parameter")
        } else {
            spec.state
                .get_ref()
                .contains_key(n)
                .then_some("state variable")
        }
    };
    let out = crate::spec::tables::read_tables(doc, &spec.tables, params, taken)?;
    let words = (out.iter())
        .filter_map(|(name, t)| match t {
            Table::Names(list) => Some((name.clone(), list.clone())),
            _ => None,
        })
        .collect();
    Ok((out, words))
}

/// The state variables in the order the spec lists them (the packing and display order).
fn layout(
    doc: &SpecDocument,
    spec: &RulesDocument,
    params: &BTreeMap<String, i64>,
    tables: &[(String, Table)],
) -> Result<Layout, Diagnostic> {
    let mut vars: Vec<(&String, &Spanned<String>)> = spec.state.get_ref().iter().collect();
    vars.sort_by_key(|(_, t)| t.span().start);
    if vars.is_empty() {
        return Err(doc
            .error(spec.state.span(), "no state variables")
            .help("declare some, e.g. boat = \"0..1\""));
    }
    let empty = Layout::default();
    let mut names = Names {
        params,
        tables,
        vars: &empty,
        locals: Vec::new(),
        state: false,
        unroll: Default::default(),
        calls: Calls::Numbers,
        member: None,
    };
    let mut layout = Layout::default();
    let mut breakdown = Vec::new();
    for (name, text) in vars {
        if !is_identifier(name) || params.contains_key(name.as_str()) {
            return Err(doc
                .error(
                    text.span(),
                    format!("`{name}` cannot name a state variable"),
                )
                .help("use a plain name, different from every parameter"));
        }
        let what = format!("the type of `{name}`");
        let ty = parse_var_type(text.get_ref()).map_err(|e| doc.formula_error(text, &what, e))?;
        let (shape, lo, hi) =
            var_shape(&ty, &mut names).map_err(|e| doc.formula_error(text, &what, e))?;
        let before = layout.bits;
        layout.push(name.clone(), shape, lo, hi);
        breakdown.push(format!("{name} {}", layout.bits - before));
    }
    if layout.bits > MAX_BITS {
        return Err(doc
            .error(spec.state.span(), format!("the state needs {} bits, more than the {MAX_BITS} that fit the widest packing ({} 64-bit words)", layout.bits, super::word::MASK_WORDS))
            .label(format!("bits per variable: {}", breakdown.join(", ")))
            .help("narrow the ranges or shorten the arrays (each variable takes the bits of its range)"));
    }
    Ok(layout)
}

fn var_shape(ty: &VarType, names: &mut Names) -> Result<(Shape, i64, i64), ExprError> {
    let VarType::Range { length, lo, hi } = ty else {
        return Ok((Shape::Bool, 0, 1));
    };
    let (l, h) = (names.constant(lo)?, names.constant(hi)?);
    if h < l {
        return Err(ExprError::new(
            format!("the range {l}..{h} is empty"),
            lo.span.start..hi.span.end,
        )
        .help("write the low end first, e.g. 0..3"));
    }
    let shape = match length {
        None => Shape::Number,
        Some(n) => match names.constant(n)? {
            len @ 1..=MAX_ARRAY => Shape::Array(len as usize),
            len => {
                return Err(
                    ExprError::new(format!("an array of {len} elements"), n.span.clone())
                        .help(format!("arrays have 1 to {MAX_ARRAY} elements")),
                );
            }
        },
    };
    Ok((shape, l, h))
}

/// The packed start state from `[start]`, every variable given once and within its range.
fn start_state(
    doc: &SpecDocument,
    spec: &RulesDocument,
    names: &mut Names,
) -> Result<Mask, Diagnostic> {
    let layout = names.vars;
    let given = spec.start.get_ref();
    for (name, v) in given {
        if layout.var(name).is_none() {
            let known: Vec<&str> = layout.vars.iter().map(|v| v.name.as_str()).collect();
            return Err(doc
                .error(v.span(), format!("`{name}` is not a state variable"))
                .help(format!(
                    "[start] gives a value to each of: {}",
                    known.join(", ")
                )));
        }
    }
    let mut values = vec![0i64; layout.slots.len()];
    for var in &layout.vars {
        let Some(v) = given.get(&var.name) else {
            return Err(doc
                .error(
                    spec.start.span(),
                    format!("[start] gives no value to `{}`", var.name),
                )
                .help(format!("add `{} = ...` ({})", var.name, var.range_words())));
        };
        for k in 0..var.len() {
            let x = start_value(doc, v, k, var.len(), var.shape == Shape::Bool, names)?;
            if !(var.lo..=var.hi).contains(&x) {
                let which = if var.len() > 1 {
                    format!("`{}[{k}]`", var.name)
                } else {
                    format!("`{}`", var.name)
                };
                return Err(doc
                    .error(
                        v.span(),
                        format!(
                            "start value {x} of {which} is outside its range {}",
                            var.range_words()
                        ),
                    )
                    .help(
                        "give a value within the variable's range, or widen the range in [state]",
                    ));
            }
            values[var.first + k] = x;
        }
    }
    Ok(layout.pack(&values))
}

/// Element `k` of a start value: a number, true/false, an array, or a formula (with `i`, the
/// element's index, for arrays).
fn start_value(
    doc: &SpecDocument,
    v: &Spanned<toml::Value>,
    k: usize,
    len: usize,
    boolean: bool,
    names: &mut Names,
) -> Result<i64, Diagnostic> {
    let wrong = |what: &str| doc.error(v.span(), format!("this start value is {what}"));
    match v.get_ref() {
        toml::Value::Integer(x) if !boolean => Ok(*x),
        toml::Value::Boolean(b) if boolean => Ok(i64::from(*b)),
        toml::Value::Array(items) if len > 1 || items.len() == 1 => {
            if items.len() != len {
                return Err(wrong(&format!(
                    "an array of {}, and the variable has {len} elements",
                    items.len()
                )));
            }
            match &items[k] {
                toml::Value::Integer(x) if !boolean => Ok(*x),
                toml::Value::Boolean(b) if boolean => Ok(i64::from(*b)),
                _ => Err(wrong("an array with an element of the wrong type")),
            }
        }
        toml::Value::String(text) => {
            let spanned = Spanned::new(v.span(), text.clone());
            let term = Forms::All
                .parse(text)
                .map_err(|e| doc.formula_error(&spanned, "the start value", e))?;
            names.locals.push(("i".to_string(), k as i64));
            let ty = if boolean { Ty::Bool } else { Ty::Number };
            let r = names.lower_as(&term, ty);
            names.locals.pop();
            match r.map_err(|e| doc.formula_error(&spanned, "the start value", e))? {
                Ir::Const(x) => Ok(x),
                _ => Err(doc.formula_error(
                    &spanned,
                    "the start value",
                    ExprError::new("this must be known before the search", term.span.clone()),
                )),
            }
        }
        _ if boolean => Err(wrong("not true/false").help("this variable is a bool")),
        _ => {
            Err(wrong("not a whole number, an array or a formula")
                .help("e.g. 3, [0, 1, 0], or \"n\""))
        }
    }
}

fn moves(
    doc: &SpecDocument,
    spec: &RulesDocument,
    names: &mut Names,
    words: &super::label::Words,
) -> Result<(Vec<super::instance::Instance>, Vec<Label>), Diagnostic> {
    let moves = spec.moves.get_ref();
    if moves.is_empty() {
        return Err(doc
            .error(spec.moves.span(), "no moves")
            .help("add a [[move]] with a name and `do`"));
    }
    let mut instances = Vec::new();
    let mut labels = Vec::new();
    for (r, m) in moves.iter().enumerate() {
        if let Some(first) = moves[..r]
            .iter()
            .find(|o| o.name.get_ref() == m.name.get_ref())
        {
            let (line, col) =
                crate::diagnostic::line_col(&doc.source.text, first.name.span().start);
            return Err(doc
                .error(
                    m.name.span(),
                    format!("two moves are named `{}`", m.name.get_ref()),
                )
                .label("the second one")
                .help(format!(
                    "the first is at line {line}, column {col}; give each move its own name"
                )));
        }
        let parsed: ParsedMove = compile::parse_move(doc, m)?;
        compile::instances(doc, r, m, &parsed, names, &mut instances)?;
        labels.push(Label::new(doc, m, &parsed, names, words)?);
    }
    Ok((instances, labels))
}

fn predicate(
    doc: &SpecDocument,
    text: &Spanned<String>,
    what: &str,
    ty: Ty,
    names: &mut Names,
) -> Result<Program, Diagnostic> {
    let term = Forms::All
        .parse(text.get_ref())
        .map_err(|e| doc.formula_error(text, what, e))?;
    let ir = names.lower_as(&term, ty).map_err(|e| {
        if e.span == term.span && ty == Ty::Bool && e.message.starts_with("expected") {
            let e = ExprError::new(
                format!("{what} must be true or false, and this is a number"),
                e.span,
            )
            .help("compare it, e.g. \"x == 0\"");
            return doc.formula_error(text, what, e);
        }
        doc.formula_error(text, what, e)
    })?;
    Program::compile(&ir, names.vars).ok_or_else(|| {
        doc.formula_error(
            text,
            what,
            ExprError::new(
                "this formula nests too deeply to compile",
                term.span.clone(),
            ),
        )
    })
}

fn constraint_text<'a>(
    doc: &SpecDocument,
    c: &'a Spanned<ConstraintTable>,
) -> Result<(&'a Spanned<String>, bool), Diagnostic> {
    match (&c.get_ref().forbid, &c.get_ref().require) {
        (Some(f), None) => Ok((f, true)),
        (None, Some(r)) => Ok((r, false)),
        _ => Err(doc
            .error(
                c.span(),
                "a [[constraint]] has exactly one of `forbid` and `require`",
            )
            .help("split it into two [[constraint]] entries")),
    }
}

fn constraints(
    doc: &SpecDocument,
    spec: &RulesDocument,
    names: &mut Names,
) -> Result<Vec<Program>, Diagnostic> {
    let mut out = Vec::new();
    for c in &spec.constraints {
        let (text, forbid) = constraint_text(doc, c)?;
        let what = if forbid {
            "the constraint (forbid)"
        } else {
            "the constraint (require)"
        };
        let term = Forms::All
            .parse(text.get_ref())
            .map_err(|e| doc.formula_error(text, what, e))?;
        let ir = names
            .lower_as(&term, Ty::Bool)
            .map_err(|e| doc.formula_error(text, what, e))?;
        let ir = match (forbid, ir) {
            (true, Ir::Const(v)) => Ir::Const(1 - v),
            (true, ir) => Ir::Not(Box::new(ir)),
            (false, ir) => ir,
        };
        let p = Program::compile(&ir, names.vars).ok_or_else(|| {
            doc.formula_error(
                text,
                what,
                ExprError::new(
                    "this formula nests too deeply to compile",
                    term.span.clone(),
                ),
            )
        })?;
        out.push(p);
    }
    Ok(out)
}

fn start_obeys_constraints(
    doc: &SpecDocument,
    spec: &RulesDocument,
    rules: &Rules,
    start: Mask,
) -> Result<(), Diagnostic> {
    let broken = rules.broken_constraint(start).map_err(|f| {
        doc.error(
            spec.start.span(),
            format!("the start state cannot be checked: {}", f.fault.message),
        )
    })?;
    match broken {
        None => Ok(()),
        Some(k) => {
            let (text, _) = constraint_text(doc, &spec.constraints[k])?;
            Err(doc.error(text.span(), "the start state breaks this constraint")
                .help("change [start] or the constraint; every reachable state must obey the constraints"))
        }
    }
}

fn costs_differ(instances: &[super::instance::Instance]) -> bool {
    let mut costs = instances.iter().map(|i| i.cost.constant());
    match costs.next() {
        None => false,
        Some(first) => first.is_none() || costs.any(|c| c != first),
    }
}
