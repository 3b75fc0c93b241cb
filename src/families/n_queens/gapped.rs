//! Counting the completions of pre-placed rows: bitboard backtracking over the free rows only.
//! The pre-placed queens' attacks are already out of the free rows' masks, so their rows are
//! skipped, and the diagonals of the queens placed so far move by the gap to the next free row.

/// The first free rows on the way back to which a stop request is looked for.
const STOP_ROWS: usize = 4;

/// How many first free rows `top_size` weighs.
const TOP_ROWS: usize = 8;

/// The free rows in order: each one's open squares and its distance to the next free row.
pub struct Gapped {
    allowed: Vec<u64>,
    gap: Vec<u32>,
    rows: usize,
}

impl Gapped {
    /// The rows of `allowed` that `fixed` leaves free (`fixed[y]`: row y's queen is placed).
    pub fn new(allowed: &[u64], fixed: &[bool]) -> Gapped {
        let free: Vec<usize> = (0..allowed.len()).filter(|&y| !fixed[y]).collect();
        let mut gap: Vec<u32> = free
            .windows(2)
            .map(|w| (w[1] - w[0]) as u32)
            .chain(std::iter::once(1))
            .collect();
        // Past the last free row everything is open, so the look-ahead never fails there.
        let mut allowed: Vec<u64> = free.iter().map(|&y| allowed[y]).collect();
        let rows = allowed.len();
        allowed.extend([u64::MAX; 3]);
        gap.extend([1; 3]);
        Gapped { allowed, gap, rows }
    }

    /// The nodes of the first free rows' tree if each row's open squares were all usable: how
    /// fast the search fans out before the deep rows, where most of its nodes are.
    pub fn top_size(&self) -> u64 {
        let mut width = 1u64;
        let mut sum = 0u64;
        for a in self.allowed.iter().take(self.rows.min(TOP_ROWS)) {
            width *= u64::from(a.count_ones());
            sum += width;
        }
        sum
    }

    /// Completions of the free rows, and the queens placed on the way (part of them when a
    /// stop was requested).
    pub fn count(&self) -> (u64, u64) {
        let rows = self.rows;
        if rows == 0 {
            return (1, 0);
        }
        if rows == 1 {
            let found = u64::from(self.allowed[0].count_ones());
            return (found, found);
        }
        let (a, g) = (&self.allowed, &self.gap);
        let last = rows - 1;
        // Saved (open squares left, left, down, right) per free row above the current one.
        let mut stack = [(0u64, 0u64, 0u64, 0u64); 64];
        let (mut i, mut left, mut down, mut right) = (0, 0u64, 0u64, 0u64);
        let mut open = a[0];
        let (mut total, mut placed) = (0u64, 0u64);
        loop {
            if open == 0 {
                // One constellation of 21 queens takes seconds: a stop (time limit, Ctrl-C)
                // ends it part way, looked for on the way back to the first rows only (a check
                // at every step back cost 15 %), and the caller reports the count as partial.
                if i == 0 || (i < STOP_ROWS && crate::engine::stop::requested().is_some()) {
                    break;
                }
                i -= 1;
                (open, left, down, right) = stack[i];
                continue;
            }
            let bit = open & open.wrapping_neg();
            open ^= bit;
            placed += 1;
            let s = g[i];
            let (l, d, r) = ((left | bit) << s, down | bit, (right | bit) >> s);
            if i + 1 == last {
                let found = u64::from((a[last] & !(l | d | r)).count_ones());
                total += found;
                placed += found;
                continue;
            }
            let (s2, s3) = (g[i + 1], g[i + 1] + g[i + 2]);
            if a[i + 2] & !((l << s2) | d | (r >> s2)) == 0
                || a[i + 3] & !((l << s3) | d | (r >> s3)) == 0
            {
                // The free row after next (or the one after) is closed whatever the rows
                // between take.
                continue;
            }
            stack[i] = (open, left, down, right);
            i += 1;
            (left, down, right) = (l, d, r);
            open = a[i] & !(left | down | right);
        }
        (total, placed)
    }
}
