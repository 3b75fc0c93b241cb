//! A jump (from, over, to) as holes of a board: the bottom floor of the peg engine, named by
//! the jump space, the shapes, the pagodas and the family's board alike.

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Jump {
    pub from: u8,
    pub over: u8,
    pub to: u8,
}

impl Jump {
    /// Every jump along a row of `n` holes, both ways: a small board for tests.
    #[cfg(test)]
    pub(crate) fn along_row(n: u8) -> Vec<Jump> {
        (0..n.saturating_sub(2))
            .flat_map(|a| {
                [
                    Jump {
                        from: a,
                        over: a + 1,
                        to: a + 2,
                    },
                    Jump {
                        from: a + 2,
                        over: a + 1,
                        to: a,
                    },
                ]
            })
            .collect()
    }

    /// The English board's jumps: 33 holes of a 7x7 cross (their coordinates), orthogonal.
    #[cfg(test)]
    pub(crate) fn english() -> (Vec<(i32, i32)>, Vec<Jump>) {
        let cells: Vec<(i32, i32)> = (0..7)
            .flat_map(|y| (0..7).map(move |x| (x, y)))
            .filter(|&(x, y)| (2..5).contains(&x) || (2..5).contains(&y))
            .collect();
        let at = |x, y| cells.iter().position(|&c| c == (x, y));
        let mut jumps = Vec::new();
        for (i, &(x, y)) in cells.iter().enumerate() {
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                if let (Some(o), Some(t)) = (at(x + dx, y + dy), at(x + 2 * dx, y + 2 * dy)) {
                    let (from, over, to) = (i as u8, o as u8, t as u8);
                    jumps.push(Jump { from, over, to });
                }
            }
        }
        (cells, jumps)
    }

    /// The triangle of 5 rows (15 holes, row r holding r + 1 holes), jumps along its three
    /// directions, and its mirror through the apex (as a permutation).
    #[cfg(test)]
    pub(crate) fn triangle() -> (Vec<Jump>, Vec<Vec<u8>>) {
        let at = |r: i32, c: i32| (r * (r + 1) / 2 + c) as u8;
        let inside = |r: i32, c: i32| (0..5).contains(&r) && (0..=r).contains(&c);
        let mut jumps = Vec::new();
        for r in 0..5 {
            for c in 0..=r {
                for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)] {
                    let (r2, c2) = (r + 2 * dr, c + 2 * dc);
                    if inside(r2, c2) {
                        let over = at(r + dr, c + dc);
                        jumps.push(Jump {
                            from: at(r, c),
                            over,
                            to: at(r2, c2),
                        });
                    }
                }
            }
        }
        let mirror = (0..5)
            .flat_map(|r| (0..=r).map(move |c| at(r, r - c)))
            .collect();
        (jumps, vec![mirror])
    }
}
