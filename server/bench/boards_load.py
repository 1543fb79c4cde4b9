#!/usr/bin/env python3
"""A small closed-loop load client for server/bench/boards.sh (no wrk needed): CONNECTIONS
keep-alive connections, each sending GET PATH with a bearer token for SECONDS; prints the
requests, the non-200 answers and the latency percentiles (p50, p99, max) in milliseconds."""

import http.client
import sys
import threading
import time


def worker(host, port, path, token, until, latencies, failures):
    conn = http.client.HTTPConnection(host, port, timeout=30)
    headers = {"Authorization": f"Bearer {token}"}
    while time.monotonic() < until:
        start = time.perf_counter()
        conn.request("GET", path, headers=headers)
        res = conn.getresponse()
        res.read()
        latencies.append((time.perf_counter() - start) * 1000)
        if res.status != 200:
            failures.append(res.status)


def main():
    host, port, path, token, connections, seconds = sys.argv[1:7]
    until = time.monotonic() + float(seconds)
    latencies, failures = [], []
    threads = [
        threading.Thread(target=worker, args=(host, int(port), path, token, until, latencies, failures))
        for _ in range(int(connections))
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    latencies.sort()
    pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))]
    print(f"{len(latencies)} {len(failures)} {pick(0.5):.2f} {pick(0.99):.2f} {latencies[-1]:.2f}")


main()
