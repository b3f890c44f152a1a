// Issue 28's acceptance in the real webview, as a new tournament director runs an evening with
// the app alone, by keyboard and clicks, in German:
//  1. From an empty data dir: this device's key, a new bridge tournament, a club pairs evening
//     set up in the app (14 pairs, a 7-table Mitchell, 3 rounds of 2 boards), its hand records
//     attached from a dealing program's PBN, every traveller line typed and signed with Enter,
//     an irregularity ruled with an adjusted score, the results published. The app's ranking
//     equals `tdlog ranking` of the same log, and the PBN `tdlog write-results pbn` writes of it
//     scores the same in endplay, another program's reader (tests/e2e/endplay_check.py).
//  2. A teams match set up in the app with captains (Law 92D), a ruling appealed by a team
//     with its captain's consent, routed and decided.
//  3. A Doppelkopf log shows no bridge screen and a bridge log no Doppelkopf screen; after an
//     agreed claim no card is offered, and one sent anyway is refused with nothing signed
//     (Law 68D).
// Run by tests/e2e/evening.sh; the last line is `N passed, N failed`. The time per traveller
// line (keystrokes and Enter until the next row has the cursor) is printed, never asserted.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ENTER, cli, env, expect, run } from "./harness.mjs";

const SCRIPT = "tests/e2e/evening.sh";
const APP = env("TDLOG_APP", SCRIPT);
const CLI = env("TDLOG_CLI", SCRIPT);
const CLI_DATA = env("E2E_CLI_DATA", SCRIPT);
const WORK = env("E2E_WORK", SCRIPT);
const HANDS = env("E2E_HANDS", SCRIPT);
const SHOTS = env("E2E_ARTIFACTS", SCRIPT);

const t = run({ shotsDir: SHOTS });
const { wd, check, screen, choose, type, press, shot, shotTop, shotAt, textAt } = t;
const LOG = join(WORK, "clubabend.tdlog");
const TEAMS = join(WORK, "mannschaft.tdlog");
const DOKO = join(WORK, "doko.tdlog");
const timings = { lines: [], keys: 0 };

/** Waits until the app has this log open (its name in the status bar) and verified. */
async function opened(name) {
  await wd.until(`log ${name} open`, async () => (await textAt("#open-log-name")) === name, 60000);
  await wd.until("verified", async () => /Geprüft|Verified|Verificeret/.test(await textAt(".statusbar")), 60000);
}

/** A new tournament from the Start screen (Einstellungen), signed by this device as chief TD. */
async function newTournament(path, name, game, profile) {
  await screen("settings", "start");
  await choose("#new-path", path);
  await choose("#new-name", name);
  await choose("#new-game", game);
  await choose("#new-profile", profile);
  await choose("#new-org", "Bridgeclub Eppstein");
  await choose("#new-chief", "Anna Berg");
  await press("#create-save");
  await opened(name);
}

/** The results of the evening, board by board (three tables play each board in 3 rounds): a
 * scorer's travellers, typed in German (SA = Sans Atout, P/C/K/T = Pik, Coeur, Karo, Treff,
 * seats N O S W). */
const LINES = [
  ["3SA N =", "3SA N +1", "4P O -1"], ["2C S =", "3C S -1", "2C S +1"], ["4P N =", "4P N +1", "5K O X -2"],
  ["1SA S =", "2T O =", "1SA S -1"], ["3SA S =", "3SA S =", "4C N -1"], ["2P O =", "2P O +1", "3K N -2"],
  ["4C S =", "4C S -1", "4C S +1"], ["3K O =", "3SA N -2", "2K O +1"], ["6C N =", "4C N +2", "6C N -1"],
  ["2SA N =", "3SA N -1", "1SA N +1"], ["4P O =", "4P O -1", "3P O +1"], ["3T S =", "3T S +1", "2C N =" ],
  ["1SA O =", "2K N -1", "1SA O +1"], ["5T S =", "3SA S +1", "5T S -1"],
];

