#!/usr/bin/env bash
# Coverage-guided fuzzing: `scripts/fuzz.sh [TARGET|all] [SECONDS]` runs each cargo-fuzz target
# of fuzz/ for SECONDS (default 60), seeded from game-core's vectors and fuzz corpus. The grown
# corpus stays in fuzz/corpus/TARGET (ignored by git) for the next run; a crash leaves its input
# in fuzz/artifacts/TARGET and fails the run: add it as a vector or a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-all}
seconds=${2:-60}
export RUSTC_BOOTSTRAP=1
targets=$(cd fuzz && cargo fuzz list)
if [ "$target" != all ]; then
  grep -qx "$target" <<<"$targets" || { echo "no fuzz target '$target'; targets: $targets" >&2; exit 2; }
  targets=$target
fi
(cd fuzz && cargo fuzz build)
# Targets run side by side, one per core (FUZZ_JOBS overrides), so CI's 30-second runs of every
# target take (targets / cores) x 30 s rather than targets x 30 s.
jobs=${FUZZ_JOBS:-$(nproc)}
mkdir -p fuzz/artifacts
run_target() {
  local t=$1 log="fuzz/artifacts/$1.log"
  mkdir -p "fuzz/corpus/$t"
  # The vectors and the proptest corpus are seeds: real games, logs, forms and hostile texts.
  if ! (cd fuzz && cargo fuzz run "$t" "corpus/$t" ../game-core/tests/vectors ../game-core/tests/fuzz-corpus -- \
    -max_total_time="$seconds" -rss_limit_mb=4096 -print_final_stats=1) >"$log" 2>&1; then
    tail -n 60 "$log" >&2
    echo "fuzz target $t failed: the input is in fuzz/artifacts/$t, the log in $log" >&2
    return 1
  fi
  echo "== $t: ${seconds}s" >&2
  grep -E '^(#[0-9]+[[:space:]]+DONE|Done [0-9]+ runs|stat::number_of_executed_units|stat::peak_rss_mb|INFO: seed corpus)' "$log" >&2 || true
}
failed=0
running=0
for t in $targets; do
  run_target "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
exit "$failed"
