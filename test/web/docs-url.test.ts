import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../../src/knowledge/ingest/fixtures.js";
import { REPO_ROOT } from "../../src/testing/cli.js";
import { createDocsTools } from "../../src/tools/docs/index.js";
import type { ProgramRunner } from "../../src/tools/web/youtube/ytdlp.js";
import { createHarness, fakeLookup, type Harness } from "../browser/harness.js";
import { type Site, startForbidden, startSite } from "../browser/site.js";

const captions = readFileSync(join(REPO_ROOT, "test", "browser", "fixtures", "captions.en.json3"), "utf8");

/** Stands in for yt-dlp: writes the caption file it was asked for and prints the info line. */
const calls: string[][] = [];
const ytDlp: ProgramRunner = async (_program, args) => {
  calls.push(args);
  const dir = args[args.indexOf("--paths") + 1]!;
  writeFileSync(join(dir, "dQw4w9WgXcQ.en.json3"), captions);
  const info = { id: "dQw4w9WgXcQ", title: "Building a robot", channel: "Workshop", duration: 754 };
  return { code: 0, stdout: `${JSON.stringify(info)}\n`, stderr: "" };
};

describe("docs_summarize of a URL: web pages and PDFs through the guarded fetch, videos through captions", () => {
  let site: Site;
  let forbidden: Awaited<ReturnType<typeof startForbidden>>;
  let h: Harness;
  let shop: string;

  beforeAll(async () => {
    forbidden = await startForbidden();
    site = await startSite(forbidden.port);
    shop = `http://shop.test:${site.port}`;
    const pdf = await makePdf([
      ["This is the widget price list of the shop for the year 2025."],
      [
        "Every hand-made widget costs 25 euros, whatever its colour. Shipping is free for orders above 100 euros.",
      ],
    ]);
    site.routes.set("/prices", (_req, res) =>
      res.writeHead(200, { "content-type": "application/pdf" }).end(pdf),
    );
    const lookup = fakeLookup({ "shop.test": ["127.0.0.1"], "evil.test": ["127.0.0.1"] });
    h = createHarness(`web:\n  allow_private: ["127.0.0.1:${site.port}"]\n  timeout_s: 5\n`, (deps) =>
      createDocsTools(deps, { web: { lookup, runner: ytDlp, ytDlp: "/opt/bin/yt-dlp" } }),
    );
  });

  afterAll(async () => {
    await h?.close();
    await site?.close();
    await forbidden?.close();
  });

  it("summarizes a web page the user named, as untrusted text with its source", async () => {
    const url = `${shop}/about`;
    const out = await h.call("docs_summarize", { url }, h.turn(`summarize ${url}`));
    expect(out.status, out.observation).toBe("ok");
    expect(out.tier).toBe("safe");
    expect(out.observation.startsWith('<untrusted source="docs_summarize">')).toBe(true);
    expect(out.observation).toMatch(/Summary of "(About the shop|Our story)", extractive:/);
    expect(out.observation).toContain("hand-made widgets");
    expect(out.observation).toContain(`Source: ${url}`);
    expect(out.observation).not.toContain("<nav");
  });

  it("summarizes a PDF with page citations", async () => {
    const url = `${shop}/prices`;
    const out = await h.call("docs_summarize", { url }, h.turn(`summarize ${url}`));
    expect(out.status, out.observation).toBe("ok");
    expect(out.observation).toContain("(2 pages)");
    expect(out.observation).toMatch(
      /Every hand-made widget costs 25 euros, whatever its colour\.[^\n]*\(p\. 2\)/,
    );
  });

  it("summarizes a YouTube video from its captions; only yt-dlp fetches it", async () => {
    const url = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
    const out = await h.call("docs_summarize", { url }, h.turn(`summarize ${url}`));
    expect(out.status, out.observation).toBe("ok");
    expect(out.observation).toContain('Summary of "Building a robot"');
    expect(out.observation).toContain("motors");
    expect(out.observation).toContain(`Source: ${url} (captions)`);
    expect(calls.at(-1)?.slice(-2)).toEqual(["--", url]);
  });

  it("refuses private destinations, directly, by name and through redirects; nothing reaches them", async () => {
    const secret = `http://127.0.0.1:${forbidden.port}/secret`;
    const turn = h.turn(
      `summarize ${secret}, http://evil.test:${forbidden.port}/ and ${shop}/redirect-forbidden`,
    );
    const direct = await h.call("docs_summarize", { url: secret }, turn);
    expect(direct.code).toBe("POLICY_DENIED");
    const named = await h.call("docs_summarize", { url: `http://evil.test:${forbidden.port}/` }, turn);
    expect(named.code).toBe("POLICY_DENIED");
    const hop = await h.call("docs_summarize", { url: `${shop}/redirect-forbidden` }, turn);
    expect(hop.code).toBe("POLICY_DENIED");
    expect(forbidden.hits).toEqual([]);
  });

  it("refuses bad arguments with one clear line", async () => {
    const turn = h.turn(`summarize ${shop}/about, ${shop}/missing and file:///etc/passwd`);
    const both = await h.call("docs_summarize", { url: `${shop}/about`, document: "1" }, turn);
    expect(both.code).toBe("ARGS_INVALID");
    expect(both.observation).toContain("exactly one of path, document or url");
    const missing = await h.call("docs_summarize", { url: `${shop}/missing` }, turn);
    expect([missing.code, missing.observation]).toEqual(["TOOL_FAILED", expect.stringContaining("HTTP 404")]);
    const file = await h.call("docs_summarize", { url: "file:///etc/passwd" }, turn);
    expect(["ARGS_INVALID", "POLICY_DENIED"]).toContain(file.code);
    for (const r of [both, missing, file]) expect(r.observation.split("\n")).toHaveLength(1);
    // A URL nobody gave is not fetched without the user seeing it.
    const typed = await h.call("docs_summarize", { url: "https://typed-by-model.example/" }, turn);
    expect(typed.tier).not.toBe("safe");
  });
});
