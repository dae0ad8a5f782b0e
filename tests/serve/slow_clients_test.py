#!/usr/bin/env python3
"""Slow and crowding clients of `rings serve` (apps/serve/http_server.cpp): each request has one
deadline, and connections beyond the workers and their queue are turned away at once.

    slow_clients_test.py RINGS

1. Slow header trickle (slowloris): 40 connections send a header line every 0.2 s and never
   finish. With --timeout 1, the server must drop each of them within a few seconds, and a
   valid request made meanwhile must be answered.
2. A flood of idle connections, more than the 16 workers and 128 waiting places: the extra
   ones get 503 at once, and the server answers a valid request afterwards.

scripts/load-test uses slowloris() and flood() too, with its own numbers.
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
import urllib.request

HOST = "127.0.0.1"


def fail(msg):
    print(f"slow_clients_test: FAILED: {msg}")
    sys.exit(1)


def valid_request(port, timeout=30):
    """Seconds until a valid request got its right answer; raises if it did not."""
    start = time.monotonic()
    url = f"http://{HOST}:{port}/api/distance?from=111111111&to=000000000"
    with urllib.request.urlopen(url, timeout=timeout) as r:
        body = json.load(r)
    if body != {"distance": "341"}:
        raise ValueError(f"wrong answer: {body}")
    return time.monotonic() - start


def slowloris(port, connections, every=0.2, give_up=60):
    """Opens `connections` that each send a request line, then a header line every `every`
    seconds, forever. Returns (seconds until the server dropped each one, seconds a valid
    request made meanwhile waited)."""
    began = time.monotonic()
    dropped = []
    lock = threading.Lock()

    def trickle():
        s = socket.create_connection((HOST, port), timeout=5)
        try:
            s.sendall(b"GET /api/hint?state=111 HTTP/1.1\r\n")
            while time.monotonic() - began < give_up:
                s.sendall(b"X-Slow: y\r\n")
                time.sleep(every)
        except OSError:  # the server closed the connection: what we wait for
            with lock:
                dropped.append(time.monotonic() - began)
        finally:
            s.close()

    threads = [threading.Thread(target=trickle, daemon=True) for _ in range(connections)]
    for t in threads:
        t.start()
    time.sleep(0.5)
    waited = valid_request(port)
    for t in threads:
        t.join(give_up + 5)
    if len(dropped) != connections:
        fail(f"slowloris: {connections - len(dropped)} of {connections} connections were never "
             f"dropped in {give_up} s")
    return dropped, waited


def flood(port, connections):
    """Opens `connections` at once and sends nothing. Returns how many were answered 503."""
    # In parallel: on loopback a connect now and then waits a second for its SYN to be resent
    # (a port pair still in TIME_WAIT from earlier connections).
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(64) as pool:
        socks = list(pool.map(lambda _: socket.create_connection((HOST, port), timeout=10),
                              range(connections)))
    # The refusals come as the server accepts: wait until they stop coming (at most 10 s).
    busy, seen, last = 0, set(), time.monotonic()
    while time.monotonic() - last < 1 and time.monotonic() - start < 10:
        ready, _, _ = select.select([s for s in socks if s not in seen], [], [], 0.2)
        for s in ready:
            seen.add(s)
            s.setblocking(False)
            try:
                answer = s.recv(4096)
            except OSError:
                continue
            if answer.startswith(b"HTTP/1.1 503 "):
                if b'"error"' not in answer:
                    fail(f"flood: a 503 without a JSON error: {answer!r}")
                busy += 1
                last = time.monotonic()
    for s in socks:
        s.close()
    return busy


def main():
    rings = sys.argv[1]
    proc = subprocess.Popen([rings, "serve", "--port", "0", "--timeout", "1"],
                            stdout=subprocess.PIPE, text=True)
    try:
        m = re.search(r"http://[^:]+:(\d+)/", proc.stdout.readline())
        if not m:
            fail("rings serve did not start")
        port = int(m.group(1))

        dropped, waited = slowloris(port, 40)
        # 40 trickles over 16 workers: three rounds of the 1 s deadline, plus slack for a
        # loaded machine. Without the deadline none is ever dropped.
        if max(dropped) > 15:
            fail(f"slowloris: a connection was held {max(dropped):.1f} s with --timeout 1")
        print(f"slowloris: 40 dropped after {min(dropped):.1f}..{max(dropped):.1f} s; "
              f"a valid request waited {waited:.1f} s")

        busy = flood(port, 300)
        # 16 workers and 128 waiting places: the other 156 are turned away (a few fewer when
        # the kernel's accept queue makes some wait; without the bound, none).
        if busy < 100:
            fail(f"flood: only {busy} of 300 connections were answered 503")
        print(f"flood: {busy} of 300 connections answered 503; "
              f"a valid request then took {valid_request(port):.1f} s")
    finally:
        proc.terminate()
        if proc.wait(30) != 0:
            fail(f"rings serve stopped with status {proc.returncode}")
    print("slow_clients_test: passed")


if __name__ == "__main__":
    main()
