//! `[[move]]` entries -> move instances: each parameter combination is enumerated once, and its
//! guard, effect and cost are lowered with the parameters as constants and compiled.

use super::bytecode::Program;
use super::instance::{Effect, Instance, Target, Write};
use super::layout::Names;
use super::layout::{Layout, Shape};
use super::permute::{Perm, Step};
use super::spec::MoveTable;
use super::word::{Mask, Word};
use crate::diagnostic::Diagnostic;
use crate::expr::check::{Ir, Ty};
use crate::expr::{
    Assignment, BinOp, Binding, Expr, ExprError, Forms, parse_bindings, parse_effects,
};
use crate::spec::SpecDocument;
use toml::Spanned;

/// More instances than this (all moves together) is surely a mistake in the parameters.
const MAX_INSTANCES: usize = 1_000_000;

/// A move's formulas, parsed once.
pub struct ParsedMove {
    pub params: Vec<Binding>,
    pub guard: Option<Expr>,
    pub effects: Vec<Assignment>,
    pub cost: Option<Expr>,
}

fn formula<T>(
    doc: &SpecDocument,
    text: &Spanned<String>,
    what: &str,
    parse: impl Fn(&str) -> Result<T, ExprError>,
) -> Result<T, Diagnostic> {
    parse(text.get_ref()).map_err(|e| doc.formula_error(text, what, e))
}

pub fn parse_move(doc: &SpecDocument, m: &MoveTable) -> Result<ParsedMove, Diagnostic> {
    let name = m.name.get_ref();
    let params = match &m.params {
        Some(p) => formula(
            doc,
            p,
            &format!("the parameters of move `{name}`"),
            parse_bindings,
        )?,
        None => Vec::new(),
    };
    for (k, b) in params.iter().enumerate() {
        if params[..k].iter().any(|a| a.name == b.name) {
            let e = ExprError::new(
                format!("parameter `{}` is named twice", b.name),
                b.name_span.clone(),
            );
            let p = m.params.as_ref().expect("parsed above");
            return Err(doc.formula_error(p, &format!("the parameters of move `{name}`"), e));
        }
    }
    let guard = match &m.when {
        Some(w) => Some(formula(
            doc,
            w,
            &format!("the guard of move `{name}`"),
            |t: &str| Forms::All.parse(t),
        )?),
        None => None,
    };
    let effects = match (&m.effect, &m.permute) {
        (Some(text), _) => formula(
            doc,
            text,
            &format!("the effect of move `{name}`"),
            parse_effects,
        )?,
        (None, Some(_)) => Vec::new(),
        (None, None) => {
            return Err(doc
                .error(m.name.span(), format!("move `{name}` has neither `do` nor `permute`"))
                .help("say what the move changes: do = \"x = x + 1\" or permute = [{ arrays = [\"a\"], cycles = [0, 1, 2] }]"));
        }
    };
    let cost = match &m.cost {
        Some(c) => Some(formula(
            doc,
            c,
            &format!("the cost of move `{name}`"),
            |t: &str| Forms::All.parse(t),
        )?),
        None => None,
    };
    Ok(ParsedMove {
        params,
        guard,
        effects,
        cost,
    })
}

/// Every instance of move `rule`, appended to `out`.
pub fn instances(
    doc: &SpecDocument,
    rule: usize,
    m: &MoveTable,
    parsed: &ParsedMove,
    names: &mut Names,
    out: &mut Vec<Instance>,
) -> Result<(), Diagnostic> {
    let name = m.name.get_ref();
    let mut combos = Vec::new();
    let site = |text: &Option<Spanned<String>>| text.clone().unwrap_or_else(|| m.name.clone());
    enumerate(&parsed.params, names, &mut Vec::new(), &mut combos).map_err(|e| {
        doc.formula_error(
            &site(&m.params),
            &format!("the parameters of move `{name}`"),
            e,
        )
    })?;
    for args in combos {
        if out.len() >= MAX_INSTANCES {
            return Err(doc
                .error(
                    m.name.span(),
                    format!("more than {MAX_INSTANCES} move instances"),
                )
                .help("narrow the ranges of the moves' parameters"));
        }
        let depth = names.locals.len();
        names.locals.extend(
            parsed
                .params
                .iter()
                .map(|b| b.name.clone())
                .zip(args.iter().copied()),
        );
        let inst = instance(doc, rule, m, parsed, names, args);
        names.locals.truncate(depth);
        if let Some(inst) = inst? {
            out.push(inst);
        }
    }
    Ok(())
}

