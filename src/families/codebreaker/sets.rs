//! Sets of codes and of symbols that the strategies, the `optimal` search and its symmetries all
//! use: which codes may be guessed, the parts a guess splits the possible codes into, bit sets
//! over code indices, and the classes of interchangeable symbols. It sits below all of them, so
//! they depend on it and not on each other. The small helpers are `#[inline]`: they run once per
//! scored guess, and without the hint they may not be inlined across modules.

use super::code_space::CodeSpace;

/// Which codes may be guessed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pool {
    /// Only codes that fit every answer so far (could be the secret).
    Consistent,
    /// Any code, even one known to be wrong, when it splits the rest better.
    Any,
}

/// The spec's names of the pools (`strategy.guesses`).
pub const POOLS: &[(&str, Pool)] = &[("consistent", Pool::Consistent), ("any", Pool::Any)];

impl Pool {
    pub fn name(self) -> &'static str {
        POOLS
            .iter()
            .find(|(_, p)| *p == self)
            .map_or("?", |(n, _)| n)
    }
}

/// Every symbol of the game, as a bit set.
#[inline]
pub fn all_symbols(space: &CodeSpace) -> u64 {
    let n = space.symbols.len();
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The symbols of no code of `set`: they are interchangeable in a guess.
#[inline]
pub fn dead_symbols(space: &CodeSpace, set: &[u32]) -> u64 {
    let alive = set.iter().fold(0u64, |m, &c| m | space.mask(c as usize));
    all_symbols(space) & !alive
}

/// Whether `code` is the first in code order among its renamings of the symbols of `free` (a set
/// of interchangeable symbols): each one it introduces is the smallest of the set not yet used.
#[inline]
pub fn first_of_free_class(code: &[u8], free: u64) -> bool {
    let mut unused = free;
    for &s in code {
        let bit = 1u64 << s;
        if unused & bit != 0 {
            if unused & unused.wrapping_neg() != bit {
                return false;
            }
            unused &= !bit;
        }
    }
    true
}

/// A bit set over code indices.
pub fn membership(n: usize, members: &[u32]) -> Vec<u64> {
    let mut bits = vec![0u64; n.div_ceil(64)];
    for &m in members {
        bits[m as usize / 64] |= 1 << (m % 64);
    }
    bits
}

#[inline]
pub fn is_member(bits: &[u64], i: usize) -> bool {
    bits[i / 64] & (1 << (i % 64)) != 0
}

/// The candidates split by the feedback of `guess`, ascending within each part.
pub fn split(space: &CodeSpace, guess: usize, candidates: &[u32]) -> Vec<Vec<u32>> {
    let mut parts = vec![Vec::new(); space.feedback_slots()];
    for &s in candidates {
        parts[space.score(guess, s as usize) as usize].push(s);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_of_free_class_keeps_one_renaming() {
        let all = 0b11_1111_1111;
        assert!(first_of_free_class(&[0, 1, 2, 3], all));
        assert!(!first_of_free_class(&[0, 1, 2, 4], all));
        assert!(first_of_free_class(&[0, 0, 1, 1], all));
        // 0 1 2 3 used: 4..9 free, so 3 2 4 5 is first of its class but 3 2 5 4 is not.
        let free = all & !0b1111;
        assert!(first_of_free_class(&[3, 2, 4, 5], free));
        assert!(!first_of_free_class(&[3, 2, 5, 4], free));
    }

    #[test]
    fn pool_names_round_trip() {
        for (name, pool) in POOLS {
            assert_eq!(pool.name(), *name);
        }
    }
}
