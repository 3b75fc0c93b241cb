//! The bottom floor of the layer searches: a layer of positions with their counts, the goal, and
//! the constants every layer file shares. It imports nothing of theirs, so they all build on it.

use super::bitboard::Bitboard;

/// One peg count's positions: sorted canonical keys and, aligned, orbit-total counts.
#[derive(Debug, Clone, Default)]
pub struct Layer<B> {
    pub pegs: u32,
    pub keys: Vec<B>,
    pub counts: Vec<u64>,
}

impl<B: Bitboard> Layer<B> {
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    pub fn contains(&self, key: B) -> bool {
        self.keys.binary_search(&key).is_ok()
    }

    /// Frees the positions of a layer no longer read (its peg count stays).
    pub fn release(&mut self) {
        self.keys = Vec::new();
        self.counts = Vec::new();
    }
}

/// The goal: a set of positions (canonical, sorted) or, when that set would be too large to
/// list, a test applied to the last forward layer.
pub enum Goal<B> {
    Positions(Vec<B>),
    /// Exactly `pegs` pegs, all within `allowed`.
    Within {
        pegs: u32,
        allowed: B,
    },
}

/// What a refused reservation while a layer grows is called in the report.
pub const LAYER_GROWTH: &str = "a peg layer's growth";

/// Positions of a layer expanded per parallel task: small enough that a stop request is seen
/// within milliseconds.
pub const CHUNK: usize = 1 << 14;

/// The index of a key a layer does not hold.
pub const ABSENT: u32 = u32::MAX;

/// The peg count one jump on (one peg fewer), or one jump back (one more).
pub fn next_pegs(pegs: u32, backward: bool) -> u32 {
    if backward {
        pegs + 1
    } else {
        pegs.saturating_sub(1)
    }
}