await check("a new TD starts from an empty data dir: a device key and a new bridge tournament, in German", async () => {
  await wd.start(APP);
  // First start: the app opens its demo; the TD switches to German and makes a tournament.
  await wd.until("the app is up", async () => (await wd.findAll("#nav-group-settings")).length > 0, 60000);
  // The demo opens on its own at first start (its copy signed with fresh clocks), then shows
  // its dashboard: wait for it, or it takes the window from the form below.
  await wd.until("the demo opened", async () => /\d/.test(await textAt("#verification-text")), 60000);
  await wd.click(await wd.find("#lang-de"));
  await screen("settings", "start");
  await press("#key-create");
  await wd.until("a device key", async () => (await wd.findAll("#device-fingerprint")).length > 0, 30000);
  await newTournament(LOG, "Clubabend 28. November", "bridge", "dbv-2017");
  const s = await wd.until("the empty dashboard", async () => (await textAt("#dash-empty")) || null);
  expect(s.includes("Movement"), `the dashboard of an empty tournament: ${s}`);
  await shotTop("evening-dashboard-empty-de");
});

await check("set-up: 14 pairs, the engine offers the movements; a 7-table Mitchell, 3 rounds of 2 boards, names typed, shown round by round, signed", async () => {
  await press("#dash-setup");
  await wd.until("set-up screen", async () => (await wd.attr(await wd.find("main"), "data-screen")) === "setup");
  await choose("#setup-title", "Paarturnier am Freitag");
  await choose("#setup-count", "14");
  const options = await wd.until("movements that fit", async () => {
    const o = await wd.script("return [...document.querySelectorAll('#setup-movement option')].map(o => [o.value, o.textContent])");
    return o.length ? o : null;
  });
  expect(options.some(([, l]) => l.startsWith("Mitchell: 7 Tische")), `offered: ${options.map(([, l]) => l).join(" | ")}`);
  expect(options.some(([, l]) => /Howell/.test(l)), "a Howell is offered for 14 pairs");
  const mitchell = options.find(([, l]) => l.startsWith("Mitchell: 7 Tische, 7 Runden zu 3"))[0];
  await choose("#setup-movement", mitchell);
  await choose("#setup-rounds", "3");
  await choose("#setup-bpr", "2");
  for (let n = 1; n <= 14; n += 1) {
    await choose(`#setup-name-${n}`, `Paar ${n}`);
    await choose(`#setup-members-${n}`, `Spieler ${n}a, Spieler ${n}b`);
  }
  const shape = await wd.until("the preview", async () => {
    const s = await textAt("#setup-preview");
    return s.includes("7 Tische, 3 Runden, 14 Boards") ? s : null;
  });
  expect(shape.includes("Runde 3"), "three rounds shown");
  await shotAt("evening-setup-de", "#setup-preview");
  await press("#setup-sign");
  await wd.until("the section", async () => (await textAt("#setup-sections")).includes("Paarturnier am Freitag"), 20000);
  const row = await textAt("#setup-sections tbody tr");
  expect(/14\s+7 \/ 3\s+14\s+0/.test(row), `what the log holds: ${row}`);
});

await check("hand records: a dealing program's PBN shown before it is signed, then the deals attached to the boards", async () => {
  await choose("#hands-path", HANDS);
  await press("#hands-show");
  const p = await wd.until("the preview", async () => {
    const s = await textAt("#hands-preview");
    return s ? s : null;
  });
  expect(p.includes("27"), `27 board facts to sign: ${p}`);
  const rows = await wd.findAll("#hands-table tbody tr[data-status='new']");
  expect(rows.length === 27, `27 new deals, ${rows.length}`);
  await shotAt("evening-hands-de", "#hands-preview");
  await press("#hands-sign");
  await wd.until("signed", async () => (await textAt("#hands-done")).includes("27"));
  const row = await textAt("#setup-sections tbody tr");
  expect(/14\s+14\s+0$/.test(row.trim()), `14 of 14 boards have a deal: ${row}`);
});

