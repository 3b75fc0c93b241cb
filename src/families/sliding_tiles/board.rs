//! The board: cells and which cells are next to each other. A rectangle is one board among many;
//! any graph given by an adjacency list works the same way.

/// Cells are packed 4 bits each into a u64, so a board has at most 16 cells.
pub const MAX_CELLS: usize = 16;

#[derive(Debug, Clone)]
pub struct Board {
    /// `adjacent[c]`: the cells next to cell `c`, ascending.
    pub adjacent: Vec<Vec<u8>>,
    /// `(rows, cols)` when the board is a rectangle numbered row by row.
    pub shape: Option<(usize, usize)>,
}

/// What the graph looks like, for the solvability invariants.
#[derive(Debug, Clone, PartialEq)]
pub enum Topology {
    /// The cells in order along a path (a tree with two leaves).
    Path(Vec<u8>),
    /// The cells in order around a cycle.
    Cycle(Vec<u8>),
    /// Connected with no cut cell, and not a cycle: Wilson's theorem applies.
    TwoConnected,
    /// Connected with a cut cell (and not a path).
    CutCell,
    Disconnected,
}

impl Board {
    pub fn rectangle(rows: usize, cols: usize) -> Board {
        let mut adjacent = vec![Vec::new(); rows * cols];
        for r in 0..rows {
            for c in 0..cols {
                let cell = &mut adjacent[r * cols + c];
                // Ascending order: up, left, right, down.
                if r > 0 {
                    cell.push(((r - 1) * cols + c) as u8);
                }
                if c > 0 {
                    cell.push((r * cols + c - 1) as u8);
                }
                if c + 1 < cols {
                    cell.push((r * cols + c + 1) as u8);
                }
                if r + 1 < rows {
                    cell.push(((r + 1) * cols + c) as u8);
                }
            }
        }
        Board {
            adjacent,
            shape: Some((rows, cols)),
        }
    }

    pub fn cells(&self) -> usize {
        self.adjacent.len()
    }

    /// Each cell's neighbours as a bit mask, and every cell's bit: the pattern-table builds
    /// (boards of at most 16 cells) move tiles by masks.
    pub fn cell_masks(&self) -> (Vec<u16>, u16) {
        let adjacent = self
            .adjacent
            .iter()
            .map(|a| a.iter().fold(0u16, |m, &c| m | 1 << c));
        let n = self.cells();
        let all = if n >= 16 { u16::MAX } else { (1u16 << n) - 1 };
        (adjacent.collect(), all)
    }

    pub fn edges(&self) -> usize {
        self.adjacent.iter().map(Vec::len).sum::<usize>() / 2
    }

    /// Distances between every pair of cells (u8::MAX when not connected).
    pub fn distances(&self) -> Vec<Vec<u8>> {
        (0..self.cells())
            .map(|c| self.distances_from(c, None))
            .collect()
    }

