//! Checking and lowering one formula: its type, and its [`Ir`] with what is known folded.

use super::ir::{Ir, Ty, fold_binary, fold_call, fold_neg};
use super::names::{Calls, Names, err};
use super::state::StateVars;
use crate::expr::{BinOp, Builtin, Expr, ExprError, ExprKind, unknown_function};
use std::ops::Range;

impl<S: StateVars + ?Sized> Names<'_, S> {
    /// Lowers a formula that must have type `want`.
    pub fn lower_as(&mut self, t: &Expr, want: Ty) -> Result<Ir, ExprError> {
        let (ir, ty) = self.lower(t)?;
        if ty != want {
            return Err(err(
                format!("expected {} here, found {}", want.words(), ty.words()),
                &t.span,
            ));
        }
        Ok(ir)
    }

    /// A formula that must be a number known before the search (a size, a bound, an index).
    pub fn constant(&mut self, t: &Expr) -> Result<i64, ExprError> {
        match self.lower_as(t, Ty::Number)? {
            Ir::Const(v) => Ok(v),
            Ir::Fail(m, span, _) => Err(ExprError::new(m, span)),
            Ir::Wide(_) => Err(err("this number does not fit in 64 bits", &t.span)),
            _ => Err(err("this must be known before the search", &t.span)
                .help("use numbers, parameters, tables and move parameters here, not the state")),
        }
    }

    pub fn lower(&mut self, t: &Expr) -> Result<(Ir, Ty), ExprError> {
        let s = &t.span;
        Ok(match &t.kind {
            ExprKind::Int(n) => match i64::try_from(*n) {
                Ok(v) => (Ir::Const(v), Ty::Number),
                Err(_) if self.calls == Calls::All => (Ir::Wide(*n), Ty::Number),
                Err(_) => return Err(err("this number does not fit in 64 bits", s)),
            },
            ExprKind::Name(n) => self.name(n, s)?,
            ExprKind::Neg(a) => {
                let a = self.lower_as(a, Ty::Number)?;
                (fold_neg(a, s), Ty::Number)
            }
            ExprKind::Not(a) => (
                match self.lower_as(a, Ty::Bool)? {
                    Ir::Const(v) => Ir::Const(1 - v),
                    other => Ir::Not(Box::new(other)),
                },
                Ty::Bool,
            ),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, s)?,
            ExprKind::If(c, a, b) => {
                let c = self.lower_as(c, Ty::Bool)?;
                let (a, ty) = self.lower_dead_if(matches!(c, Ir::Const(0)), |n| n.lower(a))?;
                let b = self.lower_dead_if(matches!(c, Ir::Const(1)), |n| n.lower_as(b, ty))?;
                let ir = match c {
                    Ir::Const(1) => a,
                    Ir::Const(_) => b,
                    c => Ir::If(Box::new(c), Box::new(a), Box::new(b)),
                };
                (ir, ty)
            }
            ExprKind::Call(f, args) => self.call(*f, args, s)?,
            ExprKind::Index(base, index) => (self.index(base, index, s)?, Ty::Number),
            ExprKind::Aggregate(op, body, binding) => self.aggregate(*op, body, binding, s)?,
            ExprKind::Listed(op, items) => self.listed(*op, items, s)?,
            // `Forms::All` refuses a call of an unknown function and binds no slots.
            ExprKind::Apply(name, _) => return Err(unknown_function(name, s)),
            ExprKind::Var(_) => return Err(err("a bound slot has no meaning in rules", s)),
        })
    }

    fn binary(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        s: &Range<usize>,
    ) -> Result<(Ir, Ty), ExprError> {
        let (operand, result) = match op {
            BinOp::Or | BinOp::And => (Some(Ty::Bool), Ty::Bool),
            BinOp::Eq | BinOp::Ne => (None, Ty::Bool),
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => (Some(Ty::Number), Ty::Bool),
            _ => (Some(Ty::Number), Ty::Number),
        };
        let (x, y) = match operand {
            Some(ty) => {
                let x = self.lower_as(a, ty)?;
                // `false and b`, `true or b`: b is never evaluated.
                let decided = matches!(
                    (op, &x),
                    (BinOp::And, Ir::Const(0)) | (BinOp::Or, Ir::Const(1))
                );
                (x, self.lower_dead_if(decided, |n| n.lower_as(b, ty))?)
            }
            None => {
                let (x, ty) = self.lower(a)?;
                (x, self.lower_as(b, ty)?)
            }
        };
        self.refuse_at_load(self.fold(op, x, y, s))
            .map(|ir| (ir, result))
    }

    /// Lowers with `f` inside a branch never taken when `dead`.
    fn lower_dead_if<T>(
        &mut self,
        dead: bool,
        f: impl FnOnce(&mut Self) -> Result<T, ExprError>,
    ) -> Result<T, ExprError> {
        let outer = self.unroll.dead;
        self.unroll.dead |= dead;
        let r = f(self);
        self.unroll.dead = outer;
        r
    }

    /// A mistake found by folding constants (a `/` that is not exact) is an error at load,
    /// unless constants decide it is never evaluated; an arithmetic failure (a division by
    /// zero) stays for the state that reaches it, as in every kind.
    fn refuse_at_load(&self, ir: Ir) -> Result<Ir, ExprError> {
        match ir {
            Ir::Fail(m, span, false) if !self.unroll.dead => Err(ExprError::new(m, span)),
            ir => Ok(ir),
        }
    }

    fn call(
        &mut self,
        func: Builtin,
        args: &[Expr],
        s: &Range<usize>,
    ) -> Result<(Ir, Ty), ExprError> {
        func.check_arity(args.len(), s)?;
        let f = func.function();
        let known = matches!(
            func,
            Builtin::Int
                | Builtin::Sum
                | Builtin::Distinct
                | Builtin::Abs
                | Builtin::Min
                | Builtin::Max
                | Builtin::Div
                | Builtin::Mod
        );
        if !known && self.calls == Calls::Numbers {
            // Rules, exact cover and `[tables]` compute in 64-bit whole numbers, not digits.
            return Err(
                err(format!("`{}` is not available here", f.name), s).help(format!(
                    "{}: rules, exact-cover and [tables] formulas compute with whole numbers and \
                     have int, abs, min, max, sum, distinct, div and mod; the digit functions \
                     and element/table are for search and the formula puzzles",
                    f.about
                )),
            );
        }
        // A truth value is 0 or 1 in the state's words already.
        if func == Builtin::Int {
            return Ok((self.lower_as(&args[0], Ty::Bool)?, Ty::Number));
        }
        let items = self.arguments(f.max_args.is_none(), args, f.argument)?;
        match func {
            Builtin::Sum => {
                let mut total = Ir::Const(0);
                for a in items {
                    total = self.refuse_at_load(self.fold(BinOp::Add, total, a, s))?;
                }
                Ok((total, Ty::Number))
            }
            Builtin::Distinct => Ok((self.distinct(items, s), Ty::Bool)),
            Builtin::Abs | Builtin::Min | Builtin::Max | Builtin::Div | Builtin::Mod => {
                Ok((self.fold_call(func, items, s), Ty::Number))
            }
            _ => Ok((Ir::Call(func, items, s.clone()), f.result)),
        }
    }

    /// The arguments' values: a function of any number of them takes whole arrays and
    /// `array[group]` as their elements.
    fn arguments(&mut self, lists: bool, args: &[Expr], ty: Ty) -> Result<Vec<Ir>, ExprError> {
        let mut items = Vec::with_capacity(args.len());
        for a in args {
            match lists {
                true => items.extend(self.items_of(a, ty)?),
                false => items.push(self.lower_as(a, ty)?),
            }
        }
        Ok(items)
    }

    /// `op` on two operands, computed now when both are known ([`fold_binary`]). Where that
    /// fails and the kind's engine computes exactly past 64 bits (`search`), the operation is
    /// kept for it, with the meaning it has there (a rational `/`, a product past 64 bits).
    pub(super) fn fold(&self, op: BinOp, x: Ir, y: Ir, s: &Range<usize>) -> Ir {
        if self.calls == Calls::All && matches!((&x, &y), (Ir::Const(_), Ir::Const(_))) {
            let kept = Ir::Bin(op, Box::new(x.clone()), Box::new(y.clone()), s.clone());
            return match fold_binary(op, x, y, s) {
                Ir::Fail(..) => kept,
                folded => folded,
            };
        }
        fold_binary(op, x, y, s)
    }

    /// A built-in on known arguments computed now ([`fold_call`]), kept as [`Self::fold`]
    /// keeps an operation where that fails.
    pub(super) fn fold_call(&self, func: Builtin, args: Vec<Ir>, s: &Range<usize>) -> Ir {
        // Only known arguments fold, and only they can fail: the others need no copy.
        let known = args.iter().all(|a| matches!(a, Ir::Const(_)));
        if self.calls == Calls::All && known {
            let kept = Ir::Call(func, args.clone(), s.clone());
            return match fold_call(func, args, s) {
                Ir::Fail(..) => kept,
                folded => folded,
            };
        }
        fold_call(func, args, s)
    }

    /// No two of `items` equal: one all-different call where the engine propagates it, else
    /// the tests of its pairs.
    pub(super) fn distinct(&self, items: Vec<Ir>, s: &Range<usize>) -> Ir {
        if self.calls == Calls::All && items.len() > 1 {
            return Ir::Call(Builtin::Distinct, items, s.clone());
        }
        let mut all = Ir::Const(1);
        for (k, a) in items.iter().enumerate() {
            for b in &items[k + 1..] {
                let differ = self.fold(BinOp::Ne, a.clone(), b.clone(), s);
                all = self.fold(BinOp::And, all, differ, s);
            }
        }
        all
    }
}
