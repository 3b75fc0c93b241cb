//! `run --shard K/N` and `--shard auto`: which part of a split search this run solves, read once
//! from the command line or from the environment of the batch engine that started the run (a
//! Slurm job array, a Kubernetes Indexed Job, GNU parallel).

use crate::cli::run_options::RunOptions;
pub use crate::cli::shard_arg::ShardArg;
use crate::diagnostic::Diagnostic;
use crate::engine::split::Shard;
use crate::report::Report;
use crate::report::shard::{self as stamp, Stamp};
use crate::spec::{Edits, SpecDocument, Sweep};

/// The part `run` solves, if any: `--shard` resolved (from the process's environment for
/// `auto`).
pub fn chosen(opts: &RunOptions) -> Result<Option<Shard>, Diagnostic> {
    match opts.shard {
        None => Ok(None),
        Some(arg) => resolve(arg, opts.shards, |name| std::env::var(name).ok()).map(Some),
    }
}

/// `--shard` on an objective that does not split.
pub fn refused(doc: &SpecDocument, why: &str) -> Diagnostic {
    Diagnostic::new(format!(
        "--shard: this `{}` spec's objective does not split into independent parts: {why}",
        doc.puzzle.kind.get_ref()
    ))
    .help("run it without --shard; docs/cluster.md lists the objectives that split")
}

/// The note of a part's report.
pub fn note(shard: Shard) -> String {
    format!(
        "part {shard} of a split search {}: its answer covers only its part; add the parts up with `puzzlespec merge` on their --json reports",
        crate::report::shard::PART_MARK
    )
}

/// The `--json` document of a part, with its `shard` object (`report::shard`).
pub fn stamped_json(report: &Report, doc: &SpecDocument, shard: Shard) -> String {
    let mut value = serde_json::to_value(report).unwrap_or_default();
    let stamp = Stamp {
        slots: report.slots.clone(),
        ..stamp_of(doc, shard)
    };
    stamp::stamp(&mut value, &stamp);
    format!(
        "{}\n",
        serde_json::to_string_pretty(&value).unwrap_or_default()
    )
}

/// The `--json` document of a part of a sweep: `{"cases": [...], "shard": {...}}`, each case
/// with its place in the sweep (`case`) so the merge puts them back in order.
pub fn stamped_cases(items: Vec<(usize, serde_json::Value)>, s: &Stamp) -> String {
    let cases: Vec<serde_json::Value> = items
        .into_iter()
        .map(|(i, mut item)| {
            item["case"] = serde_json::Value::from(i);
            item
        })
        .collect();
    let mut value = serde_json::json!({ "cases": cases });
    stamp::stamp(&mut value, s);
    format!(
        "{}\n",
        serde_json::to_string_pretty(&value).unwrap_or_default()
    )
}

/// A sweep part's stamp: the fingerprint covers the spec's text, the edits and the swept values.
pub fn sweep_stamp(text: &str, edits: &Edits, sweep: &Sweep, shard: Shard) -> Stamp {
    let whole = format!(
        "{text}\n# unset {:?}\n# set {:?}\n# sweep {} {:?}",
        edits.unset, edits.set, sweep.key, sweep.values
    );
    Stamp {
        fingerprint: stamp::fingerprint(&whole),
        version: stamp::VERSION.to_string(),
        index: shard.index,
        count: shard.count,
        limit: None,
        slots: Vec::new(),
    }
}

/// What a part's report says of itself: the spec's effective text hashed, the version, the part
/// and `solve.limit`.
pub fn stamp_of(doc: &SpecDocument, shard: Shard) -> Stamp {
    let text = &doc.source.text;
    let limit = toml::from_str::<toml::Table>(text).ok().and_then(|t| {
        t.get("solve")?
            .get("limit")?
            .as_integer()
            .and_then(|l| u64::try_from(l).ok())
    });
    Stamp {
        fingerprint: stamp::fingerprint(text),
        version: stamp::VERSION.to_string(),
        index: shard.index,
        count: shard.count,
        limit,
        slots: Vec::new(),
    }
}

