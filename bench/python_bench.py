#!/usr/bin/env python3
"""The Python module's speed targets (docs/performance.md): the solve iterator at
>= 10 M moves/s and verify of a move list at >= 50 M moves/s. Best of a few runs each; never a
test. Run with PYTHONPATH at the built module (bench/run does):
    PYTHONPATH=build/release/python python3 bench/python_bench.py [--rows]
--rows prints tab-separated rows (what, measured, goal, met) for bench/run's table.
"""
import collections
import sys
import time

import rings

N = 24  # 11,184,810 moves
RUNS = 3


def best(function):
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main():
    start, moves = rings.State.all_on(N), rings.count(N)["count"]
    rows = []

    def rate(what, seconds, goal):
        per_second = moves / seconds
        rows.append((what, f"{per_second / 1e6:.1f} M moves/s ({seconds * 1e3:.0f} ms)",
                     f">= {goal} M moves/s", "yes" if per_second >= goal * 1e6 else "NO"))

    def loop():
        for _ in rings.solve(start):
            pass

    rate(f"python: solve({N}) iterator, for loop", best(loop), 10)
    rate(f"python: solve({N}) iterator, deque(maxlen=0)",
         best(lambda: collections.deque(rings.solve(start), maxlen=0)), 10)

    toggles = "".join("1+2\n" if m.get("double") else f"{m['ring']}\n"
                      for m in rings.solve(start))
    moves_text = "".join(f"{i}: ring {m['ring']} {m['to']}\n"
                         for i, m in enumerate(rings.solve(start), 1))
    for name, text in [("toggles", toggles), ("moves", moves_text)]:
        for kind, lines in [("str", text), ("bytes", text.encode()),
                            ("list of str", text.splitlines())]:
            report = rings.verify(lines, start)
            assert report["optimal"], report
            rate(f"python: verify {name} list ({kind})", best(lambda: rings.verify(lines, start)),
                 50)

    if "--rows" in sys.argv:
        for r in rows:
            print("\t".join(r))
        return
    width = max(len(r[0]) for r in rows)
    for r in rows:
        print(f"{r[0]:<{width}}  {r[1]:<28} {r[2]:<18} {r[3]}")


if __name__ == "__main__":
    main()
