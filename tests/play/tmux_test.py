#!/usr/bin/env python3
"""Drives the real `rings play` in tmux terminals of 30x10, 40x15, 80x18, 80x24 and 200x50, as a
player would: keys and mouse clicks in with send-keys, the screen (with its colours) read back
with capture-pane.

Checks, at every size: an illegal move is explained in full, the state and the count stay
visible, rings are coloured (on, off, selected, the rule's chain on the picture's rows, the goal,
solved), a click moves a ring, Ctrl-L repaints, the window title follows the game, auto-play
waits behind the help, pauses and finishes now, and q asks before losing the game; the ring
window of 1000 rings (typed numbers, Home, End, PgUp), a double-move hint, records, q in the
new-game prompt and the cursor while typing, undoing a new game, R, a save resumed with --load,
Undone/Redone, a failed save on quit, the stopping signals, NO_COLOR and a monochrome terminal.
Then: the picker and two family puzzles, a tiny terminal, a move drawn on its way, a save killed
with kill -9 (its temporary file removed by the next start), and --load refusing FIFOs, big
files and foreign files.

Every test gets a private HOME and XDG_STATE_HOME. Usage: tmux_test.py PATH/TO/rings
"""
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

RINGS = ""  # set from the command line
# A generous limit so that a broken game fails the test instead of hanging it; no step is
# expected to take more than a fraction of it.
PATIENCE_S = 20
# 80x18 is where the message line used to disappear.
SIZES = [(30, 10), (40, 15), (80, 18), (80, 24), (200, 50)]
# The full picture (posts, base, numbers) from 18 rows at 80 columns; below, the one-row strip.
FULL_PICTURE_HEIGHT = 18

# SGR colours as capture-pane -e writes them.
GREEN, YELLOW, BLUE, MAGENTA, CYAN, RED = 32, 33, 34, 35, 36, 31


class TmuxError(AssertionError):
    """A tmux command that failed, with what tmux printed."""


def tmux_on(socket, *args, check=True):
    """Runs a tmux command on the server at `socket` (a path: each test has a server of its own,
    so no test ever talks to a server that another one is shutting down)."""
    run = subprocess.run(["tmux", "-S", socket, "-f", "/dev/null", *args], capture_output=True,
                         text=True, timeout=PATIENCE_S)
    if check and run.returncode != 0:
        raise TmuxError(f"tmux {shlex.join(args)} exited with {run.returncode}: "
                        f"{run.stderr.strip() or '(nothing on stderr)'}")
    return run


def flat(text):
    """The screen's words, each run of spaces and line ends one space: wrapped text reads whole."""
    return re.sub(r"\s+", " ", text)


def cells(line):
    """A line of capture-pane -e as (character, foreground colour or None, reverse) cells."""
    out, fg, reverse = [], None, False
    for m in re.finditer(r"\x1b\[([\d;]*)m|(.)", line):
        if m.group(2) is not None:
            out.append((m.group(2), fg, reverse))
            continue
        params = [int(p) if p else 0 for p in m.group(1).split(";")]
        i = 0
        while i < len(params):
            p = params[i]
            if p == 0:
                fg, reverse = None, False
            elif 30 <= p <= 37:
                fg = p
            elif p == 39:
                fg = None
            elif p == 7:
                reverse = True
            elif p == 27:
                reverse = False
            elif p in (38, 48):  # an extended colour: its parameters are not SGR codes
                i += 2 if i + 1 < len(params) and params[i + 1] == 5 else 4
            i += 1
    return out


def colours_of(line):
    return {fg for _, fg, _ in cells(line) if fg is not None}


def rings_play(args):
    return shlex.join([RINGS, "play", *args])


def tool_works(*command):
    try:
        return subprocess.run(command, capture_output=True, timeout=PATIENCE_S).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


