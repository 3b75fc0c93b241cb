#!/usr/bin/env python3
"""Hostile inputs for every kind and every flag (issues 15 and 51).

Mutates the shipped specs, the starter spec of every kind (`puzzlespec new KIND`) and the bad
specs of tests/bad, and runs the release binary on each variant with random commands and flags:
`run` with --json, --objective, --engine, --limit, --set, --unset, --sweep, --time-limit,
--max-memory, --html, --svg, --boards, --shard, --color; `check`, `list`, `play`, `merge`,
`new`; the spec on stdin; stdout closed or on /dev/full. Every run has a time limit (or only
loads), an address-space cap and a wall-clock bound. It checks only what must hold whatever the
input:

- the exit code is one the README documents for a bad, finished or stopped run (0, 1, 2, 4, 5,
  6); never 3 (internal error), 101 (panic), a signal (134 abort, 139 segfault), or a timeout;
- stderr has no panic text ("panicked", "RUST_BACKTRACE");
- a run that was stopped (memory cap, time limit, Ctrl-C) claims no proof ("exhaustive search",
  "proved optimal");
- the run ends within its bound (the time limit, the 2 s grace of a stop, and loading);
- a refused spec (exit 2, `Error: ...`) names file:line:col, unless the error is about a
  command-line value or a file that cannot be read (those have no place in a file).

Anything else is flagged, and its spec and command line kept under the output folder so it can
be replayed:

    cargo build --release
    scripts/fuzz-specs.py --variants 3000 --seed 1
    nice -n 19 scripts/fuzz-specs.py --variants 20000 --seed 7 --summary target/fuzz/long.json

docs/reliability.md says what the long runs found.
"""

import argparse
import collections
import json
import os
import random
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = {0, 1, 2, 4, 5, 6}
# CPU seconds a run may take beyond its time limit: the 2 s grace of a stop, loading, and a
# second thread. The wall clock only catches a run that waits forever: WALL seconds.
SLACK = 6.0
WALL = 60.0
TOKENS = [
    "[", "]", "{", "}", '"', "'", "=", ",", "\n", "#", "0", "-1", "1e999", "999999999999999999999",
    "9223372036854775807", "-9223372036854775808", "A", "(", ")", "not ", " and ", " or ", "+",
    "-", "*", "/", "%", "==", "[solve]\n", "\u00e9", "\u202e", "\U0001F600", "\\", "..", "true",
    "[[", "]]", "\t", "3", "12", "\x00", "\r", "nan", "inf", "0..999999999999", "..=", "\ufeff",
]
HOSTILE_VALUES = [
    "0", "-1", "1", "2", "64", "1000000", "1e999", "-1e999", "nan", "inf", "9223372036854775807",
    "-9223372036854775808", "18446744073709551616", "99999999999999999999999999", '""',
    '"\u00e9\U0001F600"', '"' + "x" * 70000 + '"', "[]", "[1, 2, 3]", "[[1], [2, [3]]]",
    "{ a = 1 }", "true", "false", '"0..999999999"', '"A == 4"', '"not"', "1979-05-27",
    "[" * 3000 + "]" * 3000, '"' + "(" * 3000 + "1" + ")" * 3000 + '"', "[" + "0, " * 5000 + "0]",
    '"x"', "bare", "3.5", "-0.0",
]
MILD_VALUES = ["0", "1", "2", "3", "4", "5", "7", "10", "true", "false", '"shortest"', '"count"',
               '"longest"', '"reachable"', '"all"', '"auto"', "[0, 0]", "[3, 5]", "[1, 2, 3]"]
TIME_LIMITS = ["0.000001", "0.001", "0.01", "0.05", "0.2", "0.5"]
BAD_TIME_LIMITS = ["-1", "nan", "abc", "", "0", "1e-300", "-0", "1,5"]
MEMORY = ["512M", "256M", "1G"]
BAD_MEMORY = ["0", "1", "1K", "64K", "1M", "abc", "-5M", "1.5G", "", "18446744073709551615"]
SHARDS = ["0/2", "1/2", "3/2", "0/0", "abc", "auto", "1/1", "18446744073709551615/1", "-1/2"]
# A spec named in an error is followed by its line and column.
SPEC_NAMED = re.compile(r"(variant-\d\.toml|<stdin>)")
SPEC_LOCATED = re.compile(r"(variant-\d\.toml|<stdin>)( \([^)]*\))?:\d+:\d+")
# Errors about the command line or another file, which have no place in the spec.
COMMAND_LINE = re.compile(
    r"^(invalid value|unexpected argument|the argument|a value is required|unrecognized|"
    r"no starter|--|\S+\.json|cannot|tip:|the following required)",
)


