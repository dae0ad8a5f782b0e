"""The C++ library alone: a build of rings with RINGS_LIBRARY_ONLY=ON and BUILD_SHARED_LIBS=ON,
where CLI11, ncurses, cpp-httplib, Python, GoogleTest and Google Benchmark are all refused to
CMake, installed into a fresh prefix. The shared libraries have a versioned SONAME and export
only rings:: symbols; fmt reaches no consumer; the consumer example finds the engine with
find_package(rings COMPONENTS engine) and prints what the rings CLI prints.

Usage: library_test.py SOURCE_DIR RINGS_CLI
"""
import glob
import os
import re
import subprocess
import sys
import tempfile
import unittest

SOURCE, CLI = sys.argv[1:3]
VERSION = re.search(r"project\(rings VERSION (\d+)\.(\d+)\.(\d+)",
                    open(os.path.join(SOURCE, "CMakeLists.txt")).read()).groups()
# Packages the library must build without: asking CMake for any of them is an error.
REFUSED = ["CLI11", "Python", "Python3", "pybind11", "GTest", "benchmark", "nlohmann_json"]


def run(*args, **kwargs):
    p = subprocess.run(list(args), capture_output=True, text=True, **kwargs)
    if p.returncode != 0:
        raise AssertionError(f"{' '.join(args)}: status {p.returncode}\n{p.stdout}\n{p.stderr}")
    return p.stdout


class LibraryAlone(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="rings-library-")
        cls.build = os.path.join(cls.tmp.name, "build")
        cls.prefix = os.path.join(cls.tmp.name, "prefix")
        run("cmake", "-S", SOURCE, "-B", cls.build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
            "-DRINGS_LIBRARY_ONLY=ON", "-DBUILD_SHARED_LIBS=ON",
            *[f"-DCMAKE_DISABLE_FIND_PACKAGE_{p}=ON" for p in REFUSED])
        run("cmake", "--build", cls.build)
        run("cmake", "--install", cls.build, "--prefix", cls.prefix)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def library(self, name):
        found = glob.glob(os.path.join(self.prefix, "lib*", "**", f"lib{name}.so.*.*.*"),
                          recursive=True)
        self.assertEqual(len(found), 1, found)
        return found[0]

    def test_no_front_end_dependency_was_looked_for(self):
        with open(os.path.join(self.build, "CMakeCache.txt")) as f:
            cache = f.read()
        for module in ["NCURSESW", "HTTPLIB"]:
            self.assertNotIn(f"{module}_FOUND", cache)
        self.assertEqual(glob.glob(os.path.join(self.prefix, "bin", "*")), [])

    def test_versioned_soname(self):
        for name in ["rings_engine", "rings_render"]:
            with self.subTest(library=name):
                dynamic = run("readelf", "-d", self.library(name))
                soname = re.search(r"\(SONAME\)\s+Library soname: \[(.*)\]", dynamic).group(1)
                self.assertEqual(soname, f"lib{name}.so.{VERSION[0]}.{VERSION[1]}")
                self.assertTrue(os.path.exists(os.path.join(os.path.dirname(self.library(name)),
                                                            soname)))

    def test_only_rings_symbols_are_exported(self):
        for name in ["rings_engine", "rings_render"]:
            symbols = run("nm", "-D", "--defined-only", "-C", self.library(name)).splitlines()
            names = [line.split(" ", 2)[2] for line in symbols if line.count(" ") >= 2]
            with self.subTest(library=name):
                self.assertGreater(len(names), 5)
                self.assertEqual([n for n in names if not n.startswith("rings::")
                                  and n != "RINGS_0"], [])

    def test_fmt_reaches_no_consumer(self):
        for path in glob.glob(os.path.join(self.prefix, "**", "*.cmake"), recursive=True) + \
                glob.glob(os.path.join(self.prefix, "**", "rings.pc"), recursive=True):
            with self.subTest(file=os.path.relpath(path, self.prefix)):
                with open(path) as f:
                    code = [line for line in f if not line.lstrip().startswith("#")]
                self.assertNotIn("fmt", "".join(code))
        for header in glob.glob(os.path.join(self.prefix, "include", "rings", "*.hpp")):
            with self.subTest(header=os.path.basename(header)):
                with open(header) as f:
                    self.assertNotRegex(f.read(), r"#\s*include\s*[<\"]fmt/")

    def test_the_consumer_finds_the_engine_component(self):
        consumer = os.path.join(self.tmp.name, "consumer")
        run("cmake", "-S", os.path.join(SOURCE, "examples", "consumer"), "-B", consumer,
            f"-DCMAKE_PREFIX_PATH={self.prefix}", "-DCMAKE_BUILD_TYPE=Release")
        run("cmake", "--build", consumer)
        exe = os.path.join(consumer, "consumer")
        version = ".".join(VERSION)
        self.assertEqual(run(exe, "--version"), f"{version} {version}\n")
        with subprocess.Popen([CLI, "solve", "100"], stdout=subprocess.PIPE, text=True) as p:
            moves = "".join(p.stdout.readline() for _ in range(4))
            p.kill()
        self.assertEqual(run(exe, "100", "4"), run(CLI, "count", "100") + moves)
        # Linked against the shared engine of the prefix.
        self.assertIn(os.path.dirname(self.library("rings_engine")),
                      run("ldd", exe).split("librings_engine.so")[1].split("\n")[0])

    def test_an_unknown_component_is_refused(self):
        project = os.path.join(self.tmp.name, "wrong")
        os.makedirs(project)
        with open(os.path.join(project, "CMakeLists.txt"), "w") as f:
            f.write("cmake_minimum_required(VERSION 3.25)\nproject(wrong LANGUAGES CXX)\n"
                    "find_package(rings REQUIRED COMPONENTS engine plotter)\n")
        p = subprocess.run(["cmake", "-S", project, "-B", os.path.join(project, "build"),
                            f"-DCMAKE_PREFIX_PATH={self.prefix}"], capture_output=True, text=True)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("no component 'plotter'", p.stderr)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
