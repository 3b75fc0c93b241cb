//! [`Ir`] -> a flat program over the packed state, run by a small stack machine: no tree walk
//! and no allocation while evaluating. Every arithmetic step is checked; a failure names the
//! part of the formula (its span) and what went wrong.

use super::layout::Layout;
use super::word::Word;
use crate::expr::BinOp;
use crate::expr::Builtin;
use crate::expr::arith::{ArithFault, arith, floored};
use crate::expr::check::{Ir, Table};
use std::ops::Range;

/// Deeper formulas than this are refused when loading (the machine's stack is fixed).
pub const MAX_STACK: usize = 16;

/// Where a slot lies in the packed state.
#[derive(Debug, Clone, Copy)]
struct Field {
    shift: u32,
    mask: u64,
    lo: i64,
}

impl Field {
    #[inline]
    fn read<W: Word>(self, s: W) -> i64 {
        self.lo + s.field(self.shift, self.mask) as i64
    }
}

#[inline]
fn compare(op: BinOp, a: i64, b: i64) -> bool {
    match op {
        BinOp::Eq => a == b,
        BinOp::Ne => a != b,
        BinOp::Lt => a < b,
        BinOp::Le => a <= b,
        BinOp::Gt => a > b,
        _ => a >= b,
    }
}

#[derive(Debug, Clone, Copy)]
enum Op {
    Const(i64),
    Load {
        shift: u32,
        mask: u64,
        lo: i64,
    },
    /// Pops an index; pushes that element of an array of `len` slots of `bits` from `shift`.
    LoadAt {
        shift: u32,
        bits: u32,
        mask: u64,
        lo: i64,
        len: u32,
        site: u32,
    },
    /// Pops an index (and, for rows, the row before it); pushes the table's entry.
    TableAt {
        table: u32,
        rows: bool,
        site: u32,
    },
    Neg(u32),
    Not,
    Arith(BinOp, u32),
    Compare(BinOp),
    /// A slot compared with a constant, in one step (the commonest guard).
    CompareLoadConst {
        field: Field,
        op: BinOp,
        c: i64,
    },
    /// Two slots compared in one step.
    CompareLoads {
        a: Field,
        b: Field,
        op: BinOp,
    },
    /// `and`: a false top stays and jumps; a true one is popped.
    AndJump(u32),
    OrJump(u32),
    /// Pops; jumps when false.
    IfJump(u32),
    Jump(u32),
    Abs(u32),
    /// `div` or `mod` of the two values on top.
    Floored(Builtin, u32),
    Min(u32),
    Max(u32),
    Fail(u32),
}

/// A failure while evaluating: where in the formula, and what.
#[derive(Debug, Clone, PartialEq)]
pub struct Fault {
    pub span: Range<usize>,
    pub message: String,
    /// An arithmetic failure (a division by zero, an overflow): the formula has no value for
    /// this state. A guard, constraint or goal is then false there; see docs/rules.md.
    pub no_value: bool,
}

/// One comparison of a conjunction: a slot against a constant or another slot.
#[derive(Debug, Clone, Copy)]
struct Test {
    a: Field,
    b: Option<Field>,
    c: i64,
    op: BinOp,
}

impl Test {
    #[inline]
    fn holds<W: Word>(&self, s: W) -> bool {
        let b = match self.b {
            Some(f) => f.read(s),
            None => self.c,
        };
        compare(self.op, self.a.read(s), b)
    }
}

#[derive(Debug, Clone)]
pub struct Program {
    /// When the formula is comparisons of slots joined by `and` (the commonest guards and
    /// goals): those, tested in a plain loop instead of running `ops`.
    tests: Option<Vec<Test>>,
    ops: Vec<Op>,
    /// Spans and fixed messages of the steps that can fail.
    sites: Vec<(Range<usize>, String, bool)>,
}

struct Emitter<'a> {
    layout: &'a Layout,
    ops: Vec<Op>,
    sites: Vec<(Range<usize>, String, bool)>,
    depth: usize,
    max_depth: usize,
}

impl Program {
    /// Compiles `ir`; None when it needs a deeper stack than [`MAX_STACK`].
    pub fn compile(ir: &Ir, layout: &Layout) -> Option<Program> {
        let mut e = Emitter {
            layout,
            ops: Vec::new(),
            sites: Vec::new(),
            depth: 0,
            max_depth: 0,
        };
        e.emit(ir);
        let mut tests = Some(Vec::new());
        e.conjunction(ir, &mut tests);
        (e.max_depth <= MAX_STACK).then_some(Program {
            tests: tests.filter(|t| !t.is_empty()),
            ops: e.ops,
            sites: e.sites,
        })
    }

