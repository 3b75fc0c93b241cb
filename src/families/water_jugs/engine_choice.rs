//! Which engine computes an objective, and why `auto` picks it.

/// The engine for `objective`: the one asked for when it fits, else why not; with `auto`, the
/// best one and the reason shown in the report.
pub fn choose_engine(
    objective: &str,
    requested: &str,
    single_goal: bool,
) -> Result<(&'static str, &'static str), String> {
    let fits: &[(&'static str, &'static str)] = match objective {
        "shortest" if single_goal => &[
            (
                "bidirectional-bfs",
                "auto: the goal is one known state, so search from both ends",
            ),
            ("bfs", ""),
        ],
        "shortest" => &[(
            "bfs",
            "auto: the goal is a predicate, so breadth-first search from the start",
        )],
        "all-shortest" | "count" => &[(
            "all-shortest-bfs",
            "auto: breadth-first search keeping every shortest parent",
        )],
        _ => &[(
            "layered-bfs",
            "auto: every reachable state is visited layer by layer",
        )],
    };
    if requested == "auto" {
        return Ok(fits[0]);
    }
    match fits.iter().find(|(name, _)| *name == requested) {
        Some((name, _)) => Ok((name, "")),
        None => {
            let names: Vec<&str> = fits.iter().map(|(n, _)| *n).collect();
            let why = if requested == "bidirectional-bfs" && objective == "shortest" {
                "bidirectional search needs a goal naming one state (`A == 4 and B == 0`, every jug); "
            } else {
                ""
            };
            Err(format!(
                "{why}use engine = \"auto\" or one of: {}",
                names.join(", ")
            ))
        }
    }
}
