//! A blank's slide as a swap: `cell[p] = cell[q]; cell[q] = 0` under a guard `cell[p] == 0`
//! copies one slot and writes a constant, but since the guard pins the old value of `cell[p]`
//! to that constant, the move exchanges the two slots. Found so, the effect is a permutation:
//! the array then stays a permutation of its start (ranked into n! places, rank.rs), and the
//! pattern databases can follow the tiles (pattern.rs).

use super::bytecode::Program;
use super::instance::{Effect, Target};
use super::layout::Layout;
use super::permute::{Perm, Step};
use super::word::Word;

/// Turns `effect` into the swap of `copy.dst` and `copy.src` when its one computed write is
/// that copy, it writes a constant `c` to `copy.src`, and `guard` requires `copy.dst == c`.
pub fn found_swap(effect: &mut Effect, copy: Step, guard: &Program, layout: &Layout) {
    let (p, q) = (copy.dst, copy.src);
    let writes_p =
        matches!(effect.writes.as_slice(), [w] if matches!(w.target, Target::Slot(k) if k == p));
    if copy.add != 0 || p == q || !writes_p {
        return;
    }
    let (fp, fq) = (layout.slots[p], layout.slots[q]);
    let bits_q = layout.mask_of(q);
    let toggled = !(effect.toggle & bits_q).is_empty();
    if toggled || (effect.clear & bits_q) != bits_q {
        return;
    }
    let written = effect.set.field(fq.shift, fq.mask) as i64 + fq.lo;
    let pins = guard.equalities(false).unwrap_or_default();
    if !pins.contains(&(fp.shift, fp.mask, written)) {
        return;
    }
    effect.writes.clear();
    effect.clear = effect.clear & !bits_q;
    effect.set = effect.set & !bits_q;
    let steps = vec![
        copy,
        Step {
            dst: q,
            src: p,
            add: 0,
        },
    ];
    effect.perm = Some(Perm::new(steps, layout));
}
