//! The processor features this binary was compiled to use, checked before anything else runs.
//!
//! `.cargo/config.toml` builds for x86-64-v3 (AVX2, BMI1/2, POPCNT, LZCNT: popcount and bit
//! scans are in every hot loop of the layer searches). On an older processor such a binary
//! would die of an illegal instruction somewhere in a search; this says so at the start
//! instead, with the way to rebuild. The features come from `cfg!(target_feature)`, so a build
//! with other `RUSTFLAGS` checks what that build uses. `is_x86_feature_detected!` cannot do
//! this: it answers `true` at compile time for a feature the build enables.

/// The features this build uses that the processor lacks, by name (empty where nothing is
/// missing or the target is not x86-64).
pub fn missing_features() -> Vec<&'static str> {
    #[cfg(target_arch = "x86_64")]
    {
        x86::missing_in(&x86::Present::read())
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        Vec::new()
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::{__cpuid_count, CpuidResult};

    /// The features this build uses that `present` lacks.
    pub fn missing_in(present: &Present) -> Vec<&'static str> {
        FEATURES
            .iter()
            .filter(|f| f.compiled && !f.test.holds(present))
            .map(|f| f.name)
            .collect()
    }

    /// The feature words of `cpuid` that the tests read.
    pub struct Present {
        pub leaf1_ecx: u32,
        pub leaf7_ebx: u32,
        pub extended_ecx: u32,
        /// The operating system saves the AVX registers (XCR0 bits 1 and 2).
        pub os_avx: bool,
    }

    impl Present {
        pub fn read() -> Present {
            let max_leaf = cpuid(0).eax;
            let leaf1_ecx = cpuid(1).ecx;
            let leaf7_ebx = if max_leaf >= 7 { cpuid(7).ebx } else { 0 };
            let extended_ecx = if cpuid(0x8000_0000).eax >= 0x8000_0001 {
                cpuid(0x8000_0001).ecx
            } else {
                0
            };
            // XGETBV exists when the OS has turned XSAVE on (OSXSAVE, leaf 1 ECX bit 27).
            let os_avx = leaf1_ecx & (1 << 27) != 0 && xcr0() & 0b110 == 0b110;
            Present {
                leaf1_ecx,
                leaf7_ebx,
                extended_ecx,
                os_avx,
            }
        }

        /// Every feature word set (`true`) or clear (`false`), for the tests.
        #[cfg(test)]
        pub fn uniform(set: bool) -> Present {
            let word = if set { u32::MAX } else { 0 };
            Present {
                leaf1_ecx: word,
                leaf7_ebx: word,
                extended_ecx: word,
                os_avx: set,
            }
        }
    }

    /// `cpuid` for `leaf` (sub-leaf 0). Safe since Rust 1.87, `unsafe` before it (README: 1.85).
    #[allow(unused_unsafe)]
    fn cpuid(leaf: u32) -> CpuidResult {
        // SAFETY: every x86-64 processor has CPUID; it reads no memory.
        unsafe { __cpuid_count(leaf, 0) }
    }

    fn xcr0() -> u64 {
        let (eax, edx): (u32, u32);
        // SAFETY: called only when OSXSAVE says XGETBV is enabled; reads XCR0, no memory.
        unsafe {
            std::arch::asm!("xgetbv", in("ecx") 0u32, out("eax") eax, out("edx") edx,
                options(nomem, nostack, preserves_flags));
        }
        (u64::from(edx) << 32) | u64::from(eax)
    }

    /// Where `cpuid` reports a feature.
    pub enum Test {
        Leaf1Ecx(u32),
        Leaf7Ebx(u32),
        ExtendedEcx(u32),
        /// A leaf 1 ECX bit that also needs the OS to save the AVX registers.
        Avx(u32),
        Avx2,
    }

    impl Test {
        pub fn holds(&self, p: &Present) -> bool {
            match *self {
                Test::Leaf1Ecx(bit) => p.leaf1_ecx & (1 << bit) != 0,
                Test::Leaf7Ebx(bit) => p.leaf7_ebx & (1 << bit) != 0,
                Test::ExtendedEcx(bit) => p.extended_ecx & (1 << bit) != 0,
                Test::Avx(bit) => p.os_avx && p.leaf1_ecx & (1 << bit) != 0,
                Test::Avx2 => p.os_avx && p.leaf7_ebx & (1 << 5) != 0,
            }
        }
    }

    pub struct Feature {
        pub name: &'static str,
        pub compiled: bool,
        pub test: Test,
    }

    /// The features of x86-64-v2 and v3 the compiler may use on its own (Intel SDM, CPUID).
    pub const FEATURES: &[Feature] = &[
        feature("sse3", cfg!(target_feature = "sse3"), Test::Leaf1Ecx(0)),
        feature("ssse3", cfg!(target_feature = "ssse3"), Test::Leaf1Ecx(9)),
        feature("fma", cfg!(target_feature = "fma"), Test::Avx(12)),
        feature(
            "cmpxchg16b",
            cfg!(target_feature = "cmpxchg16b"),
            Test::Leaf1Ecx(13),
        ),
        feature(
            "sse4.1",
            cfg!(target_feature = "sse4.1"),
            Test::Leaf1Ecx(19),
        ),
        feature(
            "sse4.2",
            cfg!(target_feature = "sse4.2"),
            Test::Leaf1Ecx(20),
        ),
        feature("movbe", cfg!(target_feature = "movbe"), Test::Leaf1Ecx(22)),
        feature(
            "popcnt",
            cfg!(target_feature = "popcnt"),
            Test::Leaf1Ecx(23),
        ),
        feature("avx", cfg!(target_feature = "avx"), Test::Avx(28)),
        feature("f16c", cfg!(target_feature = "f16c"), Test::Avx(29)),
        feature("bmi1", cfg!(target_feature = "bmi1"), Test::Leaf7Ebx(3)),
        feature("avx2", cfg!(target_feature = "avx2"), Test::Avx2),
        feature("bmi2", cfg!(target_feature = "bmi2"), Test::Leaf7Ebx(8)),
        feature(
            "lzcnt",
            cfg!(target_feature = "lzcnt"),
            Test::ExtendedEcx(5),
        ),
    ];

    const fn feature(name: &'static str, compiled: bool, test: Test) -> Feature {
        Feature {
            name,
            compiled,
            test,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_machine_running_the_tests_has_every_feature_the_build_uses() {
        // The tests run the binary they were built with: had a feature been missing, they
        // could not have started. So the check must find none, not a false alarm.
        assert_eq!(missing_features(), Vec::<&str>::new());
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn a_processor_without_features_lacks_every_one_the_build_uses() {
        let compiled: Vec<&str> = x86::FEATURES
            .iter()
            .filter(|f| f.compiled)
            .map(|f| f.name)
            .collect();
        assert_eq!(x86::missing_in(&x86::Present::uniform(false)), compiled);
        assert_eq!(
            x86::missing_in(&x86::Present::uniform(true)),
            Vec::<&str>::new()
        );
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx_counts_only_when_the_system_saves_its_registers() {
        let mut words = x86::Present::uniform(true);
        assert!(x86::Test::Avx2.holds(&words));
        words = x86::Present {
            os_avx: false,
            ..words
        };
        assert!(!x86::Test::Avx2.holds(&words));
        assert!(!x86::Test::Avx(28).holds(&words));
        assert!(x86::Test::Leaf1Ecx(23).holds(&words));
    }
}
