//! Exact evaluation of a bound expression against an environment of integer variables.

use super::{BinOp, Expr, ExprError, ExprKind, Rational};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    Num(Rational),
    Bool(bool),
}

impl Value {
    pub fn as_bool(self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(b),
            Value::Num(_) => None,
        }
    }

    pub fn as_num(self) -> Option<Rational> {
        match self {
            Value::Num(n) => Some(n),
            Value::Bool(_) => None,
        }
    }
}

fn overflow(e: &Expr) -> ExprError {
    ExprError::new("arithmetic overflow", e.span.clone())
}

fn num(e: &Expr, env: &[i64]) -> Result<Rational, ExprError> {
    eval(e, env)?
        .as_num()
        .ok_or_else(|| ExprError::new("expected a number", e.span.clone()))
}

fn boolean(e: &Expr, env: &[i64]) -> Result<bool, ExprError> {
    eval(e, env)?
        .as_bool()
        .ok_or_else(|| ExprError::new("expected a truth value", e.span.clone()))
}

/// Evaluates `e` (names bound with [`Expr::bind`]) with variable `i` worth `env[i]`.
/// `and`/`or` short-circuit; `/` is exact; `%` takes integers and gives the remainder in
/// `0..|b|` (Euclidean).
pub fn eval(e: &Expr, env: &[i64]) -> Result<Value, ExprError> {
    Ok(match &e.kind {
        ExprKind::Int(n) => Value::Num(Rational::int(*n)),
        ExprKind::Var(i) => Value::Num(Rational::int(i128::from(env[*i]))),
        ExprKind::Name(n) => {
            return Err(ExprError::new(
                format!("unbound name `{n}`"),
                e.span.clone(),
            ));
        }
        ExprKind::Neg(a) => Value::Num(num(a, env)?.checked_neg().ok_or_else(|| overflow(e))?),
        ExprKind::Not(a) => Value::Bool(!boolean(a, env)?),
        ExprKind::Binary(BinOp::And, a, b) => Value::Bool(boolean(a, env)? && boolean(b, env)?),
        ExprKind::Binary(BinOp::Or, a, b) => Value::Bool(boolean(a, env)? || boolean(b, env)?),
        ExprKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) => {
            let same = eval(a, env)? == eval(b, env)?;
            Value::Bool(same == (*op == BinOp::Eq))
        }
        ExprKind::Binary(op, a, b) => {
            let (x, y) = (num(a, env)?, num(b, env)?);
            match op {
                BinOp::Lt => Value::Bool(x < y),
                BinOp::Le => Value::Bool(x <= y),
                BinOp::Gt => Value::Bool(x > y),
                BinOp::Ge => Value::Bool(x >= y),
                BinOp::Add => Value::Num(x.checked_add(y).ok_or_else(|| overflow(e))?),
                BinOp::Sub => Value::Num(x.checked_sub(y).ok_or_else(|| overflow(e))?),
                BinOp::Mul => Value::Num(x.checked_mul(y).ok_or_else(|| overflow(e))?),
                BinOp::Div => {
                    if y == Rational::ZERO {
                        return Err(ExprError::new("division by zero", b.span.clone()));
                    }
                    Value::Num(x.checked_div(y).ok_or_else(|| overflow(e))?)
                }
                BinOp::Rem => {
                    let (Some(p), Some(q)) = (x.to_integer(), y.to_integer()) else {
                        return Err(ExprError::new("`%` needs whole numbers", e.span.clone()));
                    };
                    if q == 0 {
                        return Err(ExprError::new("remainder by zero", b.span.clone()));
                    }
                    Value::Num(Rational::int(p.rem_euclid(q)))
                }
                BinOp::And | BinOp::Or | BinOp::Eq | BinOp::Ne => unreachable!("handled above"),
            }
        }
        ExprKind::Call(name, args) => {
            let mut values = Vec::with_capacity(args.len());
            for a in args {
                values.push(num(a, env)?);
            }
            Value::Num(match name.as_str() {
                "abs" => values[0].abs().ok_or_else(|| overflow(e))?,
                "min" => values.into_iter().min().expect("arity checked"),
                "max" => values.into_iter().max().expect("arity checked"),
                _ => {
                    return Err(ExprError::new(
                        format!("unknown function `{name}`"),
                        e.span.clone(),
                    ));
                }
            })
        }
    })
}
