// The WebDriver client's retry of a request the driver dropped: `node --test tests/e2e/`.
// A local HTTP server stands in for tauri-driver and drops chosen requests.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { WebDriver, isDropped, isTransientLookup } from "./webdriver.mjs";

/** A fake driver: answers `{value: n}`; the first `drop` requests are dropped, by closing the
 * socket (`how = "socket"`) or by tauri-driver's 500 "connection closed" answer. */
async function fakeDriver(drop, how) {
  let seen = 0;
  const server = createServer((req, res) => {
    seen += 1;
    if (seen <= drop) {
      if (how === "socket") return req.socket.destroy();
      res.writeHead(500, { "content-type": "text/plain" });
      return res.end("connection closed before message completed");
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ value: seen }));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close(), seen: () => seen };
}

for (const how of ["socket", "http500"]) {
  test(`a request dropped twice (${how}) is sent again and answered; the retries are reported`, async () => {
    const d = await fakeDriver(2, how);
    const wd = new WebDriver(d.url, { retries: 3, backoffMs: 1 });
    try {
      assert.equal(await wd.call("GET", "/status"), 3);
      assert.equal(wd.retried.length, 2);
      assert.match(wd.retryReport(), /1 requests, 2 sent again/);
    } finally {
      d.close();
    }
  });
}

test("retries are bounded: a driver that keeps dropping fails the request", async () => {
  const d = await fakeDriver(100, "http500");
  const wd = new WebDriver(d.url, { retries: 2, backoffMs: 1 });
  try {
    await assert.rejects(wd.call("GET", "/status"), /HTTP 500/);
    assert.equal(d.seen(), 3);
    assert.equal(wd.retried.length, 2);
  } finally {
    d.close();
  }
});

test("a WebDriver error from the webview (not a dropped request) is not retried", () => {
  assert.equal(isDropped(null, 404, '{"value":{"error":"no such element"}}'), false);
  assert.equal(isDropped(null, 500, '{"value":{"error":"javascript error"}}'), false);
  assert.equal(isDropped(null, 500, "connection closed before message completed"), true);
});

test("an element lookup the driver could not parse is asked again; a missing element is not", async () => {
  let seen = 0;
  const server = createServer((req, res) => {
    seen += 1;
    const json = { "content-type": "application/json" };
    if (req.url.endsWith("/element") && seen === 1) {
      res.writeHead(500, json);
      return res.end(JSON.stringify({ value: { error: "unknown error", message: "Could not parse element info" } }));
    }
    if (req.url.endsWith("/element") && seen === 2) {
      res.writeHead(200, json);
      return res.end(JSON.stringify({ value: { "element-6066-11e4-a52e-4f735466cecf": "e1" } }));
    }
    res.writeHead(404, json);
    res.end(JSON.stringify({ value: { error: "no such element", message: "not found" } }));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const wd = new WebDriver(`http://127.0.0.1:${server.address().port}`, { retries: 3, backoffMs: 1 });
  wd.session = "s";
  try {
    assert.equal(await wd.find("#lang-en"), "e1");
    assert.equal(wd.retried.length, 1);
    await assert.rejects(wd.findAll("#nothing"), /no such element/);
    assert.equal(seen, 3);
    assert.equal(isTransientLookup("POST /x: unknown error: Could not parse element info"), true);
    assert.equal(isTransientLookup("POST /x: no such element: not found"), false);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