await check("the scoring policy said in words; outside Law 12C2(a) refused naming the law, the club's rule signed", async () => {
  const knobs = await wd.until("the policy in words", async () => (await textAt("#policy-knobs-A")) || null);
  expect(knobs.includes("Matchpunkte (§ 78 A)") && knobs.includes("Durchschnitt plus 60 %") && knobs.includes("noch keine Abrechnungsregel"), `the defaults: ${knobs}`);
  await choose("#policy-plus-A", "55");
  await choose("#policy-minus-A", "45");
  await type("#policy-note-A", "Turnierordnung des Clubs 2026");
  await press("#policy-save-A");
  const refused = await wd.until("the refusal", async () => (await textAt("#error-banner")) || null);
  expect(refused.includes("§ 12 C 2 (a)"), `refused: ${refused}`);
  await wd.click(await wd.find("#error-banner button"));
  await choose("#policy-plus-A", "60");
  await choose("#policy-minus-A", "40");
  await choose("#policy-factoring-A", "pro_rata");
  await press("#policy-save-A");
  const now = await wd.until("signed", async () => {
    const k = await textAt("#policy-knobs-A");
    return k.includes("Festgelegt durch") ? k : null;
  }, 20000);
  expect(now.includes("im Verhältnis zum vollen Top"), `the policy now: ${now}`);
  await shotAt("evening-policy-de", "#setup-policy");
});

await check("result entry: every traveller line typed by keyboard and signed with Enter; the board's line is checked as it is typed", async () => {
  await screen("results", "travellers");
  await choose("#tl-board", "1");
  await press("#tl-open");
  for (let b = 1; b <= 14; b += 1) {
    await wd.until(`board ${b}`, async () => (await textAt("#tl-h")).includes(`Board ${b}`) || (await textAt("#tl-h")).includes(` ${b}`));
    for (const line of LINES[b - 1]) {
      const t0 = Date.now();
      const input = await wd.until("the cursor on an empty row", async () => {
        const focused = await wd.script("const e = document.activeElement; return e && e.classList.contains('tl-line') ? e.dataset.key : null");
        return focused ? wd.find(`input.tl-line[data-key="${focused}"]`) : null;
      });
      if (b === 1 && line === LINES[0][0]) {
        // As it is typed: a German line understood with its score (vulnerability by Law 2).
        await wd.type(input, line);
        const c = await wd.until("the check", async () => {
          const s = await wd.script("const e = document.activeElement; return document.getElementById('tl-check-' + e.dataset.key)?.textContent ?? ''");
          return s ? s : null;
        });
        expect(c.includes("400") || c.includes("+400"), `3SA N = understood: ${c}`);
        await shotAt("evening-traveller-typing-de", "#tl-grid");
        await wd.type(input, ENTER);
      } else {
        await wd.type(input, line + ENTER);
      }
      timings.keys += line.length + 1;
      // Signed: the row shows the line and the cursor moves on (or the next board opens).
      await wd.until("signed", async () => {
        const a = await wd.script("const e = document.activeElement; return e && e.classList.contains('tl-line') && e.value === '' ? e.dataset.key : 'none'");
        return a !== "none" || (b === 14 && line === LINES[13][2]);
      }, 20000);
      timings.lines.push(Date.now() - t0);
    }
  }
  await wd.until("every line in", async () => (await textAt("#tl-missing")).match(/\b0\b|kein|alle/i));
  await shotAt("evening-traveller-de", "#tl-grid");
  const ranking = await wd.findAll("#tl-ranking tbody tr");
  expect(ranking.length === 14, `14 pairs ranked beside the traveller: ${ranking.length}`);
  // A line typed on a full board is a duplicate: refused as typed, naming Law 79C.
  await choose("#tl-board", "1");
  await press("#tl-open");
  await wd.until("board 1", async () => (await wd.findAll(".tl-row")).length === 3);
});

