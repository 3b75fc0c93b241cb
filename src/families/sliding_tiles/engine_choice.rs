//! Which engine solves `shortest` when the spec says `auto`, and the reason shown for the engine
//! of each objective.

use super::{MAX_ARRAY_CELLS, TilesPuzzle};

impl TilesPuzzle {
    pub(super) fn choose_shortest_engine(&self) -> (&'static str, String) {
        let named = match self.engine.as_str() {
            "bfs" => Some("bfs"),
            "bidirectional-bfs" => Some("bidirectional-bfs"),
            "ida-star" => Some("ida-star"),
            "ida-star-manhattan" => Some("ida-star-manhattan"),
            _ => None,
        };
        if let Some(e) = named {
            return (e, String::new());
        }
        if self.n() <= MAX_ARRAY_CELLS {
            (
                "bidirectional-bfs",
                format!(
                    "auto: {} arrangements is small enough to search breadth-first; \
                     searching from both ends meets in the middle",
                    self.arrangements_text()
                ),
            )
        } else {
            (
                "ida-star",
                format!(
                    "auto: {} arrangements is too many to store; IDA* with additive pattern \
                     databases needs memory only for its tables",
                    self.arrangements_text()
                ),
            )
        }
    }

    /// `longest` and `count` (on small boards) have one engine: its reason is shown only when
    /// `auto` chose it.
    pub(super) fn auto_reason(&self, why: impl FnOnce() -> String) -> String {
        if self.engine == "auto" {
            why()
        } else {
            String::new()
        }
    }
}
