// Tests of the in-browser verifier src/results/site/verify.js against real data made by the
// tdlog CLI (the demo day, published and exported into a temp dir), plus the RFC 9162 /
// Certificate Transparency 8-leaf vectors. Run: node --test tests/site/verify.test.mjs
// Needs target/debug/tdlog built; nothing here builds it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, copyFileSync, chmodSync, rmSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import nodeCrypto from 'node:crypto';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(REPO, 'target/debug/tdlog');
vm.runInThisContext(readFileSync(path.join(REPO, 'src/results/site/verify.js'), 'utf8'));
const V = globalThis.tdlogVerify;
const { hex, unhex } = V;

// ---- Real data from the CLI ---------------------------------------------------------------

const TMP = mkdtempSync(path.join(tmpdir(), 'tdlog-site-verify-'));
// On exit, not in after(): a throw while making the data below would skip after().
process.on('exit', () => rmSync(TMP, { recursive: true, force: true }));
const LOG = path.join(TMP, 'day.tdlog');
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

// Runs the CLI; waits while the binary is briefly missing (being rebuilt elsewhere).
function tdlog(...args) {
  for (let tries = 0; ; tries++) {
    if (!existsSync(BIN) && tries < 300) { sleep(1000); continue; }
    try {
      return execFileSync(BIN, args, {
        env: { ...process.env, TDLOG_DATA_DIR: path.join(TMP, 'data') },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (e) {
      if ((e.code === 'ENOENT' || e.code === 'ETXTBSY') && tries < 300) { sleep(1000); continue; }
      e.message = `tdlog ${args.join(' ')}: ${e.stderr || e.message}`;
      throw e;
    }
  }
}

copyFileSync(path.join(REPO, 'fixtures/demo/day.tdlog'), LOG);
copyFileSync(path.join(REPO, 'fixtures/demo/keys/chief.key'), path.join(TMP, 'chief.key'));
chmodSync(path.join(TMP, 'chief.key'), 0o600);
tdlog('publish', LOG, '--key', path.join(TMP, 'chief.key'));
tdlog('export', LOG, path.join(TMP, 'day.bundle'));
const bundle = JSON.parse(readFileSync(path.join(TMP, 'day.bundle'), 'utf8'));
const logLines = tdlog('log', LOG).trim().split('\n').map((l) => JSON.parse(l));
const cliById = new Map(logLines.map((l) => [l.id, l]));
const verifyJson = JSON.parse(tdlog('verify', LOG, '--json'));
const heads = JSON.parse(tdlog('proof', 'heads', LOG, '--json'));
const [firstPub, latestPub] = [heads[0], heads[heads.length - 1]];
const firstOf = (type) => logLines.find((l) => l.type === type).id;

// Inclusion proofs in the latest publication's tree (and the genesis in the first one's).
const inclusionWanted = [
  ['genesis', [verifyJson.log_id]],
  ['first enrolment', [firstOf('key.enrolled')]],
  ['the revocation', [firstOf('key.revoked')]],
  ['a result', [logLines.filter((l) => l.type === 'result.recorded')[100].id]],
  ['the first publication', [firstPub.publication]],
  ['the latest publication', [latestPub.publication]],
  ['genesis in the first tree', [verifyJson.log_id, '--publication', firstPub.publication]],
];
const inclusion = inclusionWanted.map(([name, args]) => {
  try {
    return { name, proof: JSON.parse(tdlog('proof', 'inclusion', LOG, ...args, '--json')) };
  } catch (e) {
    return { name, error: String(e.stderr || e.message).trim() };
  }
});
const consistency = JSON.parse(
  tdlog('proof', 'consistency', LOG, '--from', firstPub.publication, '--json'),
);

const events = bundle.events.map((e) => ({ body: unhex(e.body), sig: unhex(e.sig), payload: unhex(e.payload) }));
const verified = await Promise.all(events.map((e) => V.verifyEvent(e)));
const byId = new Map(verified.map((v) => [hex(v.id), v]));

// ---- Helpers ------------------------------------------------------------------------------

const flip = (bytes, at, xor = 0x01) => { const b = Uint8Array.from(bytes); b[at] ^= xor; return b; };
const splice = (bytes, at, del, ...ins) => Uint8Array.from([...bytes.slice(0, at), ...ins, ...bytes.slice(at + del)]);
const sha256 = (b) => new Uint8Array(nodeCrypto.createHash('sha256').update(b).digest());
function indexOf(hay, needle) {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
// Refused with code `envelope` (and, if given, by the rule whose message matches `why`: the
// decoder re-encodes and compares too, which would hide a missing rule).
async function envelopeError(body, why = /./) {
  assert.throws(() => V.decodeEnvelope(body), (e) => e.code === 'envelope' && why.test(e.detail));
}

// Test-only signing with node:crypto (verify.js never signs).
function keyFromSeed(seedHex) {
  const priv = nodeCrypto.createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seedHex, 'hex')]),
    format: 'der',
    type: 'pkcs8',
  });
  const pub = new Uint8Array(nodeCrypto.createPublicKey(priv).export({ format: 'der', type: 'spki' }).subarray(12));
  return { priv, pub };
}
const demoKey = (name) => keyFromSeed(JSON.parse(readFileSync(path.join(REPO, 'fixtures/demo/keys', name + '.key'), 'utf8')).secret);
function sign(key, env, payloadObj) {
  const payload = new TextEncoder().encode(JSON.stringify(payloadObj));
  const body = V.encodeEnvelope({
    fmt: 1, v: 1, wallMs: Date.now(), deps: [], ...env,
    author: key.pub, payloadHash: sha256(payload), payloadLen: payload.length,
  });
  const sig = new Uint8Array(nodeCrypto.sign(null, Buffer.concat([V.SIG_DOMAIN, body]), key.priv));
  return { body, sig, payload };
}
// The author's latest event (to chain a forged event after it).
const lastOf = (author) => verified.filter((v) => hex(v.env.author) === author).sort((a, b) => b.env.seq - a.env.seq)[0];

