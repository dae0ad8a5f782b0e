#!/usr/bin/env python3
"""Runs every example of the README's ```console blocks and compares the output exactly.

A block holds commands (`$ rings ...`, pipes allowed) each followed by its expected output.
`rings` resolves to the binary under test. Each example is a subtest.

Usage: readme_examples_test.py RINGS README
"""
import os
import re
import subprocess
import sys
import unittest

RINGS = README = ""


def examples_of(readme):
    blocks = re.findall(r"```console\n(.*?)```", open(readme, encoding="utf-8").read(), re.S)
    examples = []
    for block in blocks:
        for line in block.splitlines():
            if line.startswith("$ "):
                examples.append([line[2:], []])
            elif examples:
                examples[-1][1].append(line)
    return examples


class ReadmeExamples(unittest.TestCase):
    def test_the_readme_has_examples(self):
        self.assertTrue(examples_of(README), "no examples found")

    def test_every_example_prints_what_the_readme_shows(self):
        env = dict(os.environ,
                   PATH=os.path.dirname(os.path.abspath(RINGS)) + os.pathsep + os.environ["PATH"])
        for command, expected in examples_of(README):
            with self.subTest(f"$ {command}"):
                p = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True,
                                   env=env, timeout=60,
                                   cwd=os.path.dirname(os.path.abspath(README)))
                self.assertEqual((p.stdout + p.stderr).decode().splitlines(), expected)


if __name__ == "__main__":
    RINGS, README = sys.argv[1:3]
    unittest.main(argv=sys.argv[:1], verbosity=2)