def limit_memory(megabytes):
    def apply():
        cap = megabytes << 20
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return apply


def run(binary, args, timeout, memory_mb, stdin=None, stdout="null"):
    """(exit code or 'timeout', stderr followed by stdout when it was read, CPU seconds). A
    signal shows as 128 + its number, as a shell says it. `stdout` is `null` (read), `closed` (a
    pipe whose reading end is closed) or `full`.
    The time is the child's CPU time, not the wall clock: on a loaded machine at `nice -n 19` a
    quick run can wait seconds for a core."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    read_end = write_end = None
    if stdout == "closed":
        read_end, write_end = os.pipe()
        os.close(read_end)
        out = write_end
    elif stdout == "full":
        out = open("/dev/full", "wb")
    else:
        out = subprocess.PIPE
    try:
        done = subprocess.run(
            [str(binary), *args],
            input=stdin,
            stdin=None if stdin is not None else subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.PIPE,
            timeout=timeout,
            preexec_fn=limit_memory(memory_mb),
        )
        code = done.returncode if done.returncode >= 0 else 128 - done.returncode
        # The report goes to stdout: kept with stderr, so that what it claims can be checked.
        stderr = done.stderr + (done.stdout or b"")
    except subprocess.TimeoutExpired as e:
        code, stderr = "timeout", e.stderr or b""
    finally:
        if write_end is not None:
            os.close(write_end)
        if stdout == "full":
            out.close()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return code, stderr, cpu


# --- Mutations of a spec's text ------------------------------------------------------------

def edit_once(text, rng):
    choice = rng.randrange(12)
    lines = text.split("\n")
    if choice == 0 and text:  # delete a range
        at = rng.randrange(len(text))
        return text[:at] + text[at + rng.randint(1, 20):]
    if choice == 1:  # insert a token
        at = rng.randrange(len(text) + 1)
        return text[:at] + rng.choice(TOKENS) + text[at:]
    if choice == 2:  # duplicate a line
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return "\n".join(lines)
    if choice == 3:  # swap two lines
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    if choice == 4:  # change a digit
        digits = [k for k, c in enumerate(text) if c.isdigit()]
        if digits:
            at = rng.choice(digits)
            return text[:at] + str(rng.randrange(10)) + text[at + 1:]
        return text
    if choice == 5:  # truncate
        return text[: rng.randrange(len(text) + 1)]
    if choice == 6:  # a number made huge or negative
        numbers = list(re.finditer(r"\d+", text))
        if numbers:
            m = rng.choice(numbers)
            big = rng.choice(["999999999999", "9223372036854775807", "4294967296", "65536",
                              "-" + m.group(), "0", m.group() * 3, "1" + "0" * 40])
            return text[: m.start()] + big + text[m.end():]
        return text
    if choice == 7:  # a value of the wrong type
        values = list(re.finditer(r"= (.*)$", text, re.MULTILINE))
        if values:
            m = rng.choice(values)
            return text[: m.start(1)] + rng.choice(HOSTILE_VALUES) + text[m.end(1):]
        return text
    if choice == 8:  # a huge range
        ranges = list(re.finditer(r"(\d+)\.\.(\d+)", text))
        if ranges:
            m = rng.choice(ranges)
            return text[: m.start(2)] + rng.choice(["999999", "99999999999", "0", "-5"]) + text[m.end(2):]
        return text
    if choice == 9:  # deep nesting inside a formula or an array
        at = rng.randrange(len(text) + 1)
        depth = rng.choice([50, 500, 2100, 5000])
        opener, closer = rng.choice([("(", ")"), ("[", "]"), ("{", "}"), ("not (", ")")])
        return text[:at] + opener * depth + "1" + closer * depth + text[at:]
    if choice == 10:  # unicode in a string or a name
        at = rng.randrange(len(text) + 1)
        return text[:at] + rng.choice(["\u00e9", "\u0301", "\u202e", "\U0001F600", "\u4e2d",
                                       "\ufffd", "\u200b", "\u00a0"]) * rng.randint(1, 4) + text[at:]
    # repeat a block many times
    i = rng.randrange(len(lines))
    return "\n".join(lines[:i] + lines[i:i + 3] * rng.choice([2, 50, 2000]) + lines[i:])


def mutate(text, rng):
    """None to eight edits: a third of the runs keep the seed's text, so that the flags and the
    engines behind them are reached and not only the loader's refusals."""
    for _ in range(rng.choice([0, 0, 0, 1, 1, 2, 3, 8])):
        text = edit_once(text, rng)
    return text