// ---- Events -------------------------------------------------------------------------------

test('every bundle event verifies and its id is the one the CLI names', () => {
  assert.equal(bundle.format, 'tdlog-bundle/1');
  assert.equal(verified.length, verifyJson.events);
  assert.equal(verified.length, logLines.length);
  for (const v of verified) {
    assert.ok(v.ok, `${v.code}: ${v.detail}`);
    const cli = cliById.get(hex(v.id));
    assert.ok(cli, `event ${hex(v.id)} is not in tdlog log`);
    assert.equal(hex(v.env.author), cli.author);
    assert.equal(v.env.seq, cli.seq);
    assert.equal(v.env.lamport, cli.lamport);
    assert.equal(v.env.type, cli.type);
    assert.equal(v.env.v, cli.v);
    assert.deepEqual(v.payload, cli.payload);
  }
  assert.equal(new Set(verified.map((v) => hex(v.id))).size, verified.length);
  const genesis = verified.find((v) => v.env.type === 'tournament.genesis');
  assert.equal(hex(genesis.id), verifyJson.log_id);
  assert.equal(genesis.env.logId, null);
});

test('the envelope decoder round-trips every real body and eventId is SHA-256(body ‖ sig)', async () => {
  for (const e of events) {
    const env = V.decodeEnvelope(e.body);
    assert.deepEqual(V.encodeEnvelope(env), e.body);
    assert.deepEqual(await V.eventId(e.body, e.sig), sha256(Buffer.concat([e.body, e.sig])));
  }
});

test('signatures cross-check with node:crypto over SIG_DOMAIN ‖ body', () => {
  assert.equal(new TextDecoder().decode(V.SIG_DOMAIN), 'tdlog/event/v1\0');
  for (const [i, e] of events.entries()) {
    const pub = nodeCrypto.createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), verified[i].env.author]),
      format: 'der',
      type: 'spki',
    });
    assert.ok(nodeCrypto.verify(null, Buffer.concat([V.SIG_DOMAIN, e.body]), pub, e.sig));
    assert.ok(!nodeCrypto.verify(null, e.body, pub, e.sig), 'the domain is part of what is signed');
  }
});

