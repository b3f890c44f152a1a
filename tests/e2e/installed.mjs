// The installed package, seen as a user meets it (run by scripts/package-check.sh, never by
// scripts/test.sh): /usr/bin/tdlog-desktop --demo, started by tauri-driver from a directory
// other than the checkout, must open the demo shipped in the package and verify it. Reads
// the dashboard and the verification badge through WebDriver, takes a screenshot of each,
// and prints one JSON object ({ok, name, badge, tables, ...}).
import { run } from "./harness.mjs";

const APP = process.env.TDLOG_APP || "/usr/bin/tdlog-desktop";
const SHOTS = process.env.E2E_ARTIFACTS || "artifacts/package-check";
const { wd, shot } = run({ shotsDir: SHOTS });

const out = { ok: false };
try {
  await wd.until("tauri-driver", () => fetch(`${wd.url}/status`).then((r) => r.ok), 30000);
  await wd.start(APP, ["--demo"]);
  out.tables = (await wd.until("the dashboard of the demo", async () => {
    const cells = await wd.findAll(".dash-grid .dash-cell");
    return cells.length ? cells : null;
  }, 90000)).length;
  out.name = await wd.textOf("#open-log-name");
  out.badge = await wd.textOf("#verification-text", (t) => /\d/.test(t), 60000);
  out.level = await wd.attr(await wd.find("#verification-badge"), "data-level");
  await shot("installed-demo-dashboard");
  out.ok = out.tables > 0 && out.name.includes("Demo Club Pairs") && out.level === "ok";
} catch (e) {
  out.error = e.message;
  try { await shot("installed-demo-failed"); } catch { /* no window */ }
} finally {
  try { await wd.quit(); } catch { /* already gone */ }
}
console.log(JSON.stringify(out));
process.exit(out.ok ? 0 : 1);