/// Every combination of parameter values; later domains may use earlier parameters.
fn enumerate(
    params: &[Binding],
    names: &mut Names,
    prefix: &mut Vec<i64>,
    out: &mut Vec<Vec<i64>>,
) -> Result<(), ExprError> {
    let Some((first, rest)) = params.split_first() else {
        out.push(prefix.clone());
        return Ok(());
    };
    for v in names.values(first)? {
        names.locals.push((first.name.clone(), v));
        prefix.push(v);
        let r = enumerate(rest, names, prefix, out);
        prefix.pop();
        names.locals.pop();
        r?;
        if out.len() > MAX_INSTANCES {
            return Ok(());
        }
    }
    Ok(())
}

fn program(ir: &Ir, layout: &Layout, span: std::ops::Range<usize>) -> Result<Program, ExprError> {
    Program::compile(ir, layout).ok_or_else(|| {
        ExprError::new("this formula nests too deeply to compile", span)
            .help("split it, e.g. with a table or fewer nested if/sum")
    })
}

/// One instance, or None when its guard is false whatever the state.
fn instance(
    doc: &SpecDocument,
    rule: usize,
    m: &MoveTable,
    parsed: &ParsedMove,
    names: &mut Names,
    args: Vec<i64>,
) -> Result<Option<Instance>, Diagnostic> {
    let name = m.name.get_ref();
    let guard = match (&parsed.guard, &m.when) {
        (Some(g), Some(text)) => {
            let what = format!("the guard of move `{name}`");
            let ir = names
                .lower_as(g, Ty::Bool)
                .map_err(|e| guard_error(doc, text, &what, g, e))?;
            match ir {
                Ir::Const(0) => return Ok(None),
                Ir::Const(_) => None,
                ir => Some(
                    program(&ir, names.vars, g.span.clone())
                        .map_err(|e| doc.formula_error(text, &what, e))?,
                ),
            }
        }
        _ => None,
    };
    let what = format!("the effect of move `{name}`");
    let (mut effect, copy) = match &m.effect {
        Some(text) => {
            effect(&parsed.effects, names).map_err(|e| doc.formula_error(text, &what, e))?
        }
        None => (Effect::default(), None),
    };
    if let (Some(step), Some(g)) = (copy, &guard) {
        super::swap::found_swap(&mut effect, step, g, names.vars);
    }
    if let Some(perm) = super::cycles::declared(doc, m, names)? {
        let span = m.permute.as_ref().map_or(m.name.span(), |p| p.span());
        add_declared(doc, span, &mut effect, perm, names.vars)?;
    }
    let cost = match (&parsed.cost, &m.cost) {
        (Some(c), Some(text)) => {
            let what = format!("the cost of move `{name}`");
            let ir = names
                .lower_as(c, Ty::Number)
                .map_err(|e| doc.formula_error(text, &what, e))?;
            program(&ir, names.vars, c.span.clone())
                .map_err(|e| doc.formula_error(text, &what, e))?
        }
        _ => program(&Ir::Const(1), names.vars, 0..0).expect("a constant compiles"),
    };
    let bits_only = guard.is_none() && effect.writes.is_empty() && effect.perm.is_none();
    Ok(Some(Instance {
        rule,
        args,
        guard,
        effect,
        cost,
        bits_only,
    }))
}

/// A guard of the wrong type gets the words: a guard is true or false.
fn guard_error(
    doc: &SpecDocument,
    text: &Spanned<String>,
    what: &str,
    g: &Expr,
    e: ExprError,
) -> Diagnostic {
    if e.span == g.span && e.message.starts_with("expected a truth value") {
        let e = ExprError::new(
            "a guard must be true or false, and this is a number",
            e.span,
        )
        .help("compare it, e.g. \"x > 0\" or \"x == 1\"");
        return doc.formula_error(text, what, e);
    }
    doc.formula_error(text, what, e)
}

