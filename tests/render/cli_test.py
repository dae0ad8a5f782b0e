#!/usr/bin/env python3
"""`rings plot` and `rings animate` as a user runs them: the file is written whole (atomically),
`-o -` writes standard output, and every bad input is one `rings: error:` line with status 2,
nothing on standard output and no file touched.

Usage: cli_test.py RINGS
"""
import os
import subprocess
import sys
import tempfile
import unittest

RINGS = ""


def run(*args):
    return subprocess.run([RINGS, *args], capture_output=True, timeout=120)


class PlotAndAnimate(unittest.TestCase):
    def check(self, what, ok):
        with self.subTest(what):
            self.assertTrue(ok)

    def test_files_standard_output_and_bad_input(self):
        os.umask(0o022)
        tmp = self.enterContext(tempfile.TemporaryDirectory())
        out = os.path.join(tmp, "path.svg")
        r = run("plot", "path", "6", "--notation", "cleve", "-o", out)
        self.check("plot path writes the file and nothing else",
                   r.returncode == 0 and r.stdout == b"" and r.stderr == b""
                   and os.listdir(tmp) == ["path.svg"])
        with open(out, "rb") as f:
            svg = f.read()
        self.check("the file is an SVG document",
                   svg.startswith(b"<?xml") and svg.endswith(b"</svg>\n"))
        self.check("the file has the usual permissions", os.stat(out).st_mode & 0o777 == 0o644)
        r = run("plot", "path", "6", "--notation", "cleve", "-o", "-")
        self.check("-o - writes the same SVG to standard output",
                   r.returncode == 0 and r.stdout == svg)

        # Every kind, to a file that already exists: it is replaced.
        for args in (["plot", "lengths", "5", "--double"], ["plot", "hypercube", "3"],
                     ["animate", "4"], ["animate", "--from", "1010", "--to", "0110", "--double"],
                     ["plot", "path", "--from", "110010", "--notation", "binary"],
                     ["plot", "path", "5", "--puzzle", "hanoi"],
                     ["plot", "path", "--from", "0120", "--puzzle", "elephant"],
                     ["plot", "sierpinski", "3"],
                     ["animate", "4", "--puzzle", "hanoi"],
                     ["animate", "5", "--puzzle", "spin-out"], ["animate", "4", "--puzzle", "brain"],
                     ["animate", "--from", "0120", "--puzzle", "elephant"],
                     ["animate", "6", "--puzzle", "hexadecimal:1011"],
                     ["plot", "lengths", "4", "--puzzle", "elephant"],
                     ["plot", "lengths", "16", "--puzzle", "hexadecimal:0000"],
                     ["plot", "sierpinski", "--from", "0120", "--to", "2101", "--puzzle", "hanoi"]):
            target = os.path.join(tmp, "old.svg")
            with open(target, "w") as f:
                f.write("old")
            r = run(*args, "-o", target)
            with open(target, "rb") as f:
                body = f.read()
            self.check(f"{args} replaces the file",
                       r.returncode == 0 and body.startswith(b"<?xml"))

        # Bad input: status 2, one line, nothing written, the old file untouched.
        with open(out, "w") as f:
            f.write("keep")
        for args, says in (
            (["plot", "path", "65"], "at most 64 rings"),
            (["plot", "path", "64"], "too many to plot"),
            (["plot", "path", "6", "--notation", "roman"], "unknown notation"),
            (["plot", "path", "6", "--from", "64"], "--from"),
            (["plot", "path", "--from", "42"], "give the number of rings"),
            (["plot", "lengths", "17"], "at most 16 rings"),
            (["plot", "lengths", "0"], "at least 1 ring"),
            (["plot", "lengths", "x"], "whole number"),
            (["plot", "hypercube", "7"], "at most 6 rings"),
            (["animate", "12"], "too many to animate"),
            (["animate", "33"], "at most 32 rings"),
            (["plot", "path", "41", "--puzzle", "hanoi"], "at most 40 discs"),
            (["plot", "path", "31", "--puzzle", "hanoi"], "too many to plot"),
            (["plot", "path", "5", "--puzzle", "hanoi", "--notation", "cleve"], "--notation"),
            (["plot", "path", "5", "--puzzle", "towers"], "unknown puzzle 'towers'"),
            (["plot", "path", "--puzzle", "hanoi", "--from", "013"], "--from"),
            (["plot", "sierpinski", "7"], "at most 6 discs"),
            (["plot", "sierpinski"], "give the number of discs"),
            (["plot", "sierpinski", "3", "--puzzle", "elephant"], "Towers of Hanoi"),
            (["plot", "hypercube", "3", "--puzzle", "hanoi"], "rings plot sierpinski"),
            (["plot", "hypercube", "3", "--puzzle", "spin-out"], "the rings' rule"),
            (["plot", "lengths", "11", "--puzzle", "elephant"], "at most 10 elephants"),
            (["plot", "lengths", "17", "--puzzle", "brain"], "at most 16 rods"),
            (["plot", "lengths", "0", "--puzzle", "hanoi"], "at least 1 disc"),
            (["plot", "lengths", "3", "--puzzle", "hexadecimal:12"], "bad key"),
            (["plot", "lengths", "3", "--puzzle", "spin-out", "--double"], "--double"),
            (["animate", "11", "--puzzle", "hanoi"], "at most 10 discs"),
            (["animate", "33", "--puzzle", "spin-out"], "at most 32 dials"),
            (["animate", "12", "--puzzle", "brain"], "too many to animate"),
            (["animate", "--from", "0130", "--puzzle", "elephant"], "--from"),
            (["animate", "--from", "0120", "--puzzle", "spin-out"], "--from"),
            (["animate", "3", "--puzzle", "hexadecimal:111"], "bad key"),
            (["animate", "3", "--puzzle", "octopus"], "unknown puzzle 'octopus'"),
            (["animate", "3", "--puzzle", "hanoi", "--double"], "--double"),
        ):
            r = run(*args, "-o", out)
            lines = r.stderr.decode().splitlines()
            self.check(f"{args} fails with one clear line ({says})",
                       r.returncode == 2 and r.stdout == b"" and len(lines) == 1
                       and lines[0].startswith("rings: error:") and says in lines[0])
        with open(out) as f:
            self.check("a failed run leaves the old file as it was", f.read() == "keep")
        for args in (["plot", "lengths", "4"], ["plot"], ["plot", "curve", "3", "-o", out]):
            r = run(*args)
            self.check(f"{args} is a usage error", r.returncode == 2 and r.stdout == b""
                       and r.stderr.startswith(b"rings: error:"))
        r = run("plot", "hypercube", "3", "-o", os.path.join(tmp, "no", "such", "dir.svg"))
        self.check("an unwritable path is one clear line",
                   r.returncode == 2 and r.stderr.decode().startswith("rings: error: cannot write")
                   and len(r.stderr.decode().splitlines()) == 1)
        self.check("no temporary files are left behind",
                   sorted(os.listdir(tmp)) == ["old.svg", "path.svg"])


if __name__ == "__main__":
    RINGS = sys.argv[1]
    unittest.main(argv=sys.argv[:1], verbosity=2)
