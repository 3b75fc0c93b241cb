//! How the propagation engine searches: which variable it binds next (`[search] order`) and how
//! it splits that variable's values (`[search] values`), parsed once into types, with `auto`
//! resolved by the objective and the reason kept for the report.

use super::objective::Objective;
use super::spec::SearchTable;
use crate::diagnostic::Diagnostic;
use crate::engine::propagation::Order;
use crate::spec::SpecDocument;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Values {
    /// Each variable's values in the order its domain is written (`9..0` tries 9 first).
    Declared,
    Min,
    Max,
    /// Halve the domain at each branch: the lower half first.
    Split,
}

/// The search, fully decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Strategy {
    pub order: Order,
    pub values: Values,
    /// Restarts (Luby) with the activity order, for optimisation and one-solution runs.
    pub restarts: bool,
    /// An optimisation first dives for a solution in the declared order, least value first,
    /// then searches in `order` with its bound (Golomb 11: a first ruler after about 300 nodes,
    /// none in 2 s by fewest values first).
    pub dive: bool,
    /// Whether `auto` chose the order (said in the report with the reason).
    pub auto_order: bool,
    pub auto_values: bool,
    /// Conflict-driven nogood learning (with the activity order and restarts of its own).
    pub learning: bool,
    pub auto_learning: bool,
    /// Whether the constraints have disjunctions (clauses): what `auto` learns for.
    pub disjunctive: bool,
    /// An optimisation whose objective is not linear: the search cannot be bounded by it, so
    /// every solution is evaluated, and learning (which would have to block each) is off.
    pub unbounded: bool,
}

impl Strategy {
    /// The strategy a spec asks for, `auto` resolved for `objective`.
    pub fn from_spec(
        doc: &SpecDocument,
        table: &SearchTable,
        objective: Objective,
    ) -> Result<Strategy, Diagnostic> {
        let order = match named(&table.order) {
            None | Some(("auto", _)) => None,
            Some(("smallest-domain", _)) => Some(Order::SmallestDomain),
            Some(("declared", _)) => Some(Order::Declared),
            Some(("activity", _)) => Some(Order::Activity),
            Some((other, span)) => {
                return Err(doc.error(span, format!("unknown order `{other}`")).help(
                    "use \"auto\" (the default), \"smallest-domain\", \"declared\" or \"activity\"",
                ));
            }
        };
        let values = match named(&table.values) {
            None | Some(("auto", _)) if optimises(objective) || counts_only(objective) => {
                Values::Split
            }
            None | Some(("auto", _)) => Values::Declared,
            Some(("min", _)) => Values::Min,
            Some(("max", _)) => Values::Max,
            Some(("split", _)) => Values::Split,
            Some((other, span)) => {
                return Err(doc
                    .error(span, format!("unknown value choice `{other}`"))
                    .help("use \"auto\" (the default: \"split\" when optimising or counting, else each domain in the order it is written), \"min\", \"max\" or \"split\""));
            }
        };
        let learning = match named(&table.learning) {
            None | Some(("auto", _)) => None,
            Some(("off", _)) => Some(false),
            Some(("on", span)) if counts(objective) => {
                return Err(doc
                    .error(span, "learning works for optimisation and one-solution runs only")
                    .help("a count or a listing would have to block every solution it finds; use \"off\" or \"auto\" here, or objective = \"first\", \"minimize\" or \"maximize\""));
            }
            Some(("on", _)) => Some(true),
            Some((other, span)) => {
                return Err(doc
                    .error(span, format!("unknown learning choice `{other}`"))
                    .help("use \"auto\" (the default: off, measured slower on the shipped puzzles), \"on\" or \"off\""));
            }
        };
        let order_chosen = order.unwrap_or_else(|| auto_order(objective));
        Ok(Strategy {
            order: order_chosen,
            values,
            restarts: order_chosen == Order::Activity && !counts(objective),
            dive: optimises(objective),
            auto_order: order.is_none(),
            auto_values: matches!(named(&table.values), None | Some(("auto", _))),
            learning: learning.unwrap_or(false),
            auto_learning: learning.is_none(),
            disjunctive: false,
            unbounded: false,
        })
    }

    /// Settles learning once the constraints are translated: `auto` learns for optimisation
    /// and one-solution runs whose constraints have disjunctions; a split run never learns
    /// (its parts follow the tree's fixed order), nor does an optimisation whose objective is
    /// not linear (every solution is evaluated; only a bound lets learning prove an optimum).
    pub fn settle_learning(
        mut self,
        objective: Objective,
        disjunctive: bool,
        (split, unbounded): (bool, bool),
    ) -> Self {
        self.disjunctive = disjunctive;
        self.unbounded = unbounded && optimises(objective);
        if self.auto_learning {
            self.learning = disjunctive && !counts(objective);
        }
        if split || self.unbounded {
            self.learning = false;
        }
        self
    }

