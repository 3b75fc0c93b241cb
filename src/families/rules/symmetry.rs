//! Declared symmetries (`[[symmetry]]`): permutations of array positions that map every state
//! to an equivalent one (a square board's rotations and reflections). Each is read as a
//! permutation (cycles, a table, or a formula of `i`), checked to keep the start, the goal, the
//! constraints and the moves, and the group they generate is closed at load, so `longest` and
//! `reachable` can search one state per class (its least image) and count each class by the
//! size of its orbit.

use super::cycles;
use super::label::Label;
use super::layout::Layout;
use super::layout::Names;
use super::model::Rules;
use super::permute::Perm;
use super::report::view;
use super::spec::{PermuteTable, RulesDocument, SymmetryTable};
use super::word::{Mask, Word};
use crate::diagnostic::Diagnostic;
use crate::expr::Forms;
use crate::spec::SpecDocument;
use std::collections::BTreeMap;
use toml::Spanned;

/// Largest group the declared symmetries may generate (the cube's 48 are far below; a group
/// this large is surely a mistake, and each class costs one image per element).
const MAX_GROUP: usize = 1000;
/// States reached from the start, and states drawn at random, on which each declared symmetry
/// is checked to commute with the moves.
const REACHED_SAMPLES: usize = 3000;
const RANDOM_SAMPLES: usize = 3000;

/// The group the declared symmetries generate.
pub struct Symmetry {
    /// Every element but the identity.
    elements: Vec<Perm>,
    /// Bits of the packed state.
    bits: u32,
}

impl Symmetry {
    /// Elements, the identity included.
    pub fn order(&self) -> usize {
        self.elements.len() + 1
    }

    /// The group as byte tables over words `W`, for the search.
    pub fn images<W: Word>(&self) -> Images<W> {
        Images::new(&self.elements, self.bits)
    }
}

/// Each element of the group as a permutation of the state's bits (a symmetry moves whole
/// slots of equal width and adds nothing, so each bit lands on one bit), looked up a byte at a
/// time: an image costs one table read per byte of the state rather than a shift per slot.
pub struct Images<W> {
    /// Bytes of the state.
    bytes: usize,
    /// `table[(e * bytes + k) * 256 + v]`: the bits element `e` makes of byte `k` holding `v`.
    table: Vec<W>,
    order: usize,
}

impl<W: Word> Images<W> {
    fn new(elements: &[Perm], bits: u32) -> Self {
        let bytes = bits.div_ceil(8) as usize;
        let mut table = Vec::with_capacity(elements.len() * bytes * 256);
        for g in elements {
            let bit: Vec<Mask> = (0..bytes * 8)
                .map(|b| {
                    if b < bits as usize {
                        let one = Mask::place(1, b as u32);
                        g.apply(one, one)
                    } else {
                        Mask::default()
                    }
                })
                .collect();
            for k in 0..bytes {
                for v in 0..256usize {
                    let image = (0..8)
                        .filter(|j| v >> j & 1 == 1)
                        .fold(Mask::default(), |m, j| m | bit[8 * k + j]);
                    table.push(W::narrow(image));
                }
            }
        }
        Images {
            bytes,
            table,
            order: elements.len() + 1,
        }
    }

    /// `s` under element `e`.
    #[inline]
    fn image(&self, e: usize, s: W) -> W {
        let row = &self.table[e * self.bytes * 256..(e + 1) * self.bytes * 256];
        let mut out = W::default();
        for k in 0..self.bytes {
            out = out | row[k * 256 + s.field(8 * k as u32, 255) as usize];
        }
        out
    }

    fn elements(&self) -> usize {
        self.order - 1
    }
}

impl<W: Word> crate::engine::orbit_layers::Classes<W> for Images<W> {
    /// The class's representative: the least image of `s`.
    #[inline]
    fn canonical(&self, s: W) -> W {
        (0..self.elements()).fold(s, |m, e| m.min(self.image(e, s)))
    }

    /// How many states the class of `s` holds: the order over the elements that fix `s`.
    fn size(&self, s: W) -> u64 {
        let fixing = 1
            + (0..self.elements())
                .filter(|&e| self.image(e, s) == s)
                .count();
        (self.order / fixing) as u64
    }
}

