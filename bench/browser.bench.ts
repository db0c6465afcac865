/**
 * Browser tools: per-action overhead of the Jarvis tool through the full gate versus the same
 * Playwright call made directly on the same page and locator (target ratio ≤ 1.2), snapshot
 * size in tokens (chars / 4) for three typical pages, and first-navigation latency including
 * browser launch. Each iteration runs the three arms (direct, tool without the gate, tool
 * through the gate) in a rotating order, so drift and frame timing hit them alike.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { systemClock } from "../src/core/clock.js";
import { MemoryHandleStore } from "../src/core/handles.js";
import { silentLogger } from "../src/core/logger.js";
import type { ToolContext } from "../src/core/tool.js";
import { FixedConfirmationBroker } from "../src/gate/confirm.js";
import type { RunScope } from "../src/gate/gate.js";
import { createRuntime, type Runtime } from "../src/runtime/runtime.js";
import { createTempHome } from "../src/testing/home.js";
import { BrowserSession, createBrowserTools } from "../src/tools/browser/index.js";
import { summarize, writeResult } from "./util.js";

const ITERATIONS = 100;
const COLD_LAUNCHES = 3;

const words = (n: number, seed: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      ["widget", "shop", "robot", "delivery", "price", "review", "motor", "battery"][(i * 7 + seed) % 8],
  ).join(" ");
const nav = `<header><nav><ul>${["Home", "Products", "Deals", "Blog", "Support", "Account", "Cart"].map((n) => `<li><a href="/${n.toLowerCase()}">${n}</a></li>`).join("")}</ul></nav><form role="search"><input type="search" placeholder="Search" aria-label="Search"><button>Go</button></form></header>`;
const footer = `<footer><ul>${["About", "Careers", "Press", "Privacy", "Terms", "Contact"].map((n) => `<li><a href="/${n.toLowerCase()}">${n}</a></li>`).join("")}</ul><p>© 2025 Example Shop</p></footer>`;

const PAGES: Record<string, string> = {
  article: `${nav}<main><article><h1>How we build robots</h1><p class="byline">By Ada, 3 March 2025</p>${Array.from({ length: 14 }, (_, i) => `<h2>Part ${i + 1}</h2><p>${words(90, i)}</p>`).join("")}</article><aside><h2>Related</h2><ul>${Array.from({ length: 6 }, (_, i) => `<li><a href="/post/${i}">Related post ${i}</a></li>`).join("")}</ul></aside></main>${footer}`,
  listing: `${nav}<main><h1>Robot kits</h1><div class="filters"><label>Sort <select><option>Popular</option><option>Price</option><option>Newest</option></select></label><label><input type="checkbox"> In stock</label></div><ul class="grid">${Array.from({ length: 24 }, (_, i) => `<li><a href="/p/${i}"><img src="/i/${i}.png" alt="Kit ${i}"><h3>Robot kit model ${i}</h3></a><p>${words(14, i)}</p><span>$${20 + i}.00</span><button type="button">Add to wishlist</button></li>`).join("")}</ul><nav aria-label="pages">${Array.from({ length: 5 }, (_, i) => `<a href="/page/${i + 1}">${i + 1}</a>`).join(" ")}</nav></main>${footer}`,
  form: `${nav}<main><h1>Create your account</h1><form method="post" action="/signup">${["First name", "Last name", "Email", "Phone", "Street", "City", "Postcode", "Password", "Repeat password"].map((l) => `<label>${l} <input name="${l.toLowerCase().replace(/ /g, "_")}"></label>`).join("")}<label>Country <select>${["Germany", "France", "Spain", "Italy", "Portugal"].map((c) => `<option>${c}</option>`).join("")}</select></label><fieldset><legend>Plan</legend>${["Free", "Pro", "Team"].map((p) => `<label><input type="radio" name="plan"> ${p}</label>`).join("")}</fieldset><label><input type="checkbox"> I accept the terms</label><button type="submit">Create account</button></form><button type="button" id="toggle" onclick="this.textContent = this.textContent === 'Show help' ? 'Hide help' : 'Show help'">Show help</button></main>${footer}`,
};

async function startServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const name = (req.url ?? "/").slice(1).split("?")[0] ?? "";
    const body = PAGES[name] ?? PAGES.article!;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name || "home"} — Example Shop</title></head><body>${body}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function setup(origin: string): {
  runtime: Runtime;
  session: BrowserSession;
  handles: MemoryHandleStore;
  scope: () => RunScope;
  cleanup(): Promise<void>;
} {
  const temp = createTempHome("jarvis-bench-browser-");
  const port = new URL(origin).port;
  temp.writeConfig(`web:\n  allow_private: ["127.0.0.1:${port}"]\n`);
  let session: BrowserSession | undefined;
  const runtime = createRuntime({
    env: temp.env,
    logger: silentLogger,
    tools: (deps) => {
      session = new BrowserSession({
        config: deps.config.browser,
        allowPrivate: deps.config.web.allow_private,
        profileDir: deps.paths.browserProfile,
        logger: silentLogger,
      });
      return createBrowserTools(deps, { session });
    },
  });
  const handles = new MemoryHandleStore();
  const scope = (): RunScope => ({
    runId: "bench",
    sessionId: "bench",
    userText: [`open ${origin}`],
    handles,
    taint: { tainted: false, sources: [] },
    grants: new Set(),
    broker: new FixedConfirmationBroker("approve"),
  });
  return {
    runtime,
    session: session!,
    handles,
    scope,
    async cleanup() {
      await session?.close();
      await runtime.close();
      temp.cleanup();
    },
  };
}

/** Deterministic uniform [0, 1) numbers (mulberry32), so runs use the same pauses. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const nextPause = random(42);

/**
 * Times one call after an untimed pause of 0–20 ms. A click waits for rendering frames
 * (~16.7 ms apart); back-to-back calls would start at a phase set by the previous call's end,
 * so a millisecond more or less before the click could cost a whole frame every time or
 * never. Real calls arrive at any phase (a model thinks between them): so does each sample.
 */
