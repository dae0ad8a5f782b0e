#!/usr/bin/env python3
"""`rings plot -o FILE` and `rings animate -o FILE` never destroy what is at the path
(apps/common/output_file.hpp, docs/robustness.md): a regular file is replaced atomically with
its mode kept and symbolic links followed; devices, FIFOs and standard output are written in
place; errors are one `rings: error:` line with status 2, and no temporary file is left.

Usage: files_test.py RINGS
"""
import os
import resource
import stat
import subprocess
import sys
import tempfile
import threading
import time
import unittest

RINGS = ""


def run(*args, file_limit=None, **kw):
    def limit():
        if file_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))

    # Every run is bounded in time and in what it may write.
    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **kw}
    return subprocess.run([RINGS, *args], timeout=60, **streams,
                          preexec_fn=limit if file_limit is not None else None)


def one_error_line(p, containing):
    err = p.stderr.decode("utf-8", "replace")
    return (p.returncode == 2 and err.startswith("rings: error: ") and err.count("\n") == 1
            and containing in err), f"status {p.returncode}, stderr {err!r}"


def read(path):
    with open(path, "rb") as f:
        return f.read()


PLOT = ["plot", "path", "5"]
LIMIT = 1 << 20  # bytes a run may write (ulimit -f): the pictures here are a few KB


