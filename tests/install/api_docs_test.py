"""docs/api.md against the programs under examples/api: every public header has a section,
every example shown is exactly the program's source, the output shown is exactly what the
program prints, and the Python session shown runs as a doctest (when the module is built).

Usage: api_docs_test.py API_MD EXAMPLES_SOURCE_DIR EXAMPLES_BUILD_DIR INCLUDE_DIR
(PYTHONPATH at the built module, when there is one.)
"""
import doctest
import glob
import os
import re
import subprocess
import sys
import unittest

API_MD, SOURCES, BUILT, INCLUDE = sys.argv[1:5]
TEXT = open(API_MD, encoding="utf-8").read()
# <!-- example: examples/api/NAME.cpp -->, its ```cpp block, then "Output:" and a ```text block.
EXAMPLE = re.compile(r"<!-- example: examples/api/(\w+)\.cpp -->\n```cpp\n(.*?)```\n\nOutput:\n\n"
                     r"```text\n(.*?)```", re.S)


class ApiReference(unittest.TestCase):
    def test_every_public_header_has_a_section(self):
        for header in sorted(glob.glob(os.path.join(INCLUDE, "rings", "*.hpp"))):
            name = f"rings/{os.path.basename(header)}"
            with self.subTest(header=name):
                self.assertRegex(TEXT, rf"(?m)^## .*{re.escape(name)}")

    def test_every_example_is_shown_and_prints_what_is_shown(self):
        shown = {m.group(1): (m.group(2), m.group(3)) for m in EXAMPLE.finditer(TEXT)}
        programs = {os.path.basename(p)[:-4] for p in glob.glob(os.path.join(SOURCES, "*.cpp"))}
        self.assertEqual(set(shown), programs)
        for name, (source, output) in sorted(shown.items()):
            with self.subTest(example=name):
                with open(os.path.join(SOURCES, f"{name}.cpp"), encoding="utf-8") as f:
                    self.assertEqual(source, f.read())
                exe = os.path.join(BUILT, f"api_{name}")
                p = subprocess.run([exe], capture_output=True, text=True)
                self.assertEqual(p.returncode, 0, p.stderr)
                self.assertEqual(p.stdout, output)

    def test_python_session_runs(self):
        try:
            import rings  # noqa: F401
        except ImportError:
            self.skipTest("the Python module is not built")
        session = re.search(r"```pycon\n(.*?)```", TEXT, re.S).group(1)
        test = doctest.DocTestParser().get_doctest(session, {}, "docs/api.md", API_MD, 0)
        runner = doctest.DocTestRunner()
        runner.run(test)
        self.assertGreater(runner.tries, 0)
        self.assertEqual(runner.failures, 0)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
