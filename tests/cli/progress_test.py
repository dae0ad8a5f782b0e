#!/usr/bin/env python3
"""Long work shows its progress on standard error when that is a terminal, and never otherwise
(apps/rings/progress.hpp, docs/robustness.md). The terminal is a pseudo-terminal from Python's
pty module; each command runs until its first progress line is seen, then is stopped.

Usage: progress_test.py RINGS
"""
import os
import pty
import select
import subprocess
import sys
import time

RINGS = sys.argv[1]
failures = []
passed = 0


def check(name, ok, detail=""):
    global passed
    if ok:
        passed += 1
    else:
        failures.append(f"{name}: {detail}")


def stop(*procs):
    for p in procs:
        p.kill()
        p.wait()


def feeder():
    # An endless move list: the toggles of a 60-ring solution.
    return subprocess.Popen([RINGS, "solve", "60", "--format", "toggles"], stdout=subprocess.PIPE)


def on_terminal(args, expected, stdin=None):
    """Runs rings with standard error on a pseudo-terminal until `expected` appears there."""
    master, slave = pty.openpty()
    p = subprocess.Popen([RINGS, *args], stdin=stdin, stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + 60  # a guard against a hang, not a speed test
    while expected not in seen and time.monotonic() < deadline and p.poll() is None:
        if select.select([master], [], [], 1)[0]:
            try:
                seen += os.read(master, 4096)
            except OSError:
                break
    stop(p)
    os.close(master)
    return seen


def not_on_terminal(args, stdin=None):
    """Runs rings with standard error on a pipe for two seconds (four times the delay before a
    progress line): what it wrote there."""
    p = subprocess.Popen([RINGS, *args], stdin=stdin, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    try:
        p.wait(2)
    except subprocess.TimeoutExpired:
        pass
    stop(p)
    return p.stderr.read()


seen = on_terminal(["count", "100000000"], b"rings: count 100000000: ")
check("count 10^8 on a terminal", b"rings: count 100000000: " in seen, seen[-200:])

total = subprocess.run([RINGS, "count", "40"], capture_output=True, timeout=60).stdout.strip()
seen = on_terminal(["solve", "40"], b" of " + total + b" moves (")
check("solve 40 > file on a terminal", b"rings: solve (40 rings): " in seen and
      b" of " + total + b" moves (" in seen, seen[-200:])

f = feeder()
seen = on_terminal(["verify", "60"], b" bytes read", stdin=f.stdout)
stop(f)
check("verify of an endless list on a terminal", b"rings: verify (60 rings): " in seen, seen[-200:])

# The same work with standard error not a terminal: nothing at all.
err = not_on_terminal(["count", "100000000"])
check("count 10^8, standard error a pipe", err == b"", err[:200])
err = not_on_terminal(["solve", "40"])
check("solve 40, standard error a pipe", err == b"", err[:200])
f = feeder()
err = not_on_terminal(["verify", "60"], stdin=f.stdout)
stop(f)
check("verify, standard error a pipe", err == b"", err[:200])

for f in failures:
    print("FAIL", f)
print(f"{passed} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
