// Tests of the in-browser scorer src/results/site/score.js: every differential vector the
// Rust engine wrote (tests/site/vectors/score.json, made by tests/site_score_vectors.rs from
// real signed events scored by results::board_rows), and worked examples named after the law.
// Run: node --test tests/site/score.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
vm.runInThisContext(readFileSync(path.join(REPO, 'src/results/site/score.js'), 'utf8'));
const S = globalThis.tdlogScore;

// ---- The Rust engine's vectors -----------------------------------------------------------

const FILE = JSON.parse(readFileSync(path.join(REPO, 'tests/site/vectors/score.json'), 'utf8'));
const NUMBERS = ['score_ns', 'mp_ns', 'mp_ew', 'pct_ns', 'pct_ew', 'imp_ns', 'imp_ew'];

// A vector's input with its policy payload in place, and its rows as objects.
function vector(v) {
  const input = Object.assign({}, v.input, {
    policy: v.input.policy === null ? null : FILE.policies[v.input.policy],
  });
  const expect = v.expect.map((a) => Object.fromEntries(FILE.fields.map((f, i) => [f, a[i] === undefined ? false : a[i]])));
  return { name: v.name, input, expect };
}

const VECTORS = FILE.vectors.map(vector);

test('the vectors cover what they should', () => {
  const n = (pred) => VECTORS.filter(pred).length;
  const lines = VECTORS.flatMap((v) => v.input.lines);
  const policy = (v) => v.input.policy || {};
  assert.ok(VECTORS.length >= 300, `${VECTORS.length} vectors`);
  assert.ok(n((v) => v.name.startsWith('random')) >= 80, 'about a hundred random boards');
  for (const m of ['matchpoints', 'cross_imps', 'butler', 'teams_imps', 'total_points']) {
    assert.ok(n((v) => policy(v).method === m) > 0, m);
  }
  for (const f of ['neuberg', 'pro_rata', 'none']) {
    assert.ok(n((v) => v.input.policy && policy(v).scoring.matchpoints.factoring === f
      && v.input.expected > v.input.lines.filter((l) => l.table_result && l.table_result.kind === 'played').length) > 0, f);
  }
  for (const form of ['pairs', 'teams', 'individual']) assert.ok(n((v) => v.input.form === form) > 0, form);
  assert.ok(n((v) => v.input.fouled) > 0, 'fouled boards');
  assert.ok(n((v) => policy(v).knockout) > 0, 'knock-out');
  assert.ok(n((v) => v.input.vulnerable !== undefined) > 0, 'recorded vulnerabilities');
  for (const k of ['artificial', 'assigned', 'weighted']) assert.ok(lines.some((l) => l.ruling && l.ruling.kind === k), k);
  assert.ok(lines.some((l) => l.ruling && l.ruling.ew), 'split weighted');
  assert.ok(lines.some((l) => l.table_result && /^(pass|p|ap|passed out)$/i.test(l.table_result.contract)), 'pass-out');
  assert.ok(lines.some((l) => l.table_result && /XX$/i.test(l.table_result.contract)), 'redoubled');
  assert.ok(VECTORS.some((v) => v.expect.some((r) => r.settled)), 'rows the session pass changes');
});

test('every vector: score.js gives the Rust rows', () => {
  let rows = 0, flagged = 0, settled = 0;
  const failures = [];
  for (const v of VECTORS) {
    let got;
    try {
      got = S.board(v.input);
    } catch (e) {
      failures.push(`${v.name}: threw ${e.message}`);
      continue;
    }
    if (got.length !== v.expect.length) {
      failures.push(`${v.name}: ${got.length} rows, Rust has ${v.expect.length}`);
      continue;
    }
    got.forEach((g, i) => {
      const e = v.expect[i];
      const where = `${v.name} round ${e.round} table ${e.table}`;
      rows++;
      if (g.round !== e.round || g.table !== e.table) failures.push(`${where}: row is round ${g.round} table ${g.table}`);
      for (const f of NUMBERS) {
        // The same doubles: the same operations in the same order.
        if (g[f] !== e[f]) failures.push(`${where}: ${f} ${g[f]}, Rust ${e[f]}`);
      }
      if (g.unchecked !== null) flagged++;
      if (e.settled) settled++;
      // Sound: a row the session pass changed is never offered for checking.
      if (e.settled && g.unchecked === null) failures.push(`${where}: the session pass changed it, yet it is checkable`);
      if (g.unchecked !== null && g.unchecked !== 'session') failures.push(`${where}: unchecked ${g.unchecked}`);
    });
  }
  assert.deepEqual(failures.slice(0, 40), [], `${failures.length} failures`);
  assert.ok(rows > 1500, `${rows} rows`);
  // Not too cautious: most rows stay checkable.
  assert.ok(flagged < rows / 10, `${flagged} of ${rows} rows unchecked (${settled} settled)`);
});