/// The part this run solves: `--shard K/N` as given, or `auto` from the environment (`env`
/// reads a variable, so tests need not set the process's own).
pub fn resolve(
    arg: ShardArg,
    shards: Option<u32>,
    env: impl Fn(&str) -> Option<String>,
) -> Result<Shard, Diagnostic> {
    let count = match arg {
        ShardArg::Fixed(s) => {
            return match shards {
                Some(n) if n != s.count => Err(Diagnostic::new(format!(
                    "--shard {s} and --shards {n} disagree on the number of shards"
                ))
                .help("give N once: --shard K/N, or --shard auto --shards N")),
                _ => Ok(s),
            };
        }
        ShardArg::Auto { count } => count.or(shards),
    };
    let var = |name: &str| env(name).filter(|v| !v.trim().is_empty());
    let number = |name: &str, v: String| {
        v.trim()
            .parse::<u32>()
            .map_err(|_| Diagnostic::new(format!("--shard auto: {name}={v} is not a whole number")))
    };
    let (index, n, from) = if let Some(id) = var("SLURM_ARRAY_TASK_ID") {
        // With N given (--shard auto/N), K is the task id, so that `sbatch --array=7,40` reruns
        // parts 7 and 40. Without, N is the array's task count and K counts from its first id
        // (an --array=1-16 range gives parts 0 to 15).
        let id = number("SLURM_ARRAY_TASK_ID", id)?;
        match count {
            Some(n) => (id, n, "SLURM_ARRAY_TASK_ID"),
            None => {
                let min = var("SLURM_ARRAY_TASK_MIN")
                    .map(|v| number("SLURM_ARRAY_TASK_MIN", v))
                    .transpose()?
                    .unwrap_or(0);
                let n = var("SLURM_ARRAY_TASK_COUNT")
                    .map(|v| number("SLURM_ARRAY_TASK_COUNT", v))
                    .transpose()?
                    .ok_or_else(|| {
                        Diagnostic::new("--shard auto: SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT")
                            .help("give N: --shard auto/N")
                    })?;
                (id.saturating_sub(min), n, "SLURM_ARRAY_TASK_ID")
            }
        }
    } else if let Some(i) = var("JOB_COMPLETION_INDEX") {
        (
            number("JOB_COMPLETION_INDEX", i)?,
            need(count, "JOB_COMPLETION_INDEX")?,
            "JOB_COMPLETION_INDEX",
        )
    } else if let Some(seq) = var("PARALLEL_SEQ") {
        // GNU parallel counts its jobs from 1.
        let seq = number("PARALLEL_SEQ", seq)?;
        if seq == 0 {
            return Err(Diagnostic::new(
                "--shard auto: PARALLEL_SEQ=0, but GNU parallel counts jobs from 1",
            ));
        }
        (seq - 1, need(count, "PARALLEL_SEQ")?, "PARALLEL_SEQ")
    } else {
        return Err(Diagnostic::new(
            "--shard auto found no shard index in the environment: none of SLURM_ARRAY_TASK_ID (with SLURM_ARRAY_TASK_COUNT, SLURM_ARRAY_TASK_MIN), JOB_COMPLETION_INDEX or PARALLEL_SEQ is set",
        )
        .help("run it as a Slurm job array task, a Kubernetes Indexed Job or under GNU parallel, or give the part: --shard K/N"));
    };
    Shard::new(index, n).ok_or_else(|| {
        Diagnostic::new(format!(
            "--shard auto: {from} gives part {index}, but there are only {n} parts (0 to {})",
            n.saturating_sub(1)
        ))
        .help("the number of shards must cover every index of the array: --shard auto/N or --shards N")
    })
}

fn need(count: Option<u32>, var: &str) -> Result<u32, Diagnostic> {
    count.ok_or_else(|| {
        Diagnostic::new(format!(
            "--shard auto: {var} gives the part but not the number of parts"
        ))
        .help("give N: --shard auto/N or --shards N")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::shard_arg::parse;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn parses_parts() {
        assert_eq!(parse("3/7"), Ok(ShardArg::Fixed(Shard::new(3, 7).unwrap())));
        assert_eq!(parse("auto"), Ok(ShardArg::Auto { count: None }));
        assert_eq!(parse("auto/5"), Ok(ShardArg::Auto { count: Some(5) }));
        for bad in ["7/7", "0/0", "x", "1/x", "-1/3", "2"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn reads_each_engine() {
        let auto = ShardArg::Auto { count: None };
        let slurm = [
            ("SLURM_ARRAY_TASK_ID", "5"),
            ("SLURM_ARRAY_TASK_COUNT", "16"),
        ];
        assert_eq!(
            resolve(auto, None, env(&slurm)).unwrap(),
            Shard::new(5, 16).unwrap()
        );
        let from_one = [
            ("SLURM_ARRAY_TASK_ID", "16"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "16"),
        ];
        assert_eq!(
            resolve(auto, None, env(&from_one)).unwrap(),
            Shard::new(15, 16).unwrap()
        );
        // A rerun of some parts (`sbatch --array=7,40`) with N given: K is the task id.
        let rerun = [
            ("SLURM_ARRAY_TASK_ID", "40"),
            ("SLURM_ARRAY_TASK_MIN", "7"),
            ("SLURM_ARRAY_TASK_COUNT", "2"),
        ];
        let n64 = ShardArg::Auto { count: Some(64) };
        assert_eq!(
            resolve(n64, None, env(&rerun)).unwrap(),
            Shard::new(40, 64).unwrap()
        );
        let k8s = [("JOB_COMPLETION_INDEX", "2")];
        assert_eq!(
            resolve(auto, Some(4), env(&k8s)).unwrap(),
            Shard::new(2, 4).unwrap()
        );
        assert!(resolve(auto, None, env(&k8s)).is_err());
        let parallel = [("PARALLEL_SEQ", "1")];
        let three = ShardArg::Auto { count: Some(3) };
        assert_eq!(
            resolve(three, None, env(&parallel)).unwrap(),
            Shard::new(0, 3).unwrap()
        );
        let none = resolve(auto, Some(3), env(&[])).unwrap_err();
        assert!(
            none.message.contains("SLURM_ARRAY_TASK_ID"),
            "{}",
            none.message
        );
        assert!(none.message.contains("PARALLEL_SEQ"));
        assert!(resolve(auto, None, env(&[("PARALLEL_SEQ", "4")])).is_err());
        assert!(resolve(three, None, env(&[("PARALLEL_SEQ", "4")])).is_err());
    }
}
