//! The project's pseudo-random streams, one place for every family and test that needs one:
//! fixed seeds, so a sample or a generated test case is the same on every run and machine.

/// The xorshift (13, 7, 17) stream from `seed` (not 0), each word after its step: samples of
/// positions (peg solitaire's pagodas) and the random cases of tests.
pub fn xorshift(seed: u64) -> impl Iterator<Item = u64> {
    let mut x = seed;
    std::iter::repeat_with(move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    })
}

/// The SplitMix64 stream from `seed` (any value, 0 included): well mixed from the first word,
/// for samples that must be uniform (codebreaker's sampled secrets).
pub fn splitmix64(seed: u64) -> impl Iterator<Item = u64> {
    let mut state = seed;
    std::iter::repeat_with(move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    })
}
