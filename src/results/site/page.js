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
    verdict('verified', null, say('ok', {
      events: d.board.length,
      size: d.tree.size,
      root: d.tree.root.slice(0, 16),
      signers: Array.from(signers).join('; '),
    }));
  }

  async function idOf(V, e) {
    try { return V.hex(await V.eventId(e.body, e.sig)); } catch (_) { return ''; }
  }

  run().catch(() => fail('malformed'));
})();
