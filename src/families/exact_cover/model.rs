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

    /// The names of a cover's options, in the order chosen.
    pub fn names(&self, cover: &[usize]) -> Vec<String> {
        cover
            .iter()
            .map(|&o| self.options[o].name.clone())
            .collect()
    }
}
