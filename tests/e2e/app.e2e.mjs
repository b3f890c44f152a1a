// End to end in the real webview: drives the built tdlog desktop app as a TD would.
// Run by tests/e2e/run.sh (which starts Xvfb and tauri-driver and prepares a temp data dir).
// Every step is one check; the last line is `N passed, N failed`.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WebDriver, elementRef } from "./webdriver.mjs";

const env = (k) => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} is not set (run tests/e2e/run.sh)`);
  return v;
};
const APP = env("TDLOG_APP");
const SHOTS = env("E2E_ARTIFACTS");
const EXPECT_EVENTS = Number(env("E2E_EXPECT_EVENTS"));
const EXPECT_KEYS = Number(env("E2E_EXPECT_KEYS"));
const FINGERPRINT = env("E2E_DEVICE_FINGERPRINT");
const ALT = "\uE00A";

const wd = new WebDriver(process.env.WEBDRIVER_URL || "http://127.0.0.1:4444");
let passed = 0;
let failed = 0;
const shots = [];

async function shot(name) {
  mkdirSync(SHOTS, { recursive: true });
  const file = join(SHOTS, `${name}.png`);
  writeFileSync(file, Buffer.from(await wd.screenshot(), "base64"));
  shots.push(file);
}

async function check(name, fn) {
  try {
    await fn();
    passed += 1;
    console.log(`ok - ${name}`);
  } catch (e) {
    failed += 1;
    console.log(`FAILED - ${name}: ${e.message}`);
    try { await shot(`failed-${passed + failed}`); } catch { /* no window */ }
  }
}

function expect(cond, msg) {
  if (!cond) throw new Error(msg);
}

async function screen(id) {
  await wd.click(await wd.find(`#nav-${id}`));
  await wd.until(`screen ${id}`, async () => (await wd.attr(await wd.find("main"), "data-screen")) === id);
}

const NOTE = "Director called at table 5: break in tempo before 4S; players to call me back after play.";