test('a changed byte in body, sig or payload fails with the right code', async () => {
  const samples = [verifyJson.log_id, firstOf('key.enrolled'), firstOf('result.recorded'), latestPub.publication];
  for (const id of samples) {
    const i = verified.findIndex((v) => hex(v.id) === id);
    const e = events[i], env = verified[i].env;
    const author = indexOf(e.body, env.author), ph = indexOf(e.body, env.payloadHash);
    assert.ok(author > 0 && ph > 0);
    const check = async (ev, code) => {
      const r = await V.verifyEvent(ev);
      assert.equal(r.ok, false);
      assert.equal(r.code, code, r.detail);
    };
    await check({ ...e, body: flip(e.body, 0) }, 'envelope'); // 13 fields
    await check({ ...e, body: flip(e.body, author + 5) }, 'signature'); // another key
    await check({ ...e, body: flip(e.body, ph + 3) }, 'payload_hash');
    await check({ ...e, body: flip(e.body, e.body.length - 1) }, 'payload_length');
    await check({ ...e, sig: flip(e.sig, 10) }, 'signature');
    await check({ ...e, sig: flip(e.sig, 63, 0x80) }, 'signature');
    await check({ ...e, sig: e.sig.subarray(0, 63) }, 'signature');
    await check({ ...e, payload: flip(e.payload, 0) }, 'payload_hash');
    await check({ ...e, payload: flip(e.payload, e.payload.length - 1, 0x20) }, 'payload_hash');
    await check({ ...e, payload: e.payload.subarray(1) }, 'payload_length');
    // Every single-bit change anywhere in the body is refused.
    for (let at = 0; at < e.body.length; at++) {
      const r = await V.verifyEvent({ ...e, body: flip(e.body, at) });
      assert.equal(r.ok, false, `body byte ${at} changed and still verifies`);
      assert.ok(['envelope', 'signature', 'payload_hash', 'payload_length'].includes(r.code), r.code);
    }
  }
});

test('non-canonical or invalid CBOR envelopes are refused with code envelope', async () => {
  const i = verified.findIndex((v) => hex(v.id) === firstOf('key.enrolled'));
  const e = events[i], body = e.body, env = verified[i].env;
  assert.equal(body[0], 0x8c); // array(12)
  assert.equal(body[1], 0x01); // fmt 1
  await envelopeError(splice(body, 1, 1, 0x18, 0x01), /shortest/); // fmt 1 as a one-byte head
  await envelopeError(splice(body, 1, 1, 0x19, 0x00, 0x01), /shortest/);
  await envelopeError(splice(body, 0, 1, 0x98, 0x0c), /shortest/); // array(12) in the long form
  await envelopeError(splice(body, 0, 1, 0x9f), /unsupported/); // indefinite-length array
  assert.deepEqual([...body.subarray(2, 4)], [0x58, 0x20]); // log id: bytes(32) ...
  await envelopeError(splice(body, 2, 2, 0x59, 0x00, 0x20), /shortest/); // ... not as a 2-byte length
  await envelopeError(Uint8Array.from([...body, 0x00]), /trailing/); // trailing byte
  await envelopeError(body.subarray(0, body.length - 1), /truncated/);
  await envelopeError(splice(body, 1, 1, 0x02)); // fmt 2
  const r = await V.verifyEvent({ ...e, body: splice(body, 1, 1, 0x18, 0x01) });
  assert.equal(r.code, 'envelope');
  // Field rules, each on an otherwise canonical envelope.
  const bad = (change) => envelopeError(V.encodeEnvelope({ ...env, ...change }));
  V.decodeEnvelope(V.encodeEnvelope(env));
  await bad({ seq: 0 });
  await bad({ seq: 1 }); // seq 1 with a prev
  await bad({ prev: null }); // seq > 1 without one
  await bad({ deps: [new Uint8Array(32).fill(2), new Uint8Array(32).fill(1)] }); // unsorted
  await bad({ deps: [new Uint8Array(32).fill(1), new Uint8Array(32).fill(1)] }); // not unique
  await bad({ deps: Array.from({ length: 257 }, (_, k) => { const d = new Uint8Array(32); d[0] = k >> 8; d[1] = k; return d; }) });
  await bad({ type: 'Key.Enrolled' });
  await bad({ type: '' });
  await bad({ type: 'x'.repeat(65) });
  await bad({ type: '\ufeffkey.enrolled' }); // a BOM is not silently dropped
  await bad({ v: 65536 });
  await bad({ payloadLen: (1 << 20) + 1 });
  await bad({ lamport: Number.MAX_SAFE_INTEGER + 1 }); // would lose precision in a Number
  const lam = V.encodeEnvelope({ ...env, lamport: 2 ** 32 });
  const li = indexOf(lam, Uint8Array.of(0x1b, 0, 0, 0, 1, 0, 0, 0, 0));
  await envelopeError(splice(lam, li, 9, 0x1b, 0, 0x20, 0, 0, 0, 0, 0, 0), /2\^53/); // 2^53
  await envelopeError(splice(lam, li, 9, 0x1b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), /2\^53/);
  const t = indexOf(body, new TextEncoder().encode('key.enrolled'));
  await envelopeError(splice(body, t, 1, 0xff), /UTF-8/); // invalid UTF-8 in the type
  await envelopeError(splice(body, t - 1, 1, 0x7f), /unsupported/); // indefinite-length text
  // Accepted: boundaries of every head size, and a negative wall time (major type 1).
  for (const n of [23, 24, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, Number.MAX_SAFE_INTEGER]) {
    const b = V.encodeEnvelope({ ...env, lamport: n, wallMs: -n });
    const d = V.decodeEnvelope(b);
    assert.equal(d.lamport, n);
    assert.equal(d.wallMs, -n);
  }
  const at = indexOf(V.encodeEnvelope({ ...env, wallMs: -1000 }), Uint8Array.of(0x39, 0x03, 0xe7)); // RFC 8949 App. A
  assert.ok(at > 0);
});

