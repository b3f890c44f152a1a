// End to end in the real webview: drives the built tdlog desktop app as a TD would.
// Run by tests/e2e/run.sh (which starts Xvfb and tauri-driver and prepares a temp data dir).
// Every step is one check; the last line is `N passed, N failed`.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { elementRef } from "./webdriver.mjs";
import { ALT, env as envOf, expect, run } from "./harness.mjs";

const env = (k) => envOf(k, "tests/e2e/run.sh");
const APP = env("TDLOG_APP");
const SHOTS = env("E2E_ARTIFACTS");
const EXPECT_EVENTS = Number(env("E2E_EXPECT_EVENTS"));
const EXPECT_KEYS = Number(env("E2E_EXPECT_KEYS"));
const FINGERPRINT = env("E2E_DEVICE_FINGERPRINT");
const COMMITTEE_KEY = env("E2E_COMMITTEE_KEY");
const IMPORT_KEY = env("E2E_IMPORT_KEY");
const EXPECT_DIGEST = env("E2E_EXPECT_DIGEST");
const LATE_LOG = env("E2E_LATE_LOG");
const OLD_DEMO = env("E2E_OLD_DEMO");

// Each check stands on its own: one failing does not skip the rest.
const t = run({ shotsDir: SHOTS, chained: false });
const { wd, shot, shotTop, check, choose } = t;

/** Which part of the navigation each screen is in (ui/src/lib/screens.ts). */
const GROUP_OF = {
  dashboard: "tournament", tournament: "tournament", board: "tables", rulings: "incidents", notes: "incidents",
  record: "incidents", appeals: "appeals", scores: "results", publish: "results", start: "settings",
};

/** Opens a screen through the menu (its group from the table above). */
const screen = (id) => t.screen(GROUP_OF[id], id);

/** In the appeal dossier: the adjustment assistant weighs 1NT= and 2NT-1 by S half and half
 * (Law 12C1(c)) and its "Use this weighted score" is pressed. */
async function useAssistantFiftyFifty() {
  await wd.script("const d = document.getElementById('appeal-assist'); d.open = true; d.dispatchEvent(new Event('toggle'))");
  await wd.until("the assistant in the dossier", async () => (await wd.findAll("#appeal-assist-contract-0")).length > 0, 60000);
  await choose("#appeal-assist-contract-0", "1NT=");
  await choose("#appeal-assist-declarer-0", "S");
  await choose("#appeal-assist-weight-0", "50");
  await choose("#appeal-assist-contract-1", "2NT-1");
  await choose("#appeal-assist-declarer-1", "S");
  await choose("#appeal-assist-weight-1", "50");
  await wd.textOf("#appeal-assist-weighted", (t) => t.includes("-2 IMP"));
  await wd.until("the use button", async () => wd.script("return !document.querySelector('#appeal-assist-use').disabled"));
  await wd.click(await wd.find("#appeal-assist-use"));
}

/** The engine's own message under an error (folded away as the technical detail). */
async function errorDetail() {
  return wd.script("const d = document.querySelector('#error-detail'); return d ? d.textContent : ''");
}

/** The elements matching `css` whose text wraps: their content box (without padding) is
 * taller than `lines` lines and a half. Returns their ids or texts (empty: nothing wraps). */
async function oneLine(css, lines = 1) {
  return wd.script(
    "return [...document.querySelectorAll(arguments[0])].filter((e) => {" +
      " const cs = getComputedStyle(e); const fs = parseFloat(cs.fontSize);" +
      " const lh = cs.lineHeight === 'normal' ? 1.25 * fs : parseFloat(cs.lineHeight);" +
      " const content = e.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);" +
      " return content > arguments[1] * lh * 1.5; }).map((e) => e.id || e.textContent.trim())",
    [css, lines],
  );
}

async function fill(css, text) {
  await wd.type(await wd.find(css), text);
}

/** The ranking as text, row by row (place, team, total). */
async function rankingText() {
  await screen("scores");
  return wd.until("ranking rows", async () => {
    const rows = await wd.findAll("#ranking-table tbody tr");
    if (!rows.length) return null;
    return (await Promise.all(rows.map((r) => wd.text(r)))).join("\n");
  });
}

/** Chooses the key that signs, on the Start screen, and waits for the role it holds. */
async function signAs(name, role) {
  await screen("start");
  await choose("#sign-as", name);
  await screen("appeals");
  await wd.textOf("#signing-as", (t) => t.endsWith(`${role}.`));
}

const verifiedCount = async () => {
  const m = /^Verified: (\d+) events$/.exec(await wd.text(await wd.find("#verification-text")));
  return m ? Number(m[1]) : -1;
};

/** Clicks a form's save button and waits until the log holds `added` more verified events
 * (the step was signed, stored and the log re-verified; a publication signs two: itself and
 * its tree head, RFC 9162), or fails with the error shown. */
async function save(css, what, added = 1) {
  const before = await verifiedCount();
  await wd.click(await wd.find(css));
  await wd.until(`${what} signed`, async () => {
    const banner = await wd.findAll("#error-banner");
    if (banner.length) throw new Error(`${what} refused: ${await wd.text(banner[0])}`);
    return (await verifiedCount()) === before + added;
  }, 30000);
}

/** The score the dashboard shows on board 11's chip at round 1, table 5 (an adjusted score
 * only; empty otherwise). */
async function dashScore() {
  await screen("dashboard");
  return wd.until("board 11 at table 5 on the dashboard", async () => {
    const chip = await wd.findAll(".dash-cell[data-round='1'][data-table='5'] .chip[data-board='11']");
    // An array, so that an empty score (no adjusted score) still ends the wait.
    return chip.length ? wd.script("const s = document.querySelector(\".dash-cell[data-round='1'][data-table='5'] .chip[data-board='11'] .chip-score\"); return [s ? s.textContent : '']") : null;
  }).then(([text]) => text);
}

const NOTE = "Director called at table 5: break in tempo before 4S; players to call me back after play.";