    /// The value when the program is a constant.
    pub fn constant(&self) -> Option<i64> {
        match self.ops.as_slice() {
            [Op::Const(v)] => Some(*v),
            _ => None,
        }
    }

    /// Whether the program is one `slot == constant` test and nothing else (so its
    /// [`Program::pinned`] test decides it).
    pub fn is_one_equality(&self) -> bool {
        matches!(self.tests.as_deref(), Some([t]) if t.op == BinOp::Eq && t.b.is_none())
    }

    /// When the program is a conjunction whose first test is `slot == constant`: the slot's
    /// shift and mask, and the raw bits it must hold (None if it can never hold).
    pub fn pinned(&self) -> Option<(u32, u64, Option<u64>)> {
        let t = self.tests.as_ref()?.first()?;
        if t.op != BinOp::Eq || t.b.is_some() {
            return None;
        }
        let raw = t.c.checked_sub(t.a.lo).and_then(|r| u64::try_from(r).ok());
        Some((t.a.shift, t.a.mask, raw.filter(|r| *r <= t.a.mask)))
    }

    /// When the program is a conjunction of slot comparisons: its `slot == constant` tests, as
    /// the slot's shift and mask and the value it must hold (the program is false otherwise).
    /// `only`: None unless every test of the conjunction is such an equality.
    pub fn equalities(&self, only: bool) -> Option<Vec<(u32, u64, i64)>> {
        let tests = self.tests.as_deref()?;
        let eq = |t: &&Test| t.op == BinOp::Eq && t.b.is_none();
        if only && !tests.iter().all(|t| eq(&t)) {
            return None;
        }
        Some(
            tests
                .iter()
                .filter(eq)
                .map(|t| (t.a.shift, t.a.mask, t.c))
                .collect(),
        )
    }