async function main() {
  await wd.until("tauri-driver", () => fetch(`${wd.url}/status`).then((r) => r.ok), 30000);
  await wd.start(APP);

  await check("the demo tournament opens on first start", async () => {
    const name = await wd.textOf("#tournament-name", (t) => t.includes("Demo Club Pairs"), 60000);
    expect(name.startsWith("Demo Club Pairs"), `name was ${name}`);
    await shot("tournament");
  });

  await check(`the verification badge shows ${EXPECT_EVENTS} verified events`, async () => {
    const badge = await wd.textOf("#verification-text", (t) => t.startsWith("Verified"));
    expect(badge === `Verified: ${EXPECT_EVENTS} events`, `badge said "${badge}"`);
    const count = await wd.text(await wd.find("#verified-count"));
    expect(count === String(EXPECT_EVENTS), `count was ${count}`);
  });

  await check(`the ${EXPECT_KEYS} keys and their roles are shown, the revoked one marked`, async () => {
    const rows = await wd.findAll("#keys-table .key-row");
    expect(rows.length === EXPECT_KEYS, `${rows.length} key rows`);
    const roles = await Promise.all((await wd.findAll("#keys-table .key-role")).map((e) => wd.text(e)));
    for (const r of ["Chief director", "Director", "Scorer", "Appeals committee", "Tournament organiser"]) {
      expect(roles.includes(r), `no ${r} among ${roles.join(", ")}`);
    }
    const revoked = await wd.findAll("#keys-table tr.revoked");
    expect(revoked.length === 1, `${revoked.length} revoked rows`);
    const me = await wd.text(await wd.find("#device-role"));
    expect(me === "This device signs as: Director", `device role line: ${me}`);
  });

  await check("the event list pages through the log", async () => {
    const range = await wd.textOf(".pager-range");
    expect(range === `1–50 of ${EXPECT_EVENTS}`, `range ${range}`);
    await wd.click(await wd.find(".pager-next"));
    await wd.textOf(".pager-range", (t) => t === `51–100 of ${EXPECT_EVENTS}`);
    const first = await wd.text(await wd.find("#events-table .event-row td"));
    expect(first === "51", `first row of page 2 is ${first}`);
  });

  await check("the Start screen shows this device's key fingerprint", async () => {
    await screen("start");
    const fp = await wd.textOf("#device-fingerprint");
    expect(fp === FINGERPRINT, `fingerprint ${fp}`);
    await shot("start");
  });

  await check("a director note is recorded through the form, signed, and listed", async () => {
    await screen("record");
    await wd.type(await wd.find("#note-text"), NOTE);
    await wd.type(await wd.find("#note-round"), "2");
    await wd.type(await wd.find("#note-table"), "5");
    await wd.type(await wd.find("#note-board"), "11");
    await shot("record-note");
    await wd.click(await wd.find("#note-save"));
    await wd.until("notes screen", async () => (await wd.attr(await wd.find("main"), "data-screen")) === "notes");
    const first = await wd.textOf("#notes-list .note-item .note-text", (t) => t === NOTE);
    expect(first === NOTE, `first note: ${first}`);
    const meta = await wd.text(await wd.find("#notes-list .note-item .meta"));
    expect(meta.includes("Jens Hansen") && meta.includes("Board 11"), `meta: ${meta}`);
    await shot("notes");
  });

  await check("the log re-verified with the new event", async () => {
    const badge = await wd.textOf("#verification-text", (t) => t.startsWith("Verified"));
    expect(badge === `Verified: ${EXPECT_EVENTS + 1} events`, `badge said "${badge}"`);
  });

  await check("the language switches to German", async () => {
    await wd.click(await wd.find("#lang-de"));
    const nav = await wd.textOf("#nav-scores", (t) => t === "Ergebnisse");
    expect(nav === "Ergebnisse", nav);
    const h = await wd.text(await wd.find("main h1"));
    expect(h === "Notizen und Entscheidungen", `heading ${h}`);
    const badge = await wd.text(await wd.find("#verification-text"));
    expect(badge === `Geprüft: ${EXPECT_EVENTS + 1} Ereignisse`, badge);
    await shot("notes-de");
  });

  await check("the language switches to Danish", async () => {
    await wd.click(await wd.find("#lang-da"));
    const nav = await wd.textOf("#nav-scores", (t) => t === "Resultater");
    expect(nav === "Resultater", nav);
    await screen("tournament");
    const roles = await Promise.all((await wd.findAll("#keys-table .key-role")).map((e) => wd.text(e)));
    expect(roles.includes("Appelkomité") && roles.includes("Chefturneringsleder"), roles.join(", "));
    await shot("tournament-da");
    await wd.click(await wd.find("#lang-en"));
    await wd.textOf("#nav-scores", (t) => t === "Scores");
  });

  await check("Alt+3 opens the Scores screen with the ranking", async () => {
    await wd.keys([ALT, "3"]);
    await wd.until("scores screen", async () => (await wd.attr(await wd.find("main"), "data-screen")) === "scores");
    const rows = await wd.until("ranking rows", async () => {
      const r = await wd.findAll("#ranking-table tbody tr");
      return r.length > 0 ? r : null;
    });
    const place = await wd.text(await wd.find("#ranking-table tbody tr td"));
    expect(place === "1", `first ranking place: ${place}`);
    await shot("scores");
  });

  await check("the audit timeline of a board lists the signed events behind its results", async () => {
    const board = await wd.textOf("#results-table tbody tr td");
    const input = await wd.find("#audit-board");
    expect((await wd.attr(input, "value")) === board || (await wd.script("return arguments[0].value", [elementRef(input)])) === board,
      `the audit starts on board ${board}`);
    await wd.click(await wd.find("#audit-show"));
    const items = await wd.until("timeline", async () => {
      const r = await wd.findAll("ol.timeline li");
      return r.length > 0 ? r : null;
    });
    const first = await wd.text(items[0]);
    expect(first.includes("Sofie Lund") && first.includes("Scorer"), `first audit entry: ${first}`);
    const heading = await wd.text(await wd.find("#audit-h + form + h3"));
    expect(heading.includes(`board ${board}`), `audit heading: ${heading}`);
    await wd.script("document.getElementById('audit-h').scrollIntoView()");
    await shot("scores-audit");
  });

  await check("a bad path gets a clear error in the chosen language, and the open log stays", async () => {
    await wd.click(await wd.find("#lang-de"));
    await screen("start");
    await wd.type(await wd.find("#open-path"), "/nonexistent/club.tdlog");
    await wd.click(await wd.find("#open-submit"));
    const title = await wd.textOf("#error-banner strong");
    expect(title === "Die Datei existiert nicht.", `error title: ${title}`);
    const detail = await wd.text(await wd.find("#error-banner .detail"));
    expect(detail.includes("/nonexistent/club.tdlog"), `error detail: ${detail}`);
    const badge = await wd.text(await wd.find("#verification-text"));
    expect(badge === `Geprüft: ${EXPECT_EVENTS + 1} Ereignisse`, badge);
    await shot("start-error-de");
    await wd.click(await wd.find("#lang-en"));
  });
}

try {
  await main();
} catch (e) {
  failed += 1;
  console.log(`FAILED - could not run the end-to-end test: ${e.message}`);
} finally {
  try { await wd.quit(); } catch { /* already gone */ }
}
console.log(`screenshots: ${shots.join(" ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
