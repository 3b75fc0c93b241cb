//! Every possible secret code, in lexicographic order of symbol indices, and the feedback
//! (right place, wrong place) of a guess against a secret. A feedback is packed into one byte,
//! `right * (length + 1) + wrong`, and for small spaces all of them are precomputed in a table so
//! the strategies' inner loops are a byte lookup.

use rayon::prelude::*;

/// Longest code handled.
pub const MAX_LENGTH: usize = 8;
/// Most symbols handled (a code's symbol set is a u64 mask).
pub const MAX_SYMBOLS: usize = 64;
/// Largest code space enumerated.
pub const MAX_CODES: usize = 1_000_000;
/// Spaces up to this many codes get a full score table (5040^2 bytes = 25 MB for bulls and cows).
pub const TABLE_LIMIT: usize = 5_700;

pub type Code = [u8; MAX_LENGTH];

pub struct CodeSpace {
    pub symbols: Vec<String>,
    pub length: usize,
    pub repeats: bool,
    codes: Vec<Code>,
    masks: Vec<u64>,
    table: Option<Vec<u8>>,
}

/// How many codes a game has, or None when it does not fit in u64.
pub fn code_count(symbols: usize, length: usize, repeats: bool) -> Option<u64> {
    let n = symbols as u64;
    (0..length as u64).try_fold(1u64, |acc, i| {
        acc.checked_mul(if repeats { n } else { n.checked_sub(i)? })
    })
}

impl CodeSpace {
    /// All codes; the caller has checked the limits (length, symbols, count). `with_table` asks
    /// for the score table (when the space is small enough): strategies that score many guesses
    /// need it, first-consistent does not.
    pub fn new(symbols: Vec<String>, length: usize, repeats: bool, with_table: bool) -> CodeSpace {
        let codes = enumerate(symbols.len(), length, repeats);
        let masks = codes
            .iter()
            .map(|c| c[..length].iter().fold(0u64, |m, &s| m | 1 << s))
            .collect();
        let mut space = CodeSpace {
            symbols,
            length,
            repeats,
            codes,
            masks,
            table: None,
        };
        if with_table && space.len() <= TABLE_LIMIT {
            let n = space.len();
            let mut table = vec![0u8; n * n];
            let space_ref = &space;
            table
                .par_chunks_mut(n)
                .enumerate()
                .for_each(|(g, row)| space_ref.fill_row(g, row));
            space.table = Some(table);
        }
        space
    }

    pub fn len(&self) -> usize {
        self.codes.len()
    }

    /// Number of distinct feedback values (some, like 3 right 1 wrong, never occur).
    pub fn feedback_slots(&self) -> usize {
        (self.length + 1) * (self.length + 1)
    }

    /// The feedback meaning "solved".
    pub fn win(&self) -> u8 {
        (self.length * (self.length + 1)) as u8
    }

    pub fn encode(&self, right: usize, wrong: usize) -> u8 {
        (right * (self.length + 1) + wrong) as u8
    }

    pub fn decode(&self, fb: u8) -> (usize, usize) {
        let w = self.length + 1;
        (fb as usize / w, fb as usize % w)
    }

    pub fn code(&self, i: usize) -> &[u8] {
        &self.codes[i][..self.length]
    }

    pub fn mask(&self, i: usize) -> u64 {
        self.masks[i]
    }

    /// The index of a code given as symbol indices.
    pub fn index_of(&self, code: &[u8]) -> Option<usize> {
        let mut key: Code = [0; MAX_LENGTH];
        key[..code.len()].copy_from_slice(code);
        self.codes.binary_search(&key).ok()
    }

    /// The feedback of `g` against every code, when the space has a score table.
    pub fn row(&self, g: usize) -> Option<&[u8]> {
        let n = self.codes.len();
        self.table.as_ref().map(|t| &t[g * n..(g + 1) * n])
    }

