//! Shapes as sets of cells, and the rigid motions of the grid: the 8 of the square (a flat
//! board) or the 48 of the cube (a solid one), each a signed permutation of the axes. A piece's
//! orientations are its images under the allowed motions, moved to the origin, duplicates
//! removed.

use super::drawing::Point;

/// A signed permutation of the axes (layer, row, column): axis `i` of the image is `sign[i]`
/// times axis `perm[i]` of the original.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Motion {
    perm: [usize; 3],
    sign: [i32; 3],
}

impl Motion {
    pub const IDENTITY: Motion = Motion {
        perm: [0, 1, 2],
        sign: [1, 1, 1],
    };

    pub fn apply(&self, p: Point) -> Point {
        [0, 1, 2].map(|i| self.sign[i] * p[self.perm[i]])
    }

    /// Whether the motion is a rotation (not a mirror image): determinant +1.
    pub fn proper(&self) -> bool {
        let inversions = (0..3)
            .flat_map(|i| (i + 1..3).map(move |j| (i, j)))
            .filter(|&(i, j)| self.perm[i] > self.perm[j])
            .count();
        let perm_sign = if inversions % 2 == 0 { 1 } else { -1 };
        perm_sign * self.sign.iter().product::<i32>() == 1
    }

    /// Whether the motion turns the shape (as opposed to the identity or a plain mirror in the
    /// column axis, which `turn = false, flip = true` keeps).
    fn turns(&self) -> bool {
        *self != Motion::IDENTITY && *self != MIRROR
    }
}

/// The mirror of the column axis: a flat piece turned over.
const MIRROR: Motion = Motion {
    perm: [0, 1, 2],
    sign: [1, 1, -1],
};

/// The motions of a flat grid (the layer axis kept) or of a solid one, identity first.
pub fn motions(solid: bool) -> Vec<Motion> {
    let perms: &[[usize; 3]] = if solid {
        &[
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ]
    } else {
        &[[0, 1, 2], [0, 2, 1]]
    };
    let mut out = Vec::new();
    for &perm in perms {
        for s in 0..8 {
            let sign = [0, 1, 2].map(|i| if s >> i & 1 == 1 { -1 } else { 1 });
            if !solid && sign[0] == -1 {
                continue;
            }
            out.push(Motion { perm, sign });
        }
    }
    out
}

/// The motions a piece may make: all, or without turns, or without mirror images.
pub fn allowed(solid: bool, turn: bool, flip: bool) -> Vec<Motion> {
    motions(solid)
        .into_iter()
        .filter(|m| (turn || !m.turns()) && (flip || m.proper()))
        .collect()
}

/// The cells moved so that their least coordinates are 0, sorted.
pub fn normal(cells: &[Point]) -> Vec<Point> {
    let min = [0, 1, 2].map(|i| cells.iter().map(|p| p[i]).min().unwrap_or(0));
    let mut out: Vec<Point> = cells
        .iter()
        .map(|p| [0, 1, 2].map(|i| p[i] - min[i]))
        .collect();
    out.sort_unstable();
    out
}

/// The distinct orientations of `cells` under `motions`, each normal.
pub fn orientations(cells: &[Point], motions: &[Motion]) -> Vec<Vec<Point>> {
    let mut out: Vec<Vec<Point>> = Vec::new();
    for m in motions {
        let image: Vec<Point> = cells.iter().map(|&p| m.apply(p)).collect();
        let image = normal(&image);
        if !out.contains(&image) {
            out.push(image);
        }
    }
    out
}

/// The extent of normal cells along each axis.
pub fn extent(cells: &[Point]) -> [i32; 3] {
    [0, 1, 2].map(|i| cells.iter().map(|p| p[i] + 1).max().unwrap_or(0))
}

/// A cell not reached from the first through face neighbours, if any.
pub fn unconnected(cells: &[Point]) -> Option<Point> {
    let mut reached = vec![false; cells.len()];
    let mut stack = vec![0];
    reached[0] = true;
    while let Some(i) = stack.pop() {
        for (j, q) in cells.iter().enumerate() {
            let d: i32 = (0..3).map(|k| (cells[i][k] - q[k]).abs()).sum();
            if d == 1 && !reached[j] {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    reached.iter().position(|r| !r).map(|j| cells[j])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(rows: &[&str]) -> Vec<Point> {
        let mut out = Vec::new();
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if ch == '.' {
                    out.push([0, r as i32, c as i32]);
                }
            }
        }
        out
    }

    #[test]
    fn the_square_has_8_motions_and_the_cube_48_half_of_them_rotations() {
        assert_eq!(motions(false).len(), 8);
        assert_eq!(motions(false).iter().filter(|m| m.proper()).count(), 4);
        assert_eq!(motions(true).len(), 48);
        assert_eq!(motions(true).iter().filter(|m| m.proper()).count(), 24);
    }

    #[test]
    fn the_pentominoes_have_their_known_numbers_of_orientations() {
        // F I L N P T U V W X Y Z: 8 2 8 8 8 4 4 4 4 1 8 4 (63 in all, a known fact).
        let f = [
            (vec![" ..", "..", " ."], 8),
            (vec!["....."], 2),
            (vec!["....", "."], 8),
            (vec!["..", " ..."], 8),
            (vec!["..", "..", "."], 8),
            (vec!["...", " .", " ."], 4),
            (vec![". .", "..."], 4),
            (vec![".", ".", "..."], 4),
            (vec![".", "..", " .."], 4),
            (vec![" .", "...", " ."], 1),
            (vec!["....", " ."], 8),
            (vec!["..", " .", " .."], 4),
        ];
        let m = allowed(false, true, true);
        let total: usize = f
            .iter()
            .map(|(rows, want)| {
                let n = orientations(&flat(rows), &m).len();
                assert_eq!(n, *want, "{rows:?}");
                n
            })
            .sum();
        assert_eq!(total, 63);
    }

    #[test]
    fn turn_and_flip_switches_limit_the_orientations() {
        let l = flat(&["....", "."]);
        assert_eq!(orientations(&l, &allowed(false, false, false)).len(), 1);
        assert_eq!(orientations(&l, &allowed(false, false, true)).len(), 2);
        assert_eq!(orientations(&l, &allowed(false, true, false)).len(), 4);
        // In space an L tetromino turned over is a rotation: 24 rotations give all 24.
        let l4 = flat(&["...", "."]);
        assert_eq!(orientations(&l4, &allowed(true, true, false)).len(), 24);
    }

    #[test]
    fn connection_is_through_faces() {
        assert_eq!(unconnected(&flat(&["..", " ."])), None);
        assert_eq!(unconnected(&flat(&[". ", " ."])), Some([0, 1, 1]));
    }
}
