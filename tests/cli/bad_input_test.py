#!/usr/bin/env python3
"""Bad input to the rings CLI, as docs/robustness.md lists it: each case must end with one
printable `rings: error:` line and status 2 (or the negative answer, status 1), nothing on
standard output, and never a crash, a hang or an out-of-memory kill.

Usage: cli_bad_input_test.py RINGS
"""
import os
import random
import subprocess
import sys
import tempfile

RINGS = sys.argv[1]
failures = []
passed = 0


def run(args, stdin=b"", expect_status=2, expect_in=None):
    global passed
    shown = (a.encode("utf-8", "surrogateescape").decode("ascii", "backslashreplace") for a in args)
    what = "rings " + " ".join(a if len(a) < 40 else a[:20] + f"...({len(a)} chars)" for a in shown)
    try:
        # A generous guard against hangs, not a speed test.
        p = subprocess.run([RINGS, *args], input=stdin, capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        failures.append(f"{what}: still running after 120 s")
        return
    err = p.stderr.decode("utf-8", "replace")
    problems = []
    if p.returncode != expect_status:
        problems.append(f"status {p.returncode}, expected {expect_status}")
    if expect_status == 2:
        if p.stdout:
            problems.append(f"standard output not empty: {p.stdout[:80]!r}")
        if not err.startswith("rings: error: ") or err.count("\n") != 1 or not err.endswith("\n"):
            problems.append(f"not one 'rings: error:' line: {err[:200]!r}")
        # C0, DEL, C1 (U+0080..U+009F) or bytes that are not UTF-8 (decoded as U+FFFD).
        if any(ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f or c == "\ufffd" for c in err[:-1]):
            problems.append(f"control characters in the message: {err[:200]!r}")
        if len(err) > 600:
            problems.append(f"a message of {len(err)} characters")
    if expect_in and expect_in not in err + p.stdout.decode("utf-8", "replace"):
        problems.append(f"no '{expect_in}' in {err[:200]!r}")
    if problems:
        failures.append(f"{what}: " + "; ".join(problems))
    else:
        passed += 1


rng = random.Random(2)
tmp = tempfile.mkdtemp()
garbage = os.path.join(tmp, "garbage")
with open(garbage, "wb") as f:
    f.write(rng.randbytes(100_000))

# Numbers: empty, zero, negative, not numbers, too large for memory or for 64 bits.
run(["count", ""])
run(["count", "0"])
run(["count", "-5"])
run(["count", "1e9"])
run(["count", "1000000000000"], expect_in="--mod")  # the exact count does not fit: use --mod
run(["count", "9" * 30])
run(["count", "10", "--mod", "0"])
run(["count", "10", "--mod", "9" * 30])
run(["solve", "1000000000000"], expect_in="memory")
run(["table", "1000000000000"])
run(["hint", "111", "-k", "9" * 20])
run(["at", "-1", "5"])
run(["at", "9" * 30, "5"], expect_status=1)  # past the end: the negative answer
run(["plan", "111", "--depth", "9" * 30])
run(["plan", "111", "--at", "9" * 30], expect_in="not in the solution")
run(["plan", "on", "-n", "100000000"], expect_in="too many to list")  # numbers of 10^8 bits
run(["plan", "on", "-n", "60", "--depth", "200", "--limit", "1000"], expect_in="milestones")
# States: 2s, wrong lengths, empty, control characters, 100,000 characters.
run(["distance", "1021", "0000"], expect_in="position 3")
run(["distance", "101", "0101"])
run(["distance", "", ""])
run(["distance", "\x1b[31m11", "00"])
run(["distance", "x" * 100_000, "0"])
run(["count", "\r\x07" * 10])
# C1 controls: CSI as a raw byte (an 8-bit terminal's ESC [) and as UTF-8 (U+009B); not UTF-8.
run(["count", "\udc9b31m"], expect_in="\\x9b31m")
run(["count", "\u009b31m"], expect_in="\\xc2\\x9b31m")
run(["count", "\udcff\udcc0\udc80"], expect_in="\\xff\\xc0\\x80")
# Files: missing, a directory, '@' alone, binary garbage, endless zeros.
run(["distance", "@/nonexistent", "000"])
run(["distance", f"@{tmp}", "000"])
run(["distance", "@", "000"])
run(["distance", f"@{garbage}", "000"])
run(["verify", "3", "/nonexistent"])
run(["verify", "3", tmp])
run(["verify", "3", "/dev/zero"], expect_in="too long")  # one endless line
# Move lists: binary garbage and NUL bytes on standard input, illegal moves (status 1).
run(["verify", "5"], stdin=rng.randbytes(100_000))
run(["verify", "5"], stdin=b"\x00" * 10_000)
run(["verify"], stdin=rng.randbytes(1000))
run(["verify", "3"], stdin=b"ring 3 off\n", expect_status=1, expect_in="move 1: illegal")
run(["verify", "3"], stdin=b"1\n1\n1\n", expect_status=1, expect_in="target not reached")
run(["verify", "3"], stdin=b"ring 4 off\n")
run(["verify", "3"], stdin=b"7: ring 1 off\n")
run(["play", "--load", tmp])
run(["play", "--load", garbage])

# The family (--puzzle): names, keys, digits out of range, words for two positions only, sizes,
# move lists of garbage.
run(["count", "5", "--puzzle", ""])
run(["count", "5", "--puzzle", "\x1b[31mhanoi"])
run(["count", "5", "--puzzle", "hexadecimal:" + "1" * 10_000])
run(["count", "5", "--puzzle", "hexadecimal:10a1"], expect_in="bad key")
run(["count", "0", "--puzzle", "hanoi"])
run(["count", "9" * 30, "--puzzle", "hanoi"])
run(["solve", "1000000000", "--puzzle", "elephant"], expect_in="at most")
run(["distance", "0123", "0000", "--puzzle", "hanoi"], expect_in="position 4")
run(["distance", "012", "0000", "--puzzle", "hanoi"])
run(["distance", "2", "0", "--puzzle", "brain"], expect_in="0 to 1")
run(["distance", "on", "off", "-n", "4", "--puzzle", "elephant"], expect_in="two positions")
run(["distance", "x" * 120_000, "0", "--puzzle", "hanoi"])
run(["distance", f"@{garbage}", "000", "--puzzle", "hanoi"])
run(["hint", "012", "--puzzle", "hanoi", "-k", "9" * 20])
run(["at", "9" * 300, "--puzzle", "hanoi", "-n", "5"], expect_status=1)
run(["at", "-1", "--puzzle", "hanoi", "-n", "5"])
run(["verify", "3", "--puzzle", "hanoi"], stdin=rng.randbytes(100_000))
run(["verify", "3", "--puzzle", "hanoi"], stdin=b"\x00" * 10_000)
run(["verify", "--puzzle", "hanoi"], stdin=b"disc 3 from peg 0 to peg 2\n")
run(["verify", "3", "--puzzle", "hanoi"], stdin=b"disc 99999999999999999999 from 0 to 1\n")
run(["verify", "3", "--puzzle", "hanoi"], stdin=b"disc 3 from peg 0 to peg 2\n",
    expect_status=1, expect_in="move 1: illegal")
run(["verify", "3", "/dev/zero", "--puzzle", "hanoi"], expect_in="too long")
p = subprocess.run(f"'{RINGS}' solve 40 --puzzle hanoi | head -n 1", shell=True,
                   capture_output=True, timeout=120)
if p.stdout != b"1: disc 1 from peg 0 to peg 1\n" or p.stderr:
    failures.append(f"rings solve 40 --puzzle hanoi | head -n 1: {p.stdout!r} {p.stderr[:200]!r}")
else:
    passed += 1

# A closed pipe ends quietly.
p = subprocess.run(f"'{RINGS}' solve 40 | head -n 1", shell=True, capture_output=True, timeout=120)
if not p.stdout.startswith(b"1: ring ") or p.stdout.count(b"\n") != 1:
    failures.append(f"rings solve 40 | head -n 1: {p.stdout!r}")
elif p.stderr:
    failures.append(f"rings solve 40 | head -n 1: wrote to standard error {p.stderr[:200]!r}")
else:
    passed += 1

for f in failures:
    print("FAIL", f)
print(f"{passed} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
