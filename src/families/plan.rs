//! Objectives and engines, declared once per family as a [`Catalog`] and parsed once into the
//! family's own enums. Downstream code matches on those enums (a family's `Plan`); no string of
//! `[solve]` is compared after this point.
//!
//! A family writes, in its `plan.rs`:
//!
//! ```text
//! pub static CATALOG: Catalog<Objective, Engine> = Catalog {
//!     objectives: &[
//!         ObjectiveEntry { name: "shortest", objective: Objective::Shortest,
//!                          engines: &[Engine::Bidirectional, Engine::Bfs] },
//!         ...
//!     ],
//!     engines: &[("bfs", Engine::Bfs), ("bidirectional-bfs", Engine::Bidirectional), ...],
//! };
//! ```
//!
//! and its loader calls `CATALOG.choose(doc, &spec.solve)?`, then resolves `auto` with the
//! puzzle's data ([`Choice::resolve`]) into the family's `Plan`.

use crate::diagnostic::{Diagnostic, SourceText};
use crate::spec::{SolveTable, SpecDocument, closest};
use std::ops::Range;
use std::sync::Arc;

/// One objective of a family: its name in specs, its enum value, and the engines that can
/// compute it. The first engine is what `auto` picks unless the family's rule (from the
/// puzzle's data) picks another of them.
pub struct ObjectiveEntry<O: 'static, E: 'static> {
    pub name: &'static str,
    pub objective: O,
    pub engines: &'static [E],
}

/// A family's objectives (the first is the default) and its engines by name.
pub struct Catalog<O: 'static, E: 'static> {
    pub objectives: &'static [ObjectiveEntry<O, E>],
    pub engines: &'static [(&'static str, E)],
}

/// The engine the spec asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineRequest<E> {
    /// `engine = "auto"` or no engine given: the family chooses and says why.
    Auto,
    Named(E),
}

/// An engine fixed for a solve, with the reason shown when `auto` chose it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved<E> {
    pub engine: E,
    /// Empty when the spec named the engine.
    pub reason: String,
}

/// The objective and engine a spec asked for, parsed and checked against each other.
#[derive(Debug, Clone)]
pub struct Choice<O: 'static, E: 'static> {
    pub objective: O,
    pub engine: EngineRequest<E>,
    objective_name: &'static str,
    engine_span: Option<Range<usize>>,
    source: Arc<SourceText>,
}

impl<O: Copy + PartialEq, E: Copy + PartialEq> Catalog<O, E> {
    /// Parses `[solve] objective` and `engine`; an unknown name or an engine that cannot compute
    /// the objective is an error at the spec's value, listing the names that would do.
    pub fn choose(
        &'static self,
        doc: &SpecDocument,
        solve: &SolveTable,
    ) -> Result<Choice<O, E>, Diagnostic> {
        let entry = self.objective_entry(doc, solve)?;
        let engine = self.engine_request(doc, solve)?;
        let choice = Choice {
            objective: entry.objective,
            engine,
            objective_name: entry.name,
            engine_span: solve.engine.as_ref().map(|e| e.span()),
            source: Arc::clone(&doc.source),
        };
        if let EngineRequest::Named(e) = engine
            && !entry.engines.contains(&e)
        {
            return Err(choice.unfit(self, "", entry.engines));
        }
        Ok(choice)
    }

    fn objective_entry(
        &'static self,
        doc: &SpecDocument,
        solve: &SolveTable,
    ) -> Result<&'static ObjectiveEntry<O, E>, Diagnostic> {
        let Some(given) = &solve.objective else {
            return Ok(&self.objectives[0]);
        };
        let names: Vec<&str> = self.objectives.iter().map(|o| o.name).collect();
        match self.objectives.iter().find(|o| o.name == given.get_ref()) {
            Some(entry) => Ok(entry),
            None => Err(unknown_name(
                doc,
                "objective",
                given.get_ref(),
                given.span(),
                &names,
            )),
        }
    }

    fn engine_request(
        &self,
        doc: &SpecDocument,
        solve: &SolveTable,
    ) -> Result<EngineRequest<E>, Diagnostic> {
        let Some(given) = &solve.engine else {
            return Ok(EngineRequest::Auto);
        };
        if given.get_ref() == "auto" {
            return Ok(EngineRequest::Auto);
        }
        match self
            .engines
            .iter()
            .find(|(name, _)| name == given.get_ref())
        {
            Some((_, e)) => Ok(EngineRequest::Named(*e)),
            None => {
                let mut names = vec!["auto"];
                names.extend(self.engines.iter().map(|(n, _)| *n));
                Err(unknown_name(
                    doc,
                    "engine",
                    given.get_ref(),
                    given.span(),
                    &names,
                ))
            }
        }
    }

    /// The spec name of an objective.
    pub fn objective_name(&self, objective: O) -> &'static str {
        self.objectives
            .iter()
            .find(|o| o.objective == objective)
            .map_or("?", |o| o.name)
    }

    /// The spec name of an engine.
    pub fn engine_name(&self, engine: E) -> &'static str {
        self.engines
            .iter()
            .find(|(_, e)| *e == engine)
            .map_or("?", |(n, _)| n)
    }
}