    /// Feedback of guess `g` against secret `s`.
    #[inline]
    pub fn score(&self, g: usize, s: usize) -> u8 {
        match &self.table {
            Some(t) => t[g * self.codes.len() + s],
            None => self.compute(g, s),
        }
    }

    /// The feedback of `g` against every secret of `secrets`, counted per feedback value.
    /// `counts` has `feedback_slots()` entries and is overwritten.
    pub fn partition_counts(&self, g: usize, secrets: &[u32], counts: &mut [u32]) {
        counts.fill(0);
        match &self.table {
            Some(t) => {
                let row = &t[g * self.codes.len()..(g + 1) * self.codes.len()];
                for &s in secrets {
                    counts[row[s as usize] as usize] += 1;
                }
            }
            None => {
                for &s in secrets {
                    counts[self.compute(g, s as usize) as usize] += 1;
                }
            }
        }
    }

    /// The scores of guess `g` against every code (`row[s]` = `compute(g, s)`). A plain
    /// function walking the codes in order, so that the hot loop is compiled here once,
    /// whatever rayon's generic code around it becomes.
    #[inline(never)]
    fn fill_row(&self, g: usize, row: &mut [u8]) {
        let l = self.length;
        let (a, mask) = (&self.codes[g][..l], self.masks[g]);
        for ((cell, b), &m) in row.iter_mut().zip(&self.codes).zip(&self.masks) {
            let b = &b[..l];
            let right = a.iter().zip(b).filter(|(x, y)| x == y).count();
            let common = if self.repeats {
                common_symbols(a, b)
            } else {
                (mask & m).count_ones() as usize
            };
            *cell = self.encode(right, common - right);
        }
    }

    fn compute(&self, g: usize, s: usize) -> u8 {
        let (a, b) = (&self.codes[g], &self.codes[s]);
        let mut right = 0;
        for i in 0..self.length {
            right += usize::from(a[i] == b[i]);
        }
        let common = if self.repeats {
            common_symbols(&a[..self.length], &b[..self.length])
        } else {
            (self.masks[g] & self.masks[s]).count_ones() as usize
        };
        self.encode(right, common - right)
    }

