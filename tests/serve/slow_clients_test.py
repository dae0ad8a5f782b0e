#!/usr/bin/env python3
"""Slow and crowding clients of `rings serve` (apps/serve/http_server.cpp): each request has one
deadline, and a crowd of idle connections makes room for a client that asks something.

    slow_clients_test.py RINGS

1. Slow header trickle (slowloris): 40 connections send a header line every 0.2 s and never
   finish. With --timeout 1, the server must drop each of them within a few seconds, and a
   valid request made meanwhile must be answered.
2. A flood of idle connections, more than the 512 the server keeps open: the longest waiting
   are closed to make room, and a valid request made meanwhile is answered.

scripts/load-test and attacks_test.py use valid_request(), slowloris() and flood() too, with
their own numbers; these raise AssertionError when the server fails them.
"""
import concurrent.futures
import json
import re
import select
import socket
import subprocess
import sys
import threading
import time
import unittest
import urllib.request

HOST = "127.0.0.1"
RINGS = None  # the rings program: the first command-line argument


def valid_request(port, timeout=30):
    """Seconds until a valid request got its right answer; raises if it did not."""
    start = time.monotonic()
    url = f"http://{HOST}:{port}/api/distance?from=111111111&to=000000000"
    with urllib.request.urlopen(url, timeout=timeout) as r:
        body = json.load(r)
    if body.get("distance") != "341":
        raise ValueError(f"wrong answer: {body}")
    return time.monotonic() - start


def slowloris(port, connections, every=0.2, give_up=60):
    """Opens `connections` that each send a request line, then a header line every `every`
    seconds, forever. Returns (seconds until the server dropped each one, seconds a valid
    request made meanwhile waited)."""
    began = time.monotonic()
    dropped, failed = [], []
    lock = threading.Lock()
    started = threading.Semaphore(0)

    def trickle():
        try:  # on a loaded machine a connect may be refused or time out: counted, not lost
            s = socket.create_connection((HOST, port), timeout=10)
        except OSError:
            with lock:
                failed.append(time.monotonic() - began)
            started.release()
            return
        begun = False
        try:
            s.sendall(b"GET /api/hint?state=111 HTTP/1.1\r\n")
            begun = True
            started.release()
            while time.monotonic() - began < give_up:
                s.sendall(b"X-Slow: y\r\n")
                time.sleep(every)
        except OSError:  # the server closed the connection: what we wait for
            with lock:
                dropped.append(time.monotonic() - began)
            if not begun:  # dropped before its first line was sent
                started.release()
        finally:
            s.close()

    threads = [threading.Thread(target=trickle, daemon=True) for _ in range(connections)]
    for t in threads:
        t.start()
    # The valid request is made once every slow connection has begun its request (each says so;
    # a connection dropped or refused before that says so too), not after a guessed pause.
    for _ in range(connections):
        started.acquire(timeout=30)
    waited = valid_request(port)
    for t in threads:
        t.join(give_up + 5)
    if failed:
        raise AssertionError(f"slowloris: {len(failed)} of {connections} connections could not "
                             f"be made")
    if len(dropped) != connections:
        raise AssertionError(f"slowloris: {connections - len(dropped)} of {connections} "
                             f"connections were never dropped in {give_up} s")
    return dropped, waited


KEPT_OPEN = 512  # kMaxConnections of apps/serve/http_server.hpp


def flood(port, connections):
    """Opens `connections` idle connections at once, more than the server keeps open, then makes
    a valid request. Returns (how many of them the server closed to make room, waiting up to
    10 s for all those past the KEPT_OPEN, seconds the valid request waited)."""
    expect = connections - KEPT_OPEN
    # In parallel: on loopback a connect now and then waits a second for its SYN to be resent
    # (a port pair still in TIME_WAIT from earlier connections).
    with concurrent.futures.ThreadPoolExecutor(64) as pool:
        socks = list(pool.map(lambda _: socket.create_connection((HOST, port), timeout=10),
                              range(connections)))
    try:
        waited = valid_request(port)
    except Exception as e:  # noqa: BLE001 - refused or never answered: the finding
        raise AssertionError(f"flood: a valid request among {connections} idle connections: {e}")
    # The server closes them as it accepts the ones past its bound, each in its own event loop:
    # some of those closes may still be on their way. Waited for as they come (one poll returns
    # only those done so far), until `expect` are closed or 10 s have passed.
    closed = 0
    poll = select.poll()
    for s in socks:
        poll.register(s, select.POLLIN)
    by_fd = {s.fileno(): s for s in socks}
    deadline = time.monotonic() + 10
    while closed < expect and time.monotonic() < deadline:
        for fd, _ in poll.poll(max(1, int((deadline - time.monotonic()) * 1000))):
            poll.unregister(fd)
            try:
                closed += by_fd[fd].recv(1) == b""
            except OSError:
                closed += 1
    for s in socks:
        s.close()
    return closed, waited


def start(rings, *args):
    """`rings serve --port 0 ARGS`: (the process, its port)."""
    proc = subprocess.Popen([rings, "serve", "--port", "0", *args], stdout=subprocess.PIPE, text=True)
    m = re.search(r"http://[^:]+:(\d+)/", proc.stdout.readline())
    if not m:
        proc.kill()
        raise AssertionError("rings serve did not start")
    return proc, int(m.group(1))


def stop(proc):
    proc.terminate()
    proc.stdout.close()
    if proc.wait(30) != 0:
        raise AssertionError(f"rings serve stopped with status {proc.returncode}")


class SlowClients(unittest.TestCase):
    def serve(self, *args):
        proc, port = start(RINGS, *args)
        self.addCleanup(stop, proc)
        return port

    def test_slowloris_dropped_at_the_deadline(self):
        port = self.serve("--timeout", "1")
        dropped, waited = slowloris(port, 40)
        # Each is dropped at the 1 s deadline, with slack for a loaded machine. Without the
        # deadline none is ever dropped.
        self.assertLessEqual(max(dropped), 15,
                             f"slowloris: a connection was held {max(dropped):.1f} s with --timeout 1")
        print(f"slowloris: 40 dropped after {min(dropped):.1f}..{max(dropped):.1f} s; "
              f"a valid request waited {waited:.1f} s")

    def test_flood_makes_room_for_a_valid_request(self):
        # The default deadlines: idle connections may wait 5 s for a request, so only making
        # room closes them before the valid request is answered.
        port = self.serve()
        closed, waited = flood(port, 700)
        # 512 connections are kept open; each one past them closes the longest waiting (without
        # that, the valid request found no room, and got a 503).
        self.assertGreaterEqual(closed, 700 - KEPT_OPEN,
                                f"flood: only {closed} of 700 idle connections were closed to make room")
        print(f"flood: 700 idle connections, {closed} closed to make room; "
              f"a valid request waited {waited:.2f} s")


if __name__ == "__main__":
    RINGS = sys.argv[1]
    unittest.main(argv=sys.argv[:1], verbosity=2)
