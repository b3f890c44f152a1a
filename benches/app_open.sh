#!/usr/bin/env bash
# Opening a big log in the desktop app (issue 6): a measurement, run on demand, never by
# scripts/test.sh (speed targets are benchmarks, not test assertions).
#
#   bash benches/app_open.sh [EVENTS]      (default 1,000,000)
#   OPEN_LOG=big.tdlog bash benches/app_open.sh   (a kept log; its TD key, if any, at big.tdlog.key)
#
# Builds examples/synth_log.rs, writes a signed log of EVENTS events to a temp dir, starts the
# release build of the app (target/release/tdlog-desktop: the build a TD runs; built here if
# missing, TDLOG_APP=... for another) under Xvfb through tauri-driver, starts it with the
# log as its argument and records (tests/e2e/app_open.mjs): time until the window is interactive,
# time until progress shows, every progress update the badge renders, time until verified,
# and how long WebDriver round trips take while it verifies (the page must not freeze).
# Writes the `<!-- app-open -->` section of docs/benchmarks.md and the screenshots
# docs/screenshots/app-open-*.png. The temp log is deleted at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
EVENTS=${1:-1000000}
APP=${TDLOG_APP:-$ROOT/target/release/tdlog-desktop}
PROFILE=${SYNTH_PROFILE:-release}
PATH="$HOME/.cargo/bin:$PATH"
if [ -z "${TDLOG_APP:-}" ]; then
  # The shipped build: optimised, the front end embedded (ui/dist built first).
  [ -e ui/dist/index.html ] || (cd ui && npm run build)
  cargo build --release -p tdlog-desktop
fi
[ -x "$APP" ] || { echo "no app at $APP" >&2; exit 1; }
for tool in tauri-driver WebKitWebDriver Xvfb node; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (bash scripts/deps.sh)" >&2; exit 1; }
done

