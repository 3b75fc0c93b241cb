//! All different: a fixed variable's value leaves the others' domains; fewer values left than
//! variables is a conflict; and when the variables must use every value left (as many values as
//! variables, as in a Sudoku row), a value that only one variable can still take is given to it
//! (a hidden single). When k variables can only take k values between them (a Hall set: a
//! naked pair, triple or quadruple), those values leave the others. A group with more values
//! than its small-set rules look at, and more values than variables (a Golomb ruler's
//! differences), also gets Hall intervals (bounds reasoning, [`super::hall_intervals`]).

use super::hall_intervals::{hall_intervals, remove_outside};
use super::store::{Bits, Store};

/// The largest group given the small Hall sets; larger ones get Hall intervals. Measured: a
/// Sudoku unit (9) needs a third of the nodes with the small sets; a 16-value magic square lost
/// about 10% of CPU time to them for 1% fewer nodes (docs/benchmarks.md).
const HALL_SETS_MAX_VARS: usize = 9;

pub struct AllDifferent {
    pub vars: Vec<usize>,
}

impl AllDifferent {
    /// Narrows the domains to a fixpoint of the rules; false on a conflict.
    pub fn propagate(&self, s: &mut Store) -> bool {
        loop {
            let Some(taken) = self.remove_fixed_values(s) else {
                return false;
            };
            match self.hidden_singles(s, taken) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            let found = if self.vars.len() <= HALL_SETS_MAX_VARS {
                self.hall_sets(s)
            } else if self.has_spare_values(s) {
                hall_intervals(&self.vars, s)
            } else {
                // A permutation (as many values as variables, as in a magic square or a
                // Langford pairing): the hidden singles prune; intervals cost 1.4-13x the CPU
                // time there (measured on the magic hexagon, 4x4 squares, Langford 11).
                Some(false)
            };
            match found {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Hall sets: when k free variables can only take values from a set of k values (a
    /// naked pair, triple or quadruple), no other variable can take those values; more than k
    /// is a conflict. The sets tried are the variables' domains of 2 to 4 values (larger
    /// sets and intervals cost more than they prune on magic squares), in groups of at most 9
    /// variables. Some(true) when a domain changed.
    fn hall_sets(&self, s: &mut Store) -> Option<bool> {
        const MAX_HALL: u32 = 4;
        let mut changed = false;
        // No allocation: this runs at every node of a magic-square count.
        for &u in &self.vars {
            let set = s.dom(u);
            let room = set.count_ones();
            if !(2..=MAX_HALL).contains(&room) {
                continue;
            }
            let inside = self.vars.iter().filter(|&&v| s.dom(v) & !set == 0).count() as u32;
            if inside > room {
                return None;
            }
            if inside < room {
                continue;
            }
            changed |= remove_outside(&self.vars, s, set)?;
        }
        Some(changed)
    }

    /// Whether the variables can take more values between them than there are variables.
    fn has_spare_values(&self, s: &Store) -> bool {
        let union = self.vars.iter().fold(0 as Bits, |u, &v| u | s.dom(v));
        union.count_ones() as usize > self.vars.len()
    }

    /// Removes each fixed variable's value from the others until no new variable is fixed;
    /// the values taken, or None on a conflict.
    fn remove_fixed_values(&self, s: &mut Store) -> Option<Bits> {
        let mut taken: Bits = 0;
        let mut done: Bits = 0;
        loop {
            let mut fresh: Bits = 0;
            for &v in &self.vars {
                let d = s.dom(v);
                if d.count_ones() == 1 && d & done == 0 {
                    if d & fresh != 0 {
                        return None;
                    }
                    fresh |= d;
                }
            }
            if fresh == 0 {
                return Some(taken);
            }
            for &v in &self.vars {
                let d = s.dom(v);
                if d & fresh != 0 && d.count_ones() > 1 && !s.restrict(v, !fresh) {
                    return None;
                }
            }
            taken |= fresh;
            done |= fresh;
        }
    }

    /// Pigeonhole and hidden singles; Some(true) when a variable was fixed (run again).
    fn hidden_singles(&self, s: &mut Store, taken: Bits) -> Option<bool> {
        let (mut once, mut twice): (Bits, Bits) = (0, 0);
        for &v in &self.vars {
            let d = s.dom(v);
            twice |= once & d;
            once |= d;
        }
        let values = once.count_ones() as usize;
        if values < self.vars.len() {
            return None;
        }
        if values > self.vars.len() {
            return Some(false);
        }
        let singles = once & !twice & !taken;
        if singles == 0 {
            return Some(false);
        }
        for &v in &self.vars {
            let hit = s.dom(v) & singles;
            match hit.count_ones() {
                0 => {}
                1 => {
                    if !s.restrict(v, hit) {
                        return None;
                    }
                }
                // Two values only this variable can take, both needed: impossible.
                _ => return None,
            }
        }
        Some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eliminates_values_and_finds_hidden_singles() {
        // x0 = 1, x1 in {1,2,3}, x2 in {1,2,3}, x3 in {2,3,4}: 4 values for 4 variables, and
        // 4 is possible only for x3.
        let mut s = Store::new(1, vec![0b0001, 0b0111, 0b0111, 0b1110]);
        let p = AllDifferent {
            vars: vec![0, 1, 2, 3],
        };
        assert!(p.propagate(&mut s));
        assert_eq!((s.dom(1), s.dom(2), s.dom(3)), (0b0110, 0b0110, 0b1000));
        let mut s = Store::new(1, vec![0b01, 0b01]);
        assert!(!p_of(2).propagate(&mut s));
        let mut s = Store::new(1, vec![0b011, 0b011, 0b011]);
        assert!(!p_of(3).propagate(&mut s), "three variables, two values");
    }

    #[test]
    fn hall_sets_remove_their_values_from_the_others() {
        // x0, x1 in {1, 2} (a naked pair), x2 in {1, 2, 3}, x3 in 1..5 (five values for four
        // variables, so no hidden single): x2 = 3, then x3 in {4, 5}.
        let mut s = Store::new(1, vec![0b0011, 0b0011, 0b0111, 0b11111]);
        assert!(p_of(4).propagate(&mut s));
        assert_eq!((s.dom(2), s.dom(3)), (0b0100, 0b11000));
        // Three variables inside {1, 2} with a fourth free: a conflict.
        let mut s = Store::new(1, vec![0b0011, 0b0011, 0b0011, 0b1111]);
        assert!(!p_of(4).propagate(&mut s));
        // A naked triple: x0 in {2, 3, 4}, x1, x2 inside it leave x3 only 1 or 5.
        let mut s = Store::new(1, vec![0b01110, 0b01100, 0b00110, 0b11111]);
        let p = AllDifferent {
            vars: vec![0, 1, 2, 3],
        };
        assert!(p.propagate(&mut s));
        assert_eq!(s.dom(3), 0b10001);
    }

    fn p_of(n: usize) -> AllDifferent {
        AllDifferent {
            vars: (0..n).collect(),
        }
    }
}
