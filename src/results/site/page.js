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
  const fail = (reason, event) => verdict('failed', reason, say('fail', { reason: say(reason, { event: short(event) }) }));

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
    // Every line's event is on the page, and so is the publication.
    const ids = new Set(checked.map((c) => V.hex(c.r.id)));
    for (const id of d.board.concat([d.publication])) {
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
  }

  async function idOf(V, e) {
    try { return V.hex(await V.eventId(e.body, e.sig)); } catch (_) { return ''; }
  }

  run().catch(() => fail('malformed'));
})();
