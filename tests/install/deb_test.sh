#!/usr/bin/env bash
# The Debian package as a user gets it: built with cpack (the `package` preset, prefix /usr),
# installed with dpkg, used (rings --version, man rings, import rings, the completions, the
# library through pkg-config and CMake), and removed. Needs root (dpkg): otherwise, or when a
# rings package or /usr/bin/rings is already there (never replaced), it skips (status 77).
# Usage: deb_test.sh SOURCE_DIR WORK_DIR
set -euo pipefail
src=$(realpath "$1")
work=$(realpath -m "$2")
if [ "$(id -u)" -ne 0 ]; then
  echo "deb_test: skipped: installing a .deb with dpkg needs root (CI runs as root)"
  exit 77
fi
if dpkg-query -W -f='${Status}' rings 2>/dev/null | grep -q installed || [ -e /usr/bin/rings ]; then
  echo "deb_test: skipped: rings is already installed on this machine (not replaced)"
  exit 77
fi
exec 9> /tmp/rings-deb-test.lock
flock 9  # one dpkg run of this test at a time

# The package preset's own tree (build/package), beside build/release at the same depth: with
# ccache (CMakeLists.txt) its compilations are then mostly hits from the release build.
build=$src/build/package
(cd "$src" && cmake --preset package) > "$work.configure.log" 2>&1 \
  || { cat "$work.configure.log"; exit 1; }
cmake --build "$build" > "$work.build.log" 2>&1 || { tail -50 "$work.build.log"; exit 1; }
(cd "$build" && cpack -G DEB -B "$work/out" > "$work.cpack.log" 2>&1) \
  || { cat "$work.cpack.log"; exit 1; }
deb=$(ls "$work"/out/rings_*.deb)
echo "deb_test: built $deb"

fail() { echo "deb_test: FAILED: $*" >&2; exit 1; }
removed=0
remove() { [ $removed = 1 ] || dpkg -r rings > /dev/null 2>&1 || true; }
trap remove EXIT

# The package's metadata: its name, its license, what it needs.
info=$(dpkg-deb --info "$deb")
grep -q "^ Package: rings$" <<< "$info" || fail "package name: $info"
grep -q "^ Depends: .*libgmp" <<< "$info" || fail "no dependency on GMP: $info"
# The listing in a variable: grep -q would stop reading early, and dpkg-deb, killed by the broken
# pipe, would fail the pipeline (pipefail) once the package lists enough files after it.
contents=$(dpkg-deb --contents "$deb")
grep -q "./usr/share/doc/rings/copyright$" <<< "$contents" || fail "no copyright file"
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/doc/rings/copyright | grep -q "^License: MIT" \
  || fail "the copyright file names no MIT license"

dpkg -i "$deb" > /dev/null || fail "dpkg -i"
cd /  # nothing of the source tree or the build on the way
[ "$(rings --version)" = "rings $(sed -n 's/^project(rings VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")" ] \
  || fail "rings --version: $(rings --version)"
[ "$(rings -V)" = "$(rings --version)" ] || fail "rings -V"
[ "$(rings count 9)" = 341 ] || fail "rings count 9"
[ "$(command -v rings)" = /usr/bin/rings ] || fail "rings is not /usr/bin/rings"
MANWIDTH=100 man rings 2> /dev/null | grep -q "rings verify" || fail "man rings"
[ "$(/usr/bin/python3 -c 'import rings; print(rings.count(9)["count"], rings.__file__)')" \
  = "341 /usr/lib/python3/dist-packages/rings/__init__.py" ] || fail "python3 -c 'import rings'"
[ -f /usr/lib/python3/dist-packages/rings/py.typed ] || fail "no py.typed"
# The completions where each shell finds them by itself.
[ "$(bash -c 'source /usr/share/bash-completion/completions/rings; COMP_WORDS=(rings so);
      COMP_CWORD=1; _rings; echo "${COMPREPLY[@]}"')" = solve ] || fail "bash completion"
if command -v zsh > /dev/null; then
  [ "$(zsh -fc 'print -l ${^fpath}/_rings(N)')" = /usr/share/zsh/vendor-completions/_rings ] \
    || fail "zsh does not find _rings on its fpath"
fi
if command -v fish > /dev/null; then
  # Not --no-config: it empties $fish_complete_path, vendor_completions.d included. A fresh
  # HOME keeps the user's own configuration out instead.
  mkdir -p "$work/fish-home"
  [ "$(HOME=$work/fish-home XDG_CONFIG_HOME=$work/fish-home fish -c 'complete -C "rings so"' \
      | cut -f1)" = solve ] || fail "fish completion"
fi
# The library, as a consumer finds it on the system.
[ "$(pkg-config --modversion rings)" = "$(rings --version | cut -d' ' -f2)" ] || fail "pkg-config"
cmake -S "$src/examples/consumer" -B "$work/consumer" > /dev/null || fail "find_package(rings)"
cmake --build "$work/consumer" > /dev/null || fail "building the consumer"
[ "$("$work/consumer/consumer" 9 2)" = "$(rings count 9; rings solve 9 | head -2)" ] || fail "consumer"

dpkg -r rings > /dev/null || fail "dpkg -r"
removed=1
[ ! -e /usr/bin/rings ] || fail "/usr/bin/rings is still there after dpkg -r"
! dpkg-query -W -f='${Status}' rings 2> /dev/null | grep -q "install ok" || fail "still installed"
/usr/bin/python3 -c 'import rings' 2> /dev/null && fail "import rings works after dpkg -r"
echo "deb_test: installed, used and removed $(basename "$deb")"
