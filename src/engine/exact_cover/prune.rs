//! Dead items for the bitboard engine: an uncovered item that no remaining option can cover
//! ends the branch at once, where the search would otherwise go on until that item is the
//! lowest (on a packing board, a one-cell hole left behind a piece: the classic cut of
//! pentomino programs, found here from the options alone, knowing nothing of cells).
//!
//! Each item gets a small *hitting set*: items such that every option holding the item holds
//! one of them too (on a board of connected pieces, the cell's neighbours). Once all of them
//! are covered and the item is not, no option can cover it. After an option is placed only
//! its *ring* needs looking at: the items whose hitting set it meets.

use super::Problem;
use super::word::{Word, mask_of};

/// Past this many items a hitting set costs more to test than it saves.
const MAX_HIT: usize = 8;

/// The hitting set of each item (as a word), or None where there is none small enough (an
/// option holding the item alone, or too many items needed).
pub fn hitting_sets<W: Word>(p: &Problem) -> Vec<Option<W>> {
    let mut holding: Vec<Vec<&[super::Entry]>> = vec![Vec::new(); p.primary];
    for option in &p.options {
        for e in option {
            holding[e.item as usize].push(option);
        }
    }
    holding
        .iter()
        .enumerate()
        .map(|(i, options)| {
            greedy(i as u32, options, p.primary)
                .map(|items| mask_of(items.into_iter().map(|i| i as usize)))
        })
        .collect()
}

/// A greedy hitting set of the options holding `item`, less `item` itself: the item met by
/// the most options not yet hit, in turn (small, not always least: any hitting set is sound).
fn greedy(item: u32, options: &[&[super::Entry]], items: usize) -> Option<Vec<u32>> {
    let mut unhit: Vec<&[super::Entry]> = options.to_vec();
    let mut chosen = Vec::new();
    while !unhit.is_empty() {
        let mut tally = vec![0usize; items];
        for o in &unhit {
            for e in o.iter().filter(|e| e.item != item) {
                tally[e.item as usize] += 1;
            }
        }
        let (best, &n) = tally
            .iter()
            .enumerate()
            .max_by_key(|&(i, n)| (n, usize::MAX - i))?;
        if n == 0 || chosen.len() == MAX_HIT {
            return None;
        }
        chosen.push(best as u32);
        unhit.retain(|o| o.iter().all(|e| e.item as usize != best));
    }
    Some(chosen)
}

/// The ring of an option (its `mask`): the items outside it whose hitting set it meets.
pub fn ring<W: Word>(hit: &[Option<W>], mask: W) -> W {
    hit.iter()
        .enumerate()
        .filter(|&(i, h)| {
            matches!(h, Some(h) if *h & mask != W::ZERO) && W::bit(i) & mask == W::ZERO
        })
        .fold(W::ZERO, |r, (i, _)| r | W::bit(i))
}

/// Past this many offsets the shifted test costs more than the loop over the ring.
const MAX_OFFSETS: usize = 6;

/// The hitting sets as the walk reads them: one per bit of the word (all bits where an item
/// has none, or past the items), so that an item's number, masked to the word's width, indexes
/// them with no bounds check; and, when the sets are made of a few fixed offsets, those.
pub struct Hits<W> {
    hit: Box<[W; 128]>,
    shifts: Option<Shifts<W>>,
}

/// Hitting sets written as offsets: item `i`'s set holds `i + d` exactly when `i` is in the
/// mask kept with `d`. On a grid board numbered in rows the sets are a cell's neighbours, so
/// there are four offsets (±1, ± the row), and every item's test is a few shifts of the whole
/// word at once instead of a loop over the ring with an unpredictable branch per item.
struct Shifts<W> {
    /// (d, mask) for the offsets `+d`.
    ahead: Vec<(u32, W)>,
    /// (d, mask) for the offsets `-d`.
    behind: Vec<(u32, W)>,
    /// The items with a hitting set.
    checked: W,
}

impl<W: Word> Hits<W> {
    pub fn new(hit: &[Option<W>]) -> Hits<W> {
        let mut all = Box::new([W::ALL; 128]);
        for (i, h) in hit.iter().enumerate() {
            all[i] = h.unwrap_or(W::ALL);
        }
        Hits {
            hit: all,
            shifts: shifts(hit),
        }
    }

    /// Whether some item of `ring` is dead once `covered` is: uncovered, its hitting set
    /// covered.
    #[inline]
    pub fn any_dead(&self, ring: W, covered: W) -> bool {
        match &self.shifts {
            Some(s) => ring & s.dead(covered) != W::ZERO,
            None => self.any_dead_in_turn(ring, covered),
        }
    }

    /// `any_dead` one ring item at a time.
    #[inline]
    fn any_dead_in_turn(&self, ring: W, covered: W) -> bool {
        let mut r = ring & !covered;
        while r != W::ZERO {
            let h = self.hit[r.trailing_zeros() as usize & 127];
            if covered & h == h {
                return true;
            }
            r = r.without_lowest();
        }
        false
    }
}

impl<W: Word> Shifts<W> {
    /// Every dead item of `covered`, all at once.
    #[inline]
    fn dead(&self, covered: W) -> W {
        let mut d = self.checked & !covered;
        for &(by, items) in &self.ahead {
            d = d & ((covered >> by) | !items);
        }
        for &(by, items) in &self.behind {
            d = d & ((covered << by) | !items);
        }
        d
    }
}

/// The hitting sets as offsets, when they take at most [`MAX_OFFSETS`].
fn shifts<W: Word>(hit: &[Option<W>]) -> Option<Shifts<W>> {
    let mut offsets: Vec<(i64, W)> = Vec::new();
    let mut checked = W::ZERO;
    for (i, h) in hit.iter().enumerate() {
        let Some(mut h) = *h else { continue };
        checked = checked | W::bit(i);
        while h != W::ZERO {
            let d = h.trailing_zeros() as i64 - i as i64;
            match offsets.iter_mut().find(|(e, _)| *e == d) {
                Some((_, items)) => *items = *items | W::bit(i),
                None => offsets.push((d, W::bit(i))),
            }
            h = h.without_lowest();
        }
        if offsets.len() > MAX_OFFSETS {
            return None;
        }
    }
    let side = |ahead: bool| {
        offsets
            .iter()
            .filter(|(d, _)| (*d > 0) == ahead)
            .map(|&(d, items)| (d.unsigned_abs() as u32, items))
            .collect()
    };
    Some(Shifts {
        ahead: side(true),
        behind: side(false),
        checked,
    })
}

/// Whether placing `mask` on an empty problem already leaves an item of its ring that no
/// other option can cover (every option holding it meets `mask`): such an option is in no
/// cover, and dropping it once saves trying it at every node.
pub fn hopeless<W: Word>(holding: &[Vec<W>], ring: W, mask: W) -> bool {
    let mut r = ring;
    while r != W::ZERO {
        let i = r.trailing_zeros() as usize;
        if holding[i].iter().all(|&m| m & mask != W::ZERO) {
            return true;
        }
        r = r.without_lowest();
    }
    false
}
