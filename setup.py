"""Builds the Python module `rings` for pip (pyproject.toml): the extension rings._rings from
python/rings_module.cpp, the engine's sources and its answers (src/answers), with the package python/rings (its
__init__.py, type stubs and py.typed). The version is project()'s in CMakeLists.txt; the version
header is written from cmake/version.hpp.in as CMake writes it. Build files go to build/pip.
"""
import glob
import os
import re

from pybind11.setup_helpers import Pybind11Extension, build_ext
from setuptools import setup

BUILD = os.path.join("build", "pip")
with open("CMakeLists.txt", encoding="utf-8") as f:
    VERSION = re.search(r"project\(rings VERSION (\d+)\.(\d+)\.(\d+)", f.read()).groups()


def version_header():
    """build/pip/include/rings/version.hpp (rewritten only when it changes)."""
    with open(os.path.join("cmake", "version.hpp.in"), encoding="utf-8") as f:
        text = f.read()
    for name, value in zip(["MAJOR", "MINOR", "PATCH"], VERSION):
        text = text.replace(f"@PROJECT_VERSION_{name}@", value)
    text = text.replace("@PROJECT_VERSION@", ".".join(VERSION))
    path = os.path.join(BUILD, "include", "rings", "version.hpp")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if not os.path.exists(path) or open(path, encoding="utf-8").read() != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return os.path.join(BUILD, "include")


extension = Pybind11Extension(
    "rings._rings",
    ["python/rings_module.cpp"] + sorted(glob.glob("src/engine/*.cpp"))
    + sorted(glob.glob("src/answers/*.cpp")),
    include_dirs=["include", "src/answers", version_header()],
    define_macros=[("FMT_HEADER_ONLY", "1")],  # as the CMake build: fmt::fmt-header-only
    libraries=["gmpxx", "gmp"],
    cxx_std=20,
)

setup(
    version=".".join(VERSION),
    packages=["rings"],
    package_dir={"": "python"},
    package_data={"rings": ["py.typed", "__init__.pyi"]},
    ext_modules=[extension],
    cmdclass={"build_ext": build_ext},
    options={"build": {"build_base": BUILD}, "egg_info": {"egg_base": BUILD}},
    zip_safe=False,
)
