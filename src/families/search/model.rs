//! The generate-and-test model: variables with finite domains (some grouped to take different
//! values), and constraints attached to the variable whose binding makes them decidable.

use crate::engine::backtracking::Constraints;
use crate::engine::propagation::Tests;
use crate::expr::{self, BinOp, Expr, ExprError, ExprKind, Value};
use crate::spec::Failures;
use std::cell::Cell;

/// An array of variables (`cell: 9x9 in 1..9`): its elements are variables `first..first + len`.
pub struct Array {
    pub name: String,
    pub first: usize,
    pub len: usize,
    /// Rows and columns, when declared as `RxC` (for display).
    pub shape: Option<(usize, usize)>,
    /// The enumeration of `[tables]` its values are members of, printed by name.
    pub names: Option<String>,
}

pub struct Variable {
    pub name: String,
    /// Values in the order they are tried.
    pub domain: Vec<i64>,
    /// Variables of one `distinct in` / `permutation of` declaration share a group and take
    /// different values.
    pub group: Option<usize>,
    /// The members of the enumeration of `[tables]` its values are (`owner in nationality`),
    /// printed by name.
    pub names: Option<std::sync::Arc<[String]>>,
}

pub struct Model {
    pub variables: Vec<Variable>,
    pub constraints: Vec<Expr>,
    /// `checks[level]`: the constraints whose last variable is `level`.
    pub checks: Vec<Vec<usize>>,
    /// Candidates rejected by a constraint that was false (not by one that failed to evaluate).
    pub rejected_false: Cell<u64>,
    /// Per constraint, the evaluations that failed.
    pub failures: Vec<Failures>,
}

impl Model {
    pub fn new(variables: Vec<Variable>, constraints: Vec<Expr>) -> Model {
        let mut checks = vec![Vec::new(); variables.len()];
        for (c, e) in constraints.iter().enumerate() {
            // A constraint without variables is checked with the first variable.
            let last = last_variable(e).unwrap_or(0);
            checks[last].push(c);
        }
        Model {
            failures: constraints.iter().map(|_| Failures::default()).collect(),
            variables,
            constraints,
            checks,
            rejected_false: Cell::new(0),
        }
    }

    /// Whether constraint `c` holds for `bound`; an evaluation error counts as false (and is
    /// tallied).
    pub fn holds(&self, c: usize, bound: &[i64]) -> bool {
        match expr::eval(&self.constraints[c], bound) {
            Ok(Value::Bool(true)) => true,
            Ok(Value::Bool(false)) => {
                self.rejected_false.set(self.rejected_false.get() + 1);
                false
            }
            // Constraints are type-checked at load; a number here is still not a truth value.
            Ok(Value::Num(_)) => self.failed(
                c,
                ExprError::new("expected a truth value", self.constraints[c].span.clone()),
            ),
            Err(e) => self.failed(c, e),
        }
    }

    fn failed(&self, c: usize, e: ExprError) -> bool {
        self.failures[c].record(e)
    }

    /// Every failed evaluation, over all constraints.
    pub fn failed_evaluations(&self) -> u64 {
        self.failures.iter().map(Failures::count).sum()
    }

    /// How many candidates the full space has (without any pruning), as a float (infinite
    /// past the largest double; `space_log10` still has it).
    pub fn space_size(&self) -> f64 {
        self.space_factors().product()
    }

    /// The decimal logarithm of the space's size (minus infinity for an empty space).
    pub fn space_log10(&self) -> f64 {
        self.space_factors().map(f64::log10).sum()
    }

    /// Per variable, how many values it has left after its group's earlier members.
    fn space_factors(&self) -> impl Iterator<Item = f64> + '_ {
        let mut factors = Vec::with_capacity(self.variables.len());
        let mut seen_in_group: Vec<(usize, usize)> = Vec::new();
        for v in &self.variables {
            let taken = match v.group {
                Some(g) => match seen_in_group.iter_mut().find(|(x, _)| *x == g) {
                    Some((_, k)) => {
                        *k += 1;
                        *k - 1
                    }
                    None => {
                        seen_in_group.push((g, 1));
                        0
                    }
                },
                None => 0,
            };
            factors.push(v.domain.len().saturating_sub(taken) as f64);
        }
        factors.into_iter()
    }
}

fn last_variable(e: &Expr) -> Option<usize> {
    let mut last = match e.kind {
        ExprKind::Var(i) => Some(i),
        _ => None,
    };
    e.for_each_child(&mut |c| last = last.max(last_variable(c)));
    last
}

impl Constraints for Model {
    fn variables(&self) -> usize {
        self.variables.len()
    }

    fn candidates(&self, level: usize, bound: &[i64], out: &mut Vec<i64>) {
        let v = &self.variables[level];
        match v.group {
            None => out.extend_from_slice(&v.domain),
            Some(g) => {
                let taken = |x: i64| {
                    (0..level).any(|j| self.variables[j].group == Some(g) && bound[j] == x)
                };
                out.extend(v.domain.iter().copied().filter(|&x| !taken(x)));
            }
        }
    }

    fn accept(&self, level: usize, bound: &[i64]) -> bool {
        self.checks[level].iter().all(|&c| self.holds(c, bound))
    }
}

impl Tests for Model {
    fn holds(&self, id: usize, env: &[i64]) -> bool {
        Model::holds(self, id, env)
    }
}

/// The parts of a constraint joined by `and`, each of which must hold on its own.
pub fn conjuncts(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Binary(BinOp::And, a, b) => {
            let mut v = conjuncts(a);
            v.extend(conjuncts(b));
            v
        }
        _ => vec![e],
    }
}
