// tdlog in-browser verifier (issue 33: "Results every player can verify").
//
// A classic script, no modules, no dependencies, no build step: it is inlined into the
// static results pages (opened from file:// in a browser) and loaded by the node tests with
// vm.runInThisContext. It uses only WebCrypto (SHA-256, Ed25519) and plain JS, and defines
// globalThis.tdlogVerify. It re-implements, in the browser, the checks of:
//   src/log/cbor.rs, src/log/envelope.rs  (strict canonical CBOR envelope)
//   src/log/event.rs                      (signature domain, event id, payload hash)
//   src/log/merkle.rs                     (RFC 9162 inclusion and consistency proofs)
//   src/log/playback.rs, src/keys/        (the chain of key enrolments from the genesis)
// Bytes are Uint8Array everywhere; where a function takes bytes it also takes a hex string,
// so bundle and proof JSON can be passed as read.
(function () {
  'use strict';
  const subtle = globalThis.crypto.subtle;
  const ENC = new TextEncoder();
  // fatal: invalid UTF-8 is refused, as Rust's from_utf8; ignoreBOM: a BOM is kept as a
  // character (the default would silently strip it and change the text).
  const DEC = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

  // "tdlog/event/v1\0": the signature covers SIG_DOMAIN ‖ body (src/log/event.rs).
  const SIG_DOMAIN = ENC.encode('tdlog/event/v1\0');
  const FIELDS = 12, MAX_PAYLOAD = 1 << 20, MAX_DEPS = 256, MAX_TYPE_LEN = 64;
  const ROLES = ['chief_td', 'td', 'scorer', 'committee', 'organiser'];
  // SHA-256(""): the root of the empty tree (RFC 9162 §2.1.1).
  const EMPTY_ROOT = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

  function fail(code, detail) {
    throw Object.assign(new Error(code + ': ' + detail), { code, detail });
  }

  const hex = (bytes) => Array.from(bytes, (b) => (b < 16 ? '0' : '') + b.toString(16)).join('');

  function unhex(s) {
    if (typeof s !== 'string' || s.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(s)) fail('hex', 'not an even-length hex string');
    const out = new Uint8Array(s.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(s.substr(2 * i, 2), 16);
    return out;
  }

  // Bytes given as Uint8Array (or any ArrayBuffer view) or as hex; `len` checks the size.
  function bytesOf(x, len, what) {
    let b;
    if (typeof x === 'string') b = unhex(x);
    else if (x instanceof Uint8Array) b = x;
    else if (ArrayBuffer.isView(x)) b = new Uint8Array(x.buffer, x.byteOffset, x.byteLength);
    else fail('input', (what || 'value') + ' is not bytes');
    if (len !== undefined && b.length !== len) fail('input', `${what || 'value'} is not ${len} bytes`);
    return b;
  }

  function concat(...parts) {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) { out.set(p, at); at += p.length; }
    return out;
  }

  // Bytewise order (deps are sorted this way); 0 when equal.
  function compare(a, b) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
    return a.length - b.length;
  }
  const equal = (a, b) => compare(a, b) === 0;
  const sha256 = async (...parts) => new Uint8Array(await subtle.digest('SHA-256', concat(...parts)));

  // ---- Canonical CBOR, the subset of src/log/cbor.rs -------------------------------------

  function decoder(data) {
    let pos = 0;
    const need = (n) => { if (pos + n > data.length) fail('envelope', `truncated at offset ${pos}`); };
    const take = (n) => (need(n), data.subarray(pos, (pos += n)));
    const peek = () => (need(1), data[pos]);
    // A head of major type `major`; its argument as a Number. Refuses non-shortest heads
    // (info 24..27 with a value that fits a shorter form), indefinite lengths and the
    // reserved infos (28..31), as the Rust decoder does; and, unlike Rust, values above
    // 2^53 - 1, which a Number cannot hold exactly (no real log gets near them).
    const head = (major, what) => {
      const at = pos;
      const b = peek();
      if (b >> 5 !== major) fail('envelope', `expected ${what} at offset ${at}`);
      pos++;
      const info = b & 0x1f;
      if (info < 24) return info;
      if (info > 27) fail('envelope', `unsupported CBOR item (major ${major}, info ${info}) at offset ${at}`);
      // info 24..27: a 1, 2, 4 or 8-byte big-endian argument, at least 24, 2^8, 2^16, 2^32.
      let v = 0;
      for (const x of take(1 << (info - 24))) v = v * 256 + x;
      // Exact up to 2^53; anything above rounds to >= 2^53 and is refused here.
      if (v > Number.MAX_SAFE_INTEGER) fail('envelope', `integer above 2^53 - 1 at offset ${at}`);
      if (v < [24, 2 ** 8, 2 ** 16, 2 ** 32][info - 24]) fail('envelope', `non-canonical integer head at offset ${at} (not the shortest form)`);
      return v;
    };
    return {
      uint: (what) => head(0, what || 'unsigned integer'),
      // Major 1 encodes -1 - n.
      int: (what) => (peek() >> 5 === 1 ? -1 - head(1, what) : head(0, what)),
      fixed32: (what) => {
        const b = take(head(2, what));
        return b.length === 32 ? b.slice() : fail('envelope', `${what} is not a 32-byte string`);
      },
      text: (what) => {
        const raw = take(head(3, what));
        try { return DEC.decode(raw); } catch (_) { fail('envelope', `invalid UTF-8 in ${what}`); }
      },
      array: (what) => head(4, what),
      // Consumes a null (0xf6) if it is next.
      nul: () => (peek() === 0xf6 ? (pos++, true) : false),
      finish: () => { if (pos !== data.length) fail('envelope', `${data.length - pos} trailing byte(s) after the envelope`); },
    };
  }

  // Canonical encoding of an envelope object (what Envelope::encode gives): shortest heads.
  function encodeEnvelope(env) {
    const out = [];
    const head = (major, v) => {
      if (v < 24) return out.push((major << 5) | v);
      const n = v < 2 ** 8 ? 1 : v < 2 ** 16 ? 2 : v < 2 ** 32 ? 4 : 8;
      out.push((major << 5) | (24 + Math.log2(n)));
      for (let i = n - 1; i >= 0; i--) out.push(Math.floor(v / 2 ** (8 * i)) % 256);
    };
    const bytes = (b) => { head(2, b.length); out.push(...b); };
    const opt = (b) => (b === null ? out.push(0xf6) : bytes(bytesOf(b, 32)));
    const type = ENC.encode(env.type);
    head(4, FIELDS);
    head(0, env.fmt === undefined ? 1 : env.fmt);
    opt(env.logId);
    bytes(bytesOf(env.author, 32));
    head(0, env.seq);
    opt(env.prev);
    head(4, env.deps.length);
    for (const d of env.deps) bytes(bytesOf(d, 32));
    head(0, env.lamport);
    if (env.wallMs >= 0) head(0, env.wallMs); else head(1, -1 - env.wallMs);
    head(3, type.length);
    out.push(...type);
    head(0, env.v);
    bytes(bytesOf(env.payloadHash, 32));
    head(0, env.payloadLen);
    return new Uint8Array(out);
  }

  // Strict decode of a v1 envelope, with the rules of Envelope::decode (src/log/envelope.rs).
  function decodeEnvelope(body) {
    body = bytesOf(body, undefined, 'body');
    const d = decoder(body);
    const n = d.array('the envelope array');
    if (n !== FIELDS) fail('envelope', `envelope has ${n} fields, expected 12`);
    const fmt = d.uint('fmt');
    if (fmt !== 1) fail('envelope', `unknown envelope format ${fmt} (this verifier reads format 1)`);
    const logId = d.nul() ? null : d.fixed32('log_id');
    const author = d.fixed32('author');
    const seq = d.uint('seq');
    if (seq === 0) fail('envelope', 'sequence number 0 is not allowed');
    const prev = d.nul() ? null : d.fixed32('prev');
    if ((seq === 1) === (prev !== null)) fail('envelope', `seq ${seq} with${prev ? '' : 'out'} a previous-event hash`);
    const ndeps = d.array('deps');
    if (ndeps > MAX_DEPS) fail('envelope', `too many deps (${ndeps}, at most 256)`);
    const deps = [];
    for (let i = 0; i < ndeps; i++) deps.push(d.fixed32('a dep'));
    for (let i = 1; i < deps.length; i++) {
      if (compare(deps[i - 1], deps[i]) >= 0) fail('envelope', 'deps are not sorted and unique');
    }
    const lamport = d.uint('lamport');
    const wallMs = d.int('wall_ms');
    const type = d.text('type');
    // Type names are short lower-case dotted words (valid_type_name in envelope.rs).
    if (!(type.length >= 1 && type.length <= MAX_TYPE_LEN && /^[a-z0-9._]+$/.test(type))) {
      fail('envelope', `event type ${JSON.stringify(type)} is not a valid type name`);
    }
    const v = d.uint('v');
    if (v > 0xffff) fail('envelope', `payload version ${v} out of range`);
    const payloadHash = d.fixed32('payload_hash');
    const payloadLen = d.uint('payload_len');
    if (payloadLen > MAX_PAYLOAD) fail('envelope', `payload length ${payloadLen} out of range (at most 1 MiB)`);
    d.finish();
    const env = { fmt, logId, author, seq, prev, deps, lamport, wallMs, type, v, payloadHash, payloadLen };
    // Belt and braces, as in Rust: decode, re-encode, compare bytes.
    if (!equal(encodeEnvelope(env), body)) fail('envelope', 'encoding does not round-trip byte for byte');
    return env;
  }

  // ---- Events -----------------------------------------------------------------------------

  const eventId = (body, sig) => sha256(bytesOf(body, undefined, 'body'), bytesOf(sig, undefined, 'sig'));

  // Imported author keys, by hex: a log has a handful of authors for hundreds of events.
  const keys = new Map();
  function authorKey(author) {
    const h = hex(author);
    if (!keys.has(h)) keys.set(h, subtle.importKey('raw', author, { name: 'Ed25519' }, false, ['verify']));
    return keys.get(h);
  }

  // The checks of RawEvent::check (src/log/event.rs), in its order. Not modelled: Rust's
  // verify_strict also refuses small-order author keys and small-order R (WebCrypto's
  // Ed25519 follows RFC 8032 and need not); and the per-type payload schema (unknown or
  // missing fields, text lengths, upcasts) - here the payload need only be a JSON object.
  async function verifyEvent(ev) {
    const no = (code, detail) => ({ ok: false, code, detail });
    let body, sig, payload, env;
    try {
      [body, sig, payload] = [bytesOf(ev.body, undefined, 'body'), bytesOf(ev.sig, undefined, 'sig'), bytesOf(ev.payload, undefined, 'payload')];
      env = decodeEnvelope(body);
    } catch (e) { return no(e.code === 'envelope' ? 'envelope' : 'input', e.detail || String(e)); }
    if (sig.length !== 64) return no('signature', `signature is ${sig.length} bytes, expected 64`);
    if (payload.length !== env.payloadLen) {
      return no('payload_length', `payload is ${payload.length} bytes but the envelope says ${env.payloadLen}`);
    }
    if (!equal(await sha256(payload), env.payloadHash)) {
      return no('payload_hash', 'payload hash does not match the envelope (payload changed after signing)');
    }
    let good = false;
    try {
      good = await subtle.verify({ name: 'Ed25519' }, await authorKey(env.author), sig, concat(SIG_DOMAIN, body));
    } catch (e) {
      keys.delete(hex(env.author));
      return no('signature', 'author is not a valid Ed25519 public key');
    }
    if (!good) return no('signature', 'signature does not verify (bytes changed after signing, or signed by another key)');
    let parsed;
    try { parsed = JSON.parse(DEC.decode(payload)); } catch (_) { return no('payload', 'payload is not UTF-8 JSON'); }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return no('payload', 'payload is not a JSON object');
    return { ok: true, id: await eventId(body, sig), env, payload: parsed };
  }

  // ---- RFC 9162 Merkle tree (src/log/merkle.rs) --------------------------------------------

  const leafHash = (id) => sha256(Uint8Array.of(0), bytesOf(id, undefined, 'leaf'));
  const nodeHash = (l, r) => sha256(Uint8Array.of(1), bytesOf(l, 32, 'left'), bytesOf(r, 32, 'right'));

  // Arithmetic, not bitwise: JS bit operators are 32-bit and a size is a Number up to 2^53.
  const lsb = (x) => x % 2 === 1;
  const half = (x) => Math.floor(x / 2);
  const size = (x) => Number.isSafeInteger(x) && x >= 0;
  // Hashes as 32 bytes (Uint8Array or hex), or null if any is not.
  const hashes = (list) => { try { return list.map((h) => bytesOf(h, 32, 'hash')); } catch (_) { return null; } };

  // RFC 9162 §2.1.3.2, step by step.
  async function verifyInclusion(leaf, index, treeSize, path, root) {
    const no = (code) => ({ ok: false, code });
    const h = Array.isArray(path) && hashes([leaf, root, ...path]);
    if (!h || !size(index) || !size(treeSize)) return no('input');
    [leaf, root, ...path] = h;
    if (index >= treeSize) return no('index_out_of_range'); // step 1
    let fn = index, sn = treeSize - 1; // step 2
    let r = leaf; // step 3
    for (const p of path) { // step 4
      if (sn === 0) return no('proof_length');
      if (lsb(fn) || fn === sn) {
        r = await nodeHash(p, r);
        if (!lsb(fn)) while (!lsb(fn) && fn !== 0) { fn = half(fn); sn = half(sn); }
      } else {
        r = await nodeHash(r, p);
      }
      fn = half(fn); sn = half(sn);
    }
    if (sn !== 0) return no('proof_length'); // step 5: the proof must be used up exactly
    return equal(r, root) ? { ok: true } : no('root_mismatch');
  }

  // RFC 9162 §2.1.4.2 for 0 < oldSize < newSize; as merkle.rs: equal sizes need an empty
  // proof and equal roots, and the empty tree (root SHA-256("")) is extended by every tree.
  async function verifyConsistency(oldSize, newSize, oldRoot, newRoot, path) {
    const no = (code) => ({ ok: false, code });
    const h = Array.isArray(path) && hashes([oldRoot, newRoot, ...path]);
    if (!h || !size(oldSize) || !size(newSize)) return no('input');
    [oldRoot, newRoot, ...path] = h;
    if (oldSize > newSize) return no('old_size_too_large');
    if (oldSize === 0 || oldSize === newSize) {
      if (path.length !== 0) return no('proof_length');
      if (oldSize === 0 && hex(oldRoot) !== EMPTY_ROOT) return no('empty_root_mismatch');
      if (oldSize === newSize && !equal(oldRoot, newRoot)) return no('same_size_different_roots');
      return { ok: true };
    }
    if (path.length === 0) return no('proof_length'); // step 1
    // Step 2: a power-of-two old tree is a whole subtree of the new one; its root is not sent.
    let m = oldSize;
    while (m > 1 && !lsb(m)) m = half(m);
    if (m === 1) path = [oldRoot, ...path];
    let fn = oldSize - 1, sn = newSize - 1; // step 3
    while (lsb(fn)) { fn = half(fn); sn = half(sn); } // step 4
    let fr = path[0], sr = path[0]; // step 5
    for (const c of path.slice(1)) { // step 6
      if (sn === 0) return no('proof_length');
      if (lsb(fn) || fn === sn) {
        fr = await nodeHash(c, fr);
        sr = await nodeHash(c, sr);
        if (!lsb(fn)) while (!lsb(fn) && fn !== 0) { fn = half(fn); sn = half(sn); }
      } else {
        sr = await nodeHash(sr, c);
      }
      fn = half(fn); sn = half(sn);
    }
    if (sn !== 0) return no('proof_length'); // step 7
    return equal(fr, oldRoot) && equal(sr, newRoot) ? { ok: true } : no('not_an_extension');
  }

  // ---- Keys: the chain of enrolments from the genesis ------------------------------------
  //
  // `events`: results of verifyEvent (ok ones). Modelled from src/log/playback.rs and
  // src/log/verify.rs: exactly one genesis (no log id, seq 1), whose id is every other
  // event's log id; the genesis author is the first chief TD; key events are taken in replay
  // order (lamport, author, seq, id); an enrolment or revocation counts only if its signer
  // is a chief TD key in force at that seq whose own enrolment chain is in force; a key is
  // enrolled once; every event's author must be enrolled, with the enrolment in the causal
  // past (prev/deps) of the author's first event; an event above its key's last valid seq
  // fails with `revoked`.
  // NOT modelled: which role may sign which event type (the catalogue's `roles`); forks
  // and fork rulings (key.fork_resolved); revocations decided before playback by seniority
  // (two chief TDs revoking each other concurrently: here the first in replay order wins);
  // the fixed point that drops key events which do not stand; Rust excludes (rather than
  // fails on) an event signed after the last valid seq without knowledge of the revocation;
  // the rest of verify.rs (chains without gaps, Lamport counters, wall-clock order, ...).
  // `opts.published`: the events are a published page's subset, each already proven to be in
  // the publication's signed tree (the tree is its signer's causal past), with every key
  // event of that tree among them; the completeness of prev/deps and the "enrolment in the
  // causal past of the key's first event" checks need the whole log and are not made.
  function traceKeys(events, opts) {
    const published = !!(opts && opts.published);
    const no = (code, detail, ev) => ({ ok: false, code, detail, event: ev ? hex(ev.id) : null });
    if (events.some((e) => !e || !e.ok || !e.env)) return no('input', 'every event must be a verifyEvent result with ok: true');
    const byId = new Map(events.map((e) => [hex(e.id), e]));
    const geneses = events.filter((e) => e.env.type === 'tournament.genesis' || e.env.logId === null);
    if (geneses.length !== 1) return no('genesis', `${geneses.length} genesis events, expected exactly 1`);
    const g = geneses[0];
    if (g.env.type !== 'tournament.genesis' || g.env.logId !== null || g.env.seq !== 1) return no('genesis', 'bad genesis', g);
    const logId = hex(g.id);
    for (const e of events) {
      if (e !== g && hex(e.env.logId) !== logId) return no('log_id', 'event of another log', e);
    }
    // The causal past must be complete (Rust refuses a log with a missing predecessor too):
    // with a hole, "is the enrolment in the past of this event" has no answer.
    for (const e of published ? [] : events) {
      const gone = [e.env.prev, ...e.env.deps].find((p) => p && !byId.has(hex(p)));
      if (gone) return no('missing_event', `predecessor ${hex(gone)} is not among the events`, e);
    }
    const order = events.slice().sort((a, b) =>
      a.env.lamport - b.env.lamport || compare(a.env.author, b.env.author) || a.env.seq - b.env.seq || compare(a.id, b.id));

    // Is `anc` in the causal past of `ev`? Predecessors have smaller Lamport counters.
    const isAncestor = (anc, ev) => {
      const want = hex(anc.id), seen = new Set(), stack = [ev];
      while (stack.length) {
        const e = stack.pop();
        for (const p of [e.env.prev, ...e.env.deps]) {
          if (!p) continue;
          const h = hex(p);
          if (h === want) return true;
          const pe = byId.get(h);
          if (pe && pe.env.lamport > anc.env.lamport && !seen.has(h)) { seen.add(h); stack.push(pe); }
        }
      }
      return false;
    };

    const out = {}; // key hex -> {role, holder, enrolledBy, revoked}
    const enrolment = new Map(); // key hex -> enrolling event
    // chief_in_force: a chief TD key not revoked at `seq`, enrolled by a chain in force.
    const chiefInForce = (key, seq) => {
      for (let i = 0; i <= enrolment.size; i++) {
        const k = out[key];
        if (!k || k.role !== 'chief_td') return false;
        if (k.revoked && seq > k.revoked.lastValidSeq) return false;
        const by = enrolment.get(key);
        if (by === g) return true;
        key = hex(by.env.author);
        seq = by.env.seq;
      }
      return false;
    };
    const firstSeen = new Set();
    for (const e of order) {
      const author = hex(e.env.author);
      if (e === g) {
        out[author] = { role: 'chief_td', holder: String(e.payload.chief_td), enrolledBy: logId, revoked: null };
        enrolment.set(author, g);
      }
      const info = out[author];
      if (!info) return no('untraced_key', `author ${author} is not enrolled from the genesis`, e);
      if (!firstSeen.has(author)) {
        firstSeen.add(author);
        if (e !== g && !published && !isAncestor(enrolment.get(author), e)) {
          return no('untraced_key', `author ${author}'s enrolment is not in the causal past of its first event`, e);
        }
      }
      const p = e.payload;
      if (e.env.type === 'key.enrolled' || e.env.type === 'key.revoked') {
        if (!chiefInForce(author, e.env.seq)) return no('not_chief', `${e.env.type} signed by a key that is not a chief TD in force`, e);
        if (typeof p.key !== 'string' || !/^[0-9a-f]{64}$/.test(p.key)) return no('key_event', 'bad key in payload', e);
      }
      if (e.env.type === 'key.enrolled') {
        if (out[p.key]) return no('key_event', `key ${p.key} is already enrolled`, e);
        if (!ROLES.includes(p.role)) return no('key_event', `unknown role ${p.role}`, e);
        out[p.key] = { role: p.role, holder: String(p.holder), enrolledBy: hex(e.id), revoked: null };
        enrolment.set(p.key, e);
      } else if (e.env.type === 'key.revoked') {
        const k = out[p.key];
        if (!k) return no('key_event', `key ${p.key} is not enrolled`, e);
        if (!Number.isSafeInteger(p.last_valid_seq) || p.last_valid_seq < 0) return no('key_event', 'bad last_valid_seq', e);
        // The lowest revocation wins (two chief TDs may revoke one key).
        if (!k.revoked || p.last_valid_seq < k.revoked.lastValidSeq) {
          k.revoked = { event: hex(e.id), lastValidSeq: p.last_valid_seq, reason: String(p.reason) };
        }
      }
    }
    // Revocations reach back over replay order (an event can sort before its revocation).
    for (const e of order) {
      const r = out[hex(e.env.author)].revoked;
      if (r && e.env.seq > r.lastValidSeq) {
        return no('revoked', `signed at seq ${e.env.seq}, after the key's last valid seq ${r.lastValidSeq}`, e);
      }
    }
    return { ok: true, logId, keys: out };
  }

  globalThis.tdlogVerify = {
    SIG_DOMAIN, hex, unhex, decodeEnvelope, encodeEnvelope, eventId, verifyEvent,
    leafHash, nodeHash, verifyInclusion, verifyConsistency, traceKeys,
  };
})();
