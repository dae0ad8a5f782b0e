#!/usr/bin/env python3
"""A straightforward Gray-code script, for comparison with
`rings solve N --from off --to on --format states`: the same lines (default N = 20).

    python3 bench/baselines/gray_states.py 20 | cmp - <(rings solve 20 --from off --to on --format states)
"""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
# The position of all-on on the Gray path: the inverse Gray code of 2^n - 1.
last, g = 0, (1 << n) - 1
while g:
    last ^= g
    g >>= 1
out = sys.stdout
for i in range(last + 1):
    out.write(format(i ^ (i >> 1), f"0{n}b") + "\n")