// ---- Worked examples ----------------------------------------------------------------------

test('Law 77: contract scores', () => {
  const c = S.contractScore;
  assert.equal(c('4S', 'N', 'Both', 10), 620); // game vulnerable
  assert.equal(c('4S', 'S', 'None', 10), 420);
  assert.equal(c('4S', 'E', 'EW', 10), -620); // E-W's game is N-S's minus
  assert.equal(c('4S', 'N', 'EW', 11), 450);
  assert.equal(c('3NTX', 'N', 'NS', 7), -500); // doubled, two down vulnerable: 200 + 300
  assert.equal(c('3NTX', 'W', 'Both', 7), 500);
  assert.equal(c('3NTX', 'N', 'None', 5), -800); // 100 + 200 + 200 + 300
  assert.equal(c('7NTXX', 'S', 'NS', 13), 2980); // 880 + 500 + 1500 + 100
  assert.equal(c('7NTXX', 'S', 'None', 13), 2280); // 880 + 300 + 1000 + 100
  assert.equal(c('1NT', 'N', 'None', 8), 120); // 1NT+1
  assert.equal(c('2HX', 'N', 'None', 8), 470); // partscore doubled into game: 120 + 300 + 50
  assert.equal(c('2HX', 'N', 'NS', 9), 870); // + one doubled overtrick vulnerable
  assert.equal(c('1CXX', 'N', 'None', 7), 230); // 80 + 50 + 100: no game
  assert.equal(c('1NTXX', 'N', 'None', 7), 560); // 160: game
  assert.equal(c('6H', 'N', 'None', 12), 980);
  assert.equal(c('6H', 'N', 'NS', 12), 1430);
  assert.equal(c('7C', 'N', 'NS', 13), 2140);
  assert.equal(c('4SXX', 'N', 'NS', 9), -400);
  assert.equal(c('7NTX', 'N', 'None', 0), -3500); // thirteen down doubled
  assert.equal(c('1H', 'N', 'Both', 0), -700);
  assert.equal(c('Pass', undefined, 'Both'), 0); // Law 22B: a pass-out scores nothing
  for (const spelling of ['Pass', 'p', 'AP', ' passed out ']) assert.equal(c(spelling, 'N', 'None', 0), 0);
  // The spellings the log accepts (contract.rs FromStr).
  assert.equal(c('3n', 'S', 'None', 9), 400);
  assert.equal(c('4sx', 'N', 'None', 10), 590);
  assert.equal(c('2H*', 'N', 'None', 8), 470);
  assert.equal(c('3C**', 'N', 'None', 9), 640);
  assert.equal(c('4SR', 'N', 'None', 10), 880);
  assert.equal(c('4♠', 'N', 'None', 10), 420);
  for (const bad of ['', '8S', '0NT', '4Z', '4SXXX', '4', 'NT', 4]) assert.throws(() => c(bad, 'N', 'None', 10), undefined, bad);
  assert.throws(() => c('4S', 'N', 'None', 14));
  assert.throws(() => c('4S', 'N', 'Sometimes', 10));
});

test('Law 2: vulnerability by board number, or as recorded', () => {
  const law2 = ['None', 'NS', 'EW', 'Both', 'NS', 'EW', 'Both', 'None',
    'EW', 'Both', 'None', 'NS', 'Both', 'None', 'NS', 'EW'];
  for (let b = 1; b <= 32; b++) assert.equal(S.vulnerability(b), law2[(b - 1) % 16], `board ${b}`);
  assert.equal(S.vulnerability(1, 'All'), 'Both');
  assert.equal(S.vulnerability(4, '-'), 'None');
  assert.equal(S.vulnerability(4, 'Love'), 'None');
  assert.equal(S.vulnerability(1, 'n-s'), 'NS');
  assert.equal(S.vulnerability(1, 'E/W'), 'EW');
  assert.equal(S.vulnerability(4, 'nonsense'), 'Both'); // unreadable: Law 2
});

