//! Progress of long searches: engines say what they are doing through [`Progress`]; where it is
//! shown is not their business. The command line plugs in a spinner that turns into a bar with
//! an ETA when the engine knows how far it is (`crate::cli::progress_bar`); tests and library
//! users keep it hidden.

/// Where progress goes (a display on a terminal, a log).
pub trait ProgressSink: Send + Sync {
    /// What the search is doing now.
    fn message(&self, text: String);
    /// How far the search is: `done` of `total` units of `label` (e.g. "secrets").
    fn position(&self, label: &str, done: u64, total: u64) {
        let _ = (label, done, total);
    }
    /// A remark that stays (e.g. that the search will be long), shown above the display.
    fn notice(&self, text: String) {
        let _ = text;
    }
    /// The search is over: clear the display.
    fn finish(&self);
}

pub struct Progress {
    sink: Option<Box<dyn ProgressSink>>,
}

impl Progress {
    /// Progress that goes nowhere.
    pub fn hidden() -> Progress {
        Progress { sink: None }
    }

    /// Progress shown by `sink`.
    pub fn to(sink: impl ProgressSink + 'static) -> Progress {
        Progress {
            sink: Some(Box::new(sink)),
        }
    }

    /// Whether anything is shown (so that callers can skip work that only feeds the display).
    pub fn is_shown(&self) -> bool {
        self.sink.is_some()
    }

    /// Says what the search is doing now; cheap enough to call once per layer or per batch
    /// (`msg` is only called when the message is shown).
    pub fn message(&self, msg: impl FnOnce() -> String) {
        if let Some(sink) = &self.sink {
            sink.message(msg());
        }
    }

    /// Says how far the search is: `done` of `total` `label` (a bar with an ETA on a terminal).
    /// Cheap: call it per unit of work, or every few when units are tiny.
    pub fn position(&self, label: &str, done: u64, total: u64) {
        if let Some(sink) = &self.sink {
            sink.position(label, done, total);
        }
    }

    /// A remark that stays on screen, e.g. that the search ahead is long.
    pub fn notice(&self, text: impl FnOnce() -> String) {
        if let Some(sink) = &self.sink {
            sink.notice(text());
        }
    }

    pub fn finish(&self) {
        if let Some(sink) = &self.sink {
            sink.finish();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// Records what it is told.
    struct Log(Arc<Mutex<Vec<String>>>);

    impl ProgressSink for Log {
        fn message(&self, text: String) {
            self.0.lock().unwrap().push(text);
        }
        fn position(&self, label: &str, done: u64, total: u64) {
            self.0
                .lock()
                .unwrap()
                .push(format!("{done}/{total} {label}"));
        }
        fn finish(&self) {
            self.0.lock().unwrap().push("finish".into());
        }
    }

    #[test]
    fn positions_reach_the_sink_and_hidden_progress_drops_them() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let p = Progress::to(Log(Arc::clone(&log)));
        assert!(p.is_shown());
        p.message(|| "start".into());
        p.position("secrets", 3, 10);
        p.notice(|| "kept".into()); // the default: ignored
        drop(p);
        let seen = log.lock().unwrap().clone();
        assert_eq!(seen, ["start", "3/10 secrets", "finish"]);
        let hidden = Progress::hidden();
        assert!(!hidden.is_shown());
        hidden.position("secrets", 1, 2);
    }
}