def dotted_keys(text):
    """The dotted keys a spec sets (a rough reading: tables and `key =` lines)."""
    keys, table = [], ""
    for line in text.split("\n"):
        header = re.match(r"\s*\[\[?([A-Za-z0-9_.-]+)\]\]?", line)
        if header:
            table = header.group(1)
            continue
        key = re.match(r"\s*([A-Za-z0-9_-]+)\s*=", line)
        if key:
            keys.append(f"{table}.{key.group(1)}" if table else key.group(1))
    return keys or ["puzzle.name"]


# --- Command lines -------------------------------------------------------------------------

def run_args(spec_arg, keys, kind, names, rng):
    """A `run` command line with random flags; returns (args, time limit in seconds)."""
    args = ["run", spec_arg]
    chosen = rng.choice(TIME_LIMITS)
    limit = float(chosen)
    if rng.random() < 0.08:
        args += ["--time-limit", rng.choice(BAD_TIME_LIMITS)]
        limit = 0.5  # a refused value; an accepted tiny one is bounded anyway
        if args[-1] in ("-1", "-0"):
            args[-2:] = [f"--time-limit={args[-1]}"]
    else:
        args += ["--time-limit", chosen]
    args += ["--max-memory", rng.choice(BAD_MEMORY if rng.random() < 0.05 else MEMORY)]
    if rng.random() < 0.7:
        args.append("--quiet")
    if rng.random() < 0.3:
        args.append("--json")
    objectives, engines = names.get(kind, ([], []))
    if rng.random() < 0.3:
        pool = objectives if objectives and rng.random() < 0.85 else ["zzz", "", "longest", "count"]
        args += ["--objective", rng.choice(pool)]
    if rng.random() < 0.25:
        pool = engines if engines and rng.random() < 0.85 else ["zzz", "", "bfs", "dlx"]
        args += ["--engine", rng.choice(pool)]
    if rng.random() < 0.15:
        args += ["--limit", rng.choice(["0", "1", "5", "18446744073709551615", "abc", "-1"])]
        if args[-1] == "-1":
            args[-2:] = ["--limit=-1"]
    for _ in range(rng.choice([0, 0, 0, 1, 1, 2])):
        key = rng.choice(keys)
        if rng.random() < 0.1:
            key = key + rng.choice([".x", "[0]", "..", ".", ""]) + rng.choice(["", "\u00e9"])
        value = rng.choice(HOSTILE_VALUES if rng.random() < 0.5 else MILD_VALUES)
        args += ["--set", f"{key}={value}"]
    if rng.random() < 0.08:
        args += ["--unset", rng.choice(keys + ["nonexistent.key", "puzzle", ""])]
    if rng.random() < 0.08:
        key = rng.choice(keys)
        args += ["--sweep", f"{key}=" + rng.choice(["0..3", "[1, 2]", "[]", "5..2", "0..99999999",
                                                    "abc", "[[1]]", '["a", 1]'])]
    if rng.random() < 0.05:
        args += ["--html", rng.choice(["/dev/full", "/nonexistent/dir/x.html", "-", "/dev/null"])]
    if rng.random() < 0.05:
        args += ["--svg", rng.choice(["/dev/full", "/nonexistent/dir/x.svg", "-", "/dev/null"])]
    if rng.random() < 0.1:
        args.append("--boards")
    if rng.random() < 0.05:
        args += ["--shard", rng.choice(SHARDS)]
        if rng.random() < 0.5:
            args += ["--shards", rng.choice(["0", "2", "abc", "99999999999999999999"])]
    if rng.random() < 0.05:
        args += ["--color", rng.choice(["always", "never", "auto", "bogus"])]
    return args, limit