impl<O: Copy + PartialEq, E: Copy + PartialEq> Choice<O, E> {
    /// The engine for this solve: the one named in the spec, or `auto`'s pick with its reason.
    pub fn resolve(&self, auto: impl FnOnce() -> (E, String)) -> Resolved<E> {
        match self.engine {
            EngineRequest::Named(engine) => Resolved {
                engine,
                reason: String::new(),
            },
            EngineRequest::Auto => {
                let (engine, reason) = auto();
                Resolved { engine, reason }
            }
        }
    }

    /// The error for a named engine that cannot run this objective on this puzzle: at the
    /// spec's `engine`, saying why (`why` may be empty) and which engines can (`can`).
    pub fn unfit(&self, catalog: &Catalog<O, E>, why: &str, can: &[E]) -> Diagnostic {
        let engine = match self.engine {
            EngineRequest::Named(e) => catalog.engine_name(e),
            EngineRequest::Auto => "auto",
        };
        let names: Vec<&str> = can.iter().map(|e| catalog.engine_name(*e)).collect();
        let mut help = format!("use engine = \"auto\" or one of: {}", names.join(", "));
        if !why.is_empty() {
            help = format!("{why}; {help}");
        }
        let d = Diagnostic::new(format!(
            "engine `{engine}` does not compute objective `{}` here",
            self.objective_name
        ))
        .help(help);
        match &self.engine_span {
            Some(span) => d.at(&self.source, span.clone()).label("this engine"),
            None => d.at(&self.source, 0..0),
        }
    }
}

fn unknown_name(
    doc: &SpecDocument,
    what: &str,
    value: &str,
    span: Range<usize>,
    allowed: &[&str],
) -> Diagnostic {
    let mut help = format!("use one of: {}", allowed.join(", "));
    if let Some(near) = closest(value, allowed) {
        help = format!("did you mean `{near}`? {help}");
    }
    doc.error(span, format!("unknown {what} `{value}` for this kind"))
        .label(format!("not a known {what}"))
        .help(help)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Obj {
        Shortest,
        Longest,
    }
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Eng {
        Bfs,
        Bidi,
        Layers,
    }
    static TABLE: Catalog<Obj, Eng> = Catalog {
        objectives: &[
            ObjectiveEntry {
                name: "shortest",
                objective: Obj::Shortest,
                engines: &[Eng::Bidi, Eng::Bfs],
            },
            ObjectiveEntry {
                name: "longest",
                objective: Obj::Longest,
                engines: &[Eng::Layers],
            },
        ],
        engines: &[
            ("bfs", Eng::Bfs),
            ("bidi", Eng::Bidi),
            ("layers", Eng::Layers),
        ],
    };

    fn doc(solve: &str) -> SpecDocument {
        let text = format!("[puzzle]\nname = \"t\"\nkind = \"x\"\n[solve]\n{solve}\n");
        SpecDocument::from_text(Path::new("t.toml"), text, &[]).unwrap()
    }

    fn choose(solve: &str) -> Result<Choice<Obj, Eng>, Diagnostic> {
        #[derive(serde::Deserialize)]
        struct D {
            solve: SolveTable,
        }
        let d = doc(solve);
        let parsed: D = toml::from_str(&d.source.text).unwrap();
        TABLE.choose(&d, &parsed.solve)
    }

    #[test]
    fn default_objective_and_auto_engine() {
        let c = choose("").unwrap();
        assert_eq!(c.objective, Obj::Shortest);
        assert_eq!(c.engine, EngineRequest::Auto);
        let r = c.resolve(|| (Eng::Bidi, "why".into()));
        assert_eq!((r.engine, r.reason.as_str()), (Eng::Bidi, "why"));
    }

    #[test]
    fn named_engine_is_kept_without_reason() {
        let c = choose("objective = \"shortest\"\nengine = \"bfs\"").unwrap();
        let r = c.resolve(|| unreachable!("auto is not asked"));
        assert_eq!((r.engine, r.reason.as_str()), (Eng::Bfs, ""));
    }

    #[test]
    fn incompatible_pair_is_an_error_at_the_engine_listing_those_that_can() {
        let e = choose("objective = \"longest\"\nengine = \"bfs\"").unwrap_err();
        assert!(
            e.message
                .contains("`bfs` does not compute objective `longest`")
        );
        assert_eq!(e.location.unwrap().line_col(), (6, 10));
        assert!(e.help.unwrap().contains("one of: layers"));
    }

    #[test]
    fn unknown_names_suggest_the_closest() {
        let e = choose("objective = \"shortst\"").unwrap_err();
        assert!(e.help.unwrap().contains("did you mean `shortest`?"));
        let e = choose("engine = \"lyers\"").unwrap_err();
        assert!(e.help.unwrap().contains("did you mean `layers`?"));
    }

    #[test]
    fn names_round_trip() {
        assert_eq!(TABLE.engine_name(Eng::Bidi), "bidi");
        assert_eq!(TABLE.objective_name(Obj::Longest), "longest");
    }
}