class PlayTest(unittest.TestCase):
    """Runs games one at a time, each in a fresh tmux session of the size asked for."""

    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="rings-play-home-")
        self.state = os.path.join(self.home, "state")
        # The test's own tmux server: a socket in its private directory, stopped in tearDown.
        self.socket = os.path.join(self.home, "tmux.socket")
        self.session = ""
        self.size = ""
        self.count = 0

    def tearDown(self):
        self.stop_server()
        shutil.rmtree(self.home, ignore_errors=True)

    def tmux(self, *args):
        return tmux_on(self.socket, *args).stdout

    def stop_server(self):
        """Stops the test's tmux server and waits until it is gone (its socket answers no
        more), so that its games end before the next test starts."""
        if not os.path.exists(self.socket):
            return
        tmux_on(self.socket, "kill-server", check=False)
        deadline = time.monotonic() + PATIENCE_S
        while time.monotonic() < deadline:
            if tmux_on(self.socket, "list-sessions", check=False).returncode != 0:
                return
            time.sleep(0.05)

    # Driving the terminal.

    def start(self, command, width=80, height=24, term="tmux-256color", env=(), cwd=None):
        """Runs `command` in a fresh terminal; afterwards the shell reports the exit status and
        the terminal's modes, and waits."""
        previous = self.session
        self.count += 1
        session = f"{self.id().rsplit('.', 1)[-1]}-{self.count}"
        # The shell survives Ctrl-C (a trapped signal is default again in the game) to report.
        script = f"trap : INT; {command}; printf '\\nEXIT=%s\\n' $?; stty -a; exec sleep 3600"
        if cwd:
            script = f"cd {shlex.quote(cwd)} && {script}"
        new_session = ["new-session", "-d", "-s", session, "-x", str(width), "-y", str(height),
                       "env", "LANG=C.UTF-8", f"TERM={term}", f"HOME={self.home}",
                       f"XDG_STATE_HOME={self.state}", *env, "sh", "-c", script]
        # The server is the test's own and stays up while a session lives (the previous one is
        # killed after the new one starts); a try that still fails, on a loaded machine, is
        # tried again for a while, and the last failure says what tmux printed.
        deadline = time.monotonic() + PATIENCE_S
        while True:
            try:
                self.tmux(*new_session)
                break
            except TmuxError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        self.session = session  # only once it exists
        self.size = f"{width}x{height}"
        if previous:
            self.tmux("kill-session", "-t", previous)

    def screen(self, colours=False):
        # With the lines scrolled away (the shell's report after the game is longer than a
        # small terminal); the game's alternate screen has none.
        return self.tmux("capture-pane", "-p", "-S", "-100", *(["-e"] if colours else []), "-t",
                    self.session)

    def wait_for(self, text, what, colours=False):
        """Waits until `text` (a regular expression, on the flattened screen) shows."""
        deadline = time.monotonic() + PATIENCE_S
        while time.monotonic() < deadline:
            if re.search(text, flat(self.screen(colours))):
                return
            time.sleep(0.05)
        self.fail(f"{self.size}: {what}: never saw /{text}/ on the screen:\n{self.screen()}")

    def wait_until(self, condition, what):
        deadline = time.monotonic() + PATIENCE_S
        while time.monotonic() < deadline:
            if condition():
                return
            time.sleep(0.05)
        self.fail(f"{self.size}: {what}\n{self.screen()}")

    def check(self, condition, what):
        self.assertTrue(condition, f"{self.size}: {what}\n{self.screen()}")

    def keys(self, *ks):
        self.tmux("send-keys", "-t", self.session, *ks)

    def literal(self, text):
        self.tmux("send-keys", "-t", self.session, "-l", text)

    def pane(self, fmt):
        return self.tmux("display-message", "-p", "-t", self.session, fmt).strip()

    def game_pid(self):
        """The pid of rings play: a descendant of the pane's shell (under strace, a
        grandchild)."""
        deadline = time.monotonic() + PATIENCE_S
        while time.monotonic() < deadline:
            todo = [self.pane("#{pane_pid}")]
            while todo:
                out = subprocess.run(["pgrep", "-P", todo.pop()], capture_output=True,
                                     text=True).stdout
                for pid in out.split():
                    try:
                        with open(f"/proc/{pid}/cmdline", "rb") as f:
                            if f.read().startswith(RINGS.encode() + b"\0"):
                                return int(pid)
                    except OSError:
                        pass
                    todo.append(pid)
            time.sleep(0.05)
        self.fail(f"{self.size}: no rings play process in the pane")

    def expect_terminal_back(self, status, what):
        self.wait_for(rf"EXIT={status}\b", f"{what}: exit status {status}")
        self.wait_for(r"\bicanon\b", f"{what}: stty output")
        text = self.screen()
        self.check(self.pane("#{alternate_on}") != "1",
                   f"{what}: still on the game's (alternate) screen")
        self.check(self.pane("#{cursor_flag}") == "1", f"{what}: the cursor is still hidden")
        self.check(re.search(r"(?<![-\w])icanon\b", text), f"{what}: line editing (icanon) is off")
        self.check(re.search(r"(?<![-\w])echo\b", text), f"{what}: echo is off")

    def click_at(self, col, row, sgr):
        """A left click (press and release) at 0-based (col, row): in SGR mouse encoding
        (xterm's terminfo asks for it), or in the classic X10 one (tmux's)."""
        if sgr:
            self.literal(f"\x1b[<0;{col + 1};{row + 1}M")
            self.literal(f"\x1b[<0;{col + 1};{row + 1}m")
        else:
            for button in (0, 3):  # press, release
                self.tmux("send-keys", "-t", self.session, "-H", "1b", "5b", "4d",
                     *(f"{32 + v:02x}" for v in (button, col + 1, row + 1)))

    # Reading the picture.

    def picture_rows(self, colours=False):
        """The picture's rows: after the title, up to the caption or the state line."""
        lines = self.screen(colours).split("\n")
        plain = self.screen().split("\n")
        out = []
        for i in range(1, min(len(lines), len(plain))):
            if plain[i].lstrip().startswith(("Ring", "State")):
                break
            out.append(lines[i])
        return out

    def moving_rows(self):
        """The rows of the picture where a moving ring (reverse yellow) is drawn."""
        return [row for row, line in enumerate(self.picture_rows(colours=True), start=1)
                if any(fg == YELLOW and rev for _, fg, rev in cells(line))]

    def ring_one_position(self):
        """Where ring 1 is drawn: the rightmost ring box corner or strip ring above the state."""
        best = None
        for row, line in enumerate(self.screen().split("\n")):
            if line.lstrip().startswith("State"):
                break
            for ch in "╮●○":
                col = line.rfind(ch)
                if col >= 0 and (best is None or col > best[0]):
                    best = (col, row)
        return best

    def records(self):
        with open(os.path.join(self.state, "rings", "records"), encoding="utf-8") as f:
            return f.read()


