//! `kind = "search"`: generate and test. Named variables range over finite domains (integer
//! ranges, sets, or permutations of a set); constraints are expressions over them, each checked
//! as soon as its last variable is bound, so a failing partial assignment is never extended.

mod model;
mod spec;
mod template;

use super::{Family, Puzzle, SolveContext};
use crate::diagnostic::Diagnostic;
use crate::engine::backtracking;
use crate::expr::{self, DomainKind, ExprError, Type};
use crate::report::group_digits;
use crate::report::{Report, Solution, StateView, Stats, Status, Step};
use crate::spec::SpecDocument;
use model::{Model, Variable};
use spec::SearchDocument;
use template::Piece;

pub struct SearchFamily;

const OBJECTIVES: &[&str] = &["all", "first", "count"];
const ENGINES: &[&str] = &["backtracking"];

impl Family for SearchFamily {
    fn kind(&self) -> &'static str {
        "search"
    }

    fn about(&self) -> &'static str {
        "generate and test: variables over finite domains, constraints checked as soon as bound"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        let spec: SearchDocument = doc.deserialize()?;
        let table = spec.search.get_ref();
        let mut variables: Vec<Variable> = Vec::new();
        let mut groups = 0;
        for decl_text in table.variables.get_ref() {
            let err = |e: ExprError| doc.formula_error(decl_text, "the variables", e);
            let decl = expr::parse_declaration(decl_text.get_ref()).map_err(err)?;
            let group = match decl.kind {
                DomainKind::Each => None,
                DomainKind::Distinct | DomainKind::Permutation => {
                    groups += 1;
                    Some(groups - 1)
                }
            };
            for (name, span) in decl.names {
                if variables.iter().any(|v| v.name == name) {
                    return Err(err(ExprError::new(
                        format!("`{name}` is declared twice"),
                        span,
                    )
                    .help("give each variable one name")));
                }
                if expr::FUNCTIONS.iter().any(|f| f.name == name) {
                    return Err(err(ExprError::new(
                        format!("`{name}` is the name of a built-in function"),
                        span,
                    )
                    .help("choose another name for the variable")));
                }
                variables.push(Variable {
                    name,
                    domain: decl.values.clone(),
                    group,
                });
            }
        }
        if variables.is_empty() {
            return Err(doc
                .error(table.variables.span(), "no variables")
                .help("declare at least one, e.g. variables = [\"n in 1..100\"]"));
        }
        let names: Vec<String> = variables.iter().map(|v| v.name.clone()).collect();
        let lookup = |n: &str| names.iter().position(|m| m == n);
        let mut constraints = Vec::new();
        for c in &table.constraints {
            let err = |e: ExprError| doc.formula_error(c, "a constraint", e);
            let mut e = doc.parse_formula(c, "a constraint")?;
            e.bind(&lookup, &names).map_err(err)?;
            match e.check_type().map_err(err)? {
                Type::Bool => constraints.push(e),
                Type::Number => {
                    return Err(err(ExprError::new(
                        "a constraint must be true or false",
                        0..c.get_ref().len(),
                    )
                    .help(
                        "compare, e.g. \"n % 7 == 0\", or use a test such as pandigital(n)",
                    )));
                }
            }
        }
        let show = match &table.show {
            None => None,
            Some(s) => {
                let err = |e: ExprError| doc.formula_error(s, "`show`", e);
                let mut pieces = template::parse(s.get_ref()).map_err(err)?;
                for p in &mut pieces {
                    if let Piece::Expr(e) = p {
                        e.bind(&lookup, &names).map_err(err)?;
                        e.check_type().map_err(err)?;
                    }
                }
                Some(pieces)
            }
        };
        let objective = spec.solve.objective(&doc.source, OBJECTIVES)?.to_string();
        let engine = spec.solve.engine(&doc.source, ENGINES)?;
        Ok(Box::new(SearchPuzzle {
            model: Model::new(variables, constraints),
            texts: table
                .constraints
                .iter()
                .map(|c| c.get_ref().clone())
                .collect(),
            show,
            objective,
            auto: engine == "auto",
            limit: spec.solve.limit(100) as usize,
        }))
    }
}

struct SearchPuzzle {
    model: Model,
    texts: Vec<String>,
    show: Option<Vec<Piece>>,
    objective: String,
    auto: bool,
    limit: usize,
}

