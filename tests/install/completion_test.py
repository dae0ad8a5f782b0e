"""The bash completion (completion/rings.bash), run by bash as the shell runs it.

Usage: completion_test.py RINGS COMPLETION_SCRIPT
"""
import os
import subprocess
import sys
import tempfile
import unittest

RINGS, SCRIPT = sys.argv[1:3]


def complete(line):
    """The completions bash offers at the end of `line` (words after `rings`)."""
    words = [RINGS] + line.split(" ")
    quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)
    script = (f"source '{SCRIPT}'; COMP_WORDS=({quoted}); COMP_CWORD={len(words) - 1}; _rings; "
              'printf "%s\\n" "${COMPREPLY[@]}"')
    p = subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=True)
    return sorted(w for w in p.stdout.split("\n") if w)


class Completion(unittest.TestCase):
    def test_commands(self):
        self.assertEqual(complete("so"), ["solve"])
        every = complete("")
        for command in ["count", "distance", "solve", "hint", "at", "verify", "table", "play"]:
            self.assertIn(command, every)
        self.assertEqual(complete("plot "), ["hypercube", "lengths", "path"])
        self.assertEqual(complete("plot l"), ["lengths"])

    def test_options_of_the_command(self):
        self.assertEqual(complete("solve --f"), ["--format", "--from"])
        self.assertEqual(complete("count --"), ["--double", "--help", "--json", "--mod", "--rings"])
        self.assertIn("--output", complete("plot path --"))
        self.assertEqual(complete("--v"), ["--version"])

    def test_option_values(self):
        self.assertEqual(complete("solve --format "), ["json", "moves", "states", "toggles"])
        self.assertEqual(complete("verify --format s"), ["states"])
        self.assertEqual(complete("hint 101 --notation c"), ["cleve"])

    def test_files(self):
        with tempfile.TemporaryDirectory() as d:
            open(os.path.join(d, "start.txt"), "w").close()
            self.assertEqual(complete(f"distance @{d}/st"), [f"@{d}/start.txt"])
            self.assertEqual(complete(f"verify 9 {d}/s"), [f"{d}/start.txt"])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
