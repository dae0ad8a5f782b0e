#!/usr/bin/env python3
"""Drives the real `rings play` in a tmux terminal of 80x24, as a player would: keys in with
send-keys, the screen read back with capture-pane.

Checks that an illegal move is explained, auto-play reaches "solved", q and Ctrl-C give the
terminal back (main screen, cursor shown, line editing and echo on), and a saved game resumes
exactly while a foreign file is refused.

Usage: tmux_test.py PATH/TO/rings
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

RINGS = os.path.abspath(sys.argv[1])
SERVER = f"rings-play-test-{os.getpid()}"
# A generous limit so that a broken game fails the test instead of hanging it; no step is
# expected to take more than a fraction of it.
PATIENCE_S = 60

failures = []
session = {"name": "", "count": 0}  # the tmux session the current scenario runs in


def tmux(*args):
    return subprocess.run(["tmux", "-L", SERVER, "-f", "/dev/null", *args], check=True,
                          capture_output=True, text=True).stdout


def screen():
    return tmux("capture-pane", "-p", "-J", "-t", session["name"])


def start(command):
    """Runs `command` in a fresh 80x24 terminal; afterwards the shell reports the exit status
    and the terminal's modes, and waits."""
    previous = session["name"]
    session["count"] += 1
    session["name"] = f"play{session['count']}"
    # The shell survives Ctrl-C (a trapped signal is default again in the game) to report.
    script = f"trap : INT; {command}; echo EXIT=$?; stty -a; exec sleep 3600"
    tmux("new-session", "-d", "-s", session["name"], "-x", "80", "-y", "24",
         "env", "LANG=C.UTF-8", "sh", "-c", script)
    if previous:  # after the new one starts, so that the server stays up
        tmux("kill-session", "-t", previous)


def wait_for(text, what):
    """Waits until `text` (a regular expression) is on the screen; records a failure if it never
    comes."""
    deadline = time.monotonic() + PATIENCE_S
    while time.monotonic() < deadline:
        if re.search(text, screen()):
            return True
        time.sleep(0.05)
    failures.append(f"{what}: never saw /{text}/ on the screen:\n{screen()}")
    return False


def keys(*ks):
    tmux("send-keys", "-t", session["name"], *ks)


def check(condition, what):
    if not condition:
        failures.append(f"{what}\n{screen()}")


def alternate_screen_on():
    return tmux("display-message", "-p", "-t", session["name"], "#{alternate_on}").strip() == "1"


def cursor_shown():
    return tmux("display-message", "-p", "-t", session["name"], "#{cursor_flag}").strip() == "1"


def expect_terminal_back(status, what):
    if not wait_for(rf"EXIT={status}\b", f"{what}: exit status {status}"):
        return
    wait_for(r"\bicanon\b", f"{what}: stty output")
    text = screen()
    check(not alternate_screen_on(), f"{what}: still on the game's (alternate) screen")
    check(cursor_shown(), f"{what}: the cursor is still hidden")
    check(re.search(r"(?<![-\w])icanon\b", text), f"{what}: line editing (icanon) is off")
    check(re.search(r"(?<![-\w])echo\b", text), f"{what}: echo is off")


def rings_play(args):
    return shlex.join([RINGS, "play", *args])


def main():
    # An illegal move is refused with the rule, and nothing moves.
    start(rings_play(["5"]))
    if wait_for(r"State  11111", "start"):
        check(alternate_screen_on(), "the game should use the alternate screen")
        keys("3")
        wait_for(r"Not allowed: ring 3 needs ring 2 on and ring 1 off; ring 1 is on",
                 "illegal move")
        check("State  11111" in screen() and "Moves made: 0" in screen(),
              "an illegal move changed the game")
        # Auto-play, at full speed, reaches the goal in the optimal 21 moves.
        keys(*["+"] * 10)
        keys("a")
        wait_for(r"Solved in 21 moves: the optimum", "auto-play")
        check("State  00000" in screen() and "Moves made: 21" in screen(),
              "auto-play did not end at 00000 after 21 moves")
        keys("q")
        expect_terminal_back(0, "q")

    # Ctrl-C also gives the terminal back (status 130, as for any program stopped by SIGINT).
    start(rings_play(["7", "--from", "1010101"]))
    if wait_for(r"State  1010101", "start with --from"):
        keys("C-c")
        expect_terminal_back(130, "Ctrl-C")

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.txt")
        # A game saved on leaving resumes exactly: state, count and undo history.
        start(rings_play(["5", "--save", path]))
        if wait_for(r"State  11111", "start with --save"):
            keys("1")
            keys("3")
            wait_for(r"State  11010", "two moves")
            keys("q")
            expect_terminal_back(0, "q with --save")
            with open(path, encoding="utf-8") as f:
                check(f.readline() == "rings play save v1\n", "the save file's header")
        start(rings_play(["--load", path]))
        if wait_for(r"State  11010", "resume with --load"):
            check("Moves made: 2" in screen(), "the move count did not come back")
            keys("u")
            wait_for(r"State  11110", "undo after resuming")
            keys("q")
            expect_terminal_back(0, "q after --load")

        # A foreign file is refused before the terminal is taken.
        with open(path, "w", encoding="utf-8") as f:
            f.write("hello\n")
        start(rings_play(["--load", path]))
        wait_for(r"rings: error: --load: '.*': it is not a rings play save file", "foreign file")
        wait_for(r"EXIT=2\b", "foreign file: exit status")

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
