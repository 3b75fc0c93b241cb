//! The bottom floor of the chain metric: what a measured position holds both ways, which way
//! a distance runs, and the mark of no free chain; the move distances and the seam between
//! halves both read them.

use super::bitboard::Bitboard;
use super::jump::Jump;

/// No free chain: the next jump starts a new move.
pub const NO_PEG: u8 = u8::MAX;

/// Which way a distance runs. `ToGoal`: moves from a position to the goal, a chain going on
/// when a jump leaves the hole the last one landed on. `FromStart`, on a central game: moves
/// from the start to the position's complement, read backwards, so a chain goes on when a jump
/// lands on the hole the last one left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Way {
    ToGoal = 0,
    FromStart = 1,
}

impl Way {
    /// The hole of `jump` that must be the free one for a chain to go on through it, and the
    /// hole free after it.
    #[inline]
    pub(super) fn holes(self, jump: Jump) -> (u8, u8) {
        match self {
            Way::ToGoal => (jump.from, jump.to),
            Way::FromStart => (jump.to, jump.from),
        }
    }
}

/// A measured position as the layer above reads it, both ways (indexed by [`Way`]) side by
/// side, so that a jump onto it is one read: per way its distance and its openers (the way
/// from the start left unmeasured outside the lower half of a central game measured by
/// halves).
#[derive(Clone, Copy)]
pub struct Cell<B> {
    pub(super) openers: [B; 2],
    pub(super) distance: [u8; 2],
}

impl<B: Bitboard> Cell<B> {
    /// A goal position: no move left either way, nothing to open.
    pub(super) const GOAL: Cell<B> = Cell {
        openers: [B::ZERO; 2],
        distance: [0; 2],
    };
    /// A position no measured position is reached from.
    pub(super) const UNREACHED: Cell<B> = Cell {
        openers: [B::ZERO; 2],
        distance: [u8::MAX; 2],
    };

    /// A cell of the given moves and holes to the goal, then from the start: for tests.
    #[cfg(test)]
    pub fn of((to_goal, openers): (u8, B), (from_start, lands): (u8, B)) -> Cell<B> {
        Cell {
            openers: [openers, lands],
            distance: [to_goal, from_start],
        }
    }

    /// Moves to the goal.
    pub fn moves_to_goal(&self) -> u8 {
        self.distance[Way::ToGoal as usize]
    }

    /// The holes whose peg can make the first jump of a shortest way to the goal.
    pub fn openers(&self) -> B {
        self.openers[Way::ToGoal as usize]
    }

    /// Moves from the start to the position's complement.
    pub fn moves_from_start(&self) -> u8 {
        self.distance[Way::FromStart as usize]
    }

    /// The holes where the last jump of a shortest way from the start lands.
    pub fn lands(&self) -> B {
        self.openers[Way::FromStart as usize]
    }
}
