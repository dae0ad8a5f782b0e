#!/usr/bin/env python3
"""Every command's JSON answer, for every puzzle of the catalogue, against its JSON Schema in
docs/schemas (count, distance, hint, at, verify, solve, plan, table, puzzles), and the web API's
own answers (state, move, from `rings serve`): the same fields, the same types, the same key set
whatever the puzzle. The schemas allow no other key, so a field
added to one puzzle's answer alone fails here.

Usage: schemas_test.py PATH/TO/rings PATH/TO/docs/schemas
(needs /usr/bin/python3's jsonschema: Debian's python3-jsonschema)
"""
import http.client
import json
import os
import re
import subprocess
import urllib.parse
import sys
import unittest

try:
    import jsonschema
except ImportError:  # the image's python3 may not be Debian's
    sys.path.append("/usr/lib/python3/dist-packages")
    import jsonschema

RINGS = SCHEMAS = ""
N = 4


def run(*args, stdin=None):
    p = subprocess.run([RINGS, *map(str, args)], input=stdin, capture_output=True, text=True,
                       timeout=60)
    if p.returncode not in (0, 1):
        raise AssertionError(f"rings {' '.join(map(str, args))}: {p.stderr}")
    return p.stdout


def answer(*args, stdin=None):
    return json.loads(run(*args, stdin=stdin))


def schema(name):
    with open(os.path.join(SCHEMAS, f"{name}.schema.json"), encoding="utf-8") as f:
        return json.load(f)


class Schemas(unittest.TestCase):
    def check(self, name, value):
        jsonschema.validate(value, schema(name))

    def test_the_schemas_are_schemas(self):
        for f in sorted(os.listdir(SCHEMAS)):
            with self.subTest(schema=f):
                with open(os.path.join(SCHEMAS, f), encoding="utf-8") as g:
                    jsonschema.Draft202012Validator.check_schema(json.load(g))

    def test_every_command_of_every_puzzle(self):
        catalogue = answer("puzzles", "--json")
        self.check("puzzles", catalogue)
        keys = {}  # command -> the key set of its answers, which every puzzle must share
        for puzzle in catalogue:
            p = ["--puzzle", puzzle["name"]]
            start, goal = puzzle["start"] * N, puzzle["goal"] * N
            listed = run("solve", N, *p, "--format", "moves")
            states = run("solve", N, *p, "--format", "states").splitlines()
            illegal = f"{states[0]}\n{states[2]}\n"  # two moves in one step
            answers = {
                "count": [answer("count", N, *p, "--json"),
                          answer("count", N, *p, "--json", "--mod", 7)],
                "distance": [answer("distance", start, goal, *p, "--json"),
                             answer("distance", start, goal, *p, "--json", "--mod", 7)],
                "hint": [answer("hint", start, *p, "-k", 2, "--json")],
                "at": [answer("at", 1, N, *p, "--json"), answer("at", 10**9, N, *p, "--json")],
                "verify": [answer("verify", N, *p, "--json", stdin=listed),
                           answer("verify", N, *p, "--json", stdin=illegal)],
                "solve": [answer("solve", N, *p, "--json")],
                "plan": [answer("plan", start, *p, "--depth", 3, "--at", 2, "--json")],
                "table": [answer("table", 2, *p, "--json")],
            }
            if puzzle["double_moves"]:
                answers["count"].append(answer("count", N, *p, "--json", "--double"))
            for command, values in answers.items():
                for value in values:
                    with self.subTest(puzzle=puzzle["name"], command=command):
                        self.check(command, value)
                        self.assertEqual(value["puzzle"], puzzle["name"])
                        self.assertIn(value["pieces"], (N, 2))
                # The key set, less the keys a question asks for (mod, an illegal move, past
                # the end), is the same for every puzzle, the rings' own word aside.
                asked = {"mod", "illegal_move", "rule", "why", "past_end", "count", "state",
                         "position", "at", "rings"}
                got = set().union(*(set(v) for v in values)) - asked
                keys.setdefault(command, got)
                with self.subTest(puzzle=puzzle["name"], command=command, keys=True):
                    self.assertEqual(got, keys[command])

    def test_the_web_apis_state_and_move_of_every_puzzle(self):
        server = subprocess.Popen([RINGS, "serve", "--port", "0"], stdout=subprocess.PIPE,
                                  text=True)
        try:
            m = re.search(r"http://[^:]+:(\d+)/", server.stdout.readline())
            self.assertTrue(m, "rings serve did not start")

            def api(route, **params):
                c = http.client.HTTPConnection("127.0.0.1", int(m.group(1)), timeout=60)
                c.request("GET", f"/api/{route}?{urllib.parse.urlencode(params)}")
                r = c.getresponse()
                body = r.read()
                c.close()
                self.assertEqual(r.status, 200, body)
                return json.loads(body)

            keys = {}
            # The rings' own keys: the state in every notation and its place on the Gray path.
            rings_only = {"rings", "binary", "decimal", "cleve", "position"}
            for puzzle in answer("puzzles", "--json"):
                q = {"puzzle": puzzle["name"], "n": N}
                state = api("state", state="start", **q)
                nxt = state["next"]
                to = puzzle["position_names"].index(nxt["to"])
                answers = {
                    "state": [state, api("state", state="goal", **q)],
                    "move": [api("move", state="start", piece=nxt["piece"], to=to, **q),
                             api("move", state="start", piece=N + 1, to=to, **q)],
                }
                self.assertTrue(answers["move"][0]["legal"])
                self.assertFalse(answers["move"][1]["legal"])
                self.assertIsNone(answers["state"][1]["next"])
                for route, values in answers.items():
                    for value in values:
                        with self.subTest(puzzle=puzzle["name"], route=route):
                            self.check(route, value)
                            self.assertEqual(value["puzzle"], puzzle["name"])
                    # "state" only after a legal move.
                    got = set().union(*(set(v) for v in values)) - rings_only
                    keys.setdefault(route, got)
                    with self.subTest(puzzle=puzzle["name"], route=route, keys=True):
                        self.assertEqual(got, keys[route])
        finally:
            server.terminate()
            server.wait(30)
            server.stdout.close()


if __name__ == "__main__":
    RINGS, SCHEMAS = os.path.abspath(sys.argv[1]), sys.argv[2]
    unittest.main(argv=sys.argv[:1], verbosity=2)
