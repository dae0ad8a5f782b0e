"""The Python module as a package: its type stubs, pickling and ordering, ValueError for every
number out of range and every list it cannot read, the hint bound of the CLI, and Ctrl-C during
long calls.

Run by CTest with PYTHONPATH at the built package and RINGS_CLI naming the rings executable.
"""
import ast
import inspect
import itertools
import os
import pickle
import random
import signal
import subprocess
import sys
import unittest

import rings

CLI = os.environ["RINGS_CLI"]
STUBS = os.path.join(os.path.dirname(rings.__file__), "__init__.pyi")


def runtime_parameters(function):
    """The parameter names of a pybind11 function, from the signature in its docstring."""
    first = function.__doc__.splitlines()[0]
    inside = first[first.index("(") + 1:first.rindex(") ->")]
    names = []
    for part in inside.split(", "):
        name = part.split(":")[0].strip()
        if name and (name == "*" or name.isidentifier()):
            names.append(name)
    return names


def stub_parameters(node):
    args = node.args
    names = [a.arg for a in args.posonlyargs + args.args]
    if args.kwonlyargs:
        names += ["*"] + [a.arg for a in args.kwonlyargs]
    return [n for n in names if n != "self"]


class TypeStubs(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(STUBS, encoding="utf-8") as f:
            cls.tree = ast.parse(f.read())
        cls.functions = {n.name: n for n in cls.tree.body if isinstance(n, ast.FunctionDef)}
        cls.classes = {n.name: n for n in cls.tree.body if isinstance(n, ast.ClassDef)}

    def test_installed_beside_the_module_with_py_typed(self):
        self.assertTrue(os.path.isfile(os.path.join(os.path.dirname(STUBS), "py.typed")))

    def test_stubs_name_what_the_module_has(self):
        public = {n for n in rings.__all__}
        stubbed = set(self.functions) | set(self.classes)
        for node in self.tree.body:
            if isinstance(node, ast.AnnAssign):
                stubbed.add(node.target.id)
        self.assertEqual(public, stubbed - {"__version__"})
        for name in public:
            self.assertTrue(hasattr(rings, name), name)

    def test_functions_have_the_same_parameters(self):
        for name, node in self.functions.items():
            with self.subTest(function=name):
                self.assertEqual(stub_parameters(node), runtime_parameters(getattr(rings, name)))

    def test_methods_have_the_same_parameters(self):
        for cls_name, cls_node in self.classes.items():
            cls = getattr(rings, cls_name)
            public = {n for n in vars(cls) if not n.startswith("_")}
            stubbed = {n.name for n in cls_node.body if isinstance(n, ast.FunctionDef)
                       and not n.name.startswith("_")}
            with self.subTest(cls=cls_name):
                self.assertEqual(public, stubbed)
            for node in cls_node.body:
                if not isinstance(node, ast.FunctionDef) or node.name.startswith("_"):
                    continue
                member = getattr(cls, node.name)
                if isinstance(member, property) or not callable(member):
                    continue
                with self.subTest(method=f"{cls_name}.{node.name}"):
                    got = runtime_parameters(member)
                    self.assertEqual(stub_parameters(node), [n for n in got if n != "self"])

    def test_everything_belongs_to_the_package(self):
        for name in rings.__all__:
            member = getattr(rings, name)
            if inspect.isclass(member) or callable(member):
                self.assertEqual(member.__module__, "rings", name)


class PicklingAndOrder(unittest.TestCase):
    def test_states_pickle(self):
        rng = random.Random(3)
        for n in [1, 63, 64, 65, 1000]:
            s = rings.State.from_string("".join(rng.choice("01") for _ in range(n)))
            for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
                with self.subTest(n=n, protocol=protocol):
                    back = pickle.loads(pickle.dumps(s, protocol))
                    self.assertEqual(back, s)
                    self.assertEqual(str(back), str(s))

    def test_moves_pickle(self):
        for m in [rings.Move(1, True), rings.Move(7, False), rings.Move(1, False, pair=True),
                  rings.Move(2**64 - 1, True)]:
            back = pickle.loads(pickle.dumps(m))
            self.assertEqual((back.ring, back.on, back.pair), (m.ring, m.on, m.pair))

    def test_bad_pickles_are_value_errors(self):
        make, args = rings.State.from_string("101").__reduce__()
        self.assertEqual(make(*args), rings.State.from_string("101"))
        self.assertEqual(make(3, b"\xff" * 8), rings.State.all_on(3))  # bits above ring 3 dropped
        for bad in [(3, b"\x01"), (0, b""), (2**70, b"")]:
            with self.subTest(args=bad):
                with self.assertRaises(ValueError):
                    make(*bad)

    def test_states_order_along_the_path_from_all_off(self):
        for n in [1, 3, 6, 70]:
            states = [rings.unrank(k, n) for k in range(min(2**n, 200))]
            shuffled = states[:]
            random.Random(n).shuffle(shuffled)
            with self.subTest(n=n):
                self.assertEqual(sorted(shuffled), states)
                self.assertEqual(sorted(shuffled, key=rings.rank), states)
        small, big = rings.State.all_on(3), rings.State(4)
        self.assertLess(small, big)  # by size first
        self.assertTrue(small <= small and small >= small and not small < small)
        with self.assertRaises(TypeError):
            small < 3

    def test_moves_order_as_tuples(self):
        moves = [rings.Move(r, on, pair=p) for r, on, p in
                 itertools.product([1, 2, 9], [False, True], [False, True]) if not p or r == 1]
        key = lambda m: (m.ring, m.on, m.pair)  # noqa: E731
        self.assertEqual(sorted(reversed(moves)), sorted(moves, key=key))
        self.assertGreater(rings.Move(3, False), rings.Move(2, True))


class ValueErrors(unittest.TestCase):
    """Numbers of any size and lists of any kind: ValueError, never TypeError or OverflowError."""

    def assert_value_error(self, call, message=None):
        with self.assertRaises(ValueError) as caught:
            call()
        self.assertIs(type(caught.exception), ValueError)
        if message:
            self.assertIn(message, str(caught.exception))

    def test_numbers_out_of_range(self):
        s = rings.State.all_on(3)
        for n in [0, -1, 2**63, 2**64, 2**200, -2**100, rings.MAX_RINGS + 1]:
            with self.subTest(n=n):
                self.assert_value_error(lambda: rings.State(n))
                self.assert_value_error(lambda: rings.State.all_on(n))
                self.assert_value_error(lambda: rings.count(n))
                self.assert_value_error(lambda: rings.unrank(0, n))
                self.assert_value_error(lambda: rings.State.from_string("on", n))
        for k in [-1, 2**64, 2**300]:
            with self.subTest(k=k):
                self.assert_value_error(lambda: rings.hint(s, k=k))
                self.assert_value_error(lambda: rings.count(5, mod=k))
                self.assert_value_error(lambda: rings.count(k, mod=7))
                self.assert_value_error(lambda: rings.Move(k, True))
                self.assert_value_error(lambda: rings.at(s, s, -abs(k)))
        self.assert_value_error(lambda: rings.Move(0, True))
        self.assert_value_error(lambda: rings.count(10**100000), "a 332193-bit number")
        with self.assertRaises(IndexError):
            s[2**70]

    def test_the_same_words_as_the_cli(self):
        for n in [0, 10**10, 2**64]:
            with self.subTest(n=n):
                err = subprocess.run([CLI, "distance", "on", "off", "-n", str(n)],
                                     capture_output=True, text=True).stderr
                with self.assertRaises(ValueError) as caught:
                    rings.State(n)
                self.assertTrue(err.rstrip("\n").endswith(str(caught.exception)),
                                (err, str(caught.exception)))

    def test_hints_are_bounded_as_in_the_cli(self):
        s = rings.State.all_on(30)
        p = subprocess.run([CLI, "hint", str(s), "-k", str(rings.MAX_HINTS + 1)],
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 2)
        self.assertIn(f"(at most {rings.MAX_HINTS})", p.stderr)
        with self.assertRaisesRegex(ValueError, rf"^k is too large: {rings.MAX_HINTS + 1} "
                                                rf"\(at most {rings.MAX_HINTS}\)"):
            rings.hint(s, k=rings.MAX_HINTS + 1)
        self.assertEqual(len(rings.hint(s, k=1000)["moves"]), 1000)

    def test_unreadable_lists(self):
        s = rings.State.all_on(3)
        self.assert_value_error(lambda: rings.verify(5, s), "found int")
        self.assert_value_error(lambda: rings.verify(None, s), "found NoneType")
        self.assert_value_error(lambda: rings.verify(["1", 3], s), "item 2")
        self.assert_value_error(lambda: rings.verify("\ud800\n", s), "surrogates")
        self.assert_value_error(lambda: rings.verify(b"1\n\xff\xfe\n", s),
                                "line 2: expected a ring number from 1 to 3 or 1+2, found "
                                "'\\xff\\xfe'")
        self.assert_value_error(lambda: rings.verify("ring 9 off\n", s), "line 1")

    def test_bytes_lists_read_as_text(self):
        s = rings.State.all_on(9)
        text = subprocess.run([CLI, "solve", "9", "--format", "toggles"], capture_output=True,
                              text=True, check=True).stdout
        reports = [rings.verify(x, s) for x in
                   [text, text.encode(), text.encode().splitlines(keepends=True),
                    text.splitlines(), iter(text.encode().splitlines())]]
        for report in reports:
            self.assertEqual(report, reports[0])
        self.assertEqual((reports[0]["ok"], reports[0]["moves"], reports[0]["optimal"]),
                         (True, 341, True))

    def test_a_long_list_in_pieces_names_the_first_illegal_move(self):
        # More than the 4 MB a piece the GIL is released for: the move number counts across.
        good = "1\n" * 3_000_000  # ring 1 off and on again, an even number of times
        report = rings.verify(good + "2\n3\n", rings.State.all_on(3))
        self.assertEqual(report["illegal_move"], 3_000_002)
        self.assertEqual(report["rule"], rings.why_illegal(rings.State.from_string("101"),
                                                        rings.Move(3, False)))


class Interrupts(unittest.TestCase):
    """Ctrl-C (SIGINT) reaches a long call: KeyboardInterrupt, not a call that runs on."""

    def interrupted(self, code, setup=""):
        # `setup` runs before "ready", so the signal comes while `code` runs.
        child = subprocess.Popen(
            [sys.executable, "-c", "import rings, collections, functools, itertools\n" + setup
             + "\nprint('ready', flush=True)\n" + code + "\nprint('finished', flush=True)"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.assertEqual(child.stdout.readline(), "ready\n")
        try:
            child.wait(timeout=0.3)
        except subprocess.TimeoutExpired:
            pass
        child.send_signal(signal.SIGINT)
        try:
            out, err = child.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            self.fail("still running 60 s after SIGINT")
        self.assertNotIn("finished", out)
        self.assertIn("KeyboardInterrupt", err)
        self.assertNotEqual(child.returncode, 0)

    def test_an_endless_solution_consumed_in_c(self):
        # deque() pulls from the iterator in C: only the module's own check can stop it (2^61
        # moves would take decades).
        self.interrupted("collections.deque(rings.solve(rings.State.all_on(60)), maxlen=0)")

    def test_a_long_verify(self):
        # A 16 MB list checked again and again, all in C (map over a partial, consumed by
        # deque): no Python code runs between the calls, so only verify's own check between its
        # 4 MB pieces can stop it. Verify is fast, so one list would end before the signal; a
        # million of them would take hours.
        self.interrupted("collections.deque(map(functools.partial(rings.verify, frm=three), "
                         "itertools.repeat(text, 1_000_000)), maxlen=0)",
                         setup="text = b'1\\n' * 8_000_000\nthree = rings.State.all_on(3)")

    def test_a_long_verify_of_lines(self):
        # An endless iterable of lines, pulled in C and checked in pieces.
        self.interrupted("rings.verify(itertools.repeat(b'1\\n'), rings.State.all_on(3))")


if __name__ == "__main__":
    unittest.main()
