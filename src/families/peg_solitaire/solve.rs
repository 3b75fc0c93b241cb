//! Solving a validated peg problem: symmetry, impossibility invariants, then the engine the
//! objective needs; every solution is replayed on the board before it is reported.

use super::engine::beam_search::beam_solution;
use super::engine::bitboard::{Bitboard, holes};
use super::engine::chain_iddfs;
use super::engine::chain_moves::{MoveDistances, NO_PEG};
use super::engine::dead_end_dfs::DeadEndSearch;
use super::engine::jump_layers::{Goal, Layer, endgame_layer, meet, useful_positions};
use super::engine::jump_space::{Jump, JumpSpace};
use super::notation;
use super::{Metric, PegPuzzle, invariants, symmetry};
use crate::diagnostic::Diagnostic;
use crate::engine::Progress;
use crate::families::SolveContext;
use crate::report::{Report, Solution, Stats, Status, Step};
use std::time::Instant;

/// List the goal positions (for the backward search) when there are at most this many.
const MAX_GOAL_POSITIONS: u64 = 1 << 20;
/// Classes kept per forward layer by the beam search, and its largest backward layer.
const BEAM_WIDTH: usize = 200_000;
const BEAM_CAP: usize = 2_000_000;
/// Largest backward end-game layer (symmetry classes) the `any` search builds.
const ENDGAME_MAX: usize = 3_000_000;
/// Dead positions the `any` search may remember before giving up.
const DFS_BUDGET: usize = 200_000_000;

fn to_b<B: Bitboard>(m: u128) -> B {
    holes(m).fold(B::ZERO, |b, h| b | B::bit(h))
}

fn jump_mask(j: Jump) -> u128 {
    (1u128 << j.from) | (1u128 << j.over) | (1u128 << j.to)
}

