#!/usr/bin/env python3
"""Drives the real `rings play` in tmux terminals of 30x10, 40x15, 80x24 and 200x50, as a player
would: keys and mouse clicks in with send-keys, the screen (with its colours) read back with
capture-pane.

Checks, at every size: an illegal move is explained in full, the state and the count stay
visible, rings are coloured, a click moves a ring, Ctrl-L repaints, the window title follows the
game, auto-play waits behind the help, pauses and finishes now, and q asks before losing the
game. Then: the ring window of 1000 rings (typed numbers, Home, End, PgUp), a double-move hint,
records, q in the new-game prompt, undoing a new game, a failed save on quit, every stopping
signal (terminal back, game saved), NO_COLOR and a monochrome terminal, the cursor while typing,
and --load refusing FIFOs, big files and foreign files.

Every run gets a private HOME and XDG_STATE_HOME. Usage: tmux_test.py PATH/TO/rings
"""
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time

RINGS = os.path.abspath(sys.argv[1])
SERVER = f"rings-play-test-{os.getpid()}"
# A generous limit so that a broken game fails the test instead of hanging it; no step is
# expected to take more than a fraction of it.
PATIENCE_S = 20
SIZES = [(30, 10), (40, 15), (80, 24), (200, 50)]

failures = []
session = {"name": "", "count": 0, "size": ""}  # the tmux session the current scenario runs in
HOME = tempfile.mkdtemp(prefix="rings-play-home-")
STATE = os.path.join(HOME, "state")


def tmux(*args):
    return subprocess.run(["tmux", "-L", SERVER, "-f", "/dev/null", *args], check=True,
                          capture_output=True, text=True).stdout


def screen(colours=False):
    # With the lines scrolled away (the shell's report after the game is longer than a small
    # terminal); the game's alternate screen has none.
    return tmux("capture-pane", "-p", "-S", "-100", *(["-e"] if colours else []), "-t",
                session["name"])


def flat(text):
    """The screen's words, each run of spaces and line ends one space: wrapped text reads whole."""
    return re.sub(r"\s+", " ", text)


def start(command, width=80, height=24, term="tmux-256color", env=()):
    """Runs `command` in a fresh terminal; afterwards the shell reports the exit status and the
    terminal's modes, and waits."""
    previous = session["name"]
    session["count"] += 1
    session["name"] = f"play{session['count']}"
    session["size"] = f"{width}x{height}"
    # The shell survives Ctrl-C (a trapped signal is default again in the game) to report.
    script = f"trap : INT; {command}; printf '\\nEXIT=%s\\n' $?; stty -a; exec sleep 3600"
    tmux("new-session", "-d", "-s", session["name"], "-x", str(width), "-y", str(height),
         "env", "LANG=C.UTF-8", f"TERM={term}", f"HOME={HOME}", f"XDG_STATE_HOME={STATE}",
         *env, "sh", "-c", script)
    if previous:  # after the new one starts, so that the server stays up
        tmux("kill-session", "-t", previous)


def wait_for(text, what, colours=False):
    """Waits until `text` (a regular expression, on the flattened screen) shows; records a
    failure if it never comes."""
    deadline = time.monotonic() + PATIENCE_S
    while time.monotonic() < deadline:
        if re.search(text, flat(screen(colours))):
            return True
        time.sleep(0.05)
    failures.append(f"{session['size']}: {what}: never saw /{text}/ on the screen:\n{screen()}")
    return False


def keys(*ks):
    tmux("send-keys", "-t", session["name"], *ks)


def literal(text):
    tmux("send-keys", "-t", session["name"], "-l", text)


def check(condition, what):
    if not condition:
        failures.append(f"{session['size']}: {what}\n{screen()}")


def pane(fmt):
    return tmux("display-message", "-p", "-t", session["name"], fmt).strip()


def game_pid():
    """The pid of rings play: the child of the pane's shell."""
    shell = pane("#{pane_pid}")
    deadline = time.monotonic() + PATIENCE_S
    while time.monotonic() < deadline:
        out = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True).stdout
        for pid in out.split():
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if f.read().startswith(RINGS.encode()):
                        return int(pid)
            except OSError:
                pass
        time.sleep(0.05)
    failures.append(f"no rings play process under the shell {shell}")
    return None


