//! A xorshift stream of 64-bit words: pseudo-random positions from a fixed seed, for samples
//! that must be the same on every run, and for tests.

/// The xorshift (13, 7, 17) stream from `seed` (not 0), each word after its step.
pub fn xorshift(seed: u64) -> impl Iterator<Item = u64> {
    let mut x = seed;
    std::iter::repeat_with(move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    })
}
