#!/usr/bin/env python3
"""Line coverage of Sources/ per library target, from the llvm-cov JSON `swift test
--enable-code-coverage` writes. Fails when a gated target is under the threshold."""
import json
import os
import subprocess
import sys

THRESHOLD = 90.0
GATED = sys.argv[1:] or ["BCKit"]

path = subprocess.run(
    ["swift", "test", "--show-codecov-path"], check=True, capture_output=True, text=True
).stdout.strip()
root = os.getcwd()
totals = {}
with open(path) as handle:
    data = json.load(handle)
for entry in data["data"][0]["files"]:
    name = os.path.relpath(entry["filename"], root)
    parts = name.split(os.sep)
    if len(parts) < 3 or parts[0] != "Sources":
        continue
    lines = entry["summary"]["lines"]
    covered, count = totals.get(parts[1], (0, 0))
    totals[parts[1]] = (covered + lines["covered"], count + lines["count"])

failed = False
for target, (covered, count) in sorted(totals.items()):
    percent = 100.0 * covered / count if count else 100.0
    gate = target in GATED
    verdict = ("ok" if percent >= THRESHOLD else "UNDER %.0f%%" % THRESHOLD) if gate else "not gated"
    print(f"{target:16} {percent:6.2f}% of {count:5} lines  {verdict}")
    failed |= gate and percent < THRESHOLD
for target in GATED:
    if target not in totals:
        print(f"{target}: no coverage data")
        failed = True
sys.exit(1 if failed else 0)