await check("an irregularity ruled with an adjusted score (artificial, Law 12C2) at round 2, table 4, board 9", async () => {
  await screen("incidents", "rulings");
  await choose("#ruling-round", "2");
  await choose("#ruling-table", "4");
  await choose("#ruling-board", "9");
  await wd.until("the contestants from the movement", async () => (await wd.script("return document.querySelector('#ruling-ns').value")) !== "");
  await choose("#ruling-facts", "Ost spielte zu Stich 3 aus der falschen Hand aus; der Tisch kam durcheinander und das Board konnte nicht zu Ende gespielt werden.");
  await choose("#ruling-laws", "12C2");
  await choose("#ruling-category", "law");
  await choose("#ruling-decision", "Kein Ergebnis möglich: künstliches berichtigtes Ergebnis, Nord-Süd ohne Schuld.");
  await choose("#ruling-adj-kind", "artificial");
  await wd.until("preset", async () => (await wd.findAll("#ruling-adj-preset")).length > 0);
  await choose("#ruling-adj-preset", "60/40");
  await shotAt("evening-ruling-de", "#ruling-form");
  await press("#ruling-save");
  await wd.until("the ruling listed", async () => (await textAt("#rulings-list")).includes("12C2") || (await textAt("#rulings-list")).includes("12 C 2"), 20000);
});

await check("the results published; the app's ranking equals `tdlog ranking` of the same log", async () => {
  await screen("results", "publish");
  await press("#publish-save");
  await wd.until("published", async () => (await wd.findAll("#publications li")).length === 1, 20000);
  await screen("results", "scores");
  const rows = await wd.until("ranking", async () => {
    const r = await wd.script("return [...document.querySelectorAll('#ranking-table tbody tr')].map(tr => [...tr.cells].map(c => c.innerText.trim()))");
    return r.length === 14 ? r : null;
  });
  const json = JSON.parse(cli(CLI, CLI_DATA, ["ranking", LOG, "--json"]));
  const st = json.sections ? json.sections.flatMap((s) => s.standings) : json.standings;
  const cliRows = st.map((s) => [String(s.place), s.name, `${s.total} ${s.unit}`]);
  const app = rows.map((r) => [r[0], r[1], r[2]]);
  expect(JSON.stringify(app) === JSON.stringify(cliRows), `app ${JSON.stringify(app)}\n cli ${JSON.stringify(cliRows)}`);
  await shotTop("evening-ranking-de");
  writeFileSync(join(WORK, "ranking.json"), JSON.stringify(json));
});

await check("the PBN `tdlog write-results pbn` writes of the session scores the same in endplay (another program's reader)", async () => {
  const pbn = join(WORK, "clubabend.pbn");
  cli(CLI, CLI_DATA, ["write-results", "pbn", LOG, "--out", pbn]);
  writeFileSync(join(WORK, "results.json"), cli(CLI, CLI_DATA, ["results", LOG, "--json"]));
  const out = execFileSync(process.env.E2E_PYTHON || "python3", ["tests/e2e/endplay_check.py", pbn, join(WORK, "results.json"), join(WORK, "ranking.json")], { encoding: "utf8" });
  console.log(out.trim().split("\n").map((l) => `  ${l}`).join("\n"));
  expect(/^ok:/m.test(out), out);
});

await check("the evening's screens in English and Danish: the dashboard, the set-up, result entry", async () => {
  for (const lang of ["en", "da"]) {
    await wd.click(await wd.find(`#lang-${lang}`));
    await screen("tournament", "dashboard");
    await wd.until("the grid", async () => (await wd.findAll("#dash-grid-A")).length > 0);
    await shotTop(`evening-dashboard-${lang}`);
    await screen("tournament", "setup");
    await wd.until("the sections", async () => (await textAt("#setup-sections")).includes("Paarturnier am Freitag"));
    await shotTop(`evening-setup-${lang}`);
    await shotAt(`evening-policy-${lang}`, "#setup-policy");
    await screen("results", "travellers");
    await choose("#tl-board", "9");
    await press("#tl-open");
    await wd.until("board 9", async () => (await wd.findAll(".tl-row")).length === 3);
    await shotAt(`evening-traveller-${lang}`, "#tl-grid");
  }
  await wd.click(await wd.find("#lang-de"));
});