test('hex helpers are strict', () => {
  assert.equal(hex(Uint8Array.of(0, 15, 255)), '000fff');
  assert.deepEqual(unhex('000fFf'), Uint8Array.of(0, 15, 255));
  for (const s of ['0', 'abc', 'zz', '0x00', ' 00', '00 ']) assert.throws(() => unhex(s), (e) => e.code === 'hex', s);
});

// ---- Merkle proofs from the CLI ------------------------------------------------------------

for (const [name] of inclusionWanted) {
  test(`the CLI's inclusion proof for ${name} verifies, and a changed one does not`, async () => {
    const got = inclusion.find((x) => x.name === name);
    // The CLI checks its own proof (log::merkle::verify_inclusion) before printing it.
    assert.ok(!got.error, `tdlog proof inclusion refused: ${got.error}`);
    const p = got.proof;
    assert.equal(p.proof, 'inclusion');
    const ev = byId.get(p.event);
    assert.ok(ev, 'the proven event is in the bundle');
    const leaf = await V.leafHash(ev.id); // from the event's own bytes, not the proof's word
    const ok = (l, i, n, path, root) => V.verifyInclusion(l, i, n, path, root);
    assert.deepEqual(await ok(leaf, p.index, p.head.size, p.path, p.head.root), { ok: true });
    const head = heads.find((h) => h.publication === p.publication);
    assert.deepEqual({ size: head.size, root: head.root }, p.head);
    for (let k = 0; k < p.path.length; k++) {
      const path = p.path.slice();
      path[k] = hex(flip(unhex(path[k]), 7));
      assert.equal((await ok(leaf, p.index, p.head.size, path, p.head.root)).ok, false, `path hash ${k}`);
    }
    for (const i of [p.index + 1, p.index - 1, p.head.size - 1 - p.index].filter((i) => i >= 0 && i < p.head.size && i !== p.index)) {
      assert.equal((await ok(leaf, i, p.head.size, p.path, p.head.root)).ok, false, `index ${i}`);
    }
    assert.equal((await ok(leaf, p.head.size, p.head.size, p.path, p.head.root)).code, 'index_out_of_range');
    const other = await V.leafHash(verified[(verified.indexOf(ev) + 1) % verified.length].id);
    assert.equal((await ok(other, p.index, p.head.size, p.path, p.head.root)).ok, false, 'another leaf');
    assert.equal((await ok(sha256(ev.id), p.index, p.head.size, p.path, p.head.root)).ok, false, 'leaf without 0x00');
    assert.equal((await ok(ev.id, p.index, p.head.size, p.path, p.head.root)).ok, false, 'the id as leaf');
    assert.equal((await ok(leaf, p.index, p.head.size, p.path.slice(1), p.head.root)).ok, false, 'short');
    assert.equal((await ok(leaf, p.index, p.head.size, [...p.path, p.path[0]], p.head.root)).ok, false, 'long');
    assert.equal((await ok(leaf, p.index, p.head.size, p.path, hex(flip(unhex(p.head.root), 0)))).ok, false, 'root');
  });
}

