#!/usr/bin/env bash
# Raw and gzipped (gzip -9) sizes of the three WASM modules built by `./dev wasm`: the Latin play
# module, the play module of every script (loaded only for a game or guess in another script)
# and the create page's profanity module.
# With --check, fails when the play module is over its budget (62 KiB gzipped: 60 in issue 2, 2 more
# for the known names of issue 23; issue 43's typed corrections, share words and dispute rule fit
# in it since the form rules left this module for the module of every script).
set -euo pipefail
cd "$(dirname "$0")/.."

budget=63488 # bytes, gzipped, play module only (62 KiB)
check=false
case "${1:-}" in
  --check) check=true ;;
  "") ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

play=frontend/src/wasm/game/game_wasm_bg.wasm
scripts=frontend/src/wasm/game-scripts/game_scripts_bg.wasm
profanity=frontend/src/wasm/profanity/profanity_wasm_bg.wasm

printf '%-48s %10s %10s\n' module raw gzip-9
for file in "$play" "$scripts" "$profanity"; do
  if [ ! -f "$file" ]; then
    echo "missing $file: run ./dev wasm first" >&2
    exit 1
  fi
  printf '%-48s %10d %10d\n' "$file" "$(wc -c <"$file")" "$(gzip -9 -c "$file" | wc -c)"
done

if $check; then
  gz=$(gzip -9 -c "$play" | wc -c)
  if [ "$gz" -gt "$budget" ]; then
    echo "FAIL: the play module is $gz bytes gzipped, over the $budget-byte budget" >&2
    exit 1
  fi
  echo "ok: the play module is $gz bytes gzipped (budget $budget)"
fi
