//! The sliding-tile board as a depth-first space for the generic IDA*, with the sum of each
//! tile's distance to its goal cell (Manhattan distance on a rectangle) plus linear conflicts on
//! rectangles; the node is updated in place, the distance sum by one addition per move. Also the
//! mirror map that the pattern-database search (`pattern_search.rs`) looks tables up through.

use super::board::Board;
use crate::engine::Space;
use crate::engine::ida_star::DepthFirstSpace;

const NONE: u8 = u8::MAX;
const MAX_CELLS: usize = super::board::MAX_CELLS;

/// The blank moves from `from` onto `to` (the tile on `to` slides onto `from`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlankMove {
    pub from: u8,
    pub to: u8,
}

#[derive(Clone)]
pub struct TileNode {
    pub board: [u8; MAX_CELLS],
    pub blank: u8,
    /// Sum of distances to the goal cells (Manhattan engine).
    distance_sum: u32,
}

impl TileNode {
    /// Moves the blank from `from` onto `to`; returns the tile that slid (from `to` onto `from`).
    #[inline]
    fn slide_blank(&mut self, from: u8, to: u8) -> u8 {
        let tile = self.board[to as usize];
        self.board[from as usize] = tile;
        self.board[to as usize] = 0;
        self.blank = to;
        tile
    }
}

struct Common {
    n: usize,
    adjacent: Vec<Vec<u8>>,
    goal: [u8; MAX_CELLS],
}

impl Common {
    fn new(board: &Board, goal: &[u8]) -> Common {
        let mut g = [0u8; MAX_CELLS];
        g[..goal.len()].copy_from_slice(goal);
        Common {
            n: board.cells(),
            adjacent: board.adjacent.clone(),
            goal: g,
        }
    }

    #[inline]
    fn moves(&self, node: &TileNode, last: Option<BlankMove>, out: &mut Vec<BlankMove>) {
        let back = last.map_or(NONE, |m| m.from);
        for &c in &self.adjacent[node.blank as usize] {
            if c != back {
                out.push(BlankMove {
                    from: node.blank,
                    to: c,
                });
            }
        }
    }

    #[inline]
    fn is_goal(&self, node: &TileNode) -> bool {
        node.board[..self.n] == self.goal[..self.n]
    }

    fn empty_node(&self, tiles: &[u8]) -> TileNode {
        let mut board = [0u8; MAX_CELLS];
        board[..tiles.len()].copy_from_slice(tiles);
        let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0) as u8;
        TileNode {
            board,
            blank,
            distance_sum: 0,
        }
    }
}

/// When the board is a square and the goal's blank lies on its main diagonal, reflecting the board
/// across that diagonal and renaming each tile after the goal tile on its image cell maps the goal
/// onto itself and moves onto moves, so a position and its mirror image are equally far from the
/// goal. Returns the transposed cell of each cell and each tile's new name.
pub(super) fn mirror_map(board: &Board, goal: &[u8]) -> Option<([u8; MAX_CELLS], [u8; MAX_CELLS])> {
    let (rows, cols) = board.shape?;
    if rows != cols {
        return None;
    }
    let n = rows * cols;
    let mut transpose = [0u8; MAX_CELLS];
    for (c, t) in transpose.iter_mut().enumerate().take(n) {
        *t = ((c % cols) * cols + c / cols) as u8;
    }
    let blank = goal.iter().position(|&t| t == 0)?;
    if transpose[blank] as usize != blank {
        return None;
    }
    let mut image = [0u8; MAX_CELLS];
    for (c, &t) in goal.iter().enumerate() {
        image[t as usize] = goal[transpose[c] as usize];
    }
    Some((transpose, image))
}

/// Rows, cols, and the goal (row, col) of each tile.
type GoalLines = (usize, usize, Vec<(usize, usize)>);

pub struct ManhattanSpace {
    common: Common,
    /// `dist[cell][goal cell of tile]` by tile: `dist[tile][cell]`.
    dist: Vec<[u8; MAX_CELLS]>,
    /// Goal row and column of each tile, on a rectangle.
    goal_rc: Option<GoalLines>,
}