test('the latest tree head is the one the chief TD signed in the log', () => {
  const th = verified.filter((v) => v.env.type === 'results.tree_head');
  assert.equal(th.length, 1);
  assert.deepEqual(th[0].payload, { publication: latestPub.publication, size: latestPub.size, root: latestPub.root });
  assert.equal(hex(th[0].env.author), latestPub.signed[0].signer);
});

test("the CLI's consistency proof verifies, and a changed one does not", async () => {
  const c = consistency;
  assert.equal(c.proof, 'consistency');
  assert.equal(c.earlier, firstPub.publication);
  assert.equal(c.later, latestPub.publication);
  assert.deepEqual(c.old, { size: firstPub.size, root: firstPub.root });
  assert.deepEqual(c.new, { size: latestPub.size, root: latestPub.root });
  assert.equal(c.added.length, c.new.size - c.old.size);
  assert.equal(c.added.at(-1), latestPub.publication);
  for (const a of c.added) assert.ok(byId.has(a));
  const ok = (m, n, r1, r2, path) => V.verifyConsistency(m, n, r1, r2, path);
  assert.deepEqual(await ok(c.old.size, c.new.size, c.old.root, c.new.root, c.path), { ok: true });
  for (let k = 0; k < c.path.length; k++) {
    const path = c.path.slice();
    path[k] = hex(flip(unhex(path[k]), 31));
    assert.equal((await ok(c.old.size, c.new.size, c.old.root, c.new.root, path)).ok, false, `path hash ${k}`);
  }
  assert.equal((await ok(c.new.size, c.old.size, c.new.root, c.old.root, c.path)).code, 'old_size_too_large');
  assert.equal((await ok(c.new.size, c.old.size, c.old.root, c.new.root, c.path)).ok, false);
  assert.equal((await ok(c.old.size, c.new.size, c.new.root, c.old.root, c.path)).ok, false, 'roots swapped');
  assert.equal((await ok(c.old.size, c.new.size, hex(flip(unhex(c.old.root), 1)), c.new.root, c.path)).ok, false);
  assert.equal((await ok(c.old.size, c.new.size, c.old.root, hex(flip(unhex(c.new.root), 1)), c.path)).ok, false);
  assert.equal((await ok(c.old.size - 1, c.new.size, c.old.root, c.new.root, c.path)).ok, false);
  // (RFC 9162 does not bind the low bits of a size shifted out in step 4: 389 and 390 take
  // the same steps. A size is only ever checked together with its own signed root.)
  assert.equal((await ok(c.old.size, c.new.size * 2, c.old.root, c.new.root, c.path)).ok, false);
  assert.equal((await ok(c.old.size, c.new.size, c.old.root, c.new.root, c.path.slice(1))).ok, false);
  assert.equal((await ok(c.old.size, c.new.size, c.old.root, c.new.root, [])).code, 'proof_length');
});

// ---- RFC 9162 / Certificate Transparency vectors --------------------------------------------
// Copied from tests/merkle.rs (which took them from github.com/transparency-dev/merkle,
// testonly/constants.go and cmd/proofgen/main.go; leaf indices from 0).

