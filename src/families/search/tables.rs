//! `[[search.tables]]`: allowed combinations of values, checked and turned into one constraint
//! `table(k, x1, ..., xk, rows...)` each (which the propagation engine keeps domain consistent
//! and generate and test evaluates like any other).

use super::lower::Scope;
use super::spec::TableSpec;
use crate::diagnostic::Diagnostic;
use crate::expr::{self, Expr, ExprKind};
use crate::spec::SpecDocument;
use toml::Spanned;

/// One table as a constraint, and how messages name it ("table over A, B, C").
pub fn table_constraint(
    doc: &SpecDocument,
    table: &Spanned<TableSpec>,
    scope: &Scope,
) -> Result<(Expr, String), Diagnostic> {
    let t = table.get_ref();
    let mut vars = Vec::new();
    for v in &t.vars {
        let err = |e| doc.formula_error(v, "a table's variables", e);
        let term = expr::Forms::All.parse(v.get_ref()).map_err(err)?;
        vars.extend(scope.variables_of(&term).map_err(err)?);
    }
    if vars.is_empty() {
        return Err(doc
            .error(table.span(), "this table names no variables")
            .help("write vars = [\"A\", \"B\"] and rows = [[1, 2], [2, 1]]"));
    }
    let k = vars.len();
    let mut args = vec![int(k as i128)];
    args.extend(vars.iter().map(|&v| Expr {
        kind: ExprKind::Var(v),
        span: 0..0,
    }));
    for row in &t.rows {
        if row.get_ref().len() != k {
            return Err(doc
                .error(
                    row.span(),
                    format!(
                        "this row has {} values for {k} variables",
                        row.get_ref().len()
                    ),
                )
                .help("give each row one value per variable, in the order of `vars`"));
        }
        args.extend(row.get_ref().iter().map(|&x| int(i128::from(x))));
    }
    let names: Vec<&str> = t.vars.iter().map(|v| v.get_ref().as_str()).collect();
    let text = format!("table over {} ({} rows)", names.join(", "), t.rows.len());
    let call = Expr {
        kind: ExprKind::Call(expr::Builtin::Table, args),
        span: 0..0,
    };
    Ok((call, text))
}

fn int(n: i128) -> Expr {
    Expr {
        kind: ExprKind::Int(n),
        span: 0..0,
    }
}