def command_line(variant, text, kind, names, kinds, out, rng):
    """(args, stdin bytes or None, stdout mode, time limit, label) for one hostile run."""
    keys = dotted_keys(text)
    stdout = rng.choices(["null", "closed", "full"], [90, 5, 5])[0]
    mode = rng.choices(["run", "stdin", "check", "list", "play", "merge", "new"],
                       [62, 8, 14, 4, 4, 4, 4])[0]
    if mode == "run":
        args, limit = run_args(str(variant), keys, kind, names, rng)
        return args, None, stdout, limit, "run"
    if mode == "stdin":
        args, limit = run_args("-", keys, kind, names, rng)
        return args, text.encode("utf-8", "surrogatepass"), stdout, limit, "run-stdin"
    if mode == "check":
        args = ["check", str(variant)] + (["--json"] if rng.random() < 0.4 else [])
        return args, None, stdout, 0.0, "check"
    if mode == "list":
        return ["list", str(variant.parent)] + (["--json"] if rng.random() < 0.4 else []), \
            None, stdout, 0.0, "list"
    if mode == "play":
        answers = "\n".join(rng.choice(["1 2", "0 0", "4 0", "x", "", "99 99", "-1 3", "2,1",
                                        "\u00e9", "1 2 3"]) for _ in range(rng.randint(0, 12)))
        args = ["play", str(variant), "--max-memory", "512M"]
        if rng.random() < 0.3:
            args += ["--set", f"{rng.choice(keys)}={rng.choice(HOSTILE_VALUES)}"]
        return args, answers.encode(), stdout, 0.5, "play"
    if mode == "merge":
        part = out / f"part-{rng.randrange(3)}.json"
        body = rng.choice([text, "{}", "[]", "", '{"shard": {}}', '{"status": "solved"}',
                           json.dumps({"shard": {"index": 0, "count": 2, "fingerprint": "x",
                                                 "version": "0.1.0", "checksum": "0"}}),
                           "{" * 5000, '{"count": 99999999999999999999999}'])
        part.write_text(body)
        return ["merge", str(part)] + (["--json"] if rng.random() < 0.5 else []) + \
            ([str(part)] if rng.random() < 0.3 else []), None, stdout, 0.0, "merge"
    kind_arg = rng.choice(kinds + ["", "zzz", "\u00e9", "rules" * 1000])
    return ["new", kind_arg], None, stdout, 0.0, "new"


# --- What must hold ------------------------------------------------------------------------

# Exit codes of a run that was stopped (memory cap, time limit, Ctrl-C), and what only a search
# that finished may say.
STOPPED = {5, 6, 130}
PROOF_CLAIMED = re.compile(r"exhaustive search|(?<!not )proved (there is none|optimal|unique)", re.I)


def verdict(code, stderr, seconds, limit, stdout):
    """None when the run behaved, else what is wrong with it."""
    text = stderr.decode("utf-8", errors="replace")
    if code == "timeout":
        return "hang"
    if "panicked" in text or "RUST_BACKTRACE" in text:
        return "panic text"
    if code not in EXPECTED and not (code == 130 and stdout == "closed"):
        return f"exit {code}"
    if seconds > limit + SLACK:
        return f"slow ({seconds:.1f} s of CPU)"
    if code in STOPPED and PROOF_CLAIMED.search(text):
        return "a stopped run claims a proof"
    first = next((line for line in text.split("\n") if line.lower().startswith("error: ")), None)
    if code == 2 and first:
        message = first[len("error: "):]
        whole_file = "larger than" in message or "cannot read" in message
        if SPEC_NAMED.search(message) and not SPEC_LOCATED.search(message) and not whole_file:
            return "error without line:col"
        if not SPEC_NAMED.search(message) and not COMMAND_LINE.search(message):
            return "error naming no file"
    return None


def discover_names(binary, seeds):
    """Each kind's objectives and engines, read from the help of the error a bogus one gets."""
    names = {}
    for kind, spec in seeds.items():
        found = []
        for flag in ("--objective", "--engine"):
            _, stderr, _ = run(binary, ["run", str(spec), flag, "zzz"], 10, 2048)
            m = re.search(r"use one of: ([^\n]*)", stderr.decode(errors="replace"))
            found.append([w.strip() for w in m.group(1).split(",")] if m else [])
        names[kind] = tuple(found)
    return names


def kind_of(text):
    m = re.search(r'^kind\s*=\s*"([^"]*)"', text, re.MULTILINE)
    return m.group(1) if m else "?"


