//! Spec -> checked sliding-blocks puzzle: the drawn board and its pieces, their axes, exits and
//! classes of interchangeable pieces, the goal, the objective and the engine.

use super::board::{Board, Piece};
use super::drawing::Drawing;
use super::goal::{self, Coordinate, Goal};
use super::model::{Blocks, Class, MAX_CELLS, Metric};
use super::plan::{CATALOG, plan};
use super::puzzle::BlocksPuzzle;
use super::spec::{BlocksDocument, GoalTable, RulesTable};
use crate::diagnostic::Diagnostic;
use crate::expr::check::check_over;
use crate::expr::{ExprError, Type};
use crate::families::state_space::plan::Objective;
use crate::spec::{SpecDocument, choose};
use std::collections::BTreeMap;
use toml::Spanned;

const AXES: [&str; 4] = ["both", "horizontal", "vertical", "lengthwise"];

pub fn puzzle_from_spec(doc: &SpecDocument) -> Result<BlocksPuzzle, Diagnostic> {
    let spec: BlocksDocument = doc.deserialize()?;
    let drawing = Drawing::read(doc, &spec.board.get_ref().drawing, "the board drawing");
    let board = Board::read(&drawing)?;
    let rules = &spec.rules;
    let metric = match choose(
        &doc.source,
        "metric",
        rules.metric.as_ref(),
        &["steps", "moves"],
    )? {
        "moves" => Metric::Moves,
        _ => Metric::Steps,
    };
    let dirs = piece_directions(doc, &drawing, &board, rules)?;
    let can_exit = exit_rights(doc, &board, rules)?;
    let class_of = classes_of(doc, &board, rules, &dirs, &can_exit)?;
    let model = build_model(&drawing, &board, &class_of, &dirs, &can_exit, metric)?;
    let choice = CATALOG.choose(doc, &spec.solve)?;
    let goal = match &spec.goal {
        Some(table) => read_goal(doc, table, &board, &model, &class_of)?,
        None => no_goal(doc, &spec, choice.objective)?,
    };
    let start = start_state(&board, &model);
    let limit = usize::try_from(spec.solve.limit(100)).unwrap_or(usize::MAX);
    let undoable = model
        .classes
        .iter()
        .all(|c| c.leave.iter().all(|&l| l == 0));
    let (plan, engine) = plan(&choice, goal.single_state(&model), undoable, limit)?;
    let goal_site = spec
        .goal
        .as_ref()
        .and_then(|g| g.get_ref().predicate.as_ref())
        .map(|p| doc.formula_site(p, "the goal"));
    Ok(BlocksPuzzle {
        model,
        board,
        class_of,
        start,
        goal,
        objective: choice.objective,
        plan,
        engine,
        goal_site,
    })
}

/// The directions (bits: up, down, left, right) each piece may move in.
fn piece_directions(
    doc: &SpecDocument,
    drawing: &Drawing,
    board: &Board,
    rules: &RulesTable,
) -> Result<Vec<u8>, Diagnostic> {
    let default = choose(&doc.source, "axis", rules.axis.as_ref(), &AXES)?;
    for (symbol, axis) in &rules.axes {
        if single_symbol(symbol)
            .and_then(|s| board.piece_of(s))
            .is_none()
        {
            return Err(doc
                .error(
                    axis.span(),
                    format!("`{symbol}` in rules.axes is not a piece of the board"),
                )
                .help("name a piece by its one-character symbol in the board drawing"));
        }
    }
    board
        .pieces
        .iter()
        .map(|piece| {
            let own = rules.axes.get(&piece.symbol.to_string());
            let axis = match own {
                Some(a) => choose(&doc.source, "axis", Some(a), &AXES)?,
                None => default,
            };
            axis_bits(drawing, piece, axis)
        })
        .collect()
}

