//! Symmetries of the codes still possible, used by the `optimal` search to score one guess per
//! class of equivalent guesses.
//!
//! A permutation of positions together with a renaming of symbols that maps every earlier guess
//! onto itself maps the set of possible codes onto itself (each earlier answer is preserved), so
//! two guesses related by it leave equally costly parts. Free symbols (never guessed) may be
//! renamed at will, and so may dead ones (in no possible code). A guess is kept when it is the
//! first in code order of its class under the history symmetries (with free renamings) and of its
//! class under dead renamings; the first code of any class is therefore always kept, and it is the
//! one the tie-break would choose, so the search returns the same guess as without symmetry.

use super::code_space::{CodeSpace, MAX_LENGTH};
use super::sets::first_of_free_class;

/// Position symmetries are looked for up to this length (it tries every permutation).
const MAX_PERMUTED_LENGTH: usize = 5;

pub struct Symmetry {
    /// (position map, symbol map) of each symmetry other than the identity; 255 = unchanged.
    maps: Vec<([u8; MAX_LENGTH], [u8; 64])>,
    free: u64,
    dead: u64,
    length: usize,
}

impl Symmetry {
    /// The symmetries of the set of codes `alive_mask` covers after the guesses of `history`.
    pub fn new(space: &CodeSpace, history: &[usize], free: u64, dead: u64) -> Symmetry {
        let length = space.length;
        let mut maps = Vec::new();
        if !history.is_empty() && length <= MAX_PERMUTED_LENGTH {
            let mut perm: Vec<u8> = (0..length as u8).collect();
            for_each_permutation(&mut perm, 0, &mut |p| {
                if p.iter().enumerate().all(|(i, &x)| x as usize == i) {
                    return;
                }
                if let Some(symbols) = forced_renaming(space, history, p) {
                    let mut positions = [0u8; MAX_LENGTH];
                    positions[..length].copy_from_slice(p);
                    maps.push((positions, symbols));
                }
            });
        }
        Symmetry {
            maps,
            free,
            dead,
            length,
        }
    }

    /// Whether `code` is kept as the representative of its class.
    pub fn keeps(&self, code: &[u8]) -> bool {
        if !first_of_free_class(code, self.free) || !first_of_free_class(code, self.dead) {
            return false;
        }
        let mut image = [0u8; MAX_LENGTH];
        for (positions, symbols) in &self.maps {
            for i in 0..self.length {
                let s = code[i];
                let t = symbols[s as usize];
                image[positions[i] as usize] = if t == 255 { s } else { t };
            }
            canonical_free(&mut image[..self.length], self.free);
            if image[..self.length] < *code {
                return false;
            }
        }
        true
    }
}

/// The renaming of guessed symbols that, with position map `p`, fixes every guess of `history`;
/// None when there is none.
fn forced_renaming(space: &CodeSpace, history: &[usize], p: &[u8]) -> Option<[u8; 64]> {
    let mut to = [255u8; 64];
    let mut taken = 0u64;
    for &h in history {
        let code = space.code(h);
        for (i, &a) in code.iter().enumerate() {
            let b = code[p[i] as usize];
            if to[a as usize] == 255 {
                if taken & (1 << b) != 0 {
                    return None;
                }
                to[a as usize] = b;
                taken |= 1 << b;
            } else if to[a as usize] != b {
                return None;
            }
        }
    }
    Some(to)
}

/// Renames the free symbols of `code` to the smallest free ones in order of first appearance.
fn canonical_free(code: &mut [u8], free: u64) {
    let mut rename = [255u8; 64];
    let mut unused = free;
    for s in code.iter_mut() {
        if free & (1 << *s) == 0 {
            continue;
        }
        if rename[*s as usize] == 255 {
            let low = unused.trailing_zeros() as u8;
            unused &= !(1 << low);
            rename[*s as usize] = low;
        }
        *s = rename[*s as usize];
    }
}

fn for_each_permutation(p: &mut Vec<u8>, k: usize, f: &mut impl FnMut(&[u8])) {
    if k == p.len() {
        f(p);
        return;
    }
    for i in k..p.len() {
        p.swap(k, i);
        for_each_permutation(p, k + 1, f);
        p.swap(k, i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_0123_every_position_permutation_is_a_symmetry() {
        let space = CodeSpace::new((0..10).map(|d| d.to_string()).collect(), 4, false, false);
        let first = space.index_of(&[0, 1, 2, 3]).unwrap();
        let free = 0b11_1111_0000;
        let sym = Symmetry::new(&space, &[first], free, 0);
        assert_eq!(sym.maps.len(), 23);
        // 4 5 2 3 (two digits of 0 1 2 3 in their places) maps onto 0 1 4 5 by moving positions
        // 2, 3 to 0, 1 and renaming 2, 3 to 0, 1: one class, kept once.
        assert!(sym.keeps(&[0, 1, 4, 5]));
        assert!(!sym.keeps(&[4, 5, 2, 3]));
        // 1 0 4 5 (two digits swapped) is another class, and its first member.
        assert!(sym.keeps(&[1, 0, 4, 5]));
        assert!(!sym.keeps(&[4, 5, 3, 2]));
        let kept = (0..space.len())
            .filter(|&g| sym.keeps(space.code(g)))
            .count();
        // Classes by how many of 0-3 the guess holds and where: far fewer than 5040.
        assert!(kept < 40, "{kept}");
    }
}
