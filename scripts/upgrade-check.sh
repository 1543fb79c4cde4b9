#!/usr/bin/env bash
# A rolling deploy, rehearsed (docs/operations.md, Upgrades): the previous release's
# binary must keep working on the schema the new release migrates to, because for a while both
# run on one PostgreSQL.
#
#   scripts/upgrade-check.sh [REV]
#
# REV, the previous release, defaults to the last commit before the newest one (on the first-
# parent line of HEAD) that changed migrations/: the release that ran before the newest
# migrations existed. It is built in a temporary worktree with its own target folder
# (target/upgrade-check, seeded from target/debug so only the workspace's crates compile; kept
# between runs). Then, on a fresh PostgreSQL database:
#   1. the NEW binary migrates it and seeds it;
#   2. the OLD binary serves it: ready, today's game, a result submitted, sign-up and login, the
#      archive and the stats;
#   3. the NEW binary serves it at the same time, and reads what the old one wrote.
# Any answer other than the expected one fails the check.
set -euo pipefail
cd "$(dirname "$0")/.."

rev=${1:-$(git log --first-parent -1 --format=%H HEAD -- migrations/)^1}
rev=$(git rev-parse --verify "$rev^{commit}")
pg_url=${LAVALIST_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}
old_target=${UPGRADE_CHECK_TARGET:-$PWD/target/upgrade-check}
echo "== upgrade check: previous release $(git log -1 --format='%h %s' "$rev" | cut -c1-100)"

work=$(mktemp -d)
pids=()
db_name=
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  if [[ -n $db_name ]]; then psql "$pg_url/postgres" -qc "DROP DATABASE IF EXISTS $db_name WITH (FORCE)" >/dev/null || true; fi
  git worktree remove --force "$work/src" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The two binaries.
git worktree add --quiet --detach "$work/src" "$rev"
if [[ ! -d $old_target/debug && -d target/debug ]]; then
  mkdir -p "$old_target"
  # A build running meanwhile may remove a file mid-copy: whatever is missing, cargo builds.
  cp -a target/debug "$old_target/debug" 2>/dev/null || echo "(seeded the old release's target partly)"
fi
(cd "$work/src" && CARGO_TARGET_DIR=$old_target cargo build --quiet -p lavalist)
cargo build --quiet -p lavalist
old=$old_target/debug/lavalist
new=$PWD/target/debug/lavalist

# A fresh database, migrated and seeded by the new release.
db_name="lavalist_upgrade_$$"
psql "$pg_url/postgres" -qc "CREATE DATABASE $db_name" >/dev/null
export DATABASE_URL="$pg_url/$db_name" LAVALIST_DATA_DIR="$work/data" LAVALIST_STATIC_DIR="$work" RUST_LOG=${RUST_LOG:-warn}
"$new" migrate
"$new" seed >/dev/null

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
serve() {
  local bin=$1 port=$2
  "$bin" serve --bind "127.0.0.1:$port" >"$work/server-$port.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 200); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null && return; sleep 0.05; done
  echo "$bin did not start" >&2
  exit 1
}
# expect STATUS METHOD URL [BODY]: fails the check on any other status; prints the body.
expect() {
  local want=$1 method=$2 url=$3 body=${4:-} got
  got=$(curl -sS -o "$work/body" -w '%{http_code}' -X "$method" -H 'Content-Type: application/json' \
    ${body:+--data "$body"} "$url")
  if [[ $got != "$want" ]]; then
    echo "FAIL: $method $url answered $got, expected $want: $(head -c 300 "$work/body")" >&2
    exit 1
  fi
  cat "$work/body"
}
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }

smoke() {
  local base=$1 who=$2 today game answers result token signup code
  # The game's day is New York's.
  today=$(TZ=America/New_York date +%F)
  game=$(expect 200 GET "$base/api/game/date/$today")
  answers=$(json '",".join("{\"answerId\":%d,\"guessedCorrectly\":false}" % i["id"] for i in d["items"])' <<<"$game")
  result="{\"answers\":[$answers],\"userKey\":\"upgrade-$who\",\"score\":0,\"date\":\"$today\"}"
  expect 200 POST "$base/api/game/submit" "$result" >/dev/null
  expect 200 POST "$base/api/game/submit" "$result" >/dev/null # a repeat: the same answer
  signup=$(expect 200 POST "$base/api/auth/request-code" \
    "{\"username\":\"$who\",\"email\":\"$who@example.com\",\"password\":\"correct horse battery staple\",\"adult\":true}" |
    json 'd["signupToken"]')
  code=$(grep -l "$who@example.com" "$work"/data/outbox/*.eml | xargs grep -h -o 'code is [0-9]\{6\}' | tail -1 | grep -o '[0-9]\{6\}')
  expect 200 POST "$base/api/auth/verify-code" \
    "{\"email\":\"$who@example.com\",\"code\":\"$code\",\"signupToken\":\"$signup\"}" >/dev/null
  token=$(expect 200 POST "$base/api/auth/login" \
    "{\"email\":\"$who@example.com\",\"password\":\"correct horse battery staple\"}" | json 'd["token"]')
  [[ -n $token ]]
  expect 200 GET "$base/api/previous-days" >/dev/null
  echo "   $who: ready, today's game, submit, repeat, sign-up, login, archive: ok ($today)"
}

old_port=$(free_port)
serve "$old" "$old_port"
expect 200 GET "http://127.0.0.1:$old_port/api/ready" >/dev/null
echo "== the previous release on the new schema"
smoke "http://127.0.0.1:$old_port" oldrelease
new_port=$(free_port)
serve "$new" "$new_port"
echo "== both releases on one database"
smoke "http://127.0.0.1:$new_port" newrelease
smoke "http://127.0.0.1:$old_port" oldagain
expect 200 GET "http://127.0.0.1:$new_port/api/ready" >/dev/null
if grep -h ' ERROR ' "$work"/*.log; then
  echo "FAIL: an error-level line in a server's log" >&2
  exit 1
fi
echo "== upgrade check passed"
