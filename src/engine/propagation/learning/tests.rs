//! The learning search against a brute force over every assignment, on random problems made of
//! every propagator kind the engine has: it must find a solution exactly when one exists, and
//! with an objective end at the brute force's optimum.

use super::search_learning;
use crate::engine::Progress;
use crate::engine::propagation::{
    AllDifferent, Clause, Linear, Network, Objective, Order, Outcome, Problem, Propagator,
    Relation, Sense, Store, Table, Test, Tests,
};
use crate::util::random::xorshift;

/// Test `id` forbids the assignments where a small hash of its variables' values is 0.
struct Hashed {
    vars: Vec<Vec<usize>>,
}

impl Tests for Hashed {
    fn holds(&self, id: usize, env: &[i64]) -> bool {
        let h = self.vars[id]
            .iter()
            .fold(id as i64 + 3, |h, &v| h * 31 + env[v]);
        h.rem_euclid(4) != 0
    }
}

/// A sum, its constant and its relation to 0.
type Sum = (Vec<(i64, usize)>, i128, Relation);

/// A constraint as the brute force checks it: directly on the values.
enum Check {
    Linear(Vec<(i64, usize)>, i128, Relation),
    Distinct(Vec<usize>),
    Rows(Vec<usize>, Vec<Vec<i64>>),
    Either(Vec<Sum>),
    Test(usize),
}

fn linear_holds(terms: &[(i64, usize)], c: i128, r: Relation, x: &[i64]) -> bool {
    let sum: i128 = terms
        .iter()
        .map(|&(a, v)| i128::from(a) * i128::from(x[v]))
        .sum::<i128>()
        + c;
    match r {
        Relation::Eq => sum == 0,
        Relation::Le => sum <= 0,
        Relation::Ne => sum != 0,
    }
}

impl Check {
    fn holds(&self, x: &[i64], tests: &Hashed) -> bool {
        match self {
            Check::Linear(t, c, r) => linear_holds(t, *c, *r, x),
            Check::Distinct(vs) => {
                (0..vs.len()).all(|i| (i + 1..vs.len()).all(|j| x[vs[i]] != x[vs[j]]))
            }
            Check::Rows(vs, rows) => rows
                .iter()
                .any(|r| vs.iter().zip(r).all(|(&v, &val)| x[v] == val)),
            Check::Either(ls) => ls.iter().any(|(t, c, r)| linear_holds(t, *c, *r, x)),
            Check::Test(id) => tests.holds(*id, x),
        }
    }
}

struct Case {
    domains: Vec<u128>,
    checks: Vec<Check>,
    tests: Hashed,
    objective: Option<(Vec<(i64, usize)>, Sense)>,
}

/// Draws from `r` in `0..k`.
fn below(r: &mut impl Iterator<Item = u64>, k: u64) -> u64 {
    r.next().expect("endless") % k
}

fn some_vars(r: &mut impl Iterator<Item = u64>, n: usize, k: usize) -> Vec<usize> {
    let mut vs: Vec<usize> = (0..n).collect();
    for i in 0..k {
        let j = i + below(r, (n - i) as u64) as usize;
        vs.swap(i, j);
    }
    vs.truncate(k);
    vs
}

/// A random sum; with `loose`, never an equation (they make most larger draws fail at once).
fn random_linear(r: &mut impl Iterator<Item = u64>, n: usize, loose: bool) -> Sum {
    let k = 2 + below(r, 2) as usize;
    let terms = some_vars(r, n, k.min(n))
        .into_iter()
        .map(|v| {
            let a = below(r, 5) as i64 - 2;
            (if a == 0 { 1 } else { a }, v)
        })
        .collect();
    let c = below(r, 9) as i128 - 6;
    let rel = [
        Relation::Eq,
        Relation::Le,
        Relation::Le,
        Relation::Le,
        Relation::Ne,
        Relation::Ne,
    ][usize::from(loose) + below(r, 6 - u64::from(loose)) as usize];
    (terms, c, rel)
}

