# Lavalist tasks. Use through ./dev (it installs just and the other tools first).

set shell := ["bash", "-euo", "pipefail", "-c"]

tools := "source scripts/tools.sh"

default:
    @just --list

# Install the tools building and running the app need, side by side: wasm-pack and the
# wasm-bindgen CLI (built from crates.io) and the front end's npm packages. The diesel CLI is
# not among them: only `gen-schema` and `test` (server/tests/all/schema.rs) use it, and they install it.
setup:
    {{tools}}; ensure_node; ensure_wasm_target; in_parallel ensure_wasm_pack ensure_wasm_bindgen "ensure_node_modules frontend"

# Build the play and profanity WASM modules into frontend/src/wasm/ (scripts/wasm.sh: wasm-pack's
# bundler target, then wasm-opt).
wasm: setup
    scripts/wasm.sh

# Build the front end and the server binary. The server's release build (most of the time on a
# fresh machine) needs none of the tools: it runs while they install and the front end builds.
build:
    {{tools}}; ensure_node; \
      cargo build --release -p lavalist & server=$!; \
      front() { {{just_executable()}} wasm && (cd frontend && npm run build); }; \
      front || { kill "$server" 2>/dev/null; exit 1; }; \
      wait "$server"

# Build everything and start the app on http://localhost:8080 (SQLite in ./data/lavalist.db,
# seeded on every start: seeding only fills days that have no game yet). The server is the
# debug build, the one `./dev test` builds too: on a fresh 2-core machine it costs 350
# CPU-seconds where the release build's optimiser and link-time optimisation cost several times
# that. For production, `./dev build` makes the release binary (docs/operations.md). The Noto
# fonts draw the link-preview cards in every script of the app's languages; without them the app
# still runs. They install (Debian packages, a download) while everything builds.
run:
    {{tools}}; ensure_node; \
      { ensure_fonts || log "could not install the Noto fonts; link-preview cards use the system's fonts"; } & fonts=$!; \
      cargo build -p lavalist & server=$!; \
      front() { {{just_executable()}} wasm && (cd frontend && npm run build); }; \
      front || { kill "$server" 2>/dev/null; exit 1; }; \
      wait "$server"; wait "$fonts" || true
    ./target/debug/lavalist seed
    ./target/debug/lavalist serve --bind 127.0.0.1:8080 --static-dir frontend/dist

# Every check CI runs (scripts/test.sh; docs/testing.md says what each step covers and which run
# side by side): links in the docs, formatting, lints, Rust tests, WASM vectors, front-end tests,
# the size budgets, the end-to-end suite, the contract check and the fuzz targets. The server
# tests run every case on SQLite and on PostgreSQL: each PostgreSQL case creates its own
# database on LAVALIST_TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432) and drops
# it afterwards. Each step's wall time is printed at the end (and kept in target/test-times.txt).
test:
    JUST={{just_executable()}} scripts/test.sh

# Faults an operator will meet, on the real binary (about 1 minute; also part of `cargo test`
# above, so `test` and CI run them): PostgreSQL crashed and restarted under 16 writers (its own
# server from /usr/lib/postgresql/15/bin on its own port, never the machine's), its connections
# killed mid-batch, a locked table, SQLite's disk full (a tmpfs the test mounts: needs root) and
# its write lock held. Figures: docs/performance.md (Faults, measured); `./dev faults --nocapture` prints them.
faults *args:
    cargo test -p lavalist --test process --test all -- faults:: migrations_additive:: {{args}}

# A rolling deploy rehearsed: the previous release's binary (REV, default: the release before
# the newest migration) serves the schema this tree migrates to, next to this tree's binary, on
# a fresh PostgreSQL database. Builds REV in a temporary worktree (target/upgrade-check): minutes.
# Not part of `test`; run it before merging a migration. See docs/operations.md, Upgrades.
upgrade-check rev="":
    scripts/upgrade-check.sh {{rev}}

# Dependency audit: cargo audit and npm audit when their databases answer (they do not from
# machines that reach only the package registries), else offline checks of both lock files
# against scripts/advisories.json, registry-only sources and no wildcard versions.
audit:
    node scripts/audit.mjs

