//! The bitboard's memo for counts: on a packing board many orders of the first pieces leave
//! the same cells covered and the same pieces left (6x10 pentominoes: three visits of each
//! node half way down, on average), and the count below such a node depends on nothing else.
//! So a count remembers, at one depth of pieces, the count below each node it has walked.
//!
//! Only counts that keep every cover use it (a filter asked of each cover could tell apart
//! covers the memo merges), and only where the node's state is the whole key: groups of
//! one option each, or with no bound. One map per thread, shared by the tasks it runs, and
//! emptied when a new count starts on it.

use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A node's key: the items covered, and the groups with budget left.
type Key = (u128, u64);

/// The counts below the nodes walked, for one count.
#[derive(Default)]
pub struct Memo {
    count_id: u64,
    counts: FxHashMap<Key, u64>,
}

impl Memo {
    pub fn get(&self, key: Key) -> Option<u64> {
        self.counts.get(&key).copied()
    }

    pub fn put(&mut self, key: Key, covers: u64) {
        self.counts.insert(key, covers);
    }
}

/// Fewer groups than this and the memo saves too little: nodes rarely meet again.
const MIN_GROUPS: usize = 4;

/// The number of open groups at which a count remembers (half its one-option groups left,
/// where measured on 6x10 pentominoes it saves most: 59 -> 48 ms of one core), or `u32::MAX`
/// when the state is not the key (a group that takes 2 or more options but not any number)
/// or there are too few groups.
pub fn level(budget: &[u32]) -> u32 {
    let single = budget.iter().filter(|&&b| b == 1).count();
    let keyed = budget.iter().all(|&b| b <= 1 || b == u32::MAX);
    let open = budget.iter().filter(|&&b| b > 0).count();
    if !keyed || single < MIN_GROUPS {
        return u32::MAX;
    }
    (open - single / 2) as u32
}

static COUNTS: AtomicU64 = AtomicU64::new(0);

/// A number for a new count, so that a thread's memo from an earlier count (another problem)
/// is never read.
pub fn new_count() -> u64 {
    COUNTS.fetch_add(1, Relaxed) + 1
}

/// Runs `f` with this thread's memo for count `count_id`, emptied first if it held another's.
pub fn with<R>(count_id: u64, f: impl FnOnce(&mut Memo) -> R) -> R {
    thread_local! {
        static MEMO: RefCell<Memo> = RefCell::default();
    }
    MEMO.with_borrow_mut(|m| {
        if m.count_id != count_id {
            m.counts.clear();
            m.count_id = count_id;
        }
        f(m)
    })
}