impl ManhattanSpace {
    pub fn new(board: &Board, goal: &[u8]) -> ManhattanSpace {
        let n = board.cells();
        let all = board.distances();
        let mut dist = vec![[0u8; MAX_CELLS]; n];
        for (gc, &t) in goal.iter().enumerate() {
            if t != 0 {
                for c in 0..n {
                    dist[t as usize][c] = all[c][gc];
                }
            }
        }
        let goal_rc = board.shape.map(|(rows, cols)| {
            let mut rc = vec![(0, 0); n];
            for (c, &t) in goal.iter().enumerate() {
                rc[t as usize] = (c / cols, c % cols);
            }
            (rows, cols, rc)
        });
        ManhattanSpace {
            common: Common::new(board, goal),
            dist,
            goal_rc,
        }
    }

    pub fn node(&self, tiles: &[u8]) -> TileNode {
        let mut node = self.common.empty_node(tiles);
        node.distance_sum = tiles
            .iter()
            .enumerate()
            .filter(|(_, t)| **t != 0)
            .map(|(c, &t)| u32::from(self.dist[t as usize][c]))
            .sum();
        node
    }

    /// `tile` slid from cell `from` onto cell `to`.
    #[inline]
    fn shift_distance(&self, node: &mut TileNode, tile: u8, from: u8, to: u8) {
        let d = &self.dist[tile as usize];
        node.distance_sum =
            node.distance_sum + u32::from(d[to as usize]) - u32::from(d[from as usize]);
    }

    /// Two tiles in their goal line but in reversed order: one must leave the line and come
    /// back, two moves beyond their distances. Counted as 2 x (tiles - longest ordered subset).
    fn linear_conflicts(&self, node: &TileNode) -> u32 {
        let Some((rows, cols, rc)) = &self.goal_rc else {
            return 0;
        };
        let mut extra = 0;
        let mut line = [0usize; MAX_CELLS];
        for r in 0..*rows {
            let mut len = 0;
            for c in 0..*cols {
                let t = node.board[r * cols + c] as usize;
                if t != 0 && rc[t].0 == r {
                    line[len] = rc[t].1;
                    len += 1;
                }
            }
            extra += 2 * (len - longest_increasing(&line[..len]));
        }
        for c in 0..*cols {
            let mut len = 0;
            for r in 0..*rows {
                let t = node.board[r * cols + c] as usize;
                if t != 0 && rc[t].1 == c {
                    line[len] = rc[t].0;
                    len += 1;
                }
            }
            extra += 2 * (len - longest_increasing(&line[..len]));
        }
        extra as u32
    }
}

fn longest_increasing(a: &[usize]) -> usize {
    let mut best = [1usize; MAX_CELLS];
    let mut top = 0;
    for i in 0..a.len() {
        for j in 0..i {
            if a[j] < a[i] && best[j] + 1 > best[i] {
                best[i] = best[j] + 1;
            }
        }
        top = top.max(best[i]);
    }
    top
}

impl Space for ManhattanSpace {
    type State = TileNode;
    type Move = BlankMove;
}

impl DepthFirstSpace for ManhattanSpace {
    fn moves(&self, node: &TileNode, last: Option<BlankMove>, out: &mut Vec<BlankMove>) {
        self.common.moves(node, last, out);
    }

    fn apply(&self, node: &mut TileNode, mv: BlankMove) {
        let tile = node.slide_blank(mv.from, mv.to);
        self.shift_distance(node, tile, mv.to, mv.from);
    }

    fn undo(&self, node: &mut TileNode, mv: BlankMove) {
        let tile = node.slide_blank(mv.to, mv.from);
        self.shift_distance(node, tile, mv.from, mv.to);
    }

    fn heuristic(&self, node: &TileNode) -> u32 {
        node.distance_sum + self.linear_conflicts(node)
    }

    fn is_goal(&self, node: &TileNode) -> bool {
        self.common.is_goal(node)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Progress;
    use crate::engine::ida_star;

    #[test]
    fn manhattan_finds_the_seed_31_move_solution() {
        let board = Board::rectangle(3, 3);
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        let start = [8, 6, 7, 2, 5, 4, 3, 0, 1];
        let manhattan = ManhattanSpace::new(&board, &goal);
        let mut node = manhattan.node(&start);
        let out = ida_star::solve(&manhattan, &mut node, 80, &Progress::hidden());
        assert_eq!(out.moves.unwrap().len(), 31);
        assert!(manhattan.is_goal(&node));
    }
}