fn single_symbol(text: &str) -> Option<char> {
    let mut chars = text.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

fn axis_bits(drawing: &Drawing, piece: &Piece, axis: &str) -> Result<u8, Diagnostic> {
    const VERTICAL: u8 = 0b0011;
    const HORIZONTAL: u8 = 0b1100;
    Ok(match axis {
        "horizontal" => HORIZONTAL,
        "vertical" => VERTICAL,
        "lengthwise" => {
            let rows = piece.cells.iter().all(|c| c.0 == piece.cells[0].0);
            let cols = piece.cells.iter().all(|c| c.1 == piece.cells[0].1);
            match (piece.cells.len() > 1, rows, cols) {
                (true, true, _) => HORIZONTAL,
                (true, _, true) => VERTICAL,
                _ => {
                    let (r, c) = piece.cells[0];
                    return Err(drawing
                        .error(r as usize, c as usize, format!("piece `{}` has no length to move along", piece.symbol))
                        .help("`lengthwise` is for straight pieces of two or more cells; give this one its axis in rules.axes"));
                }
            }
        }
        _ => 0b1111,
    })
}

/// Which pieces may leave through an exit gap.
fn exit_rights(
    doc: &SpecDocument,
    board: &Board,
    rules: &RulesTable,
) -> Result<Vec<bool>, Diagnostic> {
    let mut can = vec![false; board.pieces.len()];
    for list in &rules.exits {
        for s in list.get_ref().chars() {
            match board.piece_of(s) {
                Some(p) => can[p] = true,
                None => {
                    return Err(doc
                        .error(
                            list.span(),
                            format!("`{s}` in rules.exits is not a piece of the board"),
                        )
                        .help(
                            "list the symbols of the pieces that may leave, e.g. exits = [\"X\"]",
                        ));
                }
            }
        }
    }
    let gaps = board
        .tiles
        .iter()
        .any(|t| matches!(t, super::board::Tile::Exit(_)));
    if let (Some(list), false) = (rules.exits.first(), gaps) {
        return Err(doc
            .error(
                list.span(),
                "pieces may leave, but the board has no exit gap",
            )
            .help("draw the gap as `=` in the wall, beside the cells a piece leaves from"));
    }
    Ok(can)
}

/// The class of each piece: pieces of one shape, axis and exit right are one class under
/// `interchangeable = "shape"` (the default); `groups` merge more (pieces that must agree).
fn classes_of(
    doc: &SpecDocument,
    board: &Board,
    rules: &RulesTable,
    dirs: &[u8],
    can_exit: &[bool],
) -> Result<Vec<usize>, Diagnostic> {
    let by_shape = choose(
        &doc.source,
        "interchangeable",
        rules.interchangeable.as_ref(),
        &["shape", "none"],
    )? == "shape";
    let key = |p: usize| (board.pieces[p].shape(), dirs[p], can_exit[p]);
    let mut leader: Vec<usize> = (0..board.pieces.len()).collect();
    if by_shape {
        for (p, l) in leader.iter_mut().enumerate() {
            *l = (0..p).find(|&q| key(q) == key(p)).unwrap_or(p);
        }
    }
    merge_groups(doc, board, rules, &key, &mut leader)?;
    let mut classes: Vec<usize> = Vec::new();
    Ok(leader
        .iter()
        .map(|l| match classes.iter().position(|c| c == l) {
            Some(k) => k,
            None => {
                classes.push(*l);
                classes.len() - 1
            }
        })
        .collect())
}

/// Merges the classes of the pieces each group lists; they must agree in shape, axis and exit.
fn merge_groups<K: PartialEq>(
    doc: &SpecDocument,
    board: &Board,
    rules: &RulesTable,
    key: &dyn Fn(usize) -> K,
    leader: &mut [usize],
) -> Result<(), Diagnostic> {
    for group in &rules.groups {
        let mut first: Option<usize> = None;
        for s in group.get_ref().chars() {
            let Some(p) = board.piece_of(s) else {
                return Err(doc
                    .error(
                        group.span(),
                        format!("`{s}` in rules.groups is not a piece of the board"),
                    )
                    .help(
                        "a group lists the symbols of interchangeable pieces, e.g. \"0123456789\"",
                    ));
            };
            let f = *first.get_or_insert(p);
            if key(f) != key(p) {
                return Err(doc
                .error(group.span(), format!(
                    "`{}` and `{s}` cannot be interchangeable: their shapes, axes or exit rights differ",
                    board.pieces[f].symbol
                ))
                .help("group only pieces of one shape that move alike"));
            }
            let (old, new) = (leader[p], leader[f]);
            leader
                .iter_mut()
                .filter(|l| **l == old)
                .for_each(|l| *l = new);
        }
    }
    Ok(())
}

fn build_model(
    drawing: &Drawing,
    board: &Board,
    class_of: &[usize],
    dirs: &[u8],
    can_exit: &[bool],
    metric: Metric,
) -> Result<Blocks, Diagnostic> {
    let cells = board
        .tiles
        .iter()
        .filter(|t| **t == super::board::Tile::Cell)
        .count();
    if cells > MAX_CELLS {
        return Err(drawing.whole_error(format!(
            "the board has {cells} cells, more than {MAX_CELLS}"
        )));
    }
    let count = class_of.iter().max().map_or(0, |m| m + 1);
    let mut classes = Vec::with_capacity(count);
    for k in 0..count {
        let pieces: Vec<usize> = (0..class_of.len()).filter(|&p| class_of[p] == k).collect();
        let first = pieces[0];
        let class = Class::new(
            board,
            &board.pieces[first].shape(),
            pieces,
            dirs[first],
            can_exit[first],
        );
        if can_exit[first] && class.leave.iter().all(|&l| l == 0) {
            let (r, c) = board.pieces[first].cells[0];
            return Err(drawing
                .error(
                    r as usize,
                    c as usize,
                    format!(
                        "piece `{}` cannot fit through any exit gap",
                        board.pieces[first].symbol
                    ),
                )
                .help(exit_help(&board.pieces[first])));
        }
        classes.push(class);
    }
    Blocks::new(classes, metric).ok_or_else(|| {
        drawing
            .whole_error("this board's positions need more than 128 bits")
            .help("use fewer pieces, or group interchangeable ones in rules.groups")
    })
}

/// How wide the piece is across each gap, for the message about a piece that cannot leave.
fn exit_help(piece: &Piece) -> String {
    let widest = |vertical: bool| {
        let mut v: Vec<i32> = piece
            .cells
            .iter()
            .map(|c| if vertical { c.1 } else { c.0 })
            .collect();
        v.sort_unstable();
        v.dedup();
        v.len()
    };
    format!(
        "the piece is {} cells wide and {} tall; a gap must be as wide as the piece across it, on a side the piece can move towards along its axis, with every cell in front of the piece a gap",
        widest(true),
        widest(false)
    )
}

/// Without a `[goal]` only the objectives that explore the whole space can run.
fn no_goal(
    doc: &SpecDocument,
    spec: &BlocksDocument,
    objective: Objective,
) -> Result<Goal, Diagnostic> {
    if matches!(objective, Objective::Longest | Objective::Reachable) {
        return Ok(Goal::default());
    }
    let span = spec
        .solve
        .objective
        .as_ref()
        .map_or(doc.puzzle.kind.span(), |o| o.span());
    Err(doc.error(span, "this objective needs a [goal]").help(
        "add [goal] with `drawing` or `predicate`, or use objective = \"longest\" or \"reachable\"",
    ))
}

fn read_goal(
    doc: &SpecDocument,
    goal_table: &Spanned<GoalTable>,
    board: &Board,
    model: &Blocks,
    class_of: &[usize],
) -> Result<Goal, Diagnostic> {
    let table = goal_table.get_ref();
    let mut goal = match &table.drawing {
        Some(d) => goal::read_drawing(
            &Drawing::read(doc, d, "the goal drawing"),
            board,
            model,
            class_of,
        )?,
        None => Goal::default(),
    };
    match (&table.predicate, &table.drawing) {
        (Some(p), _) => {
            let (expr, vars) = predicate(doc, p, board, model, class_of)?;
            goal.predicate = Some(expr);
            goal.vars = vars;
        }
        (None, Some(_)) => {}
        (None, None) => {
            return Err(doc
                .error(goal_table.span(), "the goal has neither a drawing nor a predicate")
                .help("give `drawing` (the board with the pieces that matter placed, `?` elsewhere) or `predicate` (e.g. \"out_X == 1\")"));
        }
    }
    Ok(goal)
}

type Bound = (crate::expr::Expr, Vec<(usize, Coordinate)>);

/// The predicate bound to `row_X`, `col_X`, `out_X` of the pieces alone in their class.
fn predicate(
    doc: &SpecDocument,
    text: &Spanned<String>,
    board: &Board,
    model: &Blocks,
    class_of: &[usize],
) -> Result<Bound, Diagnostic> {
    let written = doc.parse_formula(text, "the goal")?;
    let mut names = Vec::new();
    let mut vars = Vec::new();
    for (p, piece) in board.pieces.iter().enumerate() {
        if model.classes[class_of[p]].pieces.len() != 1 {
            continue;
        }
        for (prefix, coordinate) in [
            ("row", Coordinate::Row),
            ("col", Coordinate::Col),
            ("out", Coordinate::Out),
        ] {
            names.push(format!("{prefix}_{}", piece.symbol));
            vars.push((class_of[p], coordinate));
        }
    }
    match check_over(&written, &names, &BTreeMap::new()) {
        Ok((expr, Type::Bool)) => Ok((expr, vars)),
        Ok((_, Type::Number)) => Err(doc.formula_error(
            text,
            "the goal",
            ExprError::new("the goal must be true or false", 0..text.get_ref().len())
                .help("compare positions, e.g. \"row_B == 4 and col_B == 2\""),
        )),
        Err(e) => Err(doc.formula_error(text, "the goal", e)),
    }
}

fn start_state(board: &Board, model: &Blocks) -> u128 {
    let mut ids = vec![0u16; model.slots()];
    for (k, class) in model.classes.iter().enumerate() {
        for (slot, &p) in model.class_slots(k).zip(&class.pieces) {
            ids[slot] = class
                .anchor_of(board.pieces[p].cells[0])
                .unwrap_or(class.gone);
        }
    }
    model.pack(&ids)
}
