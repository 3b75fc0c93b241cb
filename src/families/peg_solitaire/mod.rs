//! `kind = "peg-solitaire"`: any peg board, drawn or given by its jump table; minimum moves
//! (chains of jumps by one peg), every minimal solution, counts of jump sequences, or any
//! solution. See docs/peg-solitaire.md.

mod board;
mod engine;
mod invariants;
mod notation;
mod solve;
mod spec;
mod symmetry;

use super::{Family, Puzzle, SolveContext};
use crate::diagnostic::Diagnostic;
use crate::report::Report;
use crate::spec::SpecDocument;
use board::Board;
use spec::PegDocument;

pub struct PegSolitaire;

const OBJECTIVES: &[&str] = &["shortest", "all-shortest", "count", "any"];
const ENGINES: &[&str] = &["layers", "dfs", "beam", "iddfs"];
const METRICS: &[&str] = &["moves", "jumps"];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    /// A chain of consecutive jumps by one peg is one move.
    Moves,
    Jumps,
}

/// A validated peg solitaire problem.
pub struct PegPuzzle {
    pub board: Board,
    /// Holes with a peg at the start.
    pub start: u128,
    pub goal_pegs: u32,
    /// The holes the last pegs may stand on.
    pub goal_at: u128,
    /// Index into `board.jumps` of the fixed first jump.
    pub first_jump: Option<usize>,
    pub metric: Metric,
    pub objective: String,
    pub engine: String,
    pub limit: usize,
    pub draw_boards: bool,
}

impl Family for PegSolitaire {
    fn kind(&self) -> &'static str {
        "peg-solitaire"
    }

    fn about(&self) -> &'static str {
        "peg solitaire on any board: fewest moves, all minimal solutions, counts of jump sequences"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        let spec: PegDocument = doc.deserialize()?;
        let board = Board::from_spec(doc, &spec.board)?;
        let n = board.len();
        let all: u128 = if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        };
        let mask = |holes: &[usize]| holes.iter().fold(0u128, |m, &h| m | 1u128 << h);
        let empty = match &spec.start {
            Some(s) => {
                if !board.drawn_empty.is_empty() {
                    return Err(doc
                        .error(s.span(), "the start is given twice: by `[start]` and by `.` holes in the drawing")
                        .help("keep one: draw every hole as `o`, or remove `[start]`"));
                }
                board.resolve_all(doc, &s.get_ref().empty)?
            }
            None => board.drawn_empty.clone(),
        };
        if empty.is_empty() {
            let span = spec.start.as_ref().map_or(spec.board.span(), |s| s.span());
            return Err(doc
                .error(span, "no hole is empty at the start, so no peg can jump")
                .help("give `[start] empty = [...]`, or draw the empty holes as `.`"));
        }
        let start = all & !mask(&empty);
        let start_pegs = start.count_ones();
        let goal = spec.goal.get_ref();
        let pegs = *goal.pegs.get_ref();
        if pegs < 1 || pegs > i64::from(start_pegs) {
            return Err(doc
                .error(
                    goal.pegs.span(),
                    format!("cannot finish with {pegs} pegs when the start has {start_pegs}"),
                )
                .label("impossible peg count")
                .help(format!(
                    "every jump removes one peg: the goal needs 1 to {start_pegs} pegs"
                )));
        }
        let goal_at = match &goal.at {
            Some(at) => {
                let holes = board.resolve_all(doc, at)?;
                if (holes.len() as i64) < pegs {
                    return Err(doc
                        .error(
                            at.span(),
                            format!("{pegs} pegs cannot stand on {} holes", holes.len()),
                        )
                        .label("too few holes")
                        .help("name at least as many holes as `pegs`, or lower `pegs`"));
                }
                mask(&holes)
            }
            None => all,
        };
        let rules = &spec.rules;
        let metric =
            match crate::spec::choose(&doc.source, "metric", rules.metric.as_ref(), METRICS)? {
                "jumps" => Metric::Jumps,
                _ => Metric::Moves,
            };
        // `first_jump = []` means none, so `--set rules.first_jump=[]` frees it.
        let first_jump = match &rules.first_jump {
            Some(fj) if !fj.get_ref().is_empty() => Some(first_jump(doc, &board, fj, start)?),
            _ => None,
        };
        let objective = spec.solve.objective(&doc.source, OBJECTIVES)?.to_string();
        let engine = spec.solve.engine(&doc.source, ENGINES)?.to_string();
        let fits = match engine.as_str() {
            "dfs" | "beam" => objective == "any",
            "iddfs" => {
                matches!(objective.as_str(), "shortest" | "all-shortest") && metric == Metric::Moves
            }
            "layers" => objective != "any",
            _ => true,
        };
        if !fits {
            let span = spec.solve.engine.as_ref().map_or(0..0, |e| e.span());
            let fit = match objective.as_str() {
                "any" => "\"beam\" or \"dfs\"",
                "count" => "\"layers\"",
                _ => "\"layers\" (or \"iddfs\" for the move metric on small boards)",
            };
            return Err(doc
                .error(
                    span,
                    format!("engine `{engine}` does not compute objective `{objective}`"),
                )
                .help(format!("use engine = {fit} or \"auto\"")));
        }
        Ok(Box::new(PegPuzzle {
            board,
            start,
            goal_pegs: pegs as u32,
            goal_at,
            first_jump,
            metric,
            objective,
            engine,
            limit: spec.solve.limit(100) as usize,
            draw_boards: spec.display.boards,
        }))
    }
}

