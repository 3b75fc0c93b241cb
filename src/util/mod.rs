//! General helpers that more than one family or engine uses, kept once here.

pub mod radix_sort;
pub mod random;
