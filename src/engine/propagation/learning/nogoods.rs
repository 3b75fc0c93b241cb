//! Learned nogoods: conjunctions of domain facts `x in S` that no solution has, kept with two
//! watched facts each (MiniSat's scheme over sets of values rather than Boolean literals), and
//! propagated from the trail: when every fact but one holds, the last one is made false.

use crate::engine::propagation::store::{Bits, Store};

/// A learned nogood's cause number in the trail: this bit plus its place in [`Nogoods`].
pub const NOGOOD: u32 = 1 << 31;

/// Not all of `facts` may hold at once: the pair `(x, S)` is the fact "x takes a value in S".
/// The first two facts are the watched ones.
pub struct Nogood {
    pub facts: Vec<(u32, Bits)>,
    /// Bumped when the nogood takes part in a conflict; the least active go first on a cut.
    pub activity: f64,
}

/// Whether fact `(x, S)` holds: every value left to x is in S.
fn holds(s: &Store, (x, set): (u32, Bits)) -> bool {
    s.dom(x as usize) & !set == 0
}

/// Whether fact `(x, S)` can no longer hold: no value left to x is in S.
fn excluded(s: &Store, (x, set): (u32, Bits)) -> bool {
    s.dom(x as usize) & set == 0
}

#[derive(Default)]
pub struct Nogoods {
    pub list: Vec<Nogood>,
    /// Per variable, the nogoods watching one of its facts.
    watches: Vec<Vec<u32>>,
    /// The trail entries before this one have been looked at.
    head: usize,
}

impl Nogoods {
    pub fn new(variables: usize) -> Nogoods {
        Nogoods {
            list: Vec::new(),
            watches: vec![Vec::new(); variables],
            head: 0,
        }
    }

    /// The trail was cut back to `len` entries: changes past it will be looked at again.
    pub fn backtrack(&mut self, len: usize) {
        self.head = self.head.min(len);
    }

    /// Adds a nogood (facts on distinct variables; the first is the one to be made false, the
    /// second the one that holds at the highest level among the rest); its cause number.
    pub fn add(&mut self, facts: Vec<(u32, Bits)>) -> u32 {
        let id = self.list.len() as u32;
        // A single fact is made false at the root for good: nothing to watch.
        if facts.len() >= 2 {
            for &(x, _) in &facts[..2] {
                self.watches[x as usize].push(id);
            }
        }
        self.list.push(Nogood {
            facts,
            activity: 0.0,
        });
        NOGOOD | id
    }

    /// Makes false the last fact of every nogood whose other facts all hold, for the changes
    /// on the trail since the last call; a nogood whose facts all hold is a conflict (its
    /// number). True when a domain changed.
    pub fn propagate(&mut self, s: &mut Store) -> Result<bool, u32> {
        let mut changed = false;
        while self.head < s.mark() {
            let (x, _) = s.entry(self.head);
            self.head += 1;
            let mut i = 0;
            while i < self.watches[x].len() {
                let id = self.watches[x][i];
                match self.visit(s, id, x as u32) {
                    Visit::Keep => i += 1,
                    Visit::Moved => {
                        self.watches[x].swap_remove(i);
                    }
                    Visit::Narrowed => {
                        changed = true;
                        i += 1;
                    }
                    Visit::Conflict => return Err(NOGOOD | id),
                }
            }
        }
        Ok(changed)
    }

    /// One nogood watching `x`, after a change of `x`.
    fn visit(&mut self, s: &mut Store, id: u32, x: u32) -> Visit {
        let facts = &mut self.list[id as usize].facts;
        if facts[0].0 == x {
            facts.swap(0, 1);
        }
        // facts[1] is x's fact now.
        if !holds(s, facts[1]) || excluded(s, facts[0]) {
            return Visit::Keep;
        }
        if let Some(k) = (2..facts.len()).find(|&k| !holds(s, facts[k])) {
            facts.swap(1, k);
            let y = facts[1].0 as usize;
            self.watches[y].push(id);
            return Visit::Moved;
        }
        let (y, set) = facts[0];
        if holds(s, facts[0]) {
            return Visit::Conflict;
        }
        s.cause = NOGOOD | id;
        // Not empty: the fact did not hold, so a value outside `set` is left.
        s.restrict(y as usize, !set);
        Visit::Narrowed
    }

    /// Keeps only the nogoods `keep` says to (in order, so cause numbers change: call only
    /// where no trail entry past the root is explained by a nogood) and rebuilds the watches.
    pub fn retain(&mut self, keep: impl FnMut(&Nogood) -> bool) {
        self.list.retain(keep);
        for w in &mut self.watches {
            w.clear();
        }
        for (id, n) in self.list.iter().enumerate() {
            if n.facts.len() >= 2 {
                for &(x, _) in &n.facts[..2] {
                    self.watches[x as usize].push(id as u32);
                }
            }
        }
        self.head = 0;
    }
}

enum Visit {
    Keep,
    Moved,
    Narrowed,
    Conflict,
}
