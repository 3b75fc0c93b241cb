//! Commands run on a thread with a large stack. The parser, type check and evaluator of formulas
//! recurse once per level of nesting; `expr`'s depth limit keeps that bounded, and this stack
//! leaves a wide margin above it even in unoptimised builds.

/// Reserved address space only: pages are touched as the stack grows.
pub const STACK_BYTES: usize = 256 << 20;

/// Runs `work` on a thread with [`STACK_BYTES`] of stack (in place when no such thread can be
/// made, e.g. under a tight address-space limit), and gives back its result.
pub fn on_large_stack<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let work = std::sync::Arc::new(std::sync::Mutex::new(Some(work)));
    let shared = std::sync::Arc::clone(&work);
    let spawned = std::thread::Builder::new()
        .name("puzzlespec".into())
        .stack_size(STACK_BYTES)
        .spawn(move || take(&shared).map(|w| w()));
    match spawned.map(std::thread::JoinHandle::join) {
        Ok(Ok(Some(out))) => out,
        Ok(Ok(None)) => unreachable!("the work runs once"),
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(_) => match take(&work) {
            Some(w) => w(),
            None => unreachable!("the thread did not start"),
        },
    }
}

fn take<F>(slot: &std::sync::Mutex<Option<F>>) -> Option<F> {
    slot.lock().ok().and_then(|mut w| w.take())
}