def expect_terminal_back(status, what):
    if not wait_for(rf"EXIT={status}\b", f"{what}: exit status {status}"):
        return
    wait_for(r"\bicanon\b", f"{what}: stty output")
    text = screen()
    check(pane("#{alternate_on}") != "1", f"{what}: still on the game's (alternate) screen")
    check(pane("#{cursor_flag}") == "1", f"{what}: the cursor is still hidden")
    check(re.search(r"(?<![-\w])icanon\b", text), f"{what}: line editing (icanon) is off")
    check(re.search(r"(?<![-\w])echo\b", text), f"{what}: echo is off")


def rings_play(args):
    return shlex.join([RINGS, "play", *args])


def click_at(col, row, sgr):
    """A left click (press and release) at 0-based (col, row): in SGR mouse encoding (xterm's
    terminfo asks for it), or in the classic X10 one (tmux's)."""
    if sgr:
        literal(f"\x1b[<0;{col + 1};{row + 1}M")
        literal(f"\x1b[<0;{col + 1};{row + 1}m")
    else:
        for button in (0, 3):  # press, release
            tmux("send-keys", "-t", session["name"], "-H", "1b", "5b", "4d",
                 *(f"{32 + v:02x}" for v in (button, col + 1, row + 1)))


def ring_one_position():
    """Where ring 1 is drawn: the rightmost ring box corner or strip ring above the state."""
    lines = screen().split("\n")
    best = None
    for row, line in enumerate(lines):
        if line.lstrip().startswith("State"):
            break
        for ch in "╮●○":
            col = line.rfind(ch)
            if col >= 0 and (best is None or col > best[0]):
                best = (col, row)
    return best


def each_size(width, height, term):
    """One game of 5 rings at this size: feedback, colours, mouse, repaint, title, help,
    auto-play, quit."""
    start(rings_play(["5"]), width, height, term)
    if not wait_for(r"State 11111", "start"):
        return
    check(pane("#{alternate_on}") == "1", "the game should use the alternate screen")
    keys("3")
    wait_for(r"Not allowed: ring 3 needs ring 2 on and ring 1 off; ring 1 is on\.",
             "an illegal move is explained in full")
    text = flat(screen())
    check("State 11111" in text and "21" in text, "the state and the count stay visible")
    coloured = screen(colours=True)
    check("\x1b[31m" in coloured, "the refusal (or the ring that blocks) is red")
    check("\x1b[32m" in coloured, "rings on the shuttle are green")
    check("\x1b[33m" in coloured, "the selected ring is yellow")
    check("\x1b[35m" in coloured, "the goal marks are magenta")
    if height >= 15:  # the full picture's chain (the strip has no base to mark it on)
        check("\x1b[36m" in coloured or width < 80, "the rule's chain is cyan")
    # Where no key bar fits, the title's corner still names the help key.
    check("? help" in screen(), "the help key is named")
    if height >= 24:
        check("Cleve 0 (Cleve Moler's decimal state)" in flat(screen()), "the decimal state")
        check("Goal 00000 (all off)" in flat(screen()), "the goal")
    box_widths[width] = max((len(m.group(0)) for m in re.finditer(r"╭─*╮", screen())),
                            default=0)
    # A click on ring 1 moves it.
    at = ring_one_position()
    check(at is not None, "ring 1 is drawn")
    if at:
        click_at(*at, sgr=term.startswith("xterm"))
        wait_for(r"State 11110", "a click on ring 1 takes it off")
        check("Moved ring 1 off" in flat(screen()), "the click's move is reported")
    wait_for(r".", "title")
    check(pane("#{pane_title}") == "rings play: 5 rings, 20 moves to go",
          f"the window title: {pane('#{pane_title}')!r}")
    # Ctrl-L repaints what something else wrote over the game.
    with open(pane("#{pane_tty}"), "w") as tty:
        tty.write("\x1b[1;1HGARBAGE-ON-THE-SCREEN")
    wait_for(r"GARBAGE-ON-THE-SCREEN", "the stray text shows")
    keys("C-l")
    deadline = time.monotonic() + PATIENCE_S
    while "GARBAGE" in screen() and time.monotonic() < deadline:
        time.sleep(0.05)
    check("GARBAGE" not in screen() and "State" in screen(), "Ctrl-L repaints the screen")
    # The key bar follows the mode where there is room for it.
    if height >= 15:
        check("h hint" in flat(screen()), "the key bar shows the play keys")
    # Auto-play at full speed would finish 5 rings at once: behind the help it waits.
    keys(*["+"] * 10)
    literal("a?")
    wait_for(r"Keys", "the help")
    time.sleep(0.5)  # 21 moves at 10 ms each would be done by now, were it not waiting
    literal("xp")
    wait_for(r"Auto-play paused", "p pauses auto-play")
    moves = re.search(r"Moves(?: made)?:? (\d+)", flat(screen()))
    check(moves and int(moves.group(1)) <= 3 and "Solved" not in screen(),
          "auto-play went on behind the help")
    if height >= 15:
        check("p go on" in flat(screen()) and "f finish now" in flat(screen()),
              "the key bar shows the auto-play keys")
    keys("f")
    wait_for(r"Solved in 21 moves with auto-play \(\d+ of 21 moves\)", "f finishes now")
    check("perfect" not in screen(), "an auto-played game is not called perfect")
    # Unsaved moves: q asks first; another key stays; y leaves.
    keys("q")
    wait_for(r"y quits without saving", "q asks before losing the game")
    keys("x")
    wait_for(r"Still playing", "any other key stays")
    keys("q")
    wait_for(r"y quits without saving", "q asks again")
    keys("y")
    expect_terminal_back(0, "q, y")


