//! The checked rules puzzle: what loading makes and solving reads, in its own file so that
//! the loader and the helpers need not import the solver.

use super::label::Label;
use super::model::{Formula, Rules};
use super::plan::{Engine, Objective, Plan};
use super::spec::RulesDocument;
use super::word::Mask;
use crate::diagnostic::SourceText;
use crate::expr::check::Table;
use crate::families::plan::Resolved;
use crate::spec::{FormulaSite, SpecDocument};
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Arc;

/// Where each formula is written, for failures found while searching.
pub struct Sites {
    guards: Vec<Option<FormulaSite>>,
    effects: Vec<FormulaSite>,
    costs: Vec<Option<FormulaSite>>,
    constraints: Vec<Option<FormulaSite>>,
    goal: FormulaSite,
    heuristic: Option<FormulaSite>,
    pub(super) source: Arc<SourceText>,
    /// `solve.max_states` if given, else `[goal]` (a place to point at).
    pub(super) budget: Range<usize>,
}

impl Sites {
    pub fn new(doc: &SpecDocument, spec: &RulesDocument) -> Sites {
        let site = |text: &toml::Spanned<String>, what: String| doc.formula_site(text, &what);
        let moves = spec.moves.get_ref();
        let name = |r: usize| moves[r].name.get_ref().clone();
        Sites {
            guards: (0..moves.len())
                .map(|r| {
                    moves[r]
                        .when
                        .as_ref()
                        .map(|w| site(w, format!("the guard of move `{}`", name(r))))
                })
                .collect(),
            effects: (0..moves.len())
                .map(|r| {
                    // A move of `permute` alone cannot fail: its name is a place to point at.
                    let text = (moves[r].effect.clone())
                        .unwrap_or_else(|| toml::Spanned::new(moves[r].name.span(), String::new()));
                    site(&text, format!("the effect of move `{}`", name(r)))
                })
                .collect(),
            costs: (0..moves.len())
                .map(|r| {
                    moves[r]
                        .cost
                        .as_ref()
                        .map(|c| site(c, format!("the cost of move `{}`", name(r))))
                })
                .collect(),
            constraints: spec
                .constraints
                .iter()
                .map(|c| {
                    let c = c.get_ref();
                    c.forbid
                        .as_ref()
                        .or(c.require.as_ref())
                        .map(|t| site(t, "the constraint".into()))
                })
                .collect(),
            goal: site(&spec.goal.get_ref().reach, "the goal".into()),
            heuristic: spec
                .goal
                .get_ref()
                .heuristic
                .as_ref()
                .map(|h| site(h, "the heuristic".into())),
            source: Arc::clone(&doc.source),
            budget: spec
                .solve
                .max_states
                .as_ref()
                .map_or(spec.goal.span(), |m| m.span()),
        }
    }

    pub(super) fn of(&self, formula: Formula) -> Option<&FormulaSite> {
        match formula {
            Formula::Guard(r) => self.guards[r].as_ref(),
            Formula::Effect(r) => Some(&self.effects[r]),
            Formula::Cost(r) => self.costs[r].as_ref(),
            Formula::Constraint(k) => self.constraints[k].as_ref(),
            Formula::Goal => Some(&self.goal),
            Formula::Heuristic => self.heuristic.as_ref(),
        }
    }
}

pub struct RulesPuzzle {
    pub(super) rules: Rules,
    /// The array `[display]` draws, if any.
    pub(super) display: Option<super::display::Display>,
    /// In the widest word; the solve cuts it to the state's word.
    pub(super) start: Mask,
    pub(super) objective: Objective,
    pub(super) plan: Plan,
    pub(super) engine: Resolved<Engine>,
    pub(super) labels: Vec<Label>,
    pub(super) params: BTreeMap<String, i64>,
    pub(super) named_tables: Vec<(String, Table)>,
    pub(super) sites: Sites,
    pub(super) max_states: u64,
    pub(super) limit: usize,
    /// `heuristic = "auto"`: the least move cost its tables count each move as.
    pub(super) auto_unit: Option<u64>,
    /// The group of the declared `[[symmetry]]` entries: `longest` and `reachable` search
    /// classes.
    pub(super) symmetry: Option<super::symmetry::Symmetry>,
}
