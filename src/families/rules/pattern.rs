//! `heuristic = "auto"`: pattern databases the interpreter builds from the rules. The patterns
//! are chosen within a memory budget: in an array that stays a permutation (tiles, cubies),
//! groups of its values that no guard pins (the blank is left out), as Korf and Felner's
//! disjoint tile patterns; over the other slots, groups of whole slots. A group's tables are
//! added when no move can change two of them (each slide moves one tile); otherwise the
//! largest is taken. Every table is admissible, so the sum or maximum is too.

use super::abstraction::{Abstraction, KeptValues, Pattern};
use super::instance::Target;
use super::layout::Layout;
use super::mirror::{self, Mirror};
use super::model::Rules;
use super::pattern_entries::Entries;
use super::word::{Mask, Word};
use crate::engine::pattern_cache;
use crate::engine::pattern_db::{self, Table, UNREACHED};
use std::time::{Duration, Instant};

/// Entries one table may have (two bytes each).
const MAX_ENTRIES: u64 = 1 << 24;
/// Abstract states a table with a tracked blank may be built over (two bits each).
const MAX_SPACE: u64 = 1 << 27;
/// The estimate of a state from which the goal cannot be reached.
pub const DEAD_END: u64 = u64::MAX / 4;

/// One pattern database.
struct Database {
    what: String,
    abstraction: Abstraction,
    entries: Entries,
    /// The table's counts (its entries are in `entries`).
    table: Table,
    /// Loaded from the cache file rather than built.
    cached: bool,
    /// Why a cache file was refused, if one was.
    refused: Option<String>,
}

/// The slots of the one array every table reads, and each table's kept values.
type SharedTiles = (Vec<(u32, u64)>, Vec<KeptValues>);

/// The tables, in groups: the estimate is the largest group's sum.
pub struct AutoHeuristic {
    groups: Vec<Vec<Database>>,
    /// When every table reads only the tiles of one array: its slots, and per table (in the
    /// groups' order) its kept values and their weights; where the values lie is then read
    /// once per state for all tables.
    tiles: Option<SharedTiles>,
    /// With `tiles`: symmetries of the rules each table is also looked up through.
    mirrors: Vec<Mirror>,
    /// Each move costs at least this (`cheapest`); 1 for `shortest`.
    unit: u64,
    pub elapsed: Duration,
}

/// A pattern before its table is built.
struct Planned {
    what: String,
    pattern: Pattern,
}

impl AutoHeuristic {
    /// The tables for `rules`, whose goal is the one state `goal`; each move costs at least
    /// `unit`. Err: why no pattern could be built; None: a stop request came while they were.
    pub fn build<W: Word>(
        rules: &Rules,
        goal: Mask,
        start: Mask,
        unit: u64,
    ) -> Result<Option<AutoHeuristic>, String> {
        let t0 = Instant::now();
        let mut groups = Vec::new();
        let mut refused = Vec::new();
        let mut tile_slots = None;
        for (planned, additive) in choose(rules, start) {
            let mut built = Vec::new();
            for p in planned {
                if let Some((slots, _, _)) = &p.pattern.tiles {
                    tile_slots.get_or_insert_with(|| slots.clone());
                }
                match Abstraction::new(rules, &p.pattern) {
                    Ok(a) => match database::<W>(rules, a, p.what, goal) {
                        Some(d) => built.push(d),
                        None => return Ok(None),
                    },
                    Err(why) => refused.push(format!("{}: {why}", p.what)),
                }
            }
            if additive {
                groups.push(built);
            } else {
                groups.extend(built.into_iter().map(|d| vec![d]));
            }
        }
        groups.retain(|g| !g.is_empty());
        if groups.is_empty() {
            return Err(if refused.is_empty() {
                "no pattern fits".to_string()
            } else {
                refused.join("; ")
            });
        }
        let tiles = shared_tiles(&groups);
        let mirrors = match (&tiles, tile_slots) {
            (Some(_), Some(slots)) => mirror::find(rules, &slots),
            _ => Vec::new(),
        };
        Ok(Some(AutoHeuristic {
            tiles,
            mirrors,
            groups,
            unit,
            elapsed: t0.elapsed(),
        }))
    }