test('Law 78B: the IMP table at its boundaries', () => {
  const table = [[0, 0], [10, 0], [20, 1], [40, 1], [50, 2], [80, 2], [90, 3], [120, 3], [130, 4],
    [160, 4], [170, 5], [210, 5], [220, 6], [260, 6], [270, 7], [310, 7], [320, 8], [360, 8],
    [370, 9], [420, 9], [430, 10], [490, 10], [500, 11], [590, 11], [600, 12], [740, 12],
    [750, 13], [890, 13], [900, 14], [1090, 14], [1100, 15], [1290, 15], [1300, 16], [1490, 16],
    [1500, 17], [1740, 17], [1750, 18], [1990, 18], [2000, 19], [2240, 19], [2250, 20],
    [2490, 20], [2500, 21], [2990, 21], [3000, 22], [3490, 22], [3500, 23], [3990, 23],
    [4000, 24], [7600, 24]];
  for (const [d, i] of table) {
    assert.equal(S.imps(d), i, `${d}`);
    assert.equal(S.imps(-d) + 0, -i + 0, `-${d}`);
  }
});

// A board of pairs lines: [contract-or-adjustment, ...] at tables 1.., pairs t and t+10.
function pairs(results, extra) {
  const lines = results.map((r, i) => {
    const l = { round: 1, table: i + 1, ns: String(i + 1), ew: String(i + 11), table_result: null, ruling: null };
    if (typeof r === 'string') {
      const [contract, declarer, tricks] = r.split(' ');
      l.table_result = contract === 'Pass' ? { kind: 'played', contract } : { kind: 'played', contract, declarer, tricks: Number(tricks) };
    } else if (r) l.ruling = r;
    return l;
  }).filter((l) => l.table_result || l.ruling);
  return Object.assign({ board: 1, form: 'pairs', policy: null, expected: null, fouled: null, lines }, extra);
}
const col = (rows, f) => rows.map((r) => r[f]);

test('Law 78A: matchpoints, the top and percentages', () => {
  // 420, 420, 450, 170: 2 per score beaten, 1 per equal score; top 2(n-1) = 6.
  const rows = S.board(pairs(['4S N 10', '4S N 10', '4S N 11', '4S N 9']));
  assert.deepEqual(col(rows, 'score_ns'), [420, 420, 450, -50]);
  assert.deepEqual(col(rows, 'mp_ns'), [3, 3, 6, 0]);
  assert.deepEqual(col(rows, 'mp_ew'), [3, 3, 0, 6]);
  assert.deepEqual(col(rows, 'pct_ns'), [50, 50, 100, 0]);
  assert.deepEqual(col(rows, 'imp_ns'), [null, null, null, null]);
  assert.deepEqual(col(rows, 'unchecked'), [null, null, null, null]);
  // A sole result: 50 %.
  assert.deepEqual(col(S.board(pairs(['4S N 10'])), 'pct_ns'), [50]);
});

test('Neuberg and pro rata: a board played fewer times than the movement expects', () => {
  // 3 results of 4 expected: MP' = (MP + 1)·4/3 − 1 on the top of 6; the sole top 17/3.
  const neuberg = S.board(pairs(['4S N 10', '4S N 11', '4S N 9'], { expected: 4 }));
  assert.deepEqual(col(neuberg, 'mp_ns'), [3, 5.7, 0.3]);
  assert.deepEqual(col(neuberg, 'pct_ns'), [50, 94.44, 5.56]);
  const proRata = S.board(pairs(['4S N 10', '4S N 11', '4S N 9'], {
    expected: 4, policy: { scoring: { matchpoints: { factoring: 'pro_rata' } } },
  }));
  assert.deepEqual(col(proRata, 'mp_ns'), [3, 6, 0]); // MP·(N−1)/(n−1)
  const none = S.board(pairs(['4S N 10', '4S N 11', '4S N 9'], {
    expected: 4, policy: { scoring: { matchpoints: { factoring: 'none' } } },
  }));
  assert.deepEqual(col(none, 'mp_ns'), [2, 4, 0]); // the top of the results there are
  assert.deepEqual(col(none, 'pct_ns'), [50, 100, 0]);
});

