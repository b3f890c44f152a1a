// Acceptance of issues 16 and 31 in the real webview: a whole Doppelkopf club evening run in
// the app, from an empty data dir to the printed standings (tests/doko_evening_cli.rs is an
// evening on the command line). The Schiedsrichter starts the app for the first time: this
// device's key, a new Doppelkopf log (Eppstein), the Schiedsgericht's key and a second TD's
// key enrolled by their fingerprints (the keys made by `tdlog key new`, as on their own
// devices; the Schiedsgericht's file imported for "sign as"). Sixteen players drawn (§2.1),
// the seed committed and revealed in the app; a latecomer from round 2 (§7.3.1), so rounds 2
// and 3 have a five-table. Every game of three rounds at four tables: 16 at a four-table and
// 20 at a five-table (§7.4.1, the Pflichtsoli counted in them: the profile's default), each
// player's Pflichtsolo among them (§3.2.5, kept deal); the round's plan signed in the app;
// each table's round closed by the Schiedsrichter (§8.2.2). A corrected game and a struck
// game (§8.2.1), a deduction by the Schiedsgericht (§8.7.2), an objection to the
// Schiedsrichter's ruling decided by the Schiedsgericht (§8.8.7), a round closed early and
// a game struck after it (§8.2.2), and the standings printed to HTML and PDF; the app's
// standings equal `tdlog doko standings --json` of the same log, and the standings between
// rounds list the latecomer who has not played yet.
//
// Table 1 of round 1 plays its first five games card by card (the fixture round of
// fixtures/doko/round16): games 1-3 are imported with the CLI (`tdlog doko import`, signed
// by the second TD's key) while the app is open; game 4 is pasted and typed into the app's
// card-by-card form, and so is game 5 up to the claim, the claim and the Schiedsrichter's
// ruling on it (§7.1.1); the objection, the Schiedsgericht's decision, a refused card (§4.2)
// and the rest of game 5 are made in the app.
//
// The expected standings are computed here by hand from what the test types, with the
// rules' arithmetic (Eppstein profile, plus-only list, §6.2): Re wins with 130 eyes, no
// announcements: 1 to each Re player; Re loses with 100: 2 to each Kontra player (gewonnen,
// gegen die Alten); a Pflichtsolo won with 130: 3 to the soloist (x3, §6.2.4), and it keeps
// the deal. The card-by-card games count as the fixture's own list says (its independent
// oracle, fixtures/doko/round16/oracle.py). Never the engine's numbers.
//
// Run by tests/e2e/doko.sh evening. The last line is `N passed, N failed`; the entry of a
// normal game and of a solo at a TD's typing pace (a key every 300 ms) is timed at the start
// and at the end of the evening and printed, never asserted (docs/benchmarks.md).
import { readFileSync, writeFileSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { ENTER, cli as cliOf, env as envOf, expect, run } from "./harness.mjs";

const env = (k) => envOf(k, "tests/e2e/doko.sh evening");
const APP = env("TDLOG_APP");
const CLI = env("TDLOG_CLI");
const CLI_DATA = env("E2E_CLI_DATA");
const KEYS = env("E2E_KEYS");
const SHOTS = env("E2E_ARTIFACTS");
const LOG = env("E2E_LOG");
const TDLOG_NEW = (k) => join(KEYS, `${k}.key`);
const FIXTURE = env("E2E_FIXTURE");

const PLAYERS = ["Anna", "Bert", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "Hans", "Ida", "Jan", "Karin", "Lutz",
  "Mia", "Nils", "Olga", "Paul", "Rita"];
/** Rita comes late: she plays from round 2 (§7.3.1). */
const LATE = "Rita";
const FIELD = PLAYERS.filter((p) => p !== LATE);
const SEATS = ["A", "B", "C", "D", "E"];

// One evening: every check needs the ones before it, so after a failure the rest is skipped.
const t = run({ shotsDir: SHOTS });
const { wd, shot, shotTop, check, choose, verifiedCount, banner, signed } = t;
const timings = {};

const GROUP_OF = { doko: "doppelkopf", "doko-standings": "doppelkopf", "doko-draw": "doppelkopf", start: "settings" };

/** Opens a screen through the menu (its group from the table above). */
const screen = (id) => t.screen(GROUP_OF[id], id);

/** The CLI, with its own device directory (the card-by-card games of table 1). */
const cli = (args) => cliOf(CLI, CLI_DATA, args);

/** Opens the log again from the start screen: it grew outside the app. */
async function reopen() {
  const before = await verifiedCount();
  await screen("start");
  await choose("#open-path", LOG);
  await wd.click(await wd.find("#open-submit"));
  await wd.until("the log opened again", async () => (await verifiedCount()) > before
    && (await wd.attr(await wd.find("main"), "data-screen")) === "doko", 30000);
}

/** Switches the UI's language and waits until the page is in it (a click that landed while
 * the screen re-rendered is made again). */
async function setLang(code) {
  for (let i = 0; i < 3; i++) {
    await wd.click(await wd.find(`#lang-${code}`));
    try {
      await wd.until(`the page in ${code}`, async () => (await wd.script("return document.documentElement.lang")) === code, 5000);
      return;
    } catch { /* clicked again below */ }
  }
  throw new Error(`the language did not switch to ${code}`);
}

async function chooseTable(round, table) {
  await wd.click(await wd.find(`.doko-cell[data-round="${round}"][data-table="${table}"]`));
  await wd.until(`table ${table} of round ${round}`, async () =>
    (await wd.findAll(`#doko-table[data-round="${round}"][data-table="${table}"]`)).length === 1);
}

async function gameRows() {
  return wd.script("return document.querySelectorAll('#doko-list tbody tr.doko-row').length");
}

/** The chosen table's players in seat order, from its list's head. */
async function tablePlayers() {
  return wd.script("return [...document.querySelectorAll('#doko-list thead th.num')].map((th) => th.textContent.trim().replace(/^[A-E]\\s+/, ''))");
}

async function footer() {
  return wd.script("return [...document.querySelectorAll('#doko-list tfoot td.total')].map((e) => Number(e.textContent))");
}

/** Types `lines` into the entry, Enter after each, in one WebDriver call (`perKeyMs` > 0:
 * key by key with that pause, a TD reading the paper list); waits until all are signed and
 * on the list. Returns the seconds from the first key to the last row. */
async function typeGames(lines, perKeyMs = 0) {
  const rows = await gameRows();
  const before = await verifiedCount();
  const input = await wd.find("#doko-entry");
  const t0 = Date.now();
  await wd.click(input);
  const text = lines.map((l) => l + ENTER).join("");
  if (perKeyMs > 0) {
    for (const k of text) {
      await wd.type(input, k);
      await new Promise((r) => setTimeout(r, perKeyMs));
    }
  } else {
    await wd.type(input, text);
  }
  await signed(before, `the games ${lines.join(" | ")}`, lines.length, 30000 + 3000 * lines.length);
  await wd.until("the new rows", async () => (await gameRows()) >= rows + lines.length, 30000);
  return (Date.now() - t0) / 1000;
}

/** A fixture game's events as the app's card-by-card form takes them (`doko::script`):
 * the deal a line per seat, the query (`gesund`, naming a Vorbehalt), a line per trick
 * (`cardsBefore`: the cards of the game already played), an announcement on its own line. */
function typedGame(events, cardsBefore = 0) {
  const deal = [];
  const lines = [];
  const query = [];
  let cur = "";
  let n = cardsBefore;
  const flush = () => { if (cur) { lines.push(cur); cur = ""; } };
  for (const e of events) {
    if (e.event === "Dealt") for (const [s, h] of Object.entries(e.hands)) deal.push(`${s}: ${h.join(" ")}`);
    else if (e.event === "Query") { if (e.entry.art) query.push(`${e.entry.seat}:${e.entry.art.Solo.toLowerCase()}`); }
    else if (e.event === "QueryClosed") lines.push(["gesund", ...query].join(" "));
    else if (e.event === "Announced" && e.level === "Ansage") { flush(); lines.push(`${e.seat} re`); }
    else if (e.event === "CardPlayed") {
      if (n % 4 === 0) flush();
      if (!cur) cur = e.seat;
      cur += ` ${e.card}`;
      n += 1;
    } else throw new Error(`the form does not type ${e.event}`);
  }
  flush();
  return { deal: deal.join("\n"), play: lines.join("\n") };
}

/** The card-by-card form in view, for its screenshot. */
async function shotCards(name) {
  await wd.script("document.getElementById('doko-cards').scrollIntoView()");
  await shot(name);
}

/** Opens the card-by-card form of the chosen table. */
async function openCards() {
  await wd.until("the card-by-card form", async () => (await wd.findAll("#doko-cards")).length === 1);
  if (!(await wd.script("return document.querySelector('#doko-cards').open"))) {
    await wd.click(await wd.find("#doko-cards > summary"));
  }
}

/** Types the play into the card-by-card form (`keys`: key by key, else set at once like a
 * paste), signs it with Ctrl+Enter, and waits for its `n` steps to be signed. */
async function typeCards(play, n, what, keys = false) {
  await openCards();
  const before = await verifiedCount();
  const area = await wd.find("#doko-cards-play");
  if (keys) {
    // Enter in the text area starts a new line (Ctrl+Enter would sign).
    await wd.click(area);
    await wd.type(area, play.replaceAll("\n", ENTER));
  } else {
    await choose("#doko-cards-play", play);
  }
  await wd.click(await wd.find("#doko-cards-sign"));
  await signed(before, what, n, 120000);
}

// ---- The hand computation -------------------------------------------------------------

/** One table in one round as the test plays it: seat count, the dealer (seat index), the
 * tally by seat, who still owes his Pflichtsolo (§3.2.5) and the games counted. */
class Table {
  constructor(size, { dealer = 0, owes = null, counted = 0 } = {}) {
    this.size = size;
    this.dealer = dealer;
    this.totals = Array(size).fill(0);
    this.owes = new Set(owes ?? [...Array(size).keys()]);
    this.counted = counted;
    /** Every counted game: its points by seat, its dealer and what was played. */
    this.history = [];
  }

  /** The players of a game dealt by `dealer`: every seat, less the dealer at a table of five. */
  players(dealer = this.dealer) {
    return [...Array(this.size).keys()].filter((s) => !(this.size === 5 && s === dealer));
  }

  /** What the next game is, as this evening plays it: a Pflichtsolo once a slot has come
   * (games 3, 6, 9, ... of the round) and a player of this game still owes his, so nobody
   * is ever vorgeführt; otherwise Re (the first two players) loses with 100 and wins with
   * 130, alternately. */
  next() {
    const due = Math.floor((this.counted + 1) / 3);
    const played = this.size - this.owes.size;
    const p = this.players();
    const soloist = [1, 2, 3, 4, 5].map((k) => (this.dealer + k) % this.size).find((s) => p.includes(s) && this.owes.has(s));
    if (played < due && soloist !== undefined) return { solo: soloist };
    return { re: this.counted % 2 === 0 ? 100 : 130 };
  }

  /** The line the TD types, and the points each seat gets, by hand. */
  game(play, dealer = this.dealer) {
    const p = this.players(dealer);
    const pts = Array(this.size).fill(0);
    if (play.solo !== undefined) {
      // A Damensolo won with 130 as the player's Pflichtsolo.
      pts[play.solo] = 3;
      return { line: `${SEATS[play.solo].toLowerCase()}/d 130`, pts };
    }
    const re = [p[0], p[1]];
    for (const s of p) {
      if (play.re === 130 && re.includes(s)) pts[s] = 1;
      if (play.re === 100 && !re.includes(s)) pts[s] = 2;
    }
    return { line: `${SEATS[re[0]].toLowerCase()}${SEATS[re[1]].toLowerCase()} ${play.re}`, pts };
  }

  /** Plays a game (`next()` unless given): the tally takes its points; the deal moves on
   * unless it was a Pflichtsolo (§3.2.5). Returns the typed line. */
  play(play = this.next()) {
    const g = this.game(play);
    g.pts.forEach((v, s) => (this.totals[s] += v));
    this.history.push({ pts: g.pts, dealer: this.dealer, play });
    this.counted += 1;
    if (play.solo !== undefined) this.owes.delete(play.solo);
    else this.dealer = (this.dealer + 1) % this.size;
    return g.line;
  }

  /** The lines of the next `n` games, played. */
  lines(n) {
    return [...Array(n)].map(() => this.play());
  }

  /** Games left to the round's 16 or 20 (§7.4.1). */
  left() {
    return (this.size === 5 ? 20 : 16) - this.counted;
  }
}

async function expectFooter(t, what) {
  await wd.until(`${what}: the list's totals ${t.totals}`, async () => JSON.stringify(await footer()) === JSON.stringify(t.totals), 20000)
    .catch(async () => { throw new Error(`${what}: the list shows ${await footer()}, by hand ${t.totals}`); });
}

// ---- The evening ------------------------------------------------------------------------

async function signPlan(round, expectSizes) {
  await screen("doko-draw");
  await choose("#doko-plan-round", String(round));
  const sizes = await wd.until(`the plan of round ${round}`, async () => {
    const n = await wd.script("return [...document.querySelectorAll('#doko-plan .doko-plan-table')].map((t) => t.querySelectorAll('li').length)");
    const r = await wd.script("return document.querySelector('#doko-plan-round').value");
    return n.length && r === String(round) ? n : null;
  });
  expect(JSON.stringify(sizes) === JSON.stringify(expectSizes), `round ${round}: tables ${sizes}`);
  await wd.until(`round ${round} not seated yet`, async () => (await wd.attr(await wd.find("#doko-plan-sign"), "disabled")) === null
    && (await wd.textOf("#doko-plan-sign")).includes(String(round)));
  const before = await verifiedCount();
  await wd.click(await wd.find("#doko-plan-sign"));
  await signed(before, `the seating of round ${round}`, expectSizes.length);
  await wd.textOf("#doko-plan-seated", () => true);
  await screen("doko");
  await wd.until(`round ${round} on the evening`, async () => (await wd.findAll(`.doko-cell[data-round="${round}"]`)).length === 4);
}

async function signAs(key) {
  await screen("start");
  await choose("#sign-as", key);
  await wd.until(`signing as ${key || "this device"}`, async () => (await wd.script("return document.querySelector('#sign-as').value")) === key);
  await screen("doko");
}

/** The fixture's card-by-card games (their list is the test's oracle). */
const fixtureGames = JSON.parse(readFileSync(join(FIXTURE, "events.json"), "utf8"));
const fixtureList = JSON.parse(readFileSync(join(FIXTURE, "expected_list.json"), "utf8"));
const ruled = fixtureGames[4].events.findIndex((e) => e.event === "Ruled");
const decided = fixtureGames[4].events.findIndex((e) => e.event === "TribunalDecided");

/** A key made by `tdlog key new` in the keys dir, as on its holder's own device: its
 * public key in hex. */
function newKey(name) {
  const out = cli(["key", "new", "--key", TDLOG_NEW(name)]);
  const m = /public key:\s+([0-9a-f]{64})/.exec(out);
  expect(m, `tdlog key new: ${out}`);
  return m[1];
}

/** Enrols a key by its fingerprint on the Start screen (the chief TD's device signs). */
async function enrol(publicHex, role, holder) {
  await screen("start");
  await choose("#enrol-fingerprint", publicHex);
  await wd.until("the short code", async () => (await wd.findAll("#enrol-code")).length === 1);
  await choose("#enrol-role", role);
  await choose("#enrol-holder", holder);
  const before = await verifiedCount();
  await wd.click(await wd.find("#enrol-save"));
  await signed(before, `the enrolment of ${holder}`);
  await wd.textOf("#enrol-status", (x) => x.length > 0);
}

/** The Schiedsrichter closes the table's round (§8.2.2): no entry is offered after it. */
async function closeRound(round, table) {
  const before = await verifiedCount();
  await wd.click(await wd.find("#doko-close-round"));
  await signed(before, `the close of round ${round} at table ${table}`);
  await wd.textOf("#doko-closed", (x) => x.includes("§8.2.2"));
  expect((await wd.findAll("#doko-entry")).length === 0, "the entry is still offered after the close");
}

/** Every table's count as the evening shows it, `round/table` to its `.games` text. */
async function cells() {
  return new Map(await wd.script("return [...document.querySelectorAll('.doko-cell')].map((e) => [e.dataset.round + '/' + e.dataset.table, e.querySelector('.games').textContent.trim()])"));
}

/** The standings as the app shows them: player to [place, total, played]. */
async function appStandings() {
  await screen("doko-standings");
  return new Map(await wd.script(
    "return [...document.querySelectorAll('#doko-standings tr.standing')].map((r) => [r.dataset.player, [Number(r.cells[0].textContent.replace('.', '')), Number(r.querySelector('td.total').textContent), r.dataset.played === 'true']])"));
}

/** Round 1, table 1: five card-by-card games, then the rest by the one-line entry. */
async function cardByCardTable() {
  const dir = join(SHOTS, "cli");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "t1.json"), JSON.stringify(fixtureGames.slice(0, 3)));
  cli(["doko", "import", LOG, join(dir, "t1.json"), "--round", "1", "--table", "1", "--key", TDLOG_NEW("td2")]);
  await reopen();
  await chooseTable(1, 1);
  // Game 4 in the app: the deal pasted, the query and the twelve tricks typed, a line each.
  const g4 = typedGame(fixtureGames[3].events);
  await openCards();
  await wd.textOf("#doko-cards-state", (x) => x.startsWith("Spiel 4, Geber"));
  await choose("#doko-cards-deal", g4.deal);
  await choose("#doko-cards-play", "gesund");
  await shotCards("doko-cards-deal-de");
  await typeCards(g4.play, 1 + fixtureGames[3].events.length, "game 4");
  await wd.until("game 4 on the list", async () => (await gameRows()) === 4);
  expect(JSON.stringify(await footer()) === JSON.stringify(SEATS.slice(0, 4).map((s) => fixtureList[3].totals[s])),
    `after game 4: ${await footer()}`);
  // Game 5 in the app up to the claim.
  const claim = fixtureGames[4].events.findIndex((e) => e.event === "ClaimRaised");
  const g5 = typedGame(fixtureGames[4].events.slice(0, claim));
  await openCards();
  await wd.textOf("#doko-cards-state", (x) => x.startsWith("Spiel 5, Geber"));
  await choose("#doko-cards-deal", g5.deal);
  await typeCards(g5.play, 1 + claim, "game 5 up to the claim");
  await wd.textOf("#doko-cards-state", (x) => x.startsWith("Spiel 5 läuft"));
  await shotCards("doko-cards-de");
  expect((await wd.findAll("#doko-entry")).length === 0, "a result line is offered while game 5 is played card by card");
  await wd.textOf("#doko-in-progress", (x) => x.startsWith("Spiel 5 wird Karte für Karte erfasst"));
  // The claim and the Schiedsrichter's ruling in the app (§8.8, §7.1.1), as the fixture
  // records them: the violation the engine flagged, claimed by the seat the fixture
  // names, ruled with the fixture's classification by this device's key.
  const claimEv = fixtureGames[4].events[claim];
  const ruledEv = fixtureGames[4].events[ruled];
  const vsel = `.doko-violation[data-index="${claimEv.violation}"]`;
  const open = await wd.textOf(vsel, (x) => x.includes("jetzt reklamieren dürfen"));
  expect(/\(§\d/.test(open), `the violation names its rule: ${open}`);
  let before = await verifiedCount();
  await wd.click(await wd.find(`${vsel} .doko-claim[data-seat="${claimEv.claimant}"]`));
  await signed(before, "the claim");
  await wd.textOf(`${vsel} .claim-state`, (x) => x.startsWith(`reklamiert von ${claimEv.claimant}`));
  await choose(`${vsel} .doko-rule-class`, ruledEv.ruling.classification);
  await shotCards("doko-claim-de");
  before = await verifiedCount();
  await wd.click(await wd.find(`${vsel} .doko-rule`));
  await signed(before, "the Schiedsrichter's ruling");
  await wd.textOf(`${vsel} .claim-state`, (x) => x.startsWith("vom Schiedsrichter entschieden"));
  const r = await wd.textOf(".doko-ruling", (x) => x.includes("Kein Einspruch"));
  expect(r.includes("Runde 1, Tisch 1, Spiel 5"), r);
  before = await verifiedCount();
  await wd.click(await wd.find(".doko-ruling .doko-object"));
  await signed(before, "the objection");
  await wd.textOf(".doko-ruling .ruling-state", (x) => x.startsWith("Einspruch offen"));
  // The Schiedsgericht decides (§8.8.7): its own key, imported and enrolled in the app.
  await signAs("schiedsgericht");
  await wd.until("the decision form", async () => (await wd.findAll(".doko-ruling .doko-decide")).length === 1);
  await choose(".doko-ruling .doko-decide-class", "Geringfuegig");
  before = await verifiedCount();
  await wd.click(await wd.find(".doko-ruling .doko-decide"));
  await signed(before, "the decision");
  await wd.textOf(".doko-ruling .ruling-state", (x) => x.startsWith("Schiedsgericht entschieden"));
  await signAs("");
  await chooseTable(1, 1);
  // A card B does not hold is refused naming §4.2, and nothing is signed.
  const rest = fixtureGames[4].events.slice(decided + 1);
  const bHolds = await wd.script("return [...document.querySelectorAll('#doko-cards-hands tr')].find((r) => r.querySelector('th').textContent.startsWith('B')).querySelector('td').textContent.split(' ')");
  const absent = ["♣", "♠", "♥", "♦"].flatMap((x) => ["A", "10", "K", "D", "B", "9"].map((k) => x + k)).find((c) => !bHolds.includes(c));
  before = await verifiedCount();
  await choose("#doko-cards-play", `B ${absent}`);
  await wd.click(await wd.find("#doko-cards-sign"));
  await wd.until("the refusal", async () => ((await banner()) ?? "").includes("§4.2"));
  expect((await verifiedCount()) === before, "a refused card was signed");
  await shotTop("doko-cards-refused-de");
  await wd.click(await wd.find("#error-banner button"));
  await choose("#doko-cards-play", "");
  await setLang("en");
  await wd.textOf("#doko-cards-state", (x) => x.startsWith("Game 5 in progress"));
  await shotCards("doko-cards-en");
  await setLang("da");
  await wd.textOf("#doko-cards-state", (x) => !x.startsWith("Game 5") && !x.startsWith("Spiel 5"));
  await shotCards("doko-cards-da");
  await setLang("de");
  // The rest of game 5, typed a trick per line (the first line finishes the trick begun).
  const cardsBefore = fixtureGames[4].events.slice(0, decided + 1).filter((e) => e.event === "CardPlayed").length;
  const g5rest = typedGame(rest, cardsBefore);
  await typeCards(g5rest.play, rest.length, "the rest of game 5", true);
  await wd.textOf("#doko-next", (x) => x.startsWith("Spiel 6, Geber"));
  // After game 5 and its penalty row: the fixture's list (its oracle); D has played his
  // Pflichtsolo (game 3), game 6 is A's deal.
  const after = fixtureList[5].totals;
  const t = new Table(4, { dealer: 0, owes: [0, 1, 2], counted: 5 });
  t.totals = SEATS.slice(0, 4).map((s) => after[s]);
  await expectFooter(t, "after the card-by-card games");
  await typeGames(t.lines(t.left()));
  return t;
}

