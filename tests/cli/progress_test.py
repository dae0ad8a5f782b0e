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
import unittest

RINGS = ""


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
    err = p.stderr.read()
    p.stderr.close()
    return err


class OnATerminal(unittest.TestCase):
    def test_count(self):
        seen = on_terminal(["count", "100000000"], b"rings: count 100000000: ")
        self.assertIn(b"rings: count 100000000: ", seen)

    def test_solve_into_a_file(self):
        total = subprocess.run([RINGS, "count", "40"], capture_output=True,
                               timeout=60).stdout.strip()
        seen = on_terminal(["solve", "40"], b" of " + total + b" moves (")
        self.assertIn(b"rings: solve (40 rings): ", seen)
        self.assertIn(b" of " + total + b" moves (", seen)

    def test_verify_of_an_endless_list(self):
        f = feeder()
        seen = on_terminal(["verify", "60"], b" bytes read", stdin=f.stdout)
        stop(f)
        f.stdout.close()
        self.assertIn(b"rings: verify (60 rings): ", seen)


class NotOnATerminal(unittest.TestCase):
    """The same work with standard error a pipe: nothing at all."""

    def test_count(self):
        self.assertEqual(not_on_terminal(["count", "100000000"]), b"")

    def test_solve(self):
        self.assertEqual(not_on_terminal(["solve", "40"]), b"")

    def test_verify(self):
        f = feeder()
        err = not_on_terminal(["verify", "60"], stdin=f.stdout)
        stop(f)
        f.stdout.close()
        self.assertEqual(err, b"")


if __name__ == "__main__":
    RINGS = sys.argv[1]
    unittest.main(argv=sys.argv[:1], verbosity=2)