/// The effect, and its one copy of a slot when that is all it computes (a blank's slide:
/// [`super::swap::found_swap`] may turn it into a swap).
fn effect(
    assignments: &[Assignment],
    names: &mut Names,
) -> Result<(Effect, Option<Step>), ExprError> {
    let mut fx = Effect::default();
    let mut assigned: Vec<usize> = Vec::new();
    let mut copies: Vec<Option<Step>> = Vec::new();
    for a in assignments {
        let mut writes = 0u64;
        names.each_value(&a.each, &mut |names| {
            writes += 1;
            if writes > MAX_LOOP_WRITES {
                return Err(ExprError::new(
                    format!("this assignment's loops write more than {MAX_LOOP_WRITES} times"),
                    a.span.clone(),
                )
                .help("a move writes each slot at most once: loop over the slots it changes"));
            }
            assignment(a, names, &mut fx, &mut assigned, &mut copies)
        })?;
    }
    found_permutation(&mut fx, &copies, names.vars);
    let copy = match copies.as_slice() {
        [Some(step)] if fx.perm.is_none() && fx.writes.len() == 1 => Some(*step),
        _ => None,
    };
    Ok((fx, copy))
}

/// The most writes one assignment's loops may make (a state has at most 512 one-bit slots, so
/// more could only be slots written twice, found at once, or computed indices).
const MAX_LOOP_WRITES: u64 = 100_000;

/// When every computed write copies another slot (plus a constant modulo the range, as
/// `o[1] = (o[0] + 2) % 3`) and the slots read are the slots written, the writes are a
/// permutation: applied by shifts and inverted for bidirectional search.
fn found_permutation(fx: &mut Effect, copies: &[Option<Step>], layout: &Layout) {
    let Some(steps) = copies.iter().copied().collect::<Option<Vec<Step>>>() else {
        return;
    };
    let mut dst: Vec<usize> = steps.iter().map(|s| s.dst).collect();
    let mut src: Vec<usize> = steps.iter().map(|s| s.src).collect();
    dst.sort_unstable();
    src.sort_unstable();
    src.dedup();
    if steps.is_empty() || dst != src {
        return;
    }
    fx.writes.clear();
    fx.perm = Some(Perm::new(steps, layout));
}

/// The write of `value` to slot `dst` as a copy of another slot plus a constant, if it is one.
fn copy_of(layout: &Layout, dst: usize, value: &Ir) -> Option<Step> {
    let d = layout.slots[dst];
    let same = |src: usize| {
        let f = layout.slots[src];
        ((f.lo, f.hi) == (d.lo, d.hi)).then_some(src)
    };
    let size = i128::from(d.hi) - i128::from(d.lo) + 1;
    let (src, add) = match value {
        Ir::Load(x) => (same(*x)?, 0),
        Ir::Bin(BinOp::Rem, inner, m, _)
            if d.lo == 0 && matches!(**m, Ir::Const(k) if i128::from(k) == size) =>
        {
            match &**inner {
                Ir::Load(x) => (same(*x)?, 0),
                Ir::Bin(BinOp::Add, a, b, _) => match (&**a, &**b) {
                    (Ir::Load(x), Ir::Const(c)) | (Ir::Const(c), Ir::Load(x))
                        if c.abs() < 1 << 32 =>
                    {
                        (same(*x)?, *c)
                    }
                    _ => return None,
                },
                Ir::Bin(BinOp::Sub, a, b, _) => match (&**a, &**b) {
                    (Ir::Load(x), Ir::Const(c)) if c.abs() < 1 << 32 => (same(*x)?, -c),
                    _ => return None,
                },
                _ => return None,
            }
        }
        _ => return None,
    };
    Some(Step {
        dst,
        src,
        add: i128::from(add).rem_euclid(size) as u64,
    })
}

/// Adds the permutation `permute` declares to the effect of `do`, which must not assign the
/// slots it moves.
fn add_declared(
    doc: &SpecDocument,
    span: std::ops::Range<usize>,
    fx: &mut Effect,
    perm: Perm,
    layout: &Layout,
) -> Result<(), Diagnostic> {
    let mut assigned = fx.clear | fx.set | fx.toggle;
    for w in &fx.writes {
        let slots = match &w.target {
            Target::Slot(k) => *k..*k + 1,
            Target::At { var, .. } => {
                let v = &layout.vars[*var];
                v.first..v.first + v.len()
            }
        };
        for k in slots {
            assigned |= layout.mask_of(k);
        }
    }
    let done = fx
        .perm
        .take()
        .map(|p| p.steps().to_vec())
        .unwrap_or_default();
    for s in perm.steps().iter().chain(&done) {
        if !(layout.mask_of(s.dst) & assigned).is_empty()
            || done.iter().any(|d| d.dst == s.dst) && !done.contains(s)
        {
            return Err(doc
                .error(
                    span,
                    format!(
                        "{} is both moved by `permute` and assigned in `do`",
                        slot_words(layout, s.dst)
                    ),
                )
                .help("a move changes each slot once: leave it to `permute` or to `do`"));
        }
    }
    let steps = perm.steps().iter().chain(&done).copied().collect();
    fx.perm = Some(Perm::new(steps, layout));
    Ok(())
}