class OutputFiles(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.svg = run(*PLOT, "-o", "-").stdout

    def check(self, name, ok, detail=""):
        with self.subTest(name):
            self.assertTrue(ok, detail)

    def test_dash_writes_the_picture(self):
        svg = self.svg
        self.check("-o - writes the picture",
                   svg.startswith(b"<?xml") and svg.endswith(b"</svg>\n"), svg[:80])

    def test_files_devices_and_links(self):
        svg = self.svg
        d = self.enterContext(tempfile.TemporaryDirectory())

        def path(name):
            return os.path.join(d, name)

        def only(*names):
            left = sorted(os.listdir(d))
            return left == sorted(names), f"directory holds {left}"

        # Standard output, by name: the shell's own descriptor, so `>>` appends.
        p = run(*PLOT, "-o", "/dev/stdout")
        self.check("-o /dev/stdout", p.returncode == 0 and p.stdout == svg, p.stderr)
        with open(path("log"), "wb") as f:
            f.write(b"kept\n")
        with open(path("log"), "ab") as f:
            p = run(*PLOT, "-o", "/dev/stdout", stdout=f)
        self.check("-o /dev/stdout >> log appends",
                   p.returncode == 0 and read(path("log")) == b"kept\n" + svg,
                   read(path("log"))[:40])
        os.unlink(path("log"))

        # A new file and a replaced one: the picture, a new file's mode, nothing else left.
        p = run(*PLOT, "-o", path("new.svg"))
        self.check("new file", p.returncode == 0 and read(path("new.svg")) == svg, p.stderr)
        umask = os.umask(0)
        os.umask(umask)
        self.check("new file mode",
                   stat.S_IMODE(os.stat(path("new.svg")).st_mode) == 0o666 & ~umask,
                   oct(os.stat(path("new.svg")).st_mode))
        self.check("no temporary file", *only("new.svg"))

        # A private file stays private.
        with open(path("private.svg"), "wb") as f:
            f.write(b"old")
        os.chmod(path("private.svg"), 0o600)
        p = run(*PLOT, "-o", path("private.svg"))
        mode = stat.S_IMODE(os.stat(path("private.svg")).st_mode)
        self.check("0600 file keeps its mode", p.returncode == 0 and mode == 0o600 and
                   read(path("private.svg")) == svg, f"{oct(mode)} {p.stderr!r}")

        # A symbolic link is kept and its target written; a dangling one creates its target.
        os.symlink("private.svg", path("link.svg"))
        with open(path("private.svg"), "wb") as f:
            f.write(b"old")
        p = run("animate", "3", "-o", path("link.svg"))
        self.check("symlink kept", os.path.islink(path("link.svg")) and
                   os.readlink(path("link.svg")) == "private.svg", p.stderr)
        self.check("symlink target written",
                   p.returncode == 0 and read(path("private.svg")).startswith(b"<?xml")
                   and b"<animate" in read(path("private.svg")), read(path("private.svg"))[:80])
        os.symlink("sub/target.svg", path("dangling.svg"))
        os.mkdir(path("sub"))
        p = run(*PLOT, "-o", path("dangling.svg"))
        self.check("dangling symlink: target created, link kept", p.returncode == 0 and
                   os.path.islink(path("dangling.svg")) and read(path("sub/target.svg")) == svg,
                   p.stderr)

        # A hard link is neither broken nor half written: refused, both names unchanged.
        with open(path("a.svg"), "wb") as f:
            f.write(b"old")
        os.link(path("a.svg"), path("b.svg"))
        p = run(*PLOT, "-o", path("a.svg"))
        self.check("hard link refused", *one_error_line(p, "hard links"))
        self.check("hard link untouched", read(path("a.svg")) == b"old" and
                   os.stat(path("a.svg")).st_ino == os.stat(path("b.svg")).st_ino)
        os.unlink(path("b.svg"))

        # A FIFO is written in place (a reader thread takes the picture); it stays a FIFO.
        os.mkfifo(path("fifo"))
        got = []
        reader = threading.Thread(target=lambda: got.append(read(path("fifo"))), daemon=True)
        reader.start()
        p = run(*PLOT, "-o", path("fifo"))
        reader.join(30)
        self.check("FIFO written in place", p.returncode == 0 and got == [svg],
                   f"{p.stderr!r} {got[:1]!r}")
        self.check("FIFO still a FIFO", stat.S_ISFIFO(os.lstat(path("fifo")).st_mode))

        # A write that fails (the file size limit) leaves the old file and no temporary file; the
        # limit is an error line, not a SIGXFSZ that kills the program half-way.
        with open(path("a.svg"), "wb") as f:
            f.write(b"old")
        big = ["plot", "path", "12", "-o", path("a.svg")]
        p = run(*big, file_limit=1000)
        self.check("file too large: error line", *one_error_line(p, "File too large"))
        self.check("file too large: old file kept", read(path("a.svg")) == b"old")
        self.check("file too large: no temporary file",
                   *only("a.svg", "new.svg", "private.svg", "link.svg", "dangling.svg", "sub",
                         "fifo"))

        # Errors: a directory, a missing directory, an empty name, a closed descriptor.
        self.check("a directory", *one_error_line(run(*PLOT, "-o", d), "Is a directory"))
        self.check("missing directory",
                   *one_error_line(run(*PLOT, "-o", path("none/x.svg")),
                                   "No such file or directory"))
        self.check("empty name", *one_error_line(run(*PLOT, "-o", ""), "give a file name"))
        self.check("closed descriptor",
                   *one_error_line(run(*PLOT, "-o", "/dev/fd/9"), "Bad file descriptor"))
        if os.geteuid() != 0:  # root may write a read-only file anyway
            os.chmod(path("a.svg"), 0o444)
            p = run(*PLOT, "-o", path("a.svg"))
            self.check("read-only file refused", *one_error_line(p, "Permission denied"))
            self.check("read-only file untouched", read(path("a.svg")) == b"old")

        # A full device: one error line, status 2, and the device is still a device. Writing the
        # real /dev/full is harmless for any user; as root a private device node (the same device,
        # 1:7) shows it is not replaced by a regular file.
        self.check("/dev/full",
                   *one_error_line(run(*PLOT, "-o", "/dev/full"), "No space left on device"))
        self.check("/dev/full still a device", stat.S_ISCHR(os.stat("/dev/full").st_mode))
        if os.geteuid() == 0:
            os.mknod(path("full"), stat.S_IFCHR | 0o666, os.makedev(1, 7))
            p = run(*PLOT, "-o", path("full"))
            self.check("private full device", *one_error_line(p, "No space left on device"))
            self.check("private full device still a device",
                       stat.S_ISCHR(os.lstat(path("full")).st_mode))
            os.unlink(path("full"))
        else:
            with self.subTest("private full device"):
                self.skipTest("mknod needs root (the real /dev/full was still checked)")

    def test_setid_bits_are_dropped(self):
        d = self.enterContext(tempfile.TemporaryDirectory())
        path = os.path.join(d, "prog")
        with open(path, "wb") as f:
            f.write(b"old")
        os.chmod(path, 0o6755)
        p = run(*PLOT, "-o", path, file_limit=LIMIT)
        mode = stat.S_IMODE(os.stat(path).st_mode)
        self.check("set-user-ID and set-group-ID bits dropped on replace",
                   p.returncode == 0 and mode == 0o755 and read(path) == self.svg,
                   f"{oct(mode)} {p.stderr!r}")

    def test_fifo_without_reader_gives_up(self):
        d = self.enterContext(tempfile.TemporaryDirectory())
        fifo = os.path.join(d, "fifo")
        os.mkfifo(fifo)
        began = time.monotonic()
        p = run(*PLOT, "-o", fifo, file_limit=LIMIT)  # run()'s timeout (60 s) fails a hang
        took = time.monotonic() - began
        self.check("FIFO with no reader: one error line",
                   *one_error_line(p, "no program opened it for reading"))
        self.check("FIFO with no reader: gives up after about 10 s", 9 <= took < 30, f"{took:.1f} s")
        self.check("FIFO still a FIFO", stat.S_ISFIFO(os.lstat(fifo).st_mode))

    def test_links_planted_in_sticky_directories(self):
        """As the kernel's fs.protected_symlinks: in a sticky, world-writable directory a link is
        followed only when it belongs to the directory's owner or to the caller."""
        if os.geteuid() != 0:
            self.skipTest("making a link of another user needs root")
        other = 65534  # nobody
        base = self.enterContext(tempfile.TemporaryDirectory())
        os.chmod(base, 0o755)
        secret = os.path.join(base, "secret")
        with open(secret, "wb") as f:
            f.write(b"root only")
        os.chmod(secret, 0o600)
        shared = os.path.join(base, "tmp")
        os.mkdir(shared)
        os.chmod(shared, 0o1777)

        # Another user's link to root's file, in root's sticky directory: refused, file unchanged.
        planted = os.path.join(shared, "out.svg")
        os.symlink(secret, planted)
        os.lchown(planted, other, other)
        for args in (["animate", "3", "-o", planted], [*PLOT, "-o", planted]):
            p = run(*args, file_limit=LIMIT)
            self.check(f"{args[0]}: another user's link refused",
                       *one_error_line(p, "symbolic link of user 65534"))
        self.check("the link's target untouched", read(secret) == b"root only" and
                   stat.S_IMODE(os.stat(secret).st_mode) == 0o600)
        self.check("the link kept", os.path.islink(planted))

        # A link of the caller (root) there, or of the directory's owner: followed.
        mine = os.path.join(shared, "mine.svg")
        os.symlink("mine-target.svg", mine)
        p = run(*PLOT, "-o", mine, file_limit=LIMIT)
        self.check("the caller's own link followed", p.returncode == 0 and
                   read(os.path.join(shared, "mine-target.svg")) == self.svg, p.stderr)
        owned = os.path.join(base, "theirs")
        os.mkdir(owned)
        os.chmod(owned, 0o1777)
        os.chown(owned, other, other)
        link = os.path.join(owned, "link.svg")
        os.symlink("target.svg", link)
        os.lchown(link, other, other)
        p = run(*PLOT, "-o", link, file_limit=LIMIT)
        self.check("the directory owner's link followed", p.returncode == 0 and
                   read(os.path.join(owned, "target.svg")) == self.svg, p.stderr)

        # Outside a sticky directory another user's link is followed, as the kernel does.
        plain = os.path.join(base, "plain.svg")
        os.symlink("plain-target.svg", plain)
        os.lchown(plain, other, other)
        p = run(*PLOT, "-o", plain, file_limit=LIMIT)
        self.check("a link outside a sticky directory followed", p.returncode == 0 and
                   read(os.path.join(base, "plain-target.svg")) == self.svg, p.stderr)

        # `rings play --save` writes through the same helper: the same refusal.
        # (On a pseudo-terminal: rings play needs one. It saves once before taking it.)
        leader, follower = os.openpty()
        try:
            p = run("play", "3", "--save", planted, stdin=follower, stdout=follower,
                    file_limit=LIMIT)
        finally:
            os.close(leader)
            os.close(follower)
        self.check("play --save: another user's link refused",
                   *one_error_line(p, "symbolic link of user 65534"))
        self.check("play --save: the link's target untouched", read(secret) == b"root only")

    def test_help_and_version_are_output_too(self):
        # A full disk or a closed standard output is an error.
        for flag in ("--help", "--version"):
            with open("/dev/full", "wb") as full:
                p = run(flag, stdout=full)
            self.check(f"{flag} > /dev/full", *one_error_line(p, "No space left on device"))
            p = subprocess.run(f"'{RINGS}' {flag} >&-", shell=True, capture_output=True, timeout=60)
            self.check(f"{flag} >&- (closed)", *one_error_line(p, "Bad file descriptor"))


if __name__ == "__main__":
    RINGS = sys.argv[1]
    unittest.main(argv=sys.argv[:1], verbosity=2)
