#!/usr/bin/env bash
# Server load benchmark (`just bench-server`): wrk against a release build on loopback, on
# SQLite and on PostgreSQL. Prints one table; numbers go to docs/performance.md.
#   GET  /api/game/date/{today}        requests/s
#   POST /api/game/submit              requests/s, distinct userKeys
#   GET  /api/game/stats               p99 latency with 1,000 and 1,000,000 stored results
# Then the guard: PostgreSQL's submit rate over SQLite's in this same run (both share the
# machine's load), with a loud warning below BENCH_MIN_RATIO (0.5), and the line that
# docs/performance.md records of the run (date, commit, load).
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=server/bench/health.sh
source server/bench/health.sh

# BENCH_BIN runs a given build instead (e.g. an older commit's, to compare in one session).
BIN=${BENCH_BIN:-./target/release/lavalist}
DURATION=${BENCH_DURATION:-10s}
PG_BASE=${LAVALIST_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}
BIG=${BENCH_BIG:-1000000}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
[ -n "${BENCH_BIN:-}" ] || cargo build --release -p lavalist

work=$(mktemp -d)
server_pid=
pg_db=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  [ -n "$pg_db" ] && psql "$PG_BASE/postgres" -qc "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

today=$(TZ=America/New_York date +%F)
day_before() { TZ=America/New_York date -d "$today - $1 day" +%F; }
small_day=$(day_before 1)
big_day=$(day_before 2)

catalogue() {
  local games=() d
  for d in "$today" "$small_day" "$big_day"; do
    local items=() i
    for i in $(seq 1 10); do items+=("{\"name\": \"bench item $d $i\"}"); done
    games+=("{\"type\": \"daily\", \"prompt\": \"Bench game $d\", \"submitter\": \"bench\", \"daily_date\": \"$d\", \"items\": [$(IFS=,; echo "${items[*]}")]}")
  done
  echo "{\"version\": 1, \"games\": [$(IFS=,; echo "${games[*]}")]}"
}
catalogue > "$work/catalogue.json"

declare -A submits=()

rps() { awk '/Requests\/sec/ {print $2}'; }
p99() { awk '$1 == "99%" {print $2}'; }

run_backend() {
  local name=$1
  export DATABASE_URL=$2 RUST_LOG=warn LAVALIST_SUBMISSIONS_PER_IP_PER_HOUR=0
  $BIN migrate >/dev/null
  $BIN games import "$work/catalogue.json" >/dev/null
  $BIN bench-fill --date "$small_day" --count 1000 >/dev/null
  echo "[$name] storing $BIG results for $big_day…" >&2
  $BIN bench-fill --date "$big_day" --count "$BIG" >/dev/null
  if [ "$name" = postgres ]; then
    # Measure the server, not autovacuum catching up with a million fresh rows.
    psql "$DATABASE_URL" -qc "VACUUM ANALYZE" -c "CHECKPOINT" >/dev/null
  fi
  local port
  port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
  $BIN serve --bind "127.0.0.1:$port" --static-dir "$work" >"$work/$name.log" 2>&1 &
  server_pid=$!
  LOG=$work/$name.log wait_for_health "$port" "$server_pid" "$name"
  local url=http://127.0.0.1:$port
  local get submit small big
  get=$(wrk -t2 -c64 -d"$DURATION" "$url/api/game/date/$today" | rps)
  small=$(wrk -t1 -c4 -d"$DURATION" --latency "$url/api/game/stats?date=$small_day&userKey=bench-500" | p99)
  big=$(wrk -t1 -c4 -d"$DURATION" --latency "$url/api/game/stats?date=$big_day&userKey=bench-500000" | p99)
  # Writes last: their aftermath (checkpoints, vacuum) would otherwise weigh on the reads.
  submit=$(BENCH_DATE=$today wrk -t2 -c64 -d"$DURATION" -s server/bench/submit.lua "$url" | tee "$work/submit-$name.txt" | rps)
  grep -h "non-2xx" "$work/submit-$name.txt" >&2 || true
  printf '| %-10s | %12s | %12s | %14s | %16s |\n' "$name" "$get" "$submit" "$small" "$big"
  submits[$name]=$submit
  kill "$server_pid"; wait "$server_pid" || true; server_pid=
}

printf '| %-10s | %12s | %12s | %14s | %16s |\n' backend "GET today/s" "submit/s" "stats p99 1k" "stats p99 $BIG"
printf '|%s|%s|%s|%s|%s|\n' ------------ -------------- -------------- ---------------- ------------------
backends=${BENCH_BACKENDS:-sqlite postgres}
if [[ " $backends " == *" sqlite "* ]]; then
  run_backend sqlite "$work/bench.db"
fi
if [[ " $backends " == *" postgres "* ]]; then
  pg_db="lavalist_bench_$$"
  psql "$PG_BASE/postgres" -qc "CREATE DATABASE $pg_db" >/dev/null
  run_backend postgres "$PG_BASE/$pg_db"
fi

# The guard: PostgreSQL's submissions against SQLite's, measured minutes apart on one machine.
if [ -n "${submits[sqlite]:-}" ] && [ -n "${submits[postgres]:-}" ]; then
  min_ratio=${BENCH_MIN_RATIO:-0.5}
  ratio=$(awk -v pg="${submits[postgres]}" -v lite="${submits[sqlite]}" 'BEGIN { printf "%.2f", (lite > 0 ? pg / lite : 0) }')
  echo
  echo "submit ratio PostgreSQL/SQLite: $ratio (${submits[postgres]} / ${submits[sqlite]} results/s; floor $min_ratio)"
  if awk -v r="$ratio" -v m="$min_ratio" 'BEGIN { exit !(r < m) }'; then
    {
      echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
      echo "!!! WARNING: PostgreSQL submits at $ratio x SQLite's rate, below $min_ratio."
      echo "!!! A regression of the batch writer (server/src/domains/submissions/batch.rs)? Sample"
      echo "!!! pg_stat_activity during the submit run: a statement per result means per-row work."
      echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
    } >&2
    below=1
  fi
fi
echo "run: $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo '+changes'), load $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores, ${DURATION} per phase, $BIG stored results"
if [ -n "${below:-}" ] && [ -n "${BENCH_STRICT:-}" ]; then exit 1; fi
