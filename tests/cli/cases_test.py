#!/usr/bin/env python3
"""Runs the golden command-line cases of cases.txt against the rings binary.

A case is a block of lines separated by blank lines:
  $ rings ARGS...      the command (shell words; `rings` is the binary under test)
  < TEXT               a line of standard input (repeatable)
  > TEXT               a line of the expected standard output (repeatable; all of it must match)
  ~ TEXT               the standard output must contain TEXT
  -                    the standard output must be empty
  ! TEXT               standard error must be exactly one line, "rings: error: ...", containing TEXT
  = STATUS             the expected exit status (default 0)
Lines starting with # are comments. Errors must leave standard output empty. Each case is a
subtest named by its line in cases.txt.

Usage: cases_test.py RINGS CASES_TXT
"""
import shlex
import subprocess
import sys
import unittest

RINGS = CASES = ""


def parse(path):
    cases, case = [], None
    for lineno, raw in enumerate(open(path, encoding="utf-8"), 1):
        line = raw.rstrip("\n")
        if line.startswith("#"):
            continue
        if not line.strip():
            case = None
            continue
        if case is None:
            case = {"line": lineno, "stdin": [], "out": None, "contains": [], "err": None,
                    "status": 0}
            cases.append(case)
        tag, text = line[:1], line[2:]
        if tag == "$":
            case["argv"] = shlex.split(text)
        elif tag == "<":
            case["stdin"].append(text)
        elif tag == ">":
            case["out"] = (case["out"] or []) + [text]
        elif tag == "-":
            case["out"] = []
        elif tag == "~":
            case["contains"].append(text)
        elif tag == "!":
            case["err"] = text
        elif tag == "=":
            case["status"] = int(text)
        else:
            raise ValueError(f"{path}:{lineno}: unknown line {line!r}")
    return cases


class GoldenCases(unittest.TestCase):
    def test_cases_file_has_cases(self):
        self.assertGreater(len(parse(CASES)), 10)

    def test_every_case(self):
        for case in parse(CASES):
            with self.subTest(f"{CASES}:{case['line']}: {' '.join(case['argv'])}"):
                self.check(case)

    def check(self, case):
        argv = [RINGS if a == "rings" else a for a in case["argv"]]
        stdin = "".join(s + "\n" for s in case["stdin"])
        p = subprocess.run(argv, input=stdin.encode(), capture_output=True, timeout=60)
        out, err = p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
        self.assertEqual(p.returncode, case["status"], f"exit status; stderr: {err}")
        if case["out"] is not None:
            self.assertEqual(out, "".join(s + "\n" for s in case["out"]), "stdout")
        for c in case["contains"]:
            self.assertIn(c, out, "stdout")
        if case["err"] is not None:
            lines = err.splitlines()
            self.assertEqual(len(lines), 1, f"stderr is not one line: {err}")
            self.assertTrue(lines[0].startswith("rings: error: "), f"stderr: {err}")
            self.assertIn(case["err"], lines[0], "stderr")
            self.assertEqual(out, "", "an error printed to stdout")
        elif case["status"] == 0:
            self.assertEqual(err, "", "unexpected stderr")


if __name__ == "__main__":
    RINGS, CASES = sys.argv[1:3]
    unittest.main(argv=sys.argv[:1], verbosity=2)
