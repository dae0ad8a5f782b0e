#!/usr/bin/env python3
"""The command line with long outputs, closed pipes and million-ring states.

Usage: streams_test.py RINGS
"""
import os
import random
import subprocess
import sys
import tempfile
import unittest

RINGS = ""


def run(*args, stdin=None):
    return subprocess.run([RINGS, *args], input=stdin, capture_output=True, timeout=120)


class ClosedPipes(unittest.TestCase):
    def test_a_closed_pipe_ends_the_stream_at_once_and_quietly(self):
        # 2^61 moves would never finish.
        for fmt in ("moves", "toggles", "states", "json"):
            with self.subTest(fmt):
                p = subprocess.Popen([RINGS, "solve", "60", "--format", fmt],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                first = [p.stdout.readline() for _ in range(3)]
                p.stdout.close()
                try:
                    status = p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()
                    status = "hung"
                err = p.stderr.read()
                p.stderr.close()
                self.assertEqual(status, 0)
                self.assertEqual(err, b"")
                self.assertTrue(all(first), first)


class MillionRings(unittest.TestCase):
    def test_the_exact_count_agrees_with_the_modular_path(self):
        digits = run("count", "1000000").stdout.decode().strip()
        self.assertEqual(len(digits), 301030)
        last = run("count", "1000000", "--mod", str(10**18)).stdout.decode().strip()
        self.assertEqual(int(digits[-18:]), int(last))
        nine = run("count", "1000000", "--mod", "9").stdout.decode().strip()
        self.assertEqual(sum(map(int, digits)) % 9, int(nine))

    def test_states_from_files(self):
        # Distance against Python's own inverse Gray code.
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
            with open(fa, "w") as f:
                f.write(format(a, f"0{n}b") + "\n")
            with open(fb, "w") as f:
                f.write(format(b, f"0{n}b") + "\n")
            for m in (1000000007, 2**64 - 59, 12345):
                with self.subTest(f"distance mod {m}"):
                    out = run("distance", "@" + fa, "@" + fb, "--mod", str(m)).stdout.decode()
                    self.assertEqual(out.strip(), str(abs(rank(a) - rank(b)) % m))
            p = run("hint", "@" + fa, "--to", "@" + fb, "-k", "2")
            self.assertEqual(p.returncode, 0, p.stderr.decode())
            self.assertEqual(p.stdout.decode().count("\n"), 3)
            p = run("at", "3", "--from", "@" + fa, "--to", "@" + fb)
            self.assertEqual(p.returncode, 0, p.stderr.decode())
            self.assertEqual(len(p.stdout.strip()), n)


class LongLists(unittest.TestCase):
    def test_a_long_list_verifies_streamed_in_every_format(self):
        # 20 rings, 699,050 moves.
        for fmt in ("moves", "toggles", "states"):
            with self.subTest(fmt):
                sol = run("solve", "20", "--format", fmt).stdout
                p = run("verify", "20", stdin=sol)
                self.assertEqual(p.stdout, b"ok: 699050 moves, target reached, optimal\n",
                                 p.stderr.decode())


if __name__ == "__main__":
    RINGS = sys.argv[1]
    unittest.main(argv=sys.argv[:1], verbosity=2)
