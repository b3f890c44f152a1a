#!/usr/bin/env bash
# Issue 28's acceptance in the real webview (tests/e2e/evening.e2e.mjs): a new TD's club
# evening from an empty data dir, in German (set-up, movement, hand records, every traveller
# line by keyboard, a ruling with an adjusted score, publication; the ranking equals `tdlog
# ranking` and the written PBN scores the same in endplay), a teams match with captains and an
# appeal, and the game-aware menu and Law 68D's refusal. Xvfb + tauri-driver +
# WebKitWebDriver. Screenshots go to artifacts/e2e-evening/; with UPDATE_SCREENSHOTS=1 they
# are also copied to docs/screenshots/. Prints `N passed, N failed` last, and the time per
# traveller line.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
APP=${TDLOG_APP:-$ROOT/target/debug/tdlog-desktop}
CLI=${TDLOG_CLI:-$ROOT/target/debug/tdlog}
ART=$ROOT/artifacts/e2e-evening
PATH="$HOME/.cargo/bin:$PATH"

fail() { echo "e2e-evening: $*" >&2; echo "0 passed, 1 failed"; exit 1; }
. tests/e2e/driver.sh
[ -x "$APP" ] || fail "no app at $APP (cargo build --workspace first)"
[ -x "$CLI" ] || fail "no tdlog CLI at $CLI"
for tool in tauri-driver WebKitWebDriver Xvfb node; do
  command -v "$tool" >/dev/null || fail "$tool is missing (bash scripts/deps.sh installs it)"
done
PY=${TDLOG_PY:-$HOME/.cache/tdlog/py}/bin/python
"$PY" -c "import endplay" 2>/dev/null || fail "endplay (PyPI) is missing from $PY: bash scripts/deps.sh installs it"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/tdlog-e2e-evening.XXXXXX")
XVFB_PID=""; DRIVER_PID=""
cleanup() {
  stop_driver
  if [ -n "$XVFB_PID" ]; then kill "$XVFB_PID" 2>/dev/null || true; wait "$XVFB_PID" 2>/dev/null || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT

# An empty data dir: the app's first start (it opens its demo, signed as the copy is made).
mkdir -p "$TMP/data" "$TMP/work" "$TMP/cli"
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
TDLOG_APP="$APP" TDLOG_CLI="$CLI" E2E_CLI_DATA="$TMP/cli" E2E_WORK="$TMP/work" E2E_ARTIFACTS="$ART" \
  E2E_HANDS="$ROOT/fixtures/pbn/club-evening-hands.pbn" E2E_PYTHON="$PY" WEBDRIVER_URL="http://127.0.0.1:$PORT" \
  timeout 900 node tests/e2e/evening.e2e.mjs
STATUS=$?
echo "e2e-evening: $(( $(date +%s) - START )) s wall time" >&2
set -e
if [ "$STATUS" = 124 ]; then echo "e2e-evening: timed out"; echo "0 passed, 1 failed"; fi
if [ "${UPDATE_SCREENSHOTS:-}" = 1 ] && [ "$STATUS" = 0 ]; then
  mkdir -p docs/screenshots
  cp "$ART"/*.png docs/screenshots/
  echo "e2e-evening: screenshots copied to docs/screenshots/"
fi
exit "$STATUS"
