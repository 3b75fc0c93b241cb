//! Progress of long searches: engines say what they are doing through [`Progress`]; where it is
//! shown is not their business. The command line plugs in a spinner
//! (`crate::cli::progress_bar`); tests and library users keep it hidden.

/// Where progress messages go (a display on a terminal, a log).
pub trait ProgressSink: Send + Sync {
    /// What the search is doing now.
    fn message(&self, text: String);
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

    /// Says what the search is doing now; cheap enough to call once per layer or per batch
    /// (`msg` is only called when the message is shown).
    pub fn message(&self, msg: impl FnOnce() -> String) {
        if let Some(sink) = &self.sink {
            sink.message(msg());
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
