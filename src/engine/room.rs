//! Room in a growing table before it grows. A vector or hash table that doubles asks for as much
//! again at once, which can pass the memory cap at a stroke, before the allocator's gradual "near
//! the cap" signal fires. Reserving first, fallibly, turns a refusal into a stop request (memory
//! limit): the search ends with a report of what it explored instead of the process ending with
//! a message.

use super::stop::{self, StopReason};
use std::cell::Cell;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::hash::{BuildHasher, Hash};
use std::sync::Mutex;

thread_local! {
    static FALLIBLE: Cell<bool> = const { Cell::new(false) };
}

/// The first reservation refused: what it was for and how many bytes it asked for.
static REFUSED: Mutex<Option<Refusal>> = Mutex::new(None);

/// A reservation the memory cap refused, for the report's note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refusal {
    /// What the memory was for ("a search table's growth", "the distance table").
    pub what: &'static str,
    pub bytes: u64,
}

/// The first reservation refused in this process, if any.
pub fn refused() -> Option<Refusal> {
    REFUSED.lock().map_or(None, |r| *r)
}

/// True while a fallible reservation runs on this thread: the capped allocator then refuses
/// (returns null, which `try_reserve` turns into an error) instead of ending the program.
pub fn fallible() -> bool {
    FALLIBLE.with(Cell::get)
}

/// Runs a `try_reserve` of `bytes` for `what`; a refusal asks the search to stop for lack of
/// memory and is recorded (the first one) for the report.
fn reserving<E>(what: &'static str, bytes: u64, reserve: impl FnOnce() -> Result<(), E>) -> bool {
    FALLIBLE.with(|f| f.set(true));
    let done = reserve().is_ok();
    FALLIBLE.with(|f| f.set(false));
    if !done {
        stop::heed(StopReason::MemoryLimit);
        if let Ok(mut first) = REFUSED.lock() {
            first.get_or_insert(Refusal { what, bytes });
        }
    }
    done
}

/// What a table's doubling is called in the report.
const GROWTH: &str = "a search table's growth";

/// The bytes of `n` elements of `T` (saturating: a request past the address space is refused
/// all the same).
fn bytes_of<T>(n: usize) -> u64 {
    (n as u64).saturating_mul(std::mem::size_of::<T>() as u64)
}

/// A vector of `len` elements made by `make`, or None when the memory for it was refused (the
/// search has then been asked to stop, and the refusal is kept for the report under `what`).
/// For a table sized before a search (a bitmap, a distance array, a pattern table): one
/// allocation that may pass the cap at once.
pub fn filled_with<T>(len: usize, what: &'static str, make: impl FnMut() -> T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    if !reserving(what, bytes_of::<T>(len), || v.try_reserve_exact(len)) {
        return None;
    }
    v.extend(std::iter::repeat_with(make).take(len));
    Some(v)
}

/// Room in `v` for `total` elements in all, reserved fallibly as by [`Room::room_for_one`]: false
/// (and the search asked to stop) when the memory was refused.
pub fn room_for_total<T>(v: &mut Vec<T>, total: usize) -> bool {
    let more = total.saturating_sub(v.len());
    v.capacity() >= total || reserving(GROWTH, bytes_of::<T>(more), || v.try_reserve_exact(more))
}

/// An empty vector with room for `len` elements, or None when the memory was refused (as by
/// [`filled_with`]): for a table filled by pushes that may pass the cap at once.
pub fn reserved<T>(len: usize, what: &'static str) -> Option<Vec<T>> {
    let mut v = Vec::new();
    reserving(what, bytes_of::<T>(len), || v.try_reserve_exact(len)).then_some(v)
}

/// Room in `v` for one more element, as [`Room::room_for_one`] but the refusal named `what`.
pub fn room_for_one_in<T>(v: &mut Vec<T>, what: &'static str) -> bool {
    let more = v.len().max(MIN_GROWTH);
    v.len() < v.capacity() || reserving(what, bytes_of::<T>(more), || v.try_reserve(more))
}

/// [`filled_with`] copies of `value`.
pub fn filled<T: Clone>(len: usize, what: &'static str, value: T) -> Option<Vec<T>> {
    filled_with(len, what, || value.clone())
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
        self.len() < self.capacity()
            || reserving(GROWTH, bytes_of::<T>(more), || self.try_reserve(more))
    }
}

impl<K: Hash + Eq, V, S: BuildHasher> Room for HashMap<K, V, S> {
    fn room_for_one(&mut self) -> bool {
        let more = self.len().max(MIN_GROWTH);
        self.len() < self.capacity()
            || reserving(GROWTH, bytes_of::<(K, V)>(more), || self.try_reserve(more))
    }
}

impl<K: Hash + Eq, S: BuildHasher> Room for HashSet<K, S> {
    fn room_for_one(&mut self) -> bool {
        let more = self.len().max(MIN_GROWTH);
        self.len() < self.capacity()
            || reserving(GROWTH, bytes_of::<K>(more), || self.try_reserve(more))
    }
}

impl<T: Ord> Room for BinaryHeap<T> {
    fn room_for_one(&mut self) -> bool {
        let more = self.len().max(MIN_GROWTH);
        self.len() < self.capacity()
            || reserving(GROWTH, bytes_of::<T>(more), || self.try_reserve(more))
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

    #[test]
    fn a_table_that_fits_is_filled() {
        // (A refusal asks every search of the process to stop, so it is tested through the
        // binary: tests/robustness.rs.)
        assert_eq!(filled(5, "a small table", 7u8), Some(vec![7; 5]));
        let mut k = 0;
        let counted = filled_with(4, "a counted table", || {
            k += 1;
            k
        });
        assert_eq!(counted, Some(vec![1, 2, 3, 4]));
        assert!(!fallible());
    }
}
