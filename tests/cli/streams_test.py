#!/usr/bin/env python3
"""The command line with long outputs, closed pipes and million-ring states."""
import os
import random
import subprocess
import sys
import tempfile

RINGS = sys.argv[1]
failures = 0
passed = 0


def check(name, ok, detail=""):
    global failures, passed
    if ok:
        passed += 1
    else:
        failures += 1
        print(f"FAIL {name} {detail}")


def run(*args, stdin=None):
    return subprocess.run([RINGS, *args], input=stdin, capture_output=True, timeout=120)


# A closed pipe ends the stream at once and quietly (2^61 moves would never finish).
for fmt in ("moves", "toggles", "states", "json"):
    p = subprocess.Popen([RINGS, "solve", "60", "--format", fmt], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    first = [p.stdout.readline() for _ in range(3)]
    p.stdout.close()
    try:
        status = p.wait(timeout=20)
    except subprocess.TimeoutExpired:
        p.kill()
        status = "hung"
    err = p.stderr.read()
    check(f"closed pipe ({fmt})", status == 0 and err == b"" and all(first), f"{status} {err!r}")

# The exact count for a million rings, checked against the modular path.
p = run("count", "1000000")
digits = p.stdout.decode().strip()
check("count 10^6 digits", len(digits) == 301030, str(len(digits)))
last = run("count", "1000000", "--mod", str(10**18)).stdout.decode().strip()
check("count 10^6 last digits", int(digits[-18:]) == int(last), f"{digits[-18:]} vs {last}")
nine = run("count", "1000000", "--mod", "9").stdout.decode().strip()
check("count 10^6 digit sum", sum(map(int, digits)) % 9 == int(nine))

# Million-ring states from files: distance against Python's own inverse Gray code.
n = 1_000_000
rng = random.Random(1)
a, b = rng.getrandbits(n), rng.getrandbits(n)


def rank(s):
    shift = 1
    while shift < n:
        s ^= s >> shift
        shift <<= 1
    return s


with tempfile.TemporaryDirectory() as d:
    fa, fb = os.path.join(d, "a"), os.path.join(d, "b")
    open(fa, "w").write(format(a, f"0{n}b") + "\n")
    open(fb, "w").write(format(b, f"0{n}b") + "\n")
    for m in (1000000007, 2**64 - 59, 12345):
        out = run("distance", "@" + fa, "@" + fb, "--mod", str(m)).stdout.decode().strip()
        check(f"distance 10^6 mod {m}", out == str(abs(rank(a) - rank(b)) % m), out)
    p = run("hint", "@" + fa, "--to", "@" + fb, "-k", "2")
    check("hint 10^6", p.returncode == 0 and p.stdout.decode().count("\n") == 3, p.stderr.decode())
    p = run("at", "3", "--from", "@" + fa, "--to", "@" + fb)
    check("at 10^6", p.returncode == 0 and len(p.stdout.strip()) == n)

# A long list verifies, streamed: 20 rings, 699,050 moves, in every format.
for fmt in ("moves", "toggles", "states"):
    sol = run("solve", "20", "--format", fmt).stdout
    p = run("verify", "20", stdin=sol)
    check(f"verify 20 rings ({fmt})", p.stdout == b"ok: 699050 moves, target reached, optimal\n",
          p.stdout.decode() + p.stderr.decode())

print(f"{passed} passed, {failures} failed")
sys.exit(1 if failures else 0)
