"""rings as an installed library: `cmake --install` into a fresh prefix, then the example
consumer (examples/consumer) built against it with find_package(rings) and, separately, with
pkg-config; both must print what the installed `rings` CLI prints. Also checks that the man
page, the bash completion and (when built) the Python module are installed and usable.

Usage: consumer_test.py BUILD_DIR CONSUMER_SOURCE_DIR [PYTHON_FOR_MODULE]
"""
import glob
import os
import subprocess
import sys
import tempfile
import unittest

BUILD, CONSUMER = sys.argv[1], sys.argv[2]
PYTHON = sys.argv[3] if len(sys.argv) > 3 else ""


def run(*args, env=None):
    p = subprocess.run(list(args), capture_output=True, text=True, env=env)
    if p.returncode != 0:
        raise AssertionError(f"{' '.join(args)}: status {p.returncode}\n{p.stdout}\n{p.stderr}")
    return p.stdout


class InstalledPackage(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="rings-install-")
        cls.prefix = os.path.join(cls.tmp.name, "prefix")
        run("cmake", "--install", BUILD, "--prefix", cls.prefix)
        cls.cli = os.path.join(cls.prefix, "bin", "rings")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def expected(self, n, k):
        """What the installed CLI prints: rings count N, then rings solve N | head -K."""
        count = run(self.cli, "count", str(n))
        with subprocess.Popen([self.cli, "solve", str(n)], stdout=subprocess.PIPE, text=True) as p:
            moves = "".join(p.stdout.readline() for _ in range(k))
            p.kill()
        return count + moves

    def test_cmake_package(self):
        build = os.path.join(self.tmp.name, "consumer-cmake")
        run("cmake", "-S", CONSUMER, "-B", build, f"-DCMAKE_PREFIX_PATH={self.prefix}",
            "-DCMAKE_BUILD_TYPE=Release")
        run("cmake", "--build", build)
        for n, k in [(9, 3), (100, 5)]:
            self.assertEqual(run(os.path.join(build, "consumer"), str(n), str(k)),
                             self.expected(n, k))

    def test_pkg_config(self):
        env = dict(os.environ, PKG_CONFIG_PATH=os.pathsep.join(
            glob.glob(os.path.join(self.prefix, "**", "pkgconfig"), recursive=True)))
        flags = run("pkg-config", "--cflags", "--libs", "rings", env=env).split()
        # Relocated: the paths are those of the prefix, found from where rings.pc is.
        include = [os.path.normpath(f[2:]) for f in flags if f.startswith("-I")]
        self.assertIn(os.path.join(self.prefix, "include"), include)
        exe = os.path.join(self.tmp.name, "consumer-pkg-config")
        run("c++", "-std=c++20", "-O2", os.path.join(CONSUMER, "main.cpp"), "-o", exe, *flags)
        self.assertEqual(run(exe, "9", "4"), self.expected(9, 4))

    def test_man_page_and_completion(self):
        man = os.path.join(self.prefix, "share", "man", "man1", "rings.1")
        page = run("man", "-l", man, env=dict(os.environ, MANWIDTH="100", MAN_KEEP_FORMATTING=""))
        self.assertIn("rings verify", page)
        completion = os.path.join(self.prefix, "share", "bash-completion", "completions", "rings")
        script = f'source "{completion}"; COMP_WORDS=("{self.cli}" so); COMP_CWORD=1; _rings; ' \
                 'printf "%s\\n" "${COMPREPLY[@]}"'
        self.assertEqual(run("bash", "-c", script).split(), ["solve"])

    @unittest.skipUnless(PYTHON, "the Python module is not built")
    def test_python_module(self):
        # The module is a package: rings/ with the extension _rings inside.
        found = glob.glob(os.path.join(self.prefix, "lib", "python3*", "dist-packages", "rings"))
        self.assertEqual(len(found), 1, found)
        env = dict(os.environ, PYTHONPATH=os.path.dirname(found[0]))
        out = run(PYTHON, "-c", "import rings; print(rings.count(9)['count'], rings.__file__)", env=env)
        self.assertEqual(out.split()[0], run(self.cli, "count", "9").strip())
        self.assertTrue(out.split()[1].startswith(self.prefix))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
