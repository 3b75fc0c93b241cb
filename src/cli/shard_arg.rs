//! `--shard` and `--shards` as the command line gives them, parsed once into a type.

use crate::engine::split::Shard;

/// `--shard` as written: a part, or `auto` (with N when the environment does not give it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShardArg {
    Fixed(Shard),
    Auto { count: Option<u32> },
}

/// Parses `K/N` (0-based K < N), `auto` or `auto/N`.
pub fn parse(text: &str) -> Result<ShardArg, String> {
    let text = text.trim();
    if text == "auto" {
        return Ok(ShardArg::Auto { count: None });
    }
    let Some((k, n)) = text.split_once('/') else {
        return Err(format!(
            "`{text}` is not a shard: write K/N, part K (from 0) of N, e.g. --shard 0/16, or --shard auto"
        ));
    };
    let n = count(n)?;
    if k.trim() == "auto" {
        return Ok(ShardArg::Auto { count: Some(n) });
    }
    let k: u32 = k
        .trim()
        .parse()
        .map_err(|_| format!("`{k}` is not a part number: K in K/N is a whole number from 0"))?;
    Shard::new(k, n).map(ShardArg::Fixed).ok_or_else(|| {
        format!(
            "there is no part {k} of {n}: parts are numbered from 0, so K is 0 to {}",
            n - 1
        )
    })
}

/// N of `K/N` or `--shards N`: a whole number from 1.
pub fn count(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(0) => Err("N in K/N must be at least 1 (a search in 0 parts solves nothing)".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "`{text}` is not a number of shards: N is a whole number from 1"
        )),
    }
}
