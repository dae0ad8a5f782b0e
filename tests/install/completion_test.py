"""The shell completions (completion/rings.bash, rings.zsh, rings.fish), run by their shell as
it runs them: the same cases for each. bash calls _rings with COMP_WORDS set; fish answers
`complete -C LINE` itself; zsh runs _rings with its words and PREFIX set and compadd/_files
standing in for the completion system's builtins (they only list what they are given).

Usage: completion_test.py RINGS COMPLETION_SCRIPT   (the shell is the script's extension)
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

RINGS, SCRIPT = sys.argv[1:3]
SHELL = os.path.splitext(SCRIPT)[1][1:]

ZSH_STUBS = r"""
compadd() {
  local word seen=0
  for word in "$@"; do
    if ((seen)); then [[ $word == $PREFIX* ]] && print -r -- "$IPREFIX$word"
    elif [[ $word == -- ]]; then seen=1; fi
  done
}
compset() { [[ $1 == -P && $PREFIX == @* ]] && { IPREFIX=@; PREFIX=${PREFIX#@}; } }
_files() { local f; for f in ${PREFIX}*(N); do print -r -- "$IPREFIX$f"; done }
"""


def quoted(words):
    return " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)


def complete(line):
    """The completions the shell offers at the end of `line` (words after `rings`)."""
    words = [RINGS] + line.split(" ")
    if SHELL == "bash":
        script = (f"source '{SCRIPT}'; COMP_WORDS=({quoted(words)}); COMP_CWORD={len(words) - 1}; "
                  '_rings; printf "%s\\n" "${COMPREPLY[@]}"')
        args = ["bash", "-c", script]
    elif SHELL == "zsh":
        script = (ZSH_STUBS + f"words=({quoted(words)}); CURRENT={len(words)}; "
                  f"PREFIX={quoted(words[-1:])}; IPREFIX=; source '{SCRIPT}'")
        args = ["zsh", "-f", "-c", script]
    else:
        # fish completes the command by name: run it from PATH.
        env_line = "rings " + line
        args = ["fish", "--no-config", "-c", f"source '{SCRIPT}'; complete -C {quoted([env_line])}"]
    env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(RINGS)) + os.pathsep
               + os.environ["PATH"])
    # (The status is that of the shell's last test, not an error: errors go to stderr.)
    p = subprocess.run(args, capture_output=True, text=True, env=env)
    if p.stderr:
        raise AssertionError(f"{SHELL} completing {line!r}: {p.stderr}")
    return sorted(w.split("\t")[0] for w in p.stdout.split("\n") if w)


@unittest.skipUnless(shutil.which(SHELL), f"{SHELL} is not installed (scripts/install-deps --test)")
class Completion(unittest.TestCase):
    def test_commands(self):
        self.assertEqual(complete("so"), ["solve"])
        every = complete("")
        for command in ["count", "distance", "solve", "hint", "at", "plan", "verify", "table",
                        "play"]:
            self.assertIn(command, every)
        self.assertEqual(complete("plot "), ["hypercube", "lengths", "path", "sierpinski"])
        self.assertEqual(complete("plot l"), ["lengths"])

    def test_options_of_the_command(self):
        self.assertEqual(complete("solve --f"), ["--format", "--from"])
        self.assertEqual(complete("count --"),
                         ["--double", "--help", "--json", "--mod", "--puzzle", "--rings"])
        self.assertIn("--output", complete("plot path --"))
        self.assertEqual(complete("plan 101 --d"), ["--depth", "--double"])
        self.assertEqual(complete("plan 101 --l"), ["--limit"])
        self.assertEqual(complete("--v"), ["--version"])

    def test_option_values(self):
        self.assertEqual(complete("solve --format "), ["json", "moves", "states", "toggles"])
        self.assertEqual(complete("verify --format s"), ["states"])
        self.assertEqual(complete("hint 101 --notation c"), ["cleve"])
        # The catalogue as the program lists it (rings puzzles --names), not a copy.
        catalogue = subprocess.run([RINGS, "puzzles", "--names"], capture_output=True, text=True,
                                   check=True).stdout.split()
        self.assertEqual(complete("count 5 --puzzle h"),
                         sorted(n for n in catalogue if n.startswith("h")))
        self.assertEqual(complete("count 5 --puzzle "), sorted(catalogue))
        self.assertEqual(complete("solve --puzzle sp"), ["spin-out"])

    def test_files(self):
        with tempfile.TemporaryDirectory() as d:
            open(os.path.join(d, "start.txt"), "w").close()
            self.assertEqual(complete(f"distance @{d}/st"), [f"@{d}/start.txt"])
            self.assertEqual(complete(f"verify 9 {d}/s"), [f"{d}/start.txt"])
            self.assertEqual(complete(f"plot path -o {d}/s"), [f"{d}/start.txt"])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
