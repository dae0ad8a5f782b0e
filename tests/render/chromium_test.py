#!/usr/bin/env python3
"""Renders every kind of picture `rings` draws to PNG in headless Chromium and checks that each
PNG is a real picture (the right size, many non-white pixels, several colours), and that the
animation moves. Skipped (unittest's "skipped '...'", which CTest reads as a skip) when
/usr/bin/chromium is absent.

Usage: chromium_test.py RINGS
"""
import os
import struct
import subprocess
import sys
import tempfile
import unittest
import zlib

RINGS = ""

CHROMIUM = "/usr/bin/chromium"
WIDTH, HEIGHT = 900, 700


def screenshot(svg, png, tmp):
    profile = tempfile.mkdtemp(dir=tmp)
    subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={profile}", f"--screenshot={png}",
         f"--window-size={WIDTH},{HEIGHT}", "file://" + svg],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=180, check=False)


def pixels(png):
    """(width, height, rows of RGB(A) bytes) of an 8-bit, non-interlaced PNG."""
    with open(png, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{png}: not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, f"{png}: unexpected format"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    bpp = 4 if colour == 6 else 3
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def check_picture(name, png):
    assert os.path.exists(png), f"{name}: Chromium wrote no PNG"
    width, height, bpp, rows = pixels(png)
    assert (width, height) == (WIDTH, HEIGHT), f"{name}: {width}x{height}"
    colours, inked = set(), 0
    for row in rows[::2]:
        for x in range(0, len(row), 2 * bpp):
            rgb = row[x:x + 3]
            colours.add(rgb)
            inked += rgb != b"\xff\xff\xff"
    share = inked / (len(rows[::2]) * len(range(0, len(rows[0]), 2 * bpp)))
    assert share > 0.02, f"{name}: only {share:.1%} of the picture is not white"
    assert len(colours) >= 8, f"{name}: only {len(colours)} colours"
    print(f"ok {name}: {share:.1%} inked, {len(colours)} colours")
    return rows


CASES = {
    "path-cleve": ["plot", "path", "6", "--notation", "cleve"],
    "path-thinned": ["plot", "path", "20", "--double"],
    "lengths": ["plot", "lengths", "6"],
    "lengths-thinned": ["plot", "lengths", "16"],
    "hypercube": ["plot", "hypercube", "6"],
    "family-path": ["plot", "path", "--from", "0120120", "--puzzle", "elephant"],
    "sierpinski": ["plot", "sierpinski", "6"],
    "sierpinski-labelled": ["plot", "sierpinski", "--from", "012", "--to", "201"],
    "animate": ["animate", "6"],
    "animate-hanoi": ["animate", "--from", "012012", "--to", "201120", "--puzzle", "hanoi"],
    "animate-spin-out": ["animate", "7", "--puzzle", "spin-out"],
    "animate-brain": ["animate", "--from", "01101", "--puzzle", "brain"],
    "animate-hexadecimal": ["animate", "8", "--puzzle", "hexadecimal:1011"],
    "animate-elephant": ["animate", "--from", "01201", "--puzzle", "elephant"],
    "family-lengths": ["plot", "lengths", "5", "--puzzle", "elephant"],
}


@unittest.skipUnless(os.path.exists(CHROMIUM), f"{CHROMIUM} is absent, so the SVGs cannot be "
                     "rendered (scripts/install-deps --test installs the chromium package)")
class Chromium(unittest.TestCase):
    def setUp(self):
        self.tmp = self.enterContext(tempfile.TemporaryDirectory())

    def render(self, name, args):
        svg, png = os.path.join(self.tmp, name + ".svg"), os.path.join(self.tmp, name + ".png")
        subprocess.run([RINGS, *args, "-o", svg], check=True)
        screenshot(svg, png, self.tmp)
        return svg, check_picture(name, png)

    def test_every_kind_of_picture(self):
        for name, args in CASES.items():
            with self.subTest(name):
                self.render(name, args)

    def test_the_animation_moves(self):
        # Whenever Chromium takes its screenshot, the frame is certain when the animations begin
        # much later (the start, as drawn) or began 2.5 s earlier (three moves made, and the
        # loop lasts 24 s).
        with open(self.render("animate", CASES["animate"])[0]) as f:
            svg = f.read()
        self.assertIn("<animateTransform ", svg, "the animation has no animations")
        frames = []
        for name, begin in (("animate-start", "1000s"), ("animate-later", "-2.5s")):
            path = os.path.join(self.tmp, name + ".svg")
            with open(path, "w") as f:
                f.write(svg.replace("<animateTransform ", f'<animateTransform begin="{begin}" '))
            png = os.path.join(self.tmp, name + ".png")
            screenshot(path, png, self.tmp)
            frames.append(check_picture(name, png))
        self.assertNotEqual(frames[0], frames[1], "the animation did not move")


if __name__ == "__main__":
    RINGS = sys.argv[1]
    unittest.main(argv=sys.argv[:1], verbosity=2)