impl Puzzle for SearchPuzzle {
    fn summary(&self) -> String {
        format!(
            "{} variables, {} constraints, {} candidates in the full space",
            self.model.variables.len(),
            self.model.constraints.len(),
            float_count(self.model.space_size())
        )
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let reason = if self.auto {
            "auto: variables bound in the declared order, each constraint tested as soon as its last variable is bound"
        } else {
            ""
        };
        let stop_after = (self.objective == "first").then_some(1);
        let list = match self.objective.as_str() {
            "count" => 0,
            "first" => 1,
            _ => self.limit,
        };
        let mut listed: Vec<Vec<i64>> = Vec::new();
        let out = backtracking::search(
            &self.model,
            |bound| {
                if listed.len() < list {
                    listed.push(bound.to_vec());
                }
                stop_after.is_none_or(|s| (listed.len() as u64) < s)
            },
            ctx.progress,
        );
        let mut report = Report::new(&self.objective, Status::Solved, "backtracking", reason);
        report.stats = Stats::new(out.nodes, out.elapsed);
        report.extra.insert("nodes".into(), out.nodes.into());
        let space = self.model.space_size();
        report.extra.insert("space".into(), space.into());
        report.notes.push(format!(
            "explored {} nodes; the full space has {} candidates{}",
            group_digits(u128::from(out.nodes)),
            float_count(space),
            if space > 0.0 {
                format!(
                    " ({:.3}% of them as nodes)",
                    100.0 * out.nodes as f64 / space
                )
            } else {
                String::new()
            }
        ));
        let errors = self.model.errors.get();
        if errors > 0 {
            report.notes.push(format!(
                "{} constraint evaluations had no value (e.g. division by zero) and counted as false",
                group_digits(u128::from(errors))
            ));
        }
        let mut shown = Vec::new();
        for bound in &listed {
            let (line, view) = self.check(bound)?;
            shown.push(serde_json::json!({"text": line, "values": view.data}));
            report.solutions.push(Solution {
                steps: vec![Step {
                    action: line.clone(),
                    state: Some(view),
                }],
                notation: Some(line),
            });
        }
        report.extra.insert("answers".into(), shown.into());
        if self.objective != "first" {
            report.count = Some(u128::from(out.solutions));
        }
        if out.solutions == 0 {
            report.status = Status::NoSolution;
            report
                .notes
                .push("no assignment satisfies every constraint (exhaustive search)".into());
        } else if self.objective == "count" {
            report.status = Status::Counted;
        } else if (listed.len() as u64) < out.solutions {
            report.notes.push(format!(
                "listing {} of {} solutions (raise solve.limit for more)",
                listed.len(),
                out.solutions
            ));
        }
        Ok(report)
    }
}

impl SearchPuzzle {
    /// Re-checks a full assignment from scratch (domains, distinct groups, every constraint)
    /// and shows it.
    fn check(&self, bound: &[i64]) -> Result<(String, StateView), Diagnostic> {
        let vars = &self.model.variables;
        for (i, v) in vars.iter().enumerate() {
            let clash = v.group.is_some()
                && (0..i).any(|j| vars[j].group == v.group && bound[j] == bound[i]);
            if !v.domain.contains(&bound[i]) || clash {
                return Err(Diagnostic::internal(format!(
                    "a solution gives {} = {}, outside its domain or equal to another",
                    v.name, bound[i]
                )));
            }
        }
        for (c, text) in self.texts.iter().enumerate() {
            if !matches!(
                expr::eval(&self.model.constraints[c], bound),
                Ok(expr::Value::Bool(true))
            ) {
                return Err(Diagnostic::internal(format!(
                    "a solution breaks the constraint `{text}`"
                )));
            }
        }
        let pairs: Vec<String> = vars
            .iter()
            .zip(bound)
            .map(|(v, x)| format!("{}={x}", v.name))
            .collect();
        let line = match &self.show {
            Some(pieces) => template::render(pieces, bound),
            None => pairs.join(" "),
        };
        let data: serde_json::Map<String, serde_json::Value> = vars
            .iter()
            .zip(bound)
            .map(|(v, x)| (v.name.clone(), serde_json::Value::from(*x)))
            .collect();
        Ok((
            line,
            StateView {
                text: pairs.join(" "),
                data: data.into(),
            },
        ))
    }
}

/// 3628800 -> "3,628,800"; beyond u128, scientific notation.
fn float_count(x: f64) -> String {
    if x < 1e30 {
        group_digits(x.round() as u128)
    } else {
        format!("{x:.3e}")
    }
}
