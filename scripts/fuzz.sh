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
for t in $targets; do
  mkdir -p "fuzz/corpus/$t"
  echo "== $t: ${seconds}s" >&2
  log="fuzz/artifacts/$t.log"
  mkdir -p fuzz/artifacts
  # The vectors and the proptest corpus are seeds: real games, logs, forms and hostile texts.
  if ! (cd fuzz && cargo fuzz run "$t" "corpus/$t" ../game-core/tests/vectors ../game-core/tests/fuzz-corpus -- \
    -max_total_time="$seconds" -rss_limit_mb=4096 -print_final_stats=1) >"$log" 2>&1; then
    tail -n 60 "$log" >&2
    echo "fuzz target $t failed: the input is in fuzz/artifacts/$t, the log in $log" >&2
    exit 1
  fi
  grep -E '^(#[0-9]+[[:space:]]+DONE|Done [0-9]+ runs|stat::number_of_executed_units|stat::peak_rss_mb|INFO: seed corpus)' "$log" >&2 || true
done
