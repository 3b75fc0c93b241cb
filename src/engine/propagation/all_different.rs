//! All different: a fixed variable's value leaves the others' domains; fewer values left than
//! variables is a conflict; and when the variables must use every value left (as many values as
//! variables, as in a Sudoku row), a value that only one variable can still take is given to it
//! (a hidden single).

use super::store::{Bits, Store};

pub struct AllDifferent {
    pub vars: Vec<usize>,
}

impl AllDifferent {
    /// Narrows the domains to a fixpoint of the three rules; false on a conflict.
    pub fn propagate(&self, s: &mut Store) -> bool {
        loop {
            let Some(taken) = self.remove_fixed_values(s) else {
                return false;
            };
            match self.hidden_singles(s, taken) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
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

    fn p_of(n: usize) -> AllDifferent {
        AllDifferent {
            vars: (0..n).collect(),
        }
    }
}
