//! The model's tests, which load specs through the loader: in their own file so that the model
//! does not import the loader (tests/import_circles.rs).

use super::super::load::puzzle_from_spec;
use super::super::puzzle::BlocksPuzzle;
use super::*;
use crate::spec::SpecDocument;
use std::collections::HashSet;
use std::path::Path;

fn hakoiri(metric: &str) -> BlocksPuzzle {
    let text = format!(
        "[puzzle]\nname = \"t\"\nkind = \"sliding-blocks\"\n[board]\ndrawing = \"\"\"\n\
         ######\n#ABBC#\n#ABBC#\n#DEEF#\n#DGHF#\n#I..J#\n######\n\"\"\"\n\
         [rules]\nmetric = \"{metric}\"\n[solve]\nobjective = \"reachable\"\n"
    );
    let doc = SpecDocument::from_text(Path::new("t.toml"), text, &[]).unwrap();
    puzzle_from_spec(&doc).unwrap()
}

/// Over every reachable position: codes survive unpacking, and each move is undone by the
/// move back (what bidirectional and frontier search rely on).
#[test]
fn every_move_is_undone_by_the_move_back() {
    for metric in ["steps", "moves"] {
        let puzzle = hakoiri(metric);
        let model = &puzzle.model;
        let mut seen = HashSet::from([puzzle.start]);
        let mut todo = vec![puzzle.start];
        while let Some(s) = todo.pop() {
            let mut ids = [0u16; MAX_PIECES];
            model.unpack(s, &mut ids);
            assert_eq!(model.pack(&ids[..model.slots()]), s);
            let mut forward = Vec::new();
            model.expand(s, |m, n| forward.push((m, n)));
            for (m, n) in forward {
                let back = Move {
                    from: m.to,
                    to: m.from,
                    ..m
                };
                assert_eq!(model.apply(n, back), Some(s), "{metric}: {m:?}");
                if seen.insert(n) {
                    todo.push(n);
                }
            }
        }
        // The classic count of Hakoiri musume positions, identical pieces merged.
        assert_eq!(seen.len(), 25_955, "{metric}");
    }
}

#[test]
fn swapping_interchangeable_pieces_keeps_the_code() {
    let puzzle = hakoiri("steps");
    let model = &puzzle.model;
    let mut ids = [0u16; MAX_PIECES];
    model.unpack(puzzle.start, &mut ids);
    let n = model.slots();
    for k in 0..model.classes.len() {
        let slots = model.class_slots(k);
        let mut swapped = ids[..n].to_vec();
        swapped[slots.clone()].reverse();
        assert_eq!(model.pack(&swapped), puzzle.start);
    }
}
