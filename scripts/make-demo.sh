#!/usr/bin/env bash
# Builds fixtures/demo/demo.tdlog, the demo tournament the app opens on first start, with
# the real CLI. The keys in fixtures/demo/keys/ are DEMO KEYS ONLY: published, never to be
# used for a real tournament. Run from the repository root: bash scripts/make-demo.sh
#
# Then fixtures/demo/day.tdlog: the same log plus a tournament day (`tdlog demo-day`): the
# movement and results of a real event (PBN), a director call at a table with the TD's
# ruling and adjusted score, the organiser's appeal settings (a committee of one, with its
# reason), the results published, and an appeal against that ruling at the appeals
# committee. The desktop app signs that day itself when it copies the demo (from
# demo.tdlog, keys/ and the PBN), so its periods run from the copy; day.tdlog is what the
# e2e tests' --day-to makes fresh. The engine's and the shell's tests use the small demo.tdlog.
# `bash scripts/make-demo.sh --day-only` remakes day.tdlog from the existing demo (same keys);
# `--day-to PATH` writes the day to PATH instead (the e2e test makes a fresh one for each run:
# the day's results are published when it is made, and the Law 79C/92B periods then run in real
# time, so a day made earlier has its periods over and a ruling on its boards is refused, Law 92B).
set -euo pipefail
cd "$(dirname "$0")/.."
# The whole workspace, as scripts/test.sh builds it: a build of the engine alone has other
# features and would build the dependencies again.
cargo build -q --workspace --locked
T=target/debug/tdlog
D=fixtures/demo

day() {
  local L="${1:-$D/day.tdlog}"
  rm -f "$L"
  # The day is signed by the engine (tdlog::demo, `tdlog demo-day`), as the desktop app signs
  # it when it copies the demo: a real event's movement and results, a director call with
  # the TD's ruling and adjusted score, the organiser's appeal settings (a committee of one,
  # with its reason), the results published, an appeal at the appeals committee.
  TDLOG_DATA_DIR="$(mktemp -d)" $T demo-day "$L" --base "$D/demo.tdlog" >/dev/null
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