async function main() {
  await wd.until("tauri-driver", () => fetch(`${wd.url}/status`).then((r) => r.ok), 30000);
  await wd.start(APP);

  await check("the demo tournament opens on first start, on the dashboard", async () => {
    // The demo is open once the dashboard shows its tables (the window starts on the
    // dashboard before the log is open).
    await wd.until("the dashboard of the demo", async () => (await wd.findAll(".dash-grid .dash-cell")).length > 0, 60000);
    await shotTop("dashboard-start");
    await screen("tournament");
    const name = await wd.textOf("#tournament-name", (t) => t.includes("Demo Club Pairs"), 60000);
    expect(name.startsWith("Demo Club Pairs"), `name was ${name}`);
    // The webview keeps the language in localStorage, shared with other runs of the app on
    // this machine: start in English whatever the last run left.
    await wd.click(await wd.find("#lang-en"));
    await wd.textOf("#nav-group-results", (t) => t === "Results");
    await shot("tournament");
  });

  await check(`the Tournament screen shows the head digest tdlog verify prints (${EXPECT_DIGEST})`, async () => {
    const d = await wd.textOf("#head-digest");
    expect(d === EXPECT_DIGEST, `the screen shows ${d}, tdlog verify --json says ${EXPECT_DIGEST}`);
    const hint = await wd.text(await wd.find("#digest-hint"));
    expect(hint.includes("tdlog verify --expect"), `hint: ${hint}`);
    const none = await wd.text(await wd.find("#time-none"));
    expect(none === "No late arrivals, no future-dated events.", `signed time: ${none}`);
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

  await check("the device's key shows its short code and an enrolment QR code (issue 13), EN and DE", async () => {
    const code = await wd.textOf("#device-short-code");
    const hex = FINGERPRINT.replace(/\s/g, "").toLowerCase();
    expect(code === `${hex.slice(0, 4)}-${hex.slice(4, 8)}`, `short code ${code}`);
    // The QR code is the shell's SVG: 37 x 37 modules plus the quiet zone, drawn as one path.
    const svg = await wd.script("const s = document.querySelector('#device-qr svg'); return s ? s.outerHTML.length : 0");
    expect(svg > 1000, `QR svg of ${svg} characters`);
    await wd.script("document.getElementById('device-key').scrollIntoView({ block: 'start' })");
    await shot("settings-qr");
    await wd.click(await wd.find("#lang-de"));
    const hint = await wd.textOf("#device-qr figcaption", (t) => t.startsWith("Diesen Code"));
    expect(hint.startsWith("Diesen Code"), hint);
    await wd.script("document.getElementById('device-key').scrollIntoView({ block: 'start' })");
    await shot("settings-qr-de");
    await wd.click(await wd.find("#lang-en"));
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
    const nav = await wd.textOf("#nav-group-results", (t) => t === "Ergebnisse");
    expect(nav === "Ergebnisse", nav);
    const h = await wd.text(await wd.find("main h1"));
    expect(h === "Notizen und Entscheidungen", `heading ${h}`);
    const badge = await wd.text(await wd.find("#verification-text"));
    expect(badge === `Geprüft: ${EXPECT_EVENTS + 1} Ereignisse`, badge);
    await shot("notes-de");
  });

  await check("the language switches to Danish", async () => {
    await wd.click(await wd.find("#lang-da"));
    const nav = await wd.textOf("#nav-group-results", (t) => t === "Resultater");
    expect(nav === "Resultater", nav);
    await screen("tournament");
    const roles = await Promise.all((await wd.findAll("#keys-table .key-role")).map((e) => wd.text(e)));
    expect(roles.includes("Appelkomité") && roles.includes("Chefturneringsleder"), roles.join(", "));
    await shot("tournament-da");
    await wd.click(await wd.find("#lang-en"));
    await wd.textOf("#nav-group-results", (t) => t === "Results");
  });

  await check("the Tournament screen in German: the head digest with its hint", async () => {
    await wd.click(await wd.find("#lang-de"));
    await screen("tournament");
    const label = await wd.textOf("#digest-label", (t) => t === "Prüfcode des Protokolls");
    expect(label === "Prüfcode des Protokolls", label);
    const hint = await wd.text(await wd.find("#digest-hint"));
    expect(hint.startsWith("Notieren oder einer zweiten Person laut vorlesen"), hint);
    await shotTop("tournament-de");
    await wd.click(await wd.find("#lang-en"));
    await wd.textOf("#nav-group-results", (t) => t === "Results");
  });

  await check("Alt+5 (Results) opens result entry; its Scores tab shows the ranking", async () => {
    await wd.keys([ALT, "5"]);
    await wd.until("result entry", async () => (await wd.attr(await wd.find("main"), "data-screen")) === "travellers");
    await wd.click(await wd.find("#nav-scores"));
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
    const detail = await errorDetail();
    expect(detail.includes("/nonexistent/club.tdlog"), `error detail: ${detail}`);
    const badge = await wd.text(await wd.find("#verification-text"));
    expect(badge === `Geprüft: ${EXPECT_EVENTS + 1} Ereignisse`, badge);
    await shot("start-error-de");
    await wd.click(await wd.find("#lang-en"));
  });

  await check("Alt+2 (Tables) opens the Board: hand diagram and auction box of board 11 at table 5", async () => {
    await wd.keys([ALT, "2"]);
    await wd.until("board screen", async () => (await wd.attr(await wd.find("main"), "data-screen")) === "board");
    await fill("#board-round", "1");
    await fill("#board-table", "5");
    await fill("#board-board", "11");
    await wd.click(await wd.find("#board-show"));
    const facts = await wd.textOf("#board-facts");
    expect(facts.startsWith("Dealer South"), `board facts: ${facts}`);
    const hands = await wd.findAll("#hand-diagram .hand .card");
    expect(hands.length === 52, `${hands.length} cards in the diagram`);
    const none = await wd.textOf("#no-irregularity");
    expect(none.length > 0, "no irregularity line");
  });

  await check("an insufficient bid is recorded and flagged with Law 27, its options and who chooses", async () => {
    await choose("#call-seat", "S");
    await fill("#call-call", "1NT");
    await save("#call-save", "South's 1NT");
    await choose("#call-seat", "W");
    await fill("#call-call", "1S");
    await save("#call-save", "West's 1S");
    const title = await wd.textOf(".irregularity[data-law='27'] .irr-title");
    expect(title.includes("Law 27") && title.includes("Insufficient bid") && title.includes("West"), `title: ${title}`);
    const pending = await wd.attr(await wd.find(".irregularity[data-law='27']"), "data-pending");
    expect(pending === "true", `pending: ${pending}`);
    const branches = await Promise.all((await wd.findAll(".irregularity .option")).map((o) => wd.attr(o, "data-branch")));
    expect(["27A1", "27B1a", "27B1b", "27B2"].every((b) => branches.includes(b)), branches.join(", "));
    const b2 = await wd.text(await wd.find(".option[data-branch='27B2']"));
    expect(b2.includes("Partner must pass"), `27B2 consequences: ${b2}`);
    await shotTop("board");
    await wd.script("document.getElementById('incident-h').scrollIntoView({ block: 'start' })");
    await wd.until("scrolled to the incident", async () => (await wd.script("return window.scrollY")) > 0);
    await shot("incident");
  });

  await check("the TD rules 27B1(a); West's 2S stands and 1S is struck through with its branch", async () => {
    await fill("#rule-reason", "2S is the lowest sufficient bid in the same denomination.");
    await save(".rule-branch[data-branch='27B1a']", "the 27B1a ruling");
    await choose("#call-seat", "W");
    await fill("#call-call", "2S");
    await save("#call-save", "West's 2S");
    const settled = await wd.until("settled", async () =>
      (await wd.attr(await wd.find(".irregularity[data-law='27']"), "data-pending")) === "false");
    expect(settled, "still pending");
    const cancelled = await wd.text(await wd.find("#auction-box .call.cancelled"));
    expect(cancelled === "1♠", `cancelled call: ${cancelled}`);
    const tag = await wd.text(await wd.find("#auction-box .law-tag"));
    expect(tag === "Law 27B1a", tag);
    const calls = await Promise.all((await wd.findAll("#auction-box .call")).map((c) => wd.text(c)));
    expect(calls.join(" ") === "1NT 1♠ 2♠", calls.join(" "));
    await shotTop("board-ruled");
  });

  await check("after the auction the TD records the play card by card; a lead out of turn waits for declarer's choice (Law 53A)", async () => {
    for (const seat of ["N", "E", "S"]) {
      await choose("#call-seat", seat);
      await fill("#call-call", "Pass");
      await save("#call-save", `${seat}'s pass`);
    }
    const facts = await wd.textOf("#board-facts", (t) => t.includes("2♠") || t.includes("2S"));
    expect(facts.includes("West"), `contract: ${facts}`);
    // North is on lead; South (a defender) leads instead: recorded, and the play waits.
    const led = await wd.attr(await wd.find(".hand.south button.card.playable"), "data-card");
    await save(`.hand.south button[data-card='${led}']`, `South's lead of ${led} out of turn`);
    const due = await wd.textOf("#play-choice");
    // An opening lead faced by the wrong defender: Law 54 names the offender and the chooser.
    expect(due.includes("Law 54") && due.includes("South is the offender"), `choice due: ${due}`);
    const choices = await Promise.all((await wd.findAll("#play-choice input[data-choice]")).map((c) => wd.attr(c, "data-choice")));
    expect(choices.join(" ") === "accept spread refuse", choices.join(" "));
    await wd.click(await wd.find("#play-choice input[data-choice='accept']"));
    await save("#choice-save", "declarer accepting the lead (Law 53A)");
    expect((await wd.findAll("#play-choice")).length === 0, "the choice is still offered");
    // Declarer (West), North and dummy (East) follow, in suit when they can.
    for (const seat of ["west", "north", "east"]) {
      const same = await wd.findAll(`.hand.${seat} button.card.playable[data-card^='${led[0]}']`);
      const card = await wd.attr(same.length ? same[0] : await wd.find(`.hand.${seat} button.card.playable`), "data-card");
      await save(`.hand.${seat} button[data-card='${card}']`, `${seat}'s ${card}`);
    }
    const trick = await wd.textOf("#tricks .trick[data-trick='1']", (t) => t.includes("won by"));
    expect(trick.startsWith("Trick 1: South"), `trick 1: ${trick}`);
    const played = await wd.findAll("#hand-diagram .card.played");
    expect(played.length === 4, `${played.length} cards struck through`);
    await wd.script("document.getElementById('deal-h').scrollIntoView({ block: 'start' })");
    await shot("board-play");
  });

  await check("D1: an empty board opens and its first call is recorded, the dealer first, the seat advancing (Laws 2, 17)", async () => {
    await choose("#board-round", "5");
    await choose("#board-table", "8");
    await choose("#board-board", "9");
    await wd.click(await wd.find("#board-show"));
    await wd.textOf("#board-empty");
    const facts = await wd.textOf("#board-facts");
    expect(facts.startsWith("Dealer North") && facts.includes("East-West"), `board facts: ${facts}`);
    expect((await wd.script("return document.querySelector('#call-seat').value")) === "N", "the dealer is not preselected");
    await fill("#call-call", "1C");
    await save("#call-save", "North's 1C, the first call of the board");
    await wd.textOf("#board-turn", (t) => t.includes("East"));
    await wd.until("East preselected", async () => (await wd.script("return document.querySelector('#call-seat').value")) === "E");
    const calls = await Promise.all((await wd.findAll("#auction-box .call")).map((c) => wd.text(c)));
    expect(calls.join(" ") === "1♣", calls.join(" "));
    // Every disabled button says why, next to it and as its tooltip.
    expect(await wd.script("return document.querySelector('#call-save').disabled"), "Record the call is enabled with no call typed");
    const why = await wd.textOf("#call-save-why");
    expect(why === "Fill in: Call.", `why: ${why}`);
    const title = await wd.attr(await wd.find("#call-save"), "title");
    expect(title === why, `tooltip: ${title}`);
    await shotTop("board-empty-first-call");
  });

  await check("D2/D4/D6: a bad call reads as a sentence in the UI's language; the error goes when the screen changes", async () => {
    await fill("#call-call", "9Z");
    await wd.click(await wd.find("#call-save"));
    const title = await wd.textOf("#error-banner strong");
    expect(title.startsWith('"9Z" is not a call'), `error title: ${title}`);
    const visible = await wd.text(await wd.find("#error-banner"));
    expect(!/BadStrain|\{|payload|Rust/.test(visible), `error banner: ${visible}`);
    await shotTop("board-bad-call");
    await choose("#call-call", "");
    await screen("rulings");
    expect((await wd.findAll("#error-banner")).length === 0, "the error stayed on another screen");
    await screen("board");
  });

  await check("D3: a ruling typed halfway keeps its draft across screens", async () => {
    await screen("rulings");
    await fill("#ruling-facts", "Draft: North hesitated before passing.");
    await screen("scores");
    await screen("rulings");
    const kept = await wd.script("return document.querySelector('#ruling-facts').value");
    expect(kept === "Draft: North hesitated before passing.", `draft: ${kept}`);
    await choose("#ruling-facts", "");
    await screen("record");
    await fill("#note-text", "Draft note");
    await screen("notes");
    await screen("record");
    const note = await wd.script("return document.querySelector('#note-text').value");
    expect(note === "Draft note", `note draft: ${note}`);
    await choose("#note-text", "");
  });

  for (const [lang, vul, dealer] of [["de", "Ost-West", "Nord"], ["da", "Øst-Vest", "Nord"]]) {
    await check(`D5/D8/D10 in ${lang}: the board speaks ${lang}, the hand diagram and the menu stay on one line at 1280 px`, async () => {
      await wd.click(await wd.find(`#lang-${lang}`));
      try {
      await screen("board");
      const facts = await wd.textOf("#board-facts", (t) => t.includes(vul));
      expect(facts.includes(dealer) && !facts.includes("None"), `board facts: ${facts}`);
      const navTops = await wd.script("return [...document.querySelectorAll('header nav button')].map((b) => b.offsetTop)");
      expect(new Set(navTops).size === 1, `the menu wraps: ${navTops.join(",")}`);
      const wrapped = await oneLine("nav button");
      expect(wrapped.length === 0, `menu entries on two lines: ${wrapped.join(", ")}`);
      // The call box shows its whole placeholder.
      const fits = await wd.script("const i = document.querySelector('#call-call'); const c = document.createElement('canvas').getContext('2d'); c.font = getComputedStyle(i).font; return c.measureText(i.placeholder).width <= i.clientWidth;");
      expect(fits, "the call placeholder is cut off");
      const why = await wd.textOf("#call-save-why");
      expect(why.length > 0 && !why.startsWith("Fill in"), `the disabled button's reason in ${lang}: ${why}`);
      await shotTop(`board-${lang}`);
      } finally {
        await wd.click(await wd.find("#lang-en"));
      }
    });
  }

  await check("D8: with a contract, no suit of the hand diagram wraps onto a second line", async () => {
    await screen("board");
    await choose("#board-round", "1");
    await choose("#board-table", "5");
    await choose("#board-board", "11");
    await wd.click(await wd.find("#board-show"));
    await wd.until("the play", async () => (await wd.findAll("#hand-diagram button.card.playable")).length > 0);
    const wrapped = await oneLine("#hand-diagram .suit", 1.3);
    expect(wrapped.length === 0, `suits on two lines: ${wrapped.join(" | ")}`);
  });

  await check("Laws 68-70 on board 11 at table 5: declarer claims after trick 1, the defenders contest, the TD rules the tricks", async () => {
    // The board of the Law 27 incident (2S by West, one trick played): the same board gets
    // the claim, the ruling and the appeal.
    await screen("board");
    await wd.textOf("#board-facts", (t) => t.includes("2♠") || t.includes("2S"));
    const why = await wd.textOf("#claim-save-why");
    expect(why === "Fill in: Claimed by.", `why the claim cannot be signed yet: ${why}`);
    await choose("#claim-seat", "W");
    await choose("#claim-tricks", "9");
    await save("#claim-save", "West's claim of 9 of the 12 tricks left");
    await wd.textOf("#claim-status", (t) => t.includes("contested"));
    await choose("#claim-ruled", "7");
    await choose("#claim-reason", "a club loser was not accounted for");
    await save("#claim-rule-save", "the Law 70 ruling");
    const st = await wd.textOf("#claim-status", (t) => t.includes("ruled"));
    expect(st.includes("7 tricks") && st.includes("Law 70"), `claim: ${st}`);
    await wd.script("document.getElementById('acts-h').scrollIntoView({ block: 'start' })");
    await shot("board-claim-ruled");
  });

  await check("the dashboard: the movement as rounds x tables, a table's state, arrow keys, a cell opens its board", async () => {
    await screen("dashboard");
    const cells = await wd.until("grid cells", async () => {
      const c = await wd.findAll(".dash-grid .dash-cell");
      return c.length ? c : null;
    });
    expect(cells.length >= 2, `${cells.length} cells`);
    // Table 5 of round 1 holds the board just played and its Law 27 incident.
    const t5 = await wd.find(".dash-cell[data-round='1'][data-table='5']");
    const state = await wd.attr(t5, "data-state");
    expect(["in_play", "incident_open", "completed", "ruling_given"].includes(state), `table 5: ${state}`);
    await shotTop("dashboard");
    // Keyboard: focus the first cell, move right, Enter opens that table's board.
    // Tables are rows, rounds columns: ArrowDown goes to the next table of the same round.
    const [from, to] = await wd.script(
      "const cols = document.querySelectorAll('.dash-grid thead th').length - 1;" +
        "const b = [...document.querySelectorAll('.dash-grid .dash-cell')].find((x) => document.querySelector(`.dash-grid .dash-cell[data-index='${Number(x.dataset.index) + cols}']`));" +
        "b.focus(); return [Number(b.dataset.index), Number(b.dataset.index) + cols];",
    );
    await wd.keys(["\uE015"]); // ArrowDown
    const active = await wd.script("return document.activeElement.dataset.index");
    expect(active === String(to), `focus moved from ${from} to ${active}, not ${to}`);
    const table = await wd.script("return document.activeElement.dataset.table");
    await wd.keys(["\uE007"]); // Enter
    await wd.until("board screen", async () => (await wd.attr(await wd.find("main"), "data-screen")) === "board");
    const shownTable = await wd.script("return document.querySelector('#board-table').value");
    expect(shownTable === table, `the board of table ${shownTable}, not ${table}`);
    await wd.textOf("#board-facts");
  });

  for (const lang of ["de", "da"]) {
    await check(`the dashboard in ${lang}: menu on one line, states in ${lang}`, async () => {
      await wd.click(await wd.find(`#lang-${lang}`));
      await screen("dashboard");
      const st = await wd.textOf(".dash-cell .state");
      expect(!/not started|in play|completed|incident open/.test(st), `state: ${st}`);
      const tops = await wd.script("return [...document.querySelectorAll('header nav button')].map((b) => b.offsetTop)");
      expect(new Set(tops).size === 1, `the menu wraps: ${tops.join(",")}`);
      await shotTop(`dashboard-${lang}`);
      await wd.click(await wd.find("#lang-en"));
    });
  }

  await check("Ctrl + zooms every screen, Ctrl 0 resets", async () => {
    const size = () => wd.script("return getComputedStyle(document.documentElement).fontSize");
    await wd.keys(["\uE009", "="]);
    await wd.until("zoomed", async () => (await size()) === "16.5px");
    await wd.keys(["\uE009", "0"]);
    await wd.until("reset", async () => (await size()) === "15px");
  });

  let ranking0 = "";
  let ranking1 = "";
  await check("Alt+3 (Incidents and rulings) opens Rulings; a TD rules on an insufficient bid with a 60/40 artificial score", async () => {
    ranking0 = await rankingText();
    expect((await dashScore()) === "", "board 11 at table 5 shows an adjusted score before any ruling");
    // From the irregularity on the Board screen straight to the ruling, prefilled.
    await screen("board");
    await choose("#board-round", "1");
    await choose("#board-table", "5");
    await choose("#board-board", "11");
    await wd.click(await wd.find("#board-show"));
    const toRuling = await wd.until("the Law 27 irregularity", async () => (await wd.findAll(".irregularity[data-law='27'] .to-ruling"))[0] ?? null);
    await wd.click(toRuling);
    await wd.until("rulings screen", async () => (await wd.attr(await wd.find("main"), "data-screen")) === "rulings");
    await wd.textOf("#ruling-prefilled");
    const value = (id) => wd.script(`return document.querySelector('#${id}').value`);
    const where = [await value("ruling-round"), await value("ruling-table"), await value("ruling-board")].join("/");
    expect(where === "1/5/11", `round/table/board prefilled: ${where}`);
    await wd.until("contestants", async () => (await value("ruling-ns")) === "CROATIA");
    const pre = { ew: await value("ruling-ew"), offender: await value("ruling-offender"), laws: await value("ruling-laws"), chosen: await value("ruling-chosen"), options: await value("ruling-options") };
    expect(pre.ew === "SWEDEN" && pre.offender === "SWEDEN", `sides: ${JSON.stringify(pre)}`);
    expect(pre.laws === "27B1(a)" && pre.chosen.startsWith("27B1(a): ") && pre.options.includes("27A1: "), `law and branch: ${JSON.stringify(pre)}`);
    const why = await wd.textOf("#ruling-save-why");
    expect(why === "Fill in: Ruling as stated at the table.", `why: ${why}`);
    await choose("#ruling-facts", "West bid 1S over North's 1NT (insufficient, Law 27). Not accepted by North; West replaced it with 2S, then East passed.");
    await choose("#ruling-chosen-by", "West");
    await fill("#ruling-laws", ", 12C2");
    await choose("#ruling-category", "judgement");
    await fill("#ruling-decision", "2S replaced 1S; East's pass was damaged by the information: artificial adjusted score");
    await choose("#ruling-adj-kind", "artificial");
    await wd.until("preset", async () => (await wd.findAll("#ruling-adj-preset")).length > 0);
    await choose("#ruling-adj-preset", "60/40");
    await shot("rulings");
    await save("#ruling-save", "the ruling");
    const first = await wd.textOf("#rulings-list .ruling-item .meta", (t) => t.includes("27B1(a)"));
    expect(first.includes("Jens Hansen") && first.includes("CROATIA"), `ruling meta: ${first}`);
    const adj = await wd.text(await wd.find("#rulings-list .ruling-item .ruling-adj"));
    expect(adj === "Average plus / Average minus", `adjusted score: ${adj}`);
    const chosen = await wd.text(await wd.find("#rulings-list .ruling-item .ruling-chosen"));
    expect(chosen.includes("27B1(a)") && chosen.includes("West"), `option chosen: ${chosen}`);
    await fill("#rulings-filter", "sweden");
    expect((await wd.findAll("#rulings-list .ruling-item")).length === 1, "the filter hides the ruling");
    await choose("#rulings-category", "law");
    await wd.until("filtered out", async () => (await wd.findAll("#rulings-list .ruling-item")).length === 0);
    await choose("#rulings-category", "all");
    await shotTop("rulings-saved");
  });

  await check("the dashboard shows the adjusted score on board 11 at table 5: +3 IMPs to N-S (Law 12C2, average plus)", async () => {
    const s = await dashScore();
    expect(s === "+3 IMP", `board 11's chip shows ${JSON.stringify(s)}`);
    const title = await wd.attr(await wd.find(".dash-cell[data-round='1'][data-table='5'] .chip[data-board='11']"), "title");
    expect(title === "Board 11, N-S: +3 IMP (adjusted score)", `tooltip: ${title}`);
    await shotTop("dashboard-ruled");
    await screen("rulings");
  });

  await check("the director activity filters by board, table, round, role and law (the engine's RulingFilter)", async () => {
    await fill("#act-board", "11");
    await fill("#act-table", "5");
    await fill("#act-round", "1");
    await fill("#act-law", "27");
    const kinds = await wd.until("filtered activity", async () => {
      const rows = await wd.findAll("#activity-table .activity-row");
      const k = await Promise.all(rows.map((r) => wd.attr(r, "data-kind")));
      return k.length && k.every((x) => x === "bridge.ruling") ? k : null;
    });
    expect(kinds.length === 1, `rows: ${kinds.join(", ")}`);
    const row = await wd.text(await wd.find("#activity-table .activity-row"));
    expect(row.includes("27B1a") && row.includes("Jens Hansen") && row.toLowerCase().includes("director"), `row: ${row}`);
    await wd.script("document.getElementById('activity-filters').scrollIntoView({ block: 'start' })");
    await shot("rulings-activity");
    await choose("#act-role", "scorer");
    await wd.textOf("#activity-empty");
    await fill("#act-board", "x");
    await wd.textOf("#activity-error");
  });

  await check("the adjustment assistant (Law 12C1) on the Rulings screen: DD table, par, field and a weighted score's IMPs, in English and German", async () => {
    await screen("rulings");
    await choose("#ruling-round", "1");
    await choose("#ruling-table", "5");
    await choose("#ruling-board", "11");
    await wd.script("const d = document.getElementById('ruling-assist'); d.open = true; d.dispatchEvent(new Event('toggle')); d.scrollIntoView({ block: 'start' })");
    const pbn = await wd.until("the double-dummy table", async () => {
      const t = await wd.findAll("#ruling-assist-dd");
      return t.length ? wd.attr(t[0], "data-pbn") : null;
    }, 60000);
    expect(pbn === "77667775576677566775", `DD table of board 11: ${pbn}`);
    // 1NT= by S (+90) against SWEDEN's +90 at the other table: 0 IMP; 2NT-1 (-50): -140, -4 IMP.
    await choose("#ruling-assist-contract-0", "1NT=");
    await choose("#ruling-assist-declarer-0", "S");
    await choose("#ruling-assist-weight-0", "50");
    await choose("#ruling-assist-contract-1", "2NT-1");
    await choose("#ruling-assist-declarer-1", "S");
    await choose("#ruling-assist-weight-1", "50");
    const weighted = await wd.textOf("#ruling-assist-weighted", (t) => t.includes("IMP"));
    expect(weighted.includes("N-S -2 IMP") || weighted.includes("-2 IMP"), `weighted: ${weighted}`);
    const rows = await wd.findAll("#ruling-assist-outcomes tr.outcome-row");
    const second = await wd.text(rows[1]);
    expect(second.includes("-50") && second.includes("-4 IMP"), `2NT-1: ${second}`);
    const par = await wd.text(await wd.find("#ruling-assist-par"));
    expect(par.includes("+90"), `par: ${par}`);
    await wd.script("document.getElementById('ruling-assist').scrollIntoView({ block: 'start' })");
    await shot("adjust-assistant");
    await wd.click(await wd.find("#lang-de"));
    await wd.textOf("#ruling-assist-title", (t) => t.includes("§ 12 C 1"));
    await wd.textOf("#ruling-assist-weighted", (t) => t.includes("Gewichtetes Ergebnis") && t.includes("-2 IMP"));
    await wd.script("document.getElementById('ruling-assist').scrollIntoView({ block: 'start' })");
    await shot("adjust-assistant-de");
    await wd.click(await wd.find("#lang-en"));
    await wd.script("const d = document.getElementById('ruling-assist'); d.open = false; d.dispatchEvent(new Event('toggle'))");
  });

  await check("Law 12C1(c): the TD signs the assistant's weighted score, E-W weighted differently, on board 13 at table 3; the board shows it (English and German)", async () => {
    await screen("rulings");
    await choose("#ruling-round", "1");
    await choose("#ruling-table", "3");
    await choose("#ruling-board", "13");
    const value = (id) => wd.script(`return document.querySelector('#${id}').value`);
    await wd.until("contestants", async () => (await value("ruling-ns")) !== "" && (await value("ruling-ew")) !== "");
    await choose("#ruling-facts", "E-W explained 2D as natural; by agreement it was a weak two in a major (Law 21B3). N-S would have bid 3NT.");
    await choose("#ruling-laws", "21B3");
    await choose("#ruling-category", "judgement");
    await choose("#ruling-decision", "Misinformation: weighted adjusted score, the doubt resolved in favour of the non-offending side");
    await wd.script("const d = document.getElementById('ruling-assist'); d.open = true; d.dispatchEvent(new Event('toggle')); d.scrollIntoView({ block: 'start' })");
    const pbn = await wd.until("the double-dummy table of board 13", async () => {
      const t = await wd.findAll("#ruling-assist-dd");
      const p = t.length ? await wd.attr(t[0], "data-pbn") : null;
      return p === "979a8979a84633546335" ? p : null;
    }, 60000);
    expect(pbn === "979a8979a84633546335", `DD table of board 13: ${pbn}`);
    // N-S (non-offending): 3NT by S made half the time. 3NT= +600 against 3D by N (+110) at
    // the other table: +10 IMP; 3NT-1 -100: -5 IMP; weighted +2.5 IMP.
    await choose("#ruling-assist-contract-0", "3NT=");
    await choose("#ruling-assist-declarer-0", "S");
    await choose("#ruling-assist-weight-0", "50");
    await choose("#ruling-assist-contract-1", "3NT-1");
    await choose("#ruling-assist-declarer-1", "S");
    await choose("#ruling-assist-weight-1", "50");
    await wd.textOf("#ruling-assist-weighted", (t) => t.includes("+2.5 IMP"));
    // E-W (offending) weighted differently: 80 % of 3NT made, -10 and +5 IMP: -7 IMP.
    await wd.click(await wd.find("#ruling-assist-split"));
    await wd.until("E-W's list", async () => (await wd.findAll("#ruling-assist-ew-contract-0")).length > 0);
    await choose("#ruling-assist-ew-contract-0", "3NT=");
    await choose("#ruling-assist-ew-declarer-0", "S");
    await choose("#ruling-assist-ew-weight-0", "80");
    await choose("#ruling-assist-ew-contract-1", "3NT-1");
    await choose("#ruling-assist-ew-declarer-1", "S");
    await choose("#ruling-assist-ew-weight-1", "20");
    const weighted = await wd.textOf("#ruling-assist-ew-weighted", (t) => t.includes("-7 IMP"));
    expect(weighted.includes("+2.5 IMP"), `weighted: ${weighted}`);
    const use = await wd.until("the use button", async () => {
      const b = await wd.find("#ruling-assist-use");
      return (await wd.script("return !document.querySelector('#ruling-assist-use').disabled")) ? b : null;
    });
    await wd.click(use);
    await wd.until("the weighted kind", async () => (await value("ruling-adj-kind")) === "weighted");
    const taken = await wd.textOf("#ruling-adj-weighted");
    expect(taken.includes("N-S 50 %: 3NT S, 9 + 50 %: 3NT S, 8") && taken.includes("E-W 80 %: 3NT S, 9 + 20 %: 3NT S, 8"), `taken: ${taken}`);
    const laws = await value("ruling-laws");
    expect(laws === "21B3, 12C1(c)", `laws: ${laws}`);
    const hint = await wd.textOf("#ruling-assist-use-hint");
    expect(hint === "Taken into the form: signed when it is saved.", `hint: ${hint}`);
    const shots2 = async (suffix) => {
      await wd.script("document.getElementById('ruling-decision').scrollIntoView({ block: 'start' })");
      await shot(`rulings-weighted${suffix}`);
      await wd.script("document.getElementById('ruling-assist-outcomes').scrollIntoView({ block: 'start' })");
      await shot(`adjust-assistant-split${suffix}`);
    };
    await shots2("");
    await wd.click(await wd.find("#lang-de"));
    try {
      await wd.textOf("#ruling-assist-ew-title", (t) => t.includes("Ost-West anders gewichtet"));
      await wd.textOf("#ruling-assist-ew-weighted", (t) => t.includes("Gewichtetes Ergebnis") && t.includes("-7 IMP"));
      await shots2("-de");
    } finally {
      await wd.click(await wd.find("#lang-en"));
    }
    await wd.textOf("#ruling-assist-ew-title", (t) => t.includes("E-W weighted differently"));
    await save("#ruling-save", "the weighted ruling");
    const adj = await wd.until("the weighted ruling listed", async () =>
      wd.script("const i = [...document.querySelectorAll('#rulings-list .ruling-item')].find((x) => x.querySelector('.meta').textContent.includes('21B3')); return i ? i.querySelector('.ruling-adj').textContent : null"));
    expect(adj.includes("N-S 50 %: 3NT S, 9") && adj.includes("E-W 80 %: 3NT S, 9"), `listed: ${adj}`);
    await wd.script("const d = document.getElementById('ruling-assist'); d.open = false; d.dispatchEvent(new Event('toggle'))");
    // The board: the traveller shows the weighted score at table 3, in the reader's language.
    await screen("board");
    await choose("#board-round", "1");
    await choose("#board-table", "3");
    await choose("#board-board", "13");
    await wd.click(await wd.find("#board-show"));
    const row = await wd.until("table 3 in the traveller", async () =>
      wd.script("const r = [...document.querySelectorAll('#traveller tbody tr')].find((x) => x.cells[1].textContent === '3'); return r && r.textContent.includes('12C1(c)') ? r.textContent : null"));
    expect(row.includes("weighted NS 50/100 of 3NT") && row.includes("EW 80/100 of 3NT"), `traveller: ${row}`);
    const toRow = "[...document.querySelectorAll('#traveller tbody tr')].find((x) => x.cells[1].textContent === '3').scrollIntoView({ block: 'center' })";
    await wd.script(toRow);
    await shot("board-weighted");
    await wd.click(await wd.find("#lang-de"));
    try {
      const de = await wd.until("the traveller in German", async () =>
        wd.script("const r = [...document.querySelectorAll('#traveller tbody tr')].find((x) => x.cells[1].textContent === '3'); return r && r.textContent.includes('gewichteter Score NS') ? r.textContent : null"));
      expect(de.includes("12 C 1 (c)") && de.includes("OW 80/100 von 3SA"), `traveller (de): ${de}`);
      await wd.script(toRow);
      await shot("board-weighted-de");
    } finally {
      await wd.click(await wd.find("#lang-en"));
    }
  });

  await check("the adjusted score changes the ranking", async () => {
    ranking1 = await rankingText();
    expect(ranking1 !== ranking0, "the ranking did not change after the 60/40 ruling");
  });

  await check("publishing results starts the Law 79C and 92B clocks, counting down live", async () => {
    await screen("publish");
    await wd.until("publish screen", async () => (await wd.attr(await wd.find("main"), "data-screen")) === "publish");
    await save("#publish-save", "publication and its signed tree head", 2);
    const rows = await wd.until("clocks", async () => {
      const r = await wd.findAll("#clocks-table .clock-row");
      return r.length >= 2 ? r : null;
    });
    const whats = await Promise.all(rows.map((r) => wd.attr(r, "data-what")));
    expect(whats.includes("correction_period") && whats.includes("appeal_period"), whats.join(", "));
    // The clock of this publication: the longest left (the demo's own periods may still run).
    const left = async () => Math.max(...(await Promise.all((await wd.findAll("#clocks-table .countdown")).map(async (c) => Number(await wd.attr(c, "data-left"))))));
    const a = await left();
    // 30 minutes from the signed time of the publication (never earlier than anything it
    // follows, so it may stand a few seconds ahead of this clock).
    expect(a > 1700 && a <= 1860, `${a} s left of 30 minutes`);
    await wd.until("the countdown ticks", async () => (await left()) < a, 5000);
    await shotTop("publish");
  });

  await check("the organiser's forms: the settings in force are shown; a TD's late-correction consent is refused (Law 79C2)", async () => {
    const minutes = await wd.script("return document.getElementById('set-correction').value");
    expect(minutes === "30", `correction period in the form: ${minutes}`);
    await fill("#cons-round", "1");
    await fill("#cons-table", "5");
    await fill("#cons-board", "11");
    await fill("#cons-reason", "scoring slip found after the period");
    const before = await verifiedCount();
    await wd.click(await wd.find("#consent-save"));
    const title = await wd.textOf("#error-banner strong");
    expect(title.length > 0, "no error shown");
    const detail = await errorDetail();
    expect(detail.includes("79C2") && detail.includes("organiser"), `detail: ${detail}`);
    expect((await verifiedCount()) === before, "nothing was written");
    await wd.click(await wd.find("#error-banner button"));
  });

  await check("the TD files Sweden's appeal with the captain's consent (Law 92D)", async () => {
    // From the ruling in the Rulings list straight to the appeal, prefilled.
    await screen("rulings");
    const item = await wd.until("the ruling on board 11", async () =>
      wd.script("const i = [...document.querySelectorAll('#rulings-list .ruling-item')].find((x) => x.querySelector('.meta').textContent.includes('27B1(a)')); return i ? i.dataset.id : null"));
    await wd.click(await wd.find(`.ruling-item[data-id='${item}'] .to-appeal`));
    await wd.until("appeals screen", async () => (await wd.attr(await wd.find("main"), "data-screen")) === "appeals");
    await wd.textOf("#file-prefilled");
    await wd.until("the ruling chosen", async () => (await wd.script("return document.querySelector('#file-ruling').value")) === item);
    const facts = await wd.textOf("#file-ruling-facts");
    expect(facts.includes("Board 11") && facts.includes("CROATIA – SWEDEN") && facts.includes("27B1(a)"), `the ruling carried over: ${facts}`);
    await wd.until("the appellant", async () => (await wd.script("return document.querySelector('#file-appellant').value")) === "SWEDEN");
    const why = await wd.textOf("#file-save-why");
    expect(why === "Fill in: Grounds.", `why: ${why}`);
    await fill("#file-grounds", "2S was not the only sufficient bid; East was not damaged.");
    // Law 92D as the engine applies it: Sweden's captain is recorded, so the form names the
    // rule and offers the captain to pick, not a free-text field.
    const rule = await wd.textOf("#file-consent-rule");
    expect(rule.includes("captain's consent: Ola Rimstedt"), `the rule shown: ${rule}`);
    await wd.click(await wd.find(`#file-consent-rule .consent-who[value="Ola Rimstedt"]`));
    await save("#file-save", "filing");
    const status = await wd.textOf("#dossier-status");
    expect(status === "filed", `status ${status}`);
    const consents = await wd.text(await wd.find("#dossier-consents"));
    expect(consents === "Ola Rimstedt", consents);
    const steps = (await wd.findAll("#route-form")).length;
    expect(steps === 0, "a TD key is offered the chief director's routing");
    await shotTop("appeals-filed");
  });

  await check("the chief director's key file is imported for sign-as; the app names its holder and role", async () => {
    await screen("start");
    await fill("#key-import-path", IMPORT_KEY);
    await wd.click(await wd.find("#key-import"));
    const said = await wd.textOf("#key-imported");
    expect(said.startsWith("Imported chief (") && said.includes("Chief director"), `import: ${said}`);
    const names = await Promise.all((await wd.findAll("#sign-as option")).map((o) => wd.attr(o, "value")));
    expect(names.includes("chief"), `sign-as offers: ${names.join(", ")}`);
    await shotTop("start-key-imported");
  });

  await check("a TD may not route: signing as the chief director routes to the committee", async () => {
    await signAs("chief", "Chief director");
    await wd.until("route form", async () => (await wd.findAll("#route-form")).length > 0);
    // A mixed appeal may be routed in parts (Law 93B1/B2): the form offers the whole appeal
    // (chosen) or either part.
    const parts = await wd.script("return [...document.querySelectorAll('#route-part option')].map((o) => o.value)");
    expect(parts.join(",") === ",law,judgement", `parts offered: ${parts.join(",")}`);
    expect((await wd.script("return document.querySelector('#route-part').value")) === "", "the whole appeal is not the default");
    await save("#route-save", "routing");
    await wd.textOf("#dossier-status", (t) => t === "with the appeals committee");
  });

  await check("the chief director convenes the committee (members, chair)", async () => {
    await wd.until("convene form", async () => (await wd.findAll("#convene-form")).length > 0);
    await wd.click(await wd.find(`.convene-member[value="${COMMITTEE_KEY}"]`));
    await choose("#convene-chair", COMMITTEE_KEY);
    await save("#convene-save", "convening");
    await wd.textOf("#dossier-status", (t) => t === "committee convened");
    const c = await wd.text(await wd.find("#dossier-committee"));
    expect(c === "Appeals committee member 1 (chair)", c);
    await shotTop("appeals-convened");
  });

  await check("the chief director records that the other side was told and the hearing: time, place, who attended", async () => {
    await wd.until("notify form", async () => (await wd.findAll("#notify-form")).length > 0);
    await fill("#notify-parties", "Croatia's captain");
    await fill("#notify-at", "2027-11-20 19:30");
    await fill("#notify-place", "Room B");
    await save("#notify-save", "the notification");
    await wd.until("hearing form", async () => (await wd.findAll("#hearing-form")).length > 0);
    await fill("#hearing-place", "Room B");
    await fill("#hearing-appellant", "Ola Rimstedt");
    await fill("#hearing-respondent", "Croatia's captain");
    await fill("#hearing-director", "Jens Hansen");
    await save("#hearing-save", "the hearing");
    const items = await wd.until("the procedure", async () => {
      const r = await wd.findAll("#dossier-procedure li");
      return r.length === 2 ? Promise.all(r.map((x) => wd.text(x))) : null;
    });
    expect(items[0].includes("Parties notified") && items[0].includes("Croatia's captain") && items[0].includes("Room B"), items[0]);
    expect(items[1].includes("Hearing") && items[1].includes("Ola Rimstedt (Appellant)") && items[1].includes("Jens Hansen (Director)"), items[1]);
  });

  await check("a refusal names the law: the chief director may not decide for the committee", async () => {
    await fill("#hear-by", "West");
    await fill("#hear-text", "I bid 2S because it was the lowest sufficient bid.");
    await save("#hear-save", "the statement");
    // The committee decides (Law 93B): the chief director is not offered the decision form,
    // and the engine refuses a decision sent anyway (as a stale window would), naming the law.
    expect((await wd.findAll("#decide-form")).length === 0, "the chief director is offered the committee's decision");
    const id = await wd.script("const a = document.querySelector('.appeal-item.active'); return a ? a.dataset.id : null");
    const err = await wd.script(`const i = window.__TAURI_INTERNALS__;
      const progress = '__CHANNEL__:' + i.transformCallback(() => {});
      const decided = { appeal: arguments[0], decision: 'upheld', laws: [], reasoning: 'chief TD tries to decide' };
      return i.invoke('appeal_decide', { decided, passphrase: null, progress }).then(() => 'signed', (e) => e.message || e.code)`,
    [id]).catch((e) => `script: ${e.message}`);
    expect(err.includes("Law 93B"), `the chief director's decision: ${err}`);
    await shotTop("appeals-refused");
  });

  await check("the committee changes the score to 50/50; the ranking changes", async () => {
    await signAs("committee1", "Appeals committee");
    await wd.until("decide form", async () => (await wd.findAll("#decide-form")).length > 0);
    // The assistant in the dossier hands its weighted score (Law 12C1(c)) to the committee's
    // decision: changed, weighted, 12C1(c) cited. The committee then settles on 50/50.
    const value = (id) => wd.script(`return document.querySelector('#${id}').value`);
    await choose("#decide-decision", "upheld");
    await useAssistantFiftyFifty();
    await wd.until("the decision changed to the weighted score", async () => (await value("decide-decision")) === "changed" && (await value("decide-adj-kind")) === "weighted");
    const taken = await wd.textOf("#decide-adj-weighted");
    expect(taken.includes("50 %: 1NT S, 7 + 50 %: 2NT S, 7"), `taken: ${taken}`);
    expect((await value("decide-laws")) === "12C1(c)", `laws: ${await value("decide-laws")}`);
    await wd.script("const d = document.getElementById('appeal-assist'); d.open = false; d.dispatchEvent(new Event('toggle'))");
    await wd.script("document.querySelector('#decide-laws').value = ''");
    await choose("#decide-adj-kind", "artificial");
    await choose("#decide-decision", "changed");
    await wd.until("adjust", async () => (await wd.findAll("#decide-adj-preset")).length > 0);
    await choose("#decide-adj-preset", "50/50");
    await fill("#decide-laws", "12C2, 93B2");
    await wd.script("document.querySelector('#decide-reasoning').value = ''");
    await fill("#decide-reasoning", "Both sides partly at fault: average to each.");
    await choose("#decide-deposit", "returned");
    await shot("appeals-decide");
    await save("#decide-save", "the decision");
    await wd.textOf("#dossier-status", (t) => t === "decided");
    const d = await wd.text(await wd.find("#dossier-decisions li"));
    expect(d.includes("Appeals committee member 1") && d.includes("Ruling changed"), d);
    await shotTop("appeals");
    const form = join(SHOTS, "appeal-form.pdf");
    await fill("#appeal-report-path", form);
    await wd.click(await wd.find("#appeal-report-save"));
    await wd.textOf("#appeal-report-saved", (t) => t.includes("appeal-form.pdf"));
    const pdf = readFileSync(form);
    expect(pdf.subarray(0, 5).toString() === "%PDF-", "the appeal form is not a PDF");
    await screen("publish");
    const book = join(SHOTS, "casebook.html");
    await choose("#casebook-format", "html");
    await fill("#casebook-path", book);
    await wd.click(await wd.find("#casebook-save"));
    await wd.textOf("#casebook-saved", (t) => t.includes("casebook.html"));
    const html = readFileSync(book, "utf8");
    expect(html.includes("SWEDEN") && html.includes("93B2"), "the casebook lacks the appeal");
    const ranking2 = await rankingText();
    expect(ranking2 !== ranking1, "the ranking did not change after the committee's decision");
  });

  await check("the hand records and the casebook statistics print from the Publish screen, in the app's language", async () => {
    await wd.click(await wd.find("#lang-de"));
    await screen("publish");
    await wd.textOf("#hands-save", (t) => t === "Austeilungen speichern");
    const file = join(SHOTS, "hand-records-de.pdf");
    await fill("#hands-path", file);
    await wd.click(await wd.find("#hands-save"));
    await wd.textOf("#hands-saved", (t) => t.includes("hand-records-de.pdf"));
    const text = execFileSync("pdftotext", ["-raw", file, "-"], { encoding: "utf8" });
    expect(text.includes("Austeilungen: ") && text.includes("Teiler: ") && text.includes("Par: "), text.slice(0, 400));
    const stats = join(SHOTS, "stats-de.html");
    await choose("#stats-format", "html");
    await fill("#stats-path", stats);
    await wd.click(await wd.find("#stats-save"));
    await wd.textOf("#stats-saved", (t) => t.includes("stats-de.html"));
    expect(readFileSync(stats, "utf8").includes("lang=\"de\""), "the statistics are not in German");
    await wd.script("document.querySelector('#hands-form').scrollIntoView({ block: 'center' })");
    await shot("publish-reports-de");
    await wd.click(await wd.find("#lang-da"));
    await wd.textOf("#hands-save", (t) => t === "Gem kortfordelingerne");
    await wd.script("document.querySelector('#hands-form').scrollIntoView({ block: 'center' })");
    await shot("publish-reports-da");
    await wd.click(await wd.find("#lang-en"));
    await wd.textOf("#nav-group-results", (t) => t === "Results");
  });

  await check("back on the dashboard, board 11 at table 5 shows the committee's score: 0 IMPs (50/50, Law 12C2 average)", async () => {
    const s = await dashScore();
    expect(s === "0 IMP", `board 11's chip shows ${JSON.stringify(s)} after the committee's 50/50`);
    await shotTop("dashboard-after-appeal");
    await screen("scores");
  });

  await check("the audit timeline of board 11 shows the ruling and the committee's decision in order", async () => {
    const input = await wd.find("#audit-board");
    await wd.script("arguments[0].value = ''", [elementRef(input)]);
    await wd.type(input, "11");
    await wd.click(await wd.find("#audit-show"));
    const items = await wd.until("timeline", async () => {
      const r = await wd.findAll("ol.timeline li");
      return r.length > 0 ? r : null;
    });
    const texts = await Promise.all(items.map((i) => wd.text(i)));
    const iRuling = texts.findIndex((t) => t.includes("Jens Hansen") && t.includes("27B1(a)"));
    const iDecision = texts.findIndex((t) => t.includes("Appeals committee member 1"));
    expect(iRuling >= 0 && iDecision > iRuling, `timeline:\n${texts.join("\n")}`);
    // The ranking diff of the committee's decision: Sweden and Croatia move.
    const buttons = await wd.findAll("ol.timeline li .diff-show");
    const decisionEvent = await wd.attr(buttons[iDecision], "data-event");
    await wd.click(await wd.find(`.diff-show[data-event="${decisionEvent}"]`));
    const moved = await wd.until("ranking diff", async () => {
      const r = await wd.findAll("table.rank-diff tbody tr");
      return r.length ? Promise.all(r.map((x) => wd.text(x))) : null;
    });
    expect(moved.some((m) => m.startsWith("SWEDEN")) && moved.some((m) => m.startsWith("CROATIA")), `diff: ${moved.join(" | ")}`);
    await wd.script("document.querySelector('table.rank-diff').scrollIntoView({ block: 'center' })");
    await shot("scores-appeal-audit");
  });

  await check("the saved casebook ends with the head digest the Tournament screen shows", async () => {
    await screen("tournament");
    const digest = await wd.textOf("#head-digest");
    const html = readFileSync(join(SHOTS, "casebook.html"), "utf8");
    const last = html.slice(html.lastIndexOf("<p>"));
    const events = digest.split("-")[0];
    expect(last.includes(`Head digest of the log: ${digest} (${events} events)`), `last paragraph: ${last}`);
  });

  await check("the committee's decision, which stands, is announced to the parties; the dossier shows the procedure in German too", async () => {
    await screen("appeals");
    await wd.until("announce form", async () => (await wd.findAll("#announce-form")).length > 0);
    await fill("#announce-parties", "SWEDEN, CROATIA");
    await save("#announce-save", "the announcement");
    const items = await wd.until("the procedure", async () => {
      const r = await wd.findAll("#dossier-procedure li");
      return r.length === 3 ? Promise.all(r.map((x) => wd.text(x))) : null;
    });
    expect(items[2].includes("Decision announced") && items[2].includes("SWEDEN, CROATIA"), items[2]);
    await wd.script("document.getElementById('procedure-h').scrollIntoView({ block: 'start' })");
    await shot("appeals-procedure");
    await wd.click(await wd.find("#lang-de"));
    await wd.textOf("#dossier-procedure li .meta", (t) => t.startsWith("Parteien unterrichtet"));
    await wd.script("document.getElementById('procedure-h').scrollIntoView({ block: 'start' })");
    await shot("appeals-procedure-de");
    await wd.click(await wd.find("#lang-en"));
    await wd.textOf("#dossier-procedure li .meta", (t) => t.startsWith("Parties notified"));
  });

  await check("the Appeals screen in German and Danish", async () => {
    await wd.click(await wd.find("#lang-de"));
    await screen("appeals");
    const s = await wd.textOf("#dossier-status", (t) => t === "entschieden");
    expect(s === "entschieden", s);
    await shotTop("appeals-de");
    await wd.click(await wd.find("#lang-da"));
    const d = await wd.textOf("#dossier-status", (t) => t === "afgjort");
    expect(d === "afgjort", d);
    await wd.click(await wd.find("#lang-en"));
  });

  await check("Law 93C2: the decided appeal is referred to the regulating authority; its answer, recorded for it by the chief director, closes it", async () => {
    await signAs("chief", "Chief director");
    await wd.until("refer form", async () => (await wd.findAll("#refer-form")).length > 0);
    await fill("#refer-to", "DBV");
    await fill("#refer-reason", "Reading of Law 27B1(a) in the national regulations");
    await save("#refer-save", "the referral");
    await wd.textOf("#dossier-status", (t) => t === "referred to the regulating authority");
    await wd.until("answer form", async () => (await wd.findAll("#answer-form")).length > 0);
    const authority = await wd.script("return document.querySelector('#answer-authority').value");
    expect(authority === "DBV", `the authority carried over from the referral: ${authority}`);
    const why = await wd.textOf("#answer-save-why");
    expect(why === "Fill in: Reasoning.", `why: ${why}`);
    // The assistant's weighted score goes into the authority's answer as it went into the
    // committee's decision: changed, weighted, 12C1(c) cited. The authority then upholds.
    const value = (id) => wd.script(`return document.querySelector('#${id}').value`);
    await useAssistantFiftyFifty();
    await wd.until("the answer changed to the weighted score", async () => (await value("answer-decision")) === "changed" && (await value("answer-adj-kind")) === "weighted");
    const taken = await wd.textOf("#answer-adj-weighted");
    expect(taken.includes("50 %: 1NT S, 7 + 50 %: 2NT S, 7"), `taken: ${taken}`);
    expect((await value("answer-laws")) === "12C1(c)", `laws: ${await value("answer-laws")}`);
    await wd.script("document.querySelector('#answer-form').scrollIntoView({ block: 'center' })");
    await shot("appeals-authority-weighted");
    await wd.script("const d = document.getElementById('appeal-assist'); d.open = false; d.dispatchEvent(new Event('toggle'))");
    await choose("#answer-decision", "upheld");
    await choose("#answer-laws", "");
    await fill("#answer-laws", "27B1(a)");
    await fill("#answer-reasoning", "The committee's reading of 27B1(a) stands.");
    await fill("#answer-document", "DBV letter 2026/17");
    await save("#answer-save", "the authority's answer");
    await wd.textOf("#dossier-status", (t) => t.startsWith("closed by the regulating authority"));
    const said = await wd.textOf("#dossier-authority");
    expect(said.includes("DBV") && said.includes("DBV letter 2026/17"), `the answer in the dossier: ${said}`);
    await shotTop("appeals-authority");
  });

  await check("the dark theme: chosen in Settings, every screen follows, back to the system's", async () => {
    await screen("start");
    await choose("#theme", "dark");
    await wd.until("dark", async () => (await wd.script("return document.documentElement.dataset.theme")) === "dark");
    await screen("dashboard");
    const bg = await wd.script("return getComputedStyle(document.documentElement).backgroundColor");
    const [r, g, b] = bg.match(/\d+/g).map(Number);
    expect(r + g + b < 150, `the background is not dark: ${bg}`);
    await shotTop("dashboard-dark");
    await screen("board");
    await shotTop("board-dark");
    await screen("start");
    await choose("#theme", "system");
    await wd.until("system", async () => (await wd.script("return document.documentElement.dataset.theme ?? ''")) === "");
  });

  await check("an older copy of the demo, lacking events this device saw, is refused as rolled back", async () => {
    await screen("start");
    const input = await wd.find("#open-path");
    await wd.script("arguments[0].value = ''", [elementRef(input)]);
    await wd.type(input, OLD_DEMO);
    await wd.click(await wd.find("#open-submit"));
    const title = await wd.textOf("#error-banner strong");
    expect(title.startsWith("This log no longer holds events this device has seen"), `error title: ${title}`);
    const detail = await errorDetail();
    expect(detail.includes("Jens Hansen, laptop 2"), `error detail: ${detail}`);
    await shotTop("start-rolled-back");
  });

  await check("a late arrival is listed under Signed time; only the chief director may accept it", async () => {
    await wd.until("the late-arrival log", () => existsSync(`${LATE_LOG}.ready`), 150000);
    await signAsDevice();
    await screen("start");
    const input = await wd.find("#open-path");
    await wd.script("arguments[0].value = ''", [elementRef(input)]);
    await wd.type(input, LATE_LOG);
    await wd.click(await wd.find("#open-submit"));
    await wd.until("the late log opened", async () => (await wd.text(await wd.find("#open-log-name"))) === "Late Arrival Pairs", 60000);
    await screen("tournament");
    await wd.textOf("#tournament-name", (t) => t === "Late Arrival Pairs", 60000);
    const flags = await wd.findAll("#time-flags .time-flag");
    expect(flags.length === 1, `${flags.length} time flags`);
    const text = await wd.text(flags[0]);
    expect(text.includes("Late arrival") && text.includes("appeal.filed") && text.includes("Jens Hansen, laptop 2") && text.includes("Law 92B"), text);
    const law = await wd.script("return document.querySelector('.time-flag .accept-law').value");
    expect(law === "92B", `law prefilled: ${law}`);
    const disabled = await wd.script("return document.querySelector('.time-flag .accept-save').disabled");
    expect(disabled === true, "Accept is enabled for a director");
    const why = await wd.text(await wd.find(".time-flag .accept-why"));
    expect(why.startsWith("Only a chief director's key may accept"), `why: ${why}`);
    await wd.script("document.getElementById('time-h').scrollIntoView()");
    await shot("tournament-time");
  });

  await check("the chief director accepts the late arrival with the law and a reason (German and Danish shown)", async () => {
    await signAs("chief", "Chief director");
    await screen("tournament");
    const why = await wd.text(await wd.find(".time-flag .accept-why"));
    expect(why === "Give the reason.", `why: ${why}`);
    await fill(".time-flag .accept-reason", "Jens's laptop had no network in the hall; the appeal was made at the table in time");
    await wd.click(await wd.find("#lang-de"));
    await wd.textOf("#time-h", (t) => t === "Signierte Zeit");
    await wd.script("document.getElementById('time-h').scrollIntoView()");
    await shot("tournament-time-de");
    await wd.click(await wd.find("#lang-da"));
    await wd.textOf("#time-h", (t) => t === "Underskrevet tid");
    await wd.script("document.getElementById('time-h').scrollIntoView()");
    await shot("tournament-time-da");
    await wd.click(await wd.find("#lang-en"));
    await wd.textOf("#time-h", (t) => t === "Signed time");
    await save(".time-flag .accept-save", "the acceptance");
    const status = await wd.textOf(".time-flag .flag-status", (t) => t === "Accepted by the chief director.");
    expect(status === "Accepted by the chief director.", status);
    expect((await wd.findAll(".time-flag .accept-save")).length === 0, "the Accept form is still there");
    await wd.script("document.getElementById('time-h').scrollIntoView()");
    await shot("tournament-time-accepted");
  });

  await check("the chief director sets the event's time zone: a name that is no zone is refused, then times show in Copenhagen's", async () => {
    await screen("publish");
    await choose("#zone-name", "Mars/Olympus");
    await wd.click(await wd.find("#zone-save"));
    const err = await wd.textOf("#error-banner strong", (t) => t.length > 0);
    expect(err.includes("Mars/Olympus") && err.includes("IANA"), err);
    await wd.click(await wd.find("#error-banner button"));
    await choose("#zone-name", "Europe/Copenhagen");
    await save("#zone-save", "the time zone");
    await wd.textOf("#zone-current", (t) => t.includes("Europe/Copenhagen"));
    await wd.script("document.getElementById('zone-h').scrollIntoView({ block: 'start' })");
    await shot("publish-zone");
    await screen("appeals");
    const steps = await wd.textOf("#dossier-steps li");
    expect(/ CES?T /.test(steps), `the appeal's steps in Copenhagen's time: ${steps}`);
  });

  await hubSync();
}

/** Live sync (issue 17): the app on a log with a hub set; the CLI, as a second device,
 * adds a note and syncs; the app shows it without re-opening. The delay is measured and
 * printed, not asserted. Skipped (said loudly) when run.sh found no PostgreSQL. */
async function hubSync() {
  const url = process.env.E2E_HUB_URL;
  if (!url) {
    console.log("SKIPPED - live sync through a hub: PostgreSQL is not installed");
    return;
  }
  const [a, b, key, cli, cliData] = ["E2E_HUB_A", "E2E_HUB_B", "E2E_HUB_KEY", "TDLOG_CLI", "E2E_HUB_CLI_DATA"].map(env);
  // The CLI is the second device: its own data dir (its record of the logs it has seen).
  const opts = { stdio: "pipe", env: { ...process.env, TDLOG_DATA_DIR: cliData } };
  await check("a hub set for a log in the status bar: the app syncs (English, German, Danish)", async () => {
    await signAsDevice();
    await screen("start");
    const input = await wd.find("#open-path");
    await wd.script("arguments[0].value = ''", [elementRef(input)]);
    await wd.type(input, a);
    await wd.click(await wd.find("#open-submit"));
    await wd.until("the hub log opened", async () => (await wd.text(await wd.find("#open-log-name"))) === "Hub Pairs", 60000);
    await wd.click(await wd.find("#lang-en"));
    await wd.textOf("#hub-state", (t) => t === "Not syncing");
    await wd.click(await wd.find("#hub-edit"));
    await wd.type(await wd.find("#hub-url"), url);
    await shotTop("hub-setting");
    await wd.click(await wd.find("#hub-save"));
    await wd.textOf("#hub-state", (t) => t === "Synced with the hub", 30000);
    const since = await wd.textOf("#hub-since", (t) => t.startsWith("last sync"));
    expect(/^last sync \d+ s ago$/.test(since), since);
    const peers = await wd.text(await wd.find("#hub-peers"));
    // Only the chief TD has signed in this log yet (genesis, enrolment).
    expect(peers.includes("Anna Berg (chief TD): no. 2 at"), peers);
    await screen("notes");
    await shotTop("hub-status");
    await wd.click(await wd.find("#lang-de"));
    await wd.textOf("#hub-state", (t) => t === "Mit dem Hub synchronisiert");
    await shotTop("hub-status-de");
    await wd.click(await wd.find("#lang-da"));
    await wd.textOf("#hub-state", (t) => t === "Synkroniseret med hubben");
    await shotTop("hub-status-da");
    await wd.click(await wd.find("#lang-en"));
  });

  await check("another device's note (tdlog note + tdlog sync) appears without re-opening the log", async () => {
    const { execFileSync } = await import("node:child_process");
    await screen("notes");
    const text = `Hub check ${Date.now()}`;
    execFileSync(cli, ["note", b, "--text", text, "--table", "4", "--key", key], opts);
    const before = Date.now();
    execFileSync(cli, ["sync", b, "--hub", url, "--key", key], opts);
    const synced = Date.now();
    await wd.until("the note on the Notes screen", async () => (await wd.script("return document.querySelector('main').innerText")).includes(text), 30000);
    const shown = Date.now();
    console.log(`hub: the app showed the other device's note ${shown - synced} ms after its tdlog sync returned (${shown - before} ms after it started)`);
    const peers = await wd.text(await wd.find("#hub-peers"));
    expect(peers.includes("Anna Berg"), `the chief TD's device is not listed: ${peers}`);
    await shotTop("hub-note-arrived");
  });

  await check("a new device joins the tournament from the hub in the app (the first 8 digits of its log id)", async () => {
    const { execFileSync } = await import("node:child_process");
    const v = JSON.parse(execFileSync(cli, ["verify", b, "--json"], opts).toString());
    const joined = join(dirname(a), "joined.tdlog");
    await screen("start");
    await wd.type(await wd.find("#join-url"), url);
    await wd.type(await wd.find("#join-id"), v.log_id.slice(0, 8));
    await wd.type(await wd.find("#join-path"), joined);
    await wd.script("document.getElementById('hub-join').scrollIntoView()");
    await shot("hub-join");
    await wd.click(await wd.find("#join-submit"));
    // Joined: the new file exists and the app has left the Start screen for the log's home.
    await wd.until("the joined log open", async () => existsSync(joined)
      && (await wd.attr(await wd.find("main"), "data-screen")) !== "start"
      && (await wd.text(await wd.find("#open-log-name"))) === "Hub Pairs", 60000);
    // What the app shows was verified from the file (which may grow after, by its receipt).
    const shown = Number((/(\d+)/.exec(await wd.text(await wd.find("#verification-text"))) ?? [0, 0])[1]);
    const mine = JSON.parse(execFileSync(cli, ["verify", joined, "--json"], opts).toString());
    expect(mine.ok && mine.log_id === v.log_id && shown >= 3 && shown <= mine.events,
      `joined ${JSON.stringify(mine)}, the app shows ${shown}, the hub's log ${v.log_id}`);
    // Its first sync. (It once stayed at "Connecting" in 2 of 6 runs: the status command's
    // answer, taken as the sync started, reached the window after the round's "synced" and
    // replaced it. The window now keeps the newer status: `supersedes` in ui/src/lib/hub.ts.)
    await wd.textOf("#hub-state", (t) => t === "Synced with the hub", 30000);
    await screen("start");
    await wd.type(await wd.find("#join-url"), url);
    await wd.type(await wd.find("#join-id"), "00000000");
    await wd.type(await wd.find("#join-path"), join(dirname(a), "nothing.tdlog"));
    await wd.click(await wd.find("#join-submit"));
    const err = await wd.textOf("#error-banner", (t) => t.length > 0, 30000);
    expect(err.includes("no such tournament"), err);
    expect(!existsSync(join(dirname(a), "nothing.tdlog")), "a file was made for a tournament the hub does not hold");
  });
}

/** Signs with this device's own key again (the Start screen's "sign as"). */
async function signAsDevice() {
  await screen("start");
  await choose("#sign-as", "");
  await wd.until("this device's key signs", async () => (await wd.script("return document.querySelector('#sign-as').value")) === "");
}

try {
  await main();
} catch (e) {
  t.state.failed += 1;
  console.log(`FAILED - could not run the end-to-end test: ${e.message}`);
} finally {
  try { await wd.quit(); } catch { /* already gone */ }
}
console.log(`screenshots: ${t.state.shots.join(" ")}`);
for (const r of wd.retried) console.log(`webdriver: sent again: ${r.method} ${r.path} (${r.reason})`);
process.exit(t.report());
