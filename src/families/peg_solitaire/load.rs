//! Spec -> checked peg solitaire puzzle: the board, the start, the goal, the rules, the
//! objective and the engine.

use super::board::Board;
use super::goal_positions::{MAX_GOAL_POSITIONS, binomial};
use super::plan::{CATALOG, Metric, PlanInputs, plan};
use super::puzzle::PegPuzzle;
use super::spec::{GoalTable, Holes, PegDocument};
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;

const METRICS: &[&str] = &["moves", "jumps"];

pub fn puzzle_from_spec(doc: &SpecDocument) -> Result<PegPuzzle, Diagnostic> {
    let spec: PegDocument = doc.deserialize()?;
    let board = Board::from_spec(doc, &spec.board)?;
    let start = board.all_holes() & !holes_mask(&start_empty(doc, &spec, &board)?);
    let goal = spec.goal.get_ref();
    let goal_pegs = goal_pegs(doc, goal, start.count_ones())?;
    let goal_at = match &goal.at {
        Some(at) => goal_holes(doc, &board, at, goal_pegs)?,
        None => board.all_holes(),
    };
    let rules = &spec.rules;
    let metric = match crate::spec::choose(&doc.source, "metric", rules.metric.as_ref(), METRICS)? {
        "jumps" => Metric::Jumps,
        _ => Metric::Moves,
    };
    // `first_jump = []` means none, so `--set rules.first_jump=[]` frees it.
    let first_jump = match &rules.first_jump {
        Some(fj) if !fj.get_ref().is_empty() => Some(first_jump(doc, &board, fj, start)?),
        _ => None,
    };
    let choice = CATALOG.choose(doc, &spec.solve)?;
    let inputs = PlanInputs {
        holes: board.len(),
        metric,
        listable_goal: binomial(u64::from(goal_at.count_ones()), u64::from(goal_pegs))
            <= MAX_GOAL_POSITIONS,
        limit: usize::try_from(spec.solve.limit(100)).unwrap_or(usize::MAX),
    };
    let (plan, engine) = plan(&choice, &inputs)?;
    Ok(PegPuzzle {
        board,
        start,
        goal_pegs,
        goal_at,
        first_jump,
        metric,
        objective: choice.objective,
        plan,
        engine,
        draw_boards: spec.display.boards,
    })
}

fn holes_mask(holes: &[usize]) -> u128 {
    holes.iter().fold(0u128, |m, &h| m | 1u128 << h)
}

/// The holes empty at the start: from `[start]` or from the drawing's `.` holes, not both.
fn start_empty(
    doc: &SpecDocument,
    spec: &PegDocument,
    board: &Board,
) -> Result<Vec<usize>, Diagnostic> {
    let empty = match &spec.start {
        Some(s) => {
            if !board.drawn_empty.is_empty() {
                return Err(doc
                    .error(
                        s.span(),
                        "the start is given twice: by `[start]` and by `.` holes in the drawing",
                    )
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
    Ok(empty)
}

/// `[goal] pegs`: 1 up to the pegs at the start.
fn goal_pegs(doc: &SpecDocument, goal: &GoalTable, start_pegs: u32) -> Result<u32, Diagnostic> {
    let pegs = *goal.pegs.get_ref();
    match u32::try_from(pegs) {
        Ok(p) if p >= 1 && p <= start_pegs => Ok(p),
        _ => Err(doc
            .error(
                goal.pegs.span(),
                format!("cannot finish with {pegs} pegs when the start has {start_pegs}"),
            )
            .label("impossible peg count")
            .help(format!(
                "every jump removes one peg: the goal needs 1 to {start_pegs} pegs"
            ))),
    }
}

/// `[goal] at`: the holes the last pegs may stand on, at least as many as the pegs.
fn goal_holes(
    doc: &SpecDocument,
    board: &Board,
    at: &Holes,
    pegs: u32,
) -> Result<u128, Diagnostic> {
    let holes = board.resolve_all(doc, at)?;
    if holes.len() < pegs as usize {
        return Err(doc
            .error(
                at.span(),
                format!("{pegs} pegs cannot stand on {} holes", holes.len()),
            )
            .label("too few holes")
            .help("name at least as many holes as `pegs`, or lower `pegs`"));
    }
    Ok(holes_mask(&holes))
}

/// The fixed first jump: [from, to] (the hole jumped over is the one between) or [from, over, to],
/// checked against the board and the start; its index in `board.jumps`.
fn first_jump(
    doc: &SpecDocument,
    board: &Board,
    fj: &Holes,
    start: u128,
) -> Result<usize, Diagnostic> {
    let holes: Vec<usize> = fj
        .get_ref()
        .iter()
        .map(|r| board.resolve(doc, r))
        .collect::<Result<_, _>>()?;
    let what = holes
        .iter()
        .map(|&h| board.labels[h].as_str())
        .collect::<Vec<_>>()
        .join(" -> ");
    let j = match jumps_matching(board, &holes).as_deref() {
        Some([j]) => *j,
        Some([]) => {
            return Err(doc
                .error(fj.span(), format!("the board has no jump {what}"))
                .help("name a jump of the board's table: from a hole, over a neighbour, onto the next hole"));
        }
        Some(_) => {
            return Err(doc
                .error(fj.span(), format!("several jumps go {what}"))
                .help("name the hole jumped over too: [from, over, to]"));
        }
        None => {
            return Err(doc
                .error(
                    fj.span(),
                    "the first jump is [from, to] or [from, over, to]",
                )
                .help("e.g. first_jump = [0, 6]"));
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

/// The indices of the board's jumps named by [from, to] or [from, over, to]; None for another
/// number of holes.
fn jumps_matching(board: &Board, holes: &[usize]) -> Option<Vec<usize>> {
    let fits = |from: u8, over: u8, to: u8| match holes {
        [f, t] => (from as usize, to as usize) == (*f, *t),
        [f, o, t] => (from as usize, over as usize, to as usize) == (*f, *o, *t),
        _ => false,
    };
    if !(2..=3).contains(&holes.len()) {
        return None;
    }
    Some(
        board
            .jumps
            .iter()
            .enumerate()
            .filter(|(_, j)| fits(j.from, j.over, j.to))
            .map(|(i, _)| i)
            .collect(),
    )
}
