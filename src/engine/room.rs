//! Room in a growing table before it grows. A vector or hash table that doubles asks for as much
//! again at once, which can pass the memory cap at a stroke, before the allocator's gradual "near
//! the cap" signal fires. Reserving first, fallibly, turns a refusal into a stop request (memory
//! limit): the search ends with a report of what it explored instead of the process ending with
//! a message.

use super::stop::{self, StopReason};
use std::cell::Cell;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::hash::{BuildHasher, Hash};

thread_local! {
    static FALLIBLE: Cell<bool> = const { Cell::new(false) };
}

/// True while a fallible reservation runs on this thread: the capped allocator then refuses
/// (returns null, which `try_reserve` turns into an error) instead of ending the program.
pub fn fallible() -> bool {
    FALLIBLE.with(Cell::get)
}

/// Runs a `try_reserve`; a refusal asks the search to stop for lack of memory.
fn reserving<E>(reserve: impl FnOnce() -> Result<(), E>) -> bool {
    FALLIBLE.with(|f| f.set(true));
    let done = reserve().is_ok();
    FALLIBLE.with(|f| f.set(false));
    if !done {
        stop::request(StopReason::MemoryLimit);
    }
    done
}

/// A table that can make room for one more element before it is added.
pub trait Room {
    /// True when one more element fits (after growing, if need be); false when the memory for
    /// the growth was refused: the search has then been asked to stop and must not add it.
    fn room_for_one(&mut self) -> bool;
}

/// Growth by at least this many elements, so that small tables do not reserve one at a time.
const MIN_GROWTH: usize = 64;

impl<T> Room for Vec<T> {
    fn room_for_one(&mut self) -> bool {
        let more = self.len().max(MIN_GROWTH);
        self.len() < self.capacity() || reserving(|| self.try_reserve(more))
    }
}

impl<K: Hash + Eq, V, S: BuildHasher> Room for HashMap<K, V, S> {
    fn room_for_one(&mut self) -> bool {
        let more = self.len().max(MIN_GROWTH);
        self.len() < self.capacity() || reserving(|| self.try_reserve(more))
    }
}

impl<K: Hash + Eq, S: BuildHasher> Room for HashSet<K, S> {
    fn room_for_one(&mut self) -> bool {
        let more = self.len().max(MIN_GROWTH);
        self.len() < self.capacity() || reserving(|| self.try_reserve(more))
    }
}

impl<T: Ord> Room for BinaryHeap<T> {
    fn room_for_one(&mut self) -> bool {
        let more = self.len().max(MIN_GROWTH);
        self.len() < self.capacity() || reserving(|| self.try_reserve(more))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_with_room_grows_by_doubling() {
        let mut v: Vec<u64> = Vec::new();
        for i in 0..1000 {
            assert!(v.room_for_one());
            let before = v.capacity();
            v.push(i);
            assert_eq!(
                v.capacity(),
                before,
                "the push itself never grows the vector"
            );
        }
        let mut s: HashSet<u64> = HashSet::new();
        for i in 0..1000 {
            assert!(s.room_for_one());
            let before = s.capacity();
            s.insert(i);
            assert_eq!(s.capacity(), before);
        }
        assert!(!fallible());
    }
}
