//! A small linear program solver: the tableau simplex method (the most negative reduced cost
//! enters; Bland's rule after a run of pivots that do not lower the cost, so it never cycles),
//! for the few dozen variables and rows of a pagoda search (see [`super::sampled_pagodas`]).
//! The crates that solve linear programs bring sparse-matrix stacks far larger than this, and
//! a caller here checks every answer exactly in integers, so a rounding error can cost a
//! bound but never make a wrong one.

/// Pivots made at most, over all the programs of one [`Simplex`], before giving up: a bound
/// on the time the programs take whatever the rows (English 33's 64 programs take about
/// 5,600 in all, French 37's about 8,100).
const MOST_PIVOTS: usize = 20_000;
/// Pivots in a row that leave the cost where it was before Bland's rule takes over: such
/// degenerate pivots can cycle under the steepest choice (a pagoda program has a row at zero
/// for every jump).
const STALLED: usize = 50;
/// Values this close to zero count as zero.
const EPS: f64 = 1e-9;

/// Linear programs over one set of rows: `rows[i] · z <= bounds[i]`, `z >= 0`, every bound at
/// least 0 (so `z = 0` is feasible), minimised for one cost after another. Each starts from
/// the basis the last one ended on, which is feasible for any cost and, for costs alike, close
/// to the new optimum: a few pivots where a start from `z = 0` took hundreds.
pub struct Simplex {
    tableau: Tableau,
    vars: usize,
    /// Pivots still allowed (see [`MOST_PIVOTS`]).
    pivots_left: usize,
}

impl Simplex {
    /// None when a bound is negative or a row's length differs from the first's.
    pub fn new(rows: &[Vec<f64>], bounds: &[f64]) -> Option<Simplex> {
        let vars = rows.first().map_or(0, Vec::len);
        let well_posed = bounds.len() == rows.len()
            && bounds.iter().all(|&b| b >= 0.0)
            && rows.iter().all(|r| r.len() == vars);
        well_posed.then(|| Simplex {
            tableau: Tableau::new(vars, rows, bounds),
            vars,
            pivots_left: MOST_PIVOTS,
        })
    }

    /// The `z` that minimises `cost · z`; None when the minimum is unbounded, `cost` is not one
    /// per variable or the pivots ran out (then for every later program too).
    pub fn minimise(&mut self, cost: &[f64]) -> Option<Vec<f64>> {
        if cost.len() != self.vars {
            return None;
        }
        let t = &mut self.tableau;
        t.set_cost(cost);
        let (n, m) = (self.vars, t.basis.len());
        let mut stalled = 0;
        while self.pivots_left > 0 {
            self.pivots_left -= 1;
            let falling = |&j: &usize| t.at(m, j) < -EPS;
            let col = if stalled < STALLED {
                (0..n + m)
                    .filter(falling)
                    .min_by(|&a, &b| t.at(m, a).total_cmp(&t.at(m, b)))
            } else {
                (0..n + m).find(falling)
            };
            let Some(col) = col else {
                return Some(t.solution(n));
            };
            let row = t.leaving(col)?;
            let before = t.at(m, n + m);
            t.pivot(row, col);
            stalled = if t.at(m, n + m) == before {
                stalled + 1
            } else {
                0
            };
        }
        None
    }
}

/// The rows (then the reduced costs, last) of the simplex tableau, each with its right-hand
/// side last, over the variables then one slack per row.
struct Tableau {
    cells: Vec<f64>,
    width: usize,
    /// The variable basic in each row.
    basis: Vec<usize>,
}

impl Tableau {
    /// The rows over `n` variables, the slacks basic, no cost yet.
    fn new(n: usize, rows: &[Vec<f64>], bounds: &[f64]) -> Tableau {
        let m = rows.len();
        let width = n + m + 1;
        let mut cells = vec![0.0; (m + 1) * width];
        for (i, (r, &b)) in rows.iter().zip(bounds).enumerate() {
            cells[i * width..i * width + n].copy_from_slice(r);
            cells[i * width + n + i] = 1.0;
            cells[i * width + width - 1] = b;
        }
        Tableau {
            cells,
            width,
            basis: (n..n + m).collect(),
        }
    }

    /// The reduced costs of `cost` (one per variable; none on the slacks) in the current
    /// basis: each column's cost less the costs of the basic variables times its entries.
    fn set_cost(&mut self, cost: &[f64]) {
        let (w, m) = (self.width, self.basis.len());
        let (rows, last) = self.cells.split_at_mut(m * w);
        last.fill(0.0);
        last[..cost.len()].copy_from_slice(cost);
        for (row, &v) in rows.chunks(w).zip(&self.basis) {
            let c = cost.get(v).copied().unwrap_or(0.0);
            if c != 0.0 {
                for (r, &x) in last.iter_mut().zip(row) {
                    *r -= c * x;
                }
            }
        }
    }

    fn at(&self, row: usize, col: usize) -> f64 {
        self.cells[row * self.width + col]
    }

    /// The row that leaves the basis when `col` enters: the least ratio, ties to the least
    /// basic variable; None when nothing bounds the column (the minimum is unbounded).
    fn leaving(&self, col: usize) -> Option<usize> {
        let rhs = self.width - 1;
        let mut best: Option<(f64, usize)> = None;
        for row in 0..self.basis.len() {
            let a = self.at(row, col);
            if a <= EPS {
                continue;
            }
            let ratio = self.at(row, rhs) / a;
            let better = match best {
                None => true,
                Some((r, b)) => {
                    ratio < r - EPS || (ratio <= r + EPS && self.basis[row] < self.basis[b])
                }
            };
            if better {
                best = Some((ratio, row));
            }
        }
        best.map(|(_, row)| row)
    }

