//! The exact cover as loaded: items by name (primary first), colours by name, and the options,
//! each with its name and entries.

use crate::engine::exact_cover::{Entry, Problem};

pub struct Model {
    /// Every item's name: `0..primary` primary, the rest secondary.
    pub items: Vec<String>,
    pub primary: usize,
    /// Colour `c` (from 1) is named `colours[c - 1]`.
    pub colours: Vec<String>,
    pub options: Vec<CoverOption>,
}

pub struct CoverOption {
    pub name: String,
    pub entries: Vec<Entry>,
}

impl Model {
    pub fn secondary(&self) -> usize {
        self.items.len() - self.primary
    }

    pub fn problem(&self) -> Problem {
        let options = self.options.iter().map(|o| o.entries.clone()).collect();
        Problem::new(self.primary, self.secondary(), options)
    }

    /// The first primary item no option covers, if any: then no exact cover exists, and the
    /// item says why (a `when` that leaves it out, givens that rule out all its options).
    pub fn item_in_no_option(&self) -> Option<&str> {
        let mut covered = vec![false; self.primary];
        for e in self.options.iter().flat_map(|o| &o.entries) {
            if let Some(c) = covered.get_mut(e.item as usize) {
                *c = true;
            }
        }
        let i = covered.iter().position(|&c| !c)?;
        Some(&self.items[i])
    }

    /// The names of a cover's options, in the order chosen.
    pub fn names(&self, cover: &[usize]) -> Vec<String> {
        cover
            .iter()
            .map(|&o| self.options[o].name.clone())
            .collect()
    }
}