const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const LEAF_HASHES = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
  '0298d122906dcfc10892cb53a73992fc5b9f493ea4c9badb27b791b4127a7fe7',
  '07506a85fd9dd2f120eb694f86011e5bb4662e5c415a62917033d4a9624487e7',
  'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
  '4271a26be0d8a84f0bd54c8c302e7cb3a3b5d1fa6780a40bcce2873477dab658',
  'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
  '46f6ffadd3d06a09ff3c5860d2755c8b9819db7df44251788c7d8e3180de8eb1',
];
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const INCLUSION = [
  [0, 1, []],
  [0, 8, ['96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
    '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
    '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4']],
  [5, 8, ['bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
    'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7']],
  [2, 3, ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125']],
  [1, 5, ['6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
    'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b']],
];
const CONSISTENCY = [
  [1, 1, []],
  [1, 8, ['96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
    '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
    '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4']],
  [6, 8, ['0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
    'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
    'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7']],
  [2, 5, ['5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
    'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b']],
  [6, 7, ['0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
    'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
    'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7']],
];

// MTH (RFC 9162 §2.1.1) from the text, over leaf hashes, with verify.js's nodeHash.
async function mth(leaves) {
  if (leaves.length === 0) return sha256(new Uint8Array(0));
  if (leaves.length === 1) return leaves[0];
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return V.nodeHash(await mth(leaves.slice(0, k)), await mth(leaves.slice(k)));
}
const vectorLeaves = () => Promise.all(LEAVES.map((l) => V.leafHash(unhex(l))));

test('RFC 9162 vectors: leaf hashes and the roots of every prefix', async () => {
  const leaves = await vectorLeaves();
  assert.deepEqual(leaves.map(hex), LEAF_HASHES);
  for (let n = 0; n <= 8; n++) assert.equal(hex(await mth(leaves.slice(0, n))), ROOTS[n], `size ${n}`);
});

test('RFC 9162 vectors: inclusion proofs verify; one leaf\'s proof proves no other', async () => {
  const leaves = await vectorLeaves();
  for (const [i, n, path] of INCLUSION) {
    assert.deepEqual(await V.verifyInclusion(leaves[i], i, n, path, ROOTS[n]), { ok: true }, `leaf ${i} of ${n}`);
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      assert.equal((await V.verifyInclusion(leaves[j], j, n, path, ROOTS[n])).ok, false);
      assert.equal((await V.verifyInclusion(leaves[i], j, n, path, ROOTS[n])).ok, false);
      assert.equal((await V.verifyInclusion(leaves[j], i, n, path, ROOTS[n])).ok, false);
    }
  }
  // A one-leaf tree: the root is the leaf, the proof is empty and nothing else.
  assert.deepEqual(await V.verifyInclusion(leaves[0], 0, 1, [], leaves[0]), { ok: true });
  assert.equal((await V.verifyInclusion(leaves[0], 0, 1, [leaves[1]], leaves[0])).code, 'proof_length');
  assert.equal((await V.verifyInclusion(leaves[0], 1, 1, [], leaves[0])).code, 'index_out_of_range');
  assert.equal((await V.verifyInclusion(leaves[0], 0, 0, [], ROOTS[0])).code, 'index_out_of_range');
  // Without the 0x00/0x01 prefixes two leaves could pose as one node.
  const fake = new Uint8Array([...leaves[0], ...leaves[1]]);
  assert.equal((await V.verifyInclusion(await V.leafHash(fake), 0, 1, [], ROOTS[2])).ok, false);
});