    /// The slots the program may read, as shifts and masks (an array read at a computed
    /// index: each of its slots).
    pub fn reads(&self) -> Vec<(u32, u64)> {
        let mut out = Vec::new();
        let mut field = |f: Field| out.push((f.shift, f.mask));
        for t in self.tests.iter().flatten() {
            field(t.a);
            t.b.into_iter().for_each(&mut field);
        }
        for op in &self.ops {
            match *op {
                Op::Load { shift, mask, lo } => field(Field { shift, mask, lo }),
                Op::LoadAt {
                    shift,
                    bits,
                    mask,
                    lo,
                    len,
                    ..
                } => (0..len).for_each(|i| {
                    field(Field {
                        shift: shift + bits * i,
                        mask,
                        lo,
                    })
                }),
                Op::CompareLoadConst { field: f, .. } => field(f),
                Op::CompareLoads { a, b, .. } => {
                    field(a);
                    field(b);
                }
                _ => {}
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    fn fault(&self, site: u32) -> Fault {
        let (span, message, no_value) = &self.sites[site as usize];
        Fault {
            span: span.clone(),
            message: message.clone(),
            no_value: *no_value,
        }
    }

    fn arith_fault(&self, site: u32, f: ArithFault) -> Fault {
        Fault {
            span: self.sites[site as usize].0.clone(),
            message: f.message,
            no_value: f.no_value,
        }
    }

    /// Evaluates on the packed state `s` (booleans are 0 and 1).
    // Out of line, as it was before it was generic: inlined into every caller it made them
    // slower (Hanoi 12 by 10%).
    #[inline(never)]
    pub fn run<W: Word>(&self, s: W, tables: &[Table]) -> Result<i64, Fault> {
        if let Some(tests) = &self.tests {
            return Ok(i64::from(tests.iter().all(|t| t.holds(s))));
        }
        let mut stack = [0i64; MAX_STACK];
        let mut sp = 0usize;
        let mut pc = 0usize;
        let ops = self.ops.as_slice();
        while pc < ops.len() {
            match ops[pc] {
                Op::Const(v) => {
                    stack[sp] = v;
                    sp += 1;
                }
                Op::Load { shift, mask, lo } => {
                    stack[sp] = lo + s.field(shift, mask) as i64;
                    sp += 1;
                }
                Op::LoadAt {
                    shift,
                    bits,
                    mask,
                    lo,
                    len,
                    site,
                } => {
                    let i = stack[sp - 1];
                    if !(0..i64::from(len)).contains(&i) {
                        let (span, what, _) = &self.sites[site as usize];
                        return Err(Fault {
                            span: span.clone(),
                            message: format!("index {i} is outside {what} (0..{})", len - 1),
                            no_value: false,
                        });
                    }
                    stack[sp - 1] = lo + s.field(shift + bits * i as u32, mask) as i64;
                }
                Op::TableAt { table, rows, site } => {
                    sp = self.table_at(&mut stack, sp, tables, table, rows, site)?;
                }
                Op::Neg(site) => {
                    stack[sp - 1] = stack[sp - 1]
                        .checked_neg()
                        .ok_or_else(|| self.fault(site))?;
                }
                Op::Not => stack[sp - 1] = 1 - stack[sp - 1],
                Op::Arith(op, site) => {
                    sp -= 1;
                    stack[sp - 1] = arith(op, stack[sp - 1], stack[sp])
                        .map_err(|f| self.arith_fault(site, f))?;
                }
                Op::Compare(op) => {
                    sp -= 1;
                    stack[sp - 1] = i64::from(compare(op, stack[sp - 1], stack[sp]));
                }
                Op::CompareLoadConst { field, op, c } => {
                    stack[sp] = i64::from(compare(op, field.read(s), c));
                    sp += 1;
                }
                Op::CompareLoads { a, b, op } => {
                    stack[sp] = i64::from(compare(op, a.read(s), b.read(s)));
                    sp += 1;
                }
                Op::AndJump(to) => {
                    if stack[sp - 1] == 0 {
                        pc = to as usize;
                        continue;
                    }
                    sp -= 1;
                }
                Op::OrJump(to) => {
                    if stack[sp - 1] != 0 {
                        pc = to as usize;
                        continue;
                    }
                    sp -= 1;
                }
                Op::IfJump(to) => {
                    sp -= 1;
                    if stack[sp] == 0 {
                        pc = to as usize;
                        continue;
                    }
                }
                Op::Jump(to) => {
                    pc = to as usize;
                    continue;
                }
                Op::Abs(site) => {
                    stack[sp - 1] = stack[sp - 1]
                        .checked_abs()
                        .ok_or_else(|| self.fault(site))?;
                }
                Op::Floored(f, site) => {
                    sp -= 1;
                    stack[sp - 1] = floored(f, stack[sp - 1], stack[sp])
                        .map_err(|fault| self.arith_fault(site, fault))?;
                }
                Op::Min(n) | Op::Max(n) => {
                    let n = n as usize;
                    let args = &stack[sp - n..sp];
                    let v = if matches!(ops[pc], Op::Min(_)) {
                        args.iter().min()
                    } else {
                        args.iter().max()
                    };
                    let v = *v.unwrap_or(&0);
                    sp -= n - 1;
                    stack[sp - 1] = v;
                }
                Op::Fail(site) => return Err(self.fault(site)),
            }
            pc += 1;
        }
        Ok(stack[0])
    }

    fn table_at(
        &self,
        stack: &mut [i64; MAX_STACK],
        sp: usize,
        tables: &[Table],
        table: u32,
        rows: bool,
        site: u32,
    ) -> Result<usize, Fault> {
        let i = stack[sp - 1];
        let (value, sp) = match &tables[table as usize] {
            Table::List(v) => (usize::try_from(i).ok().and_then(|i| v.get(i)), sp),
            Table::Rows(r) => {
                let row = stack[sp - 2];
                let entry = usize::try_from(row)
                    .ok()
                    .and_then(|row| r.get(row))
                    .and_then(|row| usize::try_from(i).ok().and_then(|i| row.get(i)));
                debug_assert!(rows);
                (entry, sp - 1)
            }
            // Lowering refuses a name where a number is wanted: never compiled.
            Table::Names(_) => (None, sp),
        };
        match value {
            Some(v) => {
                stack[sp - 1] = *v;
                Ok(sp)
            }
            None => {
                let (span, what, _) = &self.sites[site as usize];
                Err(Fault {
                    span: span.clone(),
                    message: format!("index {i} is outside {what}"),
                    no_value: false,
                })
            }
        }
    }
}

fn is_comparison(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
    )
}

impl Emitter<'_> {
    fn field(&self, slot: usize) -> Field {
        let f = self.layout.slots[slot];
        Field {
            shift: f.shift,
            mask: f.mask,
            lo: f.lo,
        }
    }

    /// Collects `ir` as a conjunction of slot comparisons into `tests`; None when it is not one.
    fn conjunction(&self, ir: &Ir, tests: &mut Option<Vec<Test>>) {
        let Some(list) = tests else {
            return;
        };
        match ir {
            Ir::Bin(BinOp::And, a, b, _) => {
                self.conjunction(a, tests);
                self.conjunction(b, tests);
            }
            Ir::Bin(op, a, b, _) if is_comparison(*op) => match (&**a, &**b) {
                (Ir::Load(x), Ir::Const(c)) => list.push(Test {
                    a: self.field(*x),
                    b: None,
                    c: *c,
                    op: *op,
                }),
                (Ir::Load(x), Ir::Load(y)) => list.push(Test {
                    a: self.field(*x),
                    b: Some(self.field(*y)),
                    c: 0,
                    op: *op,
                }),
                _ => *tests = None,
            },
            _ => *tests = None,
        }
    }

    /// Emits a comparison of slots and constants as one step; false when it is not one.
    fn fused(&mut self, op: BinOp, a: &Ir, b: &Ir) -> bool {
        let step = match (a, b) {
            (Ir::Load(x), Ir::Const(c)) => Op::CompareLoadConst {
                field: self.field(*x),
                op,
                c: *c,
            },
            (Ir::Load(x), Ir::Load(y)) => Op::CompareLoads {
                a: self.field(*x),
                b: self.field(*y),
                op,
            },
            _ => return false,
        };
        self.push(step, 1);
        true
    }

    fn push(&mut self, op: Op, delta: isize) {
        self.ops.push(op);
        self.depth = (self.depth as isize + delta) as usize;
        self.max_depth = self.max_depth.max(self.depth);
    }

    /// A step that can fail; `no_value`: its failure is arithmetic (a division by zero, an
    /// overflow), so the formula has no value there rather than a mistake in the spec.
    fn site(&mut self, span: &Range<usize>, message: String, no_value: bool) -> u32 {
        self.sites.push((span.clone(), message, no_value));
        (self.sites.len() - 1) as u32
    }

    fn here(&self) -> u32 {
        self.ops.len() as u32
    }

    fn patch(&mut self, at: u32) {
        let to = self.here();
        match &mut self.ops[at as usize] {
            Op::AndJump(t) | Op::OrJump(t) | Op::IfJump(t) | Op::Jump(t) => *t = to,
            _ => unreachable!("only jumps are patched"),
        }
    }

    fn load_at(&mut self, var: usize, index: &Ir, span: &Range<usize>) {
        self.emit(index);
        let v = &self.layout.vars[var];
        let f = self.layout.slots[v.first];
        let bits = super::layout::bits_for(v.lo, v.hi);
        let site = self.site(span, format!("`{}`", v.name), false);
        let len = v.len() as u32;
        let (shift, mask, lo) = (f.shift, f.mask, f.lo);
        self.push(
            Op::LoadAt {
                shift,
                bits,
                mask,
                lo,
                len,
                site,
            },
            0,
        );
    }

    fn table_at(&mut self, table: usize, row: Option<&Ir>, index: &Ir, span: &Range<usize>) {
        if let Some(r) = row {
            self.emit(r);
        }
        self.emit(index);
        let site = self.site(span, "the table".to_string(), false);
        let rows = row.is_some();
        let op = Op::TableAt {
            table: table as u32,
            rows,
            site,
        };
        self.push(op, if rows { -1 } else { 0 });
    }

    fn if_else(&mut self, c: &Ir, a: &Ir, b: &Ir) {
        self.emit(c);
        let to_else = self.here();
        self.push(Op::IfJump(0), -1);
        self.emit(a);
        let to_end = self.here();
        self.push(Op::Jump(0), -1);
        self.patch(to_else);
        self.emit(b);
        self.patch(to_end);
    }

    fn emit(&mut self, ir: &Ir) {
        match ir {
            Ir::Const(v) => self.push(Op::Const(*v), 1),
            Ir::Wide(_) => unreachable!("rules refuses a number past 64 bits where it is written"),
            Ir::Load(slot) => {
                let f = self.layout.slots[*slot];
                self.push(
                    Op::Load {
                        shift: f.shift,
                        mask: f.mask,
                        lo: f.lo,
                    },
                    1,
                );
            }
            Ir::LoadAt { var, index, span } => self.load_at(*var, index, span),
            Ir::TableAt {
                table,
                row,
                index,
                span,
            } => self.table_at(*table, row.as_deref(), index, span),
            Ir::Neg(a, span) => {
                self.emit(a);
                let site = self.site(span, "arithmetic overflow".into(), true);
                self.push(Op::Neg(site), 0);
            }
            Ir::Not(a) => {
                self.emit(a);
                self.push(Op::Not, 0);
            }
            Ir::Bin(op @ (BinOp::And | BinOp::Or), a, b, _) => self.short_circuit(*op, a, b),
            Ir::Bin(op, a, b, _) if is_comparison(*op) && self.fused(*op, a, b) => {}
            Ir::Bin(op, a, b, span) => self.binary(*op, a, b, span),
            Ir::If(c, a, b) => self.if_else(c, a, b),
            Ir::Call(func, args, span) => self.call(*func, args, span),
            Ir::Fail(message, span, no_value) => {
                let site = self.site(span, message.clone(), *no_value);
                self.push(Op::Fail(site), 1);
            }
        }
    }

    /// `a and b` / `a or b`: `b` is skipped when `a` decides.
    fn short_circuit(&mut self, op: BinOp, a: &Ir, b: &Ir) {
        self.emit(a);
        let jump = self.here();
        let op = if op == BinOp::And {
            Op::AndJump(0)
        } else {
            Op::OrJump(0)
        };
        self.push(op, -1);
        self.emit(b);
        self.patch(jump);
    }

    /// A comparison or checked arithmetic on the two values below the top of the stack.
    fn binary(&mut self, op: BinOp, a: &Ir, b: &Ir, span: &Range<usize>) {
        self.emit(a);
        self.emit(b);
        let op = if is_comparison(op) {
            Op::Compare(op)
        } else {
            Op::Arith(op, self.site(span, "arithmetic overflow".into(), true))
        };
        self.push(op, -1);
    }

    fn call(&mut self, func: Builtin, args: &[Ir], span: &Range<usize>) {
        args.iter().for_each(|a| self.emit(a));
        let n = args.len() as u32;
        let op = match func {
            Builtin::Abs => Op::Abs(self.site(span, "arithmetic overflow".into(), true)),
            Builtin::Div | Builtin::Mod => {
                Op::Floored(func, self.site(span, "arithmetic overflow".into(), true))
            }
            Builtin::Min => Op::Min(n),
            Builtin::Max => Op::Max(n),
            other => unreachable!("lowering refuses `{}` in rules", other.name()),
        };
        self.push(op, 1 - n as isize);
    }
}

#[cfg(test)]
mod tests {
    use super::super::layout::Names;
    use super::super::layout::{Layout, Shape};
    use super::*;
    use crate::expr::Forms;
    use crate::expr::check::{Calls, Ty};
    use std::collections::BTreeMap;

