#!/usr/bin/env python3
"""Makes the static site (run at build time by web/CMakeLists.txt):

    assemble.py OUT --modules a.js b.js --files index.html ... [--engine engine-core.js]

- app.js: the page's ES modules joined, in order, into one classic script (their imports
  of one another dropped, `export` taken off, comment lines left out: the modules are the
  source), because Chromium runs no module script from file://; minified by esbuild when
  given, as are rings-engine.js and style.css (the page's transfer budget);
- rings-engine.js and rings-engine.wasm: Emscripten's engine wrapped in a function
  (ringsEngine), run at once in a worker, where it fetches its WebAssembly; in a page it is only
  defined, and the page starts it in a worker from a Blob with the WebAssembly from
  rings-engine-file.js (the WebAssembly as base64), because Chromium fetches nothing from file://.
  The service worker keeps all but rings-engine-file.js: no file:// page has one;
- sw.js: the service worker, given the list of files to keep offline and a version (their hash);
- NAME.gz beside each of those files: gzip at its smallest (zopfli when given, else gzip -9),
  which `rings serve` sends to clients that take gzip, as can any server of precompressed files.
Files are rewritten only when their content changes.
"""
import argparse
import base64
import gzip
import hashlib
import pathlib
import re
import subprocess
import sys

# A name declared at a module's top level: one scope once joined, so each must be unique.
DECLARATION = re.compile(r"^(?:export )?(?:async )?(?:function\*?|const|let|var|class) ([A-Za-z_$][\w$]*)", re.MULTILINE)
IMPORT = re.compile(r"^import \{[^}]*\} from '\./[a-z0-9_-]+\.js';\n", re.MULTILINE)


def write(path, text):
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)


def write_gzip(path, zopfli):
    """path.gz: path's bytes gzipped, with no name or time in it, so equal files give equal
    bytes (zopfli: a gzip stream some 5% smaller than gzip -9, read by any gzip reader)."""
    data = path.read_bytes()
    if zopfli:
        packed = subprocess.run([zopfli, "-c", str(path)], check=True, capture_output=True).stdout
        packed = packed[:4] + b"\0\0\0\0" + packed[8:]  # no modification time
    else:
        packed = gzip.compress(data, 9, mtime=0)
    if gzip.decompress(packed) != data:
        sys.exit(f"{path}.gz does not give back {path}")
    out = path.with_name(path.name + ".gz")
    if not out.exists() or out.read_bytes() != packed:
        tmp = out.with_name(out.name + ".tmp")
        tmp.write_bytes(packed)
        tmp.replace(out)


def minify(text, esbuild, loader="js"):
    """text as esbuild --minify writes it (names inside functions shortened, spaces gone)."""
    if not esbuild:
        return text
    return subprocess.run([esbuild, "--minify", f"--loader={loader}", "--log-level=warning"],
                          input=text, check=True, capture_output=True, text=True).stdout


def join_modules(modules):
    out = ["// Generated from web/page/modules/ by web/assemble.py: do not edit.",
           "(() => {", "'use strict';"]
    declared = {}
    for module in modules:
        for name in DECLARATION.findall(module.read_text(encoding="utf-8")):
            if name in declared:
                sys.exit(f"{module}: {name} is declared in {declared[name]} too (one scope once joined)")
            declared[name] = module.name
        out.append(f"\n// ---- modules/{module.name}")
        text = IMPORT.sub("", module.read_text(encoding="utf-8"))
        in_template = False  # inside a template literal of several lines, `//` is text
        for n, line in enumerate(text.splitlines(), 1):
            if line.startswith("import "):
                sys.exit(f"{module}: an import the join cannot take: {line}")
            if not in_template and line.lstrip().startswith("//"):
                continue
            in_template ^= line.count("`") % 2 == 1
            out.append(line[len("export "):] if line.startswith("export ") else line)
    out.append("})();\n")
    return "\n".join(out)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out", type=pathlib.Path)
    p.add_argument("--modules", nargs="+", type=pathlib.Path, required=True)
    p.add_argument("--files", nargs="+", type=pathlib.Path, required=True)
    p.add_argument("--engine", type=pathlib.Path)
    p.add_argument("--zopfli", help="the zopfli program, for the .gz copies (else gzip -9)")
    p.add_argument("--esbuild", help="the esbuild program, to minify the scripts")
    a = p.parse_args()
    a.out.mkdir(parents=True, exist_ok=True)
    write(a.out / "app.js", minify(join_modules(a.modules), a.esbuild))
    names = ["app.js"]
    sw = None
    for f in a.files:
        if f.name == "sw.js":
            sw = f
            continue
        text = f.read_text(encoding="utf-8")
        write(a.out / f.name, minify(text, a.esbuild, "css") if f.suffix == ".css" else text)
        names.append(f.name)
    engine_files = ["rings-engine.js", "rings-engine.wasm", "rings-engine-file.js"]
    if a.engine:
        engine = a.engine.read_text(encoding="utf-8")
        wasm = a.engine.with_suffix(".wasm").read_bytes()
        if not (a.out / "rings-engine.wasm").exists() or (a.out / "rings-engine.wasm").read_bytes() != wasm:
            (a.out / "rings-engine.wasm").write_bytes(wasm)
        write(a.out / "rings-engine-file.js",
              "// The engine's WebAssembly (rings-engine.wasm) for pages opened from file://.\n"
              f"self.ringsEngineWasm = '{base64.b64encode(wasm).decode()}';\n")
        # `Module` is Emscripten's options object: a worker's engine fetches rings-engine.wasm,
        # a file:// page hands it the bytes (wasmBinary).
        write(a.out / "rings-engine.js", minify(
              "// The rings engine, built by web/engine: do not edit.\n"
              f"self.ringsEngine = function (Module) {{\n{engine}\n}};\n"
              "if (typeof importScripts === 'function' && typeof document === 'undefined') "
              "self.ringsEngine({ locateFile: (name, dir) => dir + 'rings-engine.wasm' });\n",
              a.esbuild))
        names += ["rings-engine.js", "rings-engine.wasm"]
    else:
        for name in engine_files:
            (a.out / name).unlink(missing_ok=True)
            (a.out / (name + ".gz")).unlink(missing_ok=True)
    digest = hashlib.sha256()
    for name in names:
        digest.update((a.out / name).read_bytes())
    # "./" is index.html as a server names it; a page opened as "./index.html" is cached too.
    files = ", ".join(["'./'"] + [f"'./{n}'" for n in names])
    text = sw.read_text(encoding="utf-8")
    write(a.out / "sw.js", text.replace("@VERSION@", digest.hexdigest()[:16]).replace("@FILES@", files))
    for name in names + ["sw.js"]:
        write_gzip(a.out / name, a.zopfli)


if __name__ == "__main__":
    main()
