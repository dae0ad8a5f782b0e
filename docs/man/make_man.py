#!/usr/bin/env python3
"""Writes the man page rings(1) from the program's own --help texts, so it cannot drift.

Usage: make_man.py RINGS VERSION OUTPUT

Every command (and nested command, as `rings plot path`) gets its usage line, description,
arguments and options from `rings <command> --help`; the sections that are not in any --help
(notation, exit status, examples) are written here, from SPEC.md.
"""
import re
import subprocess
import sys

# CLI11's help: "Section:" headers, then "  NAME   description" items (two or more spaces apart).
ITEM = re.compile(r"^  (\S.*?)(?:\s{2,}(\S.*))?$")
# An option or positional as CLI11 lists it: "-o,--output TEXT REQUIRED", "--format TEXT=moves",
# "N TEXT": the names, CLI11's type word, a default, REQUIRED.
OPTION = re.compile(r"^(?P<names>\S+)(?: (?P<type>[A-Z]+)(?:=(?P<default>\S*))?)?(?P<required> REQUIRED)?$")
CLI11_TYPES = {"TEXT", "INT", "UINT", "FLOAT", "NUMBER", "...", "REQUIRED"}
# The page names an option's argument after what it is, not CLI11's type: --from STATE.
ARGUMENT = {"--from": "STATE", "--to": "STATE", "--output": "FILE", "--save": "FILE",
            "--load": "FILE", "--mod": "M", "-k": "K", "--host": "ADDRESS",
            "--timeout": "SECONDS", "--depth": "D", "--limit": "L", "--at": "P",
            "--puzzle": "NAME"}
# An unknown value's error lists the choices: "unknown format 'x': expected moves, toggles or states".
CHOICES = re.compile(r"unknown [a-z ]+ '.*': expected (.*)$")

DESCRIPTION = r"""
.B rings
answers every question about the Chinese Rings puzzle (Baguenaudier, Patience, nine linked
rings) exactly, for any number of rings: how many moves, the optimal solution between any two
states (streamed), hints with the rule behind each move, the plan of a solution as a tree of
milestones, the state after K moves, and whether a move list is legal and optimal. It also plays the puzzle in the terminal, serves it as a web
app and draws plots.
.PP
Rings are numbered 1..N; ring 1 is at the free end of the bar. Ring 1 can always be put on or
taken off; ring k > 1 only when ring k\-1 is on and rings 1..k\-2 are all off. The 2^N states
form one path, in the order of the binary reflected Gray code, so removing all N rings takes
floor(2^(N+1)/3) moves (341 for 9 rings).
.PP
With
.BR \-\-double ,
rings 1 and 2 slid on or off together (both on or both off) count as one move: removing all N
rings then takes 2^(N\-1) \- [N even] moves (256 for 9 rings).
"""

FAMILY = r"""
.B \-\-puzzle
.I NAME
on count, distance, solve, hint, at, verify, plan and table answers the same questions for the puzzles that
share the rings' recursive rule (piece 1 is the free end; a piece moves only when the pieces
below it are in one fixed arrangement). States are one digit per piece, piece N first;
.B start
and
.B goal
are accepted as states (and
.BR on / off
where the positions are 0 and 1); the default is from start to goal.
.B rings play \-\-puzzle
.I NAME
plays them in the terminal (and
.B m
in the game picks one).
.TP
.B rings
the Chinese rings, as above (the default).
.TP
.B spin\-out
Spin-Out (7 dials; 1 = vertical): the rings' rule, from all 1 to all 0: 85 moves for 7 dials.
.TP
.B brain
The Brain (8 rods; 1 = out): the rings' rule, from all 0 to all 1: 170 moves for 8 rods.
.TP
.BI hexadecimal: K1K2K3K4
the Hexadecimal Puzzle (8 bars, 16 keys): bar i switches when bars i\-1..i\-4 are K4 K3 K2 K1
(those that exist) and every bar below is 1; from all 0 to all 1.
.TP
.B elephant
the Crazy Elephant Dance (0 up, 1 right, 2 down): elephant i goes up\(<>right when elephant i\-1
is down, right\(<>down when it is up, every elephant below down; from all up to all down.
.TP
.B hanoi
the Towers of Hanoi (a disc's position is its peg; disc 1 is the smallest): a disc moves from
peg p to peg q when every smaller disc is on the third peg; 2^N\-1 moves from peg 0 to peg 2.
"""

NOTATION = r"""
A state is written as N characters 0 and 1, ring N first, 1 = ring on the bar: nine rings all
on is 111111111.
.B \-\-notation
selects another way to read and write states:
.TP
.B binary
the default, as above.
.TP
.B ring1\-first
the same characters, ring 1 first.
.TP
.B decimal
the integer value of the binary string (needs the ring count).
.TP
.B cleve
Cleve Moler's convention: bit i\-1 is 1 when ring i is off.
.PP
Wherever a state is expected,
.B on
and
.B off
(all rings on or off, with the ring count given) and
.BI @ PATH
(the state read from a file;
.B @\-
from standard input) are accepted too. A move is written
.BR "ring 3 off" ,
.BR "ring 3 on" ;
a double move
.BR "rings 1+2 off" .
"""

EXIT_STATUS = r"""
.TP
.B 0
success.
.TP
.B 1
a negative answer: a move list that is illegal or does not reach its target, a step past the
end.
.TP
.B 2
a usage or input error, with one line on standard error that starts with
.B rings: error:
and says what was wrong and where. Nothing is printed on standard output.
"""

