//! A hint to bring one element of a slice into the cache before it is read or written: for
//! loops whose reads land at random in tables larger than the caches, issued a few steps ahead
//! so that the waits overlap instead of queueing one after another.

/// Starts fetching `data[i]` into the cache (nothing when `i` is out of range or on other
/// processors than x86-64).
#[inline(always)]
pub fn prefetch<T>(data: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(x) = data.get(i) {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch neither reads nor writes memory as the program sees it, and the
        // address is that of an element the reference keeps alive.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(x).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (data, i);
}
