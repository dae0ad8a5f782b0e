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
# The fields every JSON answer of the CLI starts with (docs/schemas); the module's dicts do not
# carry them yet.
HEAD_KEYS = {"puzzle", "pieces", "rings", "double", "mod"}
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


def cli_head(k, *args):
    """The first k lines of a rings command that may print far more (`rings ... | head`)."""
    with subprocess.Popen([CLI, *map(str, args)], stdout=subprocess.PIPE, text=True) as p:
        lines = [p.stdout.readline().rstrip("\n") for _ in range(k)]
        p.kill()
    return lines


def random_state(rng, n):
    return rings.State.from_string("".join(rng.choice("01") for _ in range(n)))


def double_flags(double):
    return ["--double"] if double else []


class CountsAndDistances(unittest.TestCase):
    def test_count_matches_cli(self):
        for n, double in itertools.product([1, 2, 3, 9, 10, 64, 65, 1000], [False, True]):
            with self.subTest(n=n, double=double):
                expected = int(cli_out("count", n, *double_flags(double)))
                self.assertEqual(rings.count(n, double=double), expected)

    def test_count_mod_matches_cli(self):
        for n, m in [(10**18, 1_000_000_007), (123456789, 97), (5, 1)]:
            expected = int(cli_out("count", n, "--mod", m))
            self.assertEqual(rings.count(n, mod=m), expected)

    def test_distance_matches_cli(self):
        rng = random.Random(8)
        for n in [1, 2, 5, 10, 63, 64, 65, 300, 30000]:
            for double in [False, True]:
                a, b = random_state(rng, n), random_state(rng, n)
                with self.subTest(n=n, double=double):
                    expected = int(cli_out("distance", a, b, *double_flags(double)))
                    d = rings.distance(a, b, double=double)
                    self.assertIsInstance(d, int)
                    self.assertEqual(d, expected)

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
        expected = cli_out("solve", "--from", a, "--to", b, *double_flags(double)).splitlines()
        got = [f"{i}: {m}" for i, m in enumerate(rings.solve(a, b, double=double), 1)]
        self.assertEqual(got, expected)

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
        first = [str(m) for m in itertools.islice(walk, 4)]
        self.assertEqual(first, [line.split(": ")[1] for line in cli_head(4, "solve", 100)])
        self.assertEqual(walk.remaining, rings.count(100) - 4)
        self.assertEqual(str(walk.state), cli_out("at", 4, 100).strip())
        self.assertEqual(walk.target, rings.State.all_off(100))

    def test_solve_default_target_and_empty_solution(self):
        s = rings.State.from_string("1011")
        self.assertEqual(list(rings.solve(s)), list(rings.solve(s, rings.State.all_off(4))))
        self.assertEqual(list(rings.solve(s, s)), [])

    def test_state_after_matches_cli_at(self):
        rng = random.Random(11)
        for double in [False, True]:
            a, b = random_state(rng, 9), random_state(rng, 9)
            k = rings.distance(a, b, double=double) // 2
            expected = cli_out("at", k, "--from", a, "--to", b, *double_flags(double)).strip()
            self.assertEqual(str(rings.state_after(a, b, k, double=double)), expected)

    def test_plan_is_the_cli_json_with_ints(self):
        import json

        def as_json(x):  # the CLI's JSON writes move numbers as strings
            if isinstance(x, dict):
                return {k: str(v) if k in ("moves", "first", "last", "move", "count") else
                        as_json(v) for k, v in x.items()}
            return [as_json(v) for v in x] if isinstance(x, list) else x

        rng = random.Random(14)
        for double in [False, True]:
            for n in [1, 5, 9, 70]:
                a, b = random_state(rng, n), random_state(rng, n)
                moves = rings.distance(a, b, double=double)
                at = rng.randrange(1, moves + 1) if moves else None
                with self.subTest(a=str(a), b=str(b), double=double, at=at):
                    mine = rings.plan(a, b, double=double, depth=3, limit=5, at=at)
                    args = ["plan", a, "--to", b, "--depth", 3, "--limit", 5, "--json"]
                    if at:
                        args += ["--at", at]
                    theirs = json.loads(cli_out(*args, *double_flags(double)))
                    for key in HEAD_KEYS - mine.keys():  # the module's dicts lack the head
                        theirs.pop(key, None)
                    self.assertEqual(as_json(mine), theirs)
        with self.assertRaisesRegex(ValueError, "move 6 is not in the solution"):
            rings.plan(rings.State.all_on(3), at=6)
        with self.assertRaisesRegex(ValueError, "the depth must be at least 1"):
            rings.plan(rings.State.all_on(3), depth=0)

    def test_hints_match_cli(self):
        rng = random.Random(12)
        for double in [False, True]:
            a, b = random_state(rng, 8), random_state(rng, 8)
            with self.subTest(a=str(a), b=str(b), double=double):
                lines = cli_out("hint", a, "--to", b, "-k", 3, *double_flags(double)).splitlines()
                hs = rings.hints(a, b, 3, double=double)
                self.assertEqual([f"{m}  ({why})" for m, why in hs], lines[:-1])
                after = a
                for m, _ in hs:
                    after = after.apply(m, double=double)
                remaining = rings.distance(after, b, double=double)
                self.assertEqual(lines[-1].split()[0], str(remaining))
        self.assertEqual(rings.hints(rings.State.from_string("110100"), k=0), [])


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
                    self.assertEqual(rings.distance(s, s.apply(m, double=double), double=double), 1)

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

    def assert_same_error(self, call, *cli_args, stdin=""):
        with self.assertRaises(ValueError) as caught:
            call()
        status, out, err = cli(*cli_args, stdin=stdin)
        self.assertEqual(status, 2)
        self.assertEqual(out, "")
        self.assertTrue(err.startswith("rings: error: "), err)
        self.assertTrue(err.rstrip("\n").endswith(str(caught.exception)),
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
        a, b = rings.State.from_string("101"), rings.State.from_string("11")
        self.assert_same_error(lambda: rings.distance(a, b), "distance", "101", "11")
        self.assert_same_error(lambda: rings.hints(a, b), "hint", "101", "--to", "11")

    def test_bad_move_lists(self):
        start = rings.State.all_on(3)
        self.assert_same_error(lambda: rings.verify("ring x off\n", start),
                               "verify", 3, stdin="ring x off\n")
        self.assert_same_error(lambda: rings.verify("", start, format="bogus"),
                               "verify", 3, "--format", "bogus")

    def test_step_past_the_end(self):
        with self.assertRaisesRegex(ValueError, "^step 100 is past the end: the solution has 5"):
            rings.state_after(rings.State.all_on(3), rings.State.all_off(3), 100)
        status, out, err = cli("at", 100, 3)
        self.assertEqual(status, 1)
        self.assertIn("step 100 is past the end: the solution has 5 moves", out)
        self.assertEqual(err, "")

    def test_out_of_range_numbers(self):
        with self.assertRaises(ValueError):
            rings.unrank(2**5, 5)
        with self.assertRaises(ValueError):
            rings.unrank(-1, 5)
        with self.assertRaises(ValueError):
            rings.count(5, mod=0)
        with self.assertRaises(ValueError):
            rings.hints(rings.State.all_on(3), k=-1)


class Verify(unittest.TestCase):
    def check(self, lines, n, frm, to, double=False, fmt=None):
        args = ["verify", n, "--from", frm, "--to", to, *double_flags(double)]
        if fmt:
            args += ["--format", fmt]
        status, out, _ = cli(*args, stdin=lines)
        report = rings.verify(lines, rings.State.from_string(frm, n),
                              rings.State.from_string(to, n), double=double,
                              format=fmt or "detect")
        self.assertEqual(str(report), out.strip())
        self.assertEqual(bool(report), status == 0)
        return report

    def test_reports_match_cli(self):
        solution = cli_out("solve", 9)
        report = self.check(solution, 9, "on", "off")
        self.assertTrue(report.optimal)
        self.assertEqual((report.moves, report.optimum, report.remaining), (341, 341, 0))
        self.check(cli_out("solve", 9, "--double", "--format", "toggles"), 9, "on", "off", True)
        self.check(cli_out("solve", 5, "--format", "states"), 5, "on", "off")
        self.check("1\n3\n2\n", 3, "on", "off")            # illegal
        self.check("1\n3\n", 3, "on", "off")               # not reached
        self.check("1\n1\n1\n3\n1\n2\n1\n", 3, "on", "off")  # not optimal
        self.check("", 3, "on", "off")
        self.check("111\n110\n", 3, "on", "off", fmt="states")
        report = self.check("1\n3\n2\n", 3, "on", "off")
        self.assertEqual((report.legal, report.illegal_move), (False, 3))
        self.assertEqual(report.rule, "ring 2 needs ring 1 on; ring 1 is off")

    def test_lines_from_any_iterable(self):
        start = rings.State.all_on(3)
        text = cli_out("solve", 3)
        as_str = rings.verify(text, start)
        as_list = rings.verify(text.splitlines(keepends=True), start)
        as_gen = rings.verify((line for line in text.splitlines()), start)
        self.assertEqual({str(as_str), str(as_list), str(as_gen)},
                         {"ok: 5 moves, target reached, optimal"})

    def test_states_list_must_start_at_frm(self):
        with self.assertRaisesRegex(ValueError, "starts at 000"):
            rings.verify("000\n001\n", rings.State.from_string("001"), format="states")


class Documentation(unittest.TestCase):
    def test_everything_public_has_a_docstring(self):
        for name in ["State", "Move", "Solution", "VerifyReport", "count", "distance", "rank",
                     "unrank", "solve", "hints", "verify", "why_illegal", "why_legal",
                     "state_after"]:
            with self.subTest(name=name):
                self.assertTrue(getattr(rings, name).__doc__.strip())
        for cls in [rings.State, rings.Move, rings.Solution, rings.VerifyReport, rings.PieceReport]:
            for name, member in vars(cls).items():
                if not name.startswith("_"):
                    with self.subTest(member=f"{cls.__name__}.{name}"):
                        self.assertTrue((member.__doc__ or "").strip())

    def test_help_reads_well(self):
        text = pydoc.render_doc(rings, renderer=pydoc.plaintext)
        self.assertIn("Chinese Rings", text)
        self.assertIn("hints(state: Union[rings.State, str], to: Optional[Union[rings.State, str]] "
                      "= None, k: int = 1", text)

    def test_module_docstring_examples_run(self):
        import doctest
        failures, tried = doctest.testmod(rings, extraglobs={"rings": rings})
        self.assertGreater(tried, 0)
        self.assertEqual(failures, 0)


class Family(unittest.TestCase):
    """puzzle=: the family's answers, against the CLI's --puzzle on the same random questions."""

    def test_plan_is_the_cli_json_with_ints(self):
        """plan(..., puzzle=) against `rings plan --puzzle --json` on random states, depths,
        limits and moves `at` (the CLI writes move numbers as strings)."""
        import json

        def as_json(x):
            if isinstance(x, dict):
                return {k: str(v) if k in ("moves", "first", "last", "move", "count") else
                        as_json(v) for k, v in x.items()}
            return [as_json(v) for v in x] if isinstance(x, list) else x

        rng = random.Random(21)
        for puzzle in ["spin-out", "brain", "elephant", "hanoi", "hexadecimal:1110",
                       "hexadecimal:0000"]:
            digits = "012" if puzzle in ("elephant", "hanoi") else "01"
            for n in [1, 2, 4, 7, 30]:
                a = "".join(rng.choice(digits) for _ in range(n))
                b = "".join(rng.choice(digits) for _ in range(n))
                moves = rings.distance(a, b, puzzle=puzzle)
                at = rng.randrange(1, moves + 1) if moves and rng.random() < 0.7 else None
                depth, limit = rng.randrange(1, 5), rng.randrange(1, 8)
                with self.subTest(puzzle=puzzle, a=a, b=b, at=at, depth=depth, limit=limit):
                    mine = rings.plan(a, b, puzzle=puzzle, depth=depth, limit=limit, at=at)
                    args = ["plan", a, "--to", b, "--puzzle", puzzle, "--depth", depth,
                            "--limit", limit, "--json"] + (["--at", at] if at else [])
                    theirs = json.loads(cli_out(*args))
                    for key in HEAD_KEYS - mine.keys():  # the module's dicts lack the head
                        theirs.pop(key, None)
                    self.assertEqual(as_json(mine), theirs)
                    self.assertEqual(mine["moves"], moves)
        # To the goal by default; errors in the CLI's words.
        self.assertEqual(rings.plan("000", puzzle="hanoi"), rings.plan("000", "goal", puzzle="hanoi"))
        with self.assertRaisesRegex(ValueError, "move 8 is not in the solution"):
            rings.plan("000", puzzle="hanoi", at=8)
        with self.assertRaisesRegex(ValueError, "double"):
            rings.plan("000", puzzle="hanoi", double=True)
        with self.assertRaisesRegex(ValueError, "unknown puzzle 'towers'"):
            rings.plan("000", puzzle="towers")

    def test_counts_modulo_m_at_the_rings_scale(self):
        # 2^N - 1 (OEIS A000225) and the elephants' 2^(N+2) - 2(N+2), for N up to 2^64 - 1.
        p = 10**9 + 7
        for n in [10**18, 2**64 - 1]:
            self.assertEqual(rings.count(n, puzzle="hanoi", mod=p), (pow(2, n, p) - 1) % p)
            self.assertEqual(rings.count(n, puzzle="elephant", mod=p),
                             (pow(2, n + 2, p) - 2 * (n + 2)) % p)
        self.assertEqual(rings.count(1000, puzzle="hanoi"), 2**1000 - 1)
        with self.assertRaisesRegex(ValueError, "at most"):
            rings.count(2**64, puzzle="hanoi", mod=p)
        with self.assertRaisesRegex(ValueError, "at most 200000"):
            rings.state_after("0" * 200001, "goal", 5, puzzle="hexadecimal:0000")
        # Hanoi's descent is linear (its lengths are powers of 2): the rings' bound.
        self.assertEqual(rings.state_after("0" * 200001, "goal", 5, puzzle="hanoi"),
                         "0" * 199998 + "210")
        self.assertEqual(rings.distance("0" * 300000, "goal", puzzle="hanoi"), 2**300000 - 1)

    def test_answers_match_the_cli(self):
        rng = random.Random(19)
        for puzzle in ["spin-out", "brain", "elephant", "hanoi", "hexadecimal:1011"]:
            digits = "012" if puzzle in ("elephant", "hanoi") else "01"
            for n in [1, 3, 6, 40]:
                a = "".join(rng.choice(digits) for _ in range(n))
                b = "".join(rng.choice(digits) for _ in range(n))
                self.assertEqual(rings.count(n, puzzle=puzzle),
                                 int(cli_out("count", n, "--puzzle", puzzle)))
                self.assertEqual(rings.count(n, puzzle=puzzle, mod=97),
                                 int(cli_out("count", n, "--puzzle", puzzle, "--mod", 97)))
                d = rings.distance(a, b, puzzle=puzzle)
                self.assertEqual(d, int(cli_out("distance", a, b, "--puzzle", puzzle)))
                k = rng.randrange(0, d + 1)
                self.assertEqual(rings.state_after(a, b, k, puzzle=puzzle),
                                 cli_out("at", k, "--from", a, "--to", b, "--puzzle", puzzle).strip())
                hint = cli_out("hint", a, "--to", b, "-k", 3, "--puzzle", puzzle, "--json")
                expected = json.loads(hint)["moves"]
                got = rings.hints(a, b, 3, puzzle=puzzle)
                self.assertEqual([m for m, _ in got],
                                 [(m["piece"], m["from"], m["to"]) for m in expected])
                self.assertEqual([r for _, r in got], [m["reason"] for m in expected])
                if n <= 6:
                    solution = rings.solve(a, b, puzzle=puzzle)
                    self.assertEqual(solution.length, d)
                    moves = json.loads(cli_out("solve", "--from", a, "--to", b, "--puzzle", puzzle,
                                               "--json"))["moves"]
                    self.assertEqual(list(solution),
                                     [(m["piece"], m["from"], m["to"]) for m in moves])

    def test_verify_matches_the_cli(self):
        """verify(..., puzzle=) against `rings verify --puzzle --json` on random lists: optimal,
        legal but longer (a detour by a random state), cut short, states, and random moves."""
        rng = random.Random(1919)
        for puzzle in ["spin-out", "brain", "elephant", "hanoi", "hexadecimal:0111"]:
            digits = "012" if puzzle in ("elephant", "hanoi") else "01"
            for n in [1, 2, 4, 6]:
                a, b, c = ("".join(rng.choice(digits) for _ in range(n)) for _ in range(3))
                line = "{}: {} from {} to {}".format
                optimal = [line(i, *m) for i, m in enumerate(rings.solve(a, b, puzzle=puzzle), 1)]
                detour = [line(0, *m) for m in [*rings.solve(a, c, puzzle=puzzle),
                                                *rings.solve(c, b, puzzle=puzzle)]]
                cut = optimal[:rng.randrange(len(optimal) + 1)]
                states = cli_out("solve", "--from", a, "--to", b, "--puzzle", puzzle, "--format",
                                 "states")
                wild = detour[:rng.randrange(len(detour) + 1)] + [
                    f"{rng.randint(1, n + 1)} from {rng.choice(digits)} to {rng.choice(digits)}"
                    for _ in range(3)]
                for lines in ["\n".join(optimal), "\n".join(detour), "\n".join(cut), states,
                              "\n".join(wild) + "\n"]:
                    with self.subTest(puzzle=puzzle, frm=a, to=b, lines=lines):
                        report = rings.verify(lines, a, b, puzzle=puzzle)
                        args = ["verify", "--from", a, "--to", b, "--puzzle", puzzle]
                        status, text, _ = cli(*args, stdin=lines)
                        self.assertEqual(str(report), text.strip())
                        self.assertEqual(bool(report), status == 0)
                        want = json.loads(cli(*args, "--json", stdin=lines)[1])
                        got = {"puzzle": report.puzzle, "pieces": len(a), "double": False,
                               "ok": bool(report), "moves": report.moves,
                               "legal": report.legal, "reached": report.reached,
                               "optimal": report.optimal, "optimum": str(report.optimum),
                               "remaining": str(report.remaining)}
                        if not report.legal:
                            got.update(illegal_move=report.illegal_move, rule=report.rule,
                                       why=report.why)
                        self.assertEqual(got, want)
                # The optimal list is optimal; a list of lines (an open file) reads the same.
                self.assertTrue(rings.verify(optimal, a, b, puzzle=puzzle).optimal)
        self.assertEqual(rings.verify("", "000", puzzle="hanoi").remaining, 7)
        with self.assertRaisesRegex(ValueError, "format= is for the rings"):
            rings.verify("", "000", puzzle="hanoi", format="moves")
        with self.assertRaisesRegex(ValueError, "line 1: expected a move like 'disc 1 from"):
            rings.verify("disc 1\n", "000", puzzle="hanoi")

    def test_bad_input_raises_value_error_in_the_cli_words(self):
        with self.assertRaisesRegex(ValueError, "unknown puzzle 'towers'"):
            rings.count(3, puzzle="towers")
        with self.assertRaisesRegex(ValueError, "position 2: expected a digit 0 to 2"):
            rings.distance("031", "000", puzzle="hanoi")
        with self.assertRaisesRegex(ValueError, "are str"):
            rings.distance(rings.State.all_on(3), "000", puzzle="hanoi")
        with self.assertRaisesRegex(ValueError, "double moves"):
            rings.count(3, puzzle="hanoi", double=True)
        with self.assertRaisesRegex(ValueError, "past the end"):
            rings.state_after("00", "22", 4, puzzle="hanoi")
        self.assertEqual(list(rings.solve("00", puzzle="hanoi")), [(1, 0, 1), (2, 0, 2), (1, 1, 2)])


if __name__ == "__main__":
    unittest.main()
