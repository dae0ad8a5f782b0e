#!/usr/bin/env python3
"""The built program and plugins carry the hardening Debian builds with (CMakeLists.txt,
RINGS_HARDENING): read from the ELF files, so the test fails when a flag is dropped.

- PIE: the program's ELF type is DYN (a position-independent executable), not EXEC;
- RELRO and BIND_NOW (-Wl,-z,relro,-z,now): a GNU_RELRO segment, and BIND_NOW or FLAGS NOW;
- the stack protector (-fstack-protector-strong): a call to __stack_chk_fail;
- _FORTIFY_SOURCE=2: at least one of glibc's checked functions (__memcpy_chk, __printf_chk…).

Usage: hardening_test.py [--no-fortify] FILE...   (--no-fortify: a Debug build, not optimised)
"""
import re
import subprocess
import sys
import unittest

FILES = []
FORTIFY = True


def readelf(*args):
    return subprocess.run(["readelf", "-W", *args], capture_output=True, text=True, timeout=60,
                          check=True).stdout


class Hardening(unittest.TestCase):
    def test_every_file(self):
        self.assertTrue(FILES, "no file given")
        for path in FILES:
            with self.subTest(path):
                header = readelf("-h", path)
                dynamic = readelf("-d", path)
                segments = readelf("-l", path)
                symbols = readelf("--dyn-syms", "-s", path)
                kind = re.search(r"Type:\s+(\w+)", header).group(1)
                self.assertEqual(kind, "DYN", f"{path}: ELF type {kind}, not DYN (PIE)")
                self.assertIn("GNU_RELRO", segments, f"{path}: no GNU_RELRO segment (-z relro)")
                self.assertTrue("BIND_NOW" in dynamic or re.search(r"\(FLAGS\).*\bNOW\b", dynamic),
                                f"{path}: no BIND_NOW (-z now)")
                self.assertIn("__stack_chk_fail", symbols,
                              f"{path}: no __stack_chk_fail (-fstack-protector-strong)")
                checked = set(re.findall(r"\b(__\w+_chk)\b", symbols)) - {"__stack_chk_fail"}
                if FORTIFY:
                    self.assertTrue(checked, f"{path}: no __*_chk function (_FORTIFY_SOURCE=2)")
                print(f"{path}: PIE, RELRO, BIND_NOW, stack protector, "
                      f"{len(checked)} checked functions ({', '.join(sorted(checked)[:4])}…)")


if __name__ == "__main__":
    FORTIFY = "--no-fortify" not in sys.argv
    FILES = [a for a in sys.argv[1:] if a != "--no-fortify"]
    unittest.main(argv=sys.argv[:1], verbosity=2)