fn random_case(seed: u64, large: bool) -> (Case, Vec<Propagator>) {
    let r = &mut xorshift(seed);
    let n = if large {
        8 + below(r, 5)
    } else {
        4 + below(r, 5)
    } as usize;
    let most: u64 = if large { 300_000 } else { 50_000 };
    // Few enough assignments for the brute force to go through.
    let domains: Vec<u128> = loop {
        let d: Vec<u128> = (0..n)
            .map(|_| {
                loop {
                    let d = below(r, 256) as u128;
                    if d.count_ones() >= 2 {
                        break d;
                    }
                }
            })
            .collect();
        if d.iter()
            .map(|x| x.count_ones() as u64)
            .try_fold(1u64, |a, b| a.checked_mul(b))
            .is_some_and(|p| p <= most)
        {
            break d;
        }
    };
    let (mut props, mut checks) = (Vec::new(), Vec::new());
    let mut tests = Hashed { vars: Vec::new() };
    for _ in 0..if large {
        4 + below(r, 6)
    } else {
        2 + below(r, 6)
    } {
        match below(r, 5) {
            2 if large => continue,
            0 => {
                let (terms, constant, relation) = random_linear(r, n, large);
                checks.push(Check::Linear(terms.clone(), constant, relation));
                props.push(Propagator::Linear(Linear {
                    terms,
                    constant,
                    relation,
                }));
            }
            1 => {
                let k = 2 + below(r, (n.min(6) - 1) as u64) as usize;
                let vs = some_vars(r, n, k);
                checks.push(Check::Distinct(vs.clone()));
                props.push(Propagator::AllDifferent(AllDifferent { vars: vs }));
            }
            2 => {
                let vs = some_vars(r, n, 2);
                let rows: Vec<Vec<i64>> = (0..16)
                    .map(|_| vec![below(r, 8) as i64, below(r, 8) as i64])
                    .collect();
                props.push(Propagator::Table(Table::new(vs.clone(), &rows, 0)));
                checks.push(Check::Rows(vs, rows));
            }
            3 => {
                let ls = vec![random_linear(r, n, large), random_linear(r, n, large)];
                let literals = ls
                    .iter()
                    .map(|(t, c, rel)| Linear {
                        terms: t.clone(),
                        constant: *c,
                        relation: *rel,
                    })
                    .collect();
                props.push(Propagator::Clause(Clause { literals }));
                checks.push(Check::Either(ls));
            }
            _ => {
                let k = 2 + below(r, 2) as usize;
                let vs = some_vars(r, n, k);
                let id = tests.vars.len();
                tests.vars.push(vs.clone());
                props.push(Propagator::Test(Test { vars: vs, id }));
                checks.push(Check::Test(id));
            }
        }
    }
    let objective = match below(r, 3) {
        0 => None,
        which => {
            let k = 1 + below(r, n as u64) as usize;
            let terms = some_vars(r, n, k)
                .into_iter()
                .map(|v| (below(r, 7) as i64 - 3, v))
                .filter(|t| t.0 != 0)
                .collect::<Vec<_>>();
            let sense = if which == 1 {
                Sense::Minimize
            } else {
                Sense::Maximize
            };
            (!terms.is_empty()).then_some((terms, sense))
        }
    };
    (
        Case {
            domains,
            checks,
            tests,
            objective,
        },
        props,
    )
}

