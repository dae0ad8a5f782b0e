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
import unittest

ROOT = pathlib.Path(".")
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


def front_end_files():
    for folder in FRONT_ENDS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in SUFFIXES and "node_modules" not in path.parts:
                yield path


class NoRuleCopies(unittest.TestCase):
    def test_the_front_ends_are_found(self):
        checked = len(list(front_end_files()))
        self.assertGreaterEqual(checked, 20, f"only {checked} front-end files found under {ROOT}")

    def test_no_front_end_has_the_marks_of_a_rule(self):
        found = []
        for path in front_end_files():
            name = str(path.relative_to(ROOT))
            text = path.read_text(encoding="utf-8", errors="replace")
            for number, line in enumerate(text.splitlines(), 1):
                for what, mark in MARKS.items():
                    if mark.search(line) and name not in KNOWN:
                        found.append(f"{name}:{number}: {what}: {line.strip()[:120]}")
        self.assertEqual(found, [])

    def test_every_known_file_still_has_a_mark(self):
        # So the list of files allowed a mark cannot go stale.
        for name in sorted(KNOWN):
            with self.subTest(name):
                text = (ROOT / name).read_text(encoding="utf-8", errors="replace")
                self.assertTrue(any(mark.search(text) for mark in MARKS.values()),
                                f"{name} keeps no rule any more: remove it from KNOWN")


if __name__ == "__main__":
    ROOT = pathlib.Path(sys.argv[1])
    unittest.main(argv=sys.argv[:1], verbosity=2)
