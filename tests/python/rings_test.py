"""The Python module `rings`, checked against the rings command line on the same cases.

Run by CTest with PYTHONPATH at the built module and RINGS_CLI naming the rings executable.
"""
import itertools
import json
import os
import pydoc
import random
import subprocess
import sys
import unittest

import rings

CLI = os.environ["RINGS_CLI"]
# The answers' fields that are counts: decimal strings in the CLI's JSON, ints in the module
# (its documented rule, the same for every puzzle).
COUNT_KEYS = {"count", "distance", "first", "last", "mod", "move", "moves", "offset", "optimum",
              "position", "remaining", "step"}
# What the rings' answers carry besides every puzzle's fields (docs/schemas): "rings" (= pieces)
# in the head, "ring" (= piece) and "double" (rings 1+2) in a move, "position" on the Gray path.
RINGS_EXTRAS = {"rings", "ring", "position"}
PUZZLES = [p["name"] for p in rings.puzzles()]
sys.set_int_max_str_digits(0)  # the CLI prints counts of tens of thousands of digits


def cli(*args, stdin=""):
    """Runs rings; returns (exit status, stdout, stderr)."""
    p = subprocess.run([CLI, *map(str, args)], input=stdin, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def cli_out(*args, stdin=""):
    status, out, err = cli(*args, stdin=stdin)
    if status != 0:
        raise AssertionError(f"rings {' '.join(map(str, args))}: status {status}: {err}")
    return out


def cli_json(*args, stdin=""):
    """The CLI's --json answer with the module's rule for numbers: the count keys as ints."""
    status, out, err = cli(*args, "--json", stdin=stdin)
    if status not in (0, 1):
        raise AssertionError(f"rings {' '.join(map(str, args))}: status {status}: {err}")
    return ints(json.loads(out))


def ints(x, key=None):
    if isinstance(x, dict):
        return {k: ints(v, k) for k, v in x.items()}
    if isinstance(x, list):
        return [ints(v) for v in x]
    if key in COUNT_KEYS and isinstance(x, str) and x.isdigit():
        return int(x)
    return x


def cli_head(k, *args):
    """The first k lines of a rings command that may print far more (`rings ... | head`)."""
    with subprocess.Popen([CLI, *map(str, args)], stdout=subprocess.PIPE, text=True) as p:
        lines = [p.stdout.readline().rstrip("\n") for _ in range(k)]
        p.kill()
    return lines


def random_state(rng, n):
    return rings.State.from_string("".join(rng.choice("01") for _ in range(n)))


def random_digits(rng, puzzle, n):
    positions = next(p["positions"] for p in rings.puzzles() if p["name"] == puzzle)
    return "".join(rng.choice("0123456789"[:positions]) for _ in range(n))


def double_flags(double):
    return ["--double"] if double else []


class CountsAndDistances(unittest.TestCase):
    def test_count_matches_cli(self):
        for n, double in itertools.product([1, 2, 3, 9, 10, 64, 65, 1000], [False, True]):
            with self.subTest(n=n, double=double):
                expected = cli_json("count", n, *double_flags(double))
                got = rings.count(n, double=double)
                self.assertEqual(got, expected)
                self.assertEqual(got["count"], int(cli_out("count", n, *double_flags(double))))

    def test_count_mod_matches_cli(self):
        for n, m in [(10**18, 1_000_000_007), (123456789, 97), (5, 1)]:
            self.assertEqual(rings.count(n, mod=m), cli_json("count", n, "--mod", m))

    def test_distance_matches_cli(self):
        rng = random.Random(8)
        for n in [1, 2, 5, 10, 63, 64, 65, 300, 30000]:
            for double in [False, True]:
                a, b = random_state(rng, n), random_state(rng, n)
                with self.subTest(n=n, double=double):
                    d = rings.distance(a, b, double=double)
                    self.assertIsInstance(d["distance"], int)
                    self.assertEqual(d, cli_json("distance", a, b, *double_flags(double)))
                    self.assertEqual(rings.distance(str(a), str(b), double=double), d)

    def test_rank_is_the_distance_from_all_off_and_unrank_inverts_it(self):
        rng = random.Random(9)
        for n in [1, 3, 8, 64, 65, 200, 100_000]:
            s = random_state(rng, n)
            with self.subTest(n=n):
                k = rings.rank(s)
                self.assertEqual(rings.unrank(k, n), s)
                if n <= 300:
                    self.assertEqual(k, int(cli_out("distance", s, "off")))
        for k in range(2**6):
            self.assertEqual(rings.rank(rings.unrank(k, 6)), k)
        self.assertEqual(rings.rank(rings.unrank(2**200 - 1, 200)), 2**200 - 1)


class Solutions(unittest.TestCase):
    def check_solve(self, a, b, double):
        solution = rings.solve(a, b, double=double)
        got = dict(solution.head, moves=list(solution))
        self.assertEqual(got, cli_json("solve", "--from", a, "--to", b, *double_flags(double)))
        self.assertEqual((solution.state, solution.remaining), (str(b), 0))

    def test_solve_matches_cli(self):
        rng = random.Random(10)
        for n in [1, 2, 3, 6, 9]:
            for double in [False, True]:
                a, b = random_state(rng, n), random_state(rng, n)
                with self.subTest(a=str(a), b=str(b), double=double):
                    self.check_solve(a, b, double)

    def test_long_solutions_match_cli_across_blocks(self):
        # More moves than the iterator computes at a time, both ways along the path.
        for n, double in [(12, False), (13, True)]:
            with self.subTest(n=n, double=double):
                on, off = rings.State.all_on(n), rings.State.all_off(n)
                self.check_solve(on, off, double)
                self.check_solve(off, on, double)

    def test_solve_is_lazy_and_tracks_its_state(self):
        walk = rings.solve(rings.State.all_on(100))
        first = list(itertools.islice(walk, 4))
        moves = [json.loads(line.rstrip(",")) for line in cli_head(5, "solve", 100, "--json")[1:]]
        self.assertEqual(first, moves)
        self.assertEqual(walk.remaining, rings.count(100)["count"] - 4)
        self.assertEqual(walk.state, cli_out("at", 4, 100).strip())
        self.assertEqual(walk.target, "0" * 100)
        first[0]["piece"] = 99  # the moves are the caller's: the next same move is unchanged
        self.assertEqual(next(rings.solve("111"))["piece"], 1)

    def test_solve_default_target_and_empty_solution(self):
        s = rings.State.from_string("1011")
        self.assertEqual(list(rings.solve(s)), list(rings.solve(s, rings.State.all_off(4))))
        self.assertEqual(list(rings.solve(s, s)), [])

    def test_at_matches_cli(self):
        rng = random.Random(11)
        for double in [False, True]:
            a, b = random_state(rng, 9), random_state(rng, 9)
            d = rings.distance(a, b, double=double)["distance"]
            for k in [0, d // 2, d, d + 1]:
                with self.subTest(double=double, k=k):
                    args = ["at", k, "--from", a, "--to", b, *double_flags(double)]
                    self.assertEqual(rings.at(a, b, k, double=double), cli_json(*args))

    def test_plan_is_the_cli_json(self):
        rng = random.Random(14)
        for double in [False, True]:
            for n in [1, 5, 9, 70]:
                a, b = random_state(rng, n), random_state(rng, n)
                moves = rings.distance(a, b, double=double)["distance"]
                at = rng.randrange(1, moves + 1) if moves else None
                with self.subTest(a=str(a), b=str(b), double=double, at=at):
                    mine = rings.plan(a, b, double=double, depth=3, limit=5, at=at)
                    args = ["plan", a, "--to", b, "--depth", 3, "--limit", 5]
                    if at:
                        args += ["--at", at]
                    self.assertEqual(mine, cli_json(*args, *double_flags(double)))
        with self.assertRaisesRegex(ValueError, "move 6 is not in the solution"):
            rings.plan(rings.State.all_on(3), at=6)
        with self.assertRaisesRegex(ValueError, "the depth must be at least 1"):
            rings.plan(rings.State.all_on(3), depth=0)

    def test_hint_matches_cli(self):
        rng = random.Random(12)
        for double in [False, True]:
            a, b = random_state(rng, 8), random_state(rng, 8)
            with self.subTest(a=str(a), b=str(b), double=double):
                args = ["hint", a, "--to", b, "-k", 3, *double_flags(double)]
                h = rings.hint(a, b, 3, double=double)
                self.assertEqual(h, cli_json(*args))
                lines = cli_out(*args).splitlines()
                self.assertEqual([f"{m['reason']}" for m in h["moves"]],
                                 [line.split("  (")[1].rstrip(")") for line in lines[:-1]])
        self.assertEqual(rings.hint(rings.State.from_string("110100"), k=0)["moves"], [])


class Rules(unittest.TestCase):
    def test_legal_moves_are_the_moves_without_a_broken_rule(self):
        for n, double in itertools.product([1, 2, 5], [False, True]):
            for k in range(2**n):
                s = rings.unrank(k, n)
                candidates = [rings.Move(r, not s[r]) for r in range(1, n + 1)]
                if double and n >= 2:
                    candidates.append(rings.Move(1, not s[1], pair=True))
                legal = {m for m in candidates if rings.why_illegal(s, m, double=double) is None}
                self.assertEqual(set(s.legal_moves(double=double)), legal)
                for m in legal:  # each legal move is one step along the path
                    self.assertEqual(
                        rings.distance(s, s.apply(m, double=double), double=double)["distance"], 1)

    def test_illegal_moves_say_why_as_the_cli_does(self):
        s = rings.State.from_string("000")
        move = rings.Move(2, True)
        self.assertEqual(str(move), "ring 2 on")
        why = rings.why_illegal(s, move)
        status, out, _ = cli("verify", 3, "--from", "000", "--to", "111", "--format", "moves",
                             stdin="ring 2 on\n")
        self.assertEqual(status, 1)
        self.assertEqual(out.strip(), f"move 1: illegal: {why}")
        with self.assertRaisesRegex(ValueError, "^ring 2 needs ring 1 on; ring 1 is off$"):
            s.apply(move)
        with self.assertRaises(ValueError):
            rings.why_legal(s, move)
        self.assertEqual(rings.why_legal(s, rings.Move(1, True)), "ring 1 can always move")

    def test_double_moves(self):
        pair_off = rings.Move(1, False, pair=True)
        self.assertEqual(str(pair_off), "rings 1+2 off")
        s = rings.State.from_string("0011")
        self.assertIsNotNone(rings.why_illegal(s, pair_off))
        self.assertEqual(str(s.apply(pair_off, double=True)), "0000")
        with self.assertRaises(ValueError):
            rings.Move(2, True, pair=True)


class States(unittest.TestCase):
    def test_rings_and_indexing(self):
        s = rings.State.from_string("1011")
        self.assertEqual(s.rings, 4)
        self.assertEqual([s[r] for r in range(1, 5)], [True, True, False, True])
        for bad in [0, 5, -1]:
            with self.assertRaises(IndexError):
                s[bad]
        with self.assertRaises(TypeError):
            iter(s)  # ring numbers start at 1: no silent empty iteration from index 0

    def test_notations_match_cli(self):
        s = rings.State.from_string("110100")
        self.assertEqual(str(s), cli_out("at", 0, "--from", s).strip())
        for notation in ["binary", "ring1-first", "decimal", "cleve"]:
            text = s.format(notation)
            self.assertEqual(rings.State.from_string(text, 6, notation), s)
            # The CLI reads what the module wrote, and writes it back the same.
            out = cli_out("at", 0, 6, "--from", text, "--notation", notation)
            self.assertEqual(out.strip(), text)

    def test_equality_and_hashing(self):
        a = rings.State.from_string("on", 70)
        self.assertEqual(a, rings.State.all_on(70))
        self.assertNotEqual(a, rings.State.all_off(70))
        self.assertEqual(len({a, rings.State.all_on(70), rings.State(70)}), 2)
        self.assertEqual(eval(repr(a), {"State": rings.State}), a)


class Errors(unittest.TestCase):
    """ValueError with the CLI's message: the CLI's error line ends with the module's."""

    def assert_same_error(self, call, *cli_args, stdin="", name=0):
        """`name`: the length of the module's name of the input ("b", "to"), which the CLI
        names its own way."""
        with self.assertRaises(ValueError) as caught:
            call()
        status, out, err = cli(*cli_args, stdin=stdin)
        self.assertEqual(status, 2)
        self.assertEqual(out, "")
        self.assertTrue(err.startswith("rings: error: "), err)
        self.assertTrue(err.rstrip("\n").endswith(str(caught.exception)[name:]),
                        f"CLI: {err!r}, module: {caught.exception}")

    def test_bad_states(self):
        self.assert_same_error(lambda: rings.State.from_string("1021"), "distance", "1021", "0000")
        self.assert_same_error(lambda: rings.State.from_string("", 3), "distance", "", "off", "-n", 3)
        self.assert_same_error(lambda: rings.State.from_string("9", 3, "decimal"),
                               "distance", "9", "0", "-n", 3, "--notation", "decimal")
        self.assert_same_error(lambda: rings.State.from_string("1", 1, "hex"),
                               "distance", "1", "1", "--notation", "hex")
        self.assert_same_error(lambda: rings.State(0), "count", 0)

    def test_states_of_different_sizes(self):
        # The reader's words; the CLI names the inputs by its own names (B, --to).
        a, b = rings.State.from_string("101"), rings.State.from_string("11")
        self.assert_same_error(lambda: rings.distance(a, b), "distance", "101", "11", name=1)
        self.assert_same_error(lambda: rings.hint(a, b), "hint", "101", "--to", "11", name=2)

    def test_bad_move_lists(self):
        start = rings.State.all_on(3)
        self.assert_same_error(lambda: rings.verify("ring x off\n", start),
                               "verify", 3, stdin="ring x off\n")
        self.assert_same_error(lambda: rings.verify("", start, format="bogus"),
                               "verify", 3, "--format", "bogus")

    def test_step_past_the_end(self):
        # An answer, as the CLI's: past_end and the solution's count.
        self.assertEqual(rings.at(rings.State.all_on(3), rings.State.all_off(3), 100),
                         cli_json("at", 100, 3))
        self.assertTrue(rings.at("111", "000", 100)["past_end"])

    def test_out_of_range_numbers(self):
        with self.assertRaises(ValueError):
            rings.unrank(2**5, 5)
        with self.assertRaises(ValueError):
            rings.unrank(-1, 5)
        with self.assertRaises(ValueError):
            rings.count(5, mod=0)
        with self.assertRaises(ValueError):
            rings.hint(rings.State.all_on(3), k=-1)


class Verify(unittest.TestCase):
    def check(self, lines, n, frm, to, double=False, fmt=None):
        args = ["verify", n, "--from", frm, "--to", to, *double_flags(double)]
        if fmt:
            args += ["--format", fmt]
        status, _, _ = cli(*args, stdin=lines)
        report = rings.verify(lines, rings.State.from_string(frm, n),
                              rings.State.from_string(to, n), double=double,
                              format=fmt or "detect")
        self.assertEqual(report, cli_json(*args, stdin=lines))
        self.assertEqual(report["ok"], status == 0)
        return report

    def test_reports_match_cli(self):
        solution = cli_out("solve", 9)
        report = self.check(solution, 9, "on", "off")
        self.assertTrue(report["optimal"])
        self.assertEqual((report["moves"], report["optimum"], report["remaining"]), (341, 341, 0))
        self.check(cli_out("solve", 9, "--double", "--format", "toggles"), 9, "on", "off", True)
        self.check(cli_out("solve", 5, "--format", "states"), 5, "on", "off")
        self.check("1\n3\n2\n", 3, "on", "off")            # illegal
        self.check("1\n3\n", 3, "on", "off")               # not reached
        self.check("1\n1\n1\n3\n1\n2\n1\n", 3, "on", "off")  # not optimal
        self.check("", 3, "on", "off")
        self.check("111\n110\n", 3, "on", "off", fmt="states")
        report = self.check("1\n3\n2\n", 3, "on", "off")
        self.assertEqual((report["legal"], report["illegal_move"]), (False, 3))
        self.assertEqual(report["rule"], "ring 2 needs ring 1 on; ring 1 is off")
        self.assertEqual(report["why"]["rule"], "needs_previous_on")

    def test_lines_from_any_iterable(self):
        start = rings.State.all_on(3)
        text = cli_out("solve", 3)
        as_str = rings.verify(text, start)
        as_list = rings.verify(text.splitlines(keepends=True), start)
        as_gen = rings.verify((line for line in text.splitlines()), start)
        self.assertEqual(as_str, as_list)
        self.assertEqual(as_str, as_gen)
        self.assertTrue(as_str["optimal"])

    def test_states_list_must_start_at_frm(self):
        with self.assertRaisesRegex(ValueError, "starts at 000"):
            rings.verify("000\n001\n", rings.State.from_string("001"), format="states")


class Documentation(unittest.TestCase):
    def test_everything_public_has_a_docstring(self):
        for name in rings.__all__:
            if name.startswith("MAX_"):
                continue
            with self.subTest(name=name):
                self.assertTrue(getattr(rings, name).__doc__.strip())
        for cls in [rings.State, rings.Move, rings.Reason, rings.Solution]:
            for name, member in vars(cls).items():
                if not name.startswith("_"):
                    with self.subTest(member=f"{cls.__name__}.{name}"):
                        self.assertTrue((member.__doc__ or "").strip())

    def test_help_reads_well(self):
        text = pydoc.render_doc(rings, renderer=pydoc.plaintext)
        self.assertIn("Chinese Rings", text)
        self.assertIn("hint(state: Union[rings.State, str], to: Optional[Union[rings.State, str]] "
                      "= None, k: int = 1", text)

    def test_module_docstring_examples_run(self):
        import doctest
        failures, tried = doctest.testmod(rings, extraglobs={"rings": rings})
        self.assertGreater(tried, 0)
        self.assertEqual(failures, 0)


class EveryPuzzle(unittest.TestCase):
    """Every function, for every puzzle of the catalogue, against the CLI's --json on the same
    random questions, and in the one shape: the keys and types of the rings' answers but the
    rings' extras."""

    def questions(self, rng, puzzle):
        for n in [1, 2, 4, 6]:
            yield n, random_digits(rng, puzzle, n), random_digits(rng, puzzle, n)

    def test_answers_are_the_cli_json(self):
        rng = random.Random(19)
        for puzzle in PUZZLES:
            for n, a, b in self.questions(rng, puzzle):
                with self.subTest(puzzle=puzzle, a=a, b=b):
                    p = ["--puzzle", puzzle]
                    self.assertEqual(rings.count(n, puzzle=puzzle), cli_json("count", n, *p))
                    self.assertEqual(rings.count(n, puzzle=puzzle, mod=97),
                                     cli_json("count", n, *p, "--mod", 97))
                    d = rings.distance(a, b, puzzle=puzzle)
                    self.assertEqual(d, cli_json("distance", a, b, *p))
                    self.assertEqual(rings.distance(a, b, puzzle=puzzle, mod=5),
                                     cli_json("distance", a, b, *p, "--mod", 5))
                    for k in [0, rng.randrange(0, d["distance"] + 1), d["distance"] + 1]:
                        self.assertEqual(rings.at(a, b, k, puzzle=puzzle),
                                         cli_json("at", k, "--from", a, "--to", b, *p))
                    self.assertEqual(rings.hint(a, b, 3, puzzle=puzzle),
                                     cli_json("hint", a, "--to", b, "-k", 3, *p))
                    solution = rings.solve(a, b, puzzle=puzzle)
                    self.assertEqual(dict(solution.head, moves=list(solution)),
                                     cli_json("solve", "--from", a, "--to", b, *p))
                    at = rng.randrange(1, d["distance"] + 1) if d["distance"] else None
                    args = ["plan", a, "--to", b, "--depth", 3, "--limit", 4, *p]
                    self.assertEqual(rings.plan(a, b, puzzle=puzzle, depth=3, limit=4, at=at),
                                     cli_json(*args, *(["--at", at] if at else [])))
                    self.assertEqual(rings.table(n, b, puzzle=puzzle),
                                     cli_json("table", n, "--to", b, *p))
        self.assertEqual(rings.puzzles(), cli_json("puzzles"))

    def test_verify_is_the_cli_json(self):
        """Optimal, legal but longer (a detour by a random state), cut short, states, and
        random moves."""
        rng = random.Random(1919)
        for puzzle in PUZZLES:
            for n, a, b in self.questions(rng, puzzle):
                c = random_digits(rng, puzzle, n)
                p = ["--puzzle", puzzle]
                optimal = cli_out("solve", "--from", a, "--to", b, *p).splitlines()
                detour = (cli_out("solve", "--from", a, "--to", c, *p).splitlines()
                          + cli_out("solve", "--from", c, "--to", b, *p).splitlines())
                cut = optimal[:rng.randrange(len(optimal) + 1)]
                states = cli_out("solve", "--from", a, "--to", b, *p, "--format", "states")
                wild = detour[:rng.randrange(len(detour) + 1)] + [
                    f"{rng.randint(1, n + 1)}: {rings.puzzles()[PUZZLES.index(puzzle)]['piece']} "
                    f"{rng.randint(1, n)} from {rng.randint(0, 2)} to {rng.randint(0, 2)}"
                    for _ in range(2)]
                for lines in ["\n".join(optimal), "\n".join(detour), "\n".join(cut), states,
                              "\n".join(wild) + "\n"]:
                    with self.subTest(puzzle=puzzle, frm=a, to=b, lines=lines):
                        args = ["verify", "--from", a, "--to", b, *p]
                        status, _, err = cli(*args, stdin=lines)
                        if status == 2:  # a line the reader refuses: the same refusal
                            with self.assertRaises(ValueError) as caught:
                                rings.verify(lines, a, b, puzzle=puzzle)
                            self.assertTrue(err.rstrip("\n").endswith(str(caught.exception)))
                            continue
                        report = rings.verify(lines, a, b, puzzle=puzzle)
                        self.assertEqual(report, cli_json(*args, stdin=lines))
                        self.assertEqual(report["ok"], status == 0)
                self.assertTrue(rings.verify(optimal, a, b, puzzle=puzzle)["optimal"])

    def test_every_puzzle_answers_in_the_rings_shape(self):
        def shape(x, key=None):
            if key == "why":  # a rule's own fields: its code says which
                return "why"
            if key == "tie":  # None, or where the puzzle has ties, what ties
                return "tie"
            if isinstance(x, dict):
                return {k: shape(v, k) for k, v in x.items()}
            if isinstance(x, list):  # of dicts, their shape; of codes ("below", maybe empty)
                return [shape(x[0])] if x and isinstance(x[0], dict) else "list"
            return type(x).__name__

        def without_extras(x):
            if isinstance(x, dict):
                move = "piece" in x and "from" in x
                return {k: without_extras(v) for k, v in x.items()
                        if k not in RINGS_EXTRAS and not (move and k == "double")}
            if isinstance(x, list):
                return [without_extras(v) for v in x]
            return x

        def answers(puzzle, n, mod=None):
            # From the start to the goal, the start's digit written N times (the states say N).
            start = rings.puzzles()[PUZZLES.index(puzzle)]["start"]
            a, b, k = start * n, "goal", 5
            solution = rings.solve(a, b, puzzle=puzzle)
            m = {"mod": mod} if mod else {}
            return {
                "count": rings.count(n, puzzle=puzzle, **m),
                "distance": rings.distance(a, b, puzzle=puzzle, **m),
                "hint": rings.hint(a, b, 2, puzzle=puzzle, **m),
                "at": rings.at(a, b, k, puzzle=puzzle, **m),
                "past_end": rings.at(a, b, 10**9, puzzle=puzzle, **m),
                "solve": dict(solution.head, moves=list(solution)),
                "state": [type(solution.state), type(solution.target), type(solution.remaining)],
                "plan": rings.plan(a, b, puzzle=puzzle, depth=2, limit=3, at=k),
                "verify": rings.verify(cli_out("solve", "--from", a, "--to", b,
                                               "--puzzle", puzzle), a, b, puzzle=puzzle),
                "table": rings.table(n, puzzle=puzzle),
            }

        puzzles = rings.puzzles()
        for mod in [None, 97]:
            want = shape(without_extras(answers("rings", 6, mod)))
            for puzzle in PUZZLES[1:]:
                with self.subTest(puzzle=puzzle, mod=mod):
                    self.assertEqual(shape(answers(puzzle, 6, mod)), want)
                    self.assertEqual(shape(without_extras(answers(puzzle, 6, mod))), want)
        for p in puzzles:
            self.assertEqual(shape(p), shape(puzzles[0]))
        # An illegal list is reported in the same fields for every puzzle (its "why" is the
        # rule's own).
        want = None
        for puzzle in PUZZLES:
            report = rings.verify("000000\n000011\n", "000000", puzzle=puzzle)
            got = shape(without_extras(report))
            self.assertIn("illegal_move", got)
            want = want or got
            self.assertEqual(got, want, puzzle)

    def test_bad_input_raises_value_error_in_the_readers_words(self):
        cases = [
            (lambda: rings.count(3, puzzle="towers"), "^puzzle: unknown puzzle 'towers'"),
            (lambda: rings.distance("031", "000", puzzle="hanoi"),
             "^a: position 2: expected a digit 0 to 2, found '3'$"),
            (lambda: rings.count(3, puzzle="hanoi", double=True), "^double: hanoi has no double"),
            (lambda: rings.distance("101", "11"),
             "^b: the state has 2 rings but the puzzle has 3 rings$"),
            (lambda: rings.hint("101", "11"),
             "^to: the state has 2 rings but the puzzle has 3 rings$"),
            (lambda: rings.count(0, puzzle="hanoi"), "^n: the puzzle needs at least 1 disc"),
            (lambda: rings.solve("", "goal", puzzle="spin-out"), "^frm: "),
            (lambda: rings.verify("", "000", notation="decimal", puzzle="hanoi"), "^notation: "),
        ]
        for call, message in cases:
            with self.subTest(message=message):
                with self.assertRaisesRegex(ValueError, message):
                    call()
        # The CLI's words after its own name of the input.
        with self.assertRaises(ValueError) as caught:
            rings.distance("101", "11")
        _, _, err = cli("distance", "101", "11")
        self.assertTrue(err.rstrip("\n").endswith(str(caught.exception)[len("b"):]), err)

    def test_counts_modulo_m_at_the_rings_scale(self):
        # 2^N - 1 (OEIS A000225) and the elephants' 2^(N+2) - 2(N+2), for N up to 2^64 - 1.
        p = 10**9 + 7
        for n in [10**18, 2**64 - 1]:
            self.assertEqual(rings.count(n, puzzle="hanoi", mod=p)["count"],
                             (pow(2, n, p) - 1) % p)
            self.assertEqual(rings.count(n, puzzle="elephant", mod=p)["count"],
                             (pow(2, n + 2, p) - 2 * (n + 2)) % p)
        self.assertEqual(rings.count(1000, puzzle="hanoi")["count"], 2**1000 - 1)
        with self.assertRaisesRegex(ValueError, "at most"):
            rings.count(2**64, puzzle="hanoi", mod=p)
        with self.assertRaisesRegex(ValueError, "at most 200000"):
            rings.at("0" * 200001, "goal", 5, puzzle="hexadecimal:0000")
        # Hanoi's descent is linear (its lengths are powers of 2): the rings' bound.
        self.assertEqual(rings.at("0" * 200001, "goal", 5, puzzle="hanoi")["state"],
                         "0" * 199998 + "210")
        self.assertEqual(rings.distance("0" * 300000, "goal", puzzle="hanoi")["distance"],
                         2**300000 - 1)
        self.assertEqual(rings.distance("000", "goal", puzzle="hanoi")["tie"], None)


if __name__ == "__main__":
    unittest.main()
