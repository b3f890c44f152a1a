// The peer of `cargo bench --bench peer`: the bridge-scorer npm package scores and
// matchpoints the same 200-table session that `tdlog results --json` scores, as one process
// from reading the input file to writing the results, like tdlog.
//   node benches/peer_scorer.mjs PEER_DIR DATA.json OUT.json
// PEER_DIR holds node_modules/bridge-scorer (installed by the benchmark, not the test suite).
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [peerDir, dataPath, outPath] = process.argv.slice(2);
const require = createRequire(join(peerDir, 'package.json'));
const scorer = require('bridge-scorer');

// Board vulnerability by the standard 16-board cycle (Law 2).
const VUL = ['-', 'NS', 'EW', 'All', 'NS', 'EW', 'All', '-', 'EW', 'All', '-', 'NS', 'All', '-', 'NS', 'EW'];
const vulnerable = (board, seat) => {
  const v = VUL[(board - 1) % 16];
  return v === 'All' || (v === 'NS' && (seat === 'N' || seat === 'S')) || (v === 'EW' && (seat === 'E' || seat === 'W'));
};

const played = JSON.parse(readFileSync(dataPath, 'utf8'));
const boards = new Map();
for (const p of played) {
  const level = Number(p.contract[0]);
  const denomination = p.contract.slice(1);
  const contract = { level, denomination, risk: '', declaror: p.declarer };
  const score = scorer.contractTricks(contract, vulnerable(p.board, p.declarer), p.tricks);
  const game = { contract, score, p };
  if (!boards.has(p.board)) boards.set(p.board, []);
  boards.get(p.board).push(game);
}
const rows = [];
const totals = new Map();
for (const [board, games] of [...boards].sort((a, b) => a[0] - b[0])) {
  scorer.matchpoints(games);
  for (const g of games) {
    const ns = g.contract.declaror === 'N' || g.contract.declaror === 'S' ? g.score : -g.score;
    rows.push({ board, round: g.p.round, table: g.p.table, score_ns: ns, mp_ns: g.matchpointsNS.value, mp_ew: g.matchpointsEW.value });
    totals.set(g.p.ns, (totals.get(g.p.ns) ?? 0) + g.matchpointsNS.value);
    totals.set(g.p.ew, (totals.get(g.p.ew) ?? 0) + g.matchpointsEW.value);
  }
}
const ranking = [...totals].sort((a, b) => b[1] - a[1]).map(([pair, mp]) => ({ pair, mp }));
writeFileSync(outPath, JSON.stringify({ rows, ranking }));
