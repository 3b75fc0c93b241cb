//! The propagators of a problem, which variables wake which, and the queue that runs them to a
//! fixpoint (the cheap ones first, tests last).

use super::store::Store;
use super::{AllDifferent, Clause, DistinctSum, Element, Linear, Table, Test, Tests};

pub enum Propagator {
    AllDifferent(AllDifferent),
    Linear(Linear),
    DistinctSum(DistinctSum),
    Element(Element),
    Table(Table),
    Clause(Clause),
    Test(Test),
}

impl Propagator {
    fn vars(&self) -> Vec<usize> {
        match self {
            Propagator::AllDifferent(p) => p.vars.clone(),
            Propagator::Linear(p) => p.terms.iter().map(|t| t.1).collect(),
            Propagator::DistinctSum(p) => p.vars(),
            Propagator::Element(p) => p.vars(),
            Propagator::Table(p) => p.vars.clone(),
            Propagator::Clause(p) => p.vars(),
            Propagator::Test(p) => p.vars.clone(),
        }
    }

    fn is_test(&self) -> bool {
        matches!(self, Propagator::Test(_))
    }

    /// Whether only a move of a variable's least or greatest value can help it.
    fn bounds_only(&self) -> bool {
        matches!(self, Propagator::Linear(l) if l.relation != super::Relation::Ne)
    }
}

pub struct Network {
    pub propagators: Vec<Propagator>,
    /// Per variable, the propagators that read it, with whether they care only about bounds.
    watchers: Vec<Vec<(u32, bool)>>,
    /// Two queues: propagators first, tests (which evaluate formulas) when those are done.
    queues: [Vec<u32>; 2],
    queued: Vec<bool>,
    /// A value for every variable, for tests.
    env: Vec<i64>,
    /// Per propagator, the variables it reads (what a conflict there bumps).
    members: Vec<Vec<u32>>,
    /// Per variable, 1 + the conflicts found by the propagators that read it (dom/wdeg's
    /// weights, grown by [`Network::bump`]).
    pub weights: Vec<u64>,
}

impl Network {
    pub fn new(variables: usize, propagators: Vec<Propagator>) -> Network {
        let mut watchers = vec![Vec::new(); variables];
        let mut members = Vec::with_capacity(propagators.len());
        for (i, p) in propagators.iter().enumerate() {
            let vars = p.vars();
            for &v in &vars {
                watchers[v].push((i as u32, p.bounds_only()));
            }
            members.push(vars.iter().map(|&v| v as u32).collect());
        }
        let n = propagators.len();
        Network {
            propagators,
            watchers,
            queues: [Vec::with_capacity(n), Vec::with_capacity(n)],
            queued: vec![false; n],
            env: vec![0; variables],
            members,
            weights: vec![1; variables],
        }
    }

    /// Propagator `p` found a conflict: its variables weigh more for dom/wdeg.
    pub fn bump(&mut self, p: usize) {
        for &v in &self.members[p] {
            self.weights[v as usize] += 1;
        }
    }

    /// The variables propagator `p` reads.
    pub fn scope(&self, p: usize) -> &[u32] {
        &self.members[p]
    }

    pub fn enqueue(&mut self, p: usize) {
        if !self.queued[p] {
            self.queued[p] = true;
            let q = usize::from(self.propagators[p].is_test());
            self.queues[q].push(p as u32);
        }
    }

    pub fn enqueue_all(&mut self) {
        (0..self.propagators.len()).for_each(|p| self.enqueue(p));
    }

    /// Runs the queued propagators and those woken by changes until nothing changes; on a
    /// conflict, the propagator that found it.
    pub fn fixpoint<T: Tests>(&mut self, s: &mut Store, tests: &T) -> Result<(), usize> {
        loop {
            self.wake(s);
            let Some(p) = self.queues[0].pop().or_else(|| self.queues[1].pop()) else {
                return Ok(());
            };
            let p = p as usize;
            self.queued[p] = false;
            s.cause = p as u32;
            let ok = match &self.propagators[p] {
                Propagator::AllDifferent(a) => a.propagate(s),
                Propagator::Linear(l) => l.propagate(s),
                Propagator::DistinctSum(d) => d.propagate(s),
                Propagator::Element(e) => e.propagate(s),
                Propagator::Table(t) => t.propagate(s),
                Propagator::Clause(c) => c.propagate(s),
                Propagator::Test(t) => t.propagate(s, &mut self.env, tests),
            };
            if !ok {
                self.clear();
                return Err(p);
            }
        }
    }

    fn wake(&mut self, s: &mut Store) {
        let (watchers, queued, queues, props) = (
            &self.watchers,
            &mut self.queued,
            &mut self.queues,
            &self.propagators,
        );
        s.drain_changed(|v, bounds| {
            for &(p, bounds_only) in &watchers[v] {
                let p = p as usize;
                if !queued[p] && (bounds || !bounds_only) {
                    queued[p] = true;
                    queues[usize::from(props[p].is_test())].push(p as u32);
                }
            }
        });
    }

    fn clear(&mut self) {
        for q in &mut self.queues {
            for &p in q.iter() {
                self.queued[p as usize] = false;
            }
            q.clear();
        }
    }
}
