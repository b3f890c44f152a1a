// A results site's board page checks itself (issue 33): every signed event behind the board,
// every key event and the publication, carried in the page's proof document, is checked by
// the verifier (verify.js, inlined before this script): its bytes and Ed25519 signature, its
// signer's enrolment chain back to the tournament's genesis, and its inclusion proof
// (RFC 9162) against the publication's tree head, which the publisher and any witnesses
// signed. The verdict, with its reason, goes into #verify-status in the page's language.
// Nothing is fetched: the page works opened from a file.
(function () {
  'use strict';
  const status = document.getElementById('verify-status');
  let words = {};
  try { words = JSON.parse(document.getElementById('tdlog-words').textContent); } catch (_) { /* English keys */ }
  const say = (key, vars) => String(words[key] || key).replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? vars[k] : m));
  const short = (h) => (typeof h === 'string' ? h.slice(0, 12) : '');
  function verdict(state, reason, text) {
    // When the verdict came, from the page's start (what the site benchmark reads).
    status.dataset.ms = String(Math.round(performance.now()));
    status.dataset.state = state;
    if (reason) status.dataset.reason = reason;
    status.textContent = text;
  }
  const fail = (reason, event, vars) => verdict('failed', reason, say('fail', { reason: say(reason, Object.assign({ event: short(event) }, vars)) }));

  // The Ed25519 base point: a key every implementation must import.
  const BASE = '5866666666666666666666666666666666666666666666666666666666666666';

  async function run() {
    const V = globalThis.tdlogVerify;
    const subtle = globalThis.crypto && globalThis.crypto.subtle;
    if (!V || !subtle) return fail('no_crypto');
    try {
      await subtle.importKey('raw', V.unhex(BASE), { name: 'Ed25519' }, false, ['verify']);
    } catch (_) {
      return fail('no_crypto');
    }
    let d;
    try {
      d = JSON.parse(document.getElementById('tdlog-proof').textContent);
      if (!Array.isArray(d.events) || !Array.isArray(d.heads) || !d.tree) throw new Error('shape');
    } catch (_) {
      return fail('malformed');
    }
    if (typeof d.tree.root === 'string') keepRoot = d.tree.root;
    // 1. Every event: bytes, payload and signature.
    const checked = [];
    for (const e of d.events) {
      const r = await V.verifyEvent(e);
      if (!r.ok) return fail('signature', await idOf(V, e));
      checked.push({ r, e });
    }
    // 2. Every signer traced to the genesis through enrolments by a chief TD.
    const keys = V.traceKeys(checked.map((c) => c.r), { published: true });
    if (!keys.ok) {
      const code = keys.code === 'log_id' ? 'log_id' : 'untraced_key';
      return fail(code, keys.event);
    }
    if (keys.logId !== d.log_id) return fail('log_id', keys.logId);
    // 3. Every event in the published tree.
    for (const { r, e } of checked) {
      const leaf = await V.leafHash(r.id);
      const ok = Number.isSafeInteger(e.index) && Array.isArray(e.path)
        && (await V.verifyInclusion(leaf, e.index, d.tree.size, e.path, d.tree.root)).ok;
      if (!ok) return fail('inclusion', V.hex(r.id));
    }
    // Every line's event is on the page, every event of its context, and the publication.
    const ids = new Set(checked.map((c) => V.hex(c.r.id)));
    const context = Array.isArray(d.context) ? d.context : [];
    for (const id of d.board.concat(context, [d.publication])) {
      if (!ids.has(id)) return fail('missing', id);
    }
    // 4. The tree head, signed by the publisher and witnesses whose keys trace too.
    const signers = new Set();
    for (const h of d.heads) {
      const r = await V.verifyEvent(h);
      if (!r.ok || r.env.type !== 'results.tree_head' || V.hex(r.env.logId) !== d.log_id) return fail('signature', await idOf(V, h));
      const k = keys.keys[V.hex(r.env.author)];
      if (!k || (k.revoked && r.env.seq > k.revoked.lastValidSeq)) return fail('untraced_key', V.hex(r.id));
      const p = r.payload;
      if (p.publication !== d.publication) continue;
      if (p.size !== d.tree.size || p.root !== d.tree.root) return fail('head_conflict', V.hex(r.id));
      signers.add(k.holder);
    }
    if (signers.size === 0) return fail('no_head');
    // 5. Every earlier publication this one saw: this tree only added to it (RFC 9162
    // §2.1.4), and the board's events since, by type and signer.
    const earlier = Array.isArray(d.earlier) ? d.earlier : [];
    for (const e of earlier) {
      const c = await V.verifyConsistency(e.tree.size, d.tree.size, e.tree.root, d.tree.root, e.path);
      if (!c.ok) return fail('consistency', e.publication);
    }
    // A publication the player kept (its root in the address: `#kept=ROOT`) must be one of
    // them, or this one.
    const kept = (location.hash.match(/kept=([0-9a-f]{64})/) || [])[1];
    if (kept && kept !== d.tree.root && !earlier.some((e) => e.tree.root === kept)) {
      return fail('rewritten', kept);
    }
    // 6. The board's scores recomputed from its signed events under the signed policy
    // (board.js folds them, score.js scores them), against what the page shows.
    const scores = recompute(V, checked, d);
    if (scores.fail) return fail('score', '', scores.fail);
    verdict('verified', null, say('ok', {
      events: d.board.length,
      size: d.tree.size,
      root: d.tree.root.slice(0, 16),
      signers: Array.from(signers).join('; '),
    }));
    const byId = new Map(checked.map((c) => [V.hex(c.r.id), c.r]));
    const types = words.types || {};
    const list = document.createElement('ul');
    list.id = 'verify-earlier';
    for (const e of earlier) {
      const what = e.board_added.map((id) => {
        const r = byId.get(id);
        if (!r) return id.slice(0, 12);
        const k = keys.keys[V.hex(r.env.author)];
        return `${types[r.env.type] || r.env.type} (${k ? k.holder : ''})`;
      });
      const li = document.createElement('li');
      li.className = 'earlier';
      li.dataset.publication = e.publication;
      li.textContent = say('earlier', {
        at: e.signed_at.replace('T', ' ').replace('Z', ' UTC'),
        size: e.tree.size,
        root: e.tree.root.slice(0, 16),
        added: e.added,
        board: e.board_added.length,
        what: what.length ? ': ' + what.join('; ') : '',
      });
      list.appendChild(li);
    }
    if (kept) {
      const li = document.createElement('li');
      li.id = 'verify-kept';
      li.textContent = say('kept', { root: kept.slice(0, 16) });
      list.appendChild(li);
    }
    if (list.children.length) status.after(list);
    const note = document.createElement('p');
    note.id = 'verify-scores';
    note.dataset.state = scores.state;
    note.textContent = say('scores_' + scores.state, scores.vars);
    status.after(note);
  }

  // Text as shown (CSS applied: hidden parts left out) and as written, spaces collapsed.
  const plain = (t) => String(t).replace(/\s+/g, ' ').trim();
  const seen = (el) => plain(el.innerText);

  // Each line of the traveller against the board's scores recomputed from the events:
  // { state: 'checked' | 'partial' | 'play', vars } or { fail: { round, table } }.
  function recompute(V, checked, d) {
    const B = globalThis.tdlogBoard, S = globalThis.tdlogScore;
    const own = new Set(d.board);
    const events = checked.map(({ r }) => ({
      id: V.hex(r.id), type: r.env.type, lamport: r.env.lamport, author: V.hex(r.env.author),
      seq: r.env.seq, payload: r.payload,
    }));
    const first = events.find((e) => own.has(e.id) && typeof e.payload.section === 'string'
      && Number.isSafeInteger(e.payload.board));
    const table = document.getElementById('traveller');
    if (!first || !table) return { fail: { round: '-', table: '-' } };
    const { section, board } = first.payload;
    const unread = { fail: { round: '-', table: '-' } };
    // The page names the section and board its events are of.
    const heading = document.querySelector('h1');
    const h1 = heading ? seen(heading) : '';
    if (!h1.endsWith(' ' + board) || !h1.includes(' ' + section + ' ')) return unread;
    const f = B.fold(events, d.board, section, board);
    // The traveller as the player sees it: its header, a line of seven cells per table,
    // each line's audit trail in one cell; any other row, or a line or cell part hidden
    // from view, is not the page this tool writes.
    const shown = new Map();
    for (const tr of table.rows) {
      const cells = Array.from(tr.cells);
      const heads = cells.filter((c) => c.tagName === 'TH').length;
      if (heads === cells.length && heads > 0) continue;
      if (cells.length === 1 && heads === 0) continue;
      const at = { round: cells.length ? cells[0].textContent : '-', table: cells.length > 1 ? cells[1].textContent : '-' };
      if (cells.length !== 7 || heads > 0 || tr.getClientRects().length === 0) return { fail: at };
      if (cells.some((c) => c.children.length > 0 || seen(c) !== plain(c.textContent))) return { fail: at };
      const key = `${plain(cells[0].textContent)}/${plain(cells[1].textContent)}`;
      if (shown.has(key)) return { fail: at };
      shown.set(key, cells);
    }
    if (f.unchecked) return { state: f.unchecked, vars: { lines: shown.size } };
    let rows;
    try { rows = S.board(f.input); } catch (_) { return { fail: { round: '-', table: '-' } }; }
    let skipped = 0;
    for (const row of rows) {
      const cells = shown.get(`${row.round}/${row.table}`);
      const at = { round: row.round, table: row.table };
      if (!cells) return { fail: at };
      // The line the player should look at, marked if it is the one that fails.
      const bad = () => { cells[0].parentElement.classList.add('mismatch'); return { fail: at }; };
      shown.delete(`${row.round}/${row.table}`);
      const line = f.input.lines.find((l) => l.round === row.round && l.table === row.table);
      // Who sat there, and a played result's Law 77 points, as the events say.
      if (cells[2].textContent !== line.ns || cells[3].textContent !== line.ew) return bad();
      if (!line.ruling && line.table_result && line.table_result.kind === 'played') {
        const m = cells[4].textContent.trim().match(/NS ([+-]\d+)$/);
        if (!m || Number(m[1]) !== row.score_ns) return bad();
      }
      if (row.unchecked) { skipped++; continue; }
      if (!B.same(cells[5].textContent, row, 'ns') || !B.same(cells[6].textContent, row, 'ew')) return bad();
    }
    // A line the events do not give.
    for (const cells of shown.values()) return { fail: { round: cells[0].textContent, table: cells[1].textContent } };
    return skipped
      ? { state: 'partial', vars: { lines: rows.length - skipped, skipped } }
      : { state: 'checked', vars: { lines: rows.length } };
  }

  async function idOf(V, e) {
    try { return V.hex(await V.eventId(e.body, e.sig)); } catch (_) { return ''; }
  }

  // A player keeps this publication's root, and later checks another publication against
  // it: typed or pasted here, it goes into the address (`#kept=ROOT`) and the page checks
  // itself again.
  let keepRoot = null;
  function keepForm() {
    const section = document.getElementById('verify');
    if (!section || document.getElementById('verify-keep')) return;
    const form = document.createElement('form');
    form.id = 'verify-keep';
    if (keepRoot && status.dataset.state === 'verified') {
      const p = document.createElement('p');
      p.textContent = say('keep') + ' ';
      const code = document.createElement('code');
      code.id = 'verify-root';
      code.textContent = keepRoot;
      p.appendChild(code);
      form.appendChild(p);
    }
    const label = document.createElement('label');
    label.textContent = say('kept_label') + ' ';
    const input = document.createElement('input');
    input.id = 'verify-kept-root';
    input.size = 64;
    input.maxLength = 64;
    input.spellcheck = false;
    input.value = (location.hash.match(/kept=([0-9a-fA-F]*)/) || [])[1] || '';
    label.appendChild(input);
    const button = document.createElement('button');
    button.type = 'submit';
    button.textContent = say('kept_check');
    const note = document.createElement('span');
    note.id = 'verify-kept-note';
    form.append(label, ' ', button, ' ', note);
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const root = input.value.trim().toLowerCase();
      if (!/^[0-9a-f]{64}$/.test(root)) {
        note.textContent = say('kept_bad');
        return;
      }
      location.hash = 'kept=' + root;
      location.reload();
    });
    section.appendChild(form);
  }

  run().catch(() => fail('malformed')).finally(keepForm);
})();