    fn distances_from(&self, from: usize, removed: Option<usize>) -> Vec<u8> {
        let mut dist = vec![u8::MAX; self.cells()];
        dist[from] = 0;
        let mut queue = vec![from];
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head];
            head += 1;
            for &n in &self.adjacent[c] {
                let n = n as usize;
                if dist[n] == u8::MAX && Some(n) != removed {
                    dist[n] = dist[c] + 1;
                    queue.push(n);
                }
            }
        }
        dist
    }

    /// Each cell's colour 0/1 when the graph is bipartite (every cycle even).
    pub fn two_colouring(&self) -> Option<Vec<u8>> {
        let mut colour = vec![u8::MAX; self.cells()];
        for root in 0..self.cells() {
            if colour[root] != u8::MAX {
                continue;
            }
            colour[root] = 0;
            let mut stack = vec![root];
            while let Some(c) = stack.pop() {
                for &n in &self.adjacent[c] {
                    let n = n as usize;
                    if colour[n] == u8::MAX {
                        colour[n] = 1 - colour[c];
                        stack.push(n);
                    } else if colour[n] == colour[c] {
                        return None;
                    }
                }
            }
        }
        Some(colour)
    }

    /// The component number of each cell.
    pub fn components(&self) -> Vec<usize> {
        let mut comp = vec![usize::MAX; self.cells()];
        let mut next = 0;
        for root in 0..self.cells() {
            if comp[root] == usize::MAX {
                for (c, d) in self.distances_from(root, None).iter().enumerate() {
                    if *d != u8::MAX {
                        comp[c] = next;
                    }
                }
                next += 1;
            }
        }
        comp
    }

    pub fn topology(&self) -> Topology {
        let n = self.cells();
        if self.components().iter().any(|&c| c != 0) {
            return Topology::Disconnected;
        }
        let degrees: Vec<usize> = self.adjacent.iter().map(Vec::len).collect();
        if n == 2 || (degrees.iter().all(|&d| d <= 2) && degrees.contains(&1)) {
            let end = degrees.iter().position(|&d| d == 1).unwrap_or(0);
            return Topology::Path(self.walk(end));
        }
        if degrees.iter().all(|&d| d == 2) {
            return Topology::Cycle(self.walk(0));
        }
        // A cut cell disconnects the rest when removed.
        let has_cut = (0..n).any(|cut| {
            let root = if cut == 0 { 1 } else { 0 };
            let d = self.distances_from(root, Some(cut));
            (0..n).any(|c| c != cut && d[c] == u8::MAX)
        });
        if has_cut {
            Topology::CutCell
        } else {
            Topology::TwoConnected
        }
    }

    /// The cells in order from `start` along a path or around a cycle (all degrees <= 2).
    fn walk(&self, start: usize) -> Vec<u8> {
        let mut order = vec![start as u8];
        let mut prev = usize::MAX;
        let mut cur = start;
        loop {
            let next = self.adjacent[cur]
                .iter()
                .map(|&c| c as usize)
                .find(|&c| c != prev && c != start && !order.contains(&(c as u8)));
            match next {
                Some(c) => {
                    order.push(c as u8);
                    prev = cur;
                    cur = c;
                }
                None => return order,
            }
        }
    }

    /// How a tile moving from `from` to `to` goes, in words.
    pub fn direction(&self, from: u8, to: u8) -> String {
        match self.shape {
            Some((_, cols)) => {
                let (f, t) = (from as usize, to as usize);
                if t + cols == f {
                    "up".into()
                } else if f + cols == t {
                    "down".into()
                } else if t + 1 == f {
                    "left".into()
                } else {
                    "right".into()
                }
            }
            None => format!("from {from} to {to}"),
        }
    }
}

/// Tiles as text, space-separated: `3 1 2`.
pub(super) fn tile_list(tiles: &[u8]) -> String {
    tiles
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_recognised() {
        assert_eq!(Board::rectangle(3, 3).topology(), Topology::TwoConnected);
        assert_eq!(
            Board::rectangle(2, 2).topology(),
            Topology::Cycle(vec![0, 1, 3, 2])
        );
        assert_eq!(
            Board::rectangle(1, 4).topology(),
            Topology::Path(vec![0, 1, 2, 3])
        );
        assert!(Board::rectangle(3, 4).two_colouring().is_some());
        let triangle = Board {
            adjacent: vec![vec![1, 2], vec![0, 2], vec![0, 1]],
            shape: None,
        };
        assert!(triangle.two_colouring().is_none());
        // Two squares sharing one corner cell: a cut cell.
        let bow = Board {
            adjacent: vec![
                vec![1, 2],
                vec![0, 3],
                vec![0, 3],
                vec![1, 2, 4, 5],
                vec![3, 6],
                vec![3, 6],
                vec![4, 5],
            ],
            shape: None,
        };
        assert_eq!(bow.topology(), Topology::CutCell);
    }
}
