//! The specialised IDA*'s depth-first search on a rectangle (`pattern_dfs.rs` holds the rest):
//! the recursion is specialised on the direction of the move that led to the node
//! (`descend_grid::<_, FROM>`), as the C++ peer does with a template per direction. The move
//! back is then known when the code is compiled and never generated (no compare with the cell
//! it came from); each (direction in, direction out) pair has its own copy of the pruning test,
//! whose outcome depends much on the pair (going straight on or turning), so the processor
//! predicts them apart; and what a move does to the keys depends only on its direction and the
//! tile moved, so it is read from one small table (`GridMoves::step`, `pattern_moves.rs`).

use super::board::MAX_CELLS;
use super::duplicate_moves::REFUSED;
use super::pattern_dfs::Dfs;
use super::pattern_moves::NO_CELL;
use super::pattern_tables::KeySum;

impl<T: KeySum> Dfs<'_, T> {
    /// [`Dfs::descend`] on a rectangle (the moves of `self.grid`), the node reached by a move
    /// in direction `FROM` (4 at the start: none); the children in the board's order.
    /// `blank_state`: the blank's cell in the low 4 bits, the state of the duplicate-move
    /// automaton above them (six arguments: all passed in registers).
    pub fn descend_grid<const M: bool, const FROM: usize>(
        &mut self,
        blank_state: usize,
        g: u32,
        key: u64,
        mkey: u64,
        board: u64,
    ) -> bool {
        let node = (blank_state, g, key, mkey, board);
        self.child::<M, FROM, 0>(node)
            || self.child::<M, FROM, 1>(node)
            || self.child::<M, FROM, 2>(node)
            || self.child::<M, FROM, 3>(node)
    }

    /// The child of the node `(blank_state, g, key, mkey, board)` where the blank moves in
    /// direction `D`: true when the search ends (then its cell is pushed on the path).
    #[inline(always)]
    fn child<const M: bool, const FROM: usize, const D: usize>(
        &mut self,
        (blank_state, g, key, mkey, board): (usize, u32, u64, u64, u64),
    ) -> bool {
        let blank = blank_state & (MAX_CELLS - 1);
        let cell = self.grid.cell[blank][D];
        if FROM + D == 3 || cell == NO_CELL {
            return false;
        }
        let state = self.duplicates.next((blank_state >> 4) as u32, D);
        if state == REFUSED {
            return false;
        }
        let ends = self.count_and_poll() || {
            let c = usize::from(cell) & (MAX_CELLS - 1);
            let tile = (board >> (4 * c)) & 15;
            let (dk, dm) = self.grid.step[D][tile as usize];
            let key = key.wrapping_sub(dk);
            let mkey = if M { mkey.wrapping_sub(dm) } else { mkey };
            match self.within_bound::<M>(g + 1, key, mkey) {
                None => false,
                Some(0) => true,
                Some(_) => {
                    let board = board ^ (tile << (4 * c)) ^ (tile << (4 * blank));
                    let blank_state = c | (state as usize) << 4;
                    self.descend_grid::<M, D>(blank_state, g + 1, key, mkey, board)
                }
            }
        };
        if ends {
            self.path.push(cell);
        }
        ends
    }
}