async function main() {
  await wd.until("tauri-driver", () => fetch(`${wd.url}/status`).then((r) => r.ok), 30000);
  await wd.start(APP);
  const t0 = Date.now();

  await check("a new Schiedsrichter from an empty data dir: this device's key, a new Doppelkopf log (Eppstein), the Schiedsgericht's and a second TD's keys enrolled in the app", async () => {
    // First start: the app opens its demo (a bridge demo); wait for it, or it takes the
    // window from the forms below.
    await wd.until("the app is up", async () => (await wd.findAll("#nav-group-settings")).length > 0, 60000);
    await wd.until("the demo opened", async () => /\d/.test(await wd.text(await wd.find("#verification-text"))), 60000);
    await setLang("de");
    await screen("start");
    await wd.click(await wd.find("#key-create"));
    await wd.until("a device key", async () => (await wd.findAll("#device-fingerprint")).length > 0, 30000);
    await choose("#new-path", LOG);
    await choose("#new-name", "Doppelkopfabend 28. November");
    await choose("#new-game", "doppelkopf");
    await choose("#new-profile", "eppstein-2001");
    await choose("#new-org", "Doppelkopfclub Eppstein");
    await choose("#new-chief", "Karl Reiter");
    await wd.click(await wd.find("#create-save"));
    await wd.until("the empty evening", async () => (await wd.findAll("#doko-empty")).length === 1, 60000);
    expect((await wd.findAll("#nav-board")).length === 0, "a bridge screen in a Doppelkopf log");
    await shotTop("doko-evening-empty-de");
    // The Schiedsgericht's chair and a second TD bring their keys (made on their devices);
    // the chief TD enrols both by fingerprint; the chair's key file goes on this device too,
    // for "sign as" at the hearing.
    const court = newKey("schiedsgericht");
    const td2 = newKey("td2");
    await enrol(court, "committee", "Schiedsgericht: Vera Obmann");
    await enrol(td2, "td", "Uwe Listenführer");
    await choose("#key-import-path", TDLOG_NEW("schiedsgericht"));
    await wd.click(await wd.find("#key-import"));
    await wd.textOf("#key-imported", (x) => x.length > 0);
    await wd.until("sign as the Schiedsgericht offered", async () =>
      (await wd.script("return [...document.querySelectorAll('#sign-as option')].map((o) => o.value)")).includes("schiedsgericht"));
    await screen("doko");
  });

  await check("the seat draw of 16 players committed and revealed in the app (§2.1), a latecomer from round 2 (§7.3.1), round 1 seated at four tables", async () => {
    await screen("doko-draw");
    await wd.textOf("#doko-draw-state", (x) => x === "Noch nicht ausgelost.");
    await wd.type(await wd.find("#doko-field"), FIELD.join(", "));
    await wd.until("16 players", async () => (await wd.attr(await wd.find("#doko-commit"), "disabled")) === null);
    let before = await verifiedCount();
    await wd.click(await wd.find("#doko-commit"));
    await signed(before, "the commit");
    await wd.textOf("#doko-draw-state", (x) => x.startsWith("Festgelegt"));
    before = await verifiedCount();
    await wd.click(await wd.find("#doko-reveal"));
    await signed(before, "the reveal");
    await wd.textOf("#doko-draw-state", (x) => x.startsWith("Ausgelost"));
    await choose("#doko-presence-player", LATE);
    await choose("#doko-presence-round", "2");
    before = await verifiedCount();
    await wd.click(await wd.find("#doko-presence-sign"));
    await signed(before, "the latecomer");
    await signPlan(1, [4, 4, 4, 4]);
  });

  const hand = new Map();
  const credit = (names, t) => names.forEach((n, s) => hand.set(n, (hand.get(n) ?? 0) + t.totals[s]));

  for (const round of [1, 2, 3]) {
    if (round > 1) {
      await check(`round ${round}: the plan by the draw, ${LATE} at a five-table, signed in the app`, () => signPlan(round, [4, 4, 4, 5]));
    }
    for (const table of [1, 2, 3, 4]) {
      const size = round > 1 && table === 4 ? 5 : 4;
      const what = round === 3 && table === 1 ? "closed early after 13 games" : `every game (${size === 5 ? 20 : 16})`;
      await check(`round ${round}, table ${table}: ${what} typed from the paper list, the totals as by hand, the round closed`, async () => {
        await chooseTable(round, table);
        const names = await tablePlayers();
        expect(names.length === size, `table ${table}: ${names}`);
        expect(names.every((n) => PLAYERS.includes(n)), `names ${names}`);
        expect(round > 1 || !names.includes(LATE), `${LATE} seated in round 1`);
        let t = new Table(size);
        let closed = false;
        if (round === 1 && table === 1) {
          t = await cardByCardTable();
        } else if (round === 1 && table === 2) {
          // Game 1 (a normal game) and game 3 (a Pflichtsolo) at a TD's pace: a key every 300 ms.
          timings.normal_typed_s = await typeGames([t.play()], 300);
          await typeGames([t.play()]);
          expect(t.next().solo !== undefined, "game 3 is a solo");
          timings.solo_typed_s = await typeGames([t.play()], 300);
          const n = t.left();
          timings.rest_one_call_s = await typeGames(t.lines(n));
          timings.rest_games = n;
          console.log(`doko entry: normal game ${timings.normal_typed_s.toFixed(2)} s, solo ${timings.solo_typed_s.toFixed(2)} s at 300 ms a key; ${n} games in one call ${timings.rest_one_call_s.toFixed(2)} s`);
        } else if (round === 2 && table === 2) {
          // After game 8, game 4 (Re won with 130) turns out noted wrongly: Re lost with
          // 100. The round is still on, so the scorer corrects it (§8.2.1).
          await typeGames(t.lines(8));
          const g = t.history[3];
          expect(g.play.re === 130, `game 4 was ${JSON.stringify(g.play)}`);
          await expectFooter(t, "as noted");
          const wrong = t.game(g.play, g.dealer);
          const right = t.game({ re: 100 }, g.dealer);
          const before = await verifiedCount();
          await wd.click(await wd.find('#doko-list tr.doko-row[data-game="4"] .doko-fix'));
          await wd.type(await wd.find("#doko-fix-entry"), right.line);
          await wd.type(await wd.find("#doko-fix-reason"), "Re hatte nur 100 Augen");
          await wd.click(await wd.find("#doko-fix-sign"));
          await signed(before, "the correction");
          await wd.textOf("#doko-corrections", (x) => x.includes("Re hatte nur 100 Augen") && x.includes("§8.2.1"));
          wrong.pts.forEach((v, s) => (t.totals[s] -= v));
          right.pts.forEach((v, s) => (t.totals[s] += v));
          await expectFooter(t, "after the correction");
          await shotTop("doko-evening-corrected-de");
          await typeGames(t.lines(t.left()));
        } else if (round === 2 && table === 3) {
          // Game 5 is disputed and struck by the scorer (§8.2.1); a replacement is dealt by
          // the same dealer, and the deal goes on as if game 5 had counted.
          const lines = t.lines(4);
          lines.push(t.game({ re: 130 }).line);
          await typeGames(lines);
          const before = await verifiedCount();
          await wd.click(await wd.find('#doko-list tr.doko-row[data-game="5"] .doko-fix'));
          await wd.click(await wd.find("#doko-fix-strike"));
          await wd.type(await wd.find("#doko-fix-reason"), "Augen strittig");
          await wd.click(await wd.find("#doko-fix-sign"));
          await signed(before, "the strike");
          await wd.textOf("#doko-corrections", (x) => x.includes("Augen strittig") && x.includes("§8.2.1"));
          expect((await wd.findAll("#doko-list tr.doko-row.struck")).length === 1, "no struck row");
          await typeGames(t.lines(t.left()));
          await shotTop("doko-evening-struck-de");
        } else if (round === 3 && table === 1) {
          // Time is up (§7.4.1, 120 minutes): the Schiedsrichter closes the round after 13
          // games (§8.2.2); then he strikes game 13 without replacement.
          await typeGames(t.lines(13));
          await expectFooter(t, "before the close");
          await closeRound(round, table);
          closed = true;
          const before = await verifiedCount();
          await wd.click(await wd.find('#doko-list tr.doko-row[data-game="13"] .doko-fix'));
          await wd.click(await wd.find("#doko-fix-strike"));
          await wd.type(await wd.find("#doko-fix-reason"), "Spiel doppelt notiert");
          await wd.click(await wd.find("#doko-fix-sign"));
          await signed(before, "the strike after the close");
          await wd.textOf("#doko-corrections", (x) => x.includes("Spiel doppelt notiert") && x.includes("§8.2.2"));
          t.history[12].pts.forEach((v, s) => (t.totals[s] -= v));
          const cell = await wd.text(await wd.find('.doko-cell[data-round="3"][data-table="1"]'));
          expect(cell.includes("geschlossen"), `cell: ${cell}`);
          await wd.script("document.getElementById('doko-table-h').scrollIntoView()");
          await shot("doko-evening-closed-de");
        } else if (round === 3 && table === 4) {
          // The last table of the evening: its last game timed at a TD's pace, when the log
          // holds the whole evening.
          await typeGames(t.lines(t.left() - 1));
          timings.last_game_typed_s = await typeGames([t.play()], 300);
          console.log(`doko entry: the evening's last game ${timings.last_game_typed_s.toFixed(2)} s at 300 ms a key`);
          // The Schiedsgericht deducts 6 points from seat B for unsportsmanlike conduct
          // (§8.7.2: from the player, without credit to the others).
          await expectFooter(t, "before the deduction");
          await signAs("schiedsgericht");
          await chooseTable(3, 4);
          await wd.click(await wd.find("#doko-penalty summary"));
          await choose("#doko-pen-game", "2");
          await choose("#doko-pen-seat", "B");
          await choose("#doko-pen-points", "6");
          const before = await verifiedCount();
          await wd.click(await wd.find("#doko-pen-sign"));
          await signed(before, "the deduction");
          t.totals[1] -= 6;
          await signAs("");
          await chooseTable(3, 4);
        } else {
          await typeGames(t.lines(t.left()));
        }
        await expectFooter(t, `round ${round}, table ${table}`);
        if (!closed) {
          // Every game played: the list says the round is over; the Schiedsrichter closes it.
          await wd.textOf("#doko-round-over", () => true);
          expect((await wd.findAll("#doko-entry")).length === 0, "the entry is offered after the 16/20 games");
          await closeRound(round, table);
        }
        credit(names, t);
      });
    }
    if (round === 1) {
      await check(`the standings after round 1 list ${LATE}, who has not played yet, with 0`, async () => {
        const s = await appStandings();
        expect(s.size === 17, `${s.size} players listed`);
        const [, total, played] = s.get(LATE) ?? [];
        expect(total === 0 && played === false, `${LATE}: ${JSON.stringify(s.get(LATE))}`);
        await wd.textOf(`#doko-standings tr[data-player="${LATE}"]`, (x) => x.includes("noch nicht gespielt"));
        for (const [p, v] of hand) expect(s.get(p)?.[1] === v, `${p}: app ${s.get(p)?.[1]}, hand ${v}`);
        await shotTop("doko-evening-standings-round1-de");
        await screen("doko");
      });
    }
  }

  await check("the evening: every list full (16 at a four-table, 20 at a five-table), 12 where the round was closed early and a game struck", async () => {
    await screen("doko");
    const c = await cells();
    expect(c.size === 12, `cells ${[...c.keys()]}`);
    const want = (k) => (k === "3/1" ? "12 von 16" : k === "2/4" || k === "3/4" ? "20 von 20" : "16 von 16");
    const bad = [...c].filter(([k, v]) => !v.startsWith(want(k)));
    expect(bad.length === 0, `cells ${bad.map(([k, v]) => `${k}: ${v}`).join(" | ")}`);
    await shotTop("doko-evening-full-de");
  });

  await check("the standings shown in the app equal the hand computation and `tdlog doko standings --json`, player by player", async () => {
    const got = await appStandings();
    expect(got.size === 17 && hand.size === 17, `app ${got.size}, hand ${hand.size} players`);
    const diff = PLAYERS.filter((p) => got.get(p)?.[1] !== hand.get(p)).map((p) => `${p}: app ${got.get(p)?.[1]}, hand ${hand.get(p)}`);
    expect(diff.length === 0, diff.join("; "));
    const json = JSON.parse(cli(["doko", "standings", LOG, "--json"]));
    const fromCli = new Map(json.standings.map((l) => [l.player, [l.place, l.total, l.played]]));
    expect(JSON.stringify([...got].sort()) === JSON.stringify([...fromCli].sort()),
      `app ${JSON.stringify([...got])}\n cli ${JSON.stringify([...fromCli])}`);
    // Placed by total, highest first.
    const totals = [...got.values()].map((v) => v[1]);
    expect(totals.every((v, i) => i === 0 || totals[i - 1] >= v), `order ${totals}`);
    await shotTop("doko-evening-standings-de");
  });

  await check("the standings printed from the app: HTML in German, PDF", async () => {
    const html = join(SHOTS, "stand.html");
    const pdf = join(SHOTS, "stand.pdf");
    await choose("#doko-print-format", "html");
    await choose("#doko-print-path", html);
    await wd.click(await wd.find("#doko-print-save"));
    await wd.textOf("#doko-print-saved", (x) => x.includes("stand.html"));
    const page = readFileSync(html, "utf8");
    expect(page.includes('lang="de"'), "not German");
    for (const [p, v] of hand) expect(page.includes(p) && page.includes(String(v)), `${p} ${v} not printed`);
    await choose("#doko-print-format", "pdf");
    await choose("#doko-print-path", pdf);
    await wd.click(await wd.find("#doko-print-save"));
    await wd.textOf("#doko-print-saved", (x) => x.includes("stand.pdf"));
    expect(existsSync(pdf) && readFileSync(pdf).subarray(0, 4).toString() === "%PDF", "no PDF");
    await setLang("en");
    await wd.textOf("#doko-tie", (x) => x.startsWith("Equal totals"));
    await shotTop("doko-evening-standings-en");
    await setLang("da");
    await wd.textOf("main h1", (x) => x.length > 0 && x !== "Standings");
    await shotTop("doko-evening-standings-da");
    // The list of a closed table in English and Danish: the kind of game in the reader's
    // language (the engine's German only in German).
    await screen("doko");
    await chooseTable(3, 1);
    await setLang("en");
    await wd.textOf("#doko-closed", (x) => x.startsWith("Round 3 of table 1 is closed"));
    const rowsText = () => wd.script("return [...document.querySelectorAll('#doko-list tbody tr.doko-row td.text')].map((e) => e.textContent).join('|')");
    const en = await wd.until("the English list", async () => { const x = await rowsText(); return x.includes("normal game") ? x : null; });
    expect(en.includes("normal game") && en.includes("compulsory solo") && !en.includes("Normalspiel"), en);
    expect(en.includes("struck §8.2.2: Spiel doppelt notiert"), en);
    await wd.script("document.getElementById('doko-table-h').scrollIntoView()");
    await shot("doko-evening-closed-en");
    await setLang("da");
    const da = await wd.until("the Danish list", async () => { const x = await rowsText(); return x.includes("normalspil") ? x : null; });
    expect(!da.includes("Normalspiel") && da.includes("pligtsolo"), da);
    await wd.script("document.getElementById('doko-table-h').scrollIntoView()");
    await shot("doko-evening-closed-da");
    await setLang("de");
  });
  timings.evening_s = (Date.now() - t0) / 1000;
}

try {
  await main();
} catch (e) {
  t.state.failed += 1;
  console.log(`FAILED - could not run the end-to-end test: ${e.message}`);
} finally {
  try { await wd.quit(); } catch { /* already gone */ }
}
mkdirSync(SHOTS, { recursive: true });
writeFileSync(join(SHOTS, "timings-evening.json"), JSON.stringify(timings, null, 2));
console.log(`screenshots: ${t.state.shots.join(" ")}`);
console.log(`doko evening times (s): ${JSON.stringify(timings)}`);
process.exit(t.report());