pub fn solve<B: Bitboard>(p: &PegPuzzle, ctx: &SolveContext) -> Result<Report, Diagnostic> {
    let t0 = Instant::now();
    let n = p.board.len();
    let all: u128 = if n == 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    };
    let jumps = &p.board.jumps;
    // With a fixed first jump the searches start after it, its peg free to go on jumping.
    let (origin, free, prefix) = match p.first_jump {
        Some(j) => (p.start ^ jump_mask(jumps[j]), jumps[j].to, vec![j]),
        None => (p.start, NO_PEG, Vec::new()),
    };
    let list = |m: u128| -> Vec<usize> { holes(m).collect() };
    let group = symmetry::keeping(
        symmetry::automorphisms(n, jumps),
        &[&list(all & !origin), &list(p.goal_at)],
    );
    let space = JumpSpace::<B>::new(n, jumps.clone(), &group);
    let (engine, reason) = engine_choice(p);
    let mut report = Report::new(&p.objective, Status::Solved, engine, reason);
    report.start = Some(notation::view(&p.board, p.start));
    report
        .extra
        .insert("symmetries".into(), space.group_size().into());

    let goal_list = match goal_positions(p, origin) {
        Ok(list) => list,
        Err(why) => {
            report.status = Status::NoSolution;
            report.notes.push(why);
            report.stats = Stats::new(0, t0.elapsed());
            if p.objective == "count" {
                report.status = Status::Counted;
                report.count = Some(0);
            }
            return Ok(report);
        }
    };
    let goal_pegs = p.goal_pegs;
    let at: B = to_b(p.goal_at);
    let is_goal = move |b: B| b.count() == goal_pegs && b & !at == B::ZERO;
    let goal = match goal_list {
        Some(list) => Goal::Positions(list.into_iter().map(to_b).collect()),
        None => Goal::Within {
            pegs: goal_pegs,
            allowed: at,
        },
    };
    let start_b: B = to_b(origin);
    let progress = ctx.progress;
    let objective = p.objective.as_str();

    if objective == "any" {
        let beam = p.engine == "beam" || (p.engine == "auto" && n > 36);
        if let Goal::Positions(g) = &goal
            && beam
        {
            // Large boards: a beam search guided by isolated pegs first, then the exhaustive DFS.
            let mut neighbours = vec![B::ZERO; n];
            for j in jumps {
                neighbours[j.from as usize] = neighbours[j.from as usize] | B::bit(j.over as usize);
            }
            let isolated = |b: B| holes(b).filter(|&h| b & neighbours[h] == B::ZERO).count() as u32;
            if let Some(js) =
                beam_solution(&space, start_b, g, BEAM_WIDTH, BEAM_CAP, isolated, progress)
            {
                report.engine = "beam".into();
                report.engine_reason = if p.engine == "auto" {
                    "auto: a large board: exact layers back from the goal, the best positions of each layer forward from the start (the depth-first search is the fallback)".into()
                } else {
                    String::new()
                };
                report.stats = Stats::new(0, t0.elapsed());
                let full: Vec<usize> = prefix.iter().chain(&js).copied().collect();
                push_solution(p, &mut report, &full, None)?;
                return Ok(report);
            }
        }
        let endgame = match &goal {
            Goal::Positions(g) => Some(endgame_layer(
                &space,
                g,
                start_b.count(),
                ENDGAME_MAX,
                progress,
            )),
            Goal::Within { .. } => None,
        };
        let mut search = DeadEndSearch::new(&space, goal_pegs, &is_goal, DFS_BUDGET);
        if let Some(layer) = &endgame {
            search = search.with_endgame(layer);
            report.notes.push(format!(
                "end game: the {} classes of {}-peg positions that can still reach the goal were found backwards first",
                layer.len(),
                layer.pegs
            ));
        }
        let out = search.run(start_b, &prefix);
        report.stats = Stats::new(out.dead_positions, t0.elapsed());
        match out.jumps {
            Some(js) => push_solution(p, &mut report, &js, None)?,
            None if out.exhausted_budget => {
                return Err(Diagnostic::new(format!(
                    "the depth-first search gave up after {DFS_BUDGET} dead positions"
                ))
                .help("try objective = \"shortest\" (layered search), or a smaller problem"));
            }
            None => {
                report.status = Status::NoSolution;
                report
                    .notes
                    .push("the depth-first search tried every jump sequence".into());
            }
        }
        return Ok(report);
    }

    if engine == "iddfs" {
        let limit = if objective == "shortest" { 1 } else { p.limit };
        let out = chain_iddfs::minimal_sequences(
            &space,
            start_b,
            free,
            prefix.len() as u32,
            goal_pegs,
            &is_goal,
            limit,
        );
        report.stats = Stats::new(out.nodes, t0.elapsed());
        let Some(moves) = out.moves else {
            report.status = Status::NoSolution;
            return Ok(report);
        };
        report.cost = Some(moves.into());
        if objective == "all-shortest" {
            report.count = Some(out.count);
        }
        for js in &out.listed {
            let full: Vec<usize> = prefix.iter().chain(js).copied().collect();
            push_solution(p, &mut report, &full, Some(moves))?;
        }
        listing_note(&mut report);
        return Ok(report);
    }

    // The layered engine: both ends meet in the middle.
    let meeting = meet(&space, start_b, &goal, objective == "count", progress);
    let states = meeting.states;
    if objective == "count" {
        report.status = Status::Counted;
        report.count = Some(meeting.sequences.ok_or_else(|| {
            Diagnostic::new(
                "the count of jump sequences overflowed 64 bits in one search direction",
            )
            .help("this board has more sequences than the counting engine can hold")
        })?);
        report.stats = Stats::new(states, t0.elapsed());
        report.notes.push(format!(
            "counted over {} layers from the start and {} from the goal, meeting at {} pegs",
            meeting.forward.len(),
            meeting.backward.len(),
            meeting.forward.last().map_or(0, |l| l.pegs)
        ));
        return Ok(report);
    }
    let layers = useful_positions(&space, meeting);
    let useful: u64 = layers.iter().map(|l| l.len() as u64).sum();
    report
        .extra
        .insert("useful_positions".into(), useful.into());
    if layers.first().is_none_or(|l| l.is_empty()) {
        report.status = Status::NoSolution;
        report.stats = Stats::new(states, t0.elapsed());
        report.notes.push("no jump sequence from the start reaches the goal (the searches from both ends never meet)".into());
        return Ok(report);
    }
    match p.metric {
        Metric::Moves => {
            let md = MoveDistances::new(&space, layers, is_goal, progress);
            let base = prefix.len() as u8;
            let rest = if p.first_jump.is_some() {
                md.cost(start_b, free)
            } else {
                md.distance(start_b)
            }
            .ok_or_else(|| Diagnostic::internal("the start has no move distance"))?;
            let best = u32::from(base + rest);
            report.cost = Some(best.into());
            report.notes.push(format!(
                "minimum proved: the exact move distance of all {} positions on any solution (classes under a symmetry group of order {}) was computed, so no solution has fewer than {best} moves",
                md.positions(),
                space.group_size()
            ));
            if objective == "shortest" {
                let js = md
                    .one_solution(start_b, free)
                    .ok_or_else(|| Diagnostic::internal("no minimal solution could be traced"))?;
                let full: Vec<usize> = prefix.iter().chain(&js).copied().collect();
                push_solution(p, &mut report, &full, Some(best))?;
            } else {
                let (count, listed) = md.minimal_sequences(start_b, free, rest, p.limit);
                report.count = Some(count);
                for js in &listed {
                    let full: Vec<usize> = prefix.iter().chain(js).copied().collect();
                    push_solution(p, &mut report, &full, Some(best))?;
                }
                listing_note(&mut report);
            }
            report.stats = Stats::new(states + md.positions(), t0.elapsed());
        }
        Metric::Jumps => {
            let total = prefix.len() as u32 + start_b.count() - goal_pegs;
            report.cost = Some(total.into());
            let limit = if objective == "shortest" { 1 } else { p.limit };
            let listed = walk_useful(&space, &layers, start_b, limit);
            for js in &listed {
                let full: Vec<usize> = prefix.iter().chain(js).copied().collect();
                push_solution(p, &mut report, &full, None)?;
            }
            if objective == "all-shortest" {
                // Every solution has the same number of jumps: count them all.
                let again = meet(&space, start_b, &goal, true, &Progress::hidden());
                report.count = again.sequences;
                listing_note(&mut report);
            }
            report.stats = Stats::new(states, t0.elapsed());
        }
    }
    Ok(report)
}

