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
/// option holding the item alone, or too many items needed). Sets made of a few fixed offsets
/// are preferred when every item has one (`by_offsets`): the walk then tests them all at once.
pub fn hitting_sets<W: Word>(p: &Problem) -> Vec<Option<W>> {
    let mut holding: Vec<Vec<&[super::Entry]>> = vec![Vec::new(); p.primary];
    for option in &p.options {
        for e in option {
            holding[e.item as usize].push(option);
        }
    }
    let sets: Vec<Option<Vec<u32>>> = holding
        .iter()
        .enumerate()
        .map(|(i, options)| greedy(i as u32, options, p.primary, |_| true))
        .collect();
    let sets = by_offsets(&holding, &sets, p.primary).unwrap_or(sets);
    sets.into_iter()
        .map(|s| s.map(|items| mask_of(items.into_iter().map(|i| i as usize))))
        .collect()
}

/// The hitting sets again, each item's chosen only among the items at the [`MAX_OFFSETS`]
/// offsets most used by `sets` (on a grid, its neighbours), when every item that has one
/// still has one that way.
fn by_offsets(
    holding: &[Vec<&[super::Entry]>],
    sets: &[Option<Vec<u32>>],
    items: usize,
) -> Option<Vec<Option<Vec<u32>>>> {
    let mut used: Vec<(i64, usize)> = Vec::new();
    for (i, set) in sets.iter().enumerate() {
        for &j in set.iter().flatten() {
            let d = i64::from(j) - i as i64;
            match used.iter_mut().find(|(e, _)| *e == d) {
                Some((_, n)) => *n += 1,
                None => used.push((d, 1)),
            }
        }
    }
    used.sort_by_key(|&(d, n)| (usize::MAX - n, d));
    let offsets: Vec<i64> = used.iter().take(MAX_OFFSETS).map(|&(d, _)| d).collect();
    let mut out = Vec::with_capacity(sets.len());
    for (i, set) in sets.iter().enumerate() {
        if set.is_none() {
            out.push(None);
            continue;
        }
        let near = |j: u32| offsets.contains(&(i64::from(j) - i as i64));
        out.push(Some(greedy(i as u32, &holding[i], items, near)?));
    }
    Some(out)
}

/// A greedy hitting set of the options holding `item`, less `item` itself, among the items
/// `allowed`: the item met by the most options not yet hit, in turn (small, not always
/// least: any hitting set is sound).
fn greedy(
    item: u32,
    options: &[&[super::Entry]],
    items: usize,
    allowed: impl Fn(u32) -> bool,
) -> Option<Vec<u32>> {
    let mut unhit: Vec<&[super::Entry]> = options.to_vec();
    let mut chosen = Vec::new();
    while !unhit.is_empty() {
        let mut tally = vec![0usize; items];
        for o in &unhit {
            for e in o.iter().filter(|e| e.item != item && allowed(e.item)) {
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
const MAX_OFFSETS: usize = 2 * PER_SIDE;
/// The most offsets the shifted test takes each way (a 3D grid has three).
const PER_SIDE: usize = 3;

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
    /// (d, mask) for the offsets `+d`, padded with (0, no items): a loop of fixed length the
    /// compiler unrolls, with no branch.
    ahead: [(u32, W); PER_SIDE],
    /// (d, mask) for the offsets `-d`, padded the same way.
    behind: [(u32, W); PER_SIDE],
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
    /// covered. The shifted test looks at every item, not only the ring's, at no extra cost:
    /// an item turns dead only when an option meets its hitting set, so the others it finds
    /// were dead before (left by a walk's root), and end the branch as rightly.
    #[inline]
    pub fn any_dead(&self, ring: W, covered: W) -> bool {
        match &self.shifts {
            Some(s) => s.dead(covered) != W::ZERO,
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
        let mut out = [(0, W::ZERO); PER_SIDE];
        let mine = offsets.iter().filter(|(d, _)| (*d > 0) == ahead);
        for (k, &(d, items)) in mine.enumerate() {
            *out.get_mut(k)? = (d.unsigned_abs() as u32, items);
        }
        Some(out)
    };
    Some(Shifts {
        ahead: side(true)?,
        behind: side(false)?,
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
