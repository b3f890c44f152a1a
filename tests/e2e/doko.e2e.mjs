// End to end in the real webview: a Doppelkopf club evening as its TD runs it (issue 16).
// Run by tests/e2e/doko.sh (Xvfb, tauri-driver, a temp data dir, the evening made by
// scripts/make-doko-demo.sh). The entry of a normal game and of a solo by keyboard is timed
// (printed, never asserted: speed is measured, not tested); the last line is
// `N passed, N failed`.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ENTER, env as envOf, expect, run } from "./harness.mjs";

const env = (k) => envOf(k, "tests/e2e/doko.sh");
const APP = env("TDLOG_APP");
const SHOTS = env("E2E_ARTIFACTS");
const LOG = env("E2E_LOG");
const FRESH = env("E2E_FRESH_LOG");
const ESC = "\uE00C";

// Each check stands on its own here: one failing does not skip the rest.
const t = run({ shotsDir: SHOTS, chained: false });
const { wd, shot, shotTop, check, choose, verifiedCount, banner } = t;
const timings = {};

const GROUP_OF = { doko: "doppelkopf", "doko-standings": "doppelkopf", "doko-draw": "doppelkopf", start: "settings" };

/** Opens a screen through the menu (its group from the table above). */
const screen = (id) => t.screen(GROUP_OF[id], id);

/** Waits until the log holds `n` more verified events than `before`. */
const signedOne = (before, what, n = 1) => t.signed(before, what, n, 30000);

async function listRows() {
  return (await wd.findAll("#doko-list tbody tr.doko-row")).length;
}

async function chooseTable(round, table) {
  await wd.click(await wd.find(`.doko-cell[data-round="${round}"][data-table="${table}"]`));
  await wd.textOf("#doko-table-h", (t) => t.includes(String(table)));
}

/** Types a game into the entry line and signs it with Enter; returns the seconds from the
 * first key to the new row on the list (the app's time plus WebDriver's round trips).
 * `perKeyMs`: a pause after each key, a TD typing from the paper list (0: as fast as
 * WebDriver sends them). */
async function enterGame(line, perKeyMs = 0) {
  const rows = await listRows();
  const before = await verifiedCount();
  const input = await wd.find("#doko-entry");
  const t0 = Date.now();
  await wd.click(input);
  if (perKeyMs > 0) {
    for (const k of line + ENTER) {
      await wd.type(input, k);
      await new Promise((r) => setTimeout(r, perKeyMs));
    }
  } else {
    await wd.type(input, line + ENTER);
  }
  await signedOne(before, `the game "${line}"`);
  await wd.until("the new row", async () => (await listRows()) === rows + 1, 30000);
  return (Date.now() - t0) / 1000;
}

async function totals() {
  return wd.script("return [...document.querySelectorAll('#doko-list tfoot td.total')].map((e) => Number(e.textContent))");
}