# The OpenAPI document is the contract: schemathesis (all phases, stateful links included)
# against the real binary's /api/openapi.json on fresh seeded SQLite and PostgreSQL databases,
# as guest, user and admin; 0 failures or it fails (about 1.5 minutes). Arguments narrow it:
# `./dev schemathesis sqlite admin`. See scripts/schemathesis.sh and scripts/schemathesis.toml.
schemathesis backend="all" auth="all":
    scripts/schemathesis.sh {{backend}} {{auth}}

# Needs `./dev wasm` and the built front end (`test` provides both); screenshots go to artifacts/.
# End-to-end tests in Debian's Chromium against the real server on a fresh SQLite database.
e2e:
    {{tools}}; ensure_chromium; ensure_node_modules frontend
    # The binary `cargo test --workspace` builds (same features, so `test` does not build it twice).
    cargo test --workspace --no-run --quiet
    cd frontend && LAVALIST_BIN=../target/debug/lavalist npm run e2e

# Rewrite server/src/platform/schema.rs as Diesel CLI's print-schema of the PostgreSQL migrations (see
# diesel.toml) on a fresh database; server/tests/all/schema.rs checks it against both backends.
gen-schema:
    {{tools}}; ensure_diesel_cli
    db="lavalist_schema_$$"; base="${LAVALIST_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}"; \
      psql "$base/postgres" -qc "CREATE DATABASE $db"; \
      trap 'psql "$base/postgres" -qc "DROP DATABASE IF EXISTS $db"' EXIT; \
      diesel migration run --database-url "$base/$db"

# Coverage-guided fuzzing (cargo-fuzz, libFuzzer + AddressSanitizer) of the targets in fuzz/:
# `./dev fuzz` runs each for 60 s, `./dev fuzz replay 600` one for ten minutes. A crash fails
# the run and leaves its input in fuzz/artifacts/TARGET. See scripts/fuzz.sh.
fuzz target="all" seconds="60":
    {{tools}}; ensure_cargo_fuzz
    scripts/fuzz.sh {{target}} {{seconds}}

# Regenerate the front end's wire types (frontend/src/api/generated/index.ts) from the Rust
# types in api/ and game-core/; `test` fails while the checked-in file differs.
gen-ts:
    LAVALIST_UPDATE_TS=1 cargo test -p lavalist-api --test typescript

# The settings table of docs/operations.md is generated from Config (server/src/platform/config/mod.rs);
# server/tests/all/settings_docs.rs fails while it differs.
# Regenerate the settings table of docs/operations.md from server/src/platform/config/mod.rs.
gen-docs:
    LAVALIST_UPDATE_DOCS=1 cargo test -p lavalist --test all settings_docs::

# The markup the server paints into `/` in each language (frontend/src/test/paintedHome.json),
# which src/features/game/earlyGuesses.test.tsx compares with the app's components; the
# server's spa tests fail while the checked-in file differs.
gen-painted:
    LAVALIST_UPDATE_PAINTED=1 cargo test -p lavalist --lib spa::home

# Check that every relative link and #anchor in the tracked Markdown files resolves.
check-links:
    node scripts/check-links.mjs

# Benchmarks: native guess (criterion) and the same through WASM in node.
bench: wasm
    cargo bench -p game-core --bench guess
    cd frontend && npm run bench

# Server load benchmarks with wrk; figures in docs/performance.md. `core`: today's game,
# submissions and stats on SQLite and PostgreSQL; `community`: every explore listing with 100,000
# community games and 10 million results on PostgreSQL (filling it takes minutes).
bench-server suite="all":
    if [ "{{suite}}" != community ]; then server/bench/bench.sh; fi
    if [ "{{suite}}" != core ]; then server/bench/community.sh; fi

# Front-end budget (docs/performance.md): initial JS + CSS gzipped (fails above 115 KB: react-router
# and the i18n runtime included), time from navigation to the first guess accepted in
# Chromium, and Lighthouse mobile scores.
budget: build
    {{tools}}; ensure_chromium; ensure_lighthouse
    cd frontend && node scripts/budget.mjs --check
