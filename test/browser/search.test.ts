import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../src/testing/cli.js";
import { createWebTools } from "../../src/tools/web/index.js";
import { createHarness, fakeLookup } from "./harness.js";

const fixture = (name: string) => readFileSync(join(REPO_ROOT, "test", "browser", "fixtures", name), "utf8");

interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One local server replaying recorded-shape answers of SearXNG, Brave and DuckDuckGo. */
async function startFakeSearch(mode: { value: "ok" | "refuse" }) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => {
      body += c.toString();
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      seen.push({ method: req.method ?? "", path: url.pathname + url.search, headers: req.headers, body });
      const json = (status: number, text: string) =>
        res.writeHead(status, { "content-type": "application/json" }).end(text);
      const html = (status: number, text: string) =>
        res.writeHead(status, { "content-type": "text/html; charset=UTF-8" }).end(text);
      if (url.pathname === "/search") {
        if (mode.value === "refuse") return res.writeHead(403).end("Forbidden");
        return json(200, fixture("searxng.json"));
      }
      if (url.pathname === "/res/v1/web/search") {
        if (req.headers["x-subscription-token"] !== "good-key")
          return json(422, fixture("brave-invalid-token.json"));
        return json(200, fixture("brave.json"));
      }
      if (url.pathname === "/html/" && req.method === "POST") {
        return mode.value === "refuse"
          ? html(202, fixture("duckduckgo-anomaly.html.txt"))
          : html(200, fixture("duckduckgo.html.txt"));
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("web_search providers against local fakes", () => {
  const mode = { value: "ok" as "ok" | "refuse" };
  let fake: Awaited<ReturnType<typeof startFakeSearch>>;
  beforeAll(async () => {
    fake = await startFakeSearch(mode);
  });
  afterAll(() => fake?.close());

  const harness = (search: string, env: Record<string, string> = {}) => {
    const h = createHarness(`web:\n  search: ${search}\n`, (deps) =>
      createWebTools({ ...deps, env: { ...deps.env, ...env } }, { lookup: fakeLookup({}) }),
    );
    return h;
  };

  it("SearXNG: results become #u handles; opening one is provenance-clean, a typed URL is not", async () => {
    mode.value = "ok";
    const h = harness(`{ provider: searxng, base_url: "${fake.base}" }`);
    try {
      const turn = h.turn("find the MIT website");
      const out = await h.call("web_search", { query: "mit official site" }, turn);
      expect(out.status, out.observation).toBe("ok");
      expect(fake.seen.at(-1)?.path).toBe("/search?q=mit+official+site&format=json&pageno=1");
      expect(out.observation).toContain('Web results for "mit official site" (searxng)');
      expect(out.observation).toContain(
        "#u1 Massachusetts Institute of Technology\n    https://www.mit.edu/\n    MIT is an independent",
      );
      expect(out.observation).toContain(
        "#u3 Massachusetts Institute of Technology (MIT) | Rankings, Fees & Courses Details",
      );
      expect(out.observation).not.toContain("javascript:");
      expect(out.observation).not.toContain("#u4");
      expect(turn.handles.resolve("#u2")).toMatchObject({
        value: "https://en.wikipedia.org/wiki/Massachusetts_Institute_of_Technology",
        trust: "untrusted",
        tool: "web_search",
      });
      expect(turn.taint.tainted).toBe(true);

      const picked = await h.call("web_fetch", { url: "#u2" }, turn);
      expect(picked.tier).toBe("safe");
      expect(picked.args?.url).toBe("https://en.wikipedia.org/wiki/Massachusetts_Institute_of_Technology");
      const typed = await h.call("web_fetch", { url: "https://mit-admissions-login.example/" }, turn);
      // nobody gave it, and the results were third-party text: raised and asked (it could carry data out)
      expect([typed.tier, typed.decision]).toEqual(["dangerous", "confirm"]);
      expect(typed.reason).toContain("url of unknown origin");
      const copied = await h.call(
        "web_fetch",
        { url: "https://www.topuniversities.com/universities/massachusetts-institute-technology-mit" },
        turn,
      );
      // retyping a result's link exactly is that same link (what could leave is what the page chose)
      expect([copied.tier, copied.decision]).toEqual(["safe", "allow"]);
      const changed = await h.call(
        "web_fetch",
        { url: "https://www.topuniversities.com/universities/massachusetts-institute-technology-mit?ref=x" },
        turn,
      );
      expect([changed.tier, changed.decision]).toEqual(["dangerous", "confirm"]);
    } finally {
      await h.close();
    }
  });

  it("SearXNG without the JSON format says how to enable it", async () => {
    mode.value = "refuse";
    const h = harness(`{ provider: searxng, base_url: "${fake.base}" }`);
    try {
      const out = await h.call("web_search", { query: "x" }, h.turn("search x"));
      expect(out.observation).toBe(
        "ERROR UNAVAILABLE: SearXNG refused the JSON API (HTTP 403) (add `json` to search.formats in the instance's settings.yml)",
      );
    } finally {
      await h.close();
    }
  });

  it("Brave: sends the key, strips markup from titles and snippets, explains a bad key", async () => {
    const good = harness(`{ provider: brave, base_url: "${fake.base}", api_key_env: MY_BRAVE }`, {
      MY_BRAVE: "good-key",
    });
    try {
      const out = await good.call(
        "web_search",
        { query: "mit official site", limit: 5 },
        good.turn("search mit"),
      );
      expect(fake.seen.at(-1)?.path).toBe("/res/v1/web/search?q=mit+official+site&count=5");
      expect(out.observation).toContain("#u1 MIT - Massachusetts Institute of Technology");
      expect(out.observation).toContain(
        "#u2 Admissions | MIT\n    https://mitadmissions.org/\n    Apply to MIT: deadlines",
      );
      expect(out.observation).toContain(
        "MIT is an independent, coeducational, privately endowed university & research center.",
      );
    } finally {
      await good.close();
    }
    const bad = harness(`{ provider: brave, base_url: "${fake.base}", api_key_env: MY_BRAVE }`, {
      MY_BRAVE: "wrong",
    });
    try {
      const out = await bad.call("web_search", { query: "x" }, bad.turn("search x"));
      expect(out.observation).toBe(
        "ERROR UNAVAILABLE: Brave Search refused the query (SUBSCRIPTION_TOKEN_INVALID: The provided subscription token is invalid.)",
      );
    } finally {
      await bad.close();
    }
    const none = harness(`{ provider: brave, base_url: "${fake.base}" }`);
    try {
      expect(await none.runtime.registry.get("web_search")?.definition.available?.()).toBe(
        "no Brave Search API key: set BRAVE_API_KEY (web.search.api_key_env)",
      );
    } finally {
      await none.close();
    }
  });

  it("DuckDuckGo HTML: posts the form, unwraps result links, skips ads, reports a CAPTCHA", async () => {
    mode.value = "ok";
    const h = harness(`{ provider: duckduckgo, base_url: "${fake.base}" }`);
    try {
      const out = await h.call("web_search", { query: "mit official site" }, h.turn("search mit"));
      expect(fake.seen.at(-1)).toMatchObject({
        method: "POST",
        path: "/html/",
        body: "q=mit+official+site&b=&kl=",
      });
      const data = out.result!.data as {
        results: Array<{ handle: string; url: string; title: string; snippet: string }>;
      };
      expect(data.results.map((r) => [r.handle, r.url])).toEqual([
        ["#u1", "https://www.mit.edu/"],
        ["#u2", "https://en.wikipedia.org/wiki/Massachusetts_Institute_of_Technology"],
        ["#u3", "https://news.mit.edu/"],
      ]);
      expect(data.results[1]?.snippet).toBe(
        "The Massachusetts Institute of Technology (MIT) is a private research university in Cambridge, Massachusetts.",
      );
      expect(out.observation).not.toContain("Sponsored");
      mode.value = "refuse";
      const captcha = await h.call("web_search", { query: "again" }, h.turn("search again"));
      expect(captcha.code).toBe("UNAVAILABLE");
      expect(captcha.observation).toContain("DuckDuckGo asked for a CAPTCHA");
    } finally {
      await h.close();
    }
  });

  it("refuses bad arguments and a disabled provider with one line", async () => {
    const h = harness("{ provider: none }");
    try {
      const turn = h.turn("search");
      expect((await h.call("web_search", { query: "" }, turn)).code).toBe("ARGS_INVALID");
      expect((await h.call("web_search", { query: "x", limit: 50 }, turn)).code).toBe("ARGS_INVALID");
      expect((await h.call("web_search", { query: "x" }, turn)).observation).toBe(
        "ERROR UNAVAILABLE: web search is off (web.search.provider: none)",
      );
    } finally {
      await h.close();
    }
    expect(() => createHarness("web:\n  search: { provider: bing }\n", () => [])).toThrow(
      "config.yaml: web.search.provider must be one of searxng, brave, duckduckgo, none",
    );
  });
});
