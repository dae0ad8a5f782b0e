#!/usr/bin/env python3
"""Bad input to the rings CLI, as docs/robustness.md lists it: each case must end with one
printable `rings: error:` line and status 2 (or the negative answer, status 1), nothing on
standard output, and never a crash, a hang or an out-of-memory kill. Each case is a subtest.

Usage: bad_input_test.py RINGS
"""
import os
import random
import subprocess
import sys
import tempfile
import unittest

RINGS = ""


class BadInput(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.rng = random.Random(2)
        cls.dir = tempfile.TemporaryDirectory()
        cls.tmp = cls.dir.name
        cls.garbage = os.path.join(cls.tmp, "garbage")
        with open(cls.garbage, "wb") as f:
            f.write(cls.rng.randbytes(100_000))

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def run_case(self, args, stdin=b"", expect_status=2, expect_in=None):
        shown = (a.encode("utf-8", "surrogateescape").decode("ascii", "backslashreplace")
                 for a in args)
        what = "rings " + " ".join(a if len(a) < 40 else a[:20] + f"...({len(a)} chars)"
                                   for a in shown)
        with self.subTest(what):
            try:
                # A generous guard against hangs, not a speed test.
                # stdin: bytes, or an open file (standard input a regular file).
                feed = {"stdin": stdin} if hasattr(stdin, "fileno") else {"input": stdin}
                p = subprocess.run([RINGS, *args], **feed, capture_output=True, timeout=120)
            except subprocess.TimeoutExpired:
                self.fail("still running after 120 s")
            err = p.stderr.decode("utf-8", "replace")
            self.assertEqual(p.returncode, expect_status, err[:200])
            if expect_status == 2:
                self.assertEqual(p.stdout[:80], b"", "standard output not empty")
                self.assertTrue(err.startswith("rings: error: ") and err.count("\n") == 1
                                and err.endswith("\n"),
                                f"not one 'rings: error:' line: {err[:200]!r}")
                # C0, DEL, C1 (U+0080..U+009F) or bytes that are not UTF-8 (decoded as U+FFFD).
                self.assertFalse(any(ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f or c == "\ufffd"
                                     for c in err[:-1]),
                                 f"control characters in the message: {err[:200]!r}")
                self.assertLessEqual(len(err), 600, "the message is too long")
            if expect_in:
                self.assertIn(expect_in, err + p.stdout.decode("utf-8", "replace"))
            return err

    def test_numbers(self):
        # Empty, zero, negative, not numbers, too large for memory or for 64 bits.
        self.run_case(["count", ""])
        self.run_case(["count", "0"])
        self.run_case(["count", "-5"])
        self.run_case(["count", "1e9"])
        # The exact count does not fit: use --mod
        self.run_case(["count", "1000000000000"], expect_in="--mod")
        self.run_case(["count", "9" * 30])
        self.run_case(["count", "10", "--mod", "0"])
        self.run_case(["count", "10", "--mod", "9" * 30])
        self.run_case(["solve", "1000000000000"], expect_in="too many (at most")
        self.run_case(["table", "1000000000000"])
        self.run_case(["hint", "111", "-k", "9" * 20])
        self.run_case(["at", "-1", "5"])
        self.run_case(["at", "9" * 30, "5"], expect_status=1)  # past the end: the negative answer
        self.run_case(["plan", "111", "--depth", "9" * 30])
        self.run_case(["plan", "111", "--at", "9" * 30], expect_in="not in the solution")
        # Numbers of 10^8 bits
        self.run_case(["plan", "on", "-n", "100000000"], expect_in="too many to list")
        self.run_case(["plan", "on", "-n", "60", "--depth", "200", "--limit", "1000"],
                      expect_in="milestones")

    def test_states(self):
        # 2s, wrong lengths, empty, control characters, 100,000 characters.
        self.run_case(["distance", "1021", "0000"], expect_in="position 3")
        self.run_case(["distance", "101", "0101"])
        self.run_case(["distance", "", ""])
        self.run_case(["distance", "\x1b[31m11", "00"])
        self.run_case(["distance", "x" * 100_000, "0"])
        self.run_case(["count", "\r\x07" * 10])
      # C1 controls: CSI as a raw byte (an 8-bit terminal's ESC [) and as UTF-8 (U+009B); not UTF-8.
      
        self.run_case(["count", "\udc9b31m"], expect_in="\\x9b31m")
        self.run_case(["count", "\u009b31m"], expect_in="\\xc2\\x9b31m")
        self.run_case(["count", "\udcff\udcc0\udc80"], expect_in="\\xff\\xc0\\x80")

    def test_files(self):
        # Missing, a directory, '@' alone, binary garbage, endless zeros.
        tmp, garbage = self.tmp, self.garbage
        self.run_case(["distance", "@/nonexistent", "000"])
        self.run_case(["distance", f"@{tmp}", "000"])
        self.run_case(["distance", "@", "000"])
        self.run_case(["distance", f"@{garbage}", "000"])
        self.run_case(["verify", "3", "/nonexistent"])
        self.run_case(["verify", "3", tmp])
        self.run_case(["verify", "3", "/dev/zero"], expect_in="too long")  # one endless line

    def test_an_oversized_state_file_is_refused_before_it_is_read(self):
        # A sparse file (nothing written to the disk) larger than the longest state text: its
        # size is known, so it is refused at once; reading its 100 MB first took seconds.
        big = os.path.join(self.tmp, "big")
        with open(big, "wb"):
            pass
        os.truncate(big, 100_000_000 + 4096 + 1)
        # Only the refusal before reading knows the size, so the message tells which one it was.
        for args in (["distance", f"@{big}", "000"], ["hint", f"@{big}"]):
            self.run_case(args, expect_in="/big' is 100004097 bytes, more than the 100004096 bytes")
        with open(big, "rb") as f:
            self.run_case(["distance", "@-", "000"], stdin=f,
                          expect_in="standard input is 100004097 bytes")

    def test_move_lists(self):
        # Binary garbage and NUL bytes on standard input, illegal moves (status 1).
        rng, tmp, garbage = self.rng, self.tmp, self.garbage
        self.run_case(["verify", "5"], stdin=rng.randbytes(100_000))
        self.run_case(["verify", "5"], stdin=b"\x00" * 10_000)
        self.run_case(["verify"], stdin=rng.randbytes(1000))
        self.run_case(["verify", "3"],
                      stdin=b"ring 3 off\n", expect_status=1, expect_in="move 1: illegal")
        self.run_case(["verify", "3"],
                      stdin=b"1\n1\n1\n", expect_status=1, expect_in="target not reached")
        self.run_case(["verify", "3"], stdin=b"ring 4 off\n")
        self.run_case(["verify", "3"], stdin=b"7: ring 1 off\n")
        self.run_case(["play", "--load", tmp])
        self.run_case(["play", "--load", garbage])

    def test_the_family(self):
        # --puzzle: names, keys, digits out of range, words for two positions only, sizes, move
        # lists of garbage.
        rng, garbage = self.rng, self.garbage
        self.run_case(["count", "5", "--puzzle", ""])
        self.run_case(["count", "5", "--puzzle", "\x1b[31mhanoi"])
        self.run_case(["count", "5", "--puzzle", "hexadecimal:" + "1" * 10_000])
        self.run_case(["count", "5", "--puzzle", "hexadecimal:10a1"], expect_in="bad key")
        self.run_case(["count", "0", "--puzzle", "hanoi"])
        self.run_case(["count", "9" * 30, "--puzzle", "hanoi"])
        self.run_case(["solve", "1000000000", "--puzzle", "elephant"], expect_in="at most")
        self.run_case(["distance", "0123", "0000", "--puzzle", "hanoi"], expect_in="position 4")
        self.run_case(["distance", "012", "0000", "--puzzle", "hanoi"])
        self.run_case(["distance", "2", "0", "--puzzle", "brain"], expect_in="0 to 1")
        self.run_case(["distance", "on", "off", "-n", "4", "--puzzle", "elephant"],
                      expect_in="two positions")
        self.run_case(["distance", "x" * 120_000, "0", "--puzzle", "hanoi"])
        self.run_case(["distance", f"@{garbage}", "000", "--puzzle", "hanoi"])
        self.run_case(["hint", "012", "--puzzle", "hanoi", "-k", "9" * 20])
        self.run_case(["at", "9" * 300, "--puzzle", "hanoi", "-n", "5"], expect_status=1)
        self.run_case(["at", "-1", "--puzzle", "hanoi", "-n", "5"])
        self.run_case(["verify", "3", "--puzzle", "hanoi"], stdin=rng.randbytes(100_000))
        self.run_case(["verify", "3", "--puzzle", "hanoi"], stdin=b"\x00" * 10_000)
        self.run_case(["verify", "--puzzle", "hanoi"], stdin=b"disc 3 from peg 0 to peg 2\n")
        self.run_case(["verify", "3", "--puzzle", "hanoi"],
                      stdin=b"disc 99999999999999999999 from 0 to 1\n")
        self.run_case(["verify", "3", "--puzzle", "hanoi"], stdin=b"disc 3 from peg 0 to peg 2\n",
                      expect_status=1, expect_in="move 1: illegal")
        self.run_case(["verify", "3", "/dev/zero", "--puzzle", "hanoi"], expect_in="too long")

    def test_closed_pipes_end_quietly(self):
        p = subprocess.run(f"'{RINGS}' solve 40 --puzzle hanoi | head -n 1", shell=True,
                           capture_output=True, timeout=120)
        self.assertEqual(p.stdout, b"1: disc 1 from peg 0 to peg 1\n")
        self.assertEqual(p.stderr, b"")
        p = subprocess.run(f"'{RINGS}' solve 40 | head -n 1", shell=True, capture_output=True,
                           timeout=120)
        self.assertTrue(p.stdout.startswith(b"1: ring "), p.stdout)
        self.assertEqual(p.stdout.count(b"\n"), 1, p.stdout)
        self.assertEqual(p.stderr, b"", "wrote to standard error")


if __name__ == "__main__":
    RINGS = sys.argv[1]
    unittest.main(argv=sys.argv[:1], verbosity=2)