# Starting tauri-driver (start_driver, stop_driver), as the e2e tests do.
. tests/e2e/driver.sh
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tdlog-app-open.XXXXXX")
XVFB_PID=""; DRIVER_PID=""
cleanup() {
  stop_driver
  if [ -n "$XVFB_PID" ]; then kill "$XVFB_PID" 2>/dev/null || true; wait "$XVFB_PID" 2>/dev/null || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT

cargo build --profile "$PROFILE" --example synth_log
DIR=$([ "$PROFILE" = dev ] && echo debug || echo "$PROFILE")
LOG=${OPEN_LOG:-$TMP/big.tdlog}
if [ ! -e "$LOG" ]; then
  T=$(date +%s)
  mkdir -p "$TMP/data"
  # The first TD's key becomes the app's device key, so the app can record calls on the log.
  "target/$DIR/examples/synth_log" "$LOG" "$EVENTS" "$TMP/data/device.key"
  echo "log written in $(( $(date +%s) - T ))s"
fi
SIZE=$(du -m "$LOG" | cut -f1)
mkdir -p "$TMP/data" "$TMP/shots"
# A kept log (OPEN_LOG) may have its TD key beside it, as synth_log writes it.
[ -e "$TMP/data/device.key" ] || [ ! -e "$LOG.key" ] || install -m 600 "$LOG.key" "$TMP/data/device.key"

DISP=$(( 90 + RANDOM % 200 ))
while [ -e "/tmp/.X11-unix/X$DISP" ] || [ -e "/tmp/.X$DISP-lock" ]; do DISP=$((DISP + 1)); done
Xvfb ":$DISP" -screen 0 1280x800x24 -nolisten tcp >"$TMP/xvfb.log" 2>&1 &
XVFB_PID=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$DISP" ] && break; sleep 0.1; done
start_driver "$TMP/tauri-driver.log" DISPLAY=":$DISP" NO_AT_BRIDGE=1 TDLOG_DATA_DIR="$TMP/data" \
  || { echo "tauri-driver did not start" >&2; cat "$TMP/tauri-driver.log" >&2; exit 1; }

CALLS=${RECORD_CALLS:-$([ -e "$TMP/data/device.key" ] && echo 15 || echo "")}
FIG=$(RECORD_CALLS="$CALLS" SECOND_OPEN=1 TDLOG_APP="$APP" OPEN_LOG="$LOG" E2E_ARTIFACTS="$TMP/shots" WEBDRIVER_URL="http://127.0.0.1:$PORT" \
  timeout 1200 node tests/e2e/app_open.mjs) || {
  echo "$FIG"; mkdir -p artifacts/app-open; cp "$TMP"/shots/*.png "$TMP"/*.log artifacts/app-open/ 2>/dev/null || true
  echo "measurement failed (screenshots and logs in artifacts/app-open/)" >&2; exit 1; }
echo "$FIG"
mkdir -p docs/screenshots
cp "$TMP"/shots/app-open-*.png docs/screenshots/

# The section, between its markers (the convention of benches/common/mod.rs).
node - "$FIG" "$EVENTS" "$SIZE" "$(nproc)" "$(uptime | sed 's/.*load average: //')" <<'JS'
const fs = require("fs");
const [fig, events, size, cores, load] = process.argv.slice(2);
const f = JSON.parse(fig);
const s = (ms) => (ms / 1000).toFixed(1) + " s";
const when = new Date().toISOString().slice(0, 16).replace("T", " ");
const body = `## Opening a big log in the desktop app

Written by \`bash benches/app_open.sh\` (\`tests/e2e/app_open.mjs\` drives the release build of the app,
the build a TD runs, under Xvfb through tauri-driver; the log is made by \`examples/synth_log.rs\`).
Log: ${Number(events).toLocaleString("en")} signed events (${size} MB). Machine: ${cores} cores, load average ${load}; run on ${when} UTC.

| measurement | figure |
|---|---:|
| app started on the log until the window is interactive | ${s(f.window_ms)} |
| app start until the badge shows verification progress | ${s(f.first_progress_ms)} |
| app start until the log is verified | ${s(f.verified_ms)} |
| distinct progress updates rendered while verifying | ${f.progress_updates} |
| WebDriver round trip while verifying: median / max | ${f.webdriver_ping_median_ms} ms / ${f.webdriver_ping_max_ms} ms |
| switching to the Start screen while verifying | ${f.screen_switch_while_verifying_ms ?? "-"} ms |
| recording a call after the open, from the click to the board view showing it (WebDriver round trips included): median / max of ${f.call_ms ? f.call_ms.length : 0} | ${f.call_ms ? `${f.call_median_ms} ms / ${f.call_max_ms} ms` : "not measured (no key for the log)"} |
| second open by the same device (verified-state cache warm) until verified | ${f.second_open_ms ? s(f.second_open_ms) : "-"} |
| second open as a fraction of the first | ${f.second_open_ms ? (f.second_open_ms / f.verified_ms).toFixed(3) : "-"} |

Badge at the end: "${f.badge}" (${f.final_level}). Progress texts seen (sample): ${f.progress_samples.map((t) => `"${t}"`).join(", ")}.
Every call time (ms): ${f.call_ms ? f.call_ms.join(", ") : "-"}. Badge after the second open: "${f.second_badge ?? "-"}".
Targets (issue 12): a call <= 100 ms median: **${f.call_ms ? (f.call_median_ms <= 100 ? "met" : "not met") : "not measured"}**; second open <= 10% of the first: **${f.second_open_ms ? (f.second_open_ms <= 0.1 * f.verified_ms ? "met" : "not met") : "not measured"}**.
Screenshots: docs/screenshots/app-open-verifying-1.png (past 10%), app-open-verifying-2.png (past 50%, after switching screens), app-open-verified.png, app-open-calls-recorded.png.`;
const open = "<!-- app-open -->", close = "<!-- /app-open -->";
const md = `${open}\n${body}\n${close}\n`;
const path = "docs/benchmarks.md";
const old = fs.readFileSync(path, "utf8");
const a = old.indexOf(open), b = old.indexOf(close);
const out = a >= 0 && b > a ? old.slice(0, a) + md + old.slice(b + close.length).replace(/^\n+/, "") : old.trimEnd() + "\n\n" + md;
fs.writeFileSync(path, out);
JS
echo "docs/benchmarks.md (app-open) and docs/screenshots/app-open-*.png written"
