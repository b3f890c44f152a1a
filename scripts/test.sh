#!/usr/bin/env bash
# The README's second command, and what CI runs (.ci/run): installs what is missing, builds
# everything once, then runs every suite: the engine's tests, the desktop shell's tests,
# the UI's unit tests (Vitest) and the end-to-end test in the real webview.
# Every step runs even if an earlier one failed (except those that need a build that
# failed); the exit status is non-zero if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
START=$(date +%s)
FAILED=()
# Disk: a CI machine has a few GB to spare, and 120 test binaries with debug info take 12 GB.
# The suite builds once and needs no incremental cache; its binaries keep symbols (a panic
# still names the function and its file:line) but carry no debug info.
export CARGO_INCREMENTAL=0 CARGO_PROFILE_DEV_DEBUG=0 CARGO_PROFILE_DEV_STRIP=debuginfo

step() {
  local name=$1; shift
  local t0; t0=$(date +%s)
  echo "==> $name"
  if "$@"; then
    echo "==> $name: ok ($(( $(date +%s) - t0 ))s)"
  else
    echo "==> $name: FAILED ($(( $(date +%s) - t0 ))s)"
    FAILED+=("$name")
    return 1
  fi
}

# The test device's data dir (.cargo/config.toml): every run starts as a new device.
rm -rf target/test-device
step "dependencies (scripts/deps.sh)" bash scripts/deps.sh || { echo "cannot continue without dependencies"; exit 1; }
BUILT=1
step "UI build (vite)" bash -c 'cd ui && npm run --silent build' || BUILT=0
# One build serves every step below: the engine, the CLI and the desktop app (dev profile).
if [ "$BUILT" = 1 ]; then step "cargo build --workspace --locked" cargo build --workspace --locked || BUILT=0; fi
# The sync hub's tests (tests/sync_hub*.rs, tests/sync_archive.rs) start a throwaway PostgreSQL cluster; deps.sh
# installed it, so a missing PostgreSQL fails them instead of skipping them.
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "==> PostgreSQL: $(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1) (the hub tests run)"
else
  echo "==> PostgreSQL NOT FOUND: the hub tests (tests/sync_hub*.rs, tests/sync_archive.rs) will FAIL; run scripts/deps.sh"
fi
# The engine's and the desktop shell's tests in one run: the workspace's features, so the
# build above serves them (a `cargo test` of one package would build the dependencies again).
step "engine and desktop shell tests (cargo test --workspace --locked)" env TDLOG_REQUIRE_PG=1 cargo test --workspace --locked
step "UI unit tests (vitest)" bash -c 'cd ui && npx --no-install vitest run'
step "e2e WebDriver client (retry of dropped requests and transient lookups)" node --test tests/e2e/webdriver.test.mjs
# The results site's verifier (issue 33) against the CLI's real events, tree heads and proofs.
if [ "$BUILT" = 1 ]; then
  step "results site verifier (node --test tests/site/verify.test.mjs)" node --test tests/site/verify.test.mjs
  step "results site scorer against the engine's vectors (node --test tests/site/score.test.mjs)" node --test tests/site/score.test.mjs
  step "results site pages check themselves in headless Chromium (tests/site/site.e2e.mjs)" node --test tests/site/site.e2e.mjs
fi
if [ "$BUILT" = 1 ]; then
  step "end-to-end test in the webview (tests/e2e/run.sh)" bash tests/e2e/run.sh
  step "Doppelkopf evening end to end (tests/e2e/doko.sh)" bash tests/e2e/doko.sh
  step "a whole Doppelkopf evening in the app (tests/e2e/doko.sh evening)" bash tests/e2e/doko.sh evening
  step "a club evening from an empty data dir, in German (tests/e2e/evening.sh)" bash tests/e2e/evening.sh
else
  FAILED+=("end-to-end test (not run: the build failed)")
fi

echo "total time: $(( $(date +%s) - START ))s"
if [ ${#FAILED[@]} -gt 0 ]; then
  printf 'FAILED: %s\n' "${FAILED[@]}"
  exit 1
fi
echo "all test suites passed"
