//! Counting up to symmetry: the motions of the grid that map the board onto itself and the set
//! of pieces onto itself (a piece's orientations onto those of a piece with as many copies:
//! itself, or its mirror twin when the set has both, as the Soma cube's two screws). A cover is
//! counted once per class when it is the least of its images, compared as sorted lists of
//! (cells, piece): that list says the whole cover, so the least image is one cover and each
//! class, symmetric covers included, is counted exactly once.

use super::model::Model;
use super::shape::{Motion, motions, normal};

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
    pub fn is_least(&self, model: &Model, cover: &[usize]) -> bool {
        let key = key(model, cover);
        self.others
            .iter()
            .all(|s| key <= key_of_image(model, cover, s))
    }
}

type Key = Vec<(Vec<u16>, usize)>;

/// The cover as sorted (cells, piece) pairs; an empty cell is piece `usize::MAX`.
fn key(model: &Model, cover: &[usize]) -> Key {
    let mut k: Key = cover
        .iter()
        .map(|&o| {
            let p = &model.placements[o];
            (p.cells.clone(), p.piece.unwrap_or(usize::MAX))
        })
        .collect();
    k.sort_unstable();
    k
}

fn key_of_image(model: &Model, cover: &[usize], s: &Symmetry) -> Key {
    let mut k: Key = cover
        .iter()
        .map(|&o| {
            let p = &model.placements[o];
            let mut cells: Vec<u16> = p.cells.iter().map(|&c| s.cell[c as usize]).collect();
            cells.sort_unstable();
            (cells, p.piece.map_or(usize::MAX, |k| s.piece[k]))
        })
        .collect();
    k.sort_unstable();
    k
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
