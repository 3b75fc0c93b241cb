//! Move labels: a template like `"cross {m}M {c}C"` whose `{formula}` parts are computed from
//! the move's parameters and the state before the move, only when a solution is printed. A
//! part `{item[k]}` over a table of names (`item = ["nothing", "wolf", "goat"]`) prints the
//! name; a part that fails to evaluate stops the run with the label's place, not a "?".

use super::bytecode::Program;
use super::compile::ParsedMove;
use super::instance::Instance;
use super::layout::Names;
use super::spec::MoveTable;
use crate::diagnostic::Diagnostic;
use crate::expr::check::Ty;
use crate::expr::{Expr, ExprError, ExprKind, Forms};
use crate::spec::{FormulaSite, SpecDocument};

enum Part {
    Text(String),
    /// A formula and where it starts in the template.
    Formula(Expr, usize),
    /// `{words[i]}`: the entry of a table of names (by its position in the name tables) that
    /// the index formula numbers, and where the part starts in the template.
    Word(usize, Expr, usize),
}

/// The spec's tables of names (`item = ["nothing", "wolf", "goat", "cabbage"]`): shown in
/// labels only, never computed with.
pub type Words = [(String, Vec<String>)];

pub struct Label {
    pub name: String,
    params: Vec<String>,
    parts: Vec<Part>,
    /// Where the template is written, for a part that fails while a solution is printed.
    site: Option<FormulaSite>,
    words: Vec<Vec<String>>,
}

impl Label {
    /// Parses the template of `m` and checks its names (with each parameter worth 0).
    pub fn new(
        doc: &SpecDocument,
        m: &MoveTable,
        parsed: &ParsedMove,
        names: &mut Names,
        words: &Words,
    ) -> Result<Label, Diagnostic> {
        let params: Vec<String> = parsed.params.iter().map(|b| b.name.clone()).collect();
        let Some(text) = &m.label else {
            return Ok(Label {
                name: m.name.get_ref().clone(),
                params,
                parts: Vec::new(),
                site: None,
                words: Vec::new(),
            });
        };
        let what = format!("the label of move `{}`", m.name.get_ref());
        let parts = parts(text.get_ref(), words).map_err(|e| doc.formula_error(text, &what, e))?;
        let depth = names.locals.len();
        names.locals.extend(params.iter().map(|p| (p.clone(), 0)));
        let checked = parts.iter().try_for_each(|p| match p {
            Part::Formula(t, at) => names.lower(t).map(|_| ()).map_err(|e| shift(e, *at)),
            Part::Word(_, i, at) => names
                .lower_as(i, Ty::Number)
                .map(|_| ())
                .map_err(|e| shift(e, *at)),
            Part::Text(_) => Ok(()),
        });
        names.locals.truncate(depth);
        checked.map_err(|e| doc.formula_error(text, &what, e))?;
        Ok(Label {
            name: m.name.get_ref().clone(),
            params,
            parts,
            site: Some(doc.formula_site(text, &what)),
            words: words.iter().map(|(_, w)| w.clone()).collect(),
        })
    }

    /// The label of `inst` applied to the state `s`; a part that fails is an error at its
    /// place in the template, naming the move's parameters.
    pub fn render<W: super::word::Word>(
        &self,
        inst: &Instance,
        s: W,
        names: &mut Names,
        tables: &[crate::expr::check::Table],
    ) -> Result<String, ExprError> {
        let pairs = self.params.iter().cloned().zip(inst.args.iter().copied());
        if self.parts.is_empty() {
            let args: Vec<String> = pairs.map(|(p, v)| format!("{p}={v}")).collect();
            return Ok([self.name.clone(), args.join(" ")]
                .join(" ")
                .trim_end()
                .to_string());
        }
        names.locals.extend(pairs);
        let out = self.parts.iter().try_fold(String::new(), |mut out, p| {
            out.push_str(&match p {
                Part::Text(t) => t.clone(),
                Part::Formula(t, at) => value(t, s, names, tables).map_err(|e| shift(e, *at))?,
                Part::Word(w, i, at) => self
                    .word(*w, i, s, names, tables)
                    .map_err(|e| shift(e, *at))?,
            });
            Ok(out)
        });
        names
            .locals
            .truncate(names.locals.len() - self.params.len());
        out
    }

    /// The entry of name table `w` that `index` numbers in the state `s`.
    fn word<W: super::word::Word>(
        &self,
        w: usize,
        index: &Expr,
        s: W,
        names: &mut Names,
        tables: &[crate::expr::check::Table],
    ) -> Result<String, ExprError> {
        let k: i64 = value(index, s, names, tables)?
            .parse()
            .map_err(|_| ExprError::new("expected a number here", index.span.clone()))?;
        let words = &self.words[w];
        usize::try_from(k)
            .ok()
            .and_then(|k| words.get(k))
            .cloned()
            .ok_or_else(|| {
                ExprError::new(
                    format!(
                        "{k} is outside this table of {} names (0..{})",
                        words.len(),
                        words.len() as i64 - 1
                    ),
                    index.span.clone(),
                )
            })
    }

    /// A part that failed while a solution was printed, at its place in the template; `state`
    /// is the state before the move as the report shows it.
    pub fn failed(&self, e: ExprError, inst: &Instance, state: &str) -> Diagnostic {
        let e = ExprError {
            message: format!("while printing a solution: {}", e.message),
            help: Some(format!(
                "the move has {} from the state {state}; make the label's formulas defined for every move the guard allows",
                self.arguments(inst)
            )),
            ..e
        };
        match &self.site {
            Some(site) => site.error(e),
            None => Diagnostic::new(e.message),
        }
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
    t: &Expr,
    s: W,
    names: &mut Names,
    tables: &[crate::expr::check::Table],
) -> Result<String, ExprError> {
    let (ir, ty) = names.lower(t)?;
    let program = Program::compile(&ir, names.vars)
        .ok_or_else(|| ExprError::new("this formula cannot be computed here", t.span.clone()))?;
    match program.run(s, tables) {
        Ok(v) if ty == Ty::Bool => Ok((v != 0).to_string()),
        Ok(v) => Ok(v.to_string()),
        Err(f) => Err(ExprError::new(f.message, f.span)),
    }
}

/// Splits `"cross {m}M {c}C"` into text and formulas (spans kept relative to the template).
fn parts(text: &str, words: &Words) -> Result<Vec<Part>, ExprError> {
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
        let term = Forms::All.parse(inner).map_err(|e| shift(e, open + 1))?;
        out.push(part(term, open + 1, words));
        rest = close + 1;
    }
    if rest < text.len() {
        out.push(Part::Text(text[rest..].to_string()));
    }
    Ok(out)
}

/// `{item[k]}` over a table of names is a word; anything else a formula.
fn part(term: Expr, at: usize, words: &Words) -> Part {
    if let ExprKind::Index(base, index) = &term.kind
        && let ExprKind::Name(n) = &base.kind
        && let Some(w) = words.iter().position(|(m, _)| m == n)
    {
        return Part::Word(w, (**index).clone(), at);
    }
    Part::Formula(term, at)
}

fn shift(mut e: ExprError, by: usize) -> ExprError {
    e.span = e.span.start + by..e.span.end + by;
    e
}