class EverySize(PlayTest):
    """One game of 5 rings a size: feedback, colours, mouse, repaint, title, help, auto-play,
    quit."""

    def test_a_game_of_5_rings(self):
        box_widths = {}  # the widest ring box drawn at each width
        for (width, height), term in [*((size, "tmux-256color") for size in SIZES),
                                      ((80, 24), "xterm-256color")]:  # SGR mouse, xterm's title
            with self.subTest(size=f"{width}x{height}", term=term):
                self.a_game(width, height, term, box_widths)
        self.assertGreater(box_widths.get(200, 0), box_widths.get(80, 0),
                           f"a big terminal draws bigger rings: {box_widths}")
        self.assertGreater(box_widths.get(80, 0), 0, f"rings drawn at 80 columns: {box_widths}")
        # A click, then auto-play: one record for 5 rings, however many sizes played it.
        self.assertEqual(self.records(), "rings play records v1\n"
                         "rings 5 single moves 21 optimum 21 hints 0 undos 0 auto 20\n")

    def a_game(self, width, height, term, box_widths):
        full = height >= FULL_PICTURE_HEIGHT
        self.start(rings_play(["5"]), width, height, term)
        self.wait_for(r"State 11111", "start")
        self.check(self.pane("#{alternate_on}") == "1", "the game should use the alternate screen")
        self.keys("3")
        self.wait_for(r"Not allowed: ring 3 needs ring 2 on and ring 1 off; ring 1 is on\.",
                      "an illegal move is explained in full")
        text = flat(self.screen())
        self.check("State 11111" in text and "21" in text, "the state and the count stay visible")
        coloured = self.screen(colours=True)
        self.check("\x1b[31m" in coloured, "the refusal (or the ring that blocks) is red")
        picture = self.picture_rows(colours=True)
        in_picture = set().union(*(colours_of(line) for line in picture))
        self.check(GREEN in in_picture, "rings on the shuttle are green")
        self.check(YELLOW in in_picture, "the selected ring is yellow")
        self.check(MAGENTA in in_picture, "the goal marks are magenta")
        if full:
            # The rule's chain, on the picture's rows (the key bar is cyan too): ring 2, which
            # meets ring 3's rule, is cyan; the base under rings 3 to 1 red, since ring 1 blocks.
            self.check(CYAN in in_picture, "the ring that meets the rule is cyan")
            plain = self.picture_rows()
            base = next((i for i, line in enumerate(plain) if "┴" in line), None)
            self.check(base is not None and plain[base].count("┴") == 5, "five posts on the base")
            self.check(all(plain[i].count("┬") == 5 for i in range(base) if "╰" in plain[i]),
                       "each ring's post rises from its bottom edge")
            feet = [(ch, fg) for ch, fg, _ in cells(picture[base]) if ch == "┴"]
            self.check([fg for _, fg in feet] == [None, None, RED, RED, RED],
                       f"the chain from ring 3 to ring 1 is red along the base: {feet}")
        # Where no key bar fits, the title's corner still names the help key.
        self.check("? help" in self.screen(), "the help key is named")
        if height >= 24:
            self.check("Cleve 0 (Cleve Moler's decimal state)" in flat(self.screen()),
                       "the decimal state")
        if height >= 15:
            self.check("Goal 00000 (all off)" in flat(self.screen()), "the goal")
        box_widths[width] = max((len(m.group(0)) for m in re.finditer(r"╭─*╮", self.screen())),
                                default=0)
        # A click on ring 1 moves it.
        at = self.ring_one_position()
        self.check(at is not None, "ring 1 is drawn")
        self.click_at(*at, sgr=term.startswith("xterm"))
        self.wait_for(r"State 11110", "a click on ring 1 takes it off")
        self.check("Moved ring 1 off" in flat(self.screen()), "the click's move is reported")
        self.wait_until(lambda: not self.moving_rows(), "ring 1 comes to rest after its move")
        self.wait_until(lambda: self.pane("#{pane_title}") == "rings play: 5 rings, 20 moves to go",
                        f"the window title: {self.pane('#{pane_title}')!r}")
        if full:
            # Ring 3 may move now (ring 2 on, ring 1 off): its chain along the base is cyan.
            self.keys("Left", "Left")
            self.wait_for(r"Ring 3 selected", "ring 3 selected")
            plain = self.picture_rows()
            base = next(i for i, line in enumerate(plain) if "┴" in line)
            feet = [fg for ch, fg, _ in cells(self.picture_rows(colours=True)[base]) if ch == "┴"]
            self.check(feet == [None, None, CYAN, CYAN, CYAN],
                       f"the chain from ring 3 to ring 1 is cyan along the base: {feet}")
            self.keys("End")
        else:
            # The strip has no rule's chain: ring 1, off and no longer selected, is blue.
            self.keys("Left")
            self.wait_for(r"Ring 2\b", "ring 2 selected")
            self.check(BLUE in set().union(*(colours_of(line) for line in
                                             self.picture_rows(colours=True))),
                       f"a ring off the shuttle is blue: {self.picture_rows(colours=True)}")
            self.keys("End")
        # Ctrl-L repaints what something else wrote over the game.
        with open(self.pane("#{pane_tty}"), "w") as tty:
            tty.write("\x1b[1;1HGARBAGE-ON-THE-SCREEN")
        self.wait_for(r"GARBAGE-ON-THE-SCREEN", "the stray text shows")
        self.keys("C-l")
        self.wait_until(lambda: "GARBAGE" not in self.screen() and "State" in self.screen(),
                        "Ctrl-L repaints the screen")
        # The key bar follows the mode where there is room for it.
        if height >= 15:
            self.check("h hint" in flat(self.screen()), "the key bar shows the play keys")
        # Auto-play at full speed would finish 5 rings at once: behind the help it waits.
        self.keys(*["+"] * 10)
        self.literal("a?")
        self.wait_for(r"Keys", "the help")
        time.sleep(0.5)  # 21 moves at 10 ms each would be done by now, were it not waiting
        self.literal("xp")
        self.wait_for(r"Auto-play paused", "p pauses auto-play")
        moves = re.search(r"Moves(?: made)?:? (\d+)", flat(self.screen()))
        self.check(moves and int(moves.group(1)) <= 3 and "Solved" not in self.screen(),
                   "auto-play went on behind the help")
        if height >= 15:
            self.check("p go on" in flat(self.screen()) and "f finish now" in flat(self.screen()),
                       "the key bar shows the auto-play keys")
        self.keys("f")
        self.wait_for(r"Solved in 21 moves with auto-play \(\d+ of 21 moves\)", "f finishes now")
        self.check("perfect" not in self.screen(), "an auto-played game is not called perfect")
        solved = [line for line in self.screen(colours=True).split("\n") if "Solved" in line]
        self.check(solved and GREEN in colours_of(solved[0]), "the solved line is green")
        # All off, ring 1 selected: the rings off the shuttle are blue (where a picture is left
        # beside the solved line).
        pictured = any(ch in "●○╭" for line in self.picture_rows() for ch in line)
        self.check(not pictured or BLUE in set().union(*(colours_of(line) for line in
                                         self.picture_rows(colours=True))),
                   "rings off the shuttle are blue")
        # Unsaved moves: q asks first; another key stays; y leaves.
        self.keys("q")
        self.wait_for(r"y quits without saving", "q asks before losing the game")
        self.keys("x")
        self.wait_for(r"Still playing", "any other key stays")
        self.keys("q")
        self.wait_for(r"y quits without saving", "q asks again")
        self.keys("y")
        self.expect_terminal_back(0, "q, y")

    def test_a_window_of_1000_rings(self):
        """Typed numbers jump; Home, End and PgUp; the caption says what is off-screen."""
        for width, height in SIZES:
            with self.subTest(size=f"{width}x{height}"):
                self.start(rings_play(["1000"]), width, height)
                self.wait_for(r"State 1111", "1000 rings")
                self.literal("401")
                # Narrow terminals shorten the caption ("Ring 401 1000–408 ◀ ▶ 395–1").
                self.wait_for(r"Ring 401 (selected \(on\) · off-screen: |· hidden: )?1000–\d+ ◀ "
                              r"▶ \d+–1", "ring 401")
                if height >= FULL_PICTURE_HEIGHT:
                    numbers = [line for line in self.picture_rows() if "┴" not in line and
                               re.search(r"\b\d{3}\b", line)]
                    self.check(numbers and re.search(r"\b401\b", numbers[0]),
                               "ring 401's number is drawn under it")
                self.keys("Home")
                self.wait_for(r"Ring 1000 .*▶ \d+–1", "Home")
                self.keys("End")
                self.wait_for(r"Ring 1 (selected \(on\) · off-screen: |· hidden: )?1000–\d+ ◀",
                              "End")
                self.keys("PPage")
                self.wait_for(r"Ring (1\d|[2-9]\d) ", "PgUp moves a screenful")
                self.keys(" ")  # no ring above 2 can move from all on
                self.wait_for(r"Not allowed: ring \d+ needs", "space on a blocked ring")
                self.keys("q")
                self.expect_terminal_back(0, "q with 1000 rings and no moves")

    def test_a_double_move_hint(self):
        """The hint selects the pair, and space follows it."""
        for width, height in SIZES:
            with self.subTest(size=f"{width}x{height}"):
                self.start(rings_play(["4", "--double", "--from", "0011"]), width, height)
                self.wait_for(r"State 0011", "double")
                self.keys("h")
                self.wait_for(r"Hint: rings 1\+2 off", "the pair hint")
                if height > 10:
                    self.wait_for(r"Rings 1\+2 selected", "the pair is selected")
                else:  # no room for the caption: the pair is yellow in the strip
                    strip = [c for line in self.picture_rows(colours=True)
                             for c in cells(line) if c[0] == "●"]
                    self.check([fg for _, fg, _ in strip] == [YELLOW, YELLOW],
                               f"rings 1 and 2, on, are marked selected: {strip}")
                self.keys(" ")
                self.wait_for(r"State 0000", "space plays the pair")
                if height >= 15:  # (at 30x10 the room goes to the solved line)
                    self.wait_for(r"On an optimal path: yes", "still on the optimal path")
                self.wait_for(r"Solved in 1 move with 1 hint: the optimum\.", "solved with a hint")
                self.keys("q", "y")
                self.expect_terminal_back(0, "q, y after the double move")
        self.assertEqual(self.records(), "rings play records v1\n"
                         "rings 4 double moves 1 optimum 1 hints 1 undos 0 auto 0\n")

    def test_records_new_game_undo_and_reset(self):
        """A perfect game by hand, kept under XDG_STATE_HOME; q in the new-game prompt; the
        cursor while typing; a new game undone; R; then a worse game."""
        for width, height in SIZES:
            with self.subTest(size=f"{width}x{height}"):
                self.state = os.path.join(self.home, f"state-{width}x{height}")  # a first record
                self.start(rings_play(["2"]), width, height)
                self.wait_for(r"State 11", "2 rings")
                self.keys("2", "1")
                self.wait_for(r"Solved in 2 moves by hand: the optimum\. A perfect game!",
                              "by hand")
                self.wait_for(r"Your first record for 2 rings\.", "the first record")
                self.keys("n")
                self.wait_for(r"Start:", "the new-game prompt")
                self.check(self.pane("#{cursor_flag}") == "1",
                           "the cursor shows while typing a state")
                self.keys("q")
                self.wait_for(r"Start: q", "q is typed into the prompt")
                self.check(self.pane("#{cursor_y}") == str(next(
                    i for i, line in enumerate(self.screen().split("\n"))
                    if "Start: q" in line)), "the cursor stands on the prompt's line")
                self.keys("BSpace", "0", "1", "Enter")
                self.wait_for(r"New game from 01", "the typed game")
                self.check(self.pane("#{cursor_flag}") == "0", "the cursor is hidden again")
                self.keys("u")
                self.wait_for(r"Undone: the new game", "the new game is undone")
                self.check("State 00" in flat(self.screen()), "back to the solved game")
                self.keys("R")
                self.wait_for(r"State 11", "R resets to the start")
                self.keys("1", "1", "2", "1")  # 4 moves where 2 would do
                self.wait_for(r"Your best for 2 rings: 2 moves by hand \(the optimum\)\.",
                              "not a record")
                self.keys("q", "y")
                self.expect_terminal_back(0, "q, y after the records")
                self.assertEqual(self.records(), "rings play records v1\n"
                                 "rings 2 single moves 2 optimum 2 hints 0 undos 0 auto 0\n")

    def test_save_resume_undo_redo_and_a_failed_save(self):
        """A game saved on leaving resumes exactly; undo and redo say which move; a save that
        fails on quit keeps the game; a stale temporary file is removed."""
        for width, height in SIZES:
            with self.subTest(size=f"{width}x{height}"):
                # A short relative path, so that the failure's message fits a small terminal.
                tmp = tempfile.mkdtemp(dir=self.home)
                # A stale temporary file of a save killed with kill -9 (its process is gone).
                dead = subprocess.Popen(["true"])
                dead.wait()
                stale = os.path.join(tmp, f".g.txt.rings-tmp-{dead.pid}-abcdef")
                with open(stale, "w", encoding="utf-8") as f:
                    f.write("x" * 100000)
                self.start(rings_play(["5", "--save", "g.txt"]), width, height, cwd=tmp)
                self.wait_for(r"State 11111", "start with --save")
                self.check(not os.path.exists(stale), "the stale temporary file is still there")
                self.keys("1")
                self.keys("3")
                self.wait_for(r"State 11010", "two moves")
                self.keys("q")  # saved: no question
                self.expect_terminal_back(0, "q with --save")
                path = os.path.join(tmp, "g.txt")
                with open(path, encoding="utf-8") as f:
                    self.assertEqual(f.readline(), "rings play save v2\n", "the save file's header")
                self.start(rings_play(["--load", "g.txt"]), width, height, cwd=tmp)
                self.wait_for(r"State 11010", "resume with --load")
                self.wait_for(r"Moves(?: made)?:? 2\b", "the move count comes back")
                self.keys("u")
                self.wait_for(r"Undone: ring 3 off\.", "undo says which move")
                self.wait_for(r"State 11110", "undo after resuming")
                self.keys("r")
                self.wait_for(r"Redone: ring 3 off\.", "redo says which move")
                # Saving fails on the way out: the game stays and says so; once fixed, q saves.
                os.rename(path, path + ".moved")
                os.mkdir(path)
                self.keys("q")
                self.wait_for(r"cannot (save to|write) .*; the game is not saved and still "
                              r"here\. y quits", "a failed save on quit")
                self.keys("x")
                self.wait_for(r"Still playing", "the game stays")
                os.rmdir(path)
                self.keys("q")
                self.expect_terminal_back(0, "q once saving works again")
                with open(path, encoding="utf-8") as f:
                    self.assertIn("cursor 2\n", f.read(), "the game was saved on the second q")

    def test_stopping_signals(self):
        """Every stopping signal gives the terminal back and saves the game; each signal at one
        size, the sizes in turn (all of them at every size would take minutes). Ctrl-C at every
        size."""
        names = ["SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGXCPU", "SIGXFSZ", "SIGVTALRM",
                 "SIGTERM", "SIGHUP"]
        for i, name in enumerate(names):
            width, height = SIZES[i % len(SIZES)]
            with self.subTest(signal=name, size=f"{width}x{height}"):
                sig = getattr(signal, name)
                game = os.path.join(self.home, f"{name}.txt")
                self.start(rings_play(["5", "--save", game]), width, height)
                self.wait_for(r"State 11111", f"start for {name}")
                self.keys("1")
                self.wait_for(r"State 11110", f"a move before {name}")
                os.kill(self.game_pid(), sig)
                self.expect_terminal_back(128 + sig, name)
                with open(game, encoding="utf-8") as f:
                    self.assertIn("ring 1 off", f.read(), f"{name}: the game was not saved")
        # Ctrl-C also gives the terminal back (status 130, as for any program stopped by SIGINT).
        for width, height in SIZES:
            with self.subTest(signal="Ctrl-C", size=f"{width}x{height}"):
                self.start(rings_play(["7", "--from", "1010101"]), width, height)
                self.wait_for(r"State 1010101", "start with --from")
                self.keys("C-c")
                self.expect_terminal_back(130, "Ctrl-C")

    def test_no_colour(self):
        """None with NO_COLOR, none on a monochrome terminal: bold and reverse instead."""
        for width, height in SIZES:
            for term, env in [("xterm-256color", ["NO_COLOR=1"]), ("vt100", [])]:
                with self.subTest(size=f"{width}x{height}", term=term, env=env):
                    self.start(rings_play(["5"]), width, height, term=term, env=env)
                    self.wait_for(r"State 11111", f"start with {term} {env}")
                    self.keys("3")
                    self.wait_for(r"Not allowed", "a refusal")
                    coloured = self.screen(colours=True)
                    # (39 and 49 are tmux's "default colour" resets.)
                    self.check(not re.search(
                        r"\x1b\[(?:[\d;]*;)?(?:3[0-8]|4[0-8]|9[0-7])(?:;[\d;]*)?m", coloured),
                        f"colours with {term} {env}")
                    self.check("\x1b[1m" in coloured and "\x1b[7m" in coloured,
                               f"no bold or reverse with {term} {env}")
                    self.keys("q")
                    self.expect_terminal_back(0, f"q with {term} {env}")


