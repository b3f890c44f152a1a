// The site benchmark's browser half (benches/site.rs): opens every board page of one
// language folder from its file in headless Chromium (chromedriver, as tests/site/ does),
// waits for its verdict and reads when it came (`data-ms`, from the page's start). Prints
// one JSON object: page weights, proof sizes, times to verified, how many pages had their
// scores recomputed (`scores`: checked, partial, play); fails unless every page said verified.
import { spawn } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { WebDriver } from "../e2e/webdriver.mjs";

const dir = process.argv[2];
const pages = readdirSync(dir).filter((f) => f.startsWith("board-")).map((f) => path.join(dir, f));
const port = 9515 + Math.floor(Math.random() * 400);
const driver = spawn("/usr/bin/chromedriver", [`--port=${port}`], { stdio: "ignore" });
const wd = new WebDriver(`http://127.0.0.1:${port}`);
const median = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};
try {
  await wd.until("chromedriver", async () => (await fetch(`http://127.0.0.1:${port}/status`)).ok, 20000);
  const s = await wd.call("POST", "/session", {
    capabilities: {
      alwaysMatch: {
        browserName: "chrome",
        "goog:chromeOptions": { binary: "/usr/bin/chromium", args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] },
      },
    },
  });
  wd.session = s.sessionId;
  const weight = [], proof = [], ms = [];
  let signatures = 0;
  const scores = {};
  for (const p of pages) {
    const html = readFileSync(p, "utf8");
    const doc = html.match(/id="tdlog-proof">(.*?)<\/script>/s)[1];
    const d = JSON.parse(doc);
    signatures = Math.max(signatures, d.events.length + d.heads.length);
    weight.push(statSync(p).size);
    proof.push(Buffer.byteLength(doc));
    await wd.call("POST", wd.s("/url"), { url: "file://" + p });
    const v = await wd.until(`verdict of ${p}`, async () => {
      const r = await wd.script("const s = document.getElementById('verify-status'); const c = document.getElementById('verify-scores'); return s && s.dataset.state !== 'running' ? {state: s.dataset.state, ms: Number(s.dataset.ms), text: s.textContent, scores: c ? c.dataset.state : 'none'} : null;");
      return r;
    }, 60000, 50);
    if (v.state !== "verified") throw new Error(`${p}: ${v.text}`);
    ms.push(v.ms);
    scores[v.scores] = (scores[v.scores] || 0) + 1;
  }
  const browser = (s.capabilities && s.capabilities.browserVersion) || "";
  console.log(JSON.stringify({
    pages: pages.length, browser,
    weight_median: median(weight), weight_max: Math.max(...weight),
    proof_median: median(proof), proof_max: Math.max(...proof),
    ms_median: median(ms), ms_max: Math.max(...ms), signatures, scores,
  }));
  await wd.quit();
} finally {
  driver.kill();
}
