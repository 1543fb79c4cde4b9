#!/usr/bin/env bash
# Group boards benchmark: a 200-member group with a year of daily play (long action logs) on
# SQLite and on PostgreSQL, against a release build on loopback. For each backend: the time to
# generate and to summarise the rows (the start-up backfill), then the latency (p50, p99, max)
# of GET /api/groups/{id}/boards (open and locked) and GET /api/group-ranks under CONNECTIONS
# concurrent clients, and the server's peak RSS (VmHWM). Figures go to docs/performance.md (Group boards).
#   BENCH_BIN=path   another build (e.g. an older commit's)
#   BENCH_SECONDS=20 each load's duration;  BENCH_CONNECTIONS=4;  BENCH_BACKENDS="sqlite postgres"
#   BENCH_MEMBERS=200 BENCH_DAYS=365
#   BENCH_LIMITS=boards-ip=off,boards-account=off   the limiter's buckets. The default,
#     5000/1s, is production-shaped: every request counted and checked, a few hundred events
#     per key in the window as production's 600 and 120 per 10 minutes allow, never full. A
#     huge limit over a long window (100000000/1m) measures the limiter stepping over a
#     minute of events, not the boards.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=server/bench/health.sh
source server/bench/health.sh

BIN=${BENCH_BIN:-./target/release/lavalist}
SECONDS_EACH=${BENCH_SECONDS:-20}
CONNECTIONS=${BENCH_CONNECTIONS:-4}
MEMBERS=${BENCH_MEMBERS:-200}
DAYS=${BENCH_DAYS:-365}
PG_BASE=${LAVALIST_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}
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

load() { python3 server/bench/boards_load.py 127.0.0.1 "$1" "$2" "$3" "$CONNECTIONS" "$SECONDS_EACH"; }

run_backend() {
  local name=$1
  # The limiter's buckets are counted (one small write per request) but never full, with about
  # as many events per key in the window as production's limits allow.
  export DATABASE_URL=$2 RUST_LOG=warn LAVALIST_DATA_DIR=$work/data-$name \
    LAVALIST_RATE_LIMITS=${BENCH_LIMITS:-boards-ip=5000/1s,boards-account=5000/1s}
  echo "[$name] generating $MEMBERS members x $DAYS days…" >&2
  local ids group viewer locked
  ids=$($BIN bench-boards --members "$MEMBERS" --days "$DAYS")
  group=$(sed -n 's/.*group=\([0-9]*\).*/\1/p' <<<"$ids")
  viewer=$(sed -n 's/.*viewer=\([^ ]*\).*/\1/p' <<<"$ids")
  locked=$(sed -n 's/.*locked=\([^ ]*\).*/\1/p' <<<"$ids")
  [ "$name" = postgres ] && psql "$DATABASE_URL" -qc "VACUUM ANALYZE" >/dev/null
  local port
  port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
  $BIN serve --bind "127.0.0.1:$port" --static-dir "$work" >"$work/$name.log" 2>&1 &
  server_pid=$!
  LOG=$work/$name.log wait_for_health "$port" "$server_pid"
  curl -sf -H "Authorization: Bearer $viewer" "http://127.0.0.1:$port/api/groups/$group/boards" \
    | python3 -c "import json,sys; b=json.load(sys.stdin); print('[check] today rows', len(b['today']['rows']), 'all-time rows', len(b['allTime']), 'played by first', b['allTime'][0]['played'], file=sys.stderr)"
  local rss_before open lock ranks
  rss_before=$(awk '/VmRSS/ {print $2}' "/proc/$server_pid/status")
  open=$(load "$port" "/api/groups/$group/boards" "$viewer")
  lock=$(load "$port" "/api/groups/$group/boards" "$locked")
  ranks=$(load "$port" "/api/group-ranks" "$viewer")
  local hwm
  hwm=$(awk '/VmHWM/ {print $2}' "/proc/$server_pid/status")
  for row in "boards (open)|$open" "boards (locked)|$lock" "group-ranks|$ranks"; do
    IFS='|' read -r what figures <<<"$row"
    read -r n fail p50 p99 max <<<"$figures"
    printf '| %-8s | %-15s | %8s | %5s | %7s | %7s | %7s | %9s | %9s |\n' \
      "$name" "$what" "$n" "$fail" "$p50" "$p99" "$max" "$((rss_before / 1024)) MB" "$((hwm / 1024)) MB"
  done
  kill "$server_pid"; wait "$server_pid" || true; server_pid=
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores; $CONNECTIONS connections, ${SECONDS_EACH}s each" >&2
printf '| %-8s | %-15s | %8s | %5s | %7s | %7s | %7s | %9s | %9s |\n' backend request requests non200 "p50 ms" "p99 ms" "max ms" "RSS start" "peak RSS"
printf '|%s|%s|%s|%s|%s|%s|%s|%s|%s|\n' ---------- ----------------- ---------- ------- --------- --------- --------- ----------- -----------
backends=${BENCH_BACKENDS:-sqlite postgres}
if [[ " $backends " == *" sqlite "* ]]; then
  run_backend sqlite "$work/bench.db"
fi
if [[ " $backends " == *" postgres "* ]]; then
  pg_db="lavalist_bench_boards_$$"
  psql "$PG_BASE/postgres" -qc "CREATE DATABASE $pg_db" >/dev/null
  run_backend postgres "$PG_BASE/$pg_db"
fi
echo "run: $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo '+changes'), load $(cut -d' ' -f1-3 /proc/loadavg) at the end, limits ${BENCH_LIMITS:-boards-ip=5000/1s,boards-account=5000/1s}" >&2
