//! The expression tree of every kind, its binding of names to slots, and its static type check.
//! One parse (`grammar/*.pest`) gives this tree; each kind refuses the forms it cannot use
//! (see [`Expr::first_extended`]).

use super::error::{ExprError, Type};
use super::functions::{Builtin, unknown_function};
use std::ops::Range;

#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    /// Byte range inside the formula text.
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    Int(i128),
    /// A name not yet bound to a variable slot.
    Name(String),
    /// A bound variable: index into the environment given to `eval`.
    Var(usize),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// A built-in function, resolved when parsed.
    Call(Builtin, Vec<Expr>),
    /// A call of a name that is no built-in function: an error where a formula is checked,
    /// read by the forms that give such names a meaning (`rows(9, 9)` in groups).
    Apply(String, Vec<Expr>),
    /// `base[index]`: an element of a state array or of a table (row).
    Index(Box<Expr>, Box<Expr>),
    /// `op(body for b1 for b2 ...)`: the bindings nest, the first outermost.
    Aggregate(AggOp, Box<Expr>, Vec<Binding>),
    /// `op([e1, e2, ...])`: the aggregate over a list written out, the same as over a
    /// generator of its elements (`max([a, b, 3])`); see `super::list`.
    Listed(AggOp, Vec<Expr>),
    /// `if c then a else b`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
}

/// What an aggregate computes over its values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AggOp {
    /// The sum of a numeric body.
    Sum,
    /// The product of a numeric body (1 over no values).
    Prod,
    /// How many times a true/false body is true.
    Count,
    /// Whether a true/false body is true every time (true over no values).
    All,
    /// Whether a true/false body is true at least once.
    Any,
    /// The least value of a numeric body (at least one value).
    Min,
    /// The greatest value of a numeric body (at least one value).
    Max,
    /// Whether the values of a numeric body are all different.
    Distinct,
}

impl AggOp {
    /// Every aggregate, for [`AggOp::named`].
    const ALL: [AggOp; 8] = [
        AggOp::Sum,
        AggOp::Prod,
        AggOp::Count,
        AggOp::All,
        AggOp::Any,
        AggOp::Min,
        AggOp::Max,
        AggOp::Distinct,
    ];

    /// The aggregate called `name`, if there is one.
    pub fn named(name: &str) -> Option<AggOp> {
        AggOp::ALL.into_iter().find(|op| op.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            AggOp::Sum => "sum",
            AggOp::Prod => "prod",
            AggOp::Count => "count",
            AggOp::All => "all",
            AggOp::Any => "any",
            AggOp::Min => "min",
            AggOp::Max => "max",
            AggOp::Distinct => "distinct",
        }
    }

    /// The type the body must have, and the type of the whole aggregate.
    pub fn types(self) -> (Type, Type) {
        match self {
            AggOp::Sum | AggOp::Prod | AggOp::Min | AggOp::Max => (Type::Number, Type::Number),
            AggOp::Count => (Type::Bool, Type::Number),
            AggOp::All | AggOp::Any => (Type::Bool, Type::Bool),
            AggOp::Distinct => (Type::Number, Type::Bool),
        }
    }
}

/// The values a loop variable takes.
#[derive(Debug, Clone, PartialEq)]
pub enum Over {
    /// `lo..hi`, both ends included (empty when hi < lo).
    Range(Expr, Expr),
    /// The values of a table row or an array, e.g. `neighbours[i]`.
    Values(Expr),
    /// A list written out: `[1, 3, 4, 5, 7]`.
    List(Vec<Expr>),
}

/// `name in over`: a loop variable of an aggregate, a move parameter or an effect.
#[derive(Debug, Clone, PartialEq)]
pub struct Binding {
    pub name: String,
    pub name_span: Range<usize>,
    pub over: Over,
    /// In a generator, the condition a value must meet to be used (`for j in 0..8 if j != i`).
    pub filter: Option<Expr>,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
        }
    }
}