test('Law 12C2: artificial scores in percentages and IMPs, by policy', () => {
  const aplus = { kind: 'artificial', ns: 'average_plus', ew: 'average_minus' };
  const avg = { kind: 'artificial', ns: 'average', ew: 'average' };
  const rows = S.board(pairs(['4S N 10', '4S N 11', aplus, avg]));
  // Not compared: the two results are factored to the top of four (Neuberg): 0 → 1, 2 → 5.
  assert.deepEqual(col(rows, 'pct_ns'), [16.67, 83.33, 60, 50]);
  assert.deepEqual(col(rows, 'pct_ew'), [83.33, 16.67, 40, 50]);
  assert.deepEqual(col(rows, 'mp_ns'), [1, 5, 3.6, 3]);
  // 60 %/40 % may yet become the pair's session percentage (Law 12C2(c)); 50 % stays.
  assert.deepEqual(col(rows, 'unchecked'), [null, null, 'session', null]);
  const custom = S.board(pairs(['4S N 10', aplus], {
    policy: { artificial: { average_plus_pct: 65, average_minus_pct: 35 } },
  }));
  assert.deepEqual([custom[1].pct_ns, custom[1].pct_ew], [65, 35]);
  const imps = S.board(pairs(['4S N 10', '4S N 11', aplus], { policy: { method: 'cross_imps' } }));
  assert.deepEqual([imps[2].imp_ns, imps[2].imp_ew], [3, -3]);
  assert.equal(imps[2].unchecked, null); // 12C2(c) is not applied to IMPs
  const decimal = S.board(pairs(['4S N 10', aplus], { policy: { method: 'butler', artificial: { imps_decimal: 1.2 } } }));
  assert.deepEqual([decimal[1].imp_ns, decimal[1].imp_ew], [1.2, -1.2]);
  // DBV footnote C: an unplayed board may be the contestant's third.
  const fnC = S.board(pairs(['4S N 10', aplus], { policy: { method: 'cross_imps', dbv_footnote_c: true } }));
  assert.equal(fnC[1].unchecked, 'session');
});

test('Law 12C1(c): weighted scores, in matchpoints and IMPs', () => {
  const w = { kind: 'weighted', ns: [{ weight: 1, contract: '4S', declarer: 'N', tricks: 10 }, { weight: 2, contract: '4S', declarer: 'N', tricks: 9 }] };
  const rows = S.board(pairs(['4S N 10', '4S N 9', w]));
  // Against 420: 1/3 tie (1) + 2/3 beaten (0); against −50: 1/3 beat (2) + 2/3 tie (1).
  assert.equal(rows[2].mp_ns, 1.7); // 1/3 + 4/3 = 5/3
  assert.equal(rows[2].score_ns, null);
  // W24's two methods, weighting the IMPs or the points: 30 % of +620 and 70 % of −100 (board
  // 4, both vulnerable) against +620 at the other table: 0.3·0 + 0.7·−12 = −8.4 IMPs.
  const teams = (policy) => S.board({
    board: 4, form: 'teams', policy, expected: null, fouled: null, lines: [
      { round: 1, table: 1, ns: 'A', ew: 'B', table_result: null, ruling: { kind: 'weighted', ns: [
        { weight: 3, contract: '4S', declarer: 'N', tricks: 10 }, { weight: 7, contract: '4S', declarer: 'N', tricks: 9 }] } },
      { round: 1, table: 2, ns: 'B', ew: 'A', table_result: { kind: 'played', contract: '4S', declarer: 'N', tricks: 10 }, ruling: null },
    ],
  });
  assert.deepEqual([teams(null)[0].imp_ns, teams(null)[0].imp_ew], [-8.4, 8.4]);
  // Weighted points: 0.3·620 + 0.7·−100 = 116 against 620: −504 → −11.
  assert.deepEqual([teams({ method: 'teams_imps', scoring: { weighted_imps: 'weight_points' } })[0].imp_ns], [-11]);
});

