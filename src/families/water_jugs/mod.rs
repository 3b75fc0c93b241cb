//! `kind = "water-jugs"`: jugs without markings, an optional tap and drain, a goal predicate.

mod model;
mod spec;

use super::{Family, Puzzle, SolveContext};
use crate::diagnostic::Diagnostic;
use crate::engine::{Path, SearchStats, all_shortest, bfs, bidirectional_bfs, layers};
use crate::expr::{ExprError, Type};
use crate::report::{Report, Section, Solution, StateView, Stats, Status, Step};
use crate::spec::SpecDocument;
use model::{Jugs, MAX_JUGS, State};
use spec::JugsDocument;
use std::cell::RefCell;
use std::sync::Arc;
use toml::Spanned;

pub struct WaterJugs;

const OBJECTIVES: &[&str] = &["shortest", "all-shortest", "count", "longest"];
const ENGINES: &[&str] = &[
    "bfs",
    "bidirectional-bfs",
    "all-shortest-bfs",
    "layered-bfs",
];

impl Family for WaterJugs {
    fn kind(&self) -> &'static str {
        "water-jugs"
    }

    fn about(&self) -> &'static str {
        "jugs without markings: fill, empty and pour until a goal predicate holds"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        let spec: JugsDocument = doc.deserialize()?;
        let jugs = spec.jugs.get_ref();
        let capacities = positive_capacities(doc, &jugs.capacities)?;
        let names = jug_names(doc, jugs, capacities.len())?;
        let initial = initial_contents(doc, jugs, &capacities)?;
        let mut goal = doc.parse_formula(&jugs.goal, "the goal")?;
        let lookup = |n: &str| names.iter().position(|m| m == n);
        goal.bind(&lookup, &names)
            .map_err(|e| doc.formula_error(&jugs.goal, "the goal", e))?;
        match goal.check_type() {
            Ok(Type::Bool) => {}
            Ok(Type::Number) => {
                let e = ExprError::new(
                    "the goal must be true or false",
                    0..jugs.goal.get_ref().len(),
                )
                .help("compare the contents, e.g. \"A == 4 or B == 4\"");
                return Err(doc.formula_error(&jugs.goal, "the goal", e));
            }
            Err(e) => return Err(doc.formula_error(&jugs.goal, "the goal", e)),
        }
        let objective = spec.solve.objective(&doc.source, OBJECTIVES)?.to_string();
        let requested = spec.solve.engine(&doc.source, ENGINES)?;
        let model = Jugs::new(names, capacities, jugs.tap, goal).ok_or_else(|| {
            doc.error(
                jugs.capacities.span(),
                "these jugs need more than 64 bits of state",
            )
            .help("use fewer or smaller jugs")
        })?;
        let start = model.pack(&initial);
        let goal_state = model.single_goal_state();
        let (engine, engine_reason) = choose_engine(&objective, requested, goal_state.is_some())
            .map_err(|help| {
                let span = spec.solve.engine.as_ref().map_or(0..0, |e| e.span());
                doc.error(
                    span,
                    format!("engine `{requested}` does not compute objective `{objective}` here"),
                )
                .help(help)
            })?;
        Ok(Box::new(JugsPuzzle {
            model,
            start,
            goal_state,
            objective,
            engine,
            engine_reason,
            limit: spec.solve.limit(100) as usize,
            source_name: Arc::clone(&doc.source),
        }))
    }
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
    jugs: &spec::JugsTable,
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
            && !["and", "or", "not"].contains(&name.as_str());
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
    jugs: &spec::JugsTable,
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

/// The engine for `objective`: the one asked for when it fits, else why not; with `auto`, the
/// best one and the reason shown in the report.
fn choose_engine(
    objective: &str,
    requested: &str,
    single_goal: bool,
) -> Result<(&'static str, &'static str), String> {
    let fits: &[(&'static str, &'static str)] = match objective {
        "shortest" if single_goal => &[
            (
                "bidirectional-bfs",
                "auto: the goal is one known state, so search from both ends",
            ),
            ("bfs", ""),
        ],
        "shortest" => &[(
            "bfs",
            "auto: the goal is a predicate, so breadth-first search from the start",
        )],
        "all-shortest" | "count" => &[(
            "all-shortest-bfs",
            "auto: breadth-first search keeping every shortest parent",
        )],
        _ => &[(
            "layered-bfs",
            "auto: every reachable state is visited layer by layer",
        )],
    };
    if requested == "auto" {
        return Ok(fits[0]);
    }
    match fits.iter().find(|(name, _)| *name == requested) {
        Some((name, _)) => Ok((name, "")),
        None => {
            let names: Vec<&str> = fits.iter().map(|(n, _)| *n).collect();
            let why = if requested == "bidirectional-bfs" && objective == "shortest" {
                "bidirectional search needs a goal naming one state (`A == 4 and B == 0`, every jug); "
            } else {
                ""
            };
            Err(format!(
                "{why}use engine = \"auto\" or one of: {}",
                names.join(", ")
            ))
        }
    }
}

struct JugsPuzzle {
    model: Jugs,
    start: State,
    /// The one goal state, when the goal pins every jug.
    goal_state: Option<State>,
    objective: String,
    engine: &'static str,
    engine_reason: &'static str,
    limit: usize,
    source_name: Arc<crate::diagnostic::SourceText>,
}