def seed_texts(binary, out):
    """(path, text) of every seed: the shipped specs, tests/bad, and `new KIND` of each kind."""
    seeds = [(p, p.read_text()) for p in sorted((ROOT / "specs").glob("*.toml"))]
    seeds += [(p, p.read_text()) for p in sorted((ROOT / "tests" / "bad").glob("*.toml"))]
    listing = subprocess.run([str(binary), "new"], capture_output=True, text=True).stdout
    kinds = re.search(r"kinds: ([^\n]*)", listing).group(1).split(", ")
    for kind in kinds:
        text = subprocess.run([str(binary), "new", kind], capture_output=True, text=True).stdout
        path = out / f"new-{kind}.toml"
        path.write_text(text)
        seeds.append((path, text))
    return seeds, kinds


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variants", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--memory-mb", type=int, default=2048, help="address-space cap per run")
    ap.add_argument("--binary", default=str(ROOT / "target/release/puzzlespec"))
    ap.add_argument("--out", default=str(ROOT / "target/fuzz"))
    ap.add_argument("--summary", help="also write the figures as JSON to this file")
    args = ap.parse_args()
    binary, out = Path(args.binary), Path(args.out)
    if not binary.exists():
        sys.exit(f"{binary} not found: run `cargo build --release` first")
    out.mkdir(parents=True, exist_ok=True)
    work = out / "work"
    work.mkdir(exist_ok=True)
    # Specs name data files relative to their folder.
    if not (work / "data").exists():
        (work / "data").symlink_to(ROOT / "specs" / "data")
    seeds, kinds = seed_texts(binary, out)
    by_kind = {}
    for path, text in seeds:
        by_kind.setdefault(kind_of(text), path)
    names = discover_names(binary, {k: p for k, p in by_kind.items() if k in kinds})
    bad = [s for s in seeds if "tests/bad" in str(s[0])]
    good = [s for s in seeds if s not in bad]
    rng = random.Random(args.seed)
    counts, per_kind, flagged = collections.Counter(), collections.Counter(), []
    started = time.monotonic()
    for n in range(args.variants):
        # The bad specs are a fifth of the seeds drawn: most runs should get past loading.
        pool = bad if rng.random() < 0.2 else good
        seed_path, original = rng.choice(pool)
        text = mutate(original, rng)
        variant = work / f"variant-{n % 2}.toml"
        variant.write_text(text, encoding="utf-8", errors="surrogatepass")
        kind = kind_of(original)
        cmd, stdin, stdout, limit, label = command_line(variant, text, kind, names, kinds, work, rng)
        # The wall-clock bound is generous (a loaded machine); the CPU bound is the check.
        code, stderr, seconds = run(binary, cmd, limit + WALL, args.memory_mb, stdin, stdout)
        counts[(label, code)] += 1
        if os.environ.get("FUZZ_SHOW_ERRORS") and code == 2:
            print(" ".join(cmd)[:150], "\n   ", stderr.decode(errors="replace").split("\n")[0][:200])
        per_kind[kind] += 1
        wrong = verdict(code, stderr, seconds, limit, stdout)
        if (n + 1) % 1000 == 0:
            print(f"{n + 1} runs, {len(flagged) + bool(wrong)} flagged, "
                  f"{time.monotonic() - started:.0f} s", flush=True)
        if wrong:
            keep = out / f"flagged-{n}-{seed_path.stem}.toml"
            keep.write_text(text, encoding="utf-8", errors="surrogatepass")
            if label == "list":  # the folder's other variant too
                other = work / f"variant-{(n + 1) % 2}.toml"
                if other.exists():
                    (out / f"flagged-{n}-other.toml").write_bytes(other.read_bytes())
            shown = [a if len(a) < 200 else a[:60] + f"...({len(a)} chars)" for a in cmd]
            shown = [str(keep) if a == str(variant) else a for a in shown]
            tail = stderr.decode(errors="replace").strip()[-400:]
            flagged.append({"n": n, "what": wrong, "spec": str(keep), "args": shown,
                            "stdout": stdout, "stderr": tail})
            print(f"FLAGGED {wrong}: {' '.join(shown)} (stdout {stdout})\n    {tail}", flush=True)
    elapsed = time.monotonic() - started
    print(f"{args.variants} hostile runs from {len(seeds)} seeds of {len(per_kind)} kinds "
          f"(seed {args.seed}, {args.memory_mb} MiB per run) in {elapsed:.0f} s: "
          f"{len(flagged)} flagged")
    for (label, code), k in sorted(counts.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))):
        print(f"  {label:9} exit {code}: {k}")
    print("  by kind of seed: " + ", ".join(f"{k} {v}" for k, v in sorted(per_kind.items())))
    if args.summary:
        Path(args.summary).write_text(json.dumps({
            "runs": args.variants, "seed": args.seed, "seconds": round(elapsed),
            "seeds": len(seeds), "kinds": dict(per_kind),
            "exits": {f"{label} {code}": k for (label, code), k in counts.items()},
            "flagged": flagged, "load": os.getloadavg(),
        }, indent=1))
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
