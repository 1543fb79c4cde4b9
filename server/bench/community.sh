#!/usr/bin/env bash
# Explore at scale (`./dev bench-server community`, issue 25): wrk against a release build on a
# PostgreSQL database holding BENCH_GAMES community games (default 100,000) and BENCH_RESULTS
# stored results (default 10,000,000), made by server/bench/community-fill.sql. Every listing of
# the explore page (each sort, a category, a language, a search, a deep page) is asked by 16
# connections for BENCH_DURATION; the table gives requests/s and the p99 latency.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=server/bench/health.sh
source server/bench/health.sh

BIN=${BENCH_BIN:-./target/release/lavalist}
DURATION=${BENCH_DURATION:-10s}
GAMES=${BENCH_GAMES:-100000}
RESULTS=${BENCH_RESULTS:-10000000}
# `numbers`: every prompt "Community list number N" (issue 43's data set) instead of the
# 400-word vocabulary; a search's rows below then ask for words of that set.
PROMPTS=${BENCH_PROMPTS:-vocabulary}
PG_BASE=${LAVALIST_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
[ -n "${BENCH_BIN:-}" ] || cargo build --release -p lavalist

# BENCH_KEEP_DB=name reuses (or keeps) a filled database: filling 10 million results takes minutes.
db=${BENCH_KEEP_DB:-lavalist_community_bench_$$}
work=$(mktemp -d)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  [ -n "${BENCH_KEEP_DB:-}" ] || psql "$PG_BASE/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

export DATABASE_URL=$PG_BASE/$db RUST_LOG=warn
if ! psql "$DATABASE_URL" -qc "SELECT 1 FROM games WHERE uid = 'bench1'" 2>/dev/null | grep -q 1; then
  psql "$PG_BASE/postgres" -qc "CREATE DATABASE $db" >/dev/null 2>&1 || true
  $BIN migrate >/dev/null
  echo "filling $GAMES games and $RESULTS results…" >&2
  start=$SECONDS
  psql "$DATABASE_URL" -q -v games="$GAMES" -v results="$RESULTS" -v prompts="$PROMPTS" -v now_ms="$(date +%s000)" \
    -f server/bench/community-fill.sql
  $BIN migrate >/dev/null # a no-op, or a migration's backfill of the counters it adds
  psql "$DATABASE_URL" -qc "VACUUM ANALYZE" -c "CHECKPOINT" >/dev/null
  echo "filled in $((SECONDS - start)) s" >&2
fi

port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
$BIN serve --bind "127.0.0.1:$port" --static-dir "$work" >"$work/server.log" 2>&1 &
server_pid=$!
LOG=$work/server.log wait_for_health "$port" "$server_pid"
url=http://127.0.0.1:$port/api/community-games-paginated

# The cursor a player reaches page 4,000 of Hot with (the `next` of page 3,999), as the server
# would encode it: `h:{hot}:{id}` of the 47,988th game in Hot's order.
deep=$(psql "$DATABASE_URL" -Atc "SELECT 'h:' || hot || ':' || id FROM games
  WHERE kind = 'community' AND status = 'approved' AND public ORDER BY hot DESC, id DESC OFFSET 47987 LIMIT 1")
# The cursor of page 2 of a search matching 11,111 games ("number 5…"), from page 1's `next`.
search_next=$(curl -s "$url?search=number%205" | python3 -c 'import json, sys; print(json.load(sys.stdin)["next"])')

# name | query string | wrk script (server/bench/), if any
listings=${BENCH_LISTINGS:-"hot, first page|
new|sort=new
top, all time|sort=top
top, this week|sort=top&period=week
top, this month|sort=top&period=month
most played|sort=played
a category|category=geography
a language|language=en
hot, page 4,000 by cursor|after=$deep
hot, page 4,000 by number|page=4000
search|search=volcanoes%20of
search, rare word|search=number%2099999
search, a word none has|search=number%20999999
search, unfinished word|search=volc
search, page 2 by cursor|search=number%205&after=$search_next
search and a category|search=rivers&category=geography
a new search each time|sort=hot|search.lua
a vocabulary word each time|sort=hot|search-words.lua"}

# Warm up first (the pool opens its connections, each backend loads its catalogue caches), so the
# first row does not carry the server's start.
wrk -t2 -c16 -d3s "$url" >/dev/null

printf '| %-26s | %10s | %10s | %10s | %s\n' listing "requests/s" "p50" "p99" "first response"
printf '|%s|%s|%s|%s|%s\n' ---------------------------- ------------ ------------ ------------ ---
while IFS='|' read -r name query script; do
  [ -n "$name" ] || continue
  first=$(curl -s "$url?$query" | head -c 120)
  out=$(wrk -t2 -c16 -d"$DURATION" --latency ${script:+-s "server/bench/$script"} "$url?$query")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  grep -h "Non-2xx" <<<"$out" >&2 || true
  printf '| %-26s | %10s | %10s | %10s | %s\n' "$name" "$rps" "$p50" "$p99" "$first"
done <<<"$listings"