EXAMPLES = r"""
.nf
.B rings count 9
341
.B rings solve 3
1: ring 1 off
2: ring 3 off
3: ring 1 on
4: ring 2 off
5: ring 1 off
.B rings hint 110100 \-k 2
ring 1 on  (ring 1 can always move)
ring 2 on  (ring 2 can move: ring 1 is on)
37 moves remain
.B rings plan 11111 \-\-depth 1
21 moves in 5 milestones:
first take ring 5 off (moves 1–6)
then take ring 4 off (moves 7–14)
then take ring 3 off (moves 15–18)
then take ring 2 off (moves 19–20)
then take ring 1 off (move 21)
.B rings solve 9 | rings verify 9
ok: 341 moves, target reached, optimal
.fi
"""


def roff(text):
    """Text as roff: backslashes escaped, no line taken for a request."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text[:1] in (".", "'") else text


def parse_help(text):
    """The first line, the usage (without the program's path) and {section: [(name, desc)]}."""
    lines = text.splitlines()
    usage = next(l for l in lines if l.startswith("Usage:"))
    usage = re.sub(r"^Usage: \S+", "rings", usage)
    sections, current = {}, None
    for line in lines:
        if re.match(r"^[A-Z][A-Za-z ]*:$", line):
            current = sections.setdefault(line[:-1], [])
        elif current is not None and (m := ITEM.match(line)):
            current.append((m.group(1), m.group(2) or ""))
        elif current is not None and line.startswith("   ") and current:
            name, desc = current[-1]  # a description on the line after a long name
            current[-1] = (name, (desc + " " + line.strip()).strip())
    return lines[0], usage, sections


def run_help(rings, words):
    return subprocess.run([rings, *words, "--help"], check=True, capture_output=True,
                          text=True).stdout


def choices(rings, words, option, required):
    """The values `rings WORDS OPTION` accepts, as its error for a wrong one lists them, or []:
    asked with 1 for each required positional and - for each required option (the wrong value
    is refused before anything is read or written)."""
    args = [rings, *words]
    for name in required:
        args += [name, "-"] if name.startswith("-") else ["1"]
    p = subprocess.run(args + [option, "?"], capture_output=True, text=True,
                       stdin=subprocess.DEVNULL, timeout=30)
    m = CHOICES.search(p.stderr.strip())
    return re.split(r", | or ", m.group(1)) if p.returncode == 2 and m else []


def describe(rings, words, item, required):
    """An option's or positional's .TP entry: its names with the argument named (not TEXT), its
    description, its choices and its default."""
    name, desc = item
    if not name.startswith("-"):  # positionals: their names are the arguments; CLI11's types go
        kept = [w for w in name.split() if w not in CLI11_TYPES]
        return [".TP", f".I {roff(' '.join(kept))}", roff(desc)]
    m = OPTION.match(name)
    if not m:
        return [".TP", f".B {roff(name)}", roff(desc)]
    names = m["names"]
    long = names.split(",")[-1]
    head = f".B {roff(names)}"
    extra = []
    if m["type"]:
        argument = ARGUMENT.get(long, long.lstrip("-").upper())
        head = f'.BI "{roff(names)} " {roff(argument)}'
        values = choices(rings, words, long, required) if long in ("--format", "--notation") else []
        if values:
            extra.append("One of: " + ", ".join(f"\\fB{roff(v)}\\fR" for v in values) + ".")
        if m["default"]:
            extra.append(f"Default: \\fB{roff(m['default'])}\\fR.")
    if m["required"]:
        extra.append("Required.")
    if extra and desc and not desc.endswith("."):
        desc += "."
    return [".TP", head, " ".join([roff(desc)] + extra)]


def command_section(rings, words, out):
    """Writes `rings WORDS` and, in turn, its own commands."""
    summary, usage, sections = parse_help(run_help(rings, words))
    subcommands = sections.get("Subcommands", [])
    out.append(f'.SS "{roff(usage)}"')
    out.append(roff(summary))
    required = [n.split()[0].split(",")[-1]
                for n, _ in sections.get("Positionals", []) + sections.get("Options", [])
                if n.endswith(" REQUIRED")]
    for title in ("Positionals", "Options"):
        items = [(n, d) for n, d in sections.get(title, []) if n != "-h,--help"]
        for item in items:
            out += describe(rings, words, item, required)
    for name, _ in subcommands:
        command_section(rings, words + [name], out)


def main():
    rings, version, output = sys.argv[1:4]
    summary, _, sections = parse_help(run_help(rings, []))
    name, _, what = summary.partition(": ")
    out = [
        f'.TH RINGS 1 "" "rings {version}" "User Commands"',
        ".SH NAME",
        f"{name} \\- {roff(what)}",
        ".SH SYNOPSIS",
        ".B rings",
        ".I command",
        "[\\fIarguments\\fR] [\\fIoptions\\fR]",
        ".br",
        ".B rings",
        "[\\fB\\-\\-help\\fR] [\\fB\\-\\-version\\fR]",
        ".SH DESCRIPTION",
        DESCRIPTION.strip(),
        ".PP",
        "Every command has",
        ".BR \\-\\-help .",
        "The commands:",
        ".PP",
    ]
    for cmd, desc in sections.get("Subcommands", []):
        out += [".TP", f".B {roff(cmd)}", roff(desc)]
    out += [".SH NOTATION", NOTATION.strip(), ".SH PUZZLES", FAMILY.strip(), ".SH COMMANDS"]
    for cmd, _ in sections.get("Subcommands", []):
        command_section(rings, [cmd], out)
    out += [".SH EXIT STATUS", EXIT_STATUS.strip(), ".SH EXAMPLES", EXAMPLES.strip(),
            ".SH SEE ALSO", "The project's README.md and docs/ (the API reference, docs/api.md)."]
    with open(output, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