    /// A lower bound on the cost from `s` to the goal ([`DEAD_END`] when there is no way).
    #[inline]
    pub fn estimate<W: Word>(&self, s: W) -> u64 {
        if let Some((slots, kept)) = &self.tiles {
            return self.estimate_tiles(s, slots, kept);
        }
        let mut best = 0u64;
        for g in &self.groups {
            let mut sum = 0u64;
            for d in g {
                let x = d.entries.get(d.abstraction.table_index(s));
                if x == UNREACHED {
                    return DEAD_END;
                }
                sum += u64::from(x);
            }
            best = best.max(sum);
        }
        best * self.unit
    }

    /// `estimate` for tables over the tiles of one array only.
    #[inline]
    fn estimate_tiles<W: Word>(&self, s: W, slots: &[(u32, u64)], kept: &[KeptValues]) -> u64 {
        let mut at = [0u8; 256];
        for (pos, &(shift, mask)) in slots.iter().enumerate() {
            at[s.field(shift, mask) as usize] = pos as u8;
        }
        let mut best = self.sum_at(&at, kept);
        for m in &self.mirrors {
            if best >= DEAD_END {
                break;
            }
            let mut image = [0u8; 256];
            for (v, &to) in m.value.iter().enumerate() {
                image[to as usize] = m.place[at[v] as usize];
            }
            best = best.max(self.sum_at(&image, kept));
        }
        best
    }

    /// The largest group's sum for the places `at` of the values ([`DEAD_END`] when some
    /// table has no way), times the unit cost.
    #[inline]
    fn sum_at(&self, at: &[u8], kept: &[KeptValues]) -> u64 {
        let mut best = 0u64;
        let mut kept = kept.iter();
        for g in &self.groups {
            let mut sum = 0u64;
            for d in g {
                let k = kept.next().expect("one list per table");
                let x = d.entries.get(Abstraction::table_index_at(at, k));
                if x == UNREACHED {
                    return DEAD_END;
                }
                sum += u64::from(x);
            }
            best = best.max(sum);
        }
        best * self.unit
    }

    /// What was built, for the report: one line per group.
    pub fn describe(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let how = if self.groups.len() > 1 {
            "the largest of "
        } else {
            ""
        };
        lines.push(format!(
            "heuristic auto: {how}{} pattern database group{}, built in {:.3} s",
            self.groups.len(),
            if self.groups.len() == 1 { "" } else { "s" },
            self.elapsed.as_secs_f64()
        ));
        for g in &self.groups {
            let parts: Vec<String> = (g.iter())
                .map(|d| {
                    format!(
                        "{} ({} entries, {} reached, up to {} moves, {:.3} s{})",
                        d.what,
                        crate::report::group_digits(u128::from(d.abstraction.table_bound)),
                        crate::report::group_digits(u128::from(d.table.reached)),
                        d.table.deepest,
                        d.table.elapsed.as_secs_f64(),
                        if d.cached {
                            ", read from the cache"
                        } else {
                            ""
                        }
                    )
                })
                .collect();
            let join = if g.len() > 1 { " + " } else { "" };
            lines.push(format!(
                "pattern{}: {}",
                if g.len() > 1 {
                    "s added (no move changes two)"
                } else {
                    ""
                },
                parts.join(join)
            ));
        }
        let refusals = self
            .groups
            .iter()
            .flatten()
            .filter_map(|d| d.refused.clone());
        lines.extend(refusals);
        if !self.mirrors.is_empty() {
            lines.push(format!(
                "tables also looked up through {} symmetr{} of the moves and goal found in the \
                 rules (the larger estimate is taken)",
                self.mirrors.len(),
                if self.mirrors.len() == 1 { "y" } else { "ies" }
            ));
        }
        lines
    }
}

/// The slots and per-table kept values when every table reads only the tiles of one array.
fn shared_tiles(groups: &[Vec<Database>]) -> Option<SharedTiles> {
    let mut slots: Option<&[(u32, u64)]> = None;
    let mut kept = Vec::new();
    for d in groups.iter().flatten() {
        let (s, k) = d.abstraction.tile_table()?;
        if slots.is_some_and(|old| old != s) {
            return None;
        }
        slots = Some(s);
        kept.push(k);
    }
    Some((slots?.to_vec(), kept))
}

