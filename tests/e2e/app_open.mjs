// A measurement, not a test (run on demand by benches/app_open.sh, never by scripts/test.sh):
// opens a big signed log in the real app and records how soon the window is interactive,
// every progress update the verification badge renders, and when verification completes.
// Prints one JSON object with the figures; screenshots go to $E2E_ARTIFACTS.
import { env as envOf, run } from "./harness.mjs";

const env = (k) => envOf(k, "benches/app_open.sh");
const APP = env("TDLOG_APP");
const LOG = env("OPEN_LOG");
const SHOTS = env("E2E_ARTIFACTS");
const { wd, shot } = run({ shotsDir: SHOTS });
const level = async () => wd.attr(await wd.find("#verification-badge"), "data-level");

const figures = {};
const t0 = Date.now();
try {
  // The app is started on the log (its command-line argument), as a TD opens a file with it.
  await wd.start(APP, [LOG]);
  // Interactive: the shell is rendered (navigation, badge) and the page answers a script.
  await wd.until("window", async () => (await wd.find("#verification-badge")) && (await wd.script("return document.readyState")) === "complete", 60000);
  figures.window_ms = Date.now() - t0;
  // Record every text the badge renders, with its time, from inside the page.
  await wd.script(`
    window.__seen = [];
    const el = document.querySelector('#verification-badge');
    const note = () => window.__seen.push([el.dataset.level, el.textContent.trim()]);
    note();
    new MutationObserver(note).observe(el, { subtree: true, childList: true, characterData: true, attributes: true });`);
  await wd.until("progress shown", async () => (await level()) === "working", 60000);
  figures.first_progress_ms = Date.now() - t0;
  const t1 = t0;
  // Screenshots while it verifies (the page must answer while the log is checked).
  let shots = 0;
  let ping = [];
  let end = null;
  while (!end) {
    const p = Date.now();
    const lv = await level();
    ping.push(Date.now() - p);
    if (lv !== "working") { end = lv; break; }
    const text = await wd.text(await wd.find("#verification-text"));
    if (shots < 2 && /\d/.test(text)) {
      const done = await wd.script("const p = document.querySelector('#verification-badge progress'); return p ? p.value / p.max : 0");
      if ((shots === 0 && done > 0.1) || (shots === 1 && done > 0.5)) {
        await shot(`app-open-verifying-${shots + 1}`);
        // The window answers while it verifies: switch screens and back.
        if (shots === 0) {
          const p = Date.now();
          await wd.click(await wd.find("#nav-group-settings"));
          await wd.click(await wd.find("#nav-start"));
          await wd.until("start screen", async () => (await wd.attr(await wd.find("main"), "data-screen")) === "start");
          figures.screen_switch_while_verifying_ms = Date.now() - p;
        }
        shots += 1;
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  figures.verified_ms = Date.now() - t0;
  figures.final_level = end;
  figures.badge = await wd.text(await wd.find("#verification-text"));
  await shot("app-open-verified");
  if (process.env.RECORD_CALLS) await recordCalls(Number(process.env.RECORD_CALLS));
  const seen = await wd.script("return window.__seen");
  const working = seen.filter(([l]) => l === "working").map(([, s]) => s);
  figures.progress_updates = new Set(working).size;
  figures.progress_samples = working.filter((s, i) => i % Math.max(1, Math.floor(working.length / 6)) === 0).slice(0, 8);
  figures.webdriver_ping_max_ms = Math.max(...ping);
  figures.webdriver_ping_median_ms = ping.sort((a, b) => a - b)[Math.floor(ping.length / 2)];
  if (process.env.SECOND_OPEN) {
    // The same device opens the same log again (its verified-state cache now warm).
    await wd.quit();
    const t2 = Date.now();
    await wd.start(APP, [LOG]);
    // Asked every 40 ms (a round trip is about 10): the default 200 ms would add up to a
    // fifth of a second to a figure of a few seconds.
    await wd.until("verified again", async () => {
      const b = await wd.findAll("#verification-badge");
      return b.length && (await wd.attr(b[0], "data-level")) === "ok";
    }, 600000, 40);
    figures.second_open_ms = Date.now() - t2;
    figures.second_badge = await wd.text(await wd.find("#verification-text"));
  }
} catch (e) {
  figures.error = e.message;
  try { await shot("app-open-failed"); } catch { /* no window */ }
} finally {
  try { await wd.quit(); } catch { /* already gone */ }
}

/** Records `n` calls on an empty board as a TD does (the call typed, "Record the call"
 * clicked) and times each from the click until the board view shows it: the command, the
 * signing and storing, the fold and the updated view, WebDriver round trips included. */
async function recordCalls(n) {
  const verified = async () => {
    const m = /(\d+)/.exec(await wd.text(await wd.find("#verification-text")));
    return m ? Number(m[1]) : -1;
  };
  await wd.click(await wd.find("#nav-group-tables"));
  await wd.click(await wd.find("#nav-board"));
  await wd.until("board screen", async () => (await wd.attr(await wd.find("main"), "data-screen")) === "board");
  const set = (css, v) => wd.script(
    "const e = document.querySelector(arguments[0]); e.value = arguments[1];" +
      "e.dispatchEvent(new Event(e.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));", [css, v]);
  await set("#board-round", "1");
  // A table no earlier run recorded on (a kept log keeps the calls of the last run).
  await set("#board-table", String(100 + Math.floor(Math.random() * 900)));
  await set("#board-board", "1");
  await wd.click(await wd.find("#board-show"));
  await wd.until("empty board", async () => (await wd.findAll("#board-empty")).length > 0, 60000);
  const calls = ["1C", "Pass", "1H", "Pass", "1S", "Pass", "2C", "Pass", "2D", "Pass", "2H", "Pass", "2S", "Pass", "3C", "Pass", "3D", "Pass", "3H", "Pass", "3S"];
  const times = [];
  for (let i = 0; i < n; i++) {
    const before = await verified();
    await wd.type(await wd.find("#call-call"), calls[i % calls.length]);
    const save = await wd.find("#call-save");
    const t = Date.now();
    await wd.click(save);
    // Polled without a pause (each probe is one WebDriver round trip), so the time is when
    // the board view shows the call, to within one round trip.
    for (;;) {
      const [shown, text, banner] = await wd.script(
        "const b = document.querySelector('#error-banner');" +
          "return [document.querySelectorAll('#auction-box .call').length, document.querySelector('#verification-text').textContent, b ? b.textContent : null]");
      if (banner) throw new Error(`call ${i + 1} refused: ${banner}`);
      const m = /(\d+)/.exec(text);
      if (shown === i + 1 && m && Number(m[1]) === before + 1) break;
      if (Date.now() - t > 120000) throw new Error(`call ${i + 1} not shown after 120 s`);
    }
    times.push(Date.now() - t);
  }
  await shot("app-open-calls-recorded");
  figures.call_ms = times;
  const sorted = [...times].sort((a, b) => a - b);
  figures.call_median_ms = sorted[Math.floor(sorted.length / 2)];
  figures.call_max_ms = sorted[sorted.length - 1];
}
console.log(JSON.stringify(figures));
process.exit(figures.error ? 1 : 0);