class Family(PlayTest):
    def test_the_towers_of_hanoi_and_the_elephants(self):
        """The picker opens the Towers of Hanoi; its discs on their pegs, the destination
        question, a refusal, undo and a hint in its words, auto-play to the goal; then an
        elephant game: the positions named, a click, finish now, the record. At the widest and
        the narrowest size (the same model draws the rest)."""
        for width, height in [(80, 24), (30, 10)]:
            with self.subTest(size=f"{width}x{height}"):
                self.puzzle_games(width, height)
        # 4 Hanoi discs with a hint and an undo, 3 elephants after a click.
        self.assertRegex(self.records(),
                         r"\Arings play records v1\n"
                         r"hanoi 4 single moves 15 optimum 15 hints 1 undos 1 auto 15\n"
                         r"elephant 3 single moves (\d+) optimum \1 hints 0 undos 0 auto \d+\n\Z")

    def puzzle_games(self, width, height):
        self.start(rings_play([]), width, height)
        self.wait_for(r"State 11111", "start for the picker")
        self.keys("m")
        self.wait_for(r"1 rings .* 5 elephant .* 6 hanoi", "the picker lists the puzzles")
        self.keys("6")
        self.wait_for(r"How many discs\? \(Enter: 5\)", "the picker asks the piece count")
        self.keys("4", "Enter")
        self.wait_for(r"State 0000", "a Towers of Hanoi game")
        text = flat(self.screen())
        self.check("peg 0" in text and "peg 2" in text, "the pegs are drawn")
        if width >= 80:
            self.check("the Towers of Hanoi" in text, "the puzzle is named")
            self.check(re.search(r"█1█.*██2██.*███3███.*████4████", text),
                       "the discs stacked on peg 0")
        self.keys("1")
        self.wait_for(r"Where to\? Disc 1 can go to 1 peg 1, 2 peg 2", "disc 1 asks where")
        self.keys("1")
        self.wait_for(r"State 0001", "disc 1 to peg 1")
        self.keys("3")
        self.wait_for(r"Not allowed: disc 3 may go from peg 0 to peg 1 only when discs 1 and 2 "
                      r"are on peg 2; disc 2 is on peg 0\.", "a refusal in the puzzle's words")
        self.check("\x1b[31m" in self.screen(colours=True), "the refusal is red")
        self.keys("u")
        self.wait_for(r"Undone: disc 1 from peg 0 to peg 1\.", "undo names the disc")
        self.keys("h")
        self.wait_for(r"Hint: disc 1 from peg 0 to peg 1, because disc 1 can always move\.",
                      "a hint in the puzzle's words")
        self.keys(*["+"] * 10)
        self.keys("a")
        self.keys("f")
        self.wait_for(r"Solved in 15 moves with 1 hint, 1 undo and auto-play \(15 of 15 moves\): "
                      r"the optimum\.", "auto-play solves 4 discs in 15 moves")
        # (The title follows the screen's update.)
        self.wait_until(lambda: self.pane("#{pane_title}") ==
                        "rings play: the Towers of Hanoi, 4 discs, solved",
                        f"the window title: {self.pane('#{pane_title}')!r}")
        self.keys("u")
        self.wait_for(r"Undone: disc 1 from peg 1 to peg 2", "the auto-played moves can be undone")
        self.keys("q")
        self.wait_for(r"y quits without saving", "q asks before losing the game")
        self.keys("y")
        self.expect_terminal_back(0, "q, y after the Towers of Hanoi")

        self.start(rings_play(["--puzzle", "elephant", "3"]), width, height)
        self.wait_for(r"State 000", "an elephant game")
        text = flat(self.screen())
        if width >= 80:
            self.check(re.search(r"up \(↑\).*right ·.*down ·", text),
                       "the elephants' three positions")
            self.check("the Crazy Elephant Dance" in text, "the puzzle is named")
        at = None
        for row, line in enumerate(self.screen().split("\n")):
            col = line.rfind("↑")
            if col >= 0 and not line.lstrip().startswith(("Goal", "State")):
                at = (col, row)
                break
        self.check(at is not None, "elephant 1 is drawn")
        self.click_at(*at, sgr=False)
        self.wait_for(r"Moved elephant 1 from up to right\.", "a click turns elephant 1")
        self.wait_for(r"State 001", "the click's move")
        self.keys("f")
        self.wait_for(r"Solved in \d+ moves with auto-play", "finish now")
        self.wait_for(r"(Your first record|Your best) for 3 elephants of the Crazy Elephant Dance",
                      "the record")
        self.keys("q", "y")
        self.expect_terminal_back(0, "q, y after the elephants")

    def test_a_hanoi_game_saved_and_resumed(self):
        """A family game is saved with its puzzle and resumes as it was."""
        hanoi = os.path.join(self.home, "hanoi.txt")
        self.start(rings_play(["--puzzle", "hanoi", "3", "--save", hanoi]))
        self.wait_for(r"State 000", "Hanoi with --save")
        self.keys("1", "2")
        self.wait_for(r"State 002", "disc 1 to peg 2")
        self.keys("q")
        self.expect_terminal_back(0, "q with --save (Hanoi)")
        with open(hanoi, encoding="utf-8") as f:
            saved = f.read()
        self.assertTrue(saved.startswith("rings play save v3\npuzzle hanoi\npieces 3\n") and
                        "disc 1 from peg 0 to peg 2\n" in saved, f"the Hanoi save file:\n{saved}")
        self.start(rings_play(["--load", hanoi]))
        self.wait_for(r"State 002", "resume the Towers of Hanoi")
        self.check("Moves made: 1" in self.screen(), "the move count came back")
        self.keys("u")
        self.wait_for(r"Undone: disc 1 from peg 0 to peg 2\.", "undo after resuming")
        self.keys("q")
        self.expect_terminal_back(0, "q after resuming Hanoi")


