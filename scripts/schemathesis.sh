#!/usr/bin/env bash
# Contract check: schemathesis against /api/openapi.json of the real binary on a fresh, seeded
# database, once per credential (guest, user, admin) and per backend (sqlite, postgres).
#
#   scripts/schemathesis.sh [sqlite|postgres|all] [guest|user|admin|all]
#
# schemathesis lives in a virtualenv under target/pytools (installed from PyPI on first use).
# The binary is target/debug/lavalist (built when LAVALIST_BIN is not set). PostgreSQL: a database
# created and dropped on LAVALIST_TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432).
# Generation is deterministic, with a fixed number of examples per operation
# (SCHEMATHESIS_MAX_EXAMPLES, default 30). Exits non-zero when any run reports a failure.
set -euo pipefail
cd "$(dirname "$0")/.."

backends=${1:-all}
auths=${2:-all}
[[ $backends == all ]] && backends="sqlite postgres"
[[ $auths == all ]] && auths="guest user admin"
max_examples=${SCHEMATHESIS_MAX_EXAMPLES:-30}
pg_url=${LAVALIST_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}

# shellcheck source=scripts/tools.sh
source scripts/tools.sh
ensure_schemathesis
venv=$SCHEMATHESIS_VENV
config=$PWD/scripts/schemathesis.toml

bin=${LAVALIST_BIN:-}
if [[ -z $bin ]]; then
  # The binary of `cargo test --workspace` (same features: `./dev test` builds it once).
  cargo test --workspace --no-run --quiet
  bin=target/debug/lavalist
fi
bin=$(realpath "$bin")

# Both backends side by side (one per core), each in its own process with its own server and
# database; their logs are printed one after the other.
if [[ $backends == "sqlite postgres" ]]; then
  logs=$(mktemp -d)
  LAVALIST_BIN=$bin "$0" sqlite "$auths" >"$logs/sqlite" 2>&1 &
  sqlite_run=$!
  LAVALIST_BIN=$bin "$0" postgres "$auths" >"$logs/postgres" 2>&1 &
  postgres_run=$!
  status=0
  wait "$sqlite_run" || status=1
  wait "$postgres_run" || status=1
  cat "$logs/sqlite" "$logs/postgres"
  rm -rf "$logs"
  exit $status
fi

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# POST JSON, print the body.
post() { curl -sS -X POST -H 'Content-Type: application/json' --data "$2" "$base$1"; }

# Signs up through the outbox and prints the token.
sign_up() {
  local name=$1 email=$2 code signup_token
  signup_token=$(post /api/auth/request-code "{\"username\":\"$name\",\"email\":\"$email\",\"password\":\"correct horse battery staple\",\"adult\":true}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["signupToken"])')
  code=$(grep -h -o 'code is [0-9]\{6\}' "$dir"/data/outbox/*.eml | tail -1 | grep -o '[0-9]\{6\}')
  post /api/auth/verify-code "{\"email\":\"$email\",\"code\":\"$code\",\"signupToken\":\"$signup_token\"}" >/dev/null
  post /api/auth/login "{\"email\":\"$email\",\"password\":\"correct horse battery staple\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}

status=0
pid=
dir=
db_name=
cleanup() {
  if [[ -n $pid ]]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  pid=
  if [[ -n $db_name ]]; then dropdb --if-exists -h 127.0.0.1 -U postgres "$db_name" || true; fi
  db_name=
  if [[ -n $dir ]]; then rm -rf "$dir"; fi
  dir=
}
trap cleanup EXIT

for backend in $backends; do
  for auth in $auths; do
    dir=$(mktemp -d)
    if [[ $backend == postgres ]]; then
      db_name="lavalist_schemathesis_$$_${auth}"
      createdb -h 127.0.0.1 -U postgres "$db_name"
      export DATABASE_URL="$pg_url/$db_name"
    else
      export DATABASE_URL="$dir/lavalist.db"
    fi
    export LAVALIST_DATA_DIR="$dir/data" LAVALIST_STATIC_DIR="$dir" RUST_LOG=${RUST_LOG:-error}
    "$bin" seed >/dev/null
    port=$(free_port)
    base="http://127.0.0.1:$port"
    "$bin" serve --bind "127.0.0.1:$port" >"$dir/server.log" 2>&1 &
    pid=$!
    for _ in $(seq 200); do curl -fs "$base/api/health" >/dev/null && break; sleep 0.05; done

    headers=()
    # Logging out voids the run's own token, and every later request would be a guest's: with
    # credentials, logout is left to the guest run (its 401) and to server/tests/all/accounts_api.rs.
    keep_token=(--exclude-path /api/auth/logout)
    case $auth in
      guest) keep_token=() ;;
      user) headers=(--header "Authorization: Bearer $(sign_up player player@example.com)") ;;
      admin)
        token=$(sign_up boss boss@example.com)
        "$bin" admin grant boss@example.com >/dev/null
        # Tokens carry no role: the same token is an admin's from now on.
        headers=(--header "Authorization: Bearer $token")
        ;;
    esac

    echo "== schemathesis: $backend, $auth"
    start=$SECONDS
    # Run from the scratch directory: schemathesis keeps a .schemathesis/ cache in its working
    # directory, and a fresh one keeps runs independent of earlier ones.
    # shellcheck disable=SC2086
    if ! (cd "$dir" && "$venv/bin/schemathesis" --config-file "$config" run "$base/api/openapi.json" \
      "${headers[@]}" "${keep_token[@]}" --generation-deterministic --max-examples "$max_examples" --no-color \
      ${SCHEMATHESIS_ARGS:-}); then
      status=1
      echo "server log: last lines" >&2
      tail -5 "$dir/server.log" >&2
    fi
    echo "== $backend, $auth: $((SECONDS - start)) s"
    cleanup
  done
done
exit $status
