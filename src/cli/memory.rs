//! A cap on the memory puzzlespec allocates (`--max-memory`, `solve.max_memory`). The binary's
//! global allocator counts the bytes in use; an allocation that would pass the cap ends the
//! program with a message naming the limit and how to raise it, and exit code
//! [`exit::MEMORY`], instead of the system's out-of-memory abort;
//! a reservation made through `crate::engine::room` is refused instead, and the search stops
//! with a report.
//! Nearer than a tenth of the cap, the search is asked to stop (`crate::engine::stop`), so that
//! a search that polls ends with a report of what it explored, with the same exit code.

use crate::cli::exit;
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

/// The cap in bytes; 0: none.
pub fn cap() -> u64 {
    CAP.load(Relaxed) as u64
}

/// The system allocator with a count of the bytes in use and the cap set by [`set_cap`];
/// `main.rs` makes it the global allocator.
pub struct CappedAllocator {
    used: &'static AtomicUsize,
    cap: &'static AtomicUsize,
    /// Near the cap, ask the running search to stop (the process's allocator does; a test's
    /// own instance must not stop the other tests' searches).
    stops_search: bool,
}

impl CappedAllocator {
    pub const fn new() -> Self {
        CappedAllocator {
            used: &USED,
            cap: &CAP,
            stops_search: true,
        }
    }

    /// Counts `n` more bytes, unless that passes the cap.
    fn reserve(&self, n: usize) -> bool {
        let before = self.used.fetch_add(n, Relaxed);
        let cap = self.cap.load(Relaxed);
        let after = before.saturating_add(n);
        if cap != 0 && after > cap {
            self.used.fetch_sub(n, Relaxed);
            return false;
        }
        // Within a tenth of the cap: ask the search to stop and report what it has, while
        // there is still room to print it (the hard cap above stays for a sudden large request).
        if self.stops_search && cap != 0 && after > cap - cap / 10 {
            crate::engine::stop::request(crate::engine::stop::StopReason::MemoryLimit);
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
            size_words(used as f64),
            size_words(n as f64),
            size_words(cap as f64),
        );
        let _ = std::io::stderr().write_all(message.as_bytes());
        std::process::exit(i32::from(exit::MEMORY))
    }
}

/// Asks the C library's allocator under [`System`] to keep the memory a search frees, for
/// its next allocations. By default glibc maps each block above 128 KiB (rising with what was
/// freed, up to 32 MiB) on its own and unmaps it when freed, and hands the heap's top back
/// past 128 KiB: a layer search that frees and allocates tens of MiB per layer then pays the
/// kernel to fault in and zero the same pages again (English 33's count: 0.26 s of system
/// time so, 0.09 s with the memory kept). Call it early in `main`, before any thread
/// allocates.
pub fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        /// Blocks this large and above are still mapped on their own (glibc's largest
        /// threshold on 64-bit): the heap is not left holding one huge table.
        const MAP_FROM: i32 = 32 << 20;
        /// The free memory at the heap's top that is kept: what one layer frees.
        const KEEP_TOP: i32 = 1 << 30;
        // SAFETY: `mallopt` only sets two of the allocator's parameters; it is called before
        // any other thread exists.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, MAP_FROM);
            libc::mallopt(libc::M_TRIM_THRESHOLD, KEEP_TOP);
        }
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
            if crate::engine::room::fallible() {
                return std::ptr::null_mut();
            }
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
            if crate::engine::room::fallible() {
                return std::ptr::null_mut();
            }
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
            if crate::engine::room::fallible() {
                return std::ptr::null_mut();
            }
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

/// The default cap: three quarters of the memory this process may have: the machine's, or its
/// control group's limit when that is lower (a container), when either can be read. Under an
/// address-space limit (`ulimit -v`) it is at most half that limit: the program, the command's
/// large stack and the allocator's free lists are mapped beside the bytes counted, and passing
/// the limit would be an abort rather than a report.
pub fn default_cap() -> Option<u64> {
    let machine = machine_memory();
    let group = cgroup_limit();
    let total = match (machine, group) {
        (Some(m), Some(g)) => Some(m.min(g)),
        (m, g) => m.or(g),
    };
    let by_memory = total.map(|t| t / DEFAULT_SHARE.1 * DEFAULT_SHARE.0);
    let by_address_space = address_space_limit().map(|a| a / 2);
    match (by_memory, by_address_space) {
        (Some(m), Some(a)) => Some(m.min(a)),
        (m, a) => m.or(a),
    }
}

/// This process's address-space limit (`ulimit -v`, RLIMIT_AS), in bytes, if it has one.
fn address_space_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes the limit into `limit`, which outlives the call.
    let read = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } == 0;
    (read && limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur)
}

/// MemTotal of /proc/meminfo, in bytes.
fn machine_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib: u64 = info
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    kib.checked_mul(1024)
}

/// The memory limit of this process's control group (v2 `memory.max`, else v1
/// `memory.limit_in_bytes`), in bytes; None when there is none ("max") or it cannot be read.
fn cgroup_limit() -> Option<u64> {
    [
        "/sys/fs/cgroup/memory.max",
        "/sys/fs/cgroup/memory/memory.limit_in_bytes",
    ]
    .iter()
    .find_map(|path| std::fs::read_to_string(path).ok()?.trim().parse().ok())
}

/// A size in words: `1.5 GiB`, `300 MiB`, `12 KiB`, `80 bytes`; a float, as an estimate of
/// what a search would need may pass 2^64 bytes (`640.0 EiB`).
pub fn size_words(bytes: f64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut size = bytes;
    let mut unit = None;
    for name in UNITS {
        if size < 1024.0 {
            break;
        }
        size /= 1024.0;
        unit = Some(name);
    }
    match unit {
        Some(name) => format!("{size:.1} {name}"),
        None => format!("{bytes:.0} bytes"),
    }
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
            stops_search: false,
        };
        assert!(a.reserve(60));
        assert!(!a.reserve(41));
        assert!(a.reserve(40));
        a.release(100);
        assert!(a.reserve(100));
    }
}
