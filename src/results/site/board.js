// A results site's board page, folded from its signed events (issue 33): which result stands
// at each table and what the board is compared under, so that the page recomputes its scores
// (score.js) instead of trusting its HTML. A classic script like verify.js: no modules, no
// dependencies; it defines globalThis.tdlogBoard. It mirrors, for one board:
//   src/results/tournament.rs  (Projection::apply: table results, adjustments, corrections;
//                               vulnerability, policy, form, expected)
//   src/appeals/mod.rs          (Folded::decision_effect: a changed score on appeal)
// Events are folded in replay order (Lamport time, author, sequence, id), as the log is.
(function () {
  'use strict';

  // Types whose line the page cannot recompute: a result derived from the recorded auction
  // and play (src/results/derived.rs) needs the whole rules engine.
  const PLAY = /^bridge\./;

  const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

  // `events`: [{ id, type, lamport, author, seq, payload }] with ids and authors as hex, every
  // one already verified; `own`: the ids of the board's events; `section`, `board`: the page's.
  // Returns { section, board, input, unchecked } where input is score.js's board input and
  // unchecked a reason code when the board's scores cannot be recomputed from the page.
  function fold(events, own, section, board) {
    const S = globalThis.tdlogScore;
    const order = events.slice().sort((a, b) => (a.lamport - b.lamport)
      || cmp(a.author, b.author) || (a.seq - b.seq) || cmp(a.id, b.id));
    const byId = new Map(order.map((e) => [e.id, e]));
    const mine = new Set(own);
    const inSection = (p) => p && p.section === section;
    const onBoard = (p) => inSection(p) && p.board === board;

    // The context: the latest of each kind wins, as in the tournament projection.
    let form = 'pairs';
    let policy = null, eventPolicy = null;
    let facts = null, fouled = null;
    const tables = new Map();
    const phantom = new Map();
    const absent = new Map();
    for (const e of order) {
      const p = e.payload;
      switch (e.type) {
        case 'structure.section': if (inSection(p)) form = p.form; break;
        case 'scoring.policy':
          // No section, or an empty one: event-wide (the projection files both under "").
          if (p.section === undefined || p.section === null || p.section === '') eventPolicy = p;
          else if (p.section === section) policy = p;
          break;
        case 'structure.board': if (onBoard(p)) facts = p; break;
        case 'ruling.fouled_board': if (onBoard(p)) fouled = p; break;
        case 'structure.table': if (inSection(p)) tables.set(`${p.round}/${p.table}`, p); break;
        case 'structure.contestant': if (inSection(p)) phantom.set(p.id, !!p.phantom); break;
        case 'structure.attendance':
          if (inSection(p)) absent.set(p.contestant, !!(p.presence && p.presence.status === 'absent'));
          break;
        default:
      }
    }
    const vul = facts ? facts.vulnerable : undefined;
    const out = (id) => phantom.get(id) === true || absent.get(id) === true;
    const expected = tables.size === 0 ? null : Array.from(tables.values())
      .filter((t) => Array.isArray(t.boards) && t.boards.includes(board) && !out(t.ns) && !out(t.ew))
      .length;

    // The lines: each table's result and ruling, by the board's own events.
    const lines = new Map();
    let unchecked = null;
    const line = (p) => {
      const key = `${p.round}/${p.table}`;
      let l = lines.get(key);
      if (!l) {
        l = { round: p.round, table: p.table, ns: p.ns, ew: p.ew, table_result: null, ruling: null };
        lines.set(key, l);
      }
      l.ns = p.ns;
      l.ew = p.ew;
      return l;
    };
    const played = (p) => {
      try {
        S.contractScore(p.contract, p.declarer || 'N', S.vulnerability(board, vul), p.tricks || 0);
      } catch (_) {
        return null; // the projection warns and leaves the line as it was
      }
      const r = { kind: 'played', contract: p.contract };
      if (p.declarer !== undefined) r.declarer = p.declarer;
      if (p.tricks !== undefined) r.tricks = p.tricks;
      return r;
    };
    // An appeal's slot is its ruling's (src/appeals: the workflow keeps it from the ruling).
    const appealSlot = (appealId) => {
      const filed = byId.get(appealId);
      const ruling = filed && filed.type === 'appeal.filed' && byId.get(filed.payload.ruling);
      return ruling && onBoard(ruling.payload) ? ruling.payload : null;
    };
    for (const e of order) {
      if (!mine.has(e.id)) continue;
      const p = e.payload;
      if (PLAY.test(e.type)) { unchecked = 'play'; continue; }
      switch (e.type) {
        case 'result.recorded':
        case 'result.corrected': {
          if (!onBoard(p)) break;
          const r = played(p);
          if (r) line(p).table_result = r;
          break;
        }
        case 'result.not_played':
          if (onBoard(p)) line(p).table_result = { kind: 'not_played', reason: p.reason };
          break;
        case 'ruling.adjusted_score':
          if (onBoard(p)) line(p).ruling = p.adjustment;
          break;
        case 'director.ruling':
          if (onBoard(p) && p.adjustment) line(p).ruling = p.adjustment;
          break;
        case 'appeal.decided':
        case 'appeal.authority_answered': {
          const at = appealSlot(p.appeal);
          if (at && p.decision === 'changed' && p.adjustment) line(at).ruling = p.adjustment;
          break;
        }
        default:
      }
    }
    const rows = Array.from(lines.values()).sort((a, b) => (a.round - b.round) || (a.table - b.table));
    return {
      section,
      board,
      unchecked,
      input: {
        board,
        form,
        policy: policy || eventPolicy,
        vulnerable: vul,
        expected,
        fouled,
        lines: rows,
      },
    };
  }

  // The number a score cell shows ("54.17 %", "-3 IMP", ""), as { value, unit } or null.
  function shown(text) {
    const t = String(text || '').trim();
    if (t === '') return null;
    const m = t.match(/^(-?\d+(?:\.\d+)?)\s*(%|IMP)$/);
    return m ? { value: Number(m[1]), unit: m[2] } : { value: NaN, unit: '?' };
  }

  // What a computed row should show on one side: a percentage for matchpoints, else IMPs.
  function expectedCell(row, side) {
    const pct = row['pct_' + side], imp = row['imp_' + side];
    if (pct !== null && pct !== undefined) return { value: pct, unit: '%' };
    if (imp !== null && imp !== undefined) return { value: imp, unit: 'IMP' };
    return null;
  }

  // Whether a cell's text is what the row computes: the page shows two decimals at most, so
  // anything within half a hundredth is the same number.
  function same(text, row, side) {
    const a = shown(text), b = expectedCell(row, side);
    if (a === null || b === null) return a === b;
    return a.unit === b.unit && Math.abs(a.value - b.value) <= 0.0051;
  }

  globalThis.tdlogBoard = { fold, shown, same };
})();
