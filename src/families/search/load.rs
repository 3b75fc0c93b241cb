//! Spec -> checked search puzzle: the variables (scalars and arrays), groups and givens, the
//! constraints lowered to expressions over the variables and type-checked, the `show` template,
//! the objective and the engine.

use super::declare::declare_variables;
use super::groups::groups;
use super::lower::{Scope, has_variable};
use super::model::{Array, Model, Variable};
use super::plan::{CATALOG, Objective, plan};
use super::puzzle::{Goal, SearchPuzzle, Show};
use super::spec::{SearchDocument, SearchTable};
use super::strategy::Strategy;
use super::{givens, linear_form, tables, translate};
use crate::diagnostic::Diagnostic;
use crate::engine::propagation::{Sense, WIDTH};
use crate::expr::template::{self, Part, Piece};
use crate::expr::{self, Expr, ExprError, ExprKind, Type};
use crate::spec::{FormulaSite, SolveTable, SpecDocument};
use toml::Spanned;

pub fn puzzle_from_spec(doc: &SpecDocument) -> Result<SearchPuzzle, Diagnostic> {
    let spec: SearchDocument = doc.deserialize()?;
    let table = spec.search.get_ref();
    let mut constants = crate::spec::resolve_params(doc, &spec.params)?;
    let data = crate::spec::tables::read(doc, &spec.tables, &mut constants)?;
    let (mut variables, arrays) = declare_variables(doc, &table.variables, &constants, &data)?;
    let groups = groups(doc, &table.groups, &constants)?;
    let empty_domains = givens::apply(doc, &table.givens, &arrays, &mut variables)?;
    let scalars = scalar_names(&variables, &arrays);
    let scope = Scope::new(&scalars, &arrays, &groups, &constants, &data);
    let lowered = constraints(doc, table, &scope)?;
    let goal = goal(doc, table, &scope)?;
    let show = show_template(doc, table, &scope, &variables)?;
    let solve = with_default_objective(&spec.solve, table);
    let choice = CATALOG.choose(doc, &solve)?;
    check_goal_matches(doc, &choice.objective, &goal, &solve)?;
    let limit = usize::try_from(spec.solve.limit(100)).unwrap_or(usize::MAX);
    let strategy = Strategy::from_spec(doc, table, choice.objective)?;
    let model = Model::new(variables, lowered.exprs);
    let (plan, engine) = plan(&choice, limit, bit_span(&model), strategy)?;
    Ok(SearchPuzzle {
        model,
        arrays,
        texts: lowered.texts,
        sites: lowered.sites,
        origins: lowered.origins,
        members: lowered.members,
        show,
        goal,
        empty_domains,
        objective: choice.objective,
        plan,
        engine,
    })
}

/// The names of the variables that are not array elements, with their slots.
fn scalar_names(variables: &[Variable], arrays: &[Array]) -> Vec<(String, usize)> {
    let in_array = |i: usize| {
        arrays
            .iter()
            .any(|a| (a.first..a.first + a.len).contains(&i))
    };
    (0..variables.len())
        .filter(|&i| !in_array(i))
        .map(|i| (variables[i].name.clone(), i))
        .collect()
}

/// Every constraint instance (a constraint over a group gives one per member), with the text
/// and place of the constraint it comes from.
struct Lowered {
    exprs: Vec<Expr>,
    texts: Vec<String>,
    sites: Vec<FormulaSite>,
    /// Per instance, the index of its constraint in the spec.
    origins: Vec<usize>,
    /// Per instance over a group: the group and the member's number.
    members: Vec<Option<(String, usize)>>,
}

