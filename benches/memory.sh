#!/usr/bin/env bash
# Peak resident memory of opening a big log (issue 12): a measurement, run on demand, never
# by scripts/test.sh. Builds the release CLI and examples/synth_log.rs, writes signed logs of
# 100,000 and 1,000,000 events (director notes by 4 TDs, as benches/app_open.sh) and measures,
# with GNU time's maximum resident set size, what opening them costs a device:
#   - `tdlog verify` (every signature; the auditor's check, and what a new device does);
#   - `tdlog results --json` on a device whose verified-state cache is warm (every row hashed,
#     every event decoded and folded: what opening costs the app, which keeps the same state).
# Writes the `<!-- memory -->` section of docs/benchmarks.md. Temp files are deleted.
#
#   bash benches/memory.sh [SIZES...]     (default: 100000 1000000)
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=("${@:-100000 1000000}")
read -r -a SIZES <<< "${SIZES[*]}"
command -v /usr/bin/time >/dev/null || { echo "GNU time is missing (apt-get install time)" >&2; exit 1; }
cargo build --release --bin tdlog --example synth_log
TMP=$(mktemp -d "${TMPDIR:-/tmp}/tdlog-memory.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
T=$PWD/target/release/tdlog
rows=""
peak() { # prints "max RSS in MiB" and "seconds" of a command
  /usr/bin/time -f "%M %e" -o "$TMP/time" "$@" >/dev/null 2>"$TMP/err" || { cat "$TMP/err" >&2; exit 1; }
  awk '{printf "%.0f %.1f", $1/1024, $2}' "$TMP/time"
}
for n in "${SIZES[@]}"; do
  log=$TMP/log-$n.tdlog
  target/release/examples/synth_log "$log" "$n" >/dev/null
  mb=$(( $(stat -c %s "$log") / 1048576 ))
  dev=$TMP/device-$n
  read -r v_mb v_s <<< "$(TDLOG_DATA_DIR=$dev peak "$T" verify "$log")"
  read -r r_mb r_s <<< "$(TDLOG_DATA_DIR=$dev peak "$T" results --json "$log")"
  rows+="| $n events ($mb MB) | $v_mb MiB ($v_s s) | $r_mb MiB ($r_s s) |"$'\n'
  rm -f "$log" "$log"-wal "$log"-shm
done
body="## Memory: opening a big log

Written by \`bash benches/memory.sh\`: peak resident memory (GNU time, maximum RSS) of the release
CLI on logs of director notes by 4 TDs (\`examples/synth_log.rs\`). Machine: $(nproc) cores, load
$(cut -d' ' -f1-3 /proc/loadavg); run on $(date -u '+%Y-%m-%d %H:%M') UTC.

| log | \`tdlog verify\` (every signature) | \`tdlog results --json\`, cache warm (every row hashed, decoded, folded) |
|---|---:|---:|
${rows}
Target (issue 12): opening the 1,000,000-event log below 1 GiB resident."
python3 - "$body" <<'PY'
import sys, pathlib
body = sys.argv[1].rstrip() + "\n"
p = pathlib.Path("docs/benchmarks.md")
s = p.read_text()
o, c = "<!-- memory -->", "<!-- /memory -->"
sec = f"{o}\n{body}{c}\n"
if o in s and c in s:
    a, b = s.index(o), s.index(c) + len(c)
    s = s[:a] + sec + s[b:].lstrip("\n")
else:
    s = s.rstrip() + "\n\n" + sec
p.write_text(s)
PY
echo "$body"
