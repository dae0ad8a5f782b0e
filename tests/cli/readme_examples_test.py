#!/usr/bin/env python3
"""Runs every example of the README's ```console blocks and compares the output exactly.

A block holds commands (`$ rings ...`, pipes allowed) each followed by its expected output.
`rings` resolves to the binary under test.
"""
import os
import re
import subprocess
import sys

binary, readme = sys.argv[1], sys.argv[2]
env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(binary)) + os.pathsep + os.environ["PATH"])
blocks = re.findall(r"```console\n(.*?)```", open(readme, encoding="utf-8").read(), re.S)
examples = []
for block in blocks:
    for line in block.splitlines():
        if line.startswith("$ "):
            examples.append([line[2:], []])
        elif examples:
            examples[-1][1].append(line)
failures = 0
for command, expected in examples:
    p = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, env=env,
                       timeout=60, cwd=os.path.dirname(os.path.abspath(readme)))
    got = (p.stdout + p.stderr).decode().splitlines()
    if got != expected:
        failures += 1
        print(f"FAIL: $ {command}\n  expected:\n    " + "\n    ".join(expected) +
              "\n  got:\n    " + "\n    ".join(got))
if not examples:
    print("FAIL: no examples found")
    failures += 1
print(f"{len(examples) - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
