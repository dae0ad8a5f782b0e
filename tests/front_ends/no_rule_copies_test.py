#!/usr/bin/env python3
"""No front end keeps its own copy of a rule (ARCHITECTURE.md, "answers as data"): the rules,
the notations and the ranks live in the engine (src/engine); the CLI, the game, the web page,
the Python module and the renderers ask it. This scans every front end's source for the marks
of a rule check: the lowest ring that is on (the heart of the rule), "rings 1..k-2", the pair
rule comparing rings 1 and 2, or a Gray-code rank computed by hand.

Usage: no_rule_copies_test.py SOURCE_DIR
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1])
FRONT_ENDS = ["apps", "python", "src/render", "src/answers", "web"]
SUFFIXES = {".cpp", ".hpp", ".js", ".mjs", ".html", ".py"}
MARKS = {
    "the lowest ring that is on": re.compile(r"lowest_?on\s*\(|lowestOn|indexOf\(\s*true\s*\)", re.I),
    "ring k-1 or rings 1..k-2 looked up":
        re.compile(r"(is_on|bits)\s*[\(\[]\s*\w+\s*-\s*[12]\s*[\)\]]|\$\{\s*\w+\s*-\s*2\s*\}"),
    "the pair rule": re.compile(r"bits\[0\]\s*!==?\s*bits\[1\]|is_on\(1\)\s*[!=]=\s*\w+\.is_on\(2\)"),
    "a Gray rank by hand": re.compile(r"\^=\s*\w+\s*>>\s*1|>>>?\s*1\)\s*\^"),
}

# Files allowed a mark for a reason of their own (none today: the page asks its WebAssembly
# engine). A file named here that no longer has a mark fails, so the list cannot go stale.
KNOWN: set[str] = set()

failures = 0
checked = 0
known_seen = set()
for folder in FRONT_ENDS:
    for path in sorted((ROOT / folder).rglob("*")):
        if path.suffix not in SUFFIXES or "node_modules" in path.parts:
            continue
        checked += 1
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            for what, mark in MARKS.items():
                if mark.search(line):
                    if str(path.relative_to(ROOT)) in KNOWN:
                        known_seen.add(str(path.relative_to(ROOT)))
                        continue
                    failures += 1
                    print(f"FAIL {path.relative_to(ROOT)}:{number}: {what}: {line.strip()[:120]}")
for stale in sorted(KNOWN - known_seen):
    print(f"FAIL {stale} keeps no rule any more: remove it from KNOWN")
    failures += 1
if checked < 20:
    print(f"FAIL only {checked} front-end files found under {ROOT}")
    failures += 1
print(f"{checked - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