async function main() {
  await wd.until("tauri-driver", () => fetch(`${wd.url}/status`).then((r) => r.ok), 30000);
  await wd.start(APP, [LOG]);

  await check("a Doppelkopf log opens on the evening: three tables of round 1", async () => {
    await wd.until("the evening", async () => (await wd.findAll(".doko-cell")).length === 3, 60000);
    expect((await wd.attr(await wd.find("main"), "data-screen")) === "doko", "not on the doko screen");
    await wd.click(await wd.find("#lang-de"));
    await wd.textOf("#nav-group-doppelkopf", (t) => t === "Doppelkopf");
    await wd.textOf("main h1", (t) => t === "Doppelkopf-Abend");
    const cells = await Promise.all((await wd.findAll(".doko-cell .games")).map((e) => wd.text(e)));
    expect(cells.join("|") === "4 von 16 Spielen|3 von 16 Spielen|5 von 20 Spielen", `cells: ${cells.join("|")}`);
    const t1 = await wd.text(await wd.find('.doko-cell[data-table="1"]'));
    expect(t1.includes("Spiel 5 läuft"), `table 1: ${t1}`);
  });

  await check("table 2: the list with its running totals and the next dealer", async () => {
    await chooseTable(1, 2);
    await wd.until("three rows", async () => (await listRows()) === 3);
    const next = await wd.textOf("#doko-next");
    expect(next.startsWith("Spiel 4, Geber"), next);
    await shotTop("doko-evening-de");
  });

  let normal = 0;
  let solo = 0;
  await check("a normal game typed from the paper list and signed with Enter", async () => {
    const before = await totals();
    normal = await enterGame("bc 121 br");
    timings.normal_s = normal;
    const after = await totals();
    const moved = after.map((v, i) => v - before[i]);
    // Re (B, C) wins with 121 eyes after B's "Re": points to B and C alike, none to Kontra
    // (the plus-only list, §6.2; the engine computes how many).
    expect(moved[1] > 0 && moved[1] === moved[2] && moved[0] === 0 && moved[3] === 0, `the game moved the totals by ${moved}`);
    console.log(`doko entry: normal game ${normal.toFixed(2)} s`);
    // The same at a TD's typing pace (a key every 300 ms, reading the list): Re (A, D) lose.
    timings.normal_typed_s = await enterGame("ad 100 ar", 300);
    console.log(`doko entry: normal game typed at 300 ms a key ${timings.normal_typed_s.toFixed(2)} s`);
  });

  await check("a solo typed and signed: the Pflichtsolo keeps the deal", async () => {
    const next = await wd.textOf("#doko-next");
    solo = await enterGame("d/d 140");
    timings.solo_s = solo;
    const text = await wd.script("return [...document.querySelectorAll('#doko-list tbody tr.doko-row')].at(-1).textContent");
    expect(/^6 P/.test(text.trim()), `the last row: ${text}`);
    const dealer = (s) => s.replace(/^Spiel \d+, Geber /, "").split(":")[0];
    const again = await wd.textOf("#doko-next");
    expect(dealer(again) === dealer(next), `the deal moved from ${next} to ${again}`);
    console.log(`doko entry: solo ${solo.toFixed(2)} s`);
    timings.solo_typed_s = await enterGame("b/kr 150 br", 300);
    console.log(`doko entry: solo typed at 300 ms a key ${timings.solo_typed_s.toFixed(2)} s`);
  });

  await check("what the rules refuse is refused naming its rule, in German, nothing signed", async () => {
    const before = await verifiedCount();
    const input = await wd.find("#doko-entry");
    await wd.click(input);
    await wd.type(input, "a/d 130 l" + ENTER);
    const b = await wd.until("the refusal", banner);
    expect(b.includes("§"), `banner: ${b}`);
    expect(b.includes("abgelehnt"), `banner not in German: ${b}`);
    expect((await verifiedCount()) === before, "something was signed");
    await wd.textOf("#doko-held", (t) => t.includes("a/d 130 l"));
    await shotTop("doko-refusal-de");
    await wd.click(await wd.find("#error-banner button"));
    // The refused line back into the entry to fix it; Esc twice drops it.
    await wd.click(await wd.find("#doko-held-edit"));
    expect((await wd.script("return document.querySelector('#doko-entry').value")) === "a/d 130 l", "the refused line is not back");
    await wd.type(await wd.find("#doko-entry"), ESC + ESC);
    await wd.until("the entry empty", async () => (await wd.script("return document.querySelector('#doko-entry').value")) === "");
  });

  await check("games typed ahead wait their turn; after a refusal the rest is not signed", async () => {
    // Three lines in one go: the first is signed, the second refused (A owes his
    // Pflichtsolo, §3.3.1), the third is shown as not signed (its dealer depended on the
    // refused game) and the refused line comes back into the entry.
    const rows = await listRows();
    const before = await verifiedCount();
    const input = await wd.find("#doko-entry");
    await wd.click(input);
    await wd.type(input, "ac 130" + ENTER + "a/d 130 l" + ENTER + "cd 130" + ENTER);
    const b = await wd.until("the refusal", banner, 30000);
    expect(b.includes("§3.3.1"), `banner: ${b}`);
    const h = await wd.textOf("#doko-held", (t) => t.includes("a/d 130 l") && t.includes("cd 130"));
    expect(!h.includes("ac 130"), h);
    expect((await verifiedCount()) === before + 1, "not exactly one game signed");
    expect((await listRows()) === rows + 1, "not exactly one new row");
    await wd.click(await wd.find("#error-banner button"));
    await wd.click(await wd.find("#doko-held-edit"));
    expect((await wd.script("return document.querySelector('#doko-entry').value")) === "a/d 130 l", "the refused line is not back");
    await wd.textOf("#doko-unsigned", (t) => t.includes("cd 130"));
    await wd.type(await wd.find("#doko-entry"), ESC + ESC);
    await wd.until("nothing left to retype", async () => (await wd.findAll("#doko-unsigned")).length === 0);
  });

  await check("a wrongly noted game is corrected (§8.2.1) with its reason, shown in the list", async () => {
    const before = await verifiedCount();
    await wd.click(await wd.find('#doko-list tr.doko-row[data-game="2"] .doko-fix'));
    const before2 = await totals();
    // Game 2 was noted as Re (B, D) lost with 100 eyes; Re had 125 and won.
    await wd.type(await wd.find("#doko-fix-entry"), "bd 125 br");
    await wd.type(await wd.find("#doko-fix-reason"), "Augen verzählt");
    await wd.textOf("#doko-fix-preview", (t) => t.includes("Normalspiel"));
    await wd.click(await wd.find("#doko-fix-sign"));
    await signedOne(before, "the correction");
    const c = await wd.textOf("#doko-corrections", (t) => t.includes("Augen verzählt"));
    expect(c.includes("§8.2.1"), c);
    const after = await wd.until("new totals", async () => {
      const t = await totals();
      return JSON.stringify(t) !== JSON.stringify(before2) ? t : null;
    });
    expect(after[1] > before2[1] && after[3] > before2[3] && after[0] < before2[0], `totals ${before2} -> ${after}`);
    await shotTop("doko-corrected-de");
  });

  await check("the Schiedsrichter's ruling at table 1: the objection is recorded at once (§8.8.7)", async () => {
    const before = await verifiedCount();
    const r = await wd.textOf(".doko-ruling", (t) => t.includes("Kein Einspruch"));
    expect(r.includes("Runde 1, Tisch 1, Spiel 5"), r);
    await wd.click(await wd.find(".doko-ruling .doko-object"));
    await signedOne(before, "the objection");
    await wd.textOf(".doko-ruling .ruling-state", (t) => t.startsWith("Einspruch offen"));
    const cell = await wd.text(await wd.find('.doko-cell[data-table="1"]'));
    expect(cell.includes("Einspruch offen"), `cell: ${cell}`);
  });

  await check("the Schiedsgericht decides (final) and sanctions a player (§8.7.2)", async () => {
    await screen("start");
    await choose("#sign-as", "committee1");
    await wd.until("committee key signs", async () => (await wd.script("return document.querySelector('#sign-as').value")) === "committee1");
    await screen("doko");
    await wd.until("the ruling", async () => (await wd.findAll(".doko-ruling .doko-decide")).length === 1);
    await choose(".doko-ruling .doko-decide-class", "Geringfuegig");
    let before = await verifiedCount();
    await wd.click(await wd.find(".doko-ruling .doko-decide"));
    await signedOne(before, "the decision");
    const d = await wd.textOf(".doko-ruling .ruling-state", (t) => t.startsWith("Schiedsgericht entschieden"));
    expect(d.includes("geringfügig"), d);
    await wd.script("document.getElementById('doko-rulings-h').scrollIntoView()");
    await shot("doko-schiedsgericht-de");
    // A deduction of 3 points from B at table 2.
    await chooseTable(1, 2);
    const t0 = await totals();
    await wd.click(await wd.find("#doko-penalty summary"));
    await choose("#doko-pen-game", "1");
    await choose("#doko-pen-seat", "B");
    await choose("#doko-pen-points", "3");
    before = await verifiedCount();
    await wd.click(await wd.find("#doko-pen-sign"));
    await signedOne(before, "the deduction");
    await wd.until("the deduction in the totals", async () => (await totals())[1] === t0[1] - 3);
    await screen("start");
    await choose("#sign-as", "");
  });

  await check("the standings: thirteen players, placed under the signed tie rule", async () => {
    await screen("doko-standings");
    await wd.until("13 players", async () => (await wd.findAll("#doko-standings tr.standing")).length === 13);
    const tie = await wd.text(await wd.find("#doko-tie"));
    expect(tie.includes("geteilter Platz"), tie);
    await shotTop("doko-standings-de");
    await wd.click(await wd.find("#lang-en"));
    await wd.textOf("#doko-tie", (t) => t.startsWith("Equal totals"));
    await shotTop("doko-standings-en");
  });

  await check("the evening, the list and the seat draw in English and Danish", async () => {
    await screen("doko");
    await wd.textOf("main h1", (t) => t === "Doppelkopf evening");
    await chooseTable(1, 2);
    await shotTop("doko-evening-en");
    await screen("doko-draw");
    await wd.textOf("#doko-draw-state", (t) => t.startsWith("Drawn and revealed"));
    await wd.until("the plan of round 2", async () => (await wd.findAll("#doko-plan .doko-plan-table")).length === 3);
    await shotTop("doko-draw-en");
    await wd.click(await wd.find("#lang-de"));
    await wd.textOf("#doko-draw-state", (t) => t.startsWith("Ausgelost"));
    await shotTop("doko-draw-de");
    await wd.click(await wd.find("#lang-da"));
    await screen("doko");
    await wd.textOf("main h1", (t) => t === "Doppelkopf-aften");
    await shotTop("doko-evening-da");
    await wd.click(await wd.find("#lang-de"));
  });

  await check("a new evening: the seat draw committed, revealed and round 1 seated in the app (§7.3.1)", async () => {
    await screen("start");
    await wd.type(await wd.find("#open-path"), FRESH);
    await wd.click(await wd.find("#open-submit"));
    await wd.until("the new evening", async () => (await wd.attr(await wd.find("main"), "data-screen")) === "doko"
      && (await wd.findAll("#doko-empty")).length === 1, 30000);
    await screen("doko-draw");
    await wd.textOf("#doko-draw-state", (t) => t === "Noch nicht ausgelost.");
    await wd.type(await wd.find("#doko-field"), "Anna, Bert, Cleo, Dora, Emil, Fritz, Gabi, Hans, Ida");
    await wd.until("nine players", async () => (await wd.attr(await wd.find("#doko-commit"), "disabled")) === null);
    await shotTop("doko-draw-commit-de");
    let before = await verifiedCount();
    await wd.click(await wd.find("#doko-commit"));
    await signedOne(before, "the commit");
    await wd.textOf("#doko-draw-state", (t) => t.startsWith("Festgelegt"));
    before = await verifiedCount();
    await wd.click(await wd.find("#doko-reveal"));
    await signedOne(before, "the reveal");
    await wd.textOf("#doko-draw-state", (t) => t.startsWith("Ausgelost"));
    const tables = await wd.until("the plan of round 1", async () => {
      const n = await wd.script("return [...document.querySelectorAll('#doko-plan .doko-plan-table')].map((t) => t.querySelectorAll('li').length)");
      return n.length ? n : null;
    });
    expect(JSON.stringify(tables) === "[4,5]", `tables ${tables}`);
    before = await verifiedCount();
    await wd.click(await wd.find("#doko-plan-sign"));
    await signedOne(before, "the seating", 2);
    await wd.textOf("#doko-plan-seated", () => true);
    // A latecomer plays from round 2.
    await wd.type(await wd.find("#doko-presence-player"), "Zoe");
    await choose("#doko-presence-round", "2");
    before = await verifiedCount();
    await wd.click(await wd.find("#doko-presence-sign"));
    await signedOne(before, "the arrival");
    await choose("#doko-plan-round", "2");
    await wd.until("Zoe in the plan of round 2", async () =>
      (await wd.script("return document.querySelector('#doko-plan').textContent")).includes("Zoe"));
    await screen("doko");
    await wd.until("two tables seated", async () => (await wd.findAll(".doko-cell")).length === 2);
    // The first game of table 1, on a list that was empty.
    await chooseTable(1, 1);
    await wd.textOf("#doko-next", (t) => t.startsWith("Spiel 1, Geber"));
    await enterGame("ab 130");
  });
}

try {
  await main();
} catch (e) {
  t.state.failed += 1;
  console.log(`FAILED - could not run the end-to-end test: ${e.message}`);
} finally {
  try { await wd.quit(); } catch { /* already gone */ }
}
writeFileSync(join(SHOTS, "timings.json"), JSON.stringify(timings, null, 2));
console.log(`screenshots: ${t.state.shots.join(" ")}`);
console.log(`doko entry times (s): ${JSON.stringify(timings)}`);
process.exit(t.report());