/// The fixed first jump: [from, to] (the hole jumped over is the one between) or [from, over, to],
/// checked against the board and the start.
fn first_jump(
    doc: &SpecDocument,
    board: &Board,
    fj: &spec::Holes,
    start: u128,
) -> Result<usize, Diagnostic> {
    let holes: Vec<usize> = fj
        .get_ref()
        .iter()
        .map(|r| board.resolve(doc, r))
        .collect::<Result<_, _>>()?;
    let l = |i: usize| board.labels[i].as_str();
    let found: Vec<usize> = match holes.as_slice() {
        [from, to] => board
            .jumps
            .iter()
            .enumerate()
            .filter(|(_, j)| j.from as usize == *from && j.to as usize == *to)
            .map(|(i, _)| i)
            .collect(),
        [from, over, to] => board
            .jumps
            .iter()
            .enumerate()
            .filter(|(_, j)| {
                (j.from as usize, j.over as usize, j.to as usize) == (*from, *over, *to)
            })
            .map(|(i, _)| i)
            .collect(),
        _ => {
            return Err(doc
                .error(
                    fj.span(),
                    "the first jump is [from, to] or [from, over, to]",
                )
                .help("e.g. first_jump = [0, 6]"));
        }
    };
    let what = holes.iter().map(|&h| l(h)).collect::<Vec<_>>().join(" -> ");
    let j = match found.as_slice() {
        [j] => *j,
        [] => {
            return Err(doc
                .error(fj.span(), format!("the board has no jump {what}"))
                .help("name a jump of the board's table: from a hole, over a neighbour, onto the next hole"));
        }
        _ => {
            return Err(doc
                .error(fj.span(), format!("several jumps go {what}"))
                .help("name the hole jumped over too: [from, over, to]"));
        }
    };
    let jump = board.jumps[j];
    let peg = |h: u8| start >> h & 1 == 1;
    if !peg(jump.from) || !peg(jump.over) || peg(jump.to) {
        return Err(doc
            .error(fj.span(), format!("the first jump {what} is not possible at the start"))
            .label("not a legal jump")
            .help("it needs pegs on the hole it leaves and the hole it jumps over, and an empty landing hole"));
    }
    Ok(j)
}

impl Puzzle for PegPuzzle {
    fn summary(&self) -> String {
        let labels = |m: u128| -> Vec<&str> {
            (0..self.board.len())
                .filter(|&h| m >> h & 1 == 1)
                .map(|h| self.board.labels[h].as_str())
                .collect()
        };
        let n = self.board.len();
        let all: u128 = if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        };
        let empty = labels(all & !self.start);
        let at = if self.goal_at == all {
            "anywhere".to_string()
        } else {
            format!("on {}", labels(self.goal_at).join(" "))
        };
        format!(
            "{n} holes, {} jumps; start empty {}; goal {} peg{} {at}",
            self.board.jumps.len(),
            empty.join(" "),
            self.goal_pegs,
            if self.goal_pegs == 1 { "" } else { "s" }
        )
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        if self.board.len() <= 64 {
            solve::solve::<u64>(self, ctx)
        } else {
            solve::solve::<u128>(self, ctx)
        }
    }
}
