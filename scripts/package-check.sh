#!/usr/bin/env bash
# Builds the installable packages of the desktop app (.deb and .rpm, release, without debug
# info), then checks the .deb the way a user meets it: `dpkg -i`, the installed
# `tdlog-desktop --demo` started under Xvfb from a directory other than the checkout (so the
# demo must come from the package's resource, not from the build tree), the demo opened and
# verified, and `dpkg -r` removing every file it installed.
#
# Not part of the default CI run (scripts/test.sh): the release build takes 5-6 minutes on
# two cores (every crate is compiled again without debug info), and installing needs root.
# Run it as root on Debian 12 (or in a throwaway container): bash scripts/package-check.sh
# With SKIP_BUILD=1 it checks the packages already in target/release/bundle/.
#
# AppImage, Windows and macOS are not built here: see docs/user-guide.md, "Installing".
# Prints `N passed, N failed` last.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PASSED=0; FAILED=0
ok() { echo "ok - $*"; PASSED=$((PASSED + 1)); }
bad() { echo "FAILED - $*"; FAILED=$((FAILED + 1)); }
finish() { echo "$PASSED passed, $FAILED failed"; [ "$FAILED" = 0 ]; }

[ "$(id -u)" = 0 ] || { echo "package-check: dpkg -i needs root"; echo "0 passed, 1 failed"; exit 1; }
for tool in dpkg Xvfb node; do
  command -v "$tool" >/dev/null || { echo "package-check: $tool is missing"; echo "0 passed, 1 failed"; exit 1; }
done

if [ "${SKIP_BUILD:-}" != 1 ]; then
  (cd ui && npm ci --silent && npm run --silent build)
  # Release packages without debug info (32 MiB with it, about 5 MiB without).
  CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_STRIP=true \
    ui/node_modules/.bin/tauri build --bundles deb,rpm