/// The table of one pattern, loaded from the cache when a file built for the same rules,
/// pattern and goal is there and checks out, else built (then cached); None when a stop
/// request came while it was built.
fn database<W: Word>(rules: &Rules, a: Abstraction, what: String, goal: Mask) -> Option<Database> {
    let g = a.canonical(&rules.layout, W::narrow(goal));
    let params = |width| fingerprint(rules, &a, goal, width);
    let dir = pattern_cache::cache_dir();
    let t0 = Instant::now();
    let mut refused = None;
    if let Some(dir) = &dir {
        let size = a.table_bound as usize;
        // A table is cached one byte an entry where it fits, else two: the narrow file first.
        let loaded = match pattern_cache::load(dir, &params(1), size) {
            Ok(None) => pattern_cache::load_wide(dir, &params(2), size).map(|t| {
                t.map(|dist| {
                    let (entries, table) = Entries::of(Table::from_entries(dist, t0.elapsed()));
                    // A two-byte file of a table that fits one byte (an older cache): the
                    // narrow file is read from the next run on.
                    if entries.width() == 1 {
                        pattern_cache::store(dir, &params(1), &entries.bytes());
                    }
                    (entries, table)
                })
            }),
            narrow => narrow.map(|t| t.map(|bytes| Entries::narrow(bytes, t0.elapsed()))),
        };
        match loaded {
            Ok(Some((entries, table))) => {
                return Some(Database {
                    what,
                    abstraction: a,
                    entries,
                    table,
                    cached: true,
                    refused: None,
                });
            }
            Ok(None) => {}
            Err(why) => refused = Some(why),
        }
    }
    let table = if a.table_bound < a.bound {
        pattern_db::build_projected(
            g,
            a.bound as usize,
            |s: W| a.index(s),
            a.table_bound as usize,
            |i| a.project(i),
            |t, out| a.predecessors(rules, t, out),
        )?
    } else {
        pattern_db::build(
            g,
            a.bound as usize,
            |s: W| a.index(s),
            |t, out| a.predecessors(rules, t, out),
        )?
    };
    let (entries, table) = Entries::of(table);
    if let Some(dir) = &dir {
        pattern_cache::store(dir, &params(entries.width()), &entries.bytes());
    }
    Some(Database {
        what,
        abstraction: a,
        entries,
        table,
        cached: false,
        refused,
    })
}

/// What a table is built from, as the cache file's parameters: a checksum of the compiled
/// layout, moves, constraints and abstraction (whatever changes in the spec that the table
/// depends on changes it), the goal and the number of entries, and the entry width in bytes.
fn fingerprint(rules: &Rules, a: &Abstraction, goal: Mask, width: u8) -> Vec<u8> {
    let compiled = format!(
        "{:?}|{:?}|{:?}|{a:?}",
        rules.layout, rules.instances, rules.allowed
    );
    let mut out = format!("rules pattern database, {width}-byte entries\n").into_bytes();
    out.extend_from_slice(&pattern_cache::checksum(compiled.as_bytes()).to_le_bytes());
    out.extend_from_slice(&(compiled.len() as u64).to_le_bytes());
    (goal.used().iter()).for_each(|w| out.extend_from_slice(&w.to_le_bytes()));
    out.extend_from_slice(&a.table_bound.to_le_bytes());
    out
}

/// The patterns, in groups, each with whether its tables may be added.
fn choose(rules: &Rules, start: Mask) -> Vec<(Vec<Planned>, bool)> {
    let layout = &rules.layout;
    let values = layout.unpack(start);
    let permuted: Vec<usize> = (0..layout.vars.len())
        .filter(|&v| super::rank::stays_a_permutation(layout, v, &values, &rules.instances))
        .collect();
    let mut groups = Vec::new();
    let mut in_tiles = vec![false; layout.slots.len()];
    // The longest permutation array gives tile patterns.
    if let Some(&v) = permuted.iter().max_by_key(|&&v| layout.vars[v].len()) {
        let var = &layout.vars[v];
        let slots: Vec<usize> = (var.first..var.first + var.len()).collect();
        slots.iter().for_each(|&k| in_tiles[k] = true);
        groups.push(tile_patterns(rules, &slots));
    }
    permuted.iter().for_each(|&v| {
        let var = &layout.vars[v];
        (var.first..var.first + var.len()).for_each(|k| in_tiles[k] = true);
    });
    let rest: Vec<usize> = (0..layout.slots.len())
        .filter(|&k| !in_tiles[k] && layout.slots[k].mask != 0)
        .collect();
    if !rest.is_empty() {
        groups.push(slot_patterns(rules, &rest));
    }
    groups
}

