//! Pagoda functions found by linear programming for positions of a grown layer. A position
//! `x` that the bounds in use keep is ruled out by some pagoda exactly when the linear program
//! "weights `w` with `w(to) <= w(from) + w(over)` on every jump and `w · x < w · target`" is
//! feasible; its solution, made integral, is a bound of its own that often rules out many
//! other positions too. On English 33's central game the bounds found from a sample of the
//! 12-peg layer grown from the goal cut the positions of the layers from 6.95 M to 5.94 M,
//! and from the 13-peg layer, as now sampled, to 5.69 M (the 16-peg layer holds 2.0 M
//! positions before, 1.77 M of them on no solution; 58% of those can be ruled out by some
//! pagoda at all).
//!
//! Every bound returned is checked exactly in integers: the program is solved in floating
//! point, and a rounding error can cost a bound, never make a wrong one.

use super::bitboard::holes;
use super::jump::Jump;
use super::pagoda::Pagoda;
use super::simplex::Simplex;

/// The largest board searched: sampled positions are 64-bit words.
pub const MOST_HOLES: usize = 64;
/// Linear programs solved at most (about 0.3 ms each on English 33).
const MOST_PROGRAMS: usize = 64;
/// Bounds kept at most: with those given (two on English 33's central game) they fill the four
/// words of four lanes a position is tested against in one pass (see `super::layer_prune`),
/// so the four kept beyond eight cost no test time and cut English 33's proof from 5,688,769
/// to 5,616,398 classes.
const MOST_KEPT: usize = 12;
/// The largest weight of a bound made integral: a byte of holes then weighs under 2,048, as
/// the packed bounds need (see `super::layer_prune`).
const SCALE: f64 = 200.0;
/// Added before a scaled weight is floored: more than the solver's rounding errors.
const ROUNDING: f64 = 1e-6;

/// Up to [`MOST_KEPT`] pagodas, each ruling out positions of `sample` (bitboards of a board
/// of `holes` holes up to [`MOST_HOLES`], which every bound in use keeps) that weigh less than
/// `target` under it, chosen greedily for how many sampled positions they rule out that the
/// ones chosen before keep. Empty when none is found.
pub fn sampled_pagodas(holes: usize, jumps: &[Jump], target: u64, sample: &[u64]) -> Vec<Pagoda> {
    if holes > MOST_HOLES {
        return Vec::new();
    }
    let Some(mut program) = Program::new(holes, jumps) else {
        return Vec::new();
    };
    let mut found: Vec<(Pagoda, Vec<bool>)> = Vec::new();
    let mut ruled_out = vec![false; sample.len()];
    let mut tried = 0;
    for (i, &x) in sample.iter().enumerate() {
        if tried == MOST_PROGRAMS {
            break;
        }
        if ruled_out[i] {
            continue;
        }
        tried += 1;
        let Some(p) = program.ruling_out(x, target) else {
            continue;
        };
        let out: Vec<bool> = sample.iter().map(|&y| p.value(y) < p.floor).collect();
        for (r, &o) in ruled_out.iter_mut().zip(&out) {
            *r |= o;
        }
        found.push((p, out));
    }
    pick(found, sample.len())
}

/// The bounds of `found` (each with the sampled positions it rules out) that rule out the most
/// positions of a sample of `len` not ruled out already, best first, while they add any.
fn pick(mut found: Vec<(Pagoda, Vec<bool>)>, len: usize) -> Vec<Pagoda> {
    let mut covered = vec![false; len];
    let mut chosen = Vec::new();
    while chosen.len() < MOST_KEPT {
        let gain = |out: &[bool]| out.iter().zip(&covered).filter(|&(&o, &c)| o && !c).count();
        let Some(best) = (0..found.len()).max_by_key(|&i| gain(&found[i].1)) else {
            break;
        };
        if gain(&found[best].1) == 0 {
            break;
        }
        let (p, out) = found.swap_remove(best);
        for (c, o) in covered.iter_mut().zip(out) {
            *c |= o;
        }
        chosen.push(p);
    }
    chosen
}

