#!/usr/bin/env bash
# Double-dummy tables against endplay (issue 15): a measurement, run on demand, never by
# scripts/test.sh (speed goes in benchmarks, not test assertions).
#
#   bash benches/double_dummy.sh
#
# Installs endplay 0.5.12 (PyPI: the DDS binding Python bridge tools use) into a venv under
# target/dd-peer/ (the benchmark installs its peer; the test suite never does), then runs
# `cargo bench --bench double_dummy` (release), which times tdlog and endplay on the same
# deals in one run and writes the `dd-bench` section of docs/benchmarks.md. Delete the
# release build afterwards if the disk is short: rm -rf target/release
set -euo pipefail
cd "$(dirname "$0")/.."
PATH="$HOME/.cargo/bin:$PATH"
VENV=target/dd-peer/venv
ENDPLAY=0.5.12
command -v python3 >/dev/null || { echo "python3 is missing" >&2; exit 1; }
if ! "$VENV/bin/python" -c "import endplay, sys; sys.exit(endplay.__version__ != '$ENDPLAY')" 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "endplay==$ENDPLAY"
fi
DD_PEER_PYTHON="$PWD/$VENV/bin/python" nice cargo bench --bench double_dummy
