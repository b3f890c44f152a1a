#!/usr/bin/env bash
# End-to-end test of the desktop app in the real webview: Xvfb + tauri-driver +
# WebKitWebDriver, driven by tests/e2e/app.e2e.mjs (plain WebDriver over HTTP).
#
# Needs a built app (target/debug/tdlog-desktop, with ui/dist embedded) and the tdlog CLI.
# Works on a temp copy of the demo tournament, and a temp data dir holding the demo TD
# key as this device's key: fixtures are never written. Screenshots go to artifacts/e2e/;
# with UPDATE_SCREENSHOTS=1 they are also copied to docs/screenshots/.
# Prints `N passed, N failed` last; exit 0 only if everything passed.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
APP=${TDLOG_APP:-$ROOT/target/debug/tdlog-desktop}
CLI=${TDLOG_CLI:-$ROOT/target/debug/tdlog}
ART=$ROOT/artifacts/e2e
PATH="$HOME/.cargo/bin:$PATH"

fail() { echo "e2e: $*" >&2; echo "0 passed, 1 failed"; exit 1; }
# Starting tauri-driver (start_driver, stop_driver).
. tests/e2e/driver.sh
[ -x "$APP" ] || fail "no app at $APP (cargo build --workspace first)"
[ -x "$CLI" ] || fail "no tdlog CLI at $CLI"
for tool in tauri-driver WebKitWebDriver Xvfb node; do
  command -v "$tool" >/dev/null || fail "$tool is missing (bash scripts/deps.sh installs it)"
done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/tdlog-e2e.XXXXXX")
XVFB_PID=""; DRIVER_PID=""; LATE_PID=""; PGTMP=""; PGBIN=""
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
cleanup() {
  if [ -n "$PGTMP" ]; then as_pg "$PGBIN/pg_ctl" -D "$PGTMP/data" -m fast -w stop >/dev/null 2>&1 || true; rm -rf "$PGTMP"; fi
  if [ -n "$LATE_PID" ]; then kill "$LATE_PID" 2>/dev/null || true; wait "$LATE_PID" 2>/dev/null || true; fi
  # Stop what this script started, by process id: the driver's children first.
  stop_driver
  if [ -n "$XVFB_PID" ]; then kill "$XVFB_PID" 2>/dev/null || true; wait "$XVFB_PID" 2>/dev/null || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT

# The tournament: a copy of the demo as setup opens it (scripts/make-demo.sh: the movement
# and results of a real event, a ruling, published results, an appeal at the committee).
mkdir -p "$TMP/data" "$TMP/keys"
# The CLI here is a device of its own (its record of the logs it has seen).
export TDLOG_DATA_DIR="$TMP/cli-device"
# A fresh tournament day (scripts/make-demo.sh): its results are published now, so the
# Law 79C and 92B periods the test works in are open whatever day the test runs.
bash scripts/make-demo.sh --day-to "$TMP/demo.tdlog"
# This device = the demo TD "Jens Hansen, laptop 2" (enrolled in the demo as td).
install -m 600 fixtures/demo/keys/td1.key "$TMP/data/device.key"
# The demo's other published keys, for "sign as" (the chief TD routes and convenes, a
# committee member decides): <data dir>/keys/NAME.key. The chief TD's key is imported by
# the test through the Start screen's import form (key_import), from a copy outside.
mkdir -p "$TMP/data/keys" "$TMP/import"
for k in committee1 organiser; do install -m 600 "fixtures/demo/keys/$k.key" "$TMP/data/keys/$k.key"; done
install -m 600 fixtures/demo/keys/chief.key "$TMP/import/chief.key"
COMMITTEE_KEY=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).public)' "$TMP/data/keys/committee1.key")

VERIFY=$("$CLI" verify --json "$TMP/demo.tdlog")
EXPECT_EVENTS=$(node -e 'const v=JSON.parse(process.argv[1]); if(!v.ok) process.exit(1); console.log(v.events)' "$VERIFY")
EXPECT_KEYS=$(node -e 'console.log(JSON.parse(process.argv[1]).keys)' "$VERIFY")
EXPECT_DIGEST=$(node -e 'console.log(JSON.parse(process.argv[1]).digest)' "$VERIFY")
FINGERPRINT=$("$CLI" key show --key "$TMP/data/device.key" | awk -F': *' '/fingerprint/ {print $2}')
[ -n "$FINGERPRINT" ] || fail "could not read the device key's fingerprint"

