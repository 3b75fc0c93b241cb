#!/usr/bin/env python3
"""Runs commands alternately and prints the medians of their wall time and CPU time.

    scripts/side-by-side.py [-n RUNS] [--one-core] LABEL=COMMAND LABEL=COMMAND ...

Each round runs every command once, in the order given, so that all of them see the same load
on a shared machine; after RUNS rounds it prints, per command, the medians of its wall time,
user CPU time, user and system CPU time, system time and peak memory, each child's times read
from getrusage (microseconds, where /usr/bin/time rounds to 10 ms), and the ratio of each
median to the first command's. With --one-core every command runs pinned to one core (taskset)
with RAYON_NUM_THREADS=1: a program that starts its own threads whatever rayon is told is then
still on one core. A command's own output is discarded; a command that fails is counted and
said, and the script then exits 1.

Example (docs/benchmarks.md):
    scripts/side-by-side.py -n 21 --one-core \\
        "ours=target/release/puzzlespec run --quiet specs/english33.toml" \\
        "peer=/path/to/peg-solitaire calculate-all"
"""
import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import time


def run_once(argv, env):
    """Wall seconds, user seconds, system seconds, peak MB and exit status of one run."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime, usage.ru_stime, usage.ru_maxrss / 1024, status


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--runs", type=int, default=15, help="rounds (default 15)")
    ap.add_argument("--one-core", action="store_true", help="pin every command to one core")
    ap.add_argument("commands", nargs="+", metavar="LABEL=COMMAND")
    args = ap.parse_args()
    if args.runs < 1:
        ap.error("-n must be at least 1")
    commands = []
    for spec in args.commands:
        label, sep, command = spec.partition("=")
        if not sep or not label or not command.strip():
            ap.error(f"expected LABEL=COMMAND, got {spec!r}")
        argv = shlex.split(command)
        if shutil.which(argv[0]) is None:
            ap.error(f"{label}: no program {argv[0]!r} (not found, or not executable)")
        commands.append((label, argv))
    env = dict(os.environ)
    if args.one_core:
        if shutil.which("taskset") is None:
            ap.error("--one-core needs taskset (util-linux)")
        core = str(max(os.sched_getaffinity(0)))
        commands = [(label, ["taskset", "-c", core, *argv]) for label, argv in commands]
        env["RAYON_NUM_THREADS"] = "1"

    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{args.runs} rounds{', one core' if args.one_core else ''}")
    results = {label: [] for label, _ in commands}
    failures = {label: 0 for label, _ in commands}
    for _ in range(args.runs):
        for label, argv in commands:
            wall, user, system, peak, status = run_once(argv, env)
            failures[label] += status != 0
            results[label].append((wall, user, user + system, system, peak))
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    names = ("wall", "user", "user+sys", "sys")
    medians = {
        label: [statistics.median(r[i] for r in runs) for i in range(5)]
        for label, runs in results.items()
    }
    first = medians[commands[0][0]]
    width = max(len(label) for label, _ in commands)
    for label, m in medians.items():
        cells = "  ".join(f"{n} {v:.3f} s" for n, v in zip(names, m))
        ratios = "  ".join(
            f"{m[i] / first[i]:.2f}x" if first[i] > 0 else "-" for i in (1, 2)
        )
        print(f"{label:<{width}}  {cells}  peak {m[4]:.0f} MB  (user; user+sys vs first: {ratios})")
    failed = {label: n for label, n in failures.items() if n}
    for label, n in failed.items():
        print(f"{label}: {n} of {args.runs} runs exited non-zero", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        sys.exit(0)
