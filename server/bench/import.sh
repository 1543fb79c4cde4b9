#!/usr/bin/env bash
# `lavalist games import` at scale (issue 43, point 7): a catalogue of BENCH_GAMES games (default
# 100,000, 10 items each; server/bench/catalogue.py) imported into a fresh SQLite file and a fresh
# PostgreSQL database by a release build; prints each backend's seconds and the load.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BENCH_BIN:-./target/release/lavalist}
GAMES=${BENCH_GAMES:-100000}
PG_BASE=${LAVALIST_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}
[ -n "${BENCH_BIN:-}" ] || cargo build --release -p lavalist
work=$(mktemp -d)
db=lavalist_import_bench_$$
cleanup() {
  psql "$PG_BASE/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
python3 server/bench/catalogue.py "$GAMES" "$work/catalogue.json"
export RUST_LOG=warn
time_import() {
  DATABASE_URL=$1 $BIN migrate >/dev/null
  local start=$(date +%s.%N)
  DATABASE_URL=$1 $BIN games import "$work/catalogue.json"
  echo "$2: $(echo "$(date +%s.%N) - $start" | bc) s ($GAMES games; load $(cut -d' ' -f1-3 /proc/loadavg))"
}
time_import "$work/import.db" sqlite
psql "$PG_BASE/postgres" -qc "CREATE DATABASE $db" >/dev/null
time_import "$PG_BASE/$db" postgres
