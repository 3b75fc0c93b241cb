//! A table written as a comprehension ([`crate::expr::Comprehension`]), computed when the spec
//! is loaded: every element a whole number known from the parameters, the tables written as
//! lists and the loop variables.

use super::names::{Names, err};
use super::state::StateVars;
use super::table::Table;
use crate::expr::{Comprehension, Element, ExprError};

/// The most entries a table formula may give (a table is data for the formulas, not a search).
const MAX_ENTRIES: usize = 1_000_000;

impl<S: StateVars + ?Sized> Names<'_, S> {
    /// The table `c` gives: a list, or rows when its element is itself a comprehension.
    pub fn table_of(&mut self, c: &Comprehension) -> Result<Table, ExprError> {
        let mut entries = 0;
        match &c.element {
            Element::Value(_) => Ok(Table::List(self.list_of(c, &mut entries)?)),
            Element::Row(row) => {
                let mut rows = Vec::new();
                self.each_value(&c.loops, &mut |names| {
                    rows.push(names.list_of(row, &mut entries)?);
                    Ok(())
                })?;
                Ok(Table::Rows(rows))
            }
        }
    }

    fn list_of(&mut self, c: &Comprehension, entries: &mut usize) -> Result<Vec<i64>, ExprError> {
        let Element::Value(e) = &c.element else {
            return Err(err(
                "a table is a list or a list of rows: comprehensions nest two deep at most",
                &c.span,
            ));
        };
        let mut out = Vec::new();
        self.each_value(&c.loops, &mut |names| {
            *entries += 1;
            if *entries > MAX_ENTRIES {
                return Err(err(
                    format!("this table has more than {MAX_ENTRIES} entries"),
                    &c.span,
                )
                .help("narrow the loops' ranges"));
            }
            out.push(names.constant(e)?);
            Ok(())
        })?;
        Ok(out)
    }
}