await check("from the traveller: a fouled board (Law 87) in two groups, and a pair late from round 3", async () => {
  await screen("results", "travellers");
  await choose("#tl-board", "14");
  await press("#tl-open");
  await wd.until("board 14", async () => (await wd.findAll(".tl-row")).length === 3);
  await wd.script("const d = document.getElementById('tl-acts'); d.open = true;");
  // The first table alone in group 2: the other two compared with each other.
  const first = await wd.script("return document.querySelector('.tl-group').dataset.key");
  await choose(`.tl-group[data-key="${first}"]`, "2");
  await type("#tl-fouled-why", "Karten von Nord und Süd nach Runde 1 vertauscht");
  await press("#tl-fouled-save");
  await wd.until("the board marked fouled", async () => /§ 87/.test(await textAt("#tl-grid")), 20000);
  const pair = await wd.script("return document.querySelector('.tl-row td[data-col=\"ew\"]').textContent.trim()");
  const id = await wd.script("return [...document.querySelectorAll('#tl-att-who option')].find((o) => o.textContent === arguments[0])?.value", [pair]);
  await choose("#tl-att-who", id);
  await choose("#tl-att-status", "late");
  await choose("#tl-att-round", "3");
  await type("#tl-att-why", "Stau auf der A3");
  await press("#tl-att-save");
  await wd.until("the pair marked late", async () => /verspätet, ab Runde 3/.test(await textAt("#tl-grid")), 20000);
  await shotAt("evening-fouled-de", "#tl-acts");
});

