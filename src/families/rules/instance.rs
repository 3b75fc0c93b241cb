//! A move instance: a move with its parameters fixed, its guard, cost and effect compiled to
//! programs and bit masks over the packed state. The searches forwards (model.rs), backwards
//! (reverse.rs) and the dense ranking (rank.rs) all read it.

use super::bytecode::Program;
use super::word::{Mask, Word};

/// Where one assignment writes.
#[derive(Debug, Clone)]
pub enum Target {
    Slot(usize),
    /// An array element at an index computed from the state.
    At {
        var: usize,
        index: Program,
    },
}

#[derive(Debug, Clone)]
pub struct Write {
    pub target: Target,
    pub value: Program,
    /// The assignment inside the effect's text.
    pub span: std::ops::Range<usize>,
}

/// An effect: bit operations for the assignments that are constants and 0/1 toggles, and
/// programs for the rest (all read the state before the move). The masks are kept in the
/// widest word and cut to the state's word where they are applied.
#[derive(Debug, Clone, Default)]
pub struct Effect {
    pub clear: Mask,
    pub set: Mask,
    pub toggle: Mask,
    /// Slots moved among themselves (declared by `permute` or found in `do`): applied by
    /// shifts, and undone by its inverse when searching backwards.
    pub perm: Option<super::permute::Perm>,
    pub writes: Vec<Write>,
}

impl Effect {
    /// `s` after the bit operations.
    #[inline(always)]
    pub(super) fn bits<W: Word>(&self, s: W) -> W {
        ((s & !W::narrow(self.clear)) | W::narrow(self.set)) ^ W::narrow(self.toggle)
    }
}

/// A move with its parameters fixed.
#[derive(Debug, Clone)]
pub struct Instance {
    /// Index of the `[[move]]`.
    pub rule: usize,
    pub args: Vec<i64>,
    /// None: always allowed.
    pub guard: Option<Program>,
    pub effect: Effect,
    pub cost: Program,
    /// No guard and an effect of bit operations only: applied without any program.
    pub bits_only: bool,
}