# strace holds a system call for as long as a test needs: a frame stays on the screen, or a
# save stops between its write and its rename, without any timing in the test.
STRACE = shutil.which("strace")


def strace_works():
    return STRACE and tool_works(STRACE, "-qq", "-o", "/dev/null", "true")


# LeakSanitizer cannot run under ptrace (the sanitize preset's ctest asks for it): a traced game
# leaves it out.
UNDER_STRACE_ENV = [f"ASAN_OPTIONS={os.environ.get('ASAN_OPTIONS', '')}:detect_leaks=0"]


class Moments(PlayTest):
    def test_a_tiny_terminal(self):
        """Below a usable size the game says so, and q still leaves."""
        self.start(rings_play(["5"]), 15, 5)
        self.wait_for(r"Too small \(15x5\)", "a tiny terminal is told so")
        self.keys("q")
        self.expect_terminal_back(0, "q in a tiny terminal")

    @unittest.skipUnless(strace_works(), "needs strace, allowed to trace its child")
    def test_a_move_is_drawn_on_its_way(self):
        """The frame of a ring halfway is shown for 90 ms; strace holds every return from the
        game's wait for a key or a timeout for 1.5 s, so that frame stays long enough to read."""
        calls = "poll,ppoll,select,pselect6"
        for width, height in [(80, 24), (30, 10)]:
            with self.subTest(size=f"{width}x{height}"):
                self.start(shlex.join([STRACE, "-qq", "-o", "/dev/null", "-e", f"trace={calls}",
                                       "-e", f"inject={calls}:delay_exit=1500ms"]) + " " +
                           rings_play(["5"]), width, height, env=UNDER_STRACE_ENV)
                self.wait_for(r"State 11111", "start (slowed)")
                top_row = self.ring_one_position()[1]
                self.keys("1")
                # Drawn in reverse yellow, in the picture, between its places on and off.
                self.wait_until(self.moving_rows, "a moving ring (reverse yellow) is drawn")
                moving = self.moving_rows()[0]
                self.wait_for(r"Moved ring 1 off", "the move ends")
                self.wait_until(lambda: not self.moving_rows(), "the ring comes to rest")
                off_row = self.ring_one_position()[1]
                if height >= FULL_PICTURE_HEIGHT:  # (the strip has one row for a moving ring)
                    self.check(top_row < moving < off_row,
                               f"the ring is drawn on its way: rows {top_row}, {moving}, {off_row}")
                self.keys("q", "y")
                self.expect_terminal_back(0, "q, y after a slowed move")

    @unittest.skipUnless(strace_works(), "needs strace, allowed to trace its child")
    def test_a_save_killed_mid_way_leaves_nothing_behind_the_next_start(self):
        """kill -9 during a save of a big game: strace stops the game (SIGSTOP) at the save's
        rename, its temporary file written (the second rename: the first is the save at the
        start); then kill -9; the next start removes the file. (strace's delay_enter would hold
        the rename too, but strace 6.1 hangs when its delayed tracee is killed.)"""
        path = os.path.join(self.home, "big.txt")
        # 16 rings from all on to all off: 43,690 moves, about 500 kB of save file.
        solution = subprocess.run([RINGS, "solve", "16"], capture_output=True, text=True,
                                  check=True).stdout
        steps = [line.split(": ", 1)[1] for line in solution.splitlines()]
        with open(path, "w", encoding="utf-8") as f:
            f.write("rings play save v2\nrings 16\nmode single\nstart " + "1" * 16 + "\ngoal " +
                    "0" * 16 + f"\ncursor {len(steps) - 1}\nsteps {len(steps)}\n" +
                    "".join(s + "\n" for s in steps) + "aids 0 0 0\nend\n")
        size = os.path.getsize(path)
        renames = "rename,renameat,renameat2"
        self.start(shlex.join([STRACE, "-qq", "-o", "/dev/null", "-e", f"trace={renames}", "-e",
                               f"inject={renames}:error=EIO:signal=SIGSTOP:when=2", RINGS, "play",
                               "--load", path]), env=UNDER_STRACE_ENV)
        self.wait_for(r"State 0{15}1", "the big game, one move from the goal")
        self.keys("s")
        prefix = ".big.txt.rings-tmp-"

        def temporaries():
            return [n for n in os.listdir(self.home) if n.startswith(prefix)]

        self.wait_until(lambda: any(os.path.getsize(os.path.join(self.home, n)) >= size
                                    for n in temporaries()), "the save's temporary file")
        os.kill(self.game_pid(), signal.SIGKILL)
        self.wait_for(r"EXIT=137\b", "kill -9 (strace dies of the same signal)")
        self.assertEqual(len(temporaries()), 1, "kill -9 leaves the temporary file")
        with open(path, encoding="utf-8") as f:
            self.assertEqual(len(f.read()), size, "the save file is the old game, whole")
        self.start(rings_play(["--load", path]))
        self.wait_for(r"State 0{15}1", "the next start")
        self.assertEqual(temporaries(), [], "the next start removes the stale temporary file")
        self.keys("q")
        self.expect_terminal_back(0, "q after the kill")


