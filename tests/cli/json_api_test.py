#!/usr/bin/env python3
"""Every command's --json against the web API's answer to the same question (one
vocabulary). Starts `rings serve --port 0` on 127.0.0.1, asks both the same random questions
(1 to 1000 rings, single and double moves) and requires equal JSON objects.

Usage: json_api_test.py RINGS
"""
import json
import random
import re
import subprocess
import sys
import unittest
import urllib.error
import urllib.parse
import urllib.request

RINGS = ""


def cli(*args, stdin=None):
    p = subprocess.run([RINGS, *map(str, args), "--json"], input=stdin, capture_output=True,
                       text=True, timeout=60)
    if p.returncode not in (0, 1) or p.stderr:
        raise AssertionError(f"rings {' '.join(map(str, args))}: {p.returncode} {p.stderr}")
    return json.loads(p.stdout)


def text_cli(*args):
    p = subprocess.run([RINGS, *map(str, args)], capture_output=True, text=True, timeout=60)
    if p.returncode != 0 or p.stderr:
        raise AssertionError(f"rings {' '.join(map(str, args))}: {p.returncode} {p.stderr}")
    return p.stdout


def text_api(port, path, params):
    url = f"http://127.0.0.1:{port}{path}?{urllib.parse.urlencode(params)}"
    with urllib.request.urlopen(url, timeout=30) as r:
        assert r.headers["Content-Type"].startswith("text/plain"), r.headers["Content-Type"]
        return r.read().decode()


def api(port, path, params, body=None):
    url = f"http://127.0.0.1:{port}{path}?{urllib.parse.urlencode(params)}"
    req = urllib.request.Request(url, data=body.encode() if body is not None else None,
                                 method="POST" if body is not None else "GET")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def state(rng, n):
    return "".join(rng.choice("01") for _ in range(n))


