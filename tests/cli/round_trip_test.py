#!/usr/bin/env python3
"""Every list round-trips for every puzzle of the catalogue (`rings puzzles --names`): what
`rings solve --format F` writes, `rings verify` reads back as the optimal solution, with the
format named and detected, for F = moves, states, json and, where a piece has two positions,
toggles; and the same through the web API (`/api/solve?format=F` or its JSON page, read back by
`POST /api/verify`). A format a puzzle has not is refused with one error line.

Usage: round_trip_test.py PATH/TO/rings
"""
import json
import os
import signal
import subprocess
import sys
import time
import unittest
import urllib.parse
import urllib.request

RINGS = ""
PIECES = 4
TIMEOUT_S = 60


def run(args, stdin=None):
    return subprocess.run([RINGS, *args], input=stdin, capture_output=True, text=True,
                          timeout=TIMEOUT_S)


def catalogue():
    return json.loads(run(["puzzles", "--json"]).stdout)


def formats(puzzle):
    return ["moves", "states", "json"] + (["toggles"] if puzzle["toggles"] else [])


class CommandLine(unittest.TestCase):
    def test_every_format_of_every_puzzle(self):
        names = run(["puzzles", "--names"]).stdout.split()
        self.assertEqual(names, [p["name"] for p in catalogue()])
        for puzzle in catalogue():
            name = puzzle["name"]
            optimum = run(["count", str(PIECES), "--puzzle", name]).stdout.strip()
            for fmt in formats(puzzle):
                with self.subTest(puzzle=name, format=fmt):
                    listed = run(["solve", str(PIECES), "--puzzle", name, "--format", fmt])
                    self.assertEqual(listed.returncode, 0, listed.stderr)
                    for named in ([], ["--format", fmt]):
                        checked = run(["verify", str(PIECES), "--puzzle", name, *named],
                                      listed.stdout)
                        self.assertEqual(checked.returncode, 0, checked.stderr)
                        self.assertEqual(checked.stdout,
                                         f"ok: {optimum} moves, target reached, optimal\n")
                    # A list cut short is read too, and says what remains.
                    lines = listed.stdout.splitlines(keepends=True)
                    if fmt in ("moves", "toggles"):
                        short = run(["verify", str(PIECES), "--puzzle", name, "--format", fmt],
                                    "".join(lines[:-1]))
                        self.assertEqual(short.returncode, 1, short.stderr)
                        self.assertIn("target not reached (1 more move needed)", short.stdout)
            if not puzzle["toggles"]:
                refused = run(["solve", "2", "--puzzle", name, "--format", "toggles"])
                self.assertEqual(refused.returncode, 2)
                self.assertEqual(refused.stdout, "")
                self.assertRegex(refused.stderr, r"\Arings: error: .*no toggles.*\n\Z")


class WebApi(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = subprocess.Popen([RINGS, "serve", "--port", "0"], stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, text=True)
        line = cls.server.stdout.readline()  # "rings serve: http://127.0.0.1:P/ ..."
        start = line.index("http://")
        cls.base = line[start:].split()[0].rstrip("/")

    @classmethod
    def tearDownClass(cls):
        cls.server.send_signal(signal.SIGTERM)
        try:
            cls.server.wait(timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            cls.server.kill()

    def call(self, path, params, body=None):
        url = f"{self.base}{path}?{urllib.parse.urlencode(params)}"
        request = urllib.request.Request(url, data=body.encode() if body is not None else None)
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_S) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def test_every_format_of_every_puzzle(self):
        for puzzle in catalogue():
            name = puzzle["name"]
            for fmt in formats(puzzle):
                with self.subTest(puzzle=name, format=fmt):
                    params = {"puzzle": name, "n": PIECES}
                    if fmt != "json":
                        params["format"] = fmt
                    status, listed = self.call("/api/solve", {**params, "limit": 1000})
                    self.assertEqual(status, 200, listed)
                    status, report = self.call("/api/verify", params, listed)
                    self.assertEqual(status, 200, report)
                    report = json.loads(report)
                    self.assertTrue(report["ok"] and report["reached"] and report["optimal"],
                                    report)
            if not puzzle["toggles"]:
                status, body = self.call("/api/solve", {"puzzle": name, "n": 2,
                                                        "format": "toggles"})
                self.assertEqual(status, 400)
                self.assertEqual(json.loads(body)["code"], "bad_format")


if __name__ == "__main__":
    RINGS = os.path.abspath(sys.argv[1])
    unittest.main(argv=sys.argv[:1], verbosity=2)