class Load(unittest.TestCase):
    def test_load_refuses_fifos_big_and_foreign_files(self):
        """At once, before taking the terminal (so no size matters)."""
        with tempfile.TemporaryDirectory() as tmp:
            fifo = os.path.join(tmp, "fifo")
            os.mkfifo(fifo)
            big = os.path.join(tmp, "big.txt")
            with open(big, "w", encoding="utf-8") as f:
                f.write("rings play save v2\n")
            os.truncate(big, 200 << 20)  # sparse
            foreign = os.path.join(tmp, "foreign.txt")
            with open(foreign, "w", encoding="utf-8") as f:
                f.write("hello\n")
            for file, error in [(fifo, r"is not a regular file \(a FIFO\)"),
                                (big, r"is 209715200 bytes, more than the \d+ bytes"),
                                (foreign, r"it is not a rings play save file")]:
                with self.subTest(file=os.path.basename(file)):
                    run = subprocess.run([RINGS, "play", "--load", file], capture_output=True,
                                         text=True, timeout=PATIENCE_S, stdin=subprocess.DEVNULL)
                    self.assertEqual(run.returncode, 2, run.stderr)
                    self.assertRegex(run.stderr, r"\Arings: error: --load: '" + re.escape(file) +
                                     "'?:? ?" + error)


if __name__ == "__main__":
    RINGS = os.path.abspath(sys.argv[1])
    unittest.main(argv=sys.argv[:1], verbosity=2)
