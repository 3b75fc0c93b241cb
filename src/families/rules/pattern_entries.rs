//! A pattern database's entries as the estimate reads them: one byte each when every distance
//! is below 255 (the 15-puzzle's tile tables: half the memory for the lookups, and half the
//! file to read and check on every run with cached tables), two bytes otherwise (a Tower of
//! Hanoi is hundreds of moves deep).

use crate::engine::pattern_db::{Table, UNREACHED, count};
use std::time::Duration;

/// No way to the goal, in a one-byte table.
const NARROW_UNREACHED: u8 = u8::MAX;

pub enum Entries {
    Narrow(Vec<u8>),
    Wide(Vec<u16>),
}

impl Entries {
    /// The entries of a built or loaded two-byte table, one byte each where they fit, and the
    /// table keeping only its counts.
    pub fn of(mut table: Table) -> (Entries, Table) {
        let dist = std::mem::take(&mut table.dist);
        if table.deepest >= u16::from(NARROW_UNREACHED) {
            return (Entries::Wide(dist), table);
        }
        let narrow = dist
            .iter()
            .map(|&d| {
                if d == UNREACHED {
                    NARROW_UNREACHED
                } else {
                    d as u8
                }
            })
            .collect();
        (Entries::Narrow(narrow), table)
    }

    /// A one-byte table read back from the cache, and its counts.
    pub fn narrow(bytes: Vec<u8>, elapsed: Duration) -> (Entries, Table) {
        let (reached, deepest) = count(&bytes, NARROW_UNREACHED);
        let table = Table {
            dist: Vec::new(),
            reached,
            deepest,
            elapsed,
        };
        (Entries::Narrow(bytes), table)
    }

    /// The distance at `i`, or [`UNREACHED`].
    #[inline(always)]
    pub fn get(&self, i: usize) -> u16 {
        match self {
            Entries::Narrow(b) => match b[i] {
                NARROW_UNREACHED => UNREACHED,
                d => u16::from(d),
            },
            Entries::Wide(w) => w[i],
        }
    }

    /// Bytes per entry (the cache file's width).
    pub fn width(&self) -> u8 {
        match self {
            Entries::Narrow(_) => 1,
            Entries::Wide(_) => 2,
        }
    }

    /// The entries as the cache file holds them.
    pub fn bytes(&self) -> std::borrow::Cow<'_, [u8]> {
        match self {
            Entries::Narrow(b) => std::borrow::Cow::Borrowed(b),
            Entries::Wide(w) => {
                std::borrow::Cow::Owned(crate::engine::pattern_cache::wide_bytes(w))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Entries shallower than 255 become one byte each and read back the same, unreached
    /// included; a deeper table stays two bytes; a one-byte table read from bytes gets the
    /// same counts as the two-byte one.
    #[test]
    fn narrow_entries_read_as_the_wide_ones() {
        let dist = vec![3, UNREACHED, 0, 254, 7, UNREACHED];
        let table = Table::from_entries(dist.clone(), Duration::ZERO);
        let (reached, deepest) = (table.reached, table.deepest);
        let (entries, counts) = Entries::of(table);
        assert_eq!(entries.width(), 1);
        assert!((0..dist.len()).all(|i| entries.get(i) == dist[i]));
        assert_eq!((counts.reached, counts.deepest), (reached, deepest));
        let (again, read) = Entries::narrow(entries.bytes().into_owned(), Duration::ZERO);
        assert!((0..dist.len()).all(|i| again.get(i) == dist[i]));
        assert_eq!((read.reached, read.deepest), (4, 254));
        let deep = Table::from_entries(vec![255, 0, UNREACHED], Duration::ZERO);
        let (wide, _) = Entries::of(deep);
        assert_eq!(wide.width(), 2);
        assert_eq!((wide.get(0), wide.get(2)), (255, UNREACHED));
    }
}
