#!/usr/bin/env bash
# End-to-end test of the Doppelkopf club evening in the real webview (issue 16): Xvfb +
# tauri-driver + WebKitWebDriver, driven by tests/e2e/doko.e2e.mjs. The evening is made by
# scripts/make-doko-demo.sh in a temp dir; this device is the demo Schiedsrichter (td1), the
# Schiedsgericht's key (committee1) is there for "sign as". Screenshots go to
# artifacts/e2e-doko/; with UPDATE_SCREENSHOTS=1 they are also copied to docs/screenshots/.
# Prints `N passed, N failed` last, and the measured entry times.
#
# `doko.sh evening`: the acceptance of a whole evening instead (tests/e2e/doko_evening.e2e.mjs):
# from an empty data dir, as a new Schiedsrichter's first start: the device key, the log, the
# enrolments, the draw, the plans, every game, the corrections and the standings are made in
# the app; the other keys are made by the CLI (`tdlog key new`, as on their holders'
# devices); of the card-by-card games of table 1, three are imported by the CLI (TDLOG_CLI)
# while the app runs and two typed into the app's card-by-card form.
set -euo pipefail
MODE=${1:-demo}
cd "$(dirname "$0")/../.."
ROOT=$PWD
APP=${TDLOG_APP:-$ROOT/target/debug/tdlog-desktop}
ART=$ROOT/artifacts/e2e-doko
PATH="$HOME/.cargo/bin:$PATH"

fail() { echo "e2e-doko: $*" >&2; echo "0 passed, 1 failed"; exit 1; }
# Starting tauri-driver (start_driver, stop_driver).
. tests/e2e/driver.sh
[ -x "$APP" ] || fail "no app at $APP (cargo build --workspace first)"
for tool in tauri-driver WebKitWebDriver Xvfb node; do
  command -v "$tool" >/dev/null || fail "$tool is missing (bash scripts/deps.sh installs it)"
done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/tdlog-e2e-doko.XXXXXX")
XVFB_PID=""; DRIVER_PID=""
cleanup() {
  stop_driver
  if [ -n "$XVFB_PID" ]; then kill "$XVFB_PID" 2>/dev/null || true; wait "$XVFB_PID" 2>/dev/null || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT

mkdir -p "$TMP/data" "$TMP/cli-keys" "$TMP/work"
if [ "$MODE" = evening ]; then
  # An empty data dir: the app's first start (it opens its bridge demo).
  ART=$ROOT/artifacts/e2e-doko-evening
else
  mkdir -p "$TMP/data/keys"
  bash scripts/make-doko-demo.sh "$TMP/abend.tdlog" >/dev/null
  bash scripts/make-doko-demo.sh --fresh "$TMP/neu.tdlog" >/dev/null
  install -m 600 fixtures/demo/keys/td1.key "$TMP/data/device.key"
  install -m 600 fixtures/demo/keys/committee1.key "$TMP/data/keys/committee1.key"
  # Not the first start (no demo opened): the log named on the command line opens.
  echo '[]' >"$TMP/data/recent.json"
fi

rm -rf "$ART"; mkdir -p "$ART"
DISP=$(( 90 + RANDOM % 200 ))
while [ -e "/tmp/.X11-unix/X$DISP" ] || [ -e "/tmp/.X$DISP-lock" ]; do DISP=$((DISP + 1)); done
Xvfb ":$DISP" -screen 0 1280x900x24 -nolisten tcp >"$ART/xvfb.log" 2>&1 &
XVFB_PID=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$DISP" ] && break; sleep 0.1; done
start_driver "$ART/tauri-driver.log" DISPLAY=":$DISP" NO_AT_BRIDGE=1 TDLOG_DATA_DIR="$TMP/data" \
  || fail "tauri-driver did not start (see $ART/tauri-driver.log)"

set +e
START=$(date +%s)
if [ "$MODE" = evening ]; then
  TDLOG_APP="$APP" TDLOG_CLI="$ROOT/target/debug/tdlog" E2E_CLI_DATA="$TMP/cli" E2E_KEYS="$TMP/cli-keys" \
    E2E_FIXTURE="$ROOT/fixtures/doko/round16" E2E_ARTIFACTS="$ART" E2E_LOG="$TMP/work/doppelkopfabend.tdlog" \
    WEBDRIVER_URL="http://127.0.0.1:$PORT" timeout 900 node tests/e2e/doko_evening.e2e.mjs
else
  TDLOG_APP="$APP" E2E_ARTIFACTS="$ART" E2E_LOG="$TMP/abend.tdlog" E2E_FRESH_LOG="$TMP/neu.tdlog" WEBDRIVER_URL="http://127.0.0.1:$PORT" \
    timeout 600 node tests/e2e/doko.e2e.mjs
fi
STATUS=$?
echo "e2e-doko ($MODE): $(( $(date +%s) - START )) s wall time" >&2
set -e
if [ "$STATUS" = 124 ]; then echo "e2e-doko: timed out"; echo "0 passed, 1 failed"; fi
if [ "${UPDATE_SCREENSHOTS:-}" = 1 ] && [ "$STATUS" = 0 ]; then
  mkdir -p docs/screenshots
  cp "$ART"/doko-*.png docs/screenshots/
  echo "e2e-doko: screenshots copied to docs/screenshots/"
fi
exit "$STATUS"
