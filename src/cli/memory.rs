//! A cap on the memory puzzlespec allocates (`--max-memory`, `solve.max_memory`). The binary's
//! global allocator counts the bytes in use; an allocation that would pass the cap ends the
//! program with a message naming the limit and how to raise it, and exit code
//! [`exit::MEMORY`](crate::app::exit::MEMORY), instead of the system's out-of-memory abort.

use crate::app::exit;
use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The default cap: this share of the machine's physical memory.
const DEFAULT_SHARE: (u64, u64) = (3, 4);

/// Bytes in use through [`CappedAllocator`].
static USED: AtomicUsize = AtomicUsize::new(0);
/// The cap in bytes; 0: none.
static CAP: AtomicUsize = AtomicUsize::new(0);

/// Sets the cap in bytes (0: none). It binds only where the binary's global allocator is a
/// [`CappedAllocator`].
pub fn set_cap(bytes: u64) {
    CAP.store(usize::try_from(bytes).unwrap_or(usize::MAX), Relaxed);
}

/// The system allocator with a count of the bytes in use and the cap set by [`set_cap`];
/// `main.rs` makes it the global allocator.
pub struct CappedAllocator {
    used: &'static AtomicUsize,
    cap: &'static AtomicUsize,
}

impl CappedAllocator {
    pub const fn new() -> Self {
        CappedAllocator {
            used: &USED,
            cap: &CAP,
        }
    }

    /// Counts `n` more bytes, unless that passes the cap.
    fn reserve(&self, n: usize) -> bool {
        let before = self.used.fetch_add(n, Relaxed);
        let cap = self.cap.load(Relaxed);
        if cap != 0 && before.saturating_add(n) > cap {
            self.used.fetch_sub(n, Relaxed);
            return false;
        }
        true
    }

    fn release(&self, n: usize) {
        self.used.fetch_sub(n, Relaxed);
    }

    /// Ends the program: the cap would be passed by `n` more bytes.
    fn exceeded(&self, n: usize) -> ! {
        // No cap from here on, so that the message itself may allocate.
        let cap = self.cap.swap(0, Relaxed);
        let used = self.used.load(Relaxed);
        let message = format!(
            "error: memory limit reached: {} in use and {} more asked for, over the limit of {}\n  \
             help: raise it with --max-memory SIZE (e.g. --max-memory 16G) or solve.max_memory in \
             the spec; or solve a smaller instance, or choose an engine that keeps fewer states\n",
            size_words(used as u64),
            size_words(n as u64),
            size_words(cap as u64),
        );
        let _ = std::io::stderr().write_all(message.as_bytes());
        std::process::exit(i32::from(exit::MEMORY))
    }
}

impl Default for CappedAllocator {
    fn default() -> Self {
        Self::new()
    }
}

// SAFETY: every call is passed on to `System` with the same layout; only the count is added.
unsafe impl GlobalAlloc for CappedAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !self.reserve(layout.size()) {
            self.exceeded(layout.size());
        }
        // SAFETY: the caller's layout, as `GlobalAlloc::alloc` requires.
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            self.release(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if !self.reserve(layout.size()) {
            self.exceeded(layout.size());
        }
        // SAFETY: as in `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if p.is_null() {
            self.release(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was given by this allocator, hence by `System`, with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        self.release(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let old = layout.size();
        if new_size > old && !self.reserve(new_size - old) {
            self.exceeded(new_size - old);
        }
        // SAFETY: `ptr` and `layout` come from this allocator, hence from `System`.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        match (p.is_null(), new_size > old) {
            (true, true) => self.release(new_size - old),
            (false, false) => self.release(old - new_size),
            _ => {}
        }
        p
    }
}

/// The default cap: three quarters of the machine's memory, when it can be read.
pub fn default_cap() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib: u64 = info
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024 / DEFAULT_SHARE.1 * DEFAULT_SHARE.0)
}

/// A size in words: `1.5 GiB`, `300 MiB`, `12 KiB`, `80 bytes`.
pub fn size_words(bytes: u64) -> String {
    const UNITS: [(&str, u64); 3] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    for (name, size) in UNITS {
        if bytes >= size {
            return format!("{:.1} {name}", bytes as f64 / size as f64);
        }
    }
    format!("{bytes} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_follows_reserve_and_release_and_stops_at_the_cap() {
        static USED: AtomicUsize = AtomicUsize::new(0);
        static CAP: AtomicUsize = AtomicUsize::new(100);
        let a = CappedAllocator {
            used: &USED,
            cap: &CAP,
        };
        assert!(a.reserve(60));
        assert!(!a.reserve(41));
        assert!(a.reserve(40));
        a.release(100);
        assert!(a.reserve(100));
    }
}