    fn layout() -> Layout {
        let mut l = Layout::default();
        l.push("a".into(), Shape::Number, -2, 5);
        l.push("b".into(), Shape::Number, 0, 3);
        l.push("arr".into(), Shape::Array(3), 0, 2);
        l
    }

    /// Every state of the layout: (a, b, arr).
    fn all_states() -> Vec<(i64, i64, [i64; 3])> {
        let mut out = Vec::new();
        for a in -2..=5 {
            for b in 0..=3 {
                for k in 0..27 {
                    out.push((a, b, [k % 3, k / 3 % 3, k / 9]));
                }
            }
        }
        out
    }

    /// Compiles `text` and checks it against `expect` (None: a failure) on every state.
    fn agrees(text: &str, ty: Ty, expect: impl Fn(i64, i64, [i64; 3]) -> Option<i64>) {
        let l = layout();
        let params = BTreeMap::from([("k".to_string(), 2)]);
        let mut names = Names {
            params: &params,
            tables: &[],
            vars: &l,
            locals: Vec::new(),
            state: true,
            unroll: Default::default(),
            calls: Calls::Numbers,
            member: None,
        };
        let ir = names
            .lower_as(&Forms::All.parse(text).unwrap(), ty)
            .unwrap();
        let p = Program::compile(&ir, &l).unwrap();
        for (a, b, arr) in all_states() {
            let s: u64 = l.pack(&[a, b, arr[0], arr[1], arr[2]]);
            assert_eq!(
                p.run(s, &[]).ok(),
                expect(a, b, arr),
                "{text} at {a} {b} {arr:?}"
            );
        }
    }

