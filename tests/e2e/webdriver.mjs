// A minimal W3C WebDriver client over plain HTTP (Node's fetch): enough to drive the app
// through tauri-driver + WebKitWebDriver without a WebDriver library's dependency tree.

const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

/** The id in a W3C element reference (or the legacy JSON Wire `ELEMENT` form). */
function elementId(ref) {
  const id = ref && (ref[ELEMENT] ?? ref.ELEMENT);
  if (!id) throw new Error(`not an element reference: ${JSON.stringify(ref)}`);
  return id;
}

/** An element reference to pass as a script argument. */
export function elementRef(id) {
  return { [ELEMENT]: id, ELEMENT: id };
}

/** Whether a failed request was dropped by the driver before it answered (tauri-driver
 * answers "connection closed" now and then when its upstream connection is reset): the
 * request never reached the webview, so sending it again is safe. */
export function isDropped(err, status, text) {
  if (err) {
    const m = `${err.message} ${err.cause?.code ?? ""} ${err.cause?.message ?? ""}`;
    return /ECONNRESET|ECONNREFUSED|EPIPE|UND_ERR_SOCKET|other side closed|socket hang up|fetch failed|connection closed/i.test(m);
  }
  return status >= 500 && /connection closed|connection reset|broken pipe/i.test(text);
}

/** Whether a failed element lookup is WebKitWebDriver's transient "Could not parse element
 * info" (its lookup script answered while the webview's page was busy, e.g. right after a
 * log file written by another process woke the app). A lookup changes nothing in the app, so
 * asking again is safe; other errors ("no such element") are answers and are not retried. */
export function isTransientLookup(message) {
  return /unknown error: Could not parse element info/i.test(message);
}

export class WebDriver {
  /** `retries`: how often one request is sent again after the driver dropped it. */
  constructor(url, { retries = 3, backoffMs = 150 } = {}) {
    this.url = url.replace(/\/$/, "");
    this.session = null;
    this.maxRetries = retries;
    this.backoffMs = backoffMs;
    /** Requests sent, and every retry made: `{ method, path, reason }`. */
    this.requests = 0;
    this.retried = [];
  }

  /** One HTTP exchange, sent again (bounded) when the driver dropped it. */
  async send(method, path, body) {
    for (let attempt = 0; ; attempt += 1) {
      let res, text, err;
      try {
        res = await fetch(this.url + path, {
          method,
          headers: { "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        text = await res.text();
      } catch (e) {
        err = e;
      }
      if (!isDropped(err, res?.status ?? 0, text ?? "") || attempt >= this.maxRetries) {
        if (err) throw err;
        return { res, text };
      }
      this.retried.push({ method, path, reason: err ? err.message : `HTTP ${res.status}: ${text.slice(0, 80)}` });
      await new Promise((r) => setTimeout(r, this.backoffMs * (attempt + 1)));
    }
  }

  /** A line for the end of a run: how often the driver dropped a request. */
  retryReport() {
    return `webdriver: ${this.requests} requests, ${this.retried.length} sent again after the driver dropped them`;
  }

  async call(method, path, body) {
    this.requests += 1;
    const { res, text } = await this.send(method, path, body);
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path}: HTTP ${res.status}: ${text.slice(0, 300)}`);
    }
    if (!res.ok || (json.value && json.value.error)) {
      const v = json.value || {};
      // Name the element by the selector that found it, not only by the driver's id.
      const m = /\/element\/([^/]+)/.exec(path);
      const css = m && this.found?.get(m[1]);
      const which = css ? ` [${css}]` : body && body.value && typeof body.value === "string" ? ` [${body.value}]` : "";
      throw new Error(`${method} ${path}${which}: ${v.error || res.status}: ${(v.message || text).slice(0, 300)}`);
    }
    return json.value;
  }

  s(path) {
    return `/session/${this.session}${path}`;
  }

  async start(application, args = []) {
    const v = await this.call("POST", "/session", {
      capabilities: { alwaysMatch: { "tauri:options": { application, args } } },
    });
    this.session = v.sessionId;
    return v;
  }

  async quit() {
    if (this.session) await this.call("DELETE", this.s(""));
    this.session = null;
  }

  /** An element lookup, asked again (bounded) when the driver's answer was transient. */
  async lookup(path, css) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.call("POST", this.s(path), { using: "css selector", value: css });
      } catch (e) {
        if (!isTransientLookup(e.message) || attempt >= this.maxRetries) throw e;
        this.retried.push({ method: "POST", path: `${path} [${css}]`, reason: e.message.slice(0, 120) });
        await new Promise((r) => setTimeout(r, this.backoffMs * (attempt + 1)));
      }
    }
  }

  async find(css) {
    const v = await this.lookup("/element", css);
    const id = elementId(v);
    (this.found ??= new Map()).set(id, css);
    return id;
  }

  async findAll(css) {
    const v = await this.lookup("/elements", css);
    const ids = v.map(elementId);
    for (const id of ids) (this.found ??= new Map()).set(id, css);
    return ids;
  }

  async text(el) {
    return this.call("GET", this.s(`/element/${el}/text`));
  }

  async attr(el, name) {
    return this.call("GET", this.s(`/element/${el}/attribute/${name}`));
  }

  /** Clicks as a user does: the element is first scrolled to the middle of the window, as
   * a user scrolls to see it, because the driver's own scrolling leaves it at an edge, under
   * the app's sticky menu (WebKit then answers "not interactable" or "intercepted"). The
   * click itself is still the driver's, hit-tested at the element's centre. */
  async click(el) {
    await this.call("POST", this.s("/execute/sync"), {
      script: "const e = arguments[0]; if (e && e.scrollIntoView && !e.closest('.topbar')) e.scrollIntoView({ block: 'center', inline: 'nearest' });",
      args: [elementRef(el)],
    }).catch(() => {}); // a stale element: the click below says so
    return this.call("POST", this.s(`/element/${el}/click`), {});
  }

  async type(el, text) {
    return this.call("POST", this.s(`/element/${el}/value`), { text });
  }

  async script(source, args = []) {
    return this.call("POST", this.s("/execute/sync"), { script: source, args });
  }

  async keys(chord) {
    // chord: e.g. ["\uE00A", "2"] = Alt+2
    const down = chord.map((k) => ({ type: "keyDown", value: k }));
    const up = [...chord].reverse().map((k) => ({ type: "keyUp", value: k }));
    await this.call("POST", this.s("/actions"), {
      actions: [{ type: "key", id: "keyboard", actions: [...down, ...up] }],
    });
    await this.call("DELETE", this.s("/actions"));
  }

  /** Base64 PNG of the window. */
  async screenshot() {
    return this.call("GET", this.s("/screenshot"));
  }

  /** Polls until `probe` returns a truthy value (errors count as not yet), every `everyMs`. */
  async until(what, probe, timeoutMs = 20000, everyMs = 200) {
    const end = Date.now() + timeoutMs;
    let last;
    while (Date.now() < end) {
      try {
        const v = await probe();
        if (v) return v;
      } catch (e) {
        last = e;
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
    throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${last.message})` : ""}`);
  }

  /** Waits for an element matching `css` whose text satisfies `pred`; returns its text. */
  async textOf(css, pred = (t) => t.length > 0, timeoutMs) {
    return this.until(`${css} text`, async () => {
      const t = await this.text(await this.find(css));
      return pred(t) ? t : null;
    }, timeoutMs);
  }
}
