#!/usr/bin/env python3
"""Every CTest test of the build has exactly one label, the part of rings it tests, so that
`ctest -L PART` runs that part and the parts together run every test (tests/CMakeLists.txt).
A GoogleTest program not built yet shows as one placeholder test, NAME_NOT_BUILT, with no
label: those are left out (they fail on their own).

Usage: labels_test.py CTEST BUILD_DIR
"""
import json
import subprocess
import sys
import unittest

PARTS = {"engine", "answers", "cli", "play", "serve", "web", "render", "python", "package"}
CTEST = BUILD_DIR = ""


def labels_of(test):
    for prop in test.get("properties", []):
        if prop["name"] == "LABELS":
            return prop["value"]
    return []


class Labels(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        out = subprocess.run([CTEST, "--show-only=json-v1"], cwd=BUILD_DIR, capture_output=True,
                             text=True, timeout=120, check=True).stdout
        cls.tests = [t for t in json.loads(out)["tests"] if not t["name"].endswith("_NOT_BUILT")]

    def test_the_build_has_tests(self):
        # This test itself, and the CLI's golden cases, are always registered.
        names = {t["name"] for t in self.tests}
        self.assertIn("test_labels", names)
        self.assertIn("cli_cases", names)

    def test_every_test_has_one_label_of_a_part(self):
        for test in self.tests:
            with self.subTest(test["name"]):
                labels = labels_of(test)
                self.assertEqual(len(labels), 1, f"labels {labels}: give it one of {sorted(PARTS)}")
                self.assertIn(labels[0], PARTS)


if __name__ == "__main__":
    CTEST, BUILD_DIR = sys.argv[1:3]
    unittest.main(argv=sys.argv[:1], verbosity=2)
