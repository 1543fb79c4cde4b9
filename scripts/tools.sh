# Sourced by ./dev and the justfile's recipes: each ensure_* installs one tool if it is missing
# or at the wrong version. Everything comes from crates.io, npm or Debian's packages. Each recipe
# installs only what it uses (the diesel CLI only for `gen-schema` and `test`), and independent
# installs run side by side (`in_parallel`).

export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PWD/.tools/node_modules/.bin:$PATH"

log() { printf '\033[1;34m[tools]\033[0m %s\n' "$*" >&2; }

# Runs each argument (a command line, usually an ensure_* call) in the background and waits for
# all of them; fails, naming them, if any failed. Their output interleaves.
in_parallel() {
  local pids=() names=() failed=() i
  for command in "$@"; do
    (eval "$command") &
    pids+=($!)
    names+=("$command")
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || failed+=("${names[$i]}")
  done
  if [ ${#failed[@]} -gt 0 ]; then
    log "failed: ${failed[*]}"
    return 1
  fi
}

# The front end's toolchain needs the node version frontend/package.json's `engines` names
# (vite 8 and vitest 4 want 20.19 or newer; react-router stays on 7.x: 8.x asks for node 22).
# frontend/.npmrc's engine-strict makes npm refuse any package whose `engines` this node misses.
ensure_node() {
  local wanted
  wanted=$(sed -n 's/.*"node": *">=\([0-9.]*\)".*/\1/p' frontend/package.json)
  if ! command -v node >/dev/null 2>&1; then
    log "node is missing: install node $wanted or newer (with npm)"
    return 1
  fi
  if ! node -e '
    const want = process.argv[1].split(".").map(Number);
    const have = process.versions.node.split(".").map(Number);
    for (const [i, part] of want.entries()) {
      if ((have[i] ?? 0) !== part) process.exit((have[i] ?? 0) > part ? 0 : 1);
    }
  ' "$wanted"; then
    log "node $(node --version) is too old: Lavalist's front end needs node $wanted or newer"
    return 1
  fi
}

ensure_just() {
  command -v just >/dev/null 2>&1 && return
  log "installing just (npm package rust-just)"
  if ! npm install --silent --no-audit --no-fund --prefix .tools rust-just@1 >&2; then
    log "npm failed; building just from crates.io"
    cargo install just --locked
  fi
}

ensure_wasm_target() {
  rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown && return
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
}

# The wasm-bindgen CLI must match the library version Cargo.lock pins, to the patch.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

# The tools below are built from crates.io as debug builds (`--debug`): on a fresh 2-core machine
# that halves their share of `./dev run` (wasm-pack: 130 CPU-seconds instead of 271), and none of
# them does enough work for the optimiser to matter (the wasm-bindgen CLI takes 2 s instead of
# 0.4 s on the largest module).

# wasm-pack builds the modules (scripts/wasm.sh); it runs the wasm-bindgen CLI below.
ensure_wasm_pack() {
  command -v wasm-pack >/dev/null 2>&1 && return
  log "installing wasm-pack"
  cargo install wasm-pack --locked --debug
}

# The wasm-bindgen CLI must match the library version Cargo.lock pins, to the patch.
ensure_wasm_bindgen() {
  local want
  want=$(wasm_bindgen_version)
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$want" ]; then
    log "installing wasm-bindgen-cli $want"
    cargo install wasm-bindgen-cli --version "$want" --force --debug
  fi
}

# npm ci only when package-lock.json changed since the last install.
ensure_node_modules() {
  local dir=$1
  local stamp="$dir/node_modules/.lavalist-lock"
  if [ -f "$stamp" ] && cmp -s "$dir/package-lock.json" "$stamp"; then
    return
  fi
  log "installing npm packages in $dir"
  (cd "$dir" && npm ci --no-audit --no-fund)
  cp "$dir/package-lock.json" "$stamp"
}

# Debian's Chromium for the end-to-end tests (playwright-core drives it; Playwright's own
# browser download is not used). We run as root in CI; `apt-get update` only when needed.
ensure_chromium() {
  [ -x /usr/bin/chromium ] && return
  log "installing chromium (Debian package)"
  if ! apt-get install -y chromium >&2; then
    apt-get update >&2
    apt-get install -y chromium >&2
  fi
}

# The fonts link-preview cards are drawn with (server/src/domains/previews/card.rs): Debian's Noto
# families cover every script of the app's languages (Latin, Greek and Cyrillic, Arabic, Hebrew,
# Devanagari in fonts-noto-core; Japanese, Chinese and Korean in fonts-noto-cjk). The server
# tests render cards in those scripts.
ensure_fonts() {
  [ -f /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf ] &&
    [ -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] && return
  log "installing fonts-noto-core and fonts-noto-cjk (Debian packages)"
  if ! apt-get install -y fonts-noto-core fonts-noto-cjk >&2; then
    apt-get update >&2
    apt-get install -y fonts-noto-core fonts-noto-cjk >&2
  fi
}

# Lighthouse for `just budget`, in .tools/ (12.x: the last line that runs on node 20).
ensure_lighthouse() {
  [ -x .tools/node_modules/.bin/lighthouse ] && return
  log "installing lighthouse (npm)"
  npm install --silent --no-audit --no-fund --prefix .tools lighthouse@12.8.2 >&2
}

# schemathesis (PyPI) in a virtualenv under target/, for `./dev schemathesis`.
SCHEMATHESIS_VENV=$PWD/target/pytools/schemathesis-venv
ensure_schemathesis() {
  [ -x "$SCHEMATHESIS_VENV/bin/schemathesis" ] && return
  log "installing schemathesis (PyPI) in $SCHEMATHESIS_VENV"
  python3 -m venv "$SCHEMATHESIS_VENV"
  "$SCHEMATHESIS_VENV/bin/pip" install --quiet 'schemathesis==4.32.*'
}

# cargo-fuzz for `./dev fuzz` (libFuzzer with AddressSanitizer; RUSTC_BOOTSTRAP=1 lets the
# stable toolchain take its -Z flags).
ensure_cargo_fuzz() {
  command -v cargo-fuzz >/dev/null 2>&1 && return
  log "installing cargo-fuzz"
  cargo install cargo-fuzz --locked --debug
}

# Diesel CLI for `./dev gen-schema` and the schema test (print-schema on both backends; links the
# system's libpq and libsqlite3, whose -dev packages the machines have).
# Its version is the diesel library's in Cargo.lock.
ensure_diesel_cli() {
  local want
  want=$(awk '/^name = "diesel"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
  [ "$(diesel --version 2>/dev/null | awk '/Version:/ {print $2}')" = "$want" ] && return
  log "installing diesel_cli $want"
  cargo install diesel_cli --version "$want" --no-default-features --features postgres,sqlite --locked --debug
}