fi
DEB=$(ls target/release/bundle/deb/*.deb 2>/dev/null | head -1 || true)
RPM=$(ls target/release/bundle/rpm/*.rpm 2>/dev/null | head -1 || true)
[ -n "$DEB" ] && ok "the .deb is built: $DEB ($(stat -c %s "$DEB") bytes, $(du -h "$DEB" | cut -f1); Installed-Size $(dpkg-deb -f "$DEB" Installed-Size) KiB; Depends: $(dpkg-deb -f "$DEB" Depends))" || { bad "no .deb in target/release/bundle/deb"; finish; exit 1; }
[ -n "$RPM" ] && ok "the .rpm is built: $RPM ($(du -h "$RPM" | cut -f1))" || bad "no .rpm in target/release/bundle/rpm"

# Stripped: no debug sections in the packaged binary.
X=$(mktemp -d "${TMPDIR:-/tmp}/tdlog-pkg.XXXXXX")
XVFB_PID=""; APP_PID=""; DRIVER_PID=""
cleanup() {
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null || true
  if [ -n "$DRIVER_PID" ]; then
    for c in $(pgrep -P "$DRIVER_PID" 2>/dev/null || true); do kill "$c" 2>/dev/null || true; done
    kill "$DRIVER_PID" 2>/dev/null || true
  fi
  [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null || true
  rm -rf "$X"
}
trap cleanup EXIT
dpkg -x "$DEB" "$X/root"
if readelf -S "$X/root/usr/bin/tdlog-desktop" 2>/dev/null | grep -q '\.debug_'; then
  bad "the packaged binary carries debug info"
else
  ok "the packaged binary has no debug info ($(du -h "$X/root/usr/bin/tdlog-desktop" | cut -f1))"
fi
[ -f "$X/root/usr/lib/tdlog/demo/demo.tdlog" ] && ok "the demo is a resource of the package" || bad "the package has no demo resource"

PKG=$(dpkg-deb -f "$DEB" Package)
dpkg -i "$DEB" >/dev/null && ok "dpkg -i $PKG" || { bad "dpkg -i failed"; finish; exit 1; }
FILES=$(dpkg -L "$PKG" | grep -v '^/\.$' || true)

# The installed app, started from an unrelated directory, with a fresh data dir: --demo
# copies the installed demo and opens it. Its data dir then holds the demo copy, which shows
# the resource was found (the checkout is not consulted: TDLOG_DEMO is unset).
DISP=$(( 300 + RANDOM % 200 ))
while [ -e "/tmp/.X11-unix/X$DISP" ]; do DISP=$((DISP + 1)); done
Xvfb ":$DISP" -screen 0 1280x800x24 -nolisten tcp >"$X/xvfb.log" 2>&1 &
XVFB_PID=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$DISP" ] && break; sleep 0.1; done
mkdir -p "$X/elsewhere" "$X/data"
(cd "$X/elsewhere" && env -u TDLOG_DEMO DISPLAY=":$DISP" NO_AT_BRIDGE=1 TDLOG_DATA_DIR="$X/data" \
  /usr/bin/tdlog-desktop --demo >"$X/app.log" 2>&1) &
APP_PID=$!
for _ in $(seq 100); do [ -s "$X/data/recent.json" ] && break; sleep 0.2; done
if [ -f "$X/data/demo/demo.tdlog" ] && grep -q "demo.tdlog" "$X/data/recent.json" 2>/dev/null; then
  ok "the installed tdlog-desktop --demo opened the demo from $X/elsewhere"
else
  bad "the installed app did not open the demo (log: $(tail -3 "$X/app.log" | tr '\n' ' '))"
fi
if command -v tdlog >/dev/null 2>&1 || [ -x target/debug/tdlog ]; then
  CLI=$(command -v tdlog || echo target/debug/tdlog)
  TDLOG_DATA_DIR="$X/cli" "$CLI" verify "$X/data/demo/demo.tdlog" >/dev/null && ok "the opened demo verifies" || bad "the demo copy does not verify"
fi
kill "$APP_PID" 2>/dev/null || true; wait "$APP_PID" 2>/dev/null || true; APP_PID=""

# The same through WebDriver (the e2e's client): the installed app, started by tauri-driver
# from the other directory with a fresh data dir, shows the demo's dashboard, verified.
# Screenshot: artifacts/package-check/installed-demo-dashboard.png.
if command -v tauri-driver >/dev/null && command -v WebKitWebDriver >/dev/null; then
  mkdir -p "$X/data2" "$ROOT/artifacts/package-check"
  PORT=$(( 5444 + RANDOM % 1000 ))
  (cd "$X/elsewhere" && exec env -u TDLOG_DEMO DISPLAY=":$DISP" NO_AT_BRIDGE=1 TDLOG_DATA_DIR="$X/data2" \
    tauri-driver --port "$PORT" --native-port $((PORT + 1000)) >"$X/driver.log" 2>&1) &
  DRIVER_PID=$!
  if SEEN=$(TDLOG_APP=/usr/bin/tdlog-desktop E2E_ARTIFACTS="$ROOT/artifacts/package-check" \
      WEBDRIVER_URL="http://127.0.0.1:$PORT" timeout 180 node tests/e2e/installed.mjs); then
    ok "WebDriver: the installed app shows the demo's dashboard, verified: $SEEN"
  else
    bad "WebDriver: the installed app did not show the demo: $SEEN"
  fi
  for c in $(pgrep -P "$DRIVER_PID" 2>/dev/null || true); do kill "$c" 2>/dev/null || true; done
  kill "$DRIVER_PID" 2>/dev/null || true; wait "$DRIVER_PID" 2>/dev/null || true; DRIVER_PID=""
fi

# The .rpm, where rpm is installed: its files and digests (installing it needs an rpm system).
if [ -n "$RPM" ] && command -v rpm >/dev/null; then
  if rpm -K --nosignature "$RPM" >/dev/null && rpm -qpl --nosignature "$RPM" 2>/dev/null | grep -qx /usr/lib/tdlog/demo/demo.tdlog; then
    ok "the .rpm's digests check and it ships the demo ($(du -h "$RPM" | cut -f1))"
  else
    bad "the .rpm does not check or lacks the demo"
  fi
fi

dpkg -r "$PKG" >/dev/null && ok "dpkg -r $PKG" || bad "dpkg -r failed"
LEFT=""
for f in $FILES; do [ -f "$f" ] && LEFT="$LEFT $f"; done
[ -z "$LEFT" ] && ok "dpkg -r removed every installed file" || bad "left behind:$LEFT"
finish