box_widths = {}  # the widest ring box drawn at each width


def puzzle_games(width, height):
    """The family in the game: the picker opens the Towers of Hanoi; its discs on their pegs, the
    destination question, a refusal, undo and a hint in its words, auto-play to the goal; then an
    elephant game: the positions named, a click, finish now, the record."""
    start(rings_play([]), width, height)
    if not wait_for(r"State 11111", "start for the picker"):
        return
    keys("m")
    wait_for(r"1 rings .* 5 elephant .* 6 hanoi", "the picker lists the puzzles")
    keys("6")
    wait_for(r"How many discs\? \(Enter: 5\)", "the picker asks the piece count")
    keys("4", "Enter")
    wait_for(r"State 0000", "a Towers of Hanoi game")
    text = flat(screen())
    check("peg 0" in text and "peg 2" in text, "the pegs are drawn")
    if width >= 80:
        check("the Towers of Hanoi" in text, "the puzzle is named")
        check(re.search(r"█1█.*██2██.*███3███.*████4████", text), "the discs stacked on peg 0")
    keys("1")
    wait_for(r"Where to\? Disc 1 can go to 1 peg 1, 2 peg 2", "disc 1 asks where")
    keys("1")
    wait_for(r"State 0001", "disc 1 to peg 1")
    keys("3")
    wait_for(r"Not allowed: disc 3 may go from peg 0 to peg 1 only when discs 1 and 2 are on "
             r"peg 2; disc 2 is on peg 0\.", "a refusal in the puzzle's words")
    check("\x1b[31m" in screen(colours=True), "the refusal is red")
    keys("u")
    wait_for(r"Undone: disc 1 from peg 0 to peg 1\.", "undo names the disc")
    keys("h")
    wait_for(r"Hint: disc 1 from peg 0 to peg 1, because disc 1 can always move\.",
             "a hint in the puzzle's words")
    keys(*["+"] * 10)
    keys("a")
    keys("f")
    wait_for(r"Solved in 15 moves with 1 hint, 1 undo and auto-play \(15 of 15 moves\): the "
             r"optimum\.", "auto-play solves 4 discs in 15 moves")
    check(pane("#{pane_title}") == "rings play: the Towers of Hanoi, 4 discs, solved",
          f"the window title: {pane('#{pane_title}')!r}")
    keys("u")
    wait_for(r"Undone: disc 1 from peg 1 to peg 2", "the auto-played moves can be undone")
    keys("q")
    wait_for(r"y quits without saving", "q asks before losing the game")
    keys("y")
    expect_terminal_back(0, "q, y after the Towers of Hanoi")

    start(rings_play(["--puzzle", "elephant", "3"]), width, height)
    if not wait_for(r"State 000", "an elephant game"):
        return
    text = flat(screen())
    if width >= 80:
        check(re.search(r"up \(↑\).*right ·.*down ·", text), "the elephants' three positions")
        check("the Crazy Elephant Dance" in text, "the puzzle is named")
    at = None
    for row, line in enumerate(screen().split("\n")):
        col = line.rfind("↑")
        if col >= 0 and not line.lstrip().startswith(("Goal", "State")):
            at = (col, row)
            break
    check(at is not None, "elephant 1 is drawn")
    if at:
        click_at(*at, sgr=False)
        wait_for(r"Moved elephant 1 from up to right\.", "a click turns elephant 1")
        wait_for(r"State 001", "the click's move")
    keys("f")
    wait_for(r"Solved in \d+ moves with auto-play", "finish now")
    wait_for(r"(Your first record|Your best) for 3 elephants of the Crazy Elephant Dance",
             "the record")
    keys("q", "y")
    expect_terminal_back(0, "q, y after the elephants")


