//! The bottom floor of the useful graph: a layer of useful positions with their edges, the sink
//! the layers are handed to, and how edges are laid out; the graph, its edges and its mirror all
//! build on it.

use super::bitboard::Bitboard;
use super::layer::{LAYER_GROWTH, Layer};
use crate::engine::room;

/// One peg count's useful positions and their jumps to the next layer (one peg fewer).
#[derive(Debug, Clone, Default)]
pub struct UsefulLayer<B> {
    pub pegs: u32,
    /// Canonical keys, sorted.
    pub keys: Vec<B>,
    /// The edges of `keys[i]` are `starts[i]..starts[i + 1]` of `child` and `jump`.
    pub starts: Vec<u32>,
    /// Per edge: the index of the position reached in the next layer.
    pub child: Vec<u32>,
    /// Per edge: the jump, in the frame of the position's canonical key.
    pub jump: Vec<u16>,
    /// Per edge: the same jump in the frame of the reached position's canonical key (where it
    /// lands there is what the move metric reads; a central game's lower half is mirrored
    /// from it).
    pub reverse: Vec<u16>,
    /// Every jump of each position onto the next layer is an edge (so a position's own
    /// symmetries are already in its edges): true where the edges were found from the
    /// positions themselves ([`super::useful_edges::descend`]), false where found from the positions they reach
    /// (grown upwards or mirrored: one jump of two that such a symmetry swaps may be missing).
    pub complete: bool,
}

impl<B: Bitboard> UsefulLayer<B> {
    /// A layer whose edges are not known (yet): the goal's, or one being built.
    pub(super) fn without_edges(pegs: u32, keys: Vec<B>) -> Self {
        let starts = vec![0; keys.len() + 1];
        UsefulLayer {
            pegs,
            keys,
            starts,
            child: Vec::new(),
            jump: Vec::new(),
            reverse: Vec::new(),
            complete: false,
        }
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// The positions alone.
    pub fn to_layer(&self) -> Layer<B> {
        Layer {
            pegs: self.pegs,
            keys: self.keys.clone(),
            counts: Vec::new(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The edges of position `i`.
    #[inline]
    pub fn edges(&self, i: usize) -> std::ops::Range<usize> {
        self.starts[i] as usize..self.starts[i + 1] as usize
    }
}

/// What the useful layers are handed to, one at a time, goal's first and pegs ascending
/// (the order the move metric measures them in), so that only the layers still needed to
/// build others are held whole.
pub trait LayerSink<B> {
    /// Told once, before the first layer: how many useful positions there are in all (none
    /// when there is no solution, and then no layer follows).
    fn expect(&mut self, positions: u64);
    /// The next layer; None stops the tracing.
    fn take(&mut self, layer: &UsefulLayer<B>) -> Option<()>;
    /// Told before the first layer when the game is central (the layers above the middle are
    /// the complements of those below, `total` a layer's and its complements' peg counts
    /// added): true when the sink needs no layer above the `middle`, which are then neither
    /// grown nor mirrored (their positions are still counted in [`LayerSink::expect`]).
    fn central(&mut self, middle: u32, total: u32) -> bool {
        let _ = (middle, total);
        false
    }
}

/// Where each of `len` positions' edges start when the edges, each leaving the position
/// `sources` gives, are laid out by the position they leave (and one past the last); None
/// when the memory was refused.
pub(super) fn edge_starts(len: usize, sources: impl Iterator<Item = u32>) -> Option<Vec<u32>> {
    let mut starts: Vec<u32> = room::filled(len + 1, LAYER_GROWTH, 0)?;
    for s in sources {
        starts[s as usize + 1] += 1;
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
    Some(starts)
}