fn constraints(
    doc: &SpecDocument,
    table: &SearchTable,
    scope: &Scope,
) -> Result<Lowered, Diagnostic> {
    let mut out = Lowered {
        exprs: Vec::new(),
        texts: Vec::new(),
        sites: Vec::new(),
        origins: Vec::new(),
        members: Vec::new(),
    };
    for (i, text) in table.constraints.iter().enumerate() {
        let err = |e: ExprError| doc.formula_error(text, "a constraint", e);
        let term = expr::Forms::All.parse(text.get_ref()).map_err(err)?;
        for (e, ty, member) in scope.lower(&term).map_err(err)? {
            match ty {
                Type::Bool => {}
                Type::Number => {
                    return Err(err(ExprError::new(
                        "a constraint must be true or false",
                        0..text.get_ref().len(),
                    )
                    .help(
                        "compare, e.g. \"n % 7 == 0\", or use a test such as pandigital(n)",
                    )));
                }
            }
            out.exprs.push(e);
            out.texts.push(text.get_ref().clone());
            out.sites.push(doc.formula_site(text, "a constraint"));
            out.origins.push(i);
            out.members.push(member);
        }
    }
    // Tables count after the constraints, in the numbering of `origins`.
    for (t, entry) in table.tables.iter().enumerate() {
        let (e, text) = tables::table_constraint(doc, entry, scope)?;
        out.exprs.push(e);
        out.texts.push(text);
        out.sites
            .push(doc.formula_site(&entry.get_ref().vars[0], "a table"));
        out.origins.push(table.constraints.len() + t);
        out.members.push(None);
    }
    Ok(out)
}

/// `maximize = "..."` or `minimize = "..."`: a number that depends on the variables.
fn goal(
    doc: &SpecDocument,
    table: &SearchTable,
    scope: &Scope,
) -> Result<Option<Goal>, Diagnostic> {
    let (text, sense) = match (&table.maximize, &table.minimize) {
        (None, None) => return Ok(None),
        (Some(_), Some(m)) => {
            return Err(doc
                .error(m.span(), "both `maximize` and `minimize` are given")
                .help("optimise one expression: keep one of them"));
        }
        (Some(t), None) => (t, Sense::Maximize),
        (None, Some(t)) => (t, Sense::Minimize),
    };
    let what = "the objective";
    let err = |e: ExprError| doc.formula_error(text, what, e);
    let whole = || 0..text.get_ref().len();
    let term = expr::Forms::All.parse(text.get_ref()).map_err(err)?;
    let mut exprs = scope.lower(&term).map_err(err)?;
    if exprs.len() != 1 {
        return Err(err(ExprError::new(
            "the objective cannot range over a group",
            whole(),
        )
        .help("sum over the group instead: sum(cell[i] for i in 0..8)")));
    }
    let (e, ty, _) = exprs.remove(0);
    if ty != Type::Number {
        return Err(err(ExprError::new(
            "the objective must be a number, not true or false",
            whole(),
        )
        .help("e.g. maximize = \"number(M, O, N, E, Y)\"")));
    }
    if !has_variable(&e) {
        return Err(err(ExprError::new(
            "the objective does not depend on any variable",
            whole(),
        )
        .help("name the variables whose value it measures")));
    }
    Ok(Some(Goal {
        linear: linear_form::linear(&e),
        expr: e,
        sense,
        site: doc.formula_site(text, what),
    }))
}

/// With `maximize` (or `minimize`) and no objective given, the objective is that.
fn with_default_objective(solve: &SolveTable, table: &SearchTable) -> SolveTable {
    let mut solve = solve.clone();
    if solve.objective.is_none() {
        let named = |t: &Option<Spanned<String>>, name: &str| {
            t.as_ref().map(|t| Spanned::new(t.span(), name.to_string()))
        };
        solve.objective = named(&table.maximize, "maximize").or(named(&table.minimize, "minimize"));
    }
    solve
}

/// `objective = "maximize"` needs `maximize = "..."` (and the reverse).
fn check_goal_matches(
    doc: &SpecDocument,
    objective: &Objective,
    goal: &Option<Goal>,
    solve: &SolveTable,
) -> Result<(), Diagnostic> {
    let wanted = match objective {
        Objective::Maximize => Some(Sense::Maximize),
        Objective::Minimize => Some(Sense::Minimize),
        _ => None,
    };
    let given = goal.as_ref().map(|g| g.sense);
    if wanted == given {
        return Ok(());
    }
    let span = solve.objective.as_ref().map_or(0..0, |o| o.span());
    let (message, help) = match (wanted, given) {
        (Some(s), _) => (
            format!(
                "objective `{}` needs the expression to optimise",
                sense_name(s)
            ),
            format!(
                "add {} = \"...\" to [search], e.g. \"number(M, O, N, E, Y)\"",
                sense_name(s)
            ),
        ),
        (None, Some(s)) => (
            format!(
                "[search] gives `{}` but the objective is not `{}`",
                sense_name(s),
                sense_name(s)
            ),
            format!(
                "set objective = \"{}\" in [solve], or leave it out",
                sense_name(s)
            ),
        ),
        (None, None) => unreachable!("equal above"),
    };
    Err(doc.error(span, message).help(help))
}

