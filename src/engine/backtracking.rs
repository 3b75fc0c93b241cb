//! Backtracking over variables with finite domains: variable `level` is bound to each of its
//! candidate values in turn and the partial assignment is checked at once, so a failed check
//! cuts off every completion (the seed's lesson: test while generating, not after).

use super::Progress;
use std::time::{Duration, Instant};

pub trait Constraints {
    fn variables(&self) -> usize;
    /// Writes into `out` (cleared by the caller) the values variable `level` may take once
    /// variables `0..level` are bound to `bound[..level]`.
    fn candidates(&self, level: usize, bound: &[i64], out: &mut Vec<i64>);
    /// Whether `bound[..=level]` passes every check that becomes decidable at `level`.
    fn accept(&self, level: usize, bound: &[i64]) -> bool;
}

#[derive(Debug, Clone, Copy, Default)]
pub struct Outcome {
    /// Bindings tried (search nodes).
    pub nodes: u64,
    /// Complete assignments that passed every check.
    pub solutions: u64,
    /// The callback asked to stop before the space was exhausted.
    pub stopped: bool,
    pub elapsed: Duration,
}

/// Calls `on_solution` with each full assignment that passes; it returns false to stop.
pub fn search<C: Constraints>(
    c: &C,
    mut on_solution: impl FnMut(&[i64]) -> bool,
    progress: &Progress,
) -> Outcome {
    let start = Instant::now();
    let n = c.variables();
    let mut out = Outcome::default();
    let mut bound = vec![0i64; n];
    if n == 0 {
        out.solutions = 1;
        out.stopped = !on_solution(&bound);
        out.elapsed = start.elapsed();
        return out;
    }
    // One candidate buffer and cursor per level: no allocation once the search runs.
    let mut candidates: Vec<Vec<i64>> = vec![Vec::new(); n];
    let mut cursor = vec![0usize; n];
    let mut level = 0;
    c.candidates(0, &bound, &mut candidates[0]);
    loop {
        if cursor[level] == candidates[level].len() {
            if level == 0 {
                break;
            }
            level -= 1;
            continue;
        }
        bound[level] = candidates[level][cursor[level]];
        cursor[level] += 1;
        out.nodes += 1;
        if out.nodes & 0xF_FFFF == 0 {
            let nodes = out.nodes;
            progress.message(|| format!("{nodes} nodes"));
            if super::stop::requested().is_some() {
                break;
            }
        }
        if !c.accept(level, &bound) {
            continue;
        }
        if level + 1 == n {
            out.solutions += 1;
            if !on_solution(&bound) {
                out.stopped = true;
                break;
            }
            continue;
        }
        level += 1;
        candidates[level].clear();
        c.candidates(level, &bound, &mut candidates[level]);
        cursor[level] = 0;
    }
    out.elapsed = start.elapsed();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// n queens, one per row: column values, no two on a column or a diagonal.
    struct Queens(usize);

    impl Constraints for Queens {
        fn variables(&self) -> usize {
            self.0
        }
        fn candidates(&self, _level: usize, _bound: &[i64], out: &mut Vec<i64>) {
            out.extend(0..self.0 as i64);
        }
        fn accept(&self, level: usize, b: &[i64]) -> bool {
            (0..level).all(|i| b[i] != b[level] && (b[i] - b[level]).abs() != (level - i) as i64)
        }
    }

    #[test]
    fn counts_queens_solutions() {
        // OEIS A000170: 1, 0, 0, 2, 10, 4, 40, 92.
        let counts: Vec<u64> = (1..=8)
            .map(|n| search(&Queens(n), |_| true, &Progress::hidden()).solutions)
            .collect();
        assert_eq!(counts, vec![1, 0, 0, 2, 10, 4, 40, 92]);
    }

    #[test]
    fn stops_when_asked() {
        let out = search(&Queens(8), |_| false, &Progress::hidden());
        assert!(out.stopped);
        assert_eq!(out.solutions, 1);
    }
}
