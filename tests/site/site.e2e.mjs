// The results site checks itself in a real browser (issue 33): Debian's Chromium, headless,
// driven by chromedriver over WebDriver (scripts/deps.sh installs both). A site is written by
// the CLI from the demo day after a publication (its tree head signed by the chief TD) and a
// witness's co-signature; every board page opened from a file says verified; pages altered
// as an attacker would (a changed byte in an event, a missing event, a key not traced to the
// genesis, a tree head that does not match the log, a forged head) say not verified, with
// the reason, in the page's language. Needs target/debug/tdlog built; nothing here builds it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { WebDriver } from "../e2e/webdriver.mjs";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = path.join(REPO, "target/debug/tdlog");
const TMP = mkdtempSync(path.join(tmpdir(), "tdlog-site-"));
const LOG = path.join(TMP, "day.tdlog");
const SITE = path.join(TMP, "site");
const env = { ...process.env, TDLOG_DATA_DIR: path.join(TMP, "data") };
const tdlog = (...args) => execFileSync(BIN, args, { env, encoding: "utf8" });
/** Pictures of the verdicts, for looking at (artifacts/site/). */
const SHOTS = path.join(REPO, "artifacts/site");

/** The page's verdict section as a picture. */
async function shot(name) {
  await wd.script("document.getElementById('verify').scrollIntoView({block: 'center'})");
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(path.join(SHOTS, `${name}.png`), Buffer.from(await wd.screenshot(), "base64"));
}

let driver;
let wd;

