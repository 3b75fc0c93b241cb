//! Counting up to symmetry: the motions of the grid that map the board onto itself and the set
//! of pieces onto itself (a piece's orientations onto those of a piece with as many copies:
//! itself, or its mirror twin when the set has both, as the Soma cube's two screws). A cover is
//! counted once per class when it is the least of its images, compared as labels per cell
//! (piece, least cell of its placement): those say the whole cover, so the least image is one
//! cover and each class, symmetric covers included, is counted exactly once.

use super::model::Model;
use super::shape::{Motion, motions, normal};
use std::cell::RefCell;
use std::collections::HashMap;

/// One symmetry of the puzzle: where each cell goes and which piece each piece becomes.
#[derive(Debug, Clone)]
pub struct Symmetry {
    cell: Vec<u16>,
    piece: Vec<usize>,
}

/// The puzzle's symmetries other than the identity.
#[derive(Debug, Clone, Default)]
pub struct Symmetries {
    pub others: Vec<Symmetry>,
}

impl Symmetries {
    pub fn of(model: &Model) -> Symmetries {
        let all = motions(model.board.solid());
        let others = all[1..].iter().filter_map(|m| symmetry(model, m)).collect();
        Symmetries { others }
    }

    /// The size of the group (the identity included).
    pub fn order(&self) -> usize {
        self.others.len() + 1
    }

    /// Whether `cover` is the least of its images: true for exactly one cover of each class.
    pub fn is_least(&self, model: &Model, cover: impl IntoIterator<Item = usize> + Clone) -> bool {
        is_least(&self.others, model, cover)
    }

    /// A piece to pin for counting: one copy, placed in every packing, mapped to itself by
    /// every symmetry; of those, the one with the fewest classes of placements. Counting with it
    /// pinned at one placement of each class does the work of the count about once per class
    /// rather than once per symmetry (`Anchor`).
    pub fn anchor(&self, model: &Model, spare_pieces: bool) -> Option<Anchor> {
        if self.others.is_empty() || spare_pieces {
            return None;
        }
        (0..model.pieces.len())
            .filter(|&k| model.pieces[k].count == 1 && self.others.iter().all(|s| s.piece[k] == k))
            .map(|k| self.orbits(model, k))
            .filter(|a| !a.orbits.is_empty())
            .min_by_key(|a| a.orbits.len())
    }

    fn orbits(&self, model: &Model, piece: usize) -> Anchor {
        let mine: Vec<usize> = (0..model.placements.len())
            .filter(|&o| model.placements[o].piece == Some(piece))
            .collect();
        let index: HashMap<&[u16], usize> = mine
            .iter()
            .map(|&o| (model.placements[o].cells.as_slice(), o))
            .collect();
        let image = |o: usize, s: &Symmetry| {
            let mut cells: Vec<u16> = model.placements[o]
                .cells
                .iter()
                .map(|&c| s.cell[c as usize])
                .collect();
            cells.sort_unstable();
            index.get(cells.as_slice()).copied()
        };
        let mut seen = vec![false; model.placements.len()];
        let mut orbits = Vec::new();
        for &rep in &mine {
            if seen[rep] {
                continue;
            }
            seen[rep] = true;
            let mut size = 1;
            let mut stabiliser = Vec::new();
            for s in &self.others {
                match image(rep, s) {
                    Some(o) if o == rep => stabiliser.push(s.clone()),
                    Some(o) if !seen[o] => {
                        seen[o] = true;
                        size += 1;
                    }
                    _ => {}
                }
            }
            orbits.push(Orbit {
                rep,
                size,
                stabiliser,
            });
        }
        Anchor { piece, orbits }
    }
}

/// A pinned piece and its placements by class: every packing has the piece at one placement
/// of exactly one class, and the symmetries take the packings with it at the class's
/// representative one to one onto those with it at each other member. So the packings number
/// the sum of (class size x packings at the representative), and the classes of packings the
/// sum of the classes, under the representative's stabiliser, of those at the representative.
pub struct Anchor {
    pub piece: usize,
    pub orbits: Vec<Orbit>,
}

pub struct Orbit {
    /// The representative placement (its option number).
    pub rep: usize,
    /// How many placements the class has.
    pub size: usize,
    /// The symmetries other than the identity that keep `rep` where it is.
    pub stabiliser: Vec<Symmetry>,
}

/// Whether `cover` is the least of its images under `symmetries` (and the identity).
pub fn is_least<C>(symmetries: &[Symmetry], model: &Model, cover: C) -> bool
where
    C: IntoIterator<Item = usize> + Clone,
{
    if symmetries.is_empty() {
        return true;
    }
    // Called once per packing found (13 million for the 8x8 dominoes): the two labellings are
    // kept per thread, so the comparison allocates nothing.
    thread_local! {
        static LABELS: RefCell<(Vec<u64>, Vec<u64>)> = const { RefCell::new((Vec::new(), Vec::new())) };
    }
    LABELS.with_borrow_mut(|(mine, image)| {
        label(model, cover.clone(), None, mine);
        symmetries.iter().all(|s| {
            label(model, cover.clone(), Some(s), image);
            mine <= image
        })
    })
}

/// The cover (or its image under `s`) as a label per cell: the piece covering it and the
/// least cell of that placement. The labels say the whole cover, identical copies of a piece
/// apart included, so comparing them orders covers.
fn label(
    model: &Model,
    cover: impl IntoIterator<Item = usize>,
    s: Option<&Symmetry>,
    out: &mut Vec<u64>,
) {
    out.clear();
    out.resize(model.board.cells.len(), u64::MAX);
    let cell = |c: u16| s.map_or(c, |s| s.cell[c as usize]);
    for o in cover {
        let p = &model.placements[o];
        let piece = p
            .piece
            .map_or(u32::MAX, |k| s.map_or(k, |s| s.piece[k]) as u32);
        let least = p.cells.iter().map(|&c| cell(c)).min().unwrap_or(0);
        let value = u64::from(piece) << 32 | u64::from(least);
        for &c in &p.cells {
            out[cell(c) as usize] = value;
        }
    }
}

/// The symmetry `m` gives, if it maps the board and the piece set onto themselves.
fn symmetry(model: &Model, m: &Motion) -> Option<Symmetry> {
    let board = &model.board;
    let image: Vec<_> = board.cells.iter().map(|&p| m.apply(p)).collect();
    let min = [0, 1, 2].map(|i| image.iter().map(|p| p[i]).min().unwrap_or(0));
    let cell = image
        .iter()
        .map(|p| board.number.get(&[0, 1, 2].map(|i| p[i] - min[i])).copied())
        .collect::<Option<Vec<u16>>>()?;
    let mut piece = Vec::with_capacity(model.pieces.len());
    for (k, p) in model.pieces.iter().enumerate() {
        let mut turned: Vec<_> = p
            .orientations
            .iter()
            .map(|o| normal(&o.iter().map(|&q| m.apply(q)).collect::<Vec<_>>()))
            .collect();
        turned.sort();
        let same = |j: usize| {
            let q = &model.pieces[j];
            let mut theirs = q.orientations.clone();
            theirs.sort();
            q.count == p.count && theirs == turned
        };
        let to = if same(k) {
            k
        } else {
            (0..model.pieces.len()).find(|&j| same(j))?
        };
        piece.push(to);
    }
    let mut seen = piece.clone();
    seen.sort_unstable();
    seen.dedup();
    (seen.len() == piece.len()).then_some(Symmetry { cell, piece })
}
