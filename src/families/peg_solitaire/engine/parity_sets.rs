//! Position classes of any jump table: every jump flips the three holes it touches, so for any
//! set W of holes meeting each jump in an even number of holes (0 or 2), the parity of the
//! number of pegs on W never changes. These sets are the null space over GF(2) of the jumps'
//! hole vectors (de Bruijn's position classes on square grids). In the engine's bottom floor: the
//! key ranking uses them as the family's invariants do.

use super::jump::Jump;

/// A basis of the sets W (as u128 hole masks) on which peg parity is invariant.
pub fn parity_sets(holes: usize, jumps: &[Jump]) -> Vec<u128> {
    // Row-reduce the jump vectors.
    let mut rows: Vec<u128> = Vec::new();
    let mut pivots: Vec<usize> = Vec::new();
    for j in jumps {
        let mut v = (1u128 << j.from) | (1u128 << j.over) | (1u128 << j.to);
        for (r, &p) in rows.iter().zip(&pivots) {
            if v >> p & 1 == 1 {
                v ^= r;
            }
        }
        if v != 0 {
            let p = v.trailing_zeros() as usize;
            for r in rows.iter_mut() {
                if *r >> p & 1 == 1 {
                    *r ^= v;
                }
            }
            rows.push(v);
            pivots.push(p);
        }
    }
    // One null-space vector per free hole.
    (0..holes)
        .filter(|h| !pivots.contains(h))
        .map(|f| {
            let mut w = 1u128 << f;
            for (r, &p) in rows.iter().zip(&pivots) {
                if r >> f & 1 == 1 {
                    w |= 1u128 << p;
                }
            }
            w
        })
        .collect()
}