before(async () => {
  copyFileSync(path.join(REPO, "fixtures/demo/day.tdlog"), LOG);
  for (const k of ["chief", "td1"]) {
    copyFileSync(path.join(REPO, `fixtures/demo/keys/${k}.key`), path.join(TMP, `${k}.key`));
    chmodSync(path.join(TMP, `${k}.key`), 0o600);
  }
  tdlog("publish", LOG, "--key", path.join(TMP, "chief.key"));
  tdlog("witness", LOG, "--key", path.join(TMP, "td1.key"));
  tdlog("publish-site", LOG, "--out", SITE);
  const port = 9515 + Math.floor(Math.random() * 400);
  driver = spawn("/usr/bin/chromedriver", [`--port=${port}`], { stdio: "ignore" });
  wd = new WebDriver(`http://127.0.0.1:${port}`);
  await wd.until("chromedriver", async () => {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/status`);
      return r.ok;
    } catch {
      return false;
    }
  }, 20000);
  const s = await wd.call("POST", "/session", {
    capabilities: {
      alwaysMatch: {
        browserName: "chrome",
        "goog:chromeOptions": {
          binary: "/usr/bin/chromium",
          args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        },
      },
    },
  });
  wd.session = s.sessionId;
});

after(async () => {
  try {
    await wd?.quit();
  } finally {
    driver?.kill();
    rmSync(TMP, { recursive: true, force: true });
  }
});

/** Opens a page from a file (with `suffix`: a query and fragment) and waits for its verdict:
 * `{state, reason, text}`. */
async function verdict(file, suffix = "") {
  await wd.call("POST", wd.s("/url"), { url: "file://" + file + suffix });
  return wd.until(`the verdict of ${path.basename(file)}`, async () => {
    const v = await wd.script(
      "const s = document.getElementById('verify-status'); return s && {state: s.dataset.state, reason: s.dataset.reason || null, text: s.textContent};",
    );
    return v && v.state !== "running" ? v : null;
  }, 20000);
}

const PROOF = /(<script type="application\/json" id="tdlog-proof">)(.*?)(<\/script>)/s;

/** A copy of `page` with its proof document changed by `edit`. */
function altered(page, name, edit) {
  const html = readFileSync(page, "utf8");
  const m = html.match(PROOF);
  assert.ok(m, "the page carries its proof");
  const doc = JSON.parse(m[2]);
  edit(doc);
  const out = path.join(path.dirname(page), name);
  writeFileSync(out, html.replace(PROOF, (_, a, __, c) => a + JSON.stringify(doc) + c));
  return out;
}

const boards = (lang) =>
  readdirSync(path.join(SITE, lang))
    .filter((f) => f.startsWith("board-"))
    .map((f) => path.join(SITE, lang, f));

/** The type of an event on the page, as its envelope's text field names it (one of those
 * these tests look for). */
const TYPES = ["tournament.genesis", "key.enrolled", "key.revoked", "results.published", "results.tree_head", "result.recorded"];
function typeOf(e) {
  const body = Buffer.from(e.body, "hex").toString("latin1");
  return TYPES.find((t) => body.includes(t)) ?? "";
}

test("every board page of an honest site says verified, naming who signed the tree head", async () => {
  const pages = boards("en");
  assert.ok(pages.length >= 6, `${pages.length} board pages`);
  for (const p of pages) {
    const v = await verdict(p);
    assert.equal(v.state, "verified", `${path.basename(p)}: ${v.text}`);
    assert.match(v.text, /^Verified: the \d+ signed events behind this board/);
    assert.match(v.text, /Anna Berg/);
    assert.match(v.text, /Jens Hansen/);
    // Every line's scores recomputed here from the signed events (the demo: teams, IMPs).
    const scores = await wd.script(
      "const s = document.getElementById('verify-scores'); return s && {state: s.dataset.state, text: s.textContent};",
    );
    assert.equal(scores?.state, "checked", `${path.basename(p)}: ${scores?.text}`);
    assert.match(scores.text, /^The scores of all \d+ tables were recomputed here from the signed events/);
  }
  await shot("site-verified-en");
});

/** A copy of board 13's page (in `lang`) with `from` replaced by `to` in the traveller line
 * of round 1, table `table`: a publisher who edits the HTML by hand. */
function editedLine(lang, name, table, from, to) {
  const page = boards(lang).find((p) => p.endsWith("-13.html"));
  const html = readFileSync(page, "utf8");
  const row = `<tr class="line"><td class="n">1</td><td class="n">${table}</td>`;
  const start = html.indexOf(row);
  assert.ok(start >= 0, row);
  const end = html.indexOf("</tr>", start);
  const line = html.slice(start, end);
  assert.ok(line.includes(from), line);
  const out = path.join(path.dirname(page), name);
  writeFileSync(out, html.slice(0, start) + line.replace(from, to) + html.slice(end));
  return out;
}

test("Law 16B1: a changed adjusted score in the HTML: not verified, the scores do not follow from the events", async () => {
  // Round 1, table 3: the TD assigned 3H by North, 10 tricks (Law 16B1); the page claims
  // one IMP more for N-S than the teams comparison gives.
  const p = editedLine("en", "x-score.html", 3,
    '<td class="n score-ns">2 IMP</td><td class="n score-ew">-2 IMP</td>',
    '<td class="n score-ns">3 IMP</td><td class="n score-ew">-3 IMP</td>');
  const v = await verdict(p);
  assert.equal(v.state, "failed", v.text);
  assert.equal(v.reason, "score", v.text);
  assert.match(v.text, /^Not verified: the scores shown at round 1, table 3 are not what the signed events give/);
  // The line is marked for the player.
  const marked = await wd.script("return [...document.querySelectorAll('tr.mismatch td')].slice(0, 2).map((c) => c.textContent)");
  assert.deepEqual(marked, ["1", "3"]);
  const de = editedLine("de", "x-score.html", 3, '<td class="n score-ew">-2 IMP</td>', '<td class="n score-ew">-1 IMP</td>');
  const w = await verdict(de);
  assert.equal(w.reason, "score", w.text);
  assert.match(w.text, /^Nicht bestätigt: die Ergebnisse in Runde 1, Tisch 3 sind nicht die/);
  await shot("site-score-de");
});

test("Law 77: changed points of a played contract, a renamed pair, a line left out: not verified", async () => {
  // 1NT by South, 9 tricks, not vulnerable: +150, not +180.
  const points = editedLine("da", "x-points.html", 2, "NS +150</td>", "NS +180</td>");
  const v = await verdict(points);
  assert.equal(v.reason, "score", v.text);
  assert.match(v.text, /^Ikke bekræftet: resultaterne i runde 1, bord 2/);
  await shot("site-score-da");
  const renamed = editedLine("en", "x-renamed.html", 3, "<td>LATVIA</td><td>GERMANY</td>", "<td>GERMANY</td><td>LATVIA</td>");
  assert.equal((await verdict(renamed)).reason, "score");
  const gone = editedLine("en", "x-gone.html", 2, '<tr class="line">', '<tr class="gone"><td></td>');
  assert.equal((await verdict(gone)).reason, "score");
  // What the player sees is what is checked: a changed figure with the true one hidden
  // after it, or the true line hidden and a changed one shown.
  const hidden = editedLine("en", "x-hidden.html", 2, "NS +150</td>", 'NS +180<span hidden> NS +150</span></td>');
  assert.equal((await verdict(hidden)).reason, "score");
  const shadow = editedLine("en", "x-shadow.html", 2, '<tr class="line">', '<tr class="line" style="display:none">');
  assert.equal((await verdict(shadow)).reason, "score");
});

test("Law 78A: a pairs site's matchpoints are recomputed in the page; what the session settles is named; a changed percentage fails", async () => {
  // The Compscore-shaped USEBIO fixture: a Mitchell scored by matchpoints, an A+/A- at one
  // table of board 3 (Law 12C2), which each pair's whole session settles (Law 12C2(c)).
  const dir = path.join(TMP, "pairs");
  const log = path.join(dir, "p.tdlog"), key = path.join(dir, "chief.key"), site = path.join(dir, "site");
  mkdirSync(dir);
  tdlog("key", "new", "--key", key);
  tdlog("init", log, "--name", "Pairs", "--game", "bridge", "--key", key);
  tdlog("import", "usebio", "--log", log, "--key", key, path.join(REPO, "fixtures/usebio/compscore-shape-mp-mitchell.xml"));
  tdlog("publish", log, "--key", key);
  tdlog("publish-site", log, "--out", site);
  const scores = () => wd.script(
    "const s = document.getElementById('verify-scores'); return s && {state: s.dataset.state, text: s.textContent};",
  );
  for (const f of readdirSync(path.join(site, "de")).filter((x) => x.startsWith("board-"))) {
    const v = await verdict(path.join(site, "de", f));
    assert.equal(v.state, "verified", `${f}: ${v.text}`);
    const s = await scores();
    assert.equal(s.state, f === "board-A-3.html" ? "partial" : "checked", `${f}: ${s.text}`);
    if (f === "board-A-3.html") {
      assert.match(s.text, /^Die Ergebnisse von 3 Tischen wurden hier .* von der ganzen Sitzung abhängen \(§ 12 C 2 \(c\)\), werden auf der Seite eines Boards nicht neu berechnet: 1\.$/);
      await shot("site-session-de");
    }
  }
  const page = path.join(site, "en", "board-A-1.html");
  const html = readFileSync(page, "utf8");
  const out = path.join(site, "en", "x-pct.html");
  writeFileSync(out, html.replace('<td class="n score-ns">66.67 %</td>', '<td class="n score-ns">70 %</td>'));
  const v = await verdict(out);
  assert.equal(v.reason, "score", v.text);
  assert.match(v.text, /round 1, table 1/);
});

test("the verdict is in the page's language", async () => {
  const de = await verdict(boards("de")[0]);
  assert.equal(de.state, "verified", de.text);
  assert.match(de.text, /^Bestätigt: Die \d+ signierten Ereignisse dieses Boards/);
  await shot("site-verified-de");
  const da = await verdict(boards("da")[0]);
  assert.equal(da.state, "verified", da.text);
  assert.match(da.text, /^Bekræftet: De \d+ signerede hændelser bag dette spil/);
  await shot("site-verified-da");
});

test("a changed byte in an event behind the board: not verified, its signature", async () => {
  const page = boards("en")[0];
  const p = altered(page, "x-byte.html", (d) => {
    const e = d.events.find((x) => typeOf(x) === "result.recorded");
    const i = e.payload.length - 4;
    e.payload = e.payload.slice(0, i) + (e.payload[i] === "3" ? "4" : "3") + e.payload.slice(i + 1);
  });
  const v = await verdict(p);
  assert.equal(v.state, "failed", v.text);
  assert.equal(v.reason, "signature", v.text);
  assert.match(v.text, /^Not verified: the bytes or the signature of an event do not check/);
});

test("an event behind the board left out: not verified, missing", async () => {
  const page = boards("en")[0];
  const p = altered(page, "x-missing.html", (d) => {
    const id = d.board[0];
    d.events = d.events.filter((e) => !matches(e, id));
  });
  const v = await verdict(p);
  assert.equal(v.state, "failed", v.text);
  assert.equal(v.reason, "missing", v.text);
});

test("a signer's enrolment left out (a key not traced to the genesis): not verified", async () => {
  // Board 11: the director Jens Hansen's ruling at table 5 is behind it.
  const page = boards("de").find((p) => p.endsWith("-11.html"));
  let holder = "";
  const p = altered(page, "x-untraced.html", (d) => {
    // The enrolment of a key that signed one of the board's events (the chief TD's key is
    // the genesis's, enrolled by no event).
    const enrolledKey = (e) => d.events.find((k) => typeOf(k) === "key.enrolled" && payloadOf(k).key === authorOf(e));
    const signed = d.board.map((id) => d.events.find((e) => matches(e, id))).find(enrolledKey);
    assert.ok(signed, "an event of the board signed by an enrolled key");
    const enrolment = enrolledKey(signed);
    holder = payloadOf(enrolment).holder;
    d.events = d.events.filter((e) => e !== enrolment);
  });
  const v = await verdict(p);
  assert.equal(v.state, "failed", v.text);
  assert.equal(v.reason, "untraced_key", v.text);
  assert.match(v.text, /^Nicht bestätigt: ein Ereignis ist mit einem Schlüssel signiert/);
  await shot("site-untraced-de");
  assert.ok(holder.length > 0);
});

test("a tree head that does not match the log: not verified, the proofs do not lead to it", async () => {
  const page = boards("da")[0];
  const p = altered(page, "x-root.html", (d) => {
    d.tree.root = (d.tree.root[0] === "0" ? "1" : "0") + d.tree.root.slice(1);
  });
  const v = await verdict(p);
  assert.equal(v.state, "failed", v.text);
  assert.equal(v.reason, "inclusion", v.text);
  assert.match(v.text, /^Ikke bekræftet: en hændelse står ikke i den offentliggjorte log/);
  await shot("site-root-da");
});

test("a signed tree head taken away: not verified, no signed head", async () => {
  const p = altered(boards("en")[0], "x-nohead.html", (d) => {
    d.heads = [];
  });
  const v = await verdict(p);
  assert.equal(v.state, "failed", v.text);
  assert.equal(v.reason, "no_head", v.text);
});

test("Law 79C: a later publication only added to the one a player kept, and names the correction; a rewritten one fails", async () => {
  // The site as first published (the demo day's publication): the player keeps its root.
  const work = mkdtempSync(path.join(TMP, "kept-"));
  const log = path.join(work, "day.tdlog");
  copyFileSync(path.join(REPO, "fixtures/demo/day.tdlog"), log);
  const data = { ...process.env, TDLOG_DATA_DIR: path.join(work, "data") };
  const run = (...args) => execFileSync(BIN, args, { env: data, encoding: "utf8" });
  run("publish-site", log, "--out", path.join(work, "first"));
  const rootOf = (site) => JSON.parse(readFileSync(path.join(site, "en/board-A-12.html"), "utf8").match(PROOF)[2]).tree.root;
  const kept = rootOf(path.join(work, "first"));
  // A rewritten history, on another device: a note slipped in before a publication.
  const other = path.join(work, "other.tdlog");
  copyFileSync(path.join(REPO, "fixtures/demo/day.tdlog"), other);
  const elsewhere = { ...process.env, TDLOG_DATA_DIR: path.join(work, "elsewhere") };
  const chief = path.join(TMP, "chief.key");
  for (const args of [["note", other, "--text", "slipped in", "--key", chief], ["publish", other, "--key", chief], ["publish-site", other, "--out", path.join(work, "rewritten")]]) {
    execFileSync(BIN, args, { env: elsewhere, encoding: "utf8" });
  }
  const rewritten = rootOf(path.join(work, "rewritten"));
  // The score of board 12 at table 2 corrected with the organiser's consent (Law 79C2),
  // and the results published again.
  const organiser = path.join(work, "organiser.key");
  copyFileSync(path.join(REPO, "fixtures/demo/keys/organiser.key"), organiser);
  chmodSync(organiser, 0o600);
  const consent = run("correction", "consent", log, "--round", "1", "--table", "2", "--board", "12", "--reason", "scorer's slip", "--key", organiser).match(/\(event ([0-9a-f]{64})\)/)[1];
  run("correction", "record", log, "--round", "1", "--table", "2", "--board", "12", "--ns", "SLOVENIA", "--ew", "NORWAY", "--contract", "3C", "--declarer", "W", "--tricks", "8", "--reason", "tricks miscounted", "--consent", consent, "--key", path.join(TMP, "td1.key"));
  run("publish", log, "--key", chief);
  run("publish-site", log, "--out", path.join(work, "second"));
  const page = path.join(work, "second/en/board-A-12.html");
  const v = await verdict(page, `?kept=1#kept=${kept}`);
  assert.equal(v.state, "verified", v.text);
  const earlier = await wd.script("return [...document.querySelectorAll('#verify-earlier li')].map((l) => l.textContent)");
  assert.equal(earlier.length, 2, earlier.join("\n"));
  assert.match(earlier[0], /^It only added to the publication of 2026-11-26 12:32:38 UTC/);
  assert.match(earlier[0], /1 of them on this board: Score correction \(Jens Hansen, laptop 2\)\.$/);
  assert.match(earlier[1], /^The publication you kept \(root [0-9a-f]{16}\) is one this log grew from\.$/);
  await shot("site-kept-en");
  const r = await verdict(page, `?kept=2#kept=${rewritten}`);
  assert.equal(r.state, "failed", r.text);
  assert.equal(r.reason, "rewritten", r.text);
  assert.match(r.text, /is not one this log grew from: what was published has been rewritten/);
  // The same check typed into the page, as a player pastes the root they kept: a verified
  // page shows the root to keep; it checks itself against what was pasted.
  const second = path.join(work, "second/de/board-A-12.html");
  assert.equal((await verdict(second)).state, "verified");
  const shown = await wd.script("return document.getElementById('verify-root').textContent");
  assert.equal(shown, rootOf(path.join(work, "second")));
  const input = await wd.find("#verify-kept-root");
  await wd.type(input, "not a root");
  await wd.click(await wd.find("#verify-keep button"));
  assert.equal(await wd.text(await wd.find("#verify-kept-note")), "eine Wurzel hat 64 hexadezimale Ziffern");
  await wd.script("document.getElementById('verify-kept-root').value = ''");
  await wd.type(input, kept);
  await wd.click(await wd.find("#verify-keep button"));
  const pasted = await wd.until("the kept root checked", async () => {
    const v = await wd.script("const s = document.getElementById('verify-status'); const k = document.getElementById('verify-kept'); return s && s.dataset.state === 'verified' && k ? k.textContent : null;");
    return v;
  });
  assert.match(pasted, /^Die Veröffentlichung, die Sie aufbewahrt haben \(Wurzel [0-9a-f]{16}\), ist eine, aus der dieses Protokoll gewachsen ist\.$/);
  await shot("site-kept-pasted-de");
});

test("Law 92B: a ruling after a publication: the next publication only added to the kept one, names the ruling, and its score is recomputed", async () => {
  // The demo day made now, so its appeal period runs; published, then the TD's ruling on
  // board 12 (an artificial score, Law 12C2), then published again.
  const work = mkdtempSync(path.join(TMP, "ruled-"));
  const log = path.join(work, "day.tdlog");
  const data = { ...process.env, TDLOG_DATA_DIR: path.join(work, "data") };
  const run = (...args) => execFileSync(BIN, args, { env: data, encoding: "utf8" });
  const chief = path.join(TMP, "chief.key"), td = path.join(TMP, "td1.key");
  run("demo-day", log, "--base", path.join(REPO, "fixtures/demo/demo.tdlog"));
  run("publish", log, "--key", chief);
  run("publish-site", log, "--out", path.join(work, "first"));
  const kept = JSON.parse(readFileSync(path.join(work, "first/da/board-A-12.html"), "utf8").match(PROOF)[2]).tree.root;
  run("ruling", "give", log, "--round", "1", "--table", "3", "--board", "12", "--ns", "LATVIA", "--ew", "GERMANY",
    "--facts", "the board was turned the wrong way at this table (Law 87)", "--law", "12C2", "--category", "law",
    "--decision", "average plus to N-S, average minus to E-W",
    "--adjustment", '{"kind":"artificial","ns":"average_plus","ew":"average_minus"}', "--key", td);
  run("publish", log, "--key", chief);
  run("publish-site", log, "--out", path.join(work, "second"));
  const v = await verdict(path.join(work, "second/da/board-A-12.html"), `#kept=${kept}`);
  assert.equal(v.state, "verified", v.text);
  const earlier = await wd.script("return [...document.querySelectorAll('#verify-earlier li.earlier')].map((l) => l.textContent)");
  assert.equal(earlier.length, 2, earlier.join("\n"));
  for (const e of earlier) assert.match(e, /heraf 1 om dette spil: .* \(Jens Hansen, laptop 2\)\.$/);
  const scores = await wd.script("return document.getElementById('verify-scores').dataset.state");
  assert.equal(scores, "checked");
  // The ruled line shows the artificial IMPs (±3 in a teams match, Law 12C2).
  const line = await wd.script("const r = [...document.querySelectorAll('#traveller tr.line')].find((t) => t.cells[0].textContent === '1' && t.cells[1].textContent === '3'); return [r.cells[5].textContent, r.cells[6].textContent]");
  assert.deepEqual(line, ["3 IMP", "-3 IMP"]);
  await shot("site-ruling-da");
});

/** An event's author: the third field of its envelope (array head, format, 32-byte log id,
 * then the 32-byte key, each byte string with its two-byte head). */
function authorOf(e) {
  const b = Buffer.from(e.body, "hex");
  assert.equal(b[2], 0x58, "a log id (not the genesis)");
  return b.subarray(38, 70).toString("hex");
}

function payloadOf(e) {
  return JSON.parse(Buffer.from(e.payload, "hex").toString("utf8"));
}

/** Whether a page event is the event `id` (its id is SHA-256 of body and signature). */
function matches(e, id) {
  return createHashHex(Buffer.concat([Buffer.from(e.body, "hex"), Buffer.from(e.sig, "hex")])) === id;
}

function createHashHex(b) {
  return createHash("sha256").update(b).digest("hex");
}