/// The group of the spec's `[[symmetry]]` entries (None: none declared), each checked.
pub fn declared(
    doc: &SpecDocument,
    spec: &RulesDocument,
    names: &mut Names,
    rules: &Rules,
    start: Mask,
    labels: &[Label],
) -> Result<Option<Symmetry>, Diagnostic> {
    if spec.symmetries.is_empty() {
        return Ok(None);
    }
    let samples = samples(rules, start);
    let mut generators = Vec::new();
    let mut seen: BTreeMap<&str, ()> = BTreeMap::new();
    for entry in &spec.symmetries {
        let name = entry.get_ref().name.get_ref();
        if seen.insert(name, ()).is_some() {
            return Err(doc
                .error(
                    entry.get_ref().name.span(),
                    format!("two symmetries are named `{name}`"),
                )
                .help("give each [[symmetry]] its own name"));
        }
        let g = permutation(doc, entry, names)?;
        check(rules, &g, start, &samples, labels)
            .map_err(|why| refuse(doc, entry, &why, "a symmetry must map every state, move and goal state to ones of the same puzzle; remove it or correct its positions"))?;
        generators.push(g);
    }
    let elements = closure(&generators, &rules.layout).ok_or_else(|| {
        refuse(
            doc,
            &spec.symmetries[0],
            &format!("the symmetries generate more than {MAX_GROUP} permutations"),
            "declare fewer symmetries",
        )
    })?;
    Ok(Some(Symmetry {
        elements,
        bits: rules.layout.bits,
    }))
}

fn refuse(doc: &SpecDocument, entry: &Spanned<SymmetryTable>, why: &str, help: &str) -> Diagnostic {
    let name = entry.get_ref().name.get_ref();
    doc.error(entry.span(), format!("symmetry `{name}`: {why}"))
        .help(help.to_string())
}

/// The entry as a permutation of slots, checked to be one (each position exactly once).
fn permutation(
    doc: &SpecDocument,
    entry: &Spanned<SymmetryTable>,
    names: &mut Names,
) -> Result<Perm, Diagnostic> {
    let e = entry.get_ref();
    let given = [e.cycles.is_some(), e.table.is_some(), e.map.is_some()];
    if given.iter().filter(|&&g| g).count() != 1 {
        return Err(refuse(
            doc,
            entry,
            "a symmetry has exactly one of `cycles`, `table` and `map`",
            "e.g. map = \"5 * (i % 5) + div(i, 5)\" (the position whose value lands on i)",
        ));
    }
    let table = match &e.map {
        Some(map) => Some(mapped(doc, e, map, names)?),
        None => e.table.clone(),
    };
    let as_permute = Spanned::new(
        entry.span(),
        PermuteTable {
            arrays: e.arrays.clone(),
            cycles: e.cycles.clone(),
            table,
            add: BTreeMap::new(),
        },
    );
    let mut steps = Vec::new();
    cycles::entry_steps(doc, &as_permute, names, &mut steps)?;
    Ok(Perm::new(steps, names.vars))
}

/// `map` evaluated for each position `i` of the arrays, as the table it stands for.
fn mapped(
    doc: &SpecDocument,
    e: &SymmetryTable,
    map: &Spanned<String>,
    names: &mut Names,
) -> Result<Spanned<toml::Value>, Diagnostic> {
    let what = "the symmetry's `map`";
    let term = Forms::All
        .parse(map.get_ref())
        .map_err(|err| doc.formula_error(map, what, err))?;
    let first = e.arrays.get_ref().first().map(|a| a.get_ref().as_str());
    let len = first
        .and_then(|a| names.vars.var(a))
        .map_or(0, |v| names.vars.vars[v].len());
    let mut values = Vec::with_capacity(len);
    for i in 0..len {
        names.locals.push(("i".to_string(), i as i64));
        let v = names.constant(&term);
        names.locals.pop();
        values.push(toml::Value::Integer(
            v.map_err(|err| doc.formula_error(map, what, err))?,
        ));
    }
    Ok(Spanned::new(map.span(), toml::Value::Array(values)))
}

