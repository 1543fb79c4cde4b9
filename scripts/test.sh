#!/usr/bin/env bash
# `./dev test`: every check CI runs (docs/testing.md says what each covers). The steps that need
# neither the other's output nor the whole machine run side by side: the server's test cases
# (mostly waiting on their databases) beside the front end's checks, the contract check beside
# the fuzz targets' build. Each step's wall time goes to target/test-times.txt and is printed at
# the end; a step run beside another writes to a log that is printed when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/tools.sh
source scripts/tools.sh

just=${JUST:-just}
mkdir -p target
times=target/test-times.txt
: >"$times"
started=$SECONDS

# step NAME COMMAND...: runs the command, records its wall time.
step() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  printf '%-34s %5d s   (load %s)\n' "$name" $((SECONDS - start)) "$(cut -d' ' -f1 /proc/loadavg)" >>"$times"
}

# side_by_side NAME1 'COMMAND1' NAME2 'COMMAND2': both at once, each logged; fails if either did.
side_by_side() {
  local logs pids=() names=() status=0 i
  logs=$(mktemp -d)
  while [ $# -gt 0 ]; do
    names+=("$1")
    (step "$1" bash -euo pipefail -c "source scripts/tools.sh; $2") >"$logs/${#pids[@]}.log" 2>&1 &
    pids+=($!)
    shift 2
  done
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then
      echo "== ${names[$i]}: passed"
    else
      echo "== ${names[$i]}: FAILED" >&2
      status=1
    fi
    cat "$logs/$i.log"
  done
  rm -rf "$logs"
  return $status
}

report() {
  local status=$?
  echo
  echo "./dev test step times ($(nproc) cores):"
  cat "$times"
  printf '%-34s %5d s\n' total $((SECONDS - started))
  exit $status
}
trap report EXIT

step check-links node scripts/check-links.mjs
# `wasm` installs wasm-pack, the wasm-bindgen CLI and the front end's packages itself.
# Both Debian installs take apt's lock, so they run one after the other.
step "tools and WASM modules" in_parallel "$just wasm" "ensure_fonts && ensure_chromium" ensure_diesel_cli \
  ensure_cargo_fuzz ensure_schemathesis
step fmt cargo fmt --all --check
step clippy cargo clippy --workspace --all-targets -- -D warnings
step audit node scripts/audit.mjs
pg_isready -q -h 127.0.0.1 -p 5432 ||
  echo "warning: PostgreSQL is not answering on 127.0.0.1:5432; the server's PostgreSQL tests will fail" >&2
step "Rust tests: build" cargo test --workspace --no-run --quiet
side_by_side \
  "Rust tests: run" "cargo test --workspace" \
  "front end: lint, types, vitest, build" \
  "cd frontend && npm run lint && npm run typecheck && npm test && npm run build"
step "size budgets" bash -c "scripts/wasm-size.sh --check && cd frontend && node scripts/budget.mjs --sizes-only --check"
step e2e "$just" e2e
side_by_side \
  "schemathesis" "$just schemathesis" \
  "fuzz targets: build" "export RUSTC_BOOTSTRAP=1; cd fuzz && cargo fuzz build"
step "fuzz: ${FUZZ_SECONDS:-30} s a target" "$just" fuzz all "${FUZZ_SECONDS:-30}"
