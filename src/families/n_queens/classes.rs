//! What a count up to the board's symmetries finds: its solution classes by orbit size.

/// Solution classes by orbit size, and search nodes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Classes {
    /// Only the single queen of the 1 x 1 board is fixed by every symmetry.
    pub one: u64,
    pub two: u64,
    pub four: u64,
    pub eight: u64,
    pub nodes: u64,
}

impl Classes {
    pub fn total(&self) -> u64 {
        self.one + 2 * self.two + 4 * self.four + 8 * self.eight
    }

    pub fn unique(&self) -> u64 {
        self.one + self.two + self.four + self.eight
    }
}

impl std::ops::Add for Classes {
    type Output = Classes;
    fn add(self, o: Classes) -> Classes {
        Classes {
            one: self.one + o.one,
            two: self.two + o.two,
            four: self.four + o.four,
            eight: self.eight + o.eight,
            nodes: self.nodes + o.nodes,
        }
    }
}

impl std::ops::AddAssign for Classes {
    fn add_assign(&mut self, o: Classes) {
        *self = *self + o;
    }
}