fn assignment(
    a: &Assignment,
    names: &mut Names,
    fx: &mut Effect,
    assigned: &mut Vec<usize>,
    copies: &mut Vec<Option<Step>>,
) -> Result<(), ExprError> {
    let layout = names.vars;
    let Some(v) = layout.var(&a.target) else {
        let e = names.lower(&Expr {
            kind: crate::expr::ExprKind::Name(a.target.clone()),
            span: a.target_span.clone(),
        });
        return Err(match e {
            Err(e) => e,
            Ok(_) => ExprError::new(
                format!(
                    "`{}` is not a state variable; only state variables can be assigned",
                    a.target
                ),
                a.target_span.clone(),
            ),
        });
    };
    let var = &layout.vars[v];
    let ty = if var.shape == Shape::Bool {
        Ty::Bool
    } else {
        Ty::Number
    };
    let value = names.lower_as(&a.value, ty)?;
    let target = target(a, v, names)?;
    if let Target::Slot(slot) = target {
        if assigned.contains(&slot) {
            return Err(ExprError::new(
                format!(
                    "{} is assigned twice in this move",
                    slot_words(layout, slot)
                ),
                a.span.clone(),
            ));
        }
        assigned.push(slot);
        if bit_operation(layout, slot, &value, fx) {
            return Ok(());
        }
    }
    copies.push(match target {
        Target::Slot(slot) => copy_of(layout, slot, &value),
        Target::At { .. } => None,
    });
    let value = program(&value, layout, a.value.span.clone())?;
    fx.writes.push(Write {
        target,
        value,
        span: a.span.clone(),
    });
    Ok(())
}

/// Where assignment `a` to variable `v` writes: a fixed slot, or an element found from the state.
fn target(a: &Assignment, v: usize, names: &mut Names) -> Result<Target, ExprError> {
    let layout = names.vars;
    let var = &layout.vars[v];
    Ok(match (&a.index, var.shape) {
        (None, Shape::Array(len)) => {
            return Err(ExprError::new(
                format!(
                    "`{}` is an array of {len}; assign one element, e.g. {}[i] = ...",
                    var.name, var.name
                ),
                a.target_span.clone(),
            ));
        }
        (None, _) => Target::Slot(var.first),
        (Some(i), Shape::Array(len)) => match names.lower_as(i, Ty::Number)? {
            Ir::Const(k) if (0..len as i64).contains(&k) => Target::Slot(var.first + k as usize),
            Ir::Const(k) => {
                return Err(ExprError::new(
                    format!("index {k} is outside `{}` (0..{})", var.name, len - 1),
                    i.span.clone(),
                ));
            }
            ir => Target::At {
                var: v,
                index: program(&ir, layout, i.span.clone())?,
            },
        },
        (Some(_), _) => {
            return Err(ExprError::new(
                format!("`{}` is a single value, not an array", var.name),
                a.target_span.clone(),
            ));
        }
    })
}

fn slot_words(layout: &Layout, slot: usize) -> String {
    let var = layout
        .vars
        .iter()
        .rfind(|v| v.first <= slot)
        .expect("slot of a variable");
    match var.shape {
        Shape::Array(_) => format!("`{}[{}]`", var.name, slot - var.first),
        _ => format!("`{}`", var.name),
    }
}

/// A constant within the range, or a 0/1 toggle (`x = 1 - x`, `b = not b`), as bit operations.
fn bit_operation(layout: &Layout, slot: usize, value: &Ir, fx: &mut Effect) -> bool {
    let f = layout.slots[slot];
    let field = layout.mask_of(slot);
    match value {
        Ir::Const(c) if (f.lo..=f.hi).contains(c) => {
            fx.clear |= field;
            fx.set |= <Mask as Word>::place((c - f.lo) as u64, f.shift);
            true
        }
        Ir::Bin(BinOp::Sub, one, x, _) if f.lo == 0 && f.hi == 1 => {
            let toggles = matches!((&**one, &**x), (Ir::Const(1), Ir::Load(s)) if *s == slot);
            if toggles {
                fx.toggle |= field;
            }
            toggles
        }
        Ir::Not(x) if f.lo == 0 && f.hi == 1 && matches!(&**x, Ir::Load(s) if *s == slot) => {
            fx.toggle |= field;
            true
        }
        _ => false,
    }
}
