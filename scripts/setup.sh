#!/usr/bin/env bash
# The README's first command: installs what is missing, builds the app, and opens it on the
# demo tournament. Not run by CI (it opens a window).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

bash scripts/deps.sh
echo "setup: building the UI (ui/dist)"
(cd ui && npm run --silent build)
echo "setup: building tdlog and the desktop app (first build takes a few minutes)"
cargo build --workspace --locked
APP=target/debug/tdlog-desktop
echo "setup: built $APP and target/debug/tdlog"

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  echo "setup: opening the app on the demo tournament"
  exec "$APP" --demo
fi

echo "setup: no display (\$DISPLAY is not set)."
if [ -n "${CI:-}" ] || [ ! -t 1 ]; then
  echo "setup: to run the app under a virtual display: xvfb-run -a $APP --demo"
  exit 0
fi
echo "setup: starting the app on the demo under a virtual display (Xvfb); Ctrl-C stops it."
echo "setup: on a machine with a screen, run: $APP --demo"
exec xvfb-run -a "$APP" --demo