test('RFC 9162 vectors: consistency proofs verify; tampering, empty and same-size rules', async () => {
  const leaves = await vectorLeaves();
  for (const [m, n, path] of CONSISTENCY) {
    assert.deepEqual(await V.verifyConsistency(m, n, ROOTS[m], ROOTS[n], path), { ok: true }, `${m} -> ${n}`);
    for (let k = 0; k < path.length; k++) {
      const bad = path.slice();
      bad[k] = hex(flip(unhex(bad[k]), 3));
      assert.equal((await V.verifyConsistency(m, n, ROOTS[m], ROOTS[n], bad)).ok, false);
    }
    if (m < n) assert.equal((await V.verifyConsistency(n, m, ROOTS[n], ROOTS[m], path)).code, 'old_size_too_large');
  }
  for (let n = 2; n <= 8; n++) {
    for (let m = 1; m < n; m++) {
      assert.equal((await V.verifyConsistency(m, n, ROOTS[m], ROOTS[n], [])).code, 'proof_length', `${m} -> ${n}`);
    }
  }
  // The empty tree is extended by every tree, with an empty proof only, and has root SHA-256("").
  assert.deepEqual(await V.verifyConsistency(0, 8, ROOTS[0], ROOTS[8], []), { ok: true });
  assert.deepEqual(await V.verifyConsistency(0, 0, ROOTS[0], ROOTS[0], []), { ok: true });
  assert.equal((await V.verifyConsistency(0, 8, ROOTS[0], ROOTS[8], [ROOTS[8]])).ok, false);
  assert.equal((await V.verifyConsistency(0, 8, ROOTS[1], ROOTS[8], [])).code, 'empty_root_mismatch');
  // Same size: empty proof and equal roots, else a fork.
  assert.deepEqual(await V.verifyConsistency(5, 5, ROOTS[5], ROOTS[5], []), { ok: true });
  assert.equal((await V.verifyConsistency(5, 5, ROOTS[5], ROOTS[6], [])).code, 'same_size_different_roots');
  assert.equal((await V.verifyConsistency(1, 1, leaves[0], leaves[0], [leaves[0]])).code, 'proof_length');
});

// ---- Keys ---------------------------------------------------------------------------------

test('traceKeys traces every signer of the demo to the genesis, as `tdlog key list` does', () => {
  const r = V.traceKeys(verified);
  assert.ok(r.ok, `${r.code}: ${r.detail}`);
  assert.equal(r.logId, verifyJson.log_id);
  assert.equal(Object.keys(r.keys).length, verifyJson.keys);
  // `tdlog key list`: "KEY  ROLE  HOLDER  [active]" or "[revoked after seq N (reason)]".
  const listed = tdlog('key', 'list', LOG).trim().split('\n');
  for (const line of listed) {
    const [, key, role, holder, state] = line.match(/^([0-9a-f]{64})\s+(\S+)\s+(.*?)\s+\[(.*)\]$/);
    const k = r.keys[key];
    assert.ok(k, key);
    assert.equal(k.role, role);
    assert.equal(k.holder, holder);
    if (state === 'active') assert.equal(k.revoked, null);
    else assert.equal(`revoked after seq ${k.revoked.lastValidSeq} (${k.revoked.reason})`, state);
  }
  for (const v of verified) assert.ok(r.keys[hex(v.env.author)], 'every signer is traced');
  const genesis = byId.get(verifyJson.log_id);
  assert.equal(r.keys[hex(genesis.env.author)].enrolledBy, verifyJson.log_id);
  for (const v of verified.filter((v) => v.env.type === 'key.enrolled')) {
    assert.equal(r.keys[v.payload.key].enrolledBy, hex(v.id));
  }
});

test('traceKeys: with an enrolment cut out of the log, the hole is reported', () => {
  const scorer = demoKey('scorer');
  const enrolment = verified.find((v) => v.env.type === 'key.enrolled' && v.payload.key === hex(scorer.pub));
  const r = V.traceKeys(verified.filter((v) => v !== enrolment));
  assert.equal(r.code, 'missing_event');
  assert.match(r.detail, new RegExp(hex(enrolment.id)));
  // The chief TD's next event names it as its previous one.
  const next = verified.find((v) => v.env.prev && hex(v.env.prev) === hex(enrolment.id));
  assert.equal(hex(next.env.author), hex(enrolment.env.author));
});