await check("a teams match set up with captains; a ruling appealed by a team with its captain's consent (Law 92D), routed and decided", async () => {
  await newTournament(TEAMS, "Mannschaftskampf", "bridge", "dbv-2017");
  await screen("tournament", "setup");
  await choose("#setup-title", "Vereinsmannschaften");
  await choose("#setup-form-kind", "teams");
  await choose("#setup-count", "2");
  const ko = await wd.until("a knock-out match is offered for two teams", async () => {
    const o = await wd.script("return [...document.querySelectorAll('#setup-movement option')].map(o => [o.value, o.textContent])");
    return o.find(([v]) => v.includes("knock_out"))?.[0] ?? null;
  });
  await choose("#setup-movement", ko);
  await choose("#setup-rounds", "1");
  await choose("#setup-bpr", "4");
  const teams = [["Löwen", "Ada Ahrens, Ben Brandt, Carl Claus, Dina Dorn", "Ada Ahrens"], ["Adler", "Erik Ernst, Fee Falk, Gero Graf, Hanna Hahn", "Gero Graf"]];
  for (const [i, [name, members, captain]] of teams.entries()) {
    await choose(`#setup-name-${i + 1}`, name);
    await choose(`#setup-members-${i + 1}`, members);
    await choose(`#setup-captain-${i + 1}`, captain);
  }
  await wd.until("the preview", async () => (await textAt("#setup-preview")).includes("Löwen"));
  await shotAt("teams-setup-de", "#setup-form");
  await press("#setup-sign");
  await wd.until("the section", async () => (await textAt("#setup-sections")).includes("Vereinsmannschaften"), 20000);
  expect(!(await wd.findAll("#setup-captains-A")).length, "every team has its captain");
  // Round 1, table 1: the ruling (a point of law: the chief TD hears it, Law 93B1).
  await screen("incidents", "rulings");
  await choose("#ruling-round", "1");
  await choose("#ruling-table", "1");
  await choose("#ruling-board", "2");
  await wd.until("the teams from the movement", async () => (await wd.script("return document.querySelector('#ruling-ew').value")) === "Adler");
  await choose("#ruling-facts", "Süd passte nach einer Ansage außer der Reihe von West; West wurde zum Passen gezwungen.");
  await choose("#ruling-laws", "31A");
  await choose("#ruling-category", "law");
  await choose("#ruling-decision", "Ansage außer der Reihe: Partner des Schuldigen muss passen (§ 31 A).");
  await choose("#ruling-offender", "Adler");
  await press("#ruling-save");
  await wd.until("the ruling listed", async () => (await wd.findAll("#rulings-list .ruling-item")).length === 1, 20000);
  // The appeal: filed for the team; the screen names who must consent before the first try.
  await screen("appeals", "appeals");
  const ruling = await wd.until("the ruling to appeal", async () => {
    const o = await wd.script("return [...document.querySelectorAll('#file-ruling option')].map(o => o.value).filter(Boolean)");
    return o[0] ?? null;
  });
  await choose("#file-ruling", ruling);
  await choose("#file-appellant", "Adler");
  const rule = await wd.until("the consent rule", async () => (await textAt("#file-consent-rule")) || null);
  expect(rule.includes("Gero Graf") && rule.includes("Kapitän"), `the captain named before the first try: ${rule}`);
  await wd.click(await wd.find("#file-consent-rule .consent-who[value='Gero Graf']"));
  await choose("#file-grounds", "West hat nicht außer der Reihe angesagt: Süd war am Zug.");
  await shotAt("teams-appeal-file-de", "#file-form");
  await press("#file-save");
  await wd.until("filed", async () => (await wd.findAll("#appeals-list .appeal-item")).length === 1, 20000);
  expect(!(await wd.findAll("#consent-missing")).length, "the captain's consent is complete");
  // Routed to the chief TD (a point of law, Law 93B1) and decided by him.
  await choose("#route-to", "chief_td");
  await press("#route-save");
  await wd.until("at the chief TD", async () => /turnierleiter/i.test(await textAt("#dossier-status")), 20000)
    .catch(async (e) => { throw new Error(`${e.message}: status "${await textAt("#dossier-status")}", error "${await textAt("#error-banner")}"`); });
  await choose("#decide-decision", "upheld");
  await choose("#decide-laws", "31A");
  await choose("#decide-reasoning", "West hat außer der Reihe angesagt; die Entscheidung bleibt bestehen.");
  await press("#decide-save");
  await wd.until("decided", async () => /entschieden/i.test(await textAt("#dossier-status")), 20000);
  await shotAt("teams-appeal-decided-de", "#appeal-dossier");
});

