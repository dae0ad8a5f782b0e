"""`pip install .` as a user runs it from a clone, offline: into a virtual environment that sees
Debian's setuptools and pybind11 (--system-site-packages), with --no-build-isolation and
--no-index (nothing downloaded). The installed module answers as the CLI does, carries its type
stubs and py.typed, and its metadata names the MIT license.

Run with the Python the module is for. Usage: pip_test.py SOURCE_DIR
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

SOURCE = sys.argv[1]
# What a clone has that the Python build reads (not the build trees).
PARTS = ["CMakeLists.txt", "LICENSE", "README.md", "pyproject.toml", "setup.py", "cmake",
         "include", "src/engine", "src/answers", "python"]


def run(*args, **kwargs):
    p = subprocess.run(list(args), capture_output=True, text=True, **kwargs)
    if p.returncode != 0:
        raise AssertionError(f"{' '.join(args)}: status {p.returncode}\n{p.stdout}\n{p.stderr}")
    return p.stdout


class PipInstall(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="rings-pip-")
        cls.clone = os.path.join(cls.tmp.name, "rings")
        for part in PARTS:
            src, dst = os.path.join(SOURCE, part), os.path.join(cls.clone, part)
            if os.path.isdir(src):
                shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copy(src, dst)
        venv = os.path.join(cls.tmp.name, "venv")
        run(sys.executable, "-m", "venv", "--system-site-packages", venv)
        cls.python = os.path.join(venv, "bin", "python")
        env = dict(os.environ, PIP_NO_INDEX="1")
        env.pop("PYTHONPATH", None)
        cls.env = env
        run(cls.python, "-m", "pip", "install", "--no-build-isolation", "--no-index",
            "--no-cache-dir", cls.clone, env=env, cwd=cls.tmp.name)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def python_says(self, code):
        return run(self.python, "-c", code, env=self.env, cwd=self.tmp.name).strip()

    def test_the_installed_module_works(self):
        out = self.python_says("import rings; print(rings.count(9)['count'], rings.__version__); "
                               "print(rings.__file__)").splitlines()
        with open(os.path.join(SOURCE, "CMakeLists.txt")) as f:
            version = re.search(r"project\(rings VERSION ([0-9.]+)", f.read()).group(1)
        self.assertEqual(out[0], f"341 {version}")
        self.assertIn(os.path.join(self.tmp.name, "venv"), out[1])
        self.assertEqual(self.python_says(
            "import rings; print(' '.join(f\"{m['piece']} {m['to']}\" "
            "for m in rings.solve(rings.State.all_on(2))))"), "2 off 1 off")

    def test_stubs_and_py_typed_are_installed(self):
        package = os.path.dirname(self.python_says("import rings; print(rings.__file__)"))
        for name in ["__init__.pyi", "py.typed"]:
            self.assertTrue(os.path.isfile(os.path.join(package, name)), name)

    def test_metadata_names_the_license(self):
        meta = self.python_says("import importlib.metadata as m; d = m.metadata('rings'); "
                                "print(d['License']); print(*d.get_all('Classifier'), sep='\\n')")
        self.assertEqual(meta.splitlines()[0], "MIT")
        self.assertIn("License :: OSI Approved :: MIT License", meta)

    def test_the_clone_is_left_as_it_was_but_for_build(self):
        made = {p for p in os.listdir(self.clone)} - {os.path.basename(p) for p in PARTS}
        self.assertEqual(made - {"src"}, {"build"} & made)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
