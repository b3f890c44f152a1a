#!/usr/bin/env bash
# Builds fixtures/demo/demo.tdlog, the demo tournament the app opens on first start, with
# the real CLI. The keys in fixtures/demo/keys/ are DEMO KEYS ONLY: published, never to be
# used for a real tournament. Run from the repository root: bash scripts/make-demo.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --bin tdlog
T=target/debug/tdlog
D=fixtures/demo
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