fn dropped_elsewhere(layout: &Layout) -> Pattern {
    Pattern {
        exact: vec![false; layout.slots.len()],
        tiles: None,
        project_last: false,
        rep: vec![0; layout.slots.len()],
    }
}

/// Values of the permutation array over `slots` in groups as large as the budget allows; the
/// values guards pin (a blank) are in none. Additive when each move moves at most one value
/// of the groups; then, with one blank, each group's abstract space keeps the blank too and its
/// moves among other tiles cost nothing (Korf and Felner): the blank cannot jump, so the
/// tables are stronger than with every other tile taken for a blank.
fn tile_patterns(rules: &Rules, slots: &[usize]) -> (Vec<Planned>, bool) {
    let layout = &rules.layout;
    let n = slots.len() as u64;
    let pinned = pinned_values(rules, slots);
    let additive = moves_one_value(rules, slots, &pinned);
    let blank = match pinned.as_slice() {
        [b] if additive => Some(*b),
        _ => None,
    };
    let values: Vec<u64> = (0..n).filter(|v| !pinned.contains(v)).collect();
    // The largest k with n (n-1) ... (n-k+1) entries within the budget (and the blank's n - k
    // places on top while a tracked blank's table is built).
    let mut k = 0usize;
    let mut entries = 1u64;
    while k < values.len() && entries * (n - k as u64) <= MAX_ENTRIES {
        let space = entries * (n - k as u64) * (n - k as u64 - 1).max(1);
        if blank.is_some() && space > MAX_SPACE {
            break;
        }
        entries *= n - k as u64;
        k += 1;
    }
    let name = &layout.vars[var_of(layout, slots[0])].name;
    let f = layout.slots[slots[0]];
    let planned: Vec<Planned> = groups_of(&by_goal_place(rules, slots, values), k.max(1))
        .iter()
        .map(|chunk| {
            let shown: Vec<String> = chunk
                .iter()
                .map(|&v| (v as i64 + f.lo).to_string())
                .collect();
            let mut pattern = dropped_elsewhere(layout);
            let mut kept = chunk.to_vec();
            kept.extend(blank);
            // The wild value stands for every value not kept: the blank when there is one and
            // it is not tracked, else the first value not kept.
            let wild = match pinned.first() {
                Some(&b) if blank.is_none() => b,
                _ => (0..n).find(|v| !kept.contains(v)).unwrap_or(0),
            };
            pattern.tiles = Some((slots.to_vec(), kept, wild));
            pattern.project_last = blank.is_some();
            Planned {
                what: format!("`{name}` values {}", shown.join(" ")),
                pattern,
            }
        })
        .collect();
    (planned, additive)
}

/// Whether every move moves at most one value of the array over `slots` other than the
/// `pinned` ones (its guard pins the others' slots to them).
fn moves_one_value(rules: &Rules, slots: &[usize], pinned: &[u64]) -> bool {
    let layout = &rules.layout;
    rules.instances.iter().all(|inst| {
        let Some(p) = &inst.effect.perm else {
            return true;
        };
        let guard_pins = inst
            .guard
            .as_ref()
            .and_then(|g| g.equalities(false))
            .unwrap_or_default();
        let mut unknown = 0;
        for st in p.steps().iter().filter(|st| slots.contains(&st.src)) {
            let fs = layout.slots[st.src];
            let pin = guard_pins
                .iter()
                .find(|q| (q.0, q.1) == (fs.shift, fs.mask));
            match pin {
                Some(q) if pinned.contains(&((q.2 - fs.lo) as u64)) => {}
                _ => unknown += 1,
            }
        }
        unknown <= 1
    })
}

/// `values` in the order of the places the goal gives them (neighbours on the board together).
fn by_goal_place(rules: &Rules, slots: &[usize], mut values: Vec<u64>) -> Vec<u64> {
    let Some(goal) = rules.reverse.as_ref().map(|r| r.goal) else {
        return values;
    };
    let layout = &rules.layout;
    let place = |v: u64| {
        (slots.iter())
            .position(|&k| layout.get(goal, k) - layout.slots[k].lo == v as i64)
            .unwrap_or(usize::MAX)
    };
    values.sort_by_key(|&v| place(v));
    values
}

