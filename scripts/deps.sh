#!/usr/bin/env bash
# Installs what tdlog needs and is missing, and says what it installs. Idempotent: when
# everything is there it only checks (a few seconds).
#   - Debian packages for building the Tauri app and testing it in the real webview
#     (WebKitGTK 4.1, WebKitWebDriver, Xvfb), poppler-utils (the PDF reports are rendered
#     to PNG in tests), libxml2-utils (xmllint checks the USEBIO tdlog writes), postgresql (the sync hub's tests start a throwaway cluster; its
#     own `main` cluster is not used) and chromium with chromium-driver (the results site's
#     pages check themselves in a real browser, tests/site/), checked one by one with dpkg -s;
#   - the UI's npm packages (npm ci in ui/) when node_modules is missing or out of date;
#   - tauri-driver 2 (cargo install) when missing.
# Needs Rust (cargo) and Node >= 20.19 with npm already on the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

APT_PACKAGES=(
  build-essential pkg-config libssl-dev
  libwebkit2gtk-4.1-dev libsoup-3.0-dev libjavascriptcoregtk-4.1-dev
  libayatana-appindicator3-dev librsvg2-dev
  webkit2gtk-driver xvfb xauth dbus procps fonts-dejavu-core
  poppler-utils libclang-dev
  postgresql python3-venv libxml2-utils
  chromium chromium-driver
)

say() { echo "deps: $*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else say "need root (or sudo) to run: $*"; exit 1
  fi
}

# Tools this script does not install: say so plainly.
command -v cargo >/dev/null || { say "Rust is missing: install rustup/cargo first"; exit 1; }
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  say "Node.js (>= 20.19) and npm are missing: install them first"; exit 1
fi
node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' \
  || { say "Node $(node -v) is too old: Vite needs Node >= 20.19"; exit 1; }

# 1. Debian packages.
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  say "Debian packages: all ${#APT_PACKAGES[@]} present"
fi

# 2. npm packages of the UI, pinned by ui/package-lock.json.
stamp=ui/node_modules/.tdlog-lock.sha256
want=$(sha256sum ui/package-lock.json | cut -d' ' -f1)
if [ ! -d ui/node_modules ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  say "installing the UI's npm packages (npm ci in ui/)"
  (cd ui && npm ci --no-audit --no-fund --loglevel=error)
  echo "$want" > "$stamp"
else
  say "UI npm packages: up to date"
fi

# 3. tauri-driver (the WebDriver bridge for the end-to-end test).
if command -v tauri-driver >/dev/null; then
  say "tauri-driver: present"
else
  say "installing tauri-driver 2 (cargo install, about a minute)"
  cargo install tauri-driver --version '^2' --locked --quiet
fi

# 4. endplay (PyPI, pinned): another program's PBN reader, which the club-evening end-to-end
# test (tests/e2e/evening.sh) scores the app's written results with. In a venv of its own,
# so a system Python that refuses pip installs (PEP 668) is left alone.
PYV=${TDLOG_PY:-$HOME/.cache/tdlog/py}
if "$PYV/bin/python" -c "import endplay" 2>/dev/null; then
  say "endplay: present ($PYV)"
else
  say "installing endplay 0.5.12 from PyPI into $PYV"
  python3 -m venv "$PYV"
  "$PYV/bin/python" -m pip install --quiet --disable-pip-version-check endplay==0.5.12
fi