/// The best objective value over all solutions (or Some(0) when there is no objective and a
/// solution exists); None when none exists.
fn brute(c: &Case) -> Option<i128> {
    let n = c.domains.len();
    let mut best: Option<i128> = None;
    let mut x = vec![0i64; n];
    let total: usize = c.domains.iter().map(|d| d.count_ones() as usize).product();
    for mut k in 0..total {
        for (v, &d) in c.domains.iter().enumerate() {
            let size = d.count_ones() as usize;
            let nth = k % size;
            k /= size;
            let mut rest = d;
            for _ in 0..nth {
                rest &= rest - 1;
            }
            x[v] = i64::from(rest.trailing_zeros());
        }
        if c.checks.iter().all(|ch| ch.holds(&x, &c.tests)) {
            let value = value_of(c, &x);
            best = Some(match (best, &c.objective) {
                (None, _) | (_, None) => value,
                (Some(b), Some((_, Sense::Minimize))) => b.min(value),
                (Some(b), Some((_, Sense::Maximize))) => b.max(value),
            });
        }
    }
    best
}

fn value_of(c: &Case, x: &[i64]) -> i128 {
    c.objective.as_ref().map_or(0, |(terms, _)| {
        terms
            .iter()
            .map(|&(a, v)| i128::from(a) * i128::from(x[v]))
            .sum()
    })
}

/// The problem of `case` for the engine, with a random value order and split.
fn problem(case: &Case, props: Vec<Propagator>, seed: u64) -> Problem {
    let r = &mut xorshift(seed ^ 0xABCD);
    let n = case.domains.len();
    Problem {
        store: Store::new(0, case.domains.clone()),
        network: Network::new(n, props),
        descending: (0..n).map(|_| below(r, 2) == 1).collect(),
        order: Order::SmallestDomain,
        split: below(r, 2) == 1,
        restarts: true,
        dive: false,
        objective: case.objective.as_ref().map(|(terms, sense)| Objective {
            terms: terms.clone(),
            constant: 0,
            sense: *sense,
        }),
    }
}

/// The last solution the learning search reports, and its outcome.
fn learn(case: &Case, props: Vec<Propagator>, seed: u64) -> (Option<Vec<i64>>, Outcome) {
    let mut last: Option<Vec<i64>> = None;
    let out = search_learning(
        problem(case, props, seed),
        &case.tests,
        |x, _| {
            last = Some(x.to_vec());
            true
        },
        &Progress::hidden(),
    );
    (last, out)
}

/// Solves case `seed` by learning and by brute force: the same verdict, a solution that keeps
/// every constraint, the optimum's value. Nogoods learned, whether a solution was found, and
/// whether the case has an objective.
fn agrees_with_brute_force(seed: u64, large: bool) -> (u64, bool, bool) {
    let (case, props) = random_case(seed, large);
    let want = brute(&case);
    let (last, out) = learn(&case, props, seed);
    let got = last.as_ref().map(|x| {
        assert!(
            case.checks.iter().all(|ch| ch.holds(x, &case.tests)),
            "seed {seed}: {x:?} breaks a constraint"
        );
        value_of(&case, x)
    });
    assert_eq!(
        got, want,
        "seed {seed}: brute force {want:?}, learning {last:?} ({out:?})"
    );
    (out.learned, got.is_some(), case.objective.is_some())
}

#[test]
fn learning_finds_what_brute_force_finds() {
    let (mut with_objective, mut learned) = (0, 0);
    for seed in 1..=1500 {
        let (n, solved, optimised) = agrees_with_brute_force(seed, false);
        learned += n;
        with_objective += usize::from(solved && optimised);
    }
    // The draw must exercise optimisation, not only satisfiability.
    assert!(with_objective > 300, "{with_objective}");
    // And learning, not only propagation at the root.
    assert!(learned > 2500, "{learned}");
}

/// Larger problems (more variables, looser constraints, so that the search goes deeper and
/// learns more), against the brute force too.
#[test]
fn learning_finds_the_optimum_of_larger_problems() {
    let (mut learned, mut solved) = (0, 0);
    for seed in 1..=200 {
        let (n, found, _) = agrees_with_brute_force(seed, true);
        learned += n;
        solved += usize::from(found);
    }
    assert!(solved > 100, "{solved}");
    assert!(learned > 600, "{learned}");
}
