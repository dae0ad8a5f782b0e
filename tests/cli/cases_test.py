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
Lines starting with # are comments. Errors must leave standard output empty.
"""
import shlex
import subprocess
import sys


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
            case = {"line": lineno, "stdin": [], "out": None, "contains": [], "err": None, "status": 0}
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
            sys.exit(f"{path}:{lineno}: unknown line {line!r}")
    return cases


def main():
    binary, path = sys.argv[1], sys.argv[2]
    failures = 0
    cases = parse(path)
    for case in cases:
        argv = [binary if a == "rings" else a for a in case["argv"]]
        stdin = "".join(s + "\n" for s in case["stdin"])
        p = subprocess.run(argv, input=stdin.encode(), capture_output=True, timeout=60)
        out, err = p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
        problems = []
        if p.returncode != case["status"]:
            problems.append(f"exit status {p.returncode}, expected {case['status']}")
        if case["out"] is not None and out != "".join(s + "\n" for s in case["out"]):
            problems.append(f"stdout was:\n{out}")
        for c in case["contains"]:
            if c not in out:
                problems.append(f"stdout lacks {c!r}:\n{out}")
        if case["err"] is not None:
            lines = err.splitlines()
            if len(lines) != 1 or not lines[0].startswith("rings: error: ") or case["err"] not in lines[0]:
                problems.append(f"stderr was:\n{err}")
            if out:
                problems.append(f"an error printed to stdout:\n{out}")
        elif case["status"] == 0 and err:
            problems.append(f"unexpected stderr:\n{err}")
        if problems:
            failures += 1
            print(f"FAIL {path}:{case['line']}: {' '.join(case['argv'])}")
            for pr in problems:
                print("  " + pr.replace("\n", "\n  "))
    print(f"{len(cases) - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