test('traceKeys: forged events by keys outside the enrolment chain', async () => {
  const chief = demoKey('chief'), td = demoKey('td1'), revoked = demoKey('td2');
  const fresh = keyFromSeed('11'.repeat(32)), fresh2 = keyFromSeed('22'.repeat(32));
  const logId = unhex(verifyJson.log_id);
  const top = Math.max(...verified.map((v) => v.env.lamport));
  const after = (author) => { const l = lastOf(hex(author.pub)); return { seq: l.env.seq + 1, prev: l.id }; };
  const ok = async (raw) => { const v = await V.verifyEvent(raw); assert.ok(v.ok, v.detail); return v; };
  const note = { text: 'forged for a test' };

  // Signed correctly, never enrolled.
  const stranger = await ok(sign(fresh, { logId, seq: 1, prev: null, deps: [lastOf(hex(chief.pub)).id], lamport: top + 1, type: 'director.note' }, note));
  let r = V.traceKeys([...verified, stranger]);
  assert.deepEqual([r.code, r.event], ['untraced_key', hex(stranger.id)]);

  // A td key may not enrol: the enrolment is refused, so is what the key it names signs.
  const byTd = await ok(sign(td, { logId, ...after(td), lamport: top + 1, type: 'key.enrolled' }, { key: hex(fresh.pub), role: 'td', holder: 'x' }));
  r = V.traceKeys([...verified, byTd]);
  assert.deepEqual([r.code, r.event], ['not_chief', hex(byTd.id)]);

  // A chain: the chief TD enrols a second chief TD, who enrols a scorer, who signs.
  const c2 = await ok(sign(chief, { logId, ...after(chief), lamport: top + 1, type: 'key.enrolled' }, { key: hex(fresh.pub), role: 'chief_td', holder: 'second chief' }));
  const s = await ok(sign(fresh, { logId, seq: 1, prev: null, deps: [c2.id], lamport: top + 2, type: 'key.enrolled' }, { key: hex(fresh2.pub), role: 'scorer', holder: 'scorer 2' }));
  const n = await ok(sign(fresh2, { logId, seq: 1, prev: null, deps: [s.id], lamport: top + 3, type: 'director.note' }, note));
  r = V.traceKeys([...verified, c2, s, n]);
  assert.ok(r.ok, r.detail);
  assert.deepEqual(r.keys[hex(fresh2.pub)], { role: 'scorer', holder: 'scorer 2', enrolledBy: hex(s.id), revoked: null });
  assert.equal(r.keys[hex(fresh.pub)].enrolledBy, hex(c2.id));
  // The same chain with the middle link never made: the second chief TD is untraced.
  const s2 = await ok(sign(fresh, { logId, seq: 1, prev: null, deps: [lastOf(hex(chief.pub)).id], lamport: top + 2, type: 'key.enrolled' }, { key: hex(fresh2.pub), role: 'scorer', holder: 'scorer 2' }));
  const n2 = await ok(sign(fresh2, { logId, seq: 1, prev: null, deps: [s2.id], lamport: top + 3, type: 'director.note' }, note));
  r = V.traceKeys([...verified, s2, n2]);
  assert.deepEqual([r.code, r.event], ['untraced_key', hex(s2.id)]);
  assert.match(r.detail, new RegExp(hex(fresh.pub)));
  // Taken out of a complete log, the missing link is a hole.
  assert.equal(V.traceKeys([...verified, s, n]).code, 'missing_event');
  // An enrolment that is not in the causal past of the key's first event does not count.
  const early = await ok(sign(fresh2, { logId, seq: 1, prev: null, deps: [c2.id], lamport: top + 3, type: 'director.note' }, note));
  r = V.traceKeys([...verified, c2, s, early]);
  assert.deepEqual([r.code, r.event], ['untraced_key', hex(early.id)]);

  // The revoked td key (last valid seq 1) signing again.
  const late = await ok(sign(revoked, { logId, ...after(revoked), lamport: top + 1, type: 'director.note' }, note));
  r = V.traceKeys([...verified, late]);
  assert.deepEqual([r.code, r.event], ['revoked', hex(late.id)]);

  // An event of another log.
  const other = await ok(sign(chief, { logId: new Uint8Array(32).fill(9), ...after(chief), lamport: top + 1, type: 'director.note' }, note));
  assert.equal(V.traceKeys([...verified, other]).code, 'log_id');
  assert.equal(V.traceKeys(verified.filter((v) => v.env.type !== 'tournament.genesis')).code, 'genesis');
});