def main():
    for width, height in SIZES:
        each_size(width, height, "tmux-256color")
    check(box_widths.get(200, 0) > box_widths.get(80, 0) > 0,
          f"a big terminal draws bigger rings: {box_widths}")
    for width, height in [(80, 24), (30, 10)]:
        puzzle_games(width, height)
    each_size(80, 24, "xterm-256color")  # SGR mouse reports, xterm's title

    # Below a usable size the game says so, and q still leaves.
    start(rings_play(["5"]), 15, 5)
    wait_for(r"Too small \(15x5\)", "a tiny terminal is told so")
    keys("q")
    expect_terminal_back(0, "q in a tiny terminal")

    # 1000 rings: a window of them; a typed number jumps; Home, End, PgUp.
    for width, height in [(80, 24), (200, 50)]:
        start(rings_play(["1000"]), width, height)
        if wait_for(r"Ring 1 selected", "1000 rings"):
            literal("401")
            wait_for(r"Ring 401 selected \(on\) · off-screen: 1000–\d+ ◀ ▶ \d+–1", "ring 401")
            check(re.search(r"\b401\b", screen()), "ring 401's number is drawn")
            keys("Home")
            wait_for(r"Ring 1000 selected \(on\) · off-screen: ▶ \d+–1", "Home")
            keys("End")
            wait_for(r"Ring 1 selected \(on\) · off-screen: 1000–\d+ ◀", "End")
            keys("PPage")
            wait_for(r"Ring (19|[2-9]\d) selected", "PgUp moves a screenful")
            keys(" ")  # ring 19 (or so) cannot move from all on
            wait_for(r"Not allowed: ring \d+ needs", "space on a blocked ring")
            keys("q")
            expect_terminal_back(0, "q with 1000 rings and no moves")

    # A double-move hint selects the pair, and space follows it (in a small terminal too).
    for width, height in [(80, 24), (30, 10)]:
        start(rings_play(["4", "--double", "--from", "0011"]), width, height)
        if wait_for(r"State 0011", "double"):
            keys("h")
            wait_for(r"Hint: rings 1\+2 off", "the pair hint")
            if height >= 24:
                wait_for(r"Rings 1\+2 selected", "the pair is selected")
            keys(" ")
            wait_for(r"State 0000", "space plays the pair")
            if height >= 24:  # (a small terminal gives the room to the solved line)
                check("On an optimal path: yes" in flat(screen()), "still on the optimal path")
            wait_for(r"Solved in 1 move with 1 hint: the optimum\.", "solved with a hint")

    # Records: a perfect game by hand, kept under XDG_STATE_HOME; then a worse one.
    records = os.path.join(STATE, "rings", "records")
    start(rings_play(["2"]))
    if wait_for(r"State 11", "2 rings"):
        keys("2", "1")
        wait_for(r"Solved in 2 moves by hand: the optimum\. A perfect game!", "by hand")
        wait_for(r"Your first record for 2 rings\.", "the first record")
        check(os.path.exists(records), f"no records file at {records}")
        # q in the new-game prompt is typing; a new game can be undone.
        keys("n")
        wait_for(r"Start:", "the new-game prompt")
        check(pane("#{cursor_flag}") == "1", "the cursor shows while typing a state")
        keys("q")
        wait_for(r"Start: q", "q is typed into the prompt")
        keys("BSpace", "0", "1", "Enter")
        wait_for(r"New game from 01", "the typed game")
        check(pane("#{cursor_flag}") == "0", "the cursor is hidden again")
        keys("u")
        wait_for(r"Undone: the new game", "the new game is undone")
        check("State 00" in flat(screen()), "back to the solved game")
        keys("R")
        wait_for(r"State 11", "R resets to the start")
        keys("1", "1", "2", "1")  # 4 moves where 2 would do
        wait_for(r"Your best for 2 rings: 2 moves by hand \(the optimum\)\.", "not a record")
        keys("q", "y")
        expect_terminal_back(0, "q, y after the records")
    with open(records, encoding="utf-8") as f:
        # The games above: 5 rings (a click, then auto-play), 4 Hanoi discs and 3 elephants, 4
        # rings with a hint, 2 by hand.
        text = f.read()
        check(re.fullmatch(r"rings play records v1\n"
                           r"rings 5 single moves 21 optimum 21 hints 0 undos 0 auto 20\n"
                           r"hanoi 4 single moves 15 optimum 15 hints 1 undos 1 auto 15\n"
                           r"elephant 3 single moves (\d+) optimum \1 hints 0 undos 0 auto \d+\n"
                           r"rings 4 double moves 1 optimum 1 hints 1 undos 0 auto 0\n"
                           r"rings 2 single moves 2 optimum 2 hints 0 undos 0 auto 0\n", text),
              f"the records file:\n{text}")

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.txt")
        # A stale temporary file of a save killed with kill -9 (its process is gone) is removed.
        dead = subprocess.Popen(["true"])
        dead.wait()
        stale = os.path.join(tmp, f".game.txt.rings-tmp-{dead.pid}-abcdef")
        with open(stale, "w", encoding="utf-8") as f:
            f.write("x" * 100000)
        # A game saved on leaving resumes exactly: state, count and undo history.
        start(rings_play(["5", "--save", path]))
        if wait_for(r"State 11111", "start with --save"):
            check(not os.path.exists(stale), "the stale temporary file is still there")
            keys("1")
            keys("3")
            wait_for(r"State 11010", "two moves")
            keys("q")  # saved: no question
            expect_terminal_back(0, "q with --save")
            with open(path, encoding="utf-8") as f:
                check(f.readline() == "rings play save v2\n", "the save file's header")
        start(rings_play(["--load", path]))
        if wait_for(r"State 11010", "resume with --load"):
            check("Moves made: 2" in screen(), "the move count did not come back")
            keys("u")
            wait_for(r"Undone: ring 3 off\.", "undo says which move")
            wait_for(r"State 11110", "undo after resuming")
            keys("r")
            wait_for(r"Redone: ring 3 off\.", "redo says which move")
            # Saving fails on the way out: the game stays and says so; once fixed, q saves.
            os.rename(path, path + ".moved")
            os.mkdir(path)
            keys("q")
            wait_for(r"cannot (save to|write) .*; the game is not saved and still here\. y quits",
                     "a failed save on quit")
            keys("x")
            wait_for(r"Still playing", "the game stays")
            os.rmdir(path)
            keys("q")
            expect_terminal_back(0, "q once saving works again")
            with open(path, encoding="utf-8") as f:
                check("cursor 2\n" in f.read(), "the game was saved on the second q")

        # A family game is saved with its puzzle and resumes as it was.
        hanoi = os.path.join(tmp, "hanoi.txt")
        start(rings_play(["--puzzle", "hanoi", "3", "--save", hanoi]))
        if wait_for(r"State 000", "Hanoi with --save"):
            keys("1", "2")
            wait_for(r"State 002", "disc 1 to peg 2")
            keys("q")
            expect_terminal_back(0, "q with --save (Hanoi)")
            with open(hanoi, encoding="utf-8") as f:
                saved = f.read()
                check(saved.startswith("rings play save v3\npuzzle hanoi\npieces 3\n") and
                      "disc 1 from peg 0 to peg 2\n" in saved, f"the Hanoi save file:\n{saved}")
        start(rings_play(["--load", hanoi]))
        if wait_for(r"State 002", "resume the Towers of Hanoi"):
            check("Moves made: 1" in screen(), "the move count came back")
            keys("u")
            wait_for(r"Undone: disc 1 from peg 0 to peg 2\.", "undo after resuming")
            keys("q")
            expect_terminal_back(0, "q after resuming Hanoi")

        # Every stopping signal gives the terminal back and saves the game.
        for name in ["SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGXCPU", "SIGXFSZ",
                     "SIGVTALRM", "SIGTERM", "SIGHUP"]:
            sig = getattr(signal, name)
            game = os.path.join(tmp, f"{name}.txt")
            start(rings_play(["5", "--save", game]))
            if wait_for(r"State 11111", f"start for {name}"):
                keys("1")
                wait_for(r"State 11110", f"a move before {name}")
                pid = game_pid()
                if pid:
                    os.kill(pid, sig)
                    expect_terminal_back(128 + sig, name)
                    with open(game, encoding="utf-8") as f:
                        check("ring 1 off" in f.read(), f"{name}: the game was not saved")

        # Ctrl-C also gives the terminal back (status 130, as for any program stopped by SIGINT).
        start(rings_play(["7", "--from", "1010101"]))
        if wait_for(r"State 1010101", "start with --from"):
            keys("C-c")
            expect_terminal_back(130, "Ctrl-C")

        # --load refuses what would never end or take the memory, and foreign files, at once.
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
            try:
                run = subprocess.run([RINGS, "play", "--load", file], capture_output=True,
                                     text=True, timeout=PATIENCE_S, stdin=subprocess.DEVNULL)
                check(run.returncode == 2 and re.match(r"rings: error: --load: " + "'" +
                                                       re.escape(file) + "'?:? ?" + error,
                                                       run.stderr),
                      f"--load {file}: status {run.returncode}, {run.stderr!r}")
            except subprocess.TimeoutExpired:
                failures.append(f"--load {file} did not return")

    # Colours: none with NO_COLOR, none on a monochrome terminal (bold and reverse instead).
    for term, env in [("xterm-256color", ["NO_COLOR=1"]), ("vt100", [])]:
        start(rings_play(["5"]), term=term, env=env)
        if wait_for(r"State 11111", f"start with {term} {env}"):
            keys("3")
            wait_for(r"Not allowed", "a refusal")
            coloured = screen(colours=True)
            # (39 and 49 are tmux's "default colour" resets.)
            check(not re.search(r"\x1b\[(?:[\d;]*;)?(?:3[0-8]|4[0-8]|9[0-7])(?:;[\d;]*)?m",
                                coloured), f"colours with {term} {env}")
            check("\x1b[1m" in coloured and "\x1b[7m" in coloured,
                  f"no bold or reverse with {term} {env}")
            keys("q")
            expect_terminal_back(0, f"q with {term} {env}")

    subprocess.run(["tmux", "-L", SERVER, "kill-server"], capture_output=True)
    for f in failures:
        print(f"FAIL: {f}", file=sys.stderr)
    if failures:
        sys.exit(1)
    print("ok: rings play in tmux")


if __name__ == "__main__":
    try:
        main()
    finally:
        subprocess.run(["tmux", "-L", SERVER, "kill-server"], capture_output=True)
        subprocess.run(["rm", "-rf", HOME])