fn engine_choice(p: &PegPuzzle) -> (&'static str, &'static str) {
    let auto = p.engine == "auto";
    match (p.objective.as_str(), p.engine.as_str()) {
        ("any", _) => (
            "dfs",
            if auto {
                "auto: one solution, depth-first with a table of dead positions"
            } else {
                ""
            },
        ),
        (_, "iddfs") => ("iddfs", ""),
        _ => (
            "layers",
            if auto {
                "auto: bitboard layers from the start and the goal meet in the middle; move distances over the positions on solutions"
            } else {
                ""
            },
        ),
    }
}

fn listing_note(report: &mut Report) {
    if let Some(count) = report.count
        && count > report.solutions.len() as u128
    {
        report.notes.push(format!(
            "listing {} of {count} minimal jump sequences (raise solve.limit for more)",
            report.solutions.len()
        ));
    }
}

/// The goal positions (as hole masks) when few enough to list, after dropping those the
/// position-class invariant rules out; an explanation when it rules them all out.
fn goal_positions(p: &PegPuzzle, origin: u128) -> Result<Option<Vec<u128>>, String> {
    let allowed: Vec<usize> = holes(p.goal_at).collect();
    let k = p.goal_pegs as usize;
    let combos = binomial(allowed.len() as u64, k as u64);
    let sets = invariants::parity_sets(p.board.len(), &p.board.jumps);
    if combos > MAX_GOAL_POSITIONS {
        return Ok(None);
    }
    let mut all = Vec::new();
    combinations(&allowed, k, 0, 0, &mut all);
    let first = all[0];
    let kept: Vec<u128> = all
        .iter()
        .copied()
        .filter(|&g| invariants::separating(&sets, origin, g).is_none())
        .collect();
    if kept.is_empty() {
        let w = invariants::separating(&sets, origin, first).expect("it was ruled out");
        let names: Vec<&str> = holes(w).map(|h| p.board.labels[h].as_str()).collect();
        let parity = |m: u128| {
            if (w & m).count_ones().is_multiple_of(2) {
                "even"
            } else {
                "odd"
            }
        };
        let example: Vec<&str> = holes(first).map(|h| p.board.labels[h].as_str()).collect();
        let others = if all.len() == 1 {
            String::new()
        } else {
            format!(
                " (each of the other {} goal positions is ruled out by such a set too)",
                all.len() - 1
            )
        };
        return Err(format!(
            "impossible by a position-class invariant: every jump has 0 or 2 of its three holes among {{{}}}, so the number of pegs there keeps its parity; the start has {} ({}), the goal with pegs on {} has {} ({}){others}",
            names.join(", "),
            (w & origin).count_ones(),
            parity(origin),
            example.join(", "),
            (w & first).count_ones(),
            parity(first),
        ));
    }
    Ok(Some(kept))
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let mut r: u64 = 1;
    for i in 0..k.min(n - k) {
        r = r.saturating_mul(n - i) / (i + 1);
        if r > u64::MAX / 128 {
            return u64::MAX;
        }
    }
    r
}

fn combinations(holes: &[usize], k: usize, from: usize, acc: u128, out: &mut Vec<u128>) {
    if k == 0 {
        out.push(acc);
        return;
    }
    for i in from..holes.len() {
        if holes.len() - i < k {
            break;
        }
        combinations(holes, k - 1, i + 1, acc | 1u128 << holes[i], out);
    }
}

