// What every end-to-end test of the app does with the webview: checks that count, screenshots,
// navigation by the menu's ids, form fields set as a user sets them, the CLI as a second
// program on the same files. One module for the e2e files, so each says only its story.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WebDriver } from "./webdriver.mjs";

export const ENTER = "\uE007";
export const ALT = "\uE00A";

/** `name` from the environment, or an error saying which script sets it. */
export function env(name, script) {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set (run ${script})`);
  return v;
}

export function expect(cond, msg) {
  if (!cond) throw new Error(msg);
}

/** A test run: its WebDriver session, its checks and its screenshots. `chained`: every check
 * needs the ones before it, so after a failure the rest is skipped (one evening, one story). */
export function run({ shotsDir, chained = true }) {
  const wd = new WebDriver(process.env.WEBDRIVER_URL || "http://127.0.0.1:4444");
  const state = { passed: 0, failed: 0, shots: [] };

  async function shot(name) {
    mkdirSync(shotsDir, { recursive: true });
    // Let the webview paint what the checks just read (a frame, at most half a second).
    await wd.script("return new Promise((r) => { requestAnimationFrame(() => setTimeout(() => r(true), 50)); setTimeout(() => r(true), 500); })");
    const file = join(shotsDir, `${name}.png`);
    writeFileSync(file, Buffer.from(await wd.screenshot(), "base64"));
    state.shots.push(file);
  }

  async function shotTop(name) {
    await wd.script("window.scrollTo(0, 0)");
    await shot(name);
  }

  /** A screenshot with `css` scrolled to the middle of the window. */
  async function shotAt(name, css) {
    await wd.script("document.querySelector(arguments[0])?.scrollIntoView({ block: 'center' })", [css]);
    await shot(name);
  }

  // E2E_ONLY (while working on one check): the first check and those whose name has it.
  const only = process.env.E2E_ONLY;
  let first = true;
  async function check(name, fn) {
    const wanted = !only || first || name.includes(only);
    first = false;
    if ((chained && state.failed) || !wanted) {
      console.log(`skipped - ${name}`);
      return;
    }
    try {
      await fn();
      state.passed += 1;
      console.log(`ok - ${name}`);
    } catch (e) {
      state.failed += 1;
      console.log(`FAILED - ${name}: ${e.message}`);
      try { await shot(`failed-${state.passed + state.failed}`); } catch { /* no window */ }
    }
  }

  /** Opens a screen through the menu: its group, then its tab. */
  async function screen(group, id) {
    await wd.click(await wd.find(`#nav-group-${group}`));
    if (id) await wd.click(await wd.find(`#nav-${id}`));
    const want = id ?? null;
    await wd.until(`screen ${want ?? group}`, async () => {
      const s = await wd.attr(await wd.find("main"), "data-screen");
      return want ? s === want : !!s;
    });
  }

  /** Sets a form control's value as a user would (selects fire `change`, inputs `input`). */
  async function choose(css, value) {
    await wd.script(
      "const e = document.querySelector(arguments[0]); if (!e) throw new Error('no ' + arguments[0]); e.value = arguments[1];" +
        "e.dispatchEvent(new Event(e.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));",
      [css, value],
    );
  }

  /** Types into a control key by key, as the TD types. */
  async function type(css, text) {
    await wd.type(await wd.find(css), text);
  }

  /** Clicks `css` once it exists and is enabled, scrolled to the middle of the window first
   * (the menu stays at the top of the window and could cover it). */
  async function press(css) {
    const el = await wd.until(`${css} enabled`, async () => {
      const all = await wd.findAll(css);
      if (!all.length) return null;
      const ok = await wd.script("const e = document.querySelector(arguments[0]); e.scrollIntoView({ block: 'center' }); return !e.disabled;", [css]);
      return ok ? all[0] : null;
    });
    await wd.click(el);
  }

  /** The page's text of `css` (`""` when absent). */
  async function textAt(css) {
    return wd.script("const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", [css]);
  }

  /** The verified event count in the status badge, in any language (-1: none shown). */
  async function verifiedCount() {
    const m = /(\d+)/.exec(await wd.text(await wd.find("#verification-text")));
    return m ? Number(m[1]) : -1;
  }

  /** The error banner's text, or `null` when none is shown. */
  async function banner() {
    const b = await wd.findAll("#error-banner");
    return b.length ? wd.text(b[0]) : null;
  }

  /** Waits until the log holds `n` more verified events than `before`; fails at once with
   * the error the app shows. */
  async function signed(before, what, n = 1, timeout = 60000) {
    await wd.until(`${what} signed`, async () => {
      const b = await banner();
      if (b) throw new Error(`${what} refused: ${b}`);
      return (await verifiedCount()) >= before + n;
    }, timeout);
  }

  /** The last line of a run: `N passed, N failed`. */
  function report() {
    console.log(wd.retryReport());
    console.log(`${state.passed} passed, ${state.failed} failed`);
    return state.failed === 0 ? 0 : 1;
  }

  return { wd, state, shot, shotTop, shotAt, check, screen, choose, type, press, textAt, verifiedCount, banner, signed, report };
}

/** The `tdlog` CLI with its own data dir (a second device on the same files): stdout. */
export function cli(bin, dataDir, args, input) {
  return execFileSync(bin, args, {
    encoding: "utf8",
    env: { ...process.env, TDLOG_DATA_DIR: dataDir, TDLOG_LANG: "en" },
    input,
    maxBuffer: 64 << 20,
  });
}