test('Law 78B teams: each board against the other table of the match; Law 12C4 knock-out', () => {
  const board = (t1, t2, policy) => S.board({
    board: 4, form: 'teams', policy: policy || null, expected: null, fouled: null, lines: [
      { round: 1, table: 1, ns: 'A', ew: 'B', ...t1 },
      { round: 1, table: 2, ns: 'B', ew: 'A', ...t2 },
    ],
  });
  const played = (contract, declarer, tricks) => ({ table_result: { kind: 'played', contract, declarer, tricks }, ruling: null });
  // W10: +620 at one table, −100 at the other: +720, 12 IMPs to the home team.
  const w10 = board(played('4S', 'N', 10), played('4S', 'S', 9));
  assert.deepEqual([w10[0].imp_ns, w10[0].imp_ew, w10[1].imp_ns, w10[1].imp_ew], [12, -12, -12, 12]);
  // Law 86A: an artificial score at one table is ±3 to both rows (the other's sides swapped).
  const art = { table_result: null, ruling: { kind: 'artificial', ns: 'average_plus', ew: 'average_plus' } };
  const a = board(art, played('4S', 'N', 10));
  assert.deepEqual([a[0].imp_ns, a[0].imp_ew, a[1].imp_ns, a[1].imp_ew], [3, 3, 3, 3]);
  // Law 12C4: in a knock-out match A+ to both sides is averaged: (+3 − +3)/2 = 0 each.
  const k = board(art, played('4S', 'N', 10), { method: 'teams_imps', knockout: true });
  assert.deepEqual([k[0].imp_ns, k[0].imp_ew], [0, 0]);
  // Non-balancing: A+ (+6 by this policy) and A (0) give +3 and −3.
  const split = board({ table_result: null, ruling: { kind: 'artificial', ns: 'average_plus', ew: 'average' } },
    played('4S', 'N', 10), { method: 'teams_imps', knockout: true, artificial: { imps: 6 } });
  assert.deepEqual([split[0].imp_ns, split[0].imp_ew], [3, -3]);
  // No other table: nothing to compare.
  const alone = S.board({ board: 4, form: 'teams', policy: null, expected: null, fouled: null,
    lines: [{ round: 1, table: 1, ns: 'A', ew: 'B', ...played('4S', 'N', 10) }] });
  assert.deepEqual([alone[0].score_ns, alone[0].imp_ns], [620, null]);
});

test('Law 78B cross-IMPs and Butler datums', () => {
  // 420, 450, −50: cross-IMPs averaged over the comparisons: (−1 + 10)/2, (1 + 11)/2, (−10 − 11)/2.
  const cross = S.board(pairs(['4S N 10', '4S N 11', '4S N 9'], { policy: { method: 'cross_imps' } }));
  assert.deepEqual(col(cross, 'imp_ns'), [4.5, 6, -10.5]);
  // Datum 125 (140, 110): ACBLscore's half-even gives 120, away from zero 130.
  const b = (rounding) => S.board(pairs(['2H N 9', '2D N 9', '2H S 9', '2D S 9'], {
    policy: { method: 'butler', scoring: { butler: { drop: 'none', rounding } } },
  }));
  assert.deepEqual(col(b('half_even'), 'imp_ns'), [1, 0, 1, 0]); // +20, −10
  assert.deepEqual(col(b('half_away_from_zero'), 'imp_ns'), [0, -1, 0, -1]); // +10, −20
  assert.equal(S.datum([100, 150], { drop: 'none', rounding: 'half_even' }), 120);
  assert.equal(S.datum([-100, -150], { drop: 'none', rounding: 'half_up' }), -120);
  assert.equal(S.datum([-130, -140], { drop: 'none', rounding: 'half_away_from_zero' }), -140);
  assert.equal(S.datumDropCount(11, 'field_size'), 2);
  assert.equal(S.datumDropCount(40, { percent: 5 }), 2);
});

test('Law 87: a fouled board is compared within each group', () => {
  const input = pairs(['4S N 10', '4S N 11', '3NT S 9', '3NT S 10'], {
    expected: 4, fouled: { section: 'A', board: 1, groups: [[[1, 1], [1, 2]], [[1, 3], [1, 4]]], reason: 'x' },
  });
  const rows = S.board(input);
  assert.deepEqual(col(rows, 'pct_ns'), [0, 100, 0, 100]);
  assert.deepEqual(col(rows, 'mp_ns'), [0, 2, 0, 2]); // each group on its own top, unfactored
});

test('Law 78C: total points have no matchpoints or IMPs', () => {
  const rows = S.board(pairs(['4S N 10', '4S N 11'], { policy: { method: 'total_points' } }));
  assert.deepEqual(rows.map((r) => [r.score_ns, r.mp_ns, r.imp_ns]), [[420, null, null], [450, null, null]]);
});