async function time(fn: () => Promise<unknown>): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, nextPause() * 20));
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function main(): Promise<void> {
  const loadAverageAtStart = loadavg().map((x) => Math.round(x * 10) / 10);
  const server = await startServer();
  const url = (name: string) => `${server.origin}/${name}`;

  // First navigation including browser launch (a fresh profile and session each time).
  const cold: number[] = [];
  for (let i = 0; i < COLD_LAUNCHES; i++) {
    const env = setup(server.origin);
    const outcome = await env.runtime.gate.call(
      { tool: "browser_navigate", args: { url: url("article") } },
      env.scope(),
    );
    cold.push(outcome.durationMs);
    if (outcome.status !== "ok") throw new Error(outcome.observation);
    await env.cleanup();
  }

  const env = setup(server.origin);
  const call = async (tool: string, args: Record<string, unknown>) => {
    const outcome = await env.runtime.gate.call({ tool, args }, env.scope());
    if (outcome.status !== "ok") throw new Error(`${tool}: ${outcome.observation}`);
    return outcome;
  };
  await call("browser_navigate", { url: url("form") });
  const page = await env.session.page();

  // Snapshot sizes for the three pages.
  const sizes: Record<string, unknown> = {};
  for (const name of Object.keys(PAGES)) {
    await call("browser_navigate", { url: url(name) });
    const raw = await page.ariaSnapshot({ mode: "ai" });
    const html = await page.content();
    const snapshot = await call("browser_snapshot", {});
    const text = await call("browser_get_text", {});
    sizes[name] = {
      htmlTokens: Math.round(html.length / 4),
      playwrightAiSnapshotTokens: Math.round(raw.length / 4),
      jarvisSnapshotTokens: Math.round(snapshot.observation.length / 4),
      reduction: Math.round((1 - snapshot.observation.length / raw.length) * 1000) / 1000,
      getTextTokens: Math.round(text.observation.length / 4),
    };
  }

  // Per-action overhead: the same action, alternating Jarvis (gate + tool) and direct Playwright.
  await call("browser_navigate", { url: url("form") });
  await call("browser_snapshot", {});
  const snapshotRefs = (await call("browser_snapshot", {})).observation;
  const toggle = /button "(?:Show|Hide) help" \[((?:f\d+)?e\d+)\]/.exec(snapshotRefs)![1]!;
  const city = /textbox "City" \[((?:f\d+)?e\d+)\]/.exec(snapshotRefs)![1]!;
  // The tool alone (no gate): separates the browser tool's own cost from the gate's.
  const toolOnly = async (tool: string, args: Record<string, unknown>) => {
    const ctx: ToolContext = {
      signal: new AbortController().signal,
      runId: "bench",
      callId: "bench",
      sessionId: "bench",
      handles: env.handles,
      logger: silentLogger,
      clock: systemClock,
    };
    const result = await env.runtime.registry.get(tool)!.definition.execute(args, ctx);
    if (!result.ok) throw new Error(`${tool}: ${result.output}`);
    return result;
  };
  const actions: Array<{
    name: string;
    direct: () => Promise<unknown>;
    tool: string;
    args: Record<string, unknown>;
  }> = [
    { name: "snapshot", direct: () => page.ariaSnapshot({ mode: "ai" }), tool: "browser_snapshot", args: {} },
    {
      name: "click",
      direct: () => page.getByRef(toggle).click(),
      tool: "browser_click",
      args: { ref: toggle },
    },
    {
      name: "type",
      direct: () => page.getByRef(city).fill("Lisbon"),
      tool: "browser_type",
      args: { ref: city, text: "Lisbon" },
    },
    {
      name: "navigate",
      direct: () => page.goto(url("form"), { waitUntil: "domcontentloaded" }),
      tool: "browser_navigate",
      args: { url: url("form") },
    },
  ];
  const overhead: Record<string, unknown> = {};
  for (const action of actions) {
    const arms: Record<"direct" | "toolOnly" | "jarvis", () => Promise<unknown>> = {
      direct: action.direct,
      toolOnly: () => toolOnly(action.tool, action.args),
      jarvis: () => call(action.tool, action.args),
    };
    const names = Object.keys(arms) as Array<keyof typeof arms>;
    const samples: Record<keyof typeof arms, number[]> = { direct: [], toolOnly: [], jarvis: [] };
    for (let i = 0; i < 5; i++) for (const name of names) await arms[name]();
    for (let i = 0; i < ITERATIONS; i++) {
      for (let k = 0; k < names.length; k++) {
        const name = names[(i + k) % names.length]!;
        samples[name].push(await time(arms[name]));
      }
    }
    const j = summarize(samples.jarvis);
    const t = summarize(samples.toolOnly);
    const d = summarize(samples.direct);
    const ratio = (x: number) => Math.round((x / d.p50) * 100) / 100;
    // Each iteration's arms ran next to each other, so their ratio cancels slower load drift.
    const paired = summarize(samples.jarvis.map((x, i) => x / samples.direct[i]!)).p50;
    overhead[action.name] = {
      jarvisMs: j,
      toolOnlyMs: t,
      directMs: d,
      ratioP50: ratio(j.p50),
      toolOnlyRatioP50: ratio(t.p50),
      addedMsP50: Math.round((j.p50 - d.p50) * 100) / 100,
      pairedRatioP50: Math.round(paired * 100) / 100,
    };
  }
  await env.cleanup();
  await server.close();

  writeResult("browser", {
    chromium: env.session
      ? "system chromium via playwright-core (launchPersistentContext, guard proxy)"
      : undefined,
    iterations: ITERATIONS,
    loadAverageAtStart,
    loadAverageAtEnd: loadavg().map((x) => Math.round(x * 10) / 10),
    firstNavigationIncludingLaunchMs: summarize(cold),
    perActionOverhead: overhead,
    snapshotTokens: sizes,
    note: "ratio = median(Jarvis tool through the gate) / median(same Playwright call on the same page and locator, e.g. page.getByRef(ref).click()); toolOnly = the tool's execute without the gate; arms run in rotating order each iteration, each sample after an untimed 0–20 ms pause so calls start at any rendering-frame phase; pairedRatioP50 = median over iterations of jarvis/direct in the same iteration (robust to load drift from other processes); tokens = chars / 4",
  });
}

await main();
