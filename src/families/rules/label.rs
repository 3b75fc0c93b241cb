//! Move labels: a template like `"cross {m}M {c}C"` whose `{formula}` parts are computed from
//! the move's parameters and the state before the move, only when a solution is printed.

use super::bytecode::Program;
use super::compile::ParsedMove;
use super::lower::{Names, Ty};
use super::model::Instance;
use super::spec::MoveTable;
use crate::diagnostic::Diagnostic;
use crate::expr::{ExprError, Term, parse_term};
use crate::spec::SpecDocument;

enum Part {
    Text(String),
    /// A formula and where it starts in the template.
    Formula(Term, usize),
}

pub struct Label {
    pub name: String,
    params: Vec<String>,
    parts: Vec<Part>,
}

impl Label {
    /// Parses the template of `m` and checks its names (with each parameter worth 0).
    pub fn new(
        doc: &SpecDocument,
        m: &MoveTable,
        parsed: &ParsedMove,
        names: &mut Names,
    ) -> Result<Label, Diagnostic> {
        let params: Vec<String> = parsed.params.iter().map(|b| b.name.clone()).collect();
        let Some(text) = &m.label else {
            return Ok(Label {
                name: m.name.get_ref().clone(),
                params,
                parts: Vec::new(),
            });
        };
        let what = format!("the label of move `{}`", m.name.get_ref());
        let parts = parts(text.get_ref()).map_err(|e| doc.formula_error(text, &what, e))?;
        let depth = names.locals.len();
        names.locals.extend(params.iter().map(|p| (p.clone(), 0)));
        let checked = parts.iter().try_for_each(|p| match p {
            Part::Formula(t, at) => names.lower(t).map(|_| ()).map_err(|e| shift(e, *at)),
            Part::Text(_) => Ok(()),
        });
        names.locals.truncate(depth);
        checked.map_err(|e| doc.formula_error(text, &what, e))?;
        Ok(Label {
            name: m.name.get_ref().clone(),
            params,
            parts,
        })
    }

    /// The label of `inst` applied to the state `s`.
    pub fn render<W: super::word::Word>(
        &self,
        inst: &Instance,
        s: W,
        names: &mut Names,
        tables: &[super::lower::Table],
    ) -> String {
        let pairs = self.params.iter().cloned().zip(inst.args.iter().copied());
        if self.parts.is_empty() {
            let args: Vec<String> = pairs.map(|(p, v)| format!("{p}={v}")).collect();
            return [self.name.clone(), args.join(" ")]
                .join(" ")
                .trim_end()
                .to_string();
        }
        names.locals.extend(pairs);
        let mut out = String::new();
        for p in &self.parts {
            match p {
                Part::Text(t) => out.push_str(t),
                Part::Formula(t, _) => out.push_str(&value(t, s, names, tables)),
            }
        }
        names
            .locals
            .truncate(names.locals.len() - self.params.len());
        out
    }

    /// `m=2 c=0` for messages.
    pub fn arguments(&self, inst: &Instance) -> String {
        let args: Vec<String> = self
            .params
            .iter()
            .zip(&inst.args)
            .map(|(p, v)| format!("{p}={v}"))
            .collect();
        if args.is_empty() {
            "no parameters".to_string()
        } else {
            args.join(", ")
        }
    }
}

fn value<W: super::word::Word>(
    t: &Term,
    s: W,
    names: &mut Names,
    tables: &[super::lower::Table],
) -> String {
    let Ok((ir, ty)) = names.lower(t) else {
        return "?".to_string();
    };
    match Program::compile(&ir, names.layout).map(|p| p.run(s, tables)) {
        Some(Ok(v)) if ty == Ty::Bool => (v != 0).to_string(),
        Some(Ok(v)) => v.to_string(),
        _ => "?".to_string(),
    }
}

/// Splits `"cross {m}M {c}C"` into text and formulas (spans kept relative to the template).
fn parts(text: &str) -> Result<Vec<Part>, ExprError> {
    let mut out = Vec::new();
    let mut rest = 0;
    while let Some(open) = text[rest..].find('{').map(|i| rest + i) {
        if open > rest {
            out.push(Part::Text(text[rest..open].to_string()));
        }
        let Some(close) = text[open..].find('}').map(|i| open + i) else {
            return Err(ExprError::new("`{` without a closing `}`", open..open + 1)
                .help("a label shows formulas in braces, e.g. \"press {i}\""));
        };
        let inner = &text[open + 1..close];
        let term = parse_term(inner).map_err(|e| shift(e, open + 1))?;
        out.push(Part::Formula(term, open + 1));
        rest = close + 1;
    }
    if rest < text.len() {
        out.push(Part::Text(text[rest..].to_string()));
    }
    Ok(out)
}

fn shift(mut e: ExprError, by: usize) -> ExprError {
    e.span = e.span.start + by..e.span.end + by;
    e
}
