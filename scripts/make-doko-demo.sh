#!/usr/bin/env bash
# Builds a Doppelkopf club evening for the app (issue 16), with the real CLI and the published
# DEMO KEYS of fixtures/demo/keys/ (never for a real tournament): thirteen players, the seat
# draw committed and revealed, round 1 seated at three tables (4, 4 and 5 players). Table 1
# played its first games card by card (the fixture round of fixtures/doko/round16): in game 5
# a late announcement was claimed and the Schiedsrichter ruled, and play waits there (the
# objection can still be made at once, §8.8.7). Tables 2 and 3 have their first games
# entered from the paper list (doko.result). The e2e test (tests/e2e/doko.sh) and the user
# guide's Doppelkopf screenshots use it.
#
# Usage: bash scripts/make-doko-demo.sh [--fresh] PATH   (needs node)
# --fresh: only the log and its keys (no draw, no seating, no games): an evening to start.
set -euo pipefail
FRESH=0
if [ "${1:-}" = "--fresh" ]; then FRESH=1; shift; fi
OUT=$(realpath -m "$1")
cd "$(dirname "$0")/.."
# The whole workspace, as scripts/test.sh builds it: a build of the engine alone has other
# features and would build the dependencies again.
cargo build -q --workspace --locked
T=$PWD/target/debug/tdlog
D=fixtures/demo
K=$(mktemp -d)
trap 'rm -rf "$K"' EXIT
for k in chief td1 scorer committee1; do install -m 600 "$D/keys/$k.key" "$K/$k.key"; done
export TDLOG_DATA_DIR="$K/device"
pub() { $T key show --key "$K/$1.key" | awk '/public key/ {print $3}'; }
rm -f "$OUT"
$T init "$OUT" --key "$K/chief.key" --name "Doppelkopf-Clubabend, 26. November 2026" \
  --game doppelkopf --profile eppstein-2001 --organiser "Doko-Club Eppstein" \
  --chief-name "Anna Berg (Turnierleitung)" >/dev/null
$T key enrol "$OUT" "$(pub td1)" --role td --holder "Jens Hansen, Schiedsrichter" --key "$K/chief.key" >/dev/null
$T key enrol "$OUT" "$(pub scorer)" --role scorer --holder "Sofie Lund, Listenführung" --key "$K/chief.key" >/dev/null
$T key enrol "$OUT" "$(pub committee1)" --role committee --holder "Schiedsgericht, Mitglied 1" --key "$K/chief.key" >/dev/null
if [ "$FRESH" = 1 ]; then $T verify "$OUT" >/dev/null; echo "made $OUT"; exit 0; fi
PLAYERS="Anna,Bert,Cleo,Dora,Emil,Fritz,Gabi,Hans,Ida,Jan,Karin,Lutz,Mia"
$T doko draw commit "$OUT" --players "$PLAYERS" --seed-file "$K/seed.txt" --key "$K/td1.key" >/dev/null
$T doko draw reveal "$OUT" --seed-file "$K/seed.txt" --key "$K/td1.key" >/dev/null
$T doko plan "$OUT" --round 1 --sign --key "$K/scorer.key" >/dev/null
# Table 1: games 1-4 card by card, game 5 up to the Schiedsrichter's ruling.
node -e '
  const g = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).slice(0, 5);
  const ev = g[4].events; const i = ev.findIndex((e) => e.event === "Ruled");
  g[4].events = ev.slice(0, i + 1);
  require("fs").writeFileSync(process.argv[2], JSON.stringify(g));
' fixtures/doko/round16/events.json "$K/t1.json"
$T doko import "$OUT" "$K/t1.json" --round 1 --table 1 --key "$K/td1.key" >/dev/null
# Tables 2 and 3: the first games from the paper list.
cat >"$K/t2.json" <<'JSON'
[{"entry":"Game","kind":{"kind":"Normal"},"re":["A","C"],"re_eyes":130},
 {"entry":"Game","kind":{"kind":"Normal"},"re":["B","D"],"re_eyes":100,"calls":[{"seat":"B","level":"Ansage"}]},
 {"entry":"Game","kind":{"kind":"Normal"},"re":["A","B"],"re_eyes":151,"sonderpunkte":[{"kind":"FuchsGefangen","party":"Re"}]}]
JSON
$T doko result "$OUT" --round 1 --table 2 --file "$K/t2.json" --key "$K/scorer.key" >/dev/null
cat >"$K/t3.json" <<'JSON'
[{"entry":"Game","kind":{"kind":"Normal"},"re":["B","C"],"re_eyes":125},
 {"entry":"Game","kind":{"kind":"Normal"},"re":["C","E"],"re_eyes":95},
 {"entry":"Game","kind":{"kind":"Normal"},"re":["A","D"],"re_eyes":160,"calls":[{"seat":"A","level":"Ansage"},{"seat":"D","level":"Keine90"}]},
 {"entry":"Game","kind":{"kind":"Normal"},"re":["B","E"],"re_eyes":121},
 {"entry":"Game","kind":{"kind":"Normal"},"re":["A","C"],"re_eyes":80}]
JSON
$T doko result "$OUT" --round 1 --table 3 --file "$K/t3.json" --key "$K/scorer.key" >/dev/null
$T verify "$OUT" >/dev/null
echo "made $OUT"
