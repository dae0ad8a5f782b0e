"""The man page rings.1 (written at build time from --help): it renders without a warning,
documents every command and option the program has, and its examples print what it shows.

Usage: man_test.py RINGS RINGS_1
"""
import os
import re
import subprocess
import sys
import unittest

RINGS, PAGE = sys.argv[1:3]
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "docs", "man"))
import make_man  # noqa: E402  (its help parser: the same reading of --help)


def render():
    p = subprocess.run(["groff", "-k", "-man", "-Tutf8", "-ww", PAGE], capture_output=True,
                       text=True)
    return p.returncode, re.sub(r".\x08", "", p.stdout), p.stderr


def help_of(words):
    return make_man.parse_help(make_man.run_help(RINGS, words))[2]


class ManPage(unittest.TestCase):
    def test_renders_without_warnings(self):
        status, text, warnings = render()
        self.assertEqual(status, 0)
        self.assertEqual(warnings, "")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "NOTATION", "COMMANDS", "EXIT STATUS",
                        "EXAMPLES"]:
            self.assertRegex(text, rf"(?m)^{section}$")

    def test_documents_every_command_and_option(self):
        text = render()[1]
        pending = [[name] for name, _ in help_of([]).get("Subcommands", [])]
        self.assertGreater(len(pending), 5)
        while pending:
            words = pending.pop()
            self.assertIn("rings " + " ".join(words), text)
            sections = help_of(words)
            for name, _ in sections.get("Options", []) + sections.get("Positionals", []):
                if name != "-h,--help":
                    names = name.split()[0]
                    with self.subTest(command=words, option=names):
                        self.assertIn(names, text)
            pending += [words + [name] for name, _ in sections.get("Subcommands", [])]

    def test_arguments_are_named_with_their_choices_not_cli11_types(self):
        text = render()[1]
        for word in ["TEXT", "UINT", "INT", "=moves", "REQUIRED"]:
            self.assertNotRegex(text, rf"(?m)^\s+(-\S+|[A-Z]\S*) .*\b{word}\b", word)
        self.assertIn("--from STATE", text)
        self.assertIn("-o,--output FILE", text)
        # The choices are those the program itself lists for a wrong value.
        err = subprocess.run([RINGS, "solve", "3", "--notation", "?"], capture_output=True,
                             text=True).stderr
        listed = re.search(r"expected (.*)$", err.strip()).group(1)
        choices = re.split(r", | or ", listed)
        self.assertGreater(len(choices), 2)
        self.assertIn("One of: " + ", ".join(choices) + ".", re.sub(r"\s+", " ", text))
        self.assertIn("Default: moves.", re.sub(r"\s+", " ", text))

    def test_examples_print_what_they_show(self):
        source = open(PAGE, encoding="utf-8").read()
        examples = source.split(".SH EXAMPLES\n")[1].split(".SH ")[0]
        commands = re.findall(r"^\.B (rings .*)\n((?:[^.].*\n)*)", examples, re.M)
        self.assertGreater(len(commands), 2)
        for command, shown in commands:
            command = command.replace("\\-", "-")
            with self.subTest(command=command):
                out = subprocess.run(command.replace("rings ", f"'{RINGS}' "), shell=True,
                                     capture_output=True, text=True).stdout
                self.assertEqual(out, shown)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
