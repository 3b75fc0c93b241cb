//! How a water-jug state looks in the report: the text and JSON views and the jugs drawn as bars.

use super::model::{Jugs, Move, State};
use crate::report::StateView;
use crate::report::picture::{Bar, Mark, Picture};

/// `A=3 B=5` for the terminal, `{"A": 3, "B": 5}` for JSON, the jugs as bars for `--boards`
/// with those `last` (the move that led here) filled or poured into `Moved`, emptied or poured
/// from `From`.
pub fn view(jugs: &Jugs, s: State, last: Option<Move>) -> StateView {
    let contents = jugs.unpack(s);
    let text = jugs
        .names
        .iter()
        .zip(&contents)
        .map(|(n, c)| format!("{n}={c}"))
        .collect::<Vec<_>>()
        .join(" ");
    let data = jugs
        .names
        .iter()
        .zip(&contents)
        .map(|(n, c)| (n.clone(), serde_json::Value::from(*c)))
        .collect::<serde_json::Map<_, _>>();
    let mark = |jug: usize| match last {
        Some(Move::Fill(j)) if usize::from(j) == jug => Mark::Moved,
        Some(Move::Empty(j)) if usize::from(j) == jug => Mark::From,
        Some(Move::Pour(from, _)) if usize::from(from) == jug => Mark::From,
        Some(Move::Pour(_, to)) if usize::from(to) == jug => Mark::Moved,
        _ => Mark::None,
    };
    let bars = (0..jugs.len())
        .map(|j| Bar {
            label: jugs.names[j].clone(),
            capacity: jugs.capacities[j],
            level: contents[j],
            mark: mark(j),
        })
        .collect();
    StateView {
        text,
        data: data.into(),
        picture: Some(Picture::Bars { bars }),
    }
}
