#!/usr/bin/env python3
"""The page's files as `rings serve` sends them: every file of the static site (build/<preset>/web,
but rings-engine-file.js, for file:// pages only) byte for byte, gzip-compressed to a client that
takes gzip (the NAME.gz beside it, which must give the file back) and as they are to one that
does not, with Vary: Accept-Encoding either way.

    static_files_test.py RINGS WEB_DIR
"""
import gzip
import http.client
import json
import os
import re
import subprocess
import sys
import unittest

RINGS = WEB = ""


class StaticFiles(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = subprocess.Popen([RINGS, "serve", "--port", "0"], stdout=subprocess.PIPE,
                                      text=True)
        m = re.search(r"http://[^:]+:(\d+)/", cls.server.stdout.readline())
        if not m:
            cls.tearDownClass()
            raise AssertionError("rings serve did not start")
        cls.port = int(m.group(1))
        cls.files = sorted(f for f in os.listdir(WEB)
                           if not f.endswith(".gz") and f != "rings-engine-file.js")

    @classmethod
    def tearDownClass(cls):
        cls.server.terminate()
        cls.server.wait(30)
        cls.server.stdout.close()

    def get(self, path, accept_encoding=None, method="GET"):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Accept-Encoding": accept_encoding} if accept_encoding is not None else {}
        c.request(method, path, headers=headers)
        r = c.getresponse()
        body = r.read()
        c.close()
        return r, body

    def on_disk(self, name, suffix=""):
        with open(os.path.join(WEB, name + suffix), "rb") as f:
            return f.read()

    def test_every_file_has_its_gzip_copy(self):
        self.assertIn("app.js", self.files)  # and the engine when Emscripten built it
        for name in self.files:
            with self.subTest(name):
                self.assertEqual(gzip.decompress(self.on_disk(name, ".gz")), self.on_disk(name))

    def test_gzip_to_a_client_that_takes_it(self):
        for accept in ("gzip", "gzip, deflate, br", "br;q=1.0, GZIP;q=0.5", "*"):
            for name in self.files:
                with self.subTest(accept=accept, file=name):
                    r, body = self.get("/" + name, accept)
                    self.assertEqual(r.status, 200)
                    self.assertEqual(r.headers["Content-Encoding"], "gzip")
                    self.assertEqual(r.headers["Vary"], "Accept-Encoding")
                    self.assertEqual(body, self.on_disk(name, ".gz"))
                    self.assertEqual(int(r.headers["Content-Length"]), len(body))

    def test_the_file_itself_to_one_that_does_not(self):
        for accept in (None, "", "identity", "br, deflate", "gzip;q=0", "gzip; q=0.000, br"):
            for name in self.files:
                with self.subTest(accept=accept, file=name):
                    r, body = self.get("/" + name, accept)
                    self.assertEqual(r.status, 200)
                    self.assertIsNone(r.headers["Content-Encoding"])
                    self.assertEqual(r.headers["Vary"], "Accept-Encoding")
                    self.assertEqual(body, self.on_disk(name))

    def test_head_gives_the_length_of_what_get_sends(self):
        r, body = self.get("/app.js", "gzip", "HEAD")
        self.assertEqual(body, b"")
        self.assertEqual(int(r.headers["Content-Length"]),
                         len(self.on_disk("app.js", ".gz")))

    def test_the_api_and_unknown_files_are_not_compressed(self):
        for path in ("/api/count?n=5", "/nope.js", "/rings-engine.wasm.gz", "/index.html.gz"):
            with self.subTest(path):
                r, body = self.get(path, "gzip")
                self.assertIsNone(r.headers["Content-Encoding"])
                self.assertIsNone(r.headers["Vary"])
                if path.startswith("/api/"):
                    self.assertEqual(json.loads(body)["count"], "21")
                else:
                    self.assertEqual(r.status, 404)


if __name__ == "__main__":
    RINGS, WEB = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1])