/// Every non-identity product of the generators, or None past [`MAX_GROUP`].
fn closure(generators: &[Perm], layout: &Layout) -> Option<Vec<Perm>> {
    let mut group: Vec<Perm> = Vec::new();
    let add = |p: Perm, group: &mut Vec<Perm>| {
        if !p.steps().is_empty() && !group.iter().any(|q| q.steps() == p.steps()) {
            group.push(p);
        }
    };
    for g in generators {
        add(g.clone(), &mut group);
    }
    let mut k = 0;
    while k < group.len() {
        for g in generators {
            let p = group[k].then(g, layout);
            add(p, &mut group);
        }
        if group.len() >= MAX_GROUP {
            return None;
        }
        k += 1;
    }
    Some(group)
}

/// The states each symmetry is tried on: the start and the first states reached from it, and
/// states drawn at random (each slot within its range).
fn samples(rules: &Rules, start: Mask) -> Vec<Mask> {
    let mut out = vec![start];
    let mut k = 0;
    while k < out.len() && out.len() < REACHED_SAMPLES {
        for (_, t) in successors(rules, out[k]).unwrap_or_default() {
            if !out.contains(&t) && out.len() < REACHED_SAMPLES {
                out.push(t);
            }
        }
        k += 1;
    }
    let mut words = crate::util::random::xorshift(0x2545_F491_4F6C_DD1D);
    for _ in 0..RANDOM_SAMPLES {
        let mut s = Mask::default();
        for (slot, f) in rules.layout.slots.iter().enumerate() {
            let size = (i128::from(f.hi) - i128::from(f.lo) + 1) as u128;
            let word = u128::from(words.next().expect("an endless stream"));
            s = rules
                .layout
                .with(s, slot, f.lo + (word % size.max(1)) as i64);
        }
        out.push(s);
    }
    out
}

/// Every (instance, next state) of `s`; None when a move fails there (the state is skipped).
fn successors(rules: &Rules, s: Mask) -> Option<Vec<(usize, Mask)>> {
    let mut out = Vec::new();
    for i in 0..rules.instances.len() {
        if let Some(t) = rules.apply(i, s).ok()? {
            out.push((i, t));
        }
    }
    Some(out)
}

/// Why `g` is no symmetry of the rules, found on the start or a sample state.
fn check(
    rules: &Rules,
    g: &Perm,
    start: Mask,
    samples: &[Mask],
    labels: &[Label],
) -> Result<(), String> {
    let shown = |s: Mask| view(&rules.layout, None, s).text;
    if g.apply(start, start) != start {
        return Err(format!(
            "it does not keep the start: {} becomes {}",
            shown(start),
            shown(g.apply(start, start))
        ));
    }
    let inverse = g.inverse(&rules.layout);
    for &s in samples {
        let gs = g.apply(s, s);
        if let (Ok(a), Ok(b)) = (rules.is_goal(s), rules.is_goal(gs))
            && a != b
        {
            let (goal, other) = if a { (s, gs) } else { (gs, s) };
            return Err(format!(
                "it does not keep the goal: {} is a goal state and its image {} is not",
                shown(goal),
                shown(other)
            ));
        }
        if let (Ok(a), Ok(b)) = (rules.broken_constraint(s), rules.broken_constraint(gs))
            && a.is_none() != b.is_none()
        {
            return Err(format!(
                "it does not keep the constraints: of {} and its image {}, one breaks constraint {}",
                shown(s),
                shown(gs),
                a.or(b).map_or(0, |k| k + 1)
            ));
        }
        let (Some(from_s), Some(from_gs)) = (successors(rules, s), successors(rules, gs)) else {
            continue;
        };
        for (map, a, here, there, words) in [
            (g, s, &from_s, &from_gs, "it maps"),
            (&inverse, gs, &from_gs, &from_s, "its inverse maps"),
        ] {
            for &(i, t) in here {
                let (ma, mt) = (map.apply(a, a), map.apply(t, t));
                if !there.iter().any(|&(_, u)| u == mt) {
                    let inst = &rules.instances[i];
                    let label = &labels[inst.rule];
                    return Err(format!(
                        "it does not keep the moves: move `{}` ({}) takes {} to {}; {words} them to {} and {}, and no move takes the one to the other",
                        label.name,
                        label.arguments(inst),
                        shown(a),
                        shown(t),
                        shown(ma),
                        shown(mt)
                    ));
                }
            }
        }
    }
    Ok(())
}
