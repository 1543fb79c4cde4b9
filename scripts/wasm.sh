#!/usr/bin/env bash
# Builds the play and profanity WASM modules into frontend/src/wasm/ (`./dev wasm`): wasm-pack's
# bundler target (which vite-plugin-wasm loads, frontend/vite.config.ts), then binaryen's
# wasm-opt from npm (Debian's breaks wasm-bindgen's output). The play module is built twice:
# Latin only (game/) and with the tables of every script (game-scripts/, loaded when a game
# needs it).
set -euo pipefail
cd "$(dirname "$0")/.."

# The release settings the WASM modules want but the server does not (see Cargo.toml).
export CHRONO_TZ_TIMEZONE_FILTER=America/New_York CARGO_PROFILE_RELEASE_OPT_LEVEL=z \
  CARGO_PROFILE_RELEASE_LTO=true CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
  CARGO_PROFILE_RELEASE_PANIC=abort CARGO_PROFILE_RELEASE_STRIP=debuginfo
# A target directory of their own: the server's release build (other profile settings) can run
# at the same time without waiting for target/'s lock, and neither rebuilds the other's crates.
export CARGO_TARGET_DIR="${LAVALIST_WASM_TARGET_DIR:-$PWD/target/wasm}"

# module CRATE OUT_DIR OUT_NAME [cargo arguments…]
module() {
  local crate=$1 out=$2 name=$3
  shift 3
  wasm-pack build --release --target bundler --no-pack --out-dir "../$out" --out-name "$name" "$crate" -- "$@"
  frontend/node_modules/.bin/wasm-opt -Oz --strip-producers "$out/${name}_bg.wasm" -o "$out/${name}_bg.wasm"
}

module game-wasm frontend/src/wasm/game game_wasm
module profanity-wasm frontend/src/wasm/profanity profanity_wasm
module game-wasm frontend/src/wasm/game-scripts game_scripts --features scripts
