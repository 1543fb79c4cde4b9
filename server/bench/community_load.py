#!/usr/bin/env python3
"""Explore's community lists under load (issue 25, point 8): for each listed request, `threads`
clients send it back to back for `seconds`; prints requests/s and p50/p99 latency per request.
Usage: community_load.py BASE_URL [seconds] [threads]. No dependencies beyond Python 3."""
import json
import sys
import threading
import time
import urllib.request

BASE = sys.argv[1].rstrip("/")
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 5
THREADS = int(sys.argv[3]) if len(sys.argv) > 3 else 16
LIST = "/api/community-games-paginated"


def get(path):
    with urllib.request.urlopen(BASE + path) as r:
        return json.loads(r.read())


def deep_cursor(sort, pages=40):
    """The `next` cursor after `pages` pages of 100 (keyset), i.e. about row 4,000."""
    after = None
    for _ in range(pages):
        q = f"{LIST}?sort={sort}&limit=100" + (f"&after={after}" if after else "")
        after = get(q)["next"]
    return after


def run(path):
    latencies, stop = [], time.time() + SECONDS
    lock = threading.Lock()

    def worker():
        mine = []
        while time.time() < stop:
            t = time.perf_counter()
            with urllib.request.urlopen(BASE + path) as r:
                r.read()
            mine.append(time.perf_counter() - t)
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=worker) for _ in range(THREADS)]
    started = time.time()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.time() - started
    latencies.sort()
    pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000
    return len(latencies) / elapsed, pick(0.5), pick(0.99)


def main():
    cases = [
        ("hot, page 1 (default)", f"{LIST}"),
        ("new, page 1", f"{LIST}?sort=new"),
        ("top all time, page 1", f"{LIST}?sort=top"),
        ("top this week", f"{LIST}?sort=top&period=week"),
        ("most played, page 1", f"{LIST}?sort=played"),
        ("hot, category history", f"{LIST}?category=history"),
        ("hot, page 4,000 (offset)", f"{LIST}?page=4000&limit=12"),
        ("hot, row ~4,000 by keyset", f"{LIST}?limit=12&after={deep_cursor('hot')}"),
        ("search 'topic 123'", f"{LIST}?search=topic%20123"),
        ("dice (guest)", "/api/community-games/random"),
    ]
    print(f"{THREADS} clients, {SECONDS:.0f} s each")
    print(f"| request | req/s | p50 ms | p99 ms |\n|---|---:|---:|---:|")
    for name, path in cases:
        rps, p50, p99 = run(path)
        print(f"| {name} | {rps:.0f} | {p50:.1f} | {p99:.1f} |", flush=True)


main()
