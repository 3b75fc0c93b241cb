//! The beam search's guide: a weight per hole saying how hard a peg there is to clear, and a
//! position's score as the sum over its pegs (lower is better). Two things make a peg hard:
//! few jumps pass over its hole (a corner or a tip is jumped over rarely or never, so its peg
//! must leave by jumping itself), and distance from the middle of the board (pegs far out have
//! few partners left late in the game). Squared, so one stranded peg outweighs several that
//! are merely off-centre. With this guide a beam of a few hundred positions per layer solves
//! the single-vacancy games of the English, French and diamond boards, where the isolated-peg
//! count needed hundreds of thousands.

use super::bitboard::{Bitboard, holes};
use super::jump::Jump;

/// Hole weights for `holes` holes with these jumps; `cells` (x, y) when the board is drawn,
/// else the distance is counted in jumps from the holes most jumped over.
pub fn hole_weights(holes: usize, jumps: &[Jump], cells: Option<&[(i64, i64)]>) -> Vec<u32> {
    let mut over = vec![0i64; holes];
    for j in jumps {
        over[j.over as usize] += 1;
    }
    let most = over.iter().copied().max().unwrap_or(0);
    let spread = match cells {
        Some(c) if c.len() == holes => squared_distances(c),
        _ => jump_distances(holes, jumps, &over, most),
    };
    (0..holes)
        .map(|h| {
            let rare = (most - over[h]) as u64;
            (10 * rare * rare + spread[h]).min(u64::from(u32::MAX / 128)) as u32
        })
        .collect()
}

/// A position's score: the sum of its pegs' weights.
pub fn score<B: Bitboard>(weights: &[u32], b: B) -> u32 {
    holes(b).map(|h| weights[h]).sum()
}

/// Ten times the squared distance of each cell from the cells' centroid.
fn squared_distances(cells: &[(i64, i64)]) -> Vec<u64> {
    let n = cells.len().max(1) as f64;
    let cx = cells.iter().map(|c| c.0 as f64).sum::<f64>() / n;
    let cy = cells.iter().map(|c| c.1 as f64).sum::<f64>() / n;
    cells
        .iter()
        .map(|&(x, y)| ((x as f64 - cx).powi(2) + (y as f64 - cy).powi(2)) * 10.0)
        .map(|d| d as u64)
        .collect()
}

/// Ten times the squared number of hops (peg to a hole it could jump over) from the nearest
/// hole jumped over most: a board without a drawing has no geometry.
fn jump_distances(holes: usize, jumps: &[Jump], over: &[i64], most: i64) -> Vec<u64> {
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); holes];
    for j in jumps {
        next[j.from as usize].push(j.over as usize);
    }
    let mut dist = vec![u64::MAX; holes];
    let mut queue: Vec<usize> = (0..holes).filter(|&h| over[h] == most).collect();
    for &h in &queue {
        dist[h] = 0;
    }
    let mut i = 0;
    while i < queue.len() {
        let h = queue[i];
        i += 1;
        for &m in &next[h] {
            if dist[m] == u64::MAX {
                dist[m] = dist[h] + 1;
                queue.push(m);
            }
        }
    }
    let far = dist
        .iter()
        .filter(|&&d| d != u64::MAX)
        .max()
        .copied()
        .unwrap_or(0)
        + 1;
    dist.into_iter()
        .map(|d| if d == u64::MAX { far } else { d })
        .map(|d| 10 * d * d)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rows_ends_weigh_more_than_its_middle() {
        let jumps = Jump::along_row(5);
        let cells: Vec<(i64, i64)> = (0..5).map(|x| (x, 0)).collect();
        for w in [
            hole_weights(5, &jumps, Some(&cells)),
            hole_weights(5, &jumps, None),
        ] {
            // The ends are never jumped over and lie farthest out.
            assert!(w[0] > w[1] && w[1] >= w[2], "{w:?}");
            assert_eq!(w[0], w[4]);
            assert_eq!(score(&w, 0b10001u64), 2 * w[0]);
        }
    }
}