    /// The code written with its symbols, e.g. `0 1 2 3` or `red red blue green`.
    pub fn format(&self, code: &[u8]) -> String {
        code.iter()
            .map(|&s| self.symbols[s as usize].as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    pub fn format_index(&self, i: usize) -> String {
        self.format(self.code(i))
    }

    /// Reads a code: symbols separated by spaces or commas, or (when every symbol is one
    /// character) written together, e.g. `9431`.
    pub fn parse(&self, text: &str) -> Result<Vec<u8>, String> {
        let text = text.trim();
        let tokens: Vec<&str> = if text.contains([' ', ',', '\t']) {
            text.split([' ', ',', '\t'])
                .filter(|t| !t.is_empty())
                .collect()
        } else if self.symbols.iter().all(|s| s.chars().count() == 1) {
            text.char_indices()
                .map(|(i, c)| &text[i..i + c.len_utf8()])
                .collect()
        } else {
            vec![text]
        };
        self.parse_tokens(&tokens)
    }

    pub fn parse_tokens(&self, tokens: &[&str]) -> Result<Vec<u8>, String> {
        if tokens.len() != self.length {
            return Err(format!(
                "a code has {} symbols, this one has {}",
                self.length,
                tokens.len()
            ));
        }
        let mut code = Vec::with_capacity(self.length);
        for t in tokens {
            match self.symbols.iter().position(|s| s == t) {
                Some(i) => code.push(i as u8),
                None => return Err(format!("`{t}` is not one of the symbols")),
            }
        }
        if !self.repeats {
            for (i, s) in code.iter().enumerate() {
                if code[..i].contains(s) {
                    return Err(format!(
                        "`{}` appears twice, but codes have no repeated symbols",
                        self.symbols[*s as usize]
                    ));
                }
            }
        }
        Ok(code)
    }
}

/// Symbols two codes share, counting repeats: the sum over symbols of the smaller count.
fn common_symbols(a: &[u8], b: &[u8]) -> usize {
    let mut used = [false; MAX_LENGTH];
    let mut common = 0;
    for &x in a {
        if let Some(j) = (0..b.len()).find(|&j| !used[j] && b[j] == x) {
            used[j] = true;
            common += 1;
        }
    }
    common
}

/// Every code in lexicographic order of symbol indices.
fn enumerate(symbols: usize, length: usize, repeats: bool) -> Vec<Code> {
    let mut out = Vec::new();
    let mut code: Code = [0; MAX_LENGTH];
    fill(&mut out, &mut code, 0, symbols, length, repeats, 0);
    out
}

fn fill(
    out: &mut Vec<Code>,
    code: &mut Code,
    at: usize,
    symbols: usize,
    length: usize,
    repeats: bool,
    used: u64,
) {
    if at == length {
        out.push(*code);
        return;
    }
    for s in 0..symbols {
        if !repeats && used & (1 << s) != 0 {
            continue;
        }
        code[at] = s as u8;
        fill(out, code, at + 1, symbols, length, repeats, used | 1 << s);
    }
}

/// The seeds' way to score, written independently of [`CodeSpace::score`] so that every printed
/// transcript can be re-checked: (right place, right symbol in the wrong place).
pub fn replay_feedback(guess: &[u8], secret: &[u8]) -> (usize, usize) {
    let right = guess.iter().zip(secret).filter(|(a, b)| a == b).count();
    let mut count_guess = [0usize; MAX_SYMBOLS];
    let mut count_secret = [0usize; MAX_SYMBOLS];
    for &x in guess {
        count_guess[x as usize] += 1;
    }
    for &x in secret {
        count_secret[x as usize] += 1;
    }
    let common: usize = count_guess
        .iter()
        .zip(&count_secret)
        .map(|(a, b)| (*a).min(*b))
        .sum();
    (right, common - right)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(n: usize) -> Vec<String> {
        (0..n).map(|d| d.to_string()).collect()
    }

    #[test]
    fn counts_the_classic_spaces() {
        assert_eq!(CodeSpace::new(digits(10), 4, false, true).len(), 5040);
        assert_eq!(CodeSpace::new(digits(6), 4, true, true).len(), 1296);
        assert_eq!(code_count(10, 4, false), Some(5040));
        assert_eq!(code_count(6, 4, true), Some(1296));
        assert_eq!(code_count(3, 4, false), Some(0));
    }

    #[test]
    fn scores_like_the_seed_example() {
        let space = CodeSpace::new(digits(10), 4, false, true);
        let secret = space.index_of(&[6, 2, 8, 1]).unwrap();
        let guess = space.index_of(&[0, 1, 2, 3]).unwrap();
        assert_eq!(space.decode(space.score(guess, secret)), (0, 2));
        let guess = space.index_of(&[3, 2, 7, 4]).unwrap();
        assert_eq!(space.decode(space.score(guess, secret)), (1, 0));
    }

    #[test]
    fn table_and_direct_scores_agree_with_the_replay_scorer() {
        for (symbols, repeats) in [(6, true), (10, false)] {
            let space = CodeSpace::new(digits(symbols), 4, repeats, true);
            for g in (0..space.len()).step_by(7) {
                for s in (0..space.len()).step_by(5) {
                    let fb = space.decode(space.score(g, s));
                    assert_eq!(fb, replay_feedback(space.code(g), space.code(s)));
                    assert_eq!(space.score(g, s), space.compute(g, s));
                }
            }
        }
    }

    #[test]
    fn parses_codes_written_together_or_apart() {
        let space = CodeSpace::new(digits(10), 4, false, true);
        assert_eq!(space.parse("9431").unwrap(), vec![9, 4, 3, 1]);
        assert_eq!(space.parse("9 4 3 1").unwrap(), vec![9, 4, 3, 1]);
        assert!(space.parse("9441").is_err());
        assert!(space.parse("943").is_err());
    }
}