await check("a Doppelkopf log shows no bridge screen, a bridge log no Doppelkopf screen; a card after an agreed claim is refused, nothing signed (Law 68D)", async () => {
  const groups = async () => wd.script("return [...document.querySelectorAll('header nav button')].map(b => b.id.replace('nav-group-', ''))");
  const bridge = await groups();
  expect(!bridge.includes("doppelkopf") && bridge.includes("tables"), `a bridge log's menu: ${bridge}`);
  await newTournament(DOKO, "Doppelkopfabend", "doppelkopf", "eppstein-2001");
  const doko = await groups();
  expect(doko[0] === "doppelkopf" && !doko.some((g) => ["tables", "appeals", "results"].includes(g)), `a Doppelkopf log's menu: ${doko}`);
  const screens = await wd.script("return [...document.querySelectorAll('nav.subnav button')].map(b => b.id)");
  expect(!screens.includes("nav-board"), `no Board screen: ${screens}`);
  await shotTop("doko-menu-de");
  // Back to the club evening: board 1 at table 1 of round 1 played card by card to a claim.
  await screen("settings", "start");
  const recent = await wd.until("the club evening among the recent logs", async () => {
    for (const b of await wd.findAll("#recent-list button")) if ((await wd.text(b)) === LOG) return b;
    return null;
  });
  await wd.click(recent);
  await opened("Clubabend 28. November");
  const slot = { section: "A", round: 1, table: 1, board: 3 };
  // The board's auction and four cards from the board screen, then the claim agreed.
  await screen("tables", "board");
  await choose("#board-round", "1");
  await choose("#board-table", "1");
  await choose("#board-board", "3");
  await press("#board-show");
  await wd.until("the deal", async () => (await wd.findAll("#hand-diagram .hand")).length === 4);
  const call = async (seat, c) => {
    await choose("#call-seat", seat);
    await choose("#call-call", c);
    await press("#call-save");
    await wd.until(`call ${c}`, async () => (await wd.script("return document.querySelector('#call-call').value")) === "");
  };
  // Board 3: dealer South (Law 2).
  for (const [s, c] of [["S", "1NT"], ["W", "Pass"], ["N", "3NT"], ["E", "Pass"], ["S", "Pass"], ["W", "Pass"]]) await call(s, c);
  // The first trick, each hand following suit: West leads (left of declarer South), then
  // dummy (North), East, South.
  let led = null;
  for (const seat of ["W", "N", "E", "S"]) {
    const cards = await wd.until(`${seat}'s cards`, async () => {
      const c = await wd.script("return [...document.querySelectorAll(`#hand-diagram .hand[data-seat='${arguments[0]}'] button.playable:not([disabled])`)].map(b => b.dataset.card)", [seat]);
      return c.length ? c : null;
    });
    const card = cards.find((c) => led && c[0] === led) ?? cards[0];
    led = led ?? card[0];
    const before = (await wd.findAll("#hand-diagram button.playable")).length;
    await wd.click(await wd.find(`#hand-diagram .hand[data-seat='${seat}'] button[data-card='${card}']`));
    await wd.until(`${card} played`, async () => (await wd.findAll("#hand-diagram button.playable")).length === before - 1, 20000);
  }
  await choose("#claim-seat", "S");
  await choose("#claim-tricks", "9");
  await wd.click(await wd.find("#claim-agreed"));
  await press("#claim-save");
  await wd.until("the board finished", async () => (await wd.findAll("#board-result")).length === 1, 20000);
  const playable = await wd.findAll("#hand-diagram button.playable");
  expect(playable.length === 0, `${playable.length} cards still offered after the claim`);
  const before = JSON.parse(cli(CLI, CLI_DATA, ["verify", LOG, "--json"])).events;
  // A card sent anyway (as a stale window would): refused under Law 68D, nothing signed.
  const err = await wd.script(`const i = window.__TAURI_INTERNALS__;
    const progress = '__CHANNEL__:' + i.transformCallback(() => {});
    return i.invoke('bridge_play', { slot: arguments[0], card: arguments[1], passphrase: null, progress }).then(() => 'signed', (e) => e.code)`,
  [slot, "SA"]).catch((e) => `script: ${e.message}`);
  expect(err === "play_ended", `the stray card: ${err}`);
  const after = JSON.parse(cli(CLI, CLI_DATA, ["verify", LOG, "--json"])).events;
  expect(after === before, `events ${before} -> ${after}`);
  await shotAt("board-finished-de", "#board-result");
});

const avg = timings.lines.length ? timings.lines.reduce((a, b) => a + b, 0) / timings.lines.length : 0;
const sorted = [...timings.lines].sort((a, b) => a - b);
console.log(`traveller lines: ${timings.lines.length}, keystrokes ${timings.keys} (${(timings.keys / Math.max(1, timings.lines.length)).toFixed(1)} a line, Enter included), time a line median ${sorted[Math.floor(sorted.length / 2)] ?? 0} ms, mean ${avg.toFixed(0)} ms, max ${sorted.at(-1) ?? 0} ms (WebDriver typing included)`);
await wd.quit().catch(() => {});
process.exit(t.report());
