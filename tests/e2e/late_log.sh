#!/usr/bin/env bash
# Makes a log with a late arrival for the e2e (the Tournament screen's "Signed time"):
# a tournament of its own (its own log id), signed by the demo keys, with the real PBN
# results. The chief TD's laptop (LOG) has a ruling and published results
# with a one-minute appeal period (and no clock tolerance); TD Jens's laptop, a copy of it,
# files an appeal in time but is offline; a minute later the chief TD's laptop merges it and
# signs a receipt: the filing is a late arrival (Law 92B) held for the chief TD.
# Usage: late_log.sh CLI PBN LOG KEYS_DIR WORK_DIR (KEYS_DIR: chief, td1, scorer and
# organiser .key files); touches LOG.ready when done.
set -euo pipefail
CLI=$1; PBN=$2; LOG=$3; KEYS=$4; WORK=$5
mkdir -p "$WORK"
export TDLOG_DATA_DIR="$WORK/chief-device"
public() { sed -n 's/.*"public": *"\([0-9a-f]*\)".*/\1/p' "$1"; }
"$CLI" init "$LOG" --name "Late Arrival Pairs" --game bridge --organiser "Demo Bridge Club" \
  --chief-name "Anna Berg (chief TD)" --key "$KEYS/chief.key" >/dev/null
"$CLI" key enrol "$LOG" "$(public "$KEYS/td1.key")" --role td --holder "Jens Hansen, laptop 2" --key "$KEYS/chief.key" >/dev/null
"$CLI" key enrol "$LOG" "$(public "$KEYS/scorer.key")" --role scorer --holder "Sofie Lund (scorer)" --key "$KEYS/chief.key" >/dev/null
"$CLI" key enrol "$LOG" "$(public "$KEYS/organiser.key")" --role organiser --holder "Demo Bridge Club" --key "$KEYS/chief.key" >/dev/null
"$CLI" import pbn "$PBN" --log "$LOG" --captain "SWEDEN=Ola Rimstedt" --key "$KEYS/scorer.key" >/dev/null
cat >"$WORK/settings.json" <<'JSON'
{"appeal_minutes": 1, "correction_minutes": 30, "clock_tolerance_minutes": 0,
 "reason": "e2e: a one-minute appeal period, so a filing can arrive late"}
JSON
"$CLI" appeal settings "$LOG" "$WORK/settings.json" --key "$KEYS/organiser.key" >/dev/null
R=$("$CLI" ruling give "$LOG" --round 1 --table 5 --board 11 --ns CROATIA --ew SWEDEN \
  --facts "Insufficient bid 1S over 1NT, not accepted; replaced by 2S" --law 27B1 \
  --category law --decision "2S stands, partner barred once" --notice --key "$KEYS/td1.key" \
  | sed -n 's/.*event \([0-9a-f]*\).*/\1/p' | head -1)
[ -n "$R" ] || { echo "late_log: no ruling id" >&2; exit 1; }
"$CLI" publish "$LOG" --key "$KEYS/td1.key" >/dev/null
START=$(date +%s)
cp "$LOG" "$WORK/laptop.tdlog"
TDLOG_DATA_DIR="$WORK/laptop-device" "$CLI" appeal file "$WORK/laptop.tdlog" --ruling "$R" \
  --appellant SWEDEN --grounds "2S was not comparable: the barred partner lost the fit" \
  --signed-by "Ola Rimstedt" --key "$KEYS/td1.key" >/dev/null
TDLOG_DATA_DIR="$WORK/laptop-device" "$CLI" export "$WORK/laptop.tdlog" "$WORK/laptop.bundle" >/dev/null
# The laptop is offline until the period has ended.
sleep $(( 62 - ($(date +%s) - START) ))
"$CLI" merge "$LOG" "$WORK/laptop.bundle" --key "$KEYS/chief.key" >/dev/null
touch "$LOG.ready"
