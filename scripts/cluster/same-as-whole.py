#!/usr/bin/env python3
"""Compares a merged split run with the unsplit one (or with a published count), for the
cluster scripts: same status, count and optimum, the same listed answers as sets, and every
part complete. Prints one line; exit 0 when the same, 1 when not.

    same-as-whole.py NAME WHOLE.json MERGED.json WALL_SECONDS   (EXPECT=count: against it)
"""
import json
import os
import sys

name, whole_file, merged_file, wall = sys.argv[1:5]
whole, merged = (json.load(open(f)) for f in (whole_file, merged_file))
expect = os.environ.get("EXPECT", "")
if expect:
    same = int(merged.get("count", -1)) == int(expect)
    against = f"published {expect}"
else:
    same = all(whole.get(k) == merged.get(k) for k in ["status", "count", "optimum"])
    # Listings as sets (the parts' order is not the whole's); a number (packing's
    # `placements`) as itself.
    def as_set(d, k):
        v = d.get(k)
        return sorted(json.dumps(x, sort_keys=True) for x in v) if isinstance(v, list) else v
    same = same and all(as_set(whole, k) == as_set(merged, k) for k in ["solutions", "placements", "answers"])
    against = f"unsplit {whole.get('count')}"
print(f"{name}: merged {merged['merged']['parts']} parts: count {merged.get('count')}, "
      f"{against}; {'SAME' if same else 'DIFFERENT'}; wall {float(wall):.1f} s")
sys.exit(0 if same and merged["merged"]["complete"] else 1)
