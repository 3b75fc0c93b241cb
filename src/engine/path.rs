/// A path through a state space: the start and each move with the state it leads to.
#[derive(Debug, Clone, PartialEq)]
pub struct Path<S, M> {
    pub start: S,
    pub steps: Vec<(M, S)>,
}

impl<S: Copy, M> Path<S, M> {
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The state the path ends in.
    pub fn end(&self) -> S {
        self.steps.last().map_or(self.start, |(_, s)| *s)
    }
}