/// The jump rule as rows of the linear program, over `w = u - v` (both non-negative, so that
/// `w = 0` is a feasible start) with `sum(u + v) <= 1` keeping the minimum finite.
struct Program<'a> {
    holes: usize,
    jumps: &'a [Jump],
    simplex: Simplex,
}

impl<'a> Program<'a> {
    fn new(holes: usize, jumps: &'a [Jump]) -> Option<Self> {
        let mut rows = Vec::with_capacity(jumps.len() + 1);
        for j in jumps {
            let mut row = vec![0.0; 2 * holes];
            for (h, sign) in [(j.to, 1.0), (j.from, -1.0), (j.over, -1.0)] {
                row[h as usize] += sign;
                row[holes + h as usize] -= sign;
            }
            rows.push(row);
        }
        rows.push(vec![1.0; 2 * holes]);
        let mut bounds = vec![0.0; jumps.len()];
        bounds.push(1.0);
        Some(Program {
            holes,
            jumps,
            simplex: Simplex::new(&rows, &bounds)?,
        })
    }

    /// An integral pagoda under which `x` weighs less than `target`, checked exactly; None
    /// when the program finds none (or its rounding loses it).
    fn ruling_out(&mut self, x: u64, target: u64) -> Option<Pagoda> {
        let n = self.holes;
        let bit = |b: u64, h: usize| f64::from((b >> h & 1) as u8);
        let mut cost: Vec<f64> = (0..n).map(|h| bit(x, h) - bit(target, h)).collect();
        cost.extend((0..n).map(|h| bit(target, h) - bit(x, h)));
        let z = self.simplex.minimise(&cost)?;
        let w: Vec<f64> = (0..n).map(|h| z[h] - z[n + h]).collect();
        let largest = w.iter().fold(0.0f64, |m, &v| m.max(v.abs()));
        if largest <= 0.0 {
            return None;
        }
        // floor(s a) <= floor(s b) + floor(s c) + 1 whenever a <= b + c, so adding 1 to every
        // floored weight keeps the jump rule (checked below all the same); a weight computed
        // a hair below a whole number is taken as that number.
        let scale = SCALE / largest;
        let weights: Vec<i32> = w
            .iter()
            .map(|&v| (v * scale + ROUNDING).floor() as i32 + 1)
            .collect();
        let p = Pagoda {
            floor: holes(u128::from(target)).map(|h| weights[h]).sum(),
            weights,
        };
        let keeps_rule = self.jumps.iter().all(|&j| p.delta(j) <= 0);
        (keeps_rule && p.value(x) < p.floor).then_some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// English 33's central game: positions of 17 pegs (complements of 16-peg positions, as
    /// the backward layers test them) against the single peg in the centre.
    #[test]
    fn bounds_found_are_pagodas_that_rule_out_what_they_claim() {
        let (cells, jumps) = Jump::english();
        let centre = cells.iter().position(|&c| c == (3, 3)).unwrap();
        let target = 1u64 << centre;
        let sample = super::super::orbit_pagoda::sample_positions(33, 17..18);
        let found = sampled_pagodas(33, &jumps, target, &sample);
        assert!(!found.is_empty());
        let mut ruled_out = 0;
        for p in &found {
            for &j in &jumps {
                assert!(p.delta(j) <= 0, "{j:?} breaks {:?}", p.weights);
            }
            assert_eq!(p.floor, p.weights[centre]);
            ruled_out += sample.iter().filter(|&&x| p.value(x) < p.floor).count();
        }
        assert!(ruled_out > 0);
        // No position that reaches the centre is ruled out: those of up to 5 pegs, found by
        // playing jumps backwards from it.
        let mut layer = vec![target];
        for _ in 0..4 {
            let mut next = Vec::new();
            for &b in &layer {
                for j in &jumps {
                    let (f, o, t) = (1u64 << j.from, 1u64 << j.over, 1u64 << j.to);
                    if b & t != 0 && b & (f | o) == 0 {
                        next.push(b ^ f ^ o ^ t);
                    }
                }
            }
            next.sort_unstable();
            next.dedup();
            for &b in &next {
                assert!(found.iter().all(|p| p.value(b) >= p.floor), "{b:#x}");
            }
            layer = next;
        }
    }
}