    #[test]
    fn programs_agree_with_direct_computation_on_every_state() {
        agrees(
            "a * b - arr[1] + (if a > b then 7 else -7)",
            Ty::Number,
            |a, b, r| Some(a * b - r[1] + if a > b { 7 } else { -7 }),
        );
        agrees(
            "all(arr[i] <= b for i in 0..2) and a != b",
            Ty::Bool,
            |a, b, r| Some(i64::from(r.iter().all(|&x| x <= b) && a != b)),
        );
        agrees(
            "a == b or arr[0] < arr[2] and not b > 1",
            Ty::Bool,
            |a, b, r| Some(i64::from(a == b || (r[0] < r[2] && b <= 1))),
        );
        agrees(
            "sum(arr[i] * (i + k) for i in 0..2) % 4 + count(arr[i] == 1 for i in 0..2)",
            Ty::Number,
            |_, _, r| {
                let sum: i64 = (0..3).map(|i| r[i] * (i as i64 + 2)).sum();
                Some(sum.rem_euclid(4) + r.iter().filter(|&&x| x == 1).count() as i64)
            },
        );
        agrees(
            "prod(arr[i] + b for i in 0..2 if i != 1) - prod(a for i in 0..k)",
            Ty::Number,
            |a, b, r| Some((r[0] + b) * (r[2] + b) - a * a * a),
        );
        agrees(
            "min(a, b, 1) + max(a, -1) + abs(a)",
            Ty::Number,
            |a, b, _| Some(a.min(b).min(1) + a.max(-1) + a.abs()),
        );
        // An index and a divisor computed from the state fail where they are out of bounds.
        agrees("arr[b]", Ty::Number, |_, b, r| r.get(b as usize).copied());
        agrees("div(a, b - 1) + mod(a, 2 - b)", Ty::Number, |a, b, _| {
            let down = |x: i64, y: i64| (x as f64 / y as f64).floor() as i64;
            (b != 1 && b != 2).then(|| down(a, b - 1) + (a - (2 - b) * down(a, 2 - b)))
        });
        // `/` is exact: a whole quotient where it divides, a failure (not a value) elsewhere.
        agrees("a / (b - 1)", Ty::Number, |a, b, _| {
            (b != 1 && a % (b - 1) == 0).then(|| a / (b - 1))
        });
        agrees("a % (1 - b)", Ty::Number, |a, b, _| {
            (b != 1).then(|| (a % (1 - b) + (1 - b).abs()) % (1 - b).abs())
        });
    }