class JsonAgainstApi(unittest.TestCase):
    maxDiff = 2000

    @classmethod
    def setUpClass(cls):
        cls.server = subprocess.Popen([RINGS, "serve", "--port", "0"], stdout=subprocess.PIPE,
                                      text=True)
        m = re.search(r"http://[^:]+:(\d+)/", cls.server.stdout.readline())
        if not m:
            cls.tearDownClass()
            raise AssertionError("rings serve did not start")
        cls.port = int(m.group(1))

    @classmethod
    def tearDownClass(cls):
        cls.server.terminate()
        cls.server.wait(30)
        cls.server.stdout.close()

    def same(self, what, mine, theirs):
        with self.subTest(what):
            self.assertEqual(mine, theirs, "the CLI's --json (first) and the API's (second)")

    def test_the_rings(self):
        # 1 to 1000 rings, single and double moves.
        rng = random.Random(20261123)
        for i in range(60):
            n = rng.choice([1, 2, 3, 5, 9, 63, 64, 65, 200, 1000])
            double = i % 2 == 1
            flag = ["--double"] if double else []
            dparam = {"double": "1"} if double else {}
            a, b = state(rng, n), state(rng, n)
            mod = str(rng.randrange(1, 10**6))
            self.same("count", cli("count", n, *flag),
                      api(self.port, "/api/count", {"n": n, **dparam}))
            self.same("count --mod", cli("count", n, "--mod", mod, *flag),
                      api(self.port, "/api/count", {"n": n, "mod": mod, **dparam}))
            self.same("distance", cli("distance", a, b, *flag),
                      api(self.port, "/api/distance", {"from": a, "to": b, **dparam}))
            self.same("distance --mod", cli("distance", a, b, "--mod", mod, *flag),
                      api(self.port, "/api/distance", {"from": a, "to": b, "mod": mod, **dparam}))
            k = rng.randrange(0, 6)
            self.same("hint", cli("hint", a, "--to", b, "-k", k, *flag),
                      api(self.port, "/api/hint", {"state": a, "to": b, "k": k, **dparam}))
            step = rng.randrange(0, 50)
            self.same("at", cli("at", step, "--from", a, "--to", b, *flag),
                      api(self.port, "/api/at", {"k": step, "from": a, "to": b, **dparam}))
            dist = int(cli("distance", a, b, *flag)["distance"])
            depth, limit = rng.randrange(1, 5), rng.randrange(1, 70)
            popts, pparams = ["--depth", depth, "--limit", limit], {"depth": depth, "limit": limit}
            if dist and rng.random() < 0.7:
                p = rng.randrange(1, dist + 1)
                popts, pparams = popts + ["--at", p], {**pparams, "at": p}
            self.same("plan", cli("plan", a, "--to", b, *popts, *flag),
                      api(self.port, "/api/plan", {"state": a, "to": b, **pparams, **dparam}))
            # A list of the next moves, with a wrong one now and then.
            moves = cli("hint", a, "--to", b, "-k", rng.randrange(0, 8), *flag)["moves"]
            lines = [str(m["ring"]) if not m.get("double") else "1+2" for m in moves]
            if lines and rng.random() < 0.5:
                lines.insert(rng.randrange(len(lines)), str(rng.randrange(1, n + 1)))
            body = "".join(x + "\n" for x in lines)
            self.same("verify", cli("verify", "--from", a, "--to", b, *flag, stdin=body),
                      api(self.port, "/api/verify", {"from": a, "to": b, **dparam}, body))
            if n <= 9:
                self.same("solve", cli("solve", "--from", a, "--to", b, *flag),
                          api(self.port, "/api/solve",
                              {"from": a, "to": b, "limit": 1000, **dparam}))
            # The text formats (the page shows and copies them): `rings solve`'s own text, cut
            # after `limit` moves.
            if n > 14:
                continue
            fmt = rng.choice(["moves", "toggles", "states"])
            limit = rng.choice([1, 7, 1000])
            notation = rng.choice(["binary", "ring1-first"]) if fmt == "states" else "binary"
            whole = text_cli("solve", "-n", n, "--from", a, "--to", b, "--format", fmt,
                             "--notation", notation, *flag)
            keep = limit + (fmt == "states")
            self.same(f"solve --format {fmt}", "".join(whole.splitlines(keepends=True)[:keep]),
                      text_api(self.port, "/api/solve",
                               {"n": n, "from": a, "to": b, "limit": limit, "format": fmt,
                                "notation": notation, **dparam}))
            if n <= 5:
                self.same("table", cli("table", n, "--to", b, *flag),
                          api(self.port, "/api/table", {"n": n, "to": b, **dparam}))

    def test_the_family(self):
        # --puzzle / puzzle= (docs/family.md).
        rng = random.Random(20261124)
        for i in range(40):
            puzzle = rng.choice(["spin-out", "brain", "elephant", "hanoi", "rings"] +
                                [f"hexadecimal:{rng.randrange(16):04b}"])
            digits = "012" if puzzle in ("elephant", "hanoi") else "01"
            n = rng.choice([1, 2, 3, 5, 8, 64, 300])
            a = "".join(rng.choice(digits) for _ in range(n))
            b = "".join(rng.choice(digits) for _ in range(n))
            mod = str(rng.randrange(1, 10**6))
            pz = ["--puzzle", puzzle]
            self.same(f"count {puzzle}", cli("count", n, "--mod", mod, *pz),
                      api(self.port, "/api/count", {"n": n, "mod": mod, "puzzle": puzzle}))
            self.same(f"distance {puzzle}", cli("distance", a, b, *pz),
                      api(self.port, "/api/distance", {"from": a, "to": b, "puzzle": puzzle}))
            k = rng.randrange(0, 6)
            self.same(f"hint {puzzle}", cli("hint", a, "--to", b, "-k", k, *pz),
                      api(self.port, "/api/hint", {"state": a, "to": b, "k": k, "puzzle": puzzle}))
            if puzzle == "rings":
                continue  # the rings' answers are compared above
            step = rng.randrange(0, 50)
            self.same(f"at {puzzle}", cli("at", step, "--from", a, "--to", b, *pz),
                      api(self.port, "/api/at", {"k": step, "from": a, "to": b, "puzzle": puzzle}))
            moves = cli("hint", a, "--to", b, "-k", rng.randrange(0, 8), *pz)["moves"]
            lines = [f"{m['piece']} from {m['from']} to {m['to']}" for m in moves]
            if lines and rng.random() < 0.5:
                lines.insert(rng.randrange(len(lines)), f"{rng.randrange(1, n + 1)} from 0 to 1")
            body = "".join(x + "\n" for x in lines)
            self.same(f"verify {puzzle}", cli("verify", "--from", a, "--to", b, *pz, stdin=body),
                      api(self.port, "/api/verify", {"from": a, "to": b, "puzzle": puzzle}, body))
            if n <= 8:
                self.same(f"solve {puzzle}", cli("solve", "--from", a, "--to", b, *pz),
                          api(self.port, "/api/solve",
                              {"from": a, "to": b, "limit": 1000, "puzzle": puzzle}))
            if n <= 5:
                self.same(f"table {puzzle}", cli("table", "--to", b, *pz),
                          api(self.port, "/api/table", {"to": b, "puzzle": puzzle}))
            depth, limit = rng.randrange(1, 5), rng.randrange(1, 10)
            at = {"at": rng.randrange(1, 40)} if n <= 5 and a != b else {}
            if at and at["at"] > int(cli("distance", a, b, *pz)["distance"]):
                at = {}
            self.same(f"plan {puzzle}",
                      cli("plan", a, "--to", b, "--depth", depth, "--limit", limit, *pz,
                          *(["--at", at["at"]] if at else [])),
                      api(self.port, "/api/plan", {"state": a, "to": b, "depth": depth,
                                                   "limit": limit, "puzzle": puzzle, **at}))


    def test_the_familys_pictures(self):
        # `rings plot path|lengths|sierpinski --puzzle P -o -` and `rings animate --puzzle P`
        # and /api/plot?kind=…&puzzle=P: the same SVG bytes, for random states.
        rng = random.Random(20261125)
        for i in range(30):
            puzzle = rng.choice(["spin-out", "brain", "elephant", "hanoi", "hanoi", "hanoi",
                                 f"hexadecimal:{rng.randrange(16):04b}"])
            digits = "012" if puzzle in ("elephant", "hanoi") else "01"
            kinds = ["path", "animate", "lengths"] + (["sierpinski"] if puzzle == "hanoi" else [])
            kind = rng.choice(kinds)
            n = rng.randrange(1, 7 if kind != "path" else 12)
            a = "".join(rng.choice(digits) for _ in range(n))
            b = "".join(rng.choice(digits) for _ in range(n))
            command = ["animate"] if kind == "animate" else ["plot", kind]
            ends = ["--from", a, "--to", b] if kind != "lengths" else [str(n)]
            p = subprocess.run([RINGS, *command, *ends, "--puzzle", puzzle, "-o", "-"],
                               capture_output=True, timeout=60)
            self.assertEqual((p.returncode, p.stderr), (0, b""), f"{kind} {puzzle} {a} {b}")
            query = {"from": a, "to": b} if kind != "lengths" else {"n": n}
            url = f"http://127.0.0.1:{self.port}/api/plot?" + urllib.parse.urlencode(
                {"kind": kind, "puzzle": puzzle, **query})
            with urllib.request.urlopen(url, timeout=30) as r:
                self.assertEqual(r.headers["Content-Type"], "image/svg+xml")
                body = r.read()
            with self.subTest(f"plot {kind} {puzzle} {a} {b}"):
                self.assertTrue(body.startswith(b"<?xml") and body == p.stdout,
                                "the CLI's SVG and the API's differ")


if __name__ == "__main__":
    RINGS = sys.argv[1]
    unittest.main(argv=sys.argv[:1], verbosity=2)