    /// Makes `col` basic in `row`.
    fn pivot(&mut self, row: usize, col: usize) {
        let w = self.width;
        let p = self.at(row, col);
        let (before, rest) = self.cells.split_at_mut(row * w);
        let (pivot_row, after) = rest.split_at_mut(w);
        pivot_row.iter_mut().for_each(|x| *x /= p);
        for other in before.chunks_mut(w).chain(after.chunks_mut(w)) {
            let f = other[col];
            if f != 0.0 {
                for (x, &y) in other.iter_mut().zip(pivot_row.iter()) {
                    *x -= f * y;
                }
            }
        }
        self.basis[row] = col;
    }

    /// The values of the first `n` variables.
    fn solution(&self, n: usize) -> Vec<f64> {
        let mut z = vec![0.0; n];
        for (row, &v) in self.basis.iter().enumerate() {
            if v < n {
                z[v] = self.at(row, self.width - 1);
            }
        }
        z
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One program solved from `z = 0`.
    fn minimise(cost: &[f64], rows: &[Vec<f64>], bounds: &[f64]) -> Option<Vec<f64>> {
        Simplex::new(rows, bounds)?.minimise(cost)
    }

    /// Every vertex of a small feasible region, by brute force over pairs of tight
    /// constraints: the minimum of a linear cost over a bounded polygon is at one of them.
    fn brute_min(cost: [f64; 2], rows: &[[f64; 2]], bounds: &[f64]) -> f64 {
        let mut lines: Vec<([f64; 2], f64)> = rows.iter().copied().zip(bounds.to_vec()).collect();
        lines.push(([-1.0, 0.0], 0.0));
        lines.push(([0.0, -1.0], 0.0));
        let mut best = f64::INFINITY;
        for (i, &(a, p)) in lines.iter().enumerate() {
            for &(b, q) in &lines[i + 1..] {
                let det = a[0] * b[1] - a[1] * b[0];
                if det.abs() < 1e-12 {
                    continue;
                }
                let x = (p * b[1] - a[1] * q) / det;
                let y = (a[0] * q - p * b[0]) / det;
                let inside = x >= -1e-9
                    && y >= -1e-9
                    && lines.iter().all(|&(r, s)| r[0] * x + r[1] * y <= s + 1e-9);
                if inside {
                    best = best.min(cost[0] * x + cost[1] * y);
                }
            }
        }
        best
    }

    #[test]
    fn minima_of_small_programs_are_those_of_their_vertices() {
        let rows = [[1.0, 1.0], [1.0, -1.0], [-1.0, 2.0], [2.0, 1.0]];
        let bounds = [4.0, 1.0, 2.0, 6.0];
        let owned: Vec<Vec<f64>> = rows.iter().map(|r| r.to_vec()).collect();
        for cost in [
            [-1.0, -1.0],
            [-1.0, 0.0],
            [0.0, -1.0],
            [1.0, -3.0],
            [-2.0, 1.0],
        ] {
            let z = minimise(&cost, &owned, &bounds).expect("bounded");
            let value = cost[0] * z[0] + cost[1] * z[1];
            assert!(
                (value - brute_min(cost, &rows, &bounds)).abs() < 1e-9,
                "{cost:?}"
            );
            for (r, &b) in rows.iter().zip(&bounds) {
                assert!(r[0] * z[0] + r[1] * z[1] <= b + 1e-9);
            }
        }
    }

    #[test]
    fn each_program_started_from_the_last_basis_finds_its_own_minimum() {
        let rows = [[1.0, 1.0], [1.0, -1.0], [-1.0, 2.0], [2.0, 1.0]];
        let bounds = [4.0, 1.0, 2.0, 6.0];
        let owned: Vec<Vec<f64>> = rows.iter().map(|r| r.to_vec()).collect();
        let mut simplex = Simplex::new(&owned, &bounds).unwrap();
        for cost in [
            [-1.0, -1.0],
            [1.0, 1.0],
            [0.0, -1.0],
            [-2.0, 1.0],
            [1.0, -3.0],
        ] {
            let z = simplex.minimise(&cost).expect("bounded");
            let value = cost[0] * z[0] + cost[1] * z[1];
            assert!(
                (value - brute_min(cost, &rows, &bounds)).abs() < 1e-9,
                "{cost:?}"
            );
        }
    }

    #[test]
    fn unbounded_and_ill_posed_programs_give_none() {
        // x - y <= 1 leaves x + y free to fall without end when both rise together.
        assert!(minimise(&[-1.0, -1.0], &[vec![1.0, -1.0]], &[1.0]).is_none());
        assert!(minimise(&[1.0], &[vec![1.0]], &[-1.0]).is_none());
        assert!(minimise(&[1.0], &[vec![1.0, 2.0]], &[1.0]).is_none());
    }

    #[test]
    fn degenerate_rows_do_not_cycle() {
        // Many rows tight at the origin (zero bounds): the pagoda programs look like this.
        let rows = vec![
            vec![1.0, -1.0, 0.0],
            vec![0.0, 1.0, -1.0],
            vec![-1.0, 0.0, 1.0],
            vec![1.0, 1.0, 1.0],
        ];
        let z = minimise(&[-1.0, -2.0, -3.0], &rows, &[0.0, 0.0, 0.0, 3.0]).unwrap();
        // The first three rows force x = y = z; the last caps their sum.
        for v in &z {
            assert!((v - 1.0).abs() < 1e-9, "{z:?}");
        }
    }
}