    /// `div` rounds down, `mod` goes with it and `%` counts from 0 up for every sign of the
    /// operands (docs/language.md), against the real quotient rounded down and the remainders
    /// that make it whole; `/` gives the quotient only where it is whole.
    #[test]
    fn div_rounds_down_and_slash_is_exact_for_every_sign() {
        for a in -30i64..=30 {
            for b in (-9i64..=9).filter(|&b| b != 0) {
                let q = (a as f64 / b as f64).floor() as i64;
                assert_eq!(floored(Builtin::Div, a, b), Ok(q), "div({a}, {b})");
                assert_eq!(floored(Builtin::Mod, a, b), Ok(a - b * q), "mod({a}, {b})");
                let exact = arith(BinOp::Div, a, b);
                if a % b == 0 {
                    assert_eq!(exact, Ok(a / b), "{a} / {b}");
                } else {
                    let fault = exact.unwrap_err();
                    assert!(
                        !fault.no_value,
                        "{a} / {b} is a mistake, not a missing value"
                    );
                    assert!(fault.message.contains(&format!("div({a}, {b}) (here {q})")));
                }
                let r = arith(BinOp::Rem, a, b).unwrap();
                assert!((0..b.abs()).contains(&r), "{a} % {b} = {r}");
                assert_eq!((a - r) % b, 0, "{a} % {b} = {r}");
            }
        }
        assert_eq!(floored(Builtin::Div, 7, -2), Ok(-4));
        assert_eq!(floored(Builtin::Mod, 7, -2), Ok(-1));
        assert!(arith(BinOp::Div, i64::MIN, -1).unwrap_err().no_value);
        assert!(floored(Builtin::Div, i64::MIN, -1).is_err());
        assert!(floored(Builtin::Mod, 1, 0).unwrap_err().no_value);
        assert_eq!(arith(BinOp::Div, i64::MIN, 1), Ok(i64::MIN));
    }
}
