//! Any other condition, given by the caller as a test over a full assignment of its variables:
//! checked once all of them are fixed, and used to filter the last free variable's values as
//! soon as only one is left (forward checking), so an arbitrary formula still narrows domains.

use super::Tests;
use super::store::Store;

pub struct Test {
    /// The variables the test reads, each once.
    pub vars: Vec<usize>,
    /// The caller's number for it, passed back to [`Tests::holds`].
    pub id: usize,
}

impl Test {
    /// `env` holds a value for every variable (only the test's own are read).
    pub fn propagate<T: Tests>(&self, s: &mut Store, env: &mut [i64], tests: &T) -> bool {
        let mut free = None;
        for &v in &self.vars {
            if s.is_fixed(v) {
                env[v] = s.min(v);
            } else if free.is_some() {
                return true;
            } else {
                free = Some(v);
            }
        }
        let Some(v) = free else {
            return tests.holds(self.id, env);
        };
        let mut rest = s.dom(v);
        let mut keep = 0;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            env[v] = s.value_of(i);
            if tests.holds(self.id, env) {
                keep |= 1 << i;
            }
        }
        s.restrict(v, keep)
    }
}