impl Expr {
    /// Replaces every name by its slot from `lookup`; an unknown name is an error listing `known`.
    pub fn bind(
        &mut self,
        lookup: &dyn Fn(&str) -> Option<usize>,
        known: &[String],
    ) -> Result<(), ExprError> {
        match &mut self.kind {
            ExprKind::Name(name) => match lookup(name) {
                Some(slot) => {
                    self.kind = ExprKind::Var(slot);
                    Ok(())
                }
                None => Err(
                    ExprError::new(format!("unknown name `{name}`"), self.span.clone())
                        .help(format!("the names defined here are: {}", known.join(", "))),
                ),
            },
            ExprKind::Int(_) | ExprKind::Var(_) => Ok(()),
            ExprKind::Neg(e) | ExprKind::Not(e) => e.bind(lookup, known),
            ExprKind::Binary(_, a, b) => {
                a.bind(lookup, known)?;
                b.bind(lookup, known)
            }
            ExprKind::Call(_, args) | ExprKind::Apply(_, args) | ExprKind::Listed(_, args) => {
                args.iter_mut().try_for_each(|a| a.bind(lookup, known))
            }
            ExprKind::If(c, a, b) => {
                c.bind(lookup, known)?;
                a.bind(lookup, known)?;
                b.bind(lookup, known)
            }
            // Refused by the kinds that bind names to slots (`first_extended`) before binding.
            ExprKind::Index(..) | ExprKind::Aggregate(..) => Err(extended_form(self)),
        }
    }

    /// The first form a plain formula cannot hold (indexing, an aggregate), if any: the
    /// kinds that evaluate a formula directly over named values (goals of water jugs and sliding
    /// blocks, parameters, groups, search domains) refuse it with [`extended_form`].
    pub fn first_extended(&self) -> Option<&Expr> {
        if let ExprKind::Index(..) | ExprKind::Aggregate(..) = self.kind {
            return Some(self);
        }
        let mut found = None;
        self.for_each_child(&mut |c| {
            if found.is_none() {
                found = c.first_extended();
            }
        });
        found
    }

    /// The type of the expression, or an error at the first operand of the wrong type.
    pub fn check_type(&self) -> Result<Type, ExprError> {
        let want = |e: &Expr, t: Type| -> Result<(), ExprError> {
            let got = e.check_type()?;
            if got == t {
                Ok(())
            } else {
                Err(ExprError::new(
                    format!("expected {} here, found {}", t.words(), got.words()),
                    e.span.clone(),
                ))
            }
        };
        match &self.kind {
            ExprKind::Int(_) | ExprKind::Name(_) | ExprKind::Var(_) | ExprKind::Index(..) => {
                Ok(Type::Number)
            }
            ExprKind::If(c, a, b) => {
                want(c, Type::Bool)?;
                let t = a.check_type()?;
                want(b, t)?;
                Ok(t)
            }
            ExprKind::Aggregate(op, body, _) => {
                let (body_type, result) = op.types();
                want(body, body_type)?;
                Ok(result)
            }
            ExprKind::Listed(op, items) => {
                let types = items
                    .iter()
                    .map(|e| Ok((e.check_type()?, e.span.clone())))
                    .collect::<Result<Vec<_>, ExprError>>()?;
                match super::list_types::element_error(op.name(), op.types().0, &types) {
                    Some(e) => Err(e),
                    None => Ok(op.types().1),
                }
            }
            ExprKind::Neg(e) => want(e, Type::Number).map(|_| Type::Number),
            ExprKind::Not(e) => want(e, Type::Bool).map(|_| Type::Bool),
            ExprKind::Binary(op, a, b) => {
                let (operand, result) = match op {
                    BinOp::Or | BinOp::And => (Type::Bool, Type::Bool),
                    BinOp::Eq | BinOp::Ne => {
                        let ta = a.check_type()?;
                        want(b, ta)?;
                        return Ok(Type::Bool);
                    }
                    BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => (Type::Number, Type::Bool),
                    _ => (Type::Number, Type::Number),
                };
                want(a, operand)?;
                want(b, operand)?;
                Ok(result)
            }
            ExprKind::Apply(name, _) => Err(unknown_function(name, &self.span)),
            ExprKind::Call(builtin, args) => {
                builtin.check_arity(args.len(), &self.span)?;
                let f = builtin.function();
                for a in args {
                    want(a, f.argument)?;
                }
                Ok(f.result)
            }
        }
    }

