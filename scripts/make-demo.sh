#!/usr/bin/env bash
# Builds fixtures/demo/demo.tdlog, the demo tournament the app opens on first start, with
# the real CLI. The keys in fixtures/demo/keys/ are DEMO KEYS ONLY: published, never to be
# used for a real tournament. Run from the repository root: bash scripts/make-demo.sh
#
# Then fixtures/demo/day.tdlog, the demo the app opens: the same log plus a tournament day
# (day, below): the movement and results of a real event (PBN), a director call at a table
# with the TD's ruling and adjusted score, the organiser's appeal settings (a committee of
# one, with its reason), the results published, and an appeal against that ruling at the
# appeals committee. The e2e test and the user guide's screenshots use it
# as it is; the engine's and the shell's tests keep using the small demo.tdlog.
# `bash scripts/make-demo.sh --day-only` remakes day.tdlog from the existing demo (same keys);
# `--day-to PATH` writes the day to PATH instead (the e2e test makes a fresh one for each run:
# the day's results are published when it is made, and the Law 79C/92B periods then run in real
# time, so a day made earlier has its periods over and a ruling on its boards is refused, Law 92B).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --bin tdlog
T=target/debug/tdlog
D=fixtures/demo

day() {
  local L="${1:-$D/day.tdlog}"
  rm -f "$L"
  cp "$D/demo.tdlog" "$L"
  K=$(mktemp -d)
  for k in chief td1 scorer organiser; do install -m 600 "$D/keys/$k.key" "$K/$k.key"; done
  export TDLOG_DATA_DIR="$K/device"
  id() { grep -oE '[0-9a-f]{64}' | head -1; }
  $T import pbn fixtures/pbn/realbridge-2021-online-qual-open-r2.pbn --log "$L" \
    --captain "SWEDEN=Ola Rimstedt" --captain "LATVIA=Anna Ozola" --key "$K/scorer.key" >/dev/null
  CALL=$($T ruling call "$L" --round 1 --table 3 --board 13 --attention-by East \
    --called-by East --irregularity "Break in tempo before North's 4H; East reserved his rights." \
    --key "$K/td1.key" | id)
  RULING=$($T ruling give "$L" --round 1 --table 3 --board 13 --ns LATVIA --ew GERMANY \
    --facts "South thought for about 20 seconds before passing 3H; North then bid 4H. Agreed by all four." \
    --law 16B1 --category judgement --offender LATVIA \
    --decision "Pass was a logical alternative for North, suggested over 4H by the hesitation: score adjusted to 3H by North, 10 tricks." \
    --adjustment '{"kind":"assigned","contract":"3H","declarer":"N","tricks":10}' --notice --call "$CALL" \
    --key "$K/td1.key" | id)
  # The organiser's settings: a committee of one member decides (Law 93: below the
  # regulations' three only with a reason), so the demo's appeal needs one committee key.
  printf '%s' '{"quorum": 1, "reason": "Demo club evening: one appeals committee member decides alone (club regulations)."}' >"$K/settings.json"
  $T appeal settings "$L" "$K/settings.json" --key "$K/organiser.key" >/dev/null
  $T publish "$L" --key "$K/td1.key" >/dev/null
  APPEAL=$($T appeal file "$L" --ruling "$RULING" --appellant LATVIA \
    --grounds "North had a clear 4H bid on his own cards; pass was not a logical alternative." \
    --signed-by "Anna Ozola" --key "$K/td1.key" | id)
  $T appeal route "$L" "$APPEAL" --to committee --key "$K/chief.key" >/dev/null
  rm -rf "$K"
}

if [ "${1:-}" = "--day-to" ]; then
  day "$2"
  exit 0
fi
if [ "${1:-}" = "--day-only" ]; then
  day
  $T verify "$D/day.tdlog"
  exit 0
fi
rm -rf "$D/demo.tdlog" "$D/keys"
mkdir -p "$D/keys"
for k in chief td1 td2 scorer committee1 committee2 committee3 organiser; do
  $T key new --key "$D/keys/$k.key" >/dev/null
done
pub() { $T key show --key "$D/keys/$1.key" | awk '/public key/ {print $3}'; }
$T init "$D/demo.tdlog" --key "$D/keys/chief.key" --name "Demo Club Pairs, 22 November 2026" \
  --game bridge --organiser "Demo Bridge Club" --profile wbf-2017 --chief-name "Anna Berg (chief TD)"
$T key enrol "$D/demo.tdlog" "$(pub td1)" --role td --holder "Jens Hansen, laptop 2" --key "$D/keys/chief.key"
$T key enrol "$D/demo.tdlog" "$(pub td2)" --role td --holder "Klaus Meyer, laptop 3" --key "$D/keys/chief.key"
$T key enrol "$D/demo.tdlog" "$(pub scorer)" --role scorer --holder "Sofie Lund, scoring laptop" --key "$D/keys/chief.key"
for i in 1 2 3; do
  $T key enrol "$D/demo.tdlog" "$(pub committee$i)" --role committee --holder "Appeals committee member $i" --key "$D/keys/chief.key"
done
$T key enrol "$D/demo.tdlog" "$(pub organiser)" --role organiser --holder "Demo Bridge Club organiser" --key "$D/keys/chief.key"
$T note "$D/demo.tdlog" --key "$D/keys/td1.key" --round 1 --table 3 --board 2 --text "Director called: North bid out of turn; ruling to follow."
$T note "$D/demo.tdlog" --key "$D/keys/td2.key" --round 1 --table 7 --text "Slow play warning to the pair at table 7."
$T key revoke "$D/demo.tdlog" "$(pub td2)" --reason "laptop 3 replaced during the break" --key "$D/keys/chief.key"
$T note "$D/demo.tdlog" --key "$D/keys/chief.key" --round 2 --text "Round 2 started five minutes late."
$T verify "$D/demo.tdlog"
day
$T verify "$D/day.tdlog"
