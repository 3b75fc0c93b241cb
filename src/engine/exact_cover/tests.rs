//! Both engines against a brute force over every subset of options, on random small problems
//! (with secondary items, colours and group budgets for dancing links).

use super::*;
use crate::engine::Progress;

/// A deterministic generator (the project's xorshift), so the cases are the same on every run.
struct Rng(Box<dyn Iterator<Item = u64>>);

impl Rng {
    fn seeded(seed: u64) -> Rng {
        Rng(Box::new(crate::util::random::xorshift(seed)))
    }
    fn next(&mut self) -> u64 {
        self.0.next().expect("an endless stream")
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Every subset of the options checked by `Problem::check`: the covers, as sorted option lists.
fn brute_force(p: &Problem) -> Vec<Vec<usize>> {
    let n = p.options.len();
    let mut out = Vec::new();
    for set in 0u32..1 << n {
        let chosen: Vec<usize> = (0..n).filter(|&o| set >> o & 1 == 1).collect();
        if p.check(&chosen).is_ok() {
            out.push(chosen);
        }
    }
    sorted(out)
}

fn random_problem(rng: &mut Rng, secondary: bool, groups: bool) -> Problem {
    let primary = 1 + rng.below(6) as usize;
    let secondary = if secondary { rng.below(3) as usize } else { 0 };
    let n_options = 1 + rng.below(12) as usize;
    let mut options = Vec::new();
    for _ in 0..n_options {
        let mut items: Vec<u32> = (0..(primary + secondary) as u32)
            .filter(|_| rng.below(3) == 0)
            .collect();
        if items.iter().all(|&i| i as usize >= primary) {
            items.push(rng.below(primary as u64) as u32);
        }
        items.sort_unstable();
        items.dedup();
        let option = items
            .into_iter()
            .map(|item| Entry {
                item,
                colour: if item as usize >= primary {
                    rng.below(3) as u32
                } else {
                    0
                },
            })
            .collect();
        options.push(option);
    }
    let mut p = Problem::new(primary, secondary, options);
    if groups {
        p.budget = vec![1, 2, u32::MAX];
        p.group = (0..n_options).map(|_| rng.below(3) as u32).collect();
    }
    p
}

fn sorted(mut covers: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    for c in &mut covers {
        c.sort_unstable();
    }
    covers.sort();
    covers
}

#[test]
fn dancing_links_finds_exactly_the_brute_force_covers() {
    let mut rng = Rng::seeded(0x9E37_79B9_7F4A_7C15);
    for case in 0..400 {
        let p = random_problem(&mut rng, case % 2 == 0, case % 3 == 0);
        let want = brute_force(&p);
        let listed = dlx::list(&p, usize::MAX - 1, None);
        assert!(listed.complete);
        assert_eq!(sorted(listed.solutions), want, "case {case}: {p:?}");
        let t = dlx::count(&p, None, &Progress::hidden(), None);
        assert_eq!(t.solutions, want.len() as u64, "case {case}");
        assert!(t.complete);
    }
}

#[test]
fn bitboard_finds_exactly_the_brute_force_covers() {
    let mut rng = Rng::seeded(0x2545_F491_4F6C_DD1D);
    for case in 0..400 {
        let p = random_problem(&mut rng, false, case % 2 == 0);
        assert!(p.fits_bitboard());
        let want = brute_force(&p);
        let listed = bitboard::list::<u64>(&p, usize::MAX - 1, None);
        assert_eq!(sorted(listed.solutions), want, "case {case}: {p:?}");
        let t = bitboard::count::<u128>(&p, None, &Progress::hidden(), None);
        assert_eq!(t.solutions, want.len() as u64, "case {case}");
    }
}

/// A problem of one-option groups (pieces used once), and sometimes one group of no bound:
/// the bitboard's counts then go through its memo (`memo::level` takes them).
fn random_pieces_problem(rng: &mut Rng) -> Problem {
    let mut p = random_problem(rng, false, false);
    let groups = 4 + rng.below(5) as usize;
    let unbounded = rng.below(2) == 0;
    p.budget = vec![1; groups];
    if unbounded {
        p.budget.push(u32::MAX);
    }
    let n = p.budget.len() as u64;
    p.group = (0..p.options.len()).map(|_| rng.below(n) as u32).collect();
    p
}

/// Counts through the memo, whole, split into parts and pinned at each option with every cover
/// kept, give the brute force's counts.
#[test]
fn memo_counts_match_the_brute_force() {
    let mut rng = Rng::seeded(0x6A09_E667_F3BC_C908);
    for case in 0..300 {
        let p = random_pieces_problem(&mut rng);
        assert_ne!(memo::level(&p.budget), u32::MAX, "case {case}");
        let covers = brute_force(&p);
        let t = bitboard::count::<u64>(&p, None, &Progress::hidden(), None);
        assert_eq!(
            (t.solutions, t.kept),
            (covers.len() as u64, covers.len() as u64)
        );
        let parts: u64 = (0..3)
            .map(|k| {
                let s = Some(crate::engine::split::Shard::new(k, 3).unwrap());
                bitboard::count::<u64>(&p, None, &Progress::hidden(), s).solutions
            })
            .sum();
        assert_eq!(parts, covers.len() as u64, "case {case}: {p:?}");
        let roots: Vec<usize> = (0..p.options.len()).collect();
        let all = vec![true; roots.len()];
        let never = |_: usize, _: &[usize]| false;
        let tallies =
            Algorithm::Bitboard.count_each(&p, &roots, &never, &all, &Progress::hidden(), None);
        for (&root, t) in roots.iter().zip(&tallies) {
            let holding = covers.iter().filter(|c| c.contains(&root)).count() as u64;
            assert_eq!(
                (t.solutions, t.kept),
                (holding, holding),
                "case {case}, root {root}: {p:?}"
            );
        }
    }
}

#[test]
fn a_limit_lists_that_many_and_says_there_are_more() {
    // Two items, each coverable alone or together: covers {0,1}, {2}.
    let e = |item| Entry { item, colour: 0 };
    let p = Problem::new(2, 0, vec![vec![e(0)], vec![e(1)], vec![e(0), e(1)]]);
    let one = dlx::list(&p, 1, None);
    assert_eq!((one.solutions.len(), one.complete), (1, false));
    let two = bitboard::list::<u64>(&p, 2, None);
    assert_eq!((two.solutions.len(), two.complete), (2, true));
}

#[test]
fn the_keep_filter_counts_a_subset() {
    let e = |item| Entry { item, colour: 0 };
    let p = Problem::new(2, 0, vec![vec![e(0)], vec![e(1)], vec![e(0), e(1)]]);
    let keep = |path: &[usize]| path.len() == 1;
    let t = dlx::count(&p, Some(&keep), &Progress::hidden(), None);
    assert_eq!((t.solutions, t.kept), (2, 1));
    let t = bitboard::count::<u64>(&p, Some(&keep), &Progress::hidden(), None);
    assert_eq!((t.solutions, t.kept), (2, 1));
}

/// The shards of a split count add up to the whole count, in 1 to 9 parts.
#[test]
fn shards_add_up_to_the_whole_count() {
    use crate::engine::split::Shard;
    let mut rng = Rng::seeded(0x5851_F42D_4C95_7F2D);
    for case in 0..60 {
        let p = random_problem(&mut rng, false, case % 2 == 0);
        let want = brute_force(&p).len() as u64;
        for n in 1..=9u32 {
            let (mut d, mut b) = (0, 0);
            for k in 0..n {
                let s = Some(Shard::new(k, n).unwrap());
                d += dlx::count(&p, None, &Progress::hidden(), s).solutions;
                b += bitboard::count::<u64>(&p, None, &Progress::hidden(), s).solutions;
            }
            assert_eq!((d, b), (want, want), "case {case} in {n}: {p:?}");
        }
    }
}

/// Pinning each option in turn over dancing links counts the brute force's covers holding it,
/// with colours: a root's coloured secondary item keeps the options that agree with it. The
/// covers handed to `keep` are the original options, the root included.
#[test]
fn pinned_counts_match_the_brute_force_with_colours() {
    let mut rng = Rng::seeded(0xD1B5_4A32_D192_ED03);
    let mut coloured_roots = 0;
    for case in 0..300 {
        let p = random_problem(&mut rng, true, case % 3 == 0);
        let covers = brute_force(&p);
        let roots: Vec<usize> = (0..p.options.len()).collect();
        let keep = |k: usize, cover: &[usize]| {
            assert!(cover.contains(&k), "case {case}: the root is in the cover");
            assert!(p.check(cover).is_ok(), "case {case}: {cover:?}");
            cover.len().is_multiple_of(2)
        };
        let keep: KeepEach = &keep;
        let tallies =
            Algorithm::DancingLinks.count_each(&p, &roots, keep, &[], &Progress::hidden(), None);
        assert_eq!(tallies.len(), roots.len());
        for (&root, t) in roots.iter().zip(&tallies) {
            let holding: Vec<&Vec<usize>> = covers.iter().filter(|c| c.contains(&root)).collect();
            let even = holding.iter().filter(|c| c.len().is_multiple_of(2)).count();
            assert_eq!(
                (t.solutions, t.kept),
                (holding.len() as u64, even as u64),
                "case {case}, root {root}: {p:?}"
            );
            if p.options[root].iter().any(|e| e.colour > 0) && !holding.is_empty() {
                coloured_roots += 1;
            }
        }
    }
    // The cases do exercise roots with colours that are in some cover.
    assert!(coloured_roots > 50, "{coloured_roots}");
}