    /// Calls `f` on each direct subexpression, loop ranges and filters included.
    pub fn for_each_child<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        match &self.kind {
            ExprKind::Int(_) | ExprKind::Name(_) | ExprKind::Var(_) => {}
            ExprKind::Neg(e) | ExprKind::Not(e) => f(e),
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => {
                f(a);
                f(b);
            }
            ExprKind::Call(_, args) | ExprKind::Apply(_, args) | ExprKind::Listed(_, args) => {
                args.iter().for_each(f)
            }
            ExprKind::If(c, a, b) => {
                f(c);
                f(a);
                f(b);
            }
            ExprKind::Aggregate(_, body, bindings) => {
                for b in bindings {
                    match &b.over {
                        Over::Range(lo, hi) => {
                            f(lo);
                            f(hi);
                        }
                        Over::Values(v) => f(v),
                        Over::List(items) => items.iter().for_each(&mut *f),
                    }
                    if let Some(c) = &b.filter {
                        f(c);
                    }
                }
                f(body);
            }
        }
    }

    /// The expression with every free `name` replaced by `with`: one element of a loop over a
    /// list written out whose elements read the state (`sum(v * v for v in [x, y])` in rules).
    /// An inner loop variable that would capture a name of `with` is an error at that loop.
    pub fn substitute(&self, name: &str, with: &Expr) -> Result<Expr, ExprError> {
        let mut e = self.clone();
        e.replace(name, with, &with.names())?;
        Ok(e)
    }

    fn replace(&mut self, name: &str, with: &Expr, free: &[&str]) -> Result<(), ExprError> {
        let mut go = |e: &mut Expr| e.replace(name, with, free);
        match &mut self.kind {
            ExprKind::Name(n) if n == name => *self = with.clone(),
            ExprKind::Int(_) | ExprKind::Name(_) | ExprKind::Var(_) => {}
            ExprKind::Neg(a) | ExprKind::Not(a) => go(a)?,
            ExprKind::Binary(_, a, b) | ExprKind::Index(a, b) => {
                go(a)?;
                go(b)?;
            }
            ExprKind::Call(_, args) | ExprKind::Apply(_, args) | ExprKind::Listed(_, args) => {
                args.iter_mut().try_for_each(go)?
            }
            ExprKind::If(c, a, b) => {
                go(c)?;
                go(a)?;
                go(b)?;
            }
            ExprKind::Aggregate(_, body, bindings) => {
                for b in bindings.iter_mut() {
                    match &mut b.over {
                        Over::Range(lo, hi) => {
                            go(lo)?;
                            go(hi)?;
                        }
                        Over::Values(v) => go(v)?,
                        Over::List(items) => items.iter_mut().try_for_each(&mut go)?,
                    }
                    if b.name == name {
                        // Shadowed from here on: the filter, the inner loops and the body.
                        return Ok(());
                    }
                    if free.contains(&b.name.as_str()) {
                        return Err(ExprError::new(
                            format!(
                                "this loop's `{}` would hide the `{}` of a list element it loops within",
                                b.name, b.name
                            ),
                            b.name_span.clone(),
                        )
                        .help("rename this loop variable"));
                    }
                    if let Some(f) = &mut b.filter {
                        go(f)?;
                    }
                }
                go(body)?;
            }
        }
        Ok(())
    }

    /// Every name in the expression, in order of appearance (with repeats).
    pub fn names(&self) -> Vec<&str> {
        let mut out = Vec::new();
        self.collect_names(&mut out);
        out
    }

    fn collect_names<'a>(&'a self, out: &mut Vec<&'a str>) {
        if let ExprKind::Name(n) = &self.kind {
            out.push(n);
        }
        self.for_each_child(&mut |c| c.collect_names(out));
    }
}

/// The error of a form a plain formula cannot hold, at that form: the formula is evaluated over
/// named values only, so there is no array to index and no loop to aggregate over (`if` is
/// fine: both branches are plain formulas).
pub fn extended_form(e: &Expr) -> ExprError {
    let form = match &e.kind {
        ExprKind::Aggregate(op, ..) => format!("`{}(... for ...)`", op.name()),
        _ => "indexing (`a[i]`)".to_string(),
    };
    ExprError::new(
        format!(
            "{form} cannot be used in this formula: it is computed from plain named values, \
             without arrays, tables or loops"
        ),
        e.span.clone(),
    )
    .help(
        "spell the terms out here (`a + b + c`); indexing and aggregates are available in rules \
         formulas and search constraints",
    )
}
