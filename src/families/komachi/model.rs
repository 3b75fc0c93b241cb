//! A komachi formula: digits in a fixed order with an operator (or concatenation) between each
//! pair of neighbours, and optionally a minus before the first number. Shown like the seed:
//! `1 + 2 + 3 - 4 + 5 + 6 + 78 + 9`.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Concat,
    Add,
    Sub,
    Mul,
    Div,
}

impl Op {
    pub const ALL: [Op; 5] = [Op::Concat, Op::Add, Op::Sub, Op::Mul, Op::Div];

    pub fn name(self) -> &'static str {
        match self {
            Op::Concat => "concat",
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
        }
    }

    pub fn from_name(s: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|o| o.name() == s)
    }

    /// Binding strength: * and / before + and -.
    pub fn precedence(self) -> u8 {
        match self {
            Op::Add | Op::Sub => 1,
            _ => 2,
        }
    }
}

pub struct KomachiModel {
    pub digits: Vec<u8>,
    /// Allowed operators (concatenation included when allowed).
    pub ops: Vec<Op>,
    pub leading_minus: bool,
    pub parentheses: bool,
}

/// A formula without parentheses: the sign of the first number and the operator after each digit
/// but the last.
pub fn flat_text(digits: &[u8], negative: bool, ops: &[Op]) -> String {
    let mut s = String::with_capacity(digits.len() * 4);
    if negative {
        s.push('-');
    }
    for (i, d) in digits.iter().enumerate() {
        s.push(char::from(b'0' + d));
        if let Some(op) = ops.get(i) {
            match op {
                Op::Concat => {}
                op => {
                    s.push(' ');
                    s.push_str(op.name());
                    s.push(' ');
                }
            }
        }
    }
    s
}
