#!/usr/bin/env python3
# server/bench/import.sh's catalogue: python3 server/bench/catalogue.py N FILE.
# A catalogue of N games (10 items each) in `lavalist games import`'s format, for the import's
# timing: a tenth daily (one a day back from 2026-01-01), the rest community games of 40 owners.
import json, sys, datetime
n = int(sys.argv[1])
words = ["rivers", "capitals", "islands", "mountains", "painters", "composers", "novels", "films"]
users = [{"username": f"maker{u}", "email": f"maker{u}@example.org"} for u in range(40)]
games = []
start = datetime.date(2026, 1, 1)
for g in range(n):
    daily = g % 10 == 0
    game = {"uid": f"cat{g}", "type": "daily" if daily else "community", "status": "approved", "public": True,
            "prompt": f"The ten {words[g % 8]} of list number {g}", "submitter": f"maker{g % 40}",
            "items": [{"id": i, "name": f"Item {i} of game {g}", "altSpellings": [f"item{i} game{g}"], "rejectedSpellings": []}
                      for i in range(1, 11)],
            "createdAt": 1_700_000_000_000 + g * 1000, "updatedAt": 1_700_000_000_000 + g * 1000, "language": "en"}
    if daily:
        game["daily_date"] = str(start - datetime.timedelta(days=g // 10))
    else:
        game["owner"] = f"maker{g % 40}"
        game["categories"] = ["geography"]
    games.append(game)
json.dump({"version": 1, "users": users, "games": games}, open(sys.argv[2], "w"))
