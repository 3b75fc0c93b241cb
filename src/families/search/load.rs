//! Spec -> checked search puzzle: the variable declarations, the constraints bound to the
//! variable names and type-checked, the `show` template, the objective and the engine.

use super::model::{Model, Variable};
use super::plan::{CATALOG, plan};
use super::solve::{SearchPuzzle, Show};
use super::spec::{SearchDocument, SearchTable};
use super::template::{self, Piece};
use crate::diagnostic::Diagnostic;
use crate::expr::{self, DomainKind, Expr, ExprError, Type};
use crate::spec::SpecDocument;
use toml::Spanned;

pub fn puzzle_from_spec(doc: &SpecDocument) -> Result<SearchPuzzle, Diagnostic> {
    let spec: SearchDocument = doc.deserialize()?;
    let table = spec.search.get_ref();
    let variables = declare_variables(doc, &table.variables)?;
    let names: Vec<String> = variables.iter().map(|v| v.name.clone()).collect();
    let constraints = table
        .constraints
        .iter()
        .map(|c| constraint(doc, c, &names))
        .collect::<Result<Vec<_>, _>>()?;
    let show = show_template(doc, table, &names)?;
    let choice = CATALOG.choose(doc, &spec.solve)?;
    let limit = usize::try_from(spec.solve.limit(100)).unwrap_or(usize::MAX);
    let (plan, engine) = plan(&choice, limit);
    Ok(SearchPuzzle {
        model: Model::new(variables, constraints),
        texts: table
            .constraints
            .iter()
            .map(|c| c.get_ref().clone())
            .collect(),
        sites: table
            .constraints
            .iter()
            .map(|c| doc.formula_site(c, "a constraint"))
            .collect(),
        show,
        objective: choice.objective,
        plan,
        engine,
    })
}

/// The variables of every declaration, in order; a `distinct in` or `permutation of`
/// declaration makes one group of different values.
fn declare_variables(
    doc: &SpecDocument,
    declarations: &Spanned<Vec<Spanned<String>>>,
) -> Result<Vec<Variable>, Diagnostic> {
    let mut variables: Vec<Variable> = Vec::new();
    let mut groups = 0;
    for text in declarations.get_ref() {
        let err = |e: ExprError| doc.formula_error(text, "the variables", e);
        let decl = expr::parse_declaration(text.get_ref()).map_err(err)?;
        let group = match decl.kind {
            DomainKind::Each => None,
            DomainKind::Distinct | DomainKind::Permutation => {
                groups += 1;
                Some(groups - 1)
            }
        };
        for (name, span) in decl.names {
            check_new_name(&variables, &name, span).map_err(err)?;
            variables.push(Variable {
                name,
                domain: decl.values.clone(),
                group,
            });
        }
    }
    if variables.is_empty() {
        return Err(doc
            .error(declarations.span(), "no variables")
            .help("declare at least one, e.g. variables = [\"n in 1..100\"]"));
    }
    Ok(variables)
}

/// A variable name must be new and not a built-in function's.
fn check_new_name(
    variables: &[Variable],
    name: &str,
    span: std::ops::Range<usize>,
) -> Result<(), ExprError> {
    if variables.iter().any(|v| v.name == name) {
        return Err(ExprError::new(format!("`{name}` is declared twice"), span)
            .help("give each variable one name"));
    }
    if expr::FUNCTIONS.iter().any(|f| f.name == name) {
        return Err(
            ExprError::new(format!("`{name}` is the name of a built-in function"), span)
                .help("choose another name for the variable"),
        );
    }
    Ok(())
}

/// One constraint, bound to the variables and checked to be true or false.
fn constraint(
    doc: &SpecDocument,
    text: &Spanned<String>,
    names: &[String],
) -> Result<Expr, Diagnostic> {
    let err = |e: ExprError| doc.formula_error(text, "a constraint", e);
    let mut e = doc.parse_formula(text, "a constraint")?;
    let lookup = |n: &str| names.iter().position(|m| m == n);
    e.bind(&lookup, names).map_err(err)?;
    match e.check_type().map_err(err)? {
        Type::Bool => Ok(e),
        Type::Number => Err(err(ExprError::new(
            "a constraint must be true or false",
            0..text.get_ref().len(),
        )
        .help("compare, e.g. \"n % 7 == 0\", or use a test such as pandigital(n)"))),
    }
}

/// The `show` template with its expressions bound, if the spec has one.
fn show_template(
    doc: &SpecDocument,
    table: &SearchTable,
    names: &[String],
) -> Result<Option<Show>, Diagnostic> {
    let Some(s) = &table.show else {
        return Ok(None);
    };
    let err = |e: ExprError| doc.formula_error(s, "`show`", e);
    let mut pieces = template::parse(s.get_ref()).map_err(err)?;
    let lookup = |n: &str| names.iter().position(|m| m == n);
    for p in &mut pieces {
        if let Piece::Expr(e, offset) = p {
            let at = |e: ExprError| err(template::in_template(e, *offset));
            e.bind(&lookup, names).map_err(at)?;
            e.check_type().map_err(at)?;
        }
    }
    Ok(Some(Show {
        pieces,
        site: doc.formula_site(s, "`show`"),
    }))
}
