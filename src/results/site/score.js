// tdlog in-browser scorer (issue 33: "Results every player can verify").
//
// A classic script, no modules, no dependencies, no build step: it is inlined into the
// static results pages (opened from file:// in a browser) and loaded by the node tests with
// vm.runInThisContext. Pure arithmetic over the signed payloads of one board; it defines
// globalThis.tdlogScore. It re-implements, in the browser, the scoring of:
//   src/bridge/contract.rs, seat.rs, vulnerability.rs, board.rs  (contract, seat, Law 2)
//   src/bridge/score.rs                    (Law 77 scores, Law 78A/78B tables)
//   src/scoring/mod.rs, policy.rs          (rounding, snapping, the policy's defaults)
//   src/events/policy.rs                   (PolicySet and its defaults per form)
//   src/scoring/matchpoints.rs             (matchpoints, Neuberg, pro rata, weighted)
//   src/scoring/imps.rs                    (cross-IMPs, Butler, teams IMPs, weighted)
//   src/results/row.rs, src/results/score.rs  (a board's rows: board_rows_with)
//   src/results/session.rs                 (which rows the session pass may still change)
// The floating-point operations are the Rust ones in the same order, so the numbers are the
// same doubles (tests/site/score.test.mjs checks them against the engine's own rows, from
// tests/site_score_vectors.rs). board(input) gives a ResultRow's numbers per line, and
// `unchecked: 'session'` where the session pass may still change them (the page skips those).
// Every function is pure; a malformed contract or vulnerability throws.
(function () {
  'use strict';

  function fail(code, detail) {
    throw Object.assign(new Error(code + ': ' + detail), { code, detail });
  }

  // ---- Rust text helpers --------------------------------------------------------------

  // str::trim (Unicode White_Space: not JS's \s, which has U+FEFF and lacks U+0085).
  const WS = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
  const TRIM = new RegExp(`^[${WS}]+|[${WS}]+$`, 'g');
  const trim = (s) => String(s).replace(TRIM, '');
  // to_ascii_uppercase: only a-z change.
  const upper = (s) => s.replace(/[a-z]/g, (c) => c.toUpperCase());

  // ---- src/bridge/contract.rs: FromStr for Contract and ContractOrPass -------------------

  const STRAINS = { C: 'C', D: 'D', H: 'H', S: 'S', N: 'NT', '♣': 'C', '♦': 'D', '♥': 'H', '♠': 'S' };

  // null for a pass-out, else { level, strain: 'C'|'D'|'H'|'S'|'NT', mult: 1|2|4 }.
  function parseContract(s) {
    if (typeof s !== 'string') fail('contract', 'not a string');
    const passed = upper(trim(s));
    if (passed === 'PASS' || passed === 'P' || passed === 'AP' || passed === 'PASSED OUT') return null;
    const t = trim(s);
    if (t === '') fail('contract', 'empty contract');
    const up = upper(t);
    const chars = Array.from(up);
    const level = '1234567'.indexOf(chars[0]) + 1;
    if (level === 0) fail('contract', `${t}: level must be 1-7 (Law 38A)`);
    const rest = chars.slice(1).join('');
    let strain, tail;
    if (rest.startsWith('NT')) {
      strain = 'NT';
      tail = rest.slice(2);
    } else {
      const first = Array.from(rest)[0];
      strain = first === undefined ? undefined : STRAINS[first];
      if (strain === undefined) fail('contract', `${t}: unknown denomination`);
      tail = rest.slice(first.length);
    }
    let mult;
    if (tail === '') mult = 1;
    else if (tail === 'X' || tail === '*') mult = 2;
    else if (tail === 'XX' || tail === '**' || tail === 'R') mult = 4;
    else fail('contract', `${t}: unexpected ${JSON.stringify(tail)} after the denomination`);
    return { level, strain, mult };
  }

  // ---- src/bridge/vulnerability.rs, src/bridge/board.rs ---------------------------------

  // FromStr for Vulnerability: the canonical name, or null for none of the spellings.
  function parseVulnerability(s) {
    if (typeof s !== 'string') return null;
    switch (upper(trim(s))) {
      case 'NONE': case '-': case 'LOVE': case 'O': return 'None';
      case 'NS': case 'N-S': case 'N/S': return 'NS';
      case 'EW': case 'E-W': case 'E/W': return 'EW';
      case 'BOTH': case 'ALL': case 'B': return 'Both';
      default: return null;
    }
  }

  // Law 2's rotation (bridge::board::vulnerability).
  function law2(board) {
    const i = (board + 15) % 16;
    return ['None', 'NS', 'EW', 'Both'][(i + Math.floor(i / 4)) % 4];
  }

  // Tournament::vulnerability: the recorded one if it parses, else Law 2.
  function vulnerability(board, stored) {
    return (stored === undefined || stored === null ? null : parseVulnerability(stored)) || law2(board);
  }

  const SEATS = { N: 'NS', S: 'NS', E: 'EW', W: 'EW' };

  // ---- src/bridge/score.rs: Law 77 and the Law 78 tables --------------------------------

  function undertricks(mult, vul, n) {
    if (mult === 1) return n * (vul ? 100 : 50);
    let single = 0;
    for (let i = 1; i <= n; i++) single += vul ? (i === 1 ? 200 : 300) : (i === 1 ? 100 : i <= 3 ? 200 : 300);
    return mult === 4 ? 2 * single : single;
  }

  // contract_score: declarer's side's points.
  function declarerScore(c, vul, tricks) {
    const need = 6 + c.level;
    if (tricks < need) return -undertricks(c.mult, vul, need - tricks);
    const per = c.strain === 'C' || c.strain === 'D' ? 20 : 30;
    const tp = per * c.level * c.mult + (c.strain === 'NT' ? 10 * c.mult : 0);
    const over = tricks - need;
    const overValue = c.mult === 1 ? per : (c.mult === 2 ? 100 : 200) * (vul ? 2 : 1);
    const game = tp >= 100 ? (vul ? 500 : 300) : 50;
    const slam = c.level === 6 ? (vul ? 750 : 500) : c.level === 7 ? (vul ? 1500 : 1000) : 0;
    const insult = c.mult === 1 ? 0 : c.mult === 2 ? 50 : 100;
    return tp + over * overValue + game + slam + insult;
  }

  // board_score's N-S points, as Tournament::score calls it (no declarer: N, no tricks: 0).
  function contractScore(contract, declarer, vulnerable, tricks) {
    const c = parseContract(contract);
    const vul = parseVulnerability(vulnerable);
    if (vul === null) fail('vulnerability', `invalid vulnerability ${JSON.stringify(vulnerable)}`);
    const t = tricks === undefined || tricks === null ? 0 : tricks;
    if (!Number.isInteger(t) || t < 0 || t > 13) fail('tricks', `tricks must be 0-13, got ${t}`);
    if (c === null) return 0;
    const side = SEATS[declarer === undefined || declarer === null ? 'N' : declarer];
    if (side === undefined) fail('seat', `invalid seat ${JSON.stringify(declarer)}`);
    const s = declarerScore(c, vul === 'Both' || vul === side, t);
    return side === 'NS' ? s : -s;
  }

  const IMP_THRESHOLDS = [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900,
    1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000];

  // imps: Law 78B for an integer difference, sign kept.
  function imps(d) {
    const a = Math.abs(d);
    let n = 0;
    for (const t of IMP_THRESHOLDS) if (a >= t) n++;
    return d < 0 ? -n : n;
  }

  // matchpoints: 2 per score beaten, 1 per equal one.
  function matchpoints(scores) {
    return scores.map((x, i) => scores.reduce((m, y, j) => m + (j === i ? 0 : x > y ? 2 : x === y ? 1 : 0), 0));
  }

  // ---- src/scoring/mod.rs: rounding and snapping -----------------------------------------

  // f64::round: a half away from zero (Math.round sends -2.5 to -2).
  const rround = (x) => (x < 0 ? -Math.round(-x) : Math.round(x));
  const signum = (x) => (x < 0 || Object.is(x, -0) ? -1 : 1);

  function snap(x) {
    const r = rround(x);
    return Math.abs(x - r) < 1e-6 ? r : x;
  }

  const impsReal = (diff) => imps(Math.trunc(snap(diff)));

  function pow10(d) {
    let f = 1;
    for (let i = 0; i < d; i++) f *= 10;
    return f;
  }

  function roundHalfAway(x, d) {
    const f = pow10(d), y = x * f, t = Math.trunc(y);
    const v = Math.abs(Math.abs(y - t) - 0.5) <= 1e-9 ? t + signum(y) : rround(y);
    return v / f;
  }

  function roundHalfEven(x, d) {
    const f = pow10(d), y = x * f, fl = Math.floor(y);
    let v;
    if (Math.abs(y - fl - 0.5) <= 1e-9) v = ((fl % 2) + 2) % 2 === 0 ? fl : fl + 1;
    else v = rround(y);
    return v / f;
  }

  function roundDown(x, d) {
    const f = pow10(d), y = x * f, c = Math.ceil(y);
    return (c - y <= 1e-9 ? c : Math.floor(y)) / f;
  }

  // Rounding::apply ({decimals: null} keeps the value; -0 becomes +0).
  function apply(r, x) {
    let y = x;
    if (r.decimals !== null) {
      if (r.mode === 'down') y = roundDown(x, r.decimals);
      else if (r.mode === 'half_even') y = roundHalfEven(x, r.decimals);
      else y = roundHalfAway(x, r.decimals);
    }
    return y + 0;
  }

  // results::row::round: to d decimals, a half away from zero, no tolerance.
  function round(x, d) {
    const f = 10 ** d;
    return rround(x * f) / f + 0;
  }

  // ---- src/scoring/policy.rs, src/events/policy.rs: the policy and its defaults ----------
  // Each struct as serde reads it with #[serde(default)]: a missing field takes the value of
  // that struct's own Default (a Rounding given without decimals keeps none).

  const R = (decimals) => ({ decimals, mode: 'half_away_from_zero' });
  const ROUNDING = { dflt: () => R(null) };
  const SCORING = {
    dflt: () => ({
      matchpoints: { factoring: 'neuberg', mp_rounding: R(1), pct_rounding: R(2) },
      cross_imps: { divisor: 'comparisons', factoring: 'proportional', rounding: R(2), artificial_per_comparison: false },
      butler: { drop: 'field_size', rounding: 'half_even' },
      weighted_imps: 'imp_each_outcome',
    }),
    of: {
      matchpoints: { dflt: () => SCORING.dflt().matchpoints, of: { mp_rounding: ROUNDING, pct_rounding: ROUNDING } },
      cross_imps: { dflt: () => SCORING.dflt().cross_imps, of: { rounding: ROUNDING } },
      butler: { dflt: () => SCORING.dflt().butler },
    },
  };
  const RULE = {
    dflt: () => ({ boards: [], min_field: null, max_field: null, factoring: 'neuberg', mp_rounding: R(null) }),
    of: { mp_rounding: ROUNDING },
  };
  // PolicySet::default(): the method is matchpoints whatever the form.
  const POLICY = {
    dflt: () => ({
      method: 'matchpoints', dbv_footnote_c: false, knockout: false, factoring_rules: [], scoring: SCORING.dflt(),
      artificial: { average_minus_pct: 40, average_pct: 50, average_plus_pct: 60, imps: 3, session_rule: 'wbf', imps_decimal: null },
    }),
    of: { scoring: SCORING, artificial: { dflt: () => POLICY.dflt().artificial } },
  };

  function read(schema, given) {
    const out = schema.dflt();
    if (given === null || typeof given !== 'object' || Array.isArray(given)) return out;
    for (const k of Object.keys(out)) {
      if (given[k] !== undefined && given[k] !== null) out[k] = schema.of && schema.of[k] ? read(schema.of[k], given[k]) : given[k];
      else if (given[k] === null) out[k] = null;
    }
    return out;
  }

  // The PolicySet in force: the payload's, or PolicySet::default_for(form) when none.
  function policyOf(payload, form) {
    const p = read(POLICY, payload);
    if (payload === null || payload === undefined) p.method = form === 'teams' ? 'teams_imps' : 'matchpoints';
    p.factoring_rules = (p.factoring_rules || []).map((r) => read(RULE, r));
    return p;
  }

  // FactoringRule::matches.
  const ruleMatches = (r, board, field) => (r.boards.length === 0 || r.boards.includes(board))
    && (r.min_field === null || field >= r.min_field) && (r.max_field === null || field <= r.max_field);

  // row.rs artificial_pct / artificial_imps (ArtificialScores::imps_plus).
  function artificialPct(a, p) {
    return a === 'average_plus' ? p.artificial.average_plus_pct
      : a === 'average' ? p.artificial.average_pct : p.artificial.average_minus_pct;
  }
  function artificialImps(a, p) {
    const d = p.artificial.imps_decimal;
    const i = d === null || d === undefined ? p.artificial.imps : d;
    return a === 'average_plus' ? i : a === 'average' ? 0 : -i;
  }

  // ---- src/scoring/matchpoints.rs, src/scoring/imps.rs -----------------------------------
  // A board's entries, one per line in (round, table) order: {result: {ns, ew, weighted}}
  // (each side's weighting as [[weight, N-S points], ...]; `weighted` for a Law 12C1(c)
  // score), {artificial: [ns, ew]} (percentages or IMPs) or {none: true} (not played).

  const units = (a, b) => (a > b ? 2 : a === b ? 1 : 0);

  // raw_matchpoints: Law 78A's count, or every pair of outcomes weighted when any entry is.
  function rawMatchpoints(cmp, plain) {
    const n = cmp.length;
    if (plain) {
      const top = 2 * Math.max(n - 1, 0);
      return matchpoints(cmp.map((c) => c.ns[0][1])).map((mp) => [mp, top - mp]);
    }
    const side = (a, b, nsSide) => {
      let sum = 0;
      for (const [wa, sa] of a) for (const [wb, sb] of b) sum += wa * wb * (nsSide ? units(sa, sb) : units(sb, sa));
      return sum;
    };
    return cmp.map((ci, i) => {
      let ns = 0, ew = 0;
      cmp.forEach((cj, j) => {
        if (j === i) return;
        ns += side(ci.ns, cj.ns, true);
        ew += side(ci.ew, cj.ew, false);
      });
      return [ns, ew];
    });
  }

  const neuberg = (mp, n, big) => ((mp + 1) * big) / n - 1;
  const proRata = (mp, n, big) => (n <= 1 ? Math.max(big - 1, 0) : (mp * (big - 1)) / (n - 1));

  // The comparable results and N; null for a ScoringError (N below the scheduled entries).
  function field(entries, expected) {
    const cmp = [];
    entries.forEach((e, i) => { if (e.result) cmp.push(Object.assign({ i }, e.result)); });
    const big = expected === null ? entries.length : expected;
    return big < entries.filter((e) => !e.none).length ? null : { cmp, big };
  }

  // score_board; null on a ScoringError (the board is not scored).
  function scoreBoardMp(entries, expected, pol) {
    if (entries.some((e) => e.artificial && e.artificial.some((x) => !(x >= 0 && x <= 100)))) return null;
    const f = field(entries, expected);
    if (f === null) return null;
    const { cmp, big } = f, n = cmp.length;
    const raw = rawMatchpoints(cmp, entries.every((e) => !(e.result && e.result.weighted)));
    const factored = n < big && n > 0 && pol.factoring !== 'none';
    const top = 2 * (pol.factoring !== 'none' ? Math.max(big, 1) - 1 : Math.max(n, 1) - 1);
    const factor = (mp) => (!factored ? mp : pol.factoring === 'neuberg' ? neuberg(mp, n, big) : proRata(mp, n, big));
    const pct = (mp) => (top === 0 ? 50 : (mp * 100) / top);
    const score = (ns, ew, pns, pew) => ({
      mp_ns: apply(pol.mp_rounding, ns), mp_ew: apply(pol.mp_rounding, ew),
      pct_ns: apply(pol.pct_rounding, pns), pct_ew: apply(pol.pct_rounding, pew),
    });
    const out = entries.map((e) => (e.artificial
      ? score((e.artificial[0] * top) / 100, (e.artificial[1] * top) / 100, e.artificial[0], e.artificial[1]) : null));
    cmp.forEach((c, k) => {
      const ns = factor(raw[k][0]), ew = factor(raw[k][1]);
      out[c.i] = score(ns, ew, pct(ns), pct(ew));
    });
    return { top, entries: out };
  }

  function mean(o) {
    if (o.length === 1 && o[0][0] === 1) return o[0][1];
    let p = 0;
    for (const [w, s] of o) p += w * s;
    return snap(p);
  }
  const neg = (o) => o.map(([w, s]) => [w, -s]);

  // weighted_vs: IMPs to side a against side b (both in a's points).
  function weightedVs(a, b, method) {
    if (method === 'weight_points') return impsReal(mean(a) - mean(b));
    let sum = 0;
    for (const [wa, sa] of a) for (const [wb, sb] of b) sum += wa * wb * imps(sa - sb);
    return sum;
  }

  const artificialOut = (entries) => entries.map((e) => (e.artificial ? { imp_ns: e.artificial[0], imp_ew: e.artificial[1] } : null));
  const divisorFor = (divisor, count) => (divisor === 'comparisons' ? Math.max(count - 1, 0) : divisor === 'results' ? count : 1);

  function crossImps(entries, expected, pol, method) {
    const f = field(entries, expected);
    if (f === null) return null;
    const { cmp, big } = f, n = cmp.length;
    const factored = n < big && n > 0 && pol.factoring !== 'none';
    const divisor = divisorFor(pol.divisor, factored ? big : n);
    const finish = (raw) => {
      let x = raw;
      if (factored && pol.factoring === 'proportional') x = (raw * big) / n;
      else if (factored && pol.factoring === 'comparisons' && n > 1) x = (raw * (big - 1)) / (n - 1);
      return apply(pol.rounding, divisor === 0 ? 0 : x / divisor);
    };
    const out = artificialOut(entries);
    cmp.forEach((ci, i) => {
      let ns = 0, ew = 0;
      cmp.forEach((cj, j) => {
        if (i === j) return;
        ns += weightedVs(ci.ns, cj.ns, method);
        ew += weightedVs(neg(ci.ew), neg(cj.ew), method);
      });
      out[ci.i] = { imp_ns: finish(ns), imp_ew: finish(ew) };
    });
    if (pol.artificial_per_comparison) {
      const d = divisorFor(pol.divisor, big);
      const k = d === 0 ? 0 : Math.max(big - 1, 0) / d;
      entries.forEach((e, i) => {
        if (e.artificial) out[i] = { imp_ns: apply(pol.rounding, out[i].imp_ns * k), imp_ew: apply(pol.rounding, out[i].imp_ew * k) };
      });
    }
    return { entries: out };
  }

  // datum_drop_count; `drop` as serde writes DatumDrop ("field_size", {"count": 2}, ...).
  function datumDropCount(n, drop) {
    const kind = typeof drop === 'string' ? drop : Object.keys(drop)[0];
    const arg = typeof drop === 'string' ? undefined : drop[kind];
    const ok = Number.isFinite(arg) && arg > 0;
    let d = 0;
    if (kind === 'count') d = arg;
    else if (kind === 'percent') d = ok ? Math.floor((n * arg) / 100 + 1e-9) : 0;
    else if (kind === 'median') d = Math.floor(Math.max(n - 1, 0) / 2);
    else if (kind === 'middle_percent') {
      const keep = ok ? Math.min(Math.max(Math.floor((n * arg) / 100 + 0.5 + 1e-9), 1), n) : n;
      d = Math.floor((n - keep) / 2);
    } else if (kind === 'field_size' && n > 3) {
      // ⌈(n−10)/15⌉ + 1, the ceiling of a negative quotient toward zero.
      const k = n - 10;
      d = Math.max((k > 0 ? Math.floor((k + 14) / 15) : -Math.floor(-k / 15)) + 1, 0);
    }
    return Math.min(d, Math.floor(Math.max(n - 1, 0) / 2));
  }

  function datum(values, pol) {
    if (values.length === 0) return null;
    const v = values.slice().sort((a, b) => a - b);
    const d = datumDropCount(v.length, pol.drop);
    const kept = v.slice(d, v.length - d);
    let sum = 0;
    for (const x of kept) sum += x;
    const q = sum / (10 * kept.length);
    if (pol.rounding === 'none') return sum / kept.length;
    let tens;
    if (pol.rounding === 'half_even') {
      const t = Math.trunc(q);
      tens = Math.abs(q - t) === 0.5 ? (t % 2 === 0 ? t : t + signum(q)) : rround(q);
    } else tens = pol.rounding === 'half_away_from_zero' ? rround(q) : Math.floor(q + 0.5);
    return tens * 10 + 0;
  }

  function butler(entries, expected, pol, method) {
    const f = field(entries, expected);
    if (f === null) return null;
    const dv = datum(f.cmp.map((c) => mean(c.ns)), pol);
    const vs = (o) => {
      if (method === 'weight_points') return impsReal(mean(o) - dv);
      let s = 0;
      for (const [w, p] of o) s += w * impsReal(p - dv);
      return s;
    };
    const out = artificialOut(entries);
    for (const c of f.cmp) out[c.i] = { imp_ns: vs(c.ns), imp_ew: -vs(c.ew) + 0 };
    return { entries: out };
  }

  // ---- src/results/row.rs: Law 12C4 --------------------------------------------------------

  function knockoutImps(ns, ew) {
    if (round(ns + ew, 2) === 0) return [ns, ew];
    const avg = (ns - ew) / 2;
    return [round(avg, 2) + 0, round(-avg, 2) + 0];
  }

  // ---- src/results/score.rs: the rows of one board ---------------------------------------

  // A line's entry (above), artificial scores as [ns, ew] of 'average_plus', ...
  function sideOf(line, vul) {
    const o = line.outcome;
    const single = (p) => ({ result: { ns: [[1, p]], ew: [[1, p]] } });
    if (o.kind === 'played') return single(o.score_ns);
    if (o.kind !== 'adjusted') return { none: true };
    const a = o.adjustment;
    const points = (r) => {
      try {
        return contractScore(r.contract, r.declarer, vul, r.tricks);
      } catch (_) {
        return null;
      }
    };
    // Law 12C1(c): each outcome weight/total of the whole.
    const weighting = (v) => {
      let total = 0;
      for (const w of v) total += w.weight;
      const out = v.map((w) => [w.weight / total, points(w)]);
      return out.some(([, p]) => p === null) ? null : out;
    };
    if (a.kind === 'artificial') return { artificial: [a.ns, a.ew] };
    if (a.kind === 'assigned') return points(a) === null ? { none: true } : single(points(a));
    if (a.kind !== 'weighted') fail('adjustment', `unknown adjustment kind ${JSON.stringify(a.kind)}`);
    const ns = weighting(a.ns);
    const ew = a.ew === undefined || a.ew === null ? ns : weighting(a.ew);
    return ns === null || ew === null ? { none: true } : { result: { ns, ew, weighted: true } };
  }

  const baseRow = (l) => ({
    round: l.round, table: l.table, score_ns: l.outcome.kind === 'played' ? l.outcome.score_ns : null,
    mp_ns: null, mp_ew: null, pct_ns: null, pct_ew: null, imp_ns: null, imp_ew: null, unchecked: null,
  });

  // Teams (Law 78B, Law 86): against the other table of the same match.
  function teamsRows(g, p) {
    return g.map((s) => {
      const row = baseRow(s);
      const o = g.find((x) => x.round === s.round && x.ns === s.ew && x.ew === s.ns && x.table !== s.table);
      const here = s.side, there = o ? o.side : {};
      if (here.artificial || there.artificial) {
        // The other table's teams are swapped: its N-S team is our E-W team.
        const [ns, ew] = here.artificial || there.artificial.slice().reverse();
        row.imp_ns = artificialImps(ns, p);
        row.imp_ew = artificialImps(ew, p);
        row.basis = { unplayed: here.artificial ? s.unplayed : o.unplayed };
      } else if (here.result && there.result) {
        const w = p.scoring.weighted_imps;
        row.imp_ns = round(weightedVs(here.result.ns, there.result.ew, w), 2);
        row.imp_ew = round(weightedVs(there.result.ns, here.result.ew, w), 2);
      }
      if (p.knockout && row.imp_ns !== null && row.imp_ew !== null) {
        [row.imp_ns, row.imp_ew] = knockoutImps(row.imp_ns, row.imp_ew);
      }
      return row;
    });
  }

  // Pairs and individuals: matchpoints, cross-IMPs, Butler or total points.
  function pairsRows(g, p, expected, board) {
    const rows = g.map((s) => {
      const row = baseRow(s);
      if (s.side.artificial) row.basis = { unplayed: s.unplayed, ns: s.side.artificial[0], ew: s.side.artificial[1] };
      return row;
    });
    const big = expected === null ? null : Math.max(expected, g.length);
    const entries = (value) => g.map(({ side }) => (side.artificial ? { artificial: side.artificial.map((a) => value(a, p)) } : side));
    let b = null;
    if (p.method === 'matchpoints' || p.method === 'teams_imps') {
      // A factoring rule of the policy for this board or this size of field.
      const mpp = Object.assign({}, p.scoring.matchpoints);
      const rule = p.factoring_rules.find((r) => ruleMatches(r, board, big === null ? g.length : big));
      if (rule) Object.assign(mpp, { factoring: rule.factoring, mp_rounding: rule.mp_rounding });
      b = scoreBoardMp(entries(artificialPct), big, mpp);
    } else if (p.method === 'cross_imps') {
      b = crossImps(entries(artificialImps), big, p.scoring.cross_imps, p.scoring.weighted_imps);
    } else if (p.method === 'butler') {
      b = butler(entries(artificialImps), big, p.scoring.butler, p.scoring.weighted_imps);
    }
    if (b !== null) {
      rows.forEach((row, k) => {
        if (b.entries[k]) Object.assign(row, b.entries[k], b.top === undefined ? {} : { mp_top: b.top });
      });
    }
    return rows;
  }

  // ---- src/results/session.rs: which rows the session pass may change ---------------------
  // settle() rescoring a row with an artificial score (its `basis`) from the contestants'
  // whole session: Law 12C2(c) (an A+ side may get its own session percentage above the
  // average plus; under the WBF reading an A- side its own below the average minus) and DBV
  // footnote C (an unplayed board from a contestant's third on). Everything else it
  // recomputes exactly as the board did, except matchpoints rounded by the policy's own
  // mp_rounding where a factoring rule gave the board another: that is checked here.
  function sessionMayChange(row, p, teams) {
    const b = row.basis;
    if (!b) return false;
    const fnC = p.dbv_footnote_c && b.unplayed;
    // Teams: ±IMPs again, or not played from a team's third unplayed board.
    if (teams) return fnC;
    // Pairs IMPs: the board's IMPs again, or the session's IMPs per board (footnote C).
    if (row.mp_top === undefined) return row.imp_ns !== null && fnC;
    if (fnC) return true;
    const a = p.artificial;
    const moves = (x) => x === 'average_plus' || (x === 'average_minus' && a.session_rule === 'wbf');
    if (moves(b.ns) || moves(b.ew)) return true;
    const m = p.scoring.matchpoints.mp_rounding;
    return apply(m, (artificialPct(b.ns, p) * row.mp_top) / 100) !== row.mp_ns
      || apply(m, (artificialPct(b.ew, p) * row.mp_top) / 100) !== row.mp_ew;
  }

  // board_rows_with: the board's rows, on a fouled board (Law 87) group by group.
  function board(input) {
    const form = input.form || 'pairs';
    const p = policyOf(input.policy, form);
    const vul = vulnerability(input.board, input.vulnerable);
    const slots = input.lines.map((l) => {
      let outcome;
      if (l.ruling) outcome = { kind: 'adjusted', adjustment: l.ruling };
      else if (l.table_result && l.table_result.kind === 'played') {
        const r = l.table_result;
        outcome = { kind: 'played', score_ns: contractScore(r.contract, r.declarer, vul, r.tricks) };
      } else outcome = { kind: 'not_played' };
      const s = {
        round: l.round, table: l.table, ns: l.ns, ew: l.ew, outcome,
        unplayed: !(l.table_result && l.table_result.kind === 'played'),
      };
      s.side = sideOf(s, vul);
      return s;
    });
    const byRoundTable = (a, b) => (a.round - b.round) || (a.table - b.table);
    slots.sort(byRoundTable);
    let groups = [slots];
    const fouled = input.fouled;
    if (fouled && Array.isArray(fouled.groups)) {
      const gs = fouled.groups.map(() => []).concat([[]]);
      for (const s of slots) {
        let g = fouled.groups.findIndex((grp) => grp.some(([r, t]) => r === s.round && t === s.table));
        if (g < 0) g = fouled.groups.length;
        gs[g].push(s);
      }
      groups = gs.filter((g) => g.length > 0);
    }
    const teams = p.method === 'teams_imps' && form === 'teams';
    const expected = groups.length > 1 || input.expected === undefined ? null : input.expected;
    let rows = [];
    for (const g of groups) rows = rows.concat(teams ? teamsRows(g, p) : pairsRows(g, p, expected, input.board));
    rows.sort(byRoundTable);
    return rows.map((r) => {
      if (sessionMayChange(r, p, teams)) r.unchecked = 'session';
      delete r.basis;
      delete r.mp_top;
      return r;
    });
  }

  globalThis.tdlogScore = {
    contractScore, vulnerability, board,
    // The parts, for tests and the page.
    parseContract, parseVulnerability, law2, imps, matchpoints, policyOf, round, apply,
    datum, datumDropCount, neuberg, proRata,
  };
})();