impl Puzzle for JugsPuzzle {
    fn summary(&self) -> String {
        let jugs: Vec<String> = self
            .model
            .names
            .iter()
            .zip(&self.model.capacities)
            .map(|(n, c)| format!("{n}={c}"))
            .collect();
        let system = if self.model.tap {
            "tap and drain"
        } else {
            "closed"
        };
        format!("jugs {} ({system})", jugs.join(" "))
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        // The first arithmetic error of the goal, if any, ends the solve with a message.
        let goal_error: RefCell<Option<ExprError>> = RefCell::new(None);
        let is_goal = |s: &State| match self.model.is_goal(*s) {
            Ok(b) => b,
            Err(e) => {
                goal_error.borrow_mut().get_or_insert(e);
                false
            }
        };
        let mut report = Report::new(
            &self.objective,
            Status::Solved,
            self.engine,
            self.engine_reason,
        );
        report.start = Some(self.view(self.start));
        match self.objective.as_str() {
            "shortest" if self.engine == "bidirectional-bfs" => {
                let goal = self.goal_state.expect("chosen only with one goal state");
                let out =
                    bidirectional_bfs::shortest_path(&self.model, self.start, goal, ctx.progress);
                self.fill_paths(&mut report, out.path.into_iter().collect(), out.stats)?;
            }
            "shortest" => {
                let out = bfs::shortest_path(&self.model, self.start, is_goal, ctx.progress);
                self.fill_paths(&mut report, out.path.into_iter().collect(), out.stats)?;
            }
            "all-shortest" | "count" => {
                let limit = if self.objective == "count" {
                    0
                } else {
                    self.limit
                };
                let out = all_shortest::all_shortest_paths(
                    &self.model,
                    self.start,
                    is_goal,
                    limit,
                    ctx.progress,
                );
                let listed = out.paths.len();
                self.fill_paths(&mut report, out.paths, out.stats)?;
                if out.length.is_some() {
                    report.cost = out.length.map(|l| l as u64);
                    report.count = Some(out.count);
                    if self.objective == "count" {
                        report.status = Status::Counted;
                    } else if out.count > listed as u128 {
                        report.notes.push(format!(
                            "listing {listed} of {} shortest solutions (raise solve.limit for more)",
                            out.count
                        ));
                    }
                }
            }
            _ => {
                let out = layers::explore(&self.model, self.start, ctx.progress);
                report.status = Status::Explored;
                report.stats = Stats::new(out.stats.states, out.stats.elapsed);
                let far = out.counts.len() - 1;
                let farthest: Vec<String> =
                    out.farthest.iter().map(|s| self.view(*s).text).collect();
                report.sections.push(Section {
                    title: format!("farthest states ({far} moves from the start)"),
                    lines: farthest,
                });
                report.sections.push(Section {
                    title: "states at each distance".to_string(),
                    lines: out
                        .counts
                        .iter()
                        .enumerate()
                        .map(|(d, c)| format!("{d:>3}: {c}"))
                        .collect(),
                });
                report.extra.insert("farthest_distance".into(), far.into());
                report.extra.insert(
                    "farthest".into(),
                    out.farthest.iter().map(|s| self.view(*s).data).collect(),
                );
                report
                    .extra
                    .insert("layer_counts".into(), out.counts.into());
            }
        }
        if let Some(e) = goal_error.into_inner() {
            return Err(crate::diagnostic::Diagnostic::new(format!(
                "the goal could not be evaluated: {}",
                e.message
            ))
            .at(&self.source_name, 0..0)
            .help("simplify the goal so its arithmetic stays within 127 bits"));
        }
        Ok(report)
    }
}

impl JugsPuzzle {
    fn view(&self, s: State) -> StateView {
        let contents = self.model.unpack(s);
        let text = self
            .model
            .names
            .iter()
            .zip(&contents)
            .map(|(n, c)| format!("{n}={c}"))
            .collect::<Vec<_>>()
            .join(" ");
        let data = self
            .model
            .names
            .iter()
            .zip(&contents)
            .map(|(n, c)| (n.clone(), serde_json::Value::from(*c)))
            .collect::<serde_json::Map<_, _>>();
        StateView {
            text,
            data: data.into(),
        }
    }

    /// Replays each path from the start, checks every move and the goal, and fills the report.
    fn fill_paths(
        &self,
        report: &mut Report,
        paths: Vec<Path<State, model::Move>>,
        stats: SearchStats,
    ) -> Result<(), Diagnostic> {
        report.stats = Stats::new(stats.states, stats.elapsed);
        if paths.is_empty() {
            report.status = Status::NoSolution;
            return Ok(());
        }
        for path in paths {
            self.replay(&path)?;
            report.cost = Some(path.len() as u64);
            report.solutions.push(Solution {
                steps: path
                    .steps
                    .iter()
                    .map(|(mv, s)| Step {
                        action: self.model.describe(*mv),
                        state: Some(self.view(*s)),
                    })
                    .collect(),
                notation: None,
            });
        }
        Ok(())
    }

    fn replay(&self, path: &Path<State, model::Move>) -> Result<(), Diagnostic> {
        let mut s = path.start;
        for (mv, claimed) in &path.steps {
            match self.model.apply(s, *mv) {
                Some(next) if next == *claimed => s = next,
                _ => {
                    return Err(Diagnostic::internal(format!(
                        "the solution does not replay at `{}`",
                        self.model.describe(*mv)
                    )));
                }
            }
        }
        if self.model.is_goal(s) != Ok(true) {
            return Err(Diagnostic::internal("the solution does not reach the goal"));
        }
        Ok(())
    }
}