rm -rf "$ART"; mkdir -p "$ART"
# Live sync (issue 17): a throwaway PostgreSQL cluster (unix socket only; the recipe of
# ../shared/reference/packaging-and-postgres.md) and a small log on two devices: the app
# (hub-a) and the CLI with a data dir of its own (hub-b, a copy). Without PostgreSQL the
# step is skipped, and the test says so.
HUB_URL=""
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -n "$PGBIN" ] && [ -x "$PGBIN/initdb" ]; then
  PGTMP=$(mktemp -d /tmp/tdpg.XXXXXX)
  [ "$(id -u)" = 0 ] && chown postgres: "$PGTMP"
  PGPORT_E2E=$(( 30000 + RANDOM % 20000 ))
  as_pg "$PGBIN/initdb" -D "$PGTMP/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
  as_pg "$PGBIN/pg_ctl" -D "$PGTMP/data" -l "$PGTMP/server.log" -w -t 30 \
    -o "-c listen_addresses='' -p $PGPORT_E2E -k $PGTMP -c fsync=off -c synchronous_commit=off" start >/dev/null
  as_pg "$PGBIN/createdb" -h "$PGTMP" -p "$PGPORT_E2E" -U postgres tdlog_e2e
  HUB_URL="host=$PGTMP port=$PGPORT_E2E user=postgres dbname=tdlog_e2e"
  mkdir -p "$TMP/hub-keys"
  for k in chief td1; do install -m 600 "fixtures/demo/keys/$k.key" "$TMP/hub-keys/$k.key"; done
  TD1_PUB=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).public)' "$TMP/hub-keys/td1.key")
  TDLOG_DATA_DIR="$TMP/cli-b" "$CLI" init "$TMP/hub-a.tdlog" --key "$TMP/hub-keys/chief.key" --name "Hub Pairs" \
    --game bridge --organiser "Demo Bridge Club" --profile wbf-2017 --chief-name "Anna Berg (chief TD)" >/dev/null
  TDLOG_DATA_DIR="$TMP/cli-b" "$CLI" key enrol "$TMP/hub-a.tdlog" "$TD1_PUB" --role td --holder "Jens Hansen, laptop 2" \
    --key "$TMP/hub-keys/chief.key" >/dev/null
  cp "$TMP/hub-a.tdlog" "$TMP/hub-b.tdlog"
else
  echo "e2e: PostgreSQL is NOT INSTALLED: the live sync step will be skipped (bash scripts/deps.sh installs it)" >&2
fi
# A tournament with a late arrival (its appeal period is one minute, so this takes about a
# minute: made in the background while the test runs; the test waits for LOG.ready).
mkdir -p "$TMP/late-keys"
for k in chief td1 scorer organiser; do install -m 600 "fixtures/demo/keys/$k.key" "$TMP/late-keys/$k.key"; done
bash tests/e2e/late_log.sh "$CLI" fixtures/pbn/realbridge-2021-online-qual-open-r2.pbn \
  "$TMP/late.tdlog" "$TMP/late-keys" "$TMP/late-work" >"$ART/late_log.log" 2>&1 &
LATE_PID=$!
# A free display number and port.
DISP=$(( 90 + RANDOM % 200 ))
while [ -e "/tmp/.X11-unix/X$DISP" ] || [ -e "/tmp/.X$DISP-lock" ]; do DISP=$((DISP + 1)); done
Xvfb ":$DISP" -screen 0 1280x800x24 -nolisten tcp >"$ART/xvfb.log" 2>&1 &
XVFB_PID=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$DISP" ] && break; sleep 0.1; done

# NO_AT_BRIDGE: no accessibility bus under Xvfb (otherwise session creation can stall).
start_driver "$ART/tauri-driver.log" DISPLAY=":$DISP" NO_AT_BRIDGE=1 TDLOG_DATA_DIR="$TMP/data" \
  TDLOG_DEMO="$TMP/demo.tdlog" || fail "tauri-driver did not start (see $ART/tauri-driver.log)"

set +e
TDLOG_APP="$APP" E2E_ARTIFACTS="$ART" E2E_EXPECT_EVENTS="$EXPECT_EVENTS" E2E_EXPECT_KEYS="$EXPECT_KEYS" \
  E2E_EXPECT_DIGEST="$EXPECT_DIGEST" E2E_LATE_LOG="$TMP/late.tdlog" E2E_OLD_DEMO="$TMP/demo.tdlog" \
  E2E_DEVICE_FINGERPRINT="$FINGERPRINT" E2E_COMMITTEE_KEY="$COMMITTEE_KEY" E2E_IMPORT_KEY="$TMP/import/chief.key" WEBDRIVER_URL="http://127.0.0.1:$PORT" \
  E2E_HUB_URL="$HUB_URL" E2E_HUB_A="$TMP/hub-a.tdlog" E2E_HUB_B="$TMP/hub-b.tdlog" E2E_HUB_KEY="$TMP/hub-keys/chief.key" \
  E2E_HUB_CLI_DATA="$TMP/cli-b" TDLOG_CLI="$CLI" \
  timeout 600 node tests/e2e/app.e2e.mjs
STATUS=$?
set -e
if [ "$STATUS" = 124 ]; then echo "e2e: timed out after 10 minutes"; echo "0 passed, 1 failed"; fi
if [ "${UPDATE_SCREENSHOTS:-}" = 1 ] && [ "$STATUS" = 0 ]; then
  mkdir -p docs/screenshots
  cp "$ART"/*.png docs/screenshots/
  echo "e2e: screenshots copied to docs/screenshots/"
fi
exit "$STATUS"