    /// The report's line on the search: the order and values used, and why when chosen.
    pub fn note(&self, objective: Objective) -> String {
        let order = match self.order {
            _ if self.learning => {
                "learning a nogood from each conflict and jumping back to where it applies, the variable of the most recent conflicts next (VSIDS), restarting after 100, 100, 200, 100, ... conflicts (Luby)"
            }
            Order::SmallestDomain => "the variable with the fewest values left next",
            Order::Declared => "the variables in their declared order",
            Order::Activity if self.restarts => {
                "the variable with the fewest values per conflict weight next (dom/wdeg), restarting after 100, 100, 200, 100, ... conflicts (Luby)"
            }
            Order::Activity => {
                "the variable with the fewest values per conflict weight next (dom/wdeg), without restarts (they would find solutions again)"
            }
        };
        let values = match self.values {
            Values::Declared => "values in the order each domain is written",
            Values::Min => "least value first",
            Values::Max => "greatest value first",
            Values::Split => "each domain halved at a branch",
        };
        let values = if self.dive && !self.learning {
            format!(
                "{values}, after a first solution looked for in the declared order, one value at a time"
            )
        } else {
            values.to_string()
        };
        let mut why = Vec::new();
        if self.auto_order && !self.learning {
            why.push(format!("order auto: {}", auto_reason(objective)));
        }
        if self.unbounded {
            why.push(format!("learning: {UNBOUNDED}"));
        } else if self.auto_learning {
            why.push(format!(
                "learning auto: {}",
                auto_learning_reason(self.disjunctive, counts(objective))
            ));
        }
        if self.auto_values {
            why.push(format!("values auto: {}", auto_values_reason(objective)));
        }
        let why = if why.is_empty() {
            String::new()
        } else {
            format!(" ({})", why.join("; "))
        };
        format!("search: {order}; {values}{why}")
    }
}

/// Why an optimisation by an objective that is not linear does not learn, even when asked to.
const UNBOUNDED: &str = "off, the objective is not linear, so every solution is evaluated and learning would have to block each";

/// `auto` learns where failures share causes that propagation does not see at once: the
/// disjunctions of a schedule (job shop ft06: 257 nodes; without learning 31.8 million by fewest
/// values first, 1,382 by dom/wdeg with least values first). Without them the
/// shipped optimisations propagate strongly enough that explaining every change costs more
/// than the nogoods save (Golomb 9: 38,724 nodes in 3.3 s against 5,937 in 0.09 s).
fn auto_learning_reason(disjunctive: bool, counts: bool) -> &'static str {
    if counts {
        "off, a count or listing would have to block every solution it finds"
    } else if disjunctive {
        "on, the constraints have disjunctions (`or`), whose conflicts learning remembers"
    } else {
        "off, no disjunctions: propagation alone was faster on every such shipped optimisation"
    }
}

fn named(field: &Option<toml::Spanned<String>>) -> Option<(&str, std::ops::Range<usize>)> {
    field.as_ref().map(|o| (o.get_ref().as_str(), o.span()))
}

fn optimises(objective: Objective) -> bool {
    matches!(objective, Objective::Minimize | Objective::Maximize)
}

/// `auto`'s values: halving a domain lets the objective's bound cut a whole half at once
/// (Golomb ruler, 9 marks: 0.68 s against 0.88 s, docs/benchmarks.md); a count visits every
/// solution whatever the order, and halving propagates once for several values (Langford 11:
/// 0.97 -> 0.81 s, 4x4 magic squares 1.03 -> 0.95 s); a listing keeps each domain's written
/// order, which the specs choose.
fn auto_values_reason(objective: Objective) -> &'static str {
    if optimises(objective) {
        "an optimisation halves each domain, so the bound cuts half of it at once"
    } else if counts_only(objective) {
        "a count halves each domain, propagating once for several values (measured faster on Langford and the magic squares)"
    } else {
        "each domain in the order it is written"
    }
}

fn counts_only(objective: Objective) -> bool {
    objective == Objective::Count
}

fn counts(objective: Objective) -> bool {
    matches!(objective, Objective::All | Objective::Count)
}

/// `auto`'s order for an objective (measured in docs/benchmarks.md, "Search order"): dom/wdeg
/// for a count (4x4 magic squares 0.95 -> 0.51 s, Langford 11 0.81 -> 0.85 s with split
/// values: the conflicts show which lines to fill first); fewest values first otherwise
/// (dom/wdeg takes Golomb 9 from 0.20 s to 13.6 s: its restarts and weights leave the marks'
/// order the bound needs).
fn auto_order(objective: Objective) -> Order {
    if counts_only(objective) {
        Order::Activity
    } else {
        Order::SmallestDomain
    }
}

fn auto_reason(objective: Objective) -> &'static str {
    if counts_only(objective) {
        "a count turns to the variables whose constraints keep failing (dom/wdeg), measured fastest on the shipped counts"
    } else {
        "fewest values first, measured fastest on the shipped optimisations and listings"
    }
}
