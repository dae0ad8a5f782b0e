#!/usr/bin/env python3
"""Makes the static site (run at build time by web/CMakeLists.txt):

    assemble.py OUT --modules a.js b.js --files index.html ... [--engine engine-core.js]

- app.js: the page's ES modules joined, in order, into one classic script (their imports
  of one another dropped, `export` taken off), because Chromium runs no module script from file://;
- rings-engine.js: Emscripten's engine wrapped in a function (ringsEngine), run at once in a
  worker and only defined in a page, which then starts it in a worker from a Blob (file://);
- sw.js: the service worker, given the list of files to keep offline and a version (their hash).
Files are rewritten only when their content changes.
"""
import argparse
import hashlib
import pathlib
import re
import sys

# A name declared at a module's top level: one scope once joined, so each must be unique.
DECLARATION = re.compile(r"^(?:export )?(?:async )?(?:function\*?|const|let|var|class) ([A-Za-z_$][\w$]*)", re.MULTILINE)
IMPORT = re.compile(r"^import \{[^}]*\} from '\./[a-z0-9-]+\.js';\n", re.MULTILINE)


def write(path, text):
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)


def join_modules(modules):
    out = ["// Generated from apps/serve/static/modules/ by web/assemble.py: do not edit.",
           "(() => {", "'use strict';"]
    declared = {}
    for module in modules:
        for name in DECLARATION.findall(module.read_text(encoding="utf-8")):
            if name in declared:
                sys.exit(f"{module}: {name} is declared in {declared[name]} too (one scope once joined)")
            declared[name] = module.name
        out.append(f"\n// ---- modules/{module.name}")
        text = IMPORT.sub("", module.read_text(encoding="utf-8"))
        for n, line in enumerate(text.splitlines(), 1):
            if line.startswith("import "):
                sys.exit(f"{module}: an import the join cannot take: {line}")
            out.append(line[len("export "):] if line.startswith("export ") else line)
    out.append("})();\n")
    return "\n".join(out)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out", type=pathlib.Path)
    p.add_argument("--modules", nargs="+", type=pathlib.Path, required=True)
    p.add_argument("--files", nargs="+", type=pathlib.Path, required=True)
    p.add_argument("--engine", type=pathlib.Path)
    a = p.parse_args()
    a.out.mkdir(parents=True, exist_ok=True)
    write(a.out / "app.js", join_modules(a.modules))
    names = ["app.js"]
    sw = None
    for f in a.files:
        if f.name == "sw.js":
            sw = f
            continue
        write(a.out / f.name, f.read_text(encoding="utf-8"))
        names.append(f.name)
    if a.engine:
        engine = a.engine.read_text(encoding="utf-8")
        write(a.out / "rings-engine.js",
              "// The rings engine (its WebAssembly inside), built by web/engine: do not edit.\n"
              f"self.ringsEngine = function () {{\n{engine}\n}};\n"
              "if (typeof importScripts === 'function' && typeof document === 'undefined') "
              "self.ringsEngine();\n")
        names.append("rings-engine.js")
    else:
        (a.out / "rings-engine.js").unlink(missing_ok=True)
    digest = hashlib.sha256()
    for name in names:
        digest.update((a.out / name).read_bytes())
    # "./" is index.html as a server names it; a page opened as "./index.html" is cached too.
    files = ", ".join(["'./'"] + [f"'./{n}'" for n in names])
    text = sw.read_text(encoding="utf-8")
    write(a.out / "sw.js", text.replace("@VERSION@", digest.hexdigest()[:16]).replace("@FILES@", files))


if __name__ == "__main__":
    main()