fn sense_name(s: Sense) -> &'static str {
    match s {
        Sense::Maximize => "maximize",
        Sense::Minimize => "minimize",
    }
}

/// The least value of all domains when every value lies within 128 of it (the propagation
/// engine's bit sets), else why not.
fn bit_span(model: &Model) -> Result<i64, String> {
    let all = model
        .variables
        .iter()
        .flat_map(|v| v.domain.iter().copied());
    let (lo, hi) = all.fold((i64::MAX, i64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)));
    if lo > hi {
        return Ok(0);
    }
    // The terms of distinct(...) get variables too: widen to them when the bit sets still hold
    // everything (else those constraints are tested).
    if let Some((dlo, dhi)) = translate::distinct_term_bounds(model) {
        let (wlo, whi) = (i128::from(lo).min(dlo), i128::from(hi).max(dhi));
        if whi - wlo < i128::from(WIDTH) {
            return Ok(i64::try_from(wlo).unwrap_or(lo));
        }
    }
    let width = i128::from(hi) - i128::from(lo) + 1;
    if width <= i128::from(WIDTH) {
        Ok(lo)
    } else {
        Err(format!(
            "the domains span {lo}..{hi} ({width} values), more than the {WIDTH} the propagation engine's bit sets hold"
        ))
    }
}

/// The `show` template with its parts bound to the variables (a part may be an element,
/// `cell[3]`, or a whole array), if the spec has one.
fn show_template(
    doc: &SpecDocument,
    table: &SearchTable,
    scope: &Scope,
    variables: &[Variable],
) -> Result<Option<Show>, Diagnostic> {
    let Some(s) = &table.show else {
        return Ok(None);
    };
    let err = |e: ExprError| doc.formula_error(s, "`show`", e);
    let parts = template::parse(s.get_ref()).map_err(err)?;
    let mut pieces = Vec::with_capacity(parts.len());
    for part in parts {
        pieces.push(match part {
            Part::Text(t) => Piece::Text(t),
            Part::Term(t, offset) => show_piece(&t, offset, scope, variables)
                .map_err(|e| err(template::in_template(e, offset)))?,
        });
    }
    Ok(Some(Show {
        pieces,
        site: doc.formula_site(s, "`show`"),
    }))
}

/// One `{...}` part: a whole array as a list, else one value.
fn show_piece(
    t: &Expr,
    offset: usize,
    scope: &Scope,
    variables: &[Variable],
) -> Result<Piece, ExprError> {
    if let ExprKind::Name(n) = &t.kind
        && let Some(array) = scope.arrays().iter().find(|a| &a.name == n)
    {
        let items = scope.variables_of(t)?.into_iter().map(|v| Expr {
            kind: ExprKind::Var(v),
            span: t.span.clone(),
        });
        let names = array.names.as_ref().map(|e| member_names(scope, e));
        return Ok(Piece::List(items.collect(), offset, names));
    }
    // `{nationality[i]}`: the member of an enumeration that `i` numbers.
    if let ExprKind::Index(base, index) = &t.kind
        && let ExprKind::Name(n) = &base.kind
        && let Some(names) = scope.data.names(n)
    {
        let e = one(scope.lower(index)?, &index.span)?;
        return Ok(Piece::Named(e, names.to_vec(), offset));
    }
    let e = one(scope.lower(t)?, &t.span)?;
    // A variable over an enumeration (a scalar or an array's element) prints by name.
    if let ExprKind::Var(v) = e.kind
        && let Some(names) = &variables[v].names
    {
        return Ok(Piece::Named(e, names.to_vec(), offset));
    }
    Ok(Piece::Expr(e, offset))
}

fn member_names(scope: &Scope, enumeration: &str) -> Vec<String> {
    scope
        .data
        .names(enumeration)
        .map(<[String]>::to_vec)
        .unwrap_or_default()
}

/// The one expression of a `show` part (a group would give several).
fn one(
    mut exprs: Vec<(Expr, Type, super::lower::Member)>,
    span: &std::ops::Range<usize>,
) -> Result<Expr, ExprError> {
    if exprs.len() != 1 {
        return Err(
            ExprError::new("`show` cannot range over a group", span.clone())
                .help("name one element, e.g. {cell[0]}, or the whole array, e.g. {cell}"),
        );
    }
    Ok(exprs.remove(0).0)
}
