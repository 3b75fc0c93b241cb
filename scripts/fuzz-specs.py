#!/usr/bin/env python3
"""Mutates the shipped specs and runs the release binary on each variant, under a time limit and
an address-space cap, then summarises the exit codes (issue 15).

A variant may be refused (exit 2), solved (0) or proved unsolvable (1); the binary may also say
that its output could not be written (4) or that it reached its memory cap (5). Anything else -- a panic (101), a signal (negative), an
internal error (3) or a timeout -- is flagged and its spec kept under the output folder so it can
be replayed.

    cargo build --release
    scripts/fuzz-specs.py --variants 3000 --seed 1

Specs that take more than a quarter of the time limit to solve as shipped are fuzzed with
`check` only.
"""

import argparse
import collections
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = {0, 1, 2, 4, 5}
TOKENS = [
    "[", "]", "{", "}", '"', "'", "=", ",", "\n", "#", "0", "-1", "1e999", "999999999999999999999",
    "9223372036854775807", "A", "(", ")", "not ", " and ", " or ", "+", "-", "*", "/", "%", "==",
    "[solve]\n", "\u00e9", "\\", "..", "true", "[[", "]]", "\t", "3", "12",
]


def limit_memory(megabytes):
    def apply():
        cap = megabytes << 20
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    return apply


def run(binary, args, timeout, memory_mb):
    """The exit code, or 'timeout'; a signal shows as a negative code. The binary's own memory
    cap is half the address-space cap (stacks and mappings take the rest), so that running out
    of memory shows as its exit code 5 and not as the system allocator's abort."""
    try:
        done = subprocess.run(
            [str(binary), "--max-memory", f"{memory_mb // 2}M", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            timeout=timeout,
            preexec_fn=limit_memory(memory_mb),
        )
    except subprocess.TimeoutExpired:
        return "timeout", b""
    return done.returncode, done.stderr


def mutate(text, rng):
    """One to five random edits: delete a range, insert a token, duplicate or swap lines,
    change a digit."""
    for _ in range(rng.randint(1, 5)):
        choice = rng.randrange(5)
        if choice == 0 and text:
            at = rng.randrange(len(text))
            text = text[:at] + text[at + rng.randint(1, 20):]
        elif choice == 1:
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(TOKENS) + text[at:]
        elif choice in (2, 3):
            lines = text.split("\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            if choice == 2:
                lines.insert(i, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        else:
            digits = [k for k, c in enumerate(text) if c.isdigit()]
            if digits:
                at = rng.choice(digits)
                text = text[:at] + str(rng.randrange(10)) + text[at + 1:]
    return text


def quick_specs(binary, specs, timeout, memory_mb):
    """The specs whose shipped form finishes within a quarter of the time limit, so that a
    variant that times out is one that runs much longer than its original (on a loaded machine
    a spec that is merely slow would otherwise be flagged)."""
    quick = set()
    for spec in specs:
        started = time.monotonic()
        code, _ = run(binary, ["run", "--quiet", str(spec)], timeout / 4, memory_mb)
        if code != "timeout" and time.monotonic() - started < timeout / 4:
            quick.add(spec)
    return quick


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variants", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per run")
    ap.add_argument("--memory-mb", type=int, default=4096, help="address-space cap per run")
    ap.add_argument("--binary", default=str(ROOT / "target/release/puzzlespec"))
    ap.add_argument("--out", default=str(ROOT / "target/fuzz"))
    args = ap.parse_args()
    binary, out = Path(args.binary), Path(args.out)
    if not binary.exists():
        sys.exit(f"{binary} not found: run `cargo build --release` first")
    out.mkdir(parents=True, exist_ok=True)
    # Specs name data files relative to their folder.
    if not (out / "data").exists():
        (out / "data").symlink_to(ROOT / "specs" / "data")
    specs = sorted((ROOT / "specs").glob("*.toml"))
    quick = quick_specs(binary, specs, args.timeout, args.memory_mb)
    rng = random.Random(args.seed)
    counts, flagged = collections.Counter(), []
    for n in range(args.variants):
        seed_spec = rng.choice(specs)
        variant = out / f"variant-{n % 2}.toml"
        variant.write_text(mutate(seed_spec.read_text(), rng))
        command = "run" if seed_spec in quick else "check"
        args_list = ["run", "--quiet", str(variant)] if command == "run" else ["check", str(variant)]
        code, stderr = run(binary, args_list, args.timeout, args.memory_mb)
        counts[(command, code)] += 1
        if code not in EXPECTED:
            keep = out / f"flagged-{n}-{seed_spec.stem}.toml"
            keep.write_text(variant.read_text())
            flagged.append((keep, command, code, stderr.decode(errors="replace").strip()[-300:]))
    print(f"{args.variants} variants of {len(specs)} specs (seed {args.seed}, "
          f"{args.timeout:g} s and {args.memory_mb} MiB per run)")
    for (command, code), k in sorted(counts.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))):
        print(f"  {command:5} exit {code}: {k}")
    for keep, command, code, tail in flagged:
        print(f"FLAGGED {command} exit {code}: {keep}\n    {tail}")
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