/// `values` in groups of `k`; when that leaves two full groups and a short one, the short one
/// is taken from the middle (Korf and Felner's 6-6-3 on the 15-puzzle: the three tiles between
/// the two blocks of six, which on Korf's instances needs a third of the nodes of a last row).
fn groups_of(values: &[u64], k: usize) -> Vec<Vec<u64>> {
    let n = values.len();
    if n > 2 * k && n < 3 * k {
        return vec![
            values[..k].to_vec(),
            values[n - k..].to_vec(),
            values[k..n - k].to_vec(),
        ];
    }
    values.chunks(k).map(<[u64]>::to_vec).collect()
}

/// The raw values some guard pins a slot of the array to (the blank of a slide).
fn pinned_values(rules: &Rules, slots: &[usize]) -> Vec<u64> {
    let layout = &rules.layout;
    let mut out: Vec<u64> = Vec::new();
    for inst in &rules.instances {
        let eqs = inst
            .guard
            .as_ref()
            .and_then(|g| g.equalities(false))
            .unwrap_or_default();
        for (shift, mask, c) in eqs {
            if let Some(&k) = (slots.iter())
                .find(|&&k| (layout.slots[k].shift, layout.slots[k].mask) == (shift, mask))
            {
                out.push((c - layout.slots[k].lo) as u64);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

fn var_of(layout: &Layout, slot: usize) -> usize {
    (layout.vars.iter())
        .rposition(|v| v.first <= slot)
        .expect("every slot has a variable")
}

/// Whole slots in groups (in order) as large as the budget allows. Additive when no move
/// writes slots of two groups.
fn slot_patterns(rules: &Rules, rest: &[usize]) -> (Vec<Planned>, bool) {
    let layout = &rules.layout;
    let mut chunks: Vec<Vec<usize>> = Vec::new();
    let mut entries = u64::MAX;
    for &k in rest {
        let size = (layout.slots[k].hi - layout.slots[k].lo + 1) as u64;
        match entries.checked_mul(size) {
            Some(e) if e <= MAX_ENTRIES => {
                entries = e;
                chunks.last_mut().expect("a chunk").push(k);
            }
            _ => {
                entries = size;
                chunks.push(vec![k]);
            }
        }
    }
    let group_of = |k: usize| chunks.iter().position(|c| c.contains(&k));
    let additive = rules.instances.iter().all(|inst| {
        let e = &inst.effect;
        let mut written: Vec<usize> = (0..layout.slots.len())
            .filter(|&k| !(layout.mask_of(k) & (e.clear | e.set | e.toggle)).is_empty())
            .collect();
        for w in &e.writes {
            match &w.target {
                Target::Slot(k) => written.push(*k),
                Target::At { var, .. } => {
                    let v = &layout.vars[*var];
                    written.extend(v.first..v.first + v.len());
                }
            }
        }
        if let Some(p) = &e.perm {
            written.extend(p.steps().iter().map(|s| s.dst));
        }
        let mut groups: Vec<usize> = written.into_iter().filter_map(group_of).collect();
        groups.sort_unstable();
        groups.dedup();
        groups.len() <= 1
    });
    let planned = chunks
        .iter()
        .map(|chunk| {
            let mut pattern = dropped_elsewhere(layout);
            chunk.iter().for_each(|&k| pattern.exact[k] = true);
            Planned {
                what: slot_names(layout, chunk),
                pattern,
            }
        })
        .collect();
    (planned, additive)
}

/// "`peg[0..7]`", "`ml`, `cl`": the slots of a pattern.
fn slot_names(layout: &Layout, chunk: &[usize]) -> String {
    let mut parts = Vec::new();
    for (v, var) in layout.vars.iter().enumerate() {
        let mine: Vec<usize> = (chunk.iter())
            .filter(|&&k| var_of(layout, k) == v)
            .map(|&k| k - var.first)
            .collect();
        match (mine.as_slice(), var.shape) {
            ([], _) => {}
            (_, super::layout::Shape::Array(_)) => parts.push(format!(
                "`{}[{}..{}]`",
                var.name,
                mine[0],
                mine[mine.len() - 1]
            )),
            _ => parts.push(format!("`{}`", var.name)),
        }
    }
    parts.join(", ")
}