/// Up to `limit` jump sequences through useful positions only (each one reaches the goal).
fn walk_useful<B: Bitboard>(
    space: &JumpSpace<B>,
    layers: &[Layer<B>],
    start: B,
    limit: usize,
) -> Vec<Vec<usize>> {
    let top = layers.first().map_or(0, |l| l.pegs);
    let useful = |b: B| {
        let i = (top - b.count()) as usize;
        layers
            .get(i)
            .is_some_and(|l| l.contains(space.canonical(b)))
    };
    let goal_pegs = layers.last().map_or(0, |l| l.pegs);
    let mut out = Vec::new();
    let mut path = Vec::new();
    fn go<B: Bitboard>(
        space: &JumpSpace<B>,
        b: B,
        goal_pegs: u32,
        useful: &dyn Fn(B) -> bool,
        limit: usize,
        path: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if b.count() == goal_pegs {
            out.push(path.clone());
            return;
        }
        for j in 0..space.jumps.len() {
            if out.len() >= limit {
                return;
            }
            if let Some(next) = space.apply(b, j)
                && useful(next)
            {
                path.push(j);
                go(space, next, goal_pegs, useful, limit, path, out);
                path.pop();
            }
        }
    }
    go(space, start, goal_pegs, &useful, limit, &mut path, &mut out);
    out
}

/// Replays `js` from the start on the board, checks each jump and the goal (and the number of
/// moves when one is claimed), and adds the solution to the report.
fn push_solution(
    p: &PegPuzzle,
    report: &mut Report,
    js: &[usize],
    claimed_moves: Option<u32>,
) -> Result<(), Diagnostic> {
    let mut b = p.start;
    let mut after = Vec::with_capacity(js.len());
    let mut jumps = Vec::with_capacity(js.len());
    for &j in js {
        let jump = *p
            .board
            .jumps
            .get(j)
            .ok_or_else(|| Diagnostic::internal("a solution names an unknown jump"))?;
        let peg = |h: u8| b >> h & 1 == 1;
        if !peg(jump.from) || !peg(jump.over) || peg(jump.to) {
            return Err(Diagnostic::internal(format!(
                "the solution does not replay: jump {} over {} to {} is not legal",
                p.board.labels[jump.from as usize],
                p.board.labels[jump.over as usize],
                p.board.labels[jump.to as usize]
            )));
        }
        if let Some(first) = p.first_jump
            && jumps.is_empty()
            && j != first
        {
            return Err(Diagnostic::internal(
                "the solution does not begin with the fixed first jump",
            ));
        }
        b ^= jump_mask(jump);
        after.push(b);
        jumps.push(jump);
    }
    if b.count_ones() != p.goal_pegs || b & !p.goal_at != 0 {
        return Err(Diagnostic::internal("the solution does not reach the goal"));
    }
    let chains = notation::moves(&jumps);
    if let Some(m) = claimed_moves
        && chains.len() as u32 != m
    {
        return Err(Diagnostic::internal(format!(
            "a solution claimed to take {m} moves takes {}",
            chains.len()
        )));
    }
    let steps: Vec<Step> = match p.metric {
        Metric::Moves => {
            let mut k = 0;
            chains
                .iter()
                .map(|c| {
                    k += c.len() - 1;
                    Step {
                        action: notation::chain(&p.board, c),
                        state: Some(notation::view(&p.board, after[k - 1])),
                    }
                })
                .collect()
        }
        Metric::Jumps => jumps
            .iter()
            .zip(&after)
            .map(|(j, &a)| Step {
                action: notation::chain(&p.board, &[j.from as usize, j.to as usize]),
                state: Some(notation::view(&p.board, a)),
            })
            .collect(),
    };
    let line = notation::line(&p.board, &jumps);
    let list = report
        .extra
        .entry("notation")
        .or_insert_with(|| serde_json::Value::Array(Vec::new()));
    if let serde_json::Value::Array(v) = list {
        v.push(line.clone().into());
    }
    report.extra.insert("moves".into(), chains.len().into());
    report.extra.insert("jumps".into(), jumps.len().into());
    report.solutions.push(Solution {
        steps,
        notation: (!p.draw_boards).then_some(line),
    });
    if report.cost.is_none() && p.objective == "any" {
        report.notes.push(format!(
            "this solution takes {} moves ({} jumps); it is not claimed minimal",
            chains.len(),
            jumps.len()
        ));
    }
    Ok(())
}
