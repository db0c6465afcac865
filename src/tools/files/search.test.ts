import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryHandleStore } from "../../core/handles.js";
import { silentLogger } from "../../core/logger.js";
import type { CallOutcome } from "../../gate/gate.js";
import { createToolHarness, dataOf, outputOf, type ToolHarness } from "../../testing/tool-harness.js";
import { createFilesTools } from "./index.js";
import { compileNameMatcher, createSearchTool, type SearchMatch } from "./search.js";

let h: ToolHarness;
let docs: string;
beforeEach(() => {
  h = createToolHarness(createFilesTools);
  docs = join(h.home, "Documents");
  mkdirSync(join(docs, "taxes", "2024"), { recursive: true });
  writeFileSync(join(docs, "taxes", "2024", "Receipt-Lunch.pdf"), "%PDF-1.4 \u0000binary");
  writeFileSync(join(docs, "taxes", "summary.txt"), "total\nthe deadline is April 15\n");
  writeFileSync(join(docs, "shopping.md"), "milk\neggs\n");
  mkdirSync(join(docs, "node_modules", "pkg"), { recursive: true });
  writeFileSync(join(docs, "node_modules", "pkg", "receipt.js"), "deadline");
});
afterEach(() => h.close());

const paths = (outcome: CallOutcome, root: string) =>
  dataOf<{ matches: SearchMatch[] }>(outcome).matches.map((m) => m.path.slice(root.length + 1));

describe("files_search", () => {
  it("finds names by substring (case-insensitive) and by glob, with handles", async () => {
    const byWord = await h.call("files_search", { query: "receipt", path: "~/Documents" });
    expect(paths(byWord, docs)).toEqual(["taxes/2024/Receipt-Lunch.pdf"]);
    expect(outputOf(byWord)).toMatch(/#f1\s+taxes\/2024\/Receipt-Lunch\.pdf \(\d+ B\)/);
    const byGlob = await h.call("files_search", { query: "*.{md,txt}", path: "~/Documents" });
    expect(paths(byGlob, docs)).toEqual([]);
    const txt = await h.call("files_search", { query: "*.TXT", path: "~/Documents" });
    expect(paths(txt, docs)).toEqual(["taxes/summary.txt"]);
    const dirs = await h.call("files_search", { query: "20??", path: "~/Documents" });
    expect(paths(dirs, docs)).toEqual(["taxes/2024"]);
    expect(outputOf(dirs)).toContain("#d1");
  });

  it("finds text inside files with the line, skipping binary files", async () => {
    const outcome = await h.call("files_search", {
      query: "DEADLINE",
      path: "~/Documents",
      match: "content",
    });
    expect(outcome.status).toBe("ok");
    expect(outputOf(outcome)).toContain("taxes/summary.txt:2: the deadline is April 15");
    expect(paths(outcome, docs)).toEqual(["taxes/summary.txt"]); // node_modules skipped
    const binary = await h.call("files_search", { query: "binary", path: "~/Documents", match: "content" });
    expect(paths(binary, docs)).toEqual([]);
    expect(outputOf(binary)).toContain("[skipped 1 binary]");
  });

  it("never walks into protected places or through symlinks", async () => {
    mkdirSync(join(h.home, ".ssh"));
    writeFileSync(join(h.home, ".ssh", "receipt-key"), "deadline");
    symlinkSync(join(h.home, ".ssh"), join(docs, "keys"));
    const outside = join(h.temp.dir, "outside");
    mkdirSync(outside);
    writeFileSync(join(outside, "receipt-outside.txt"), "deadline");
    symlinkSync(outside, join(docs, "elsewhere"));
    const outcome = await h.call("files_search", { query: "receipt", hidden: true, match: "both" });
    const found = paths(outcome, h.home);
    expect(found).toContain("Documents/taxes/2024/Receipt-Lunch.pdf");
    expect(found.some((p) => p.includes(".ssh") || p.includes("keys/") || p.includes("elsewhere/"))).toBe(
      false,
    );
    const denied = await h.call("files_search", { query: "x", path: "~/.ssh" });
    expect(denied.code).toBe("PATH_DENIED");
    const outsideRoots = await h.call("files_search", { query: "x", path: outside });
    expect(outsideRoots.code).toBe("PATH_DENIED");
  });

  it("stops at the result limit and the entry budget, and says so", async () => {
    for (let i = 0; i < 30; i += 1) writeFileSync(join(docs, `note-${i}.txt`), "");
    const limited = await h.call("files_search", { query: "note-", path: "~/Documents", limit: 10 });
    expect(paths(limited, docs)).toHaveLength(10);
    expect(outputOf(limited)).toContain("stopped at 10 matches");
    expect(dataOf<{ complete: boolean }>(limited).complete).toBe(false);

    const small = createToolHarness((deps) => [
      createSearchTool(deps, { timeMs: 10_000, entries: 5, contentBytes: 1_000_000 }),
    ]);
    try {
      mkdirSync(join(small.home, "Documents", "many"));
      for (let i = 0; i < 20; i += 1) writeFileSync(join(small.home, "Documents", "many", `n${i}`), "");
      const budget = await small.call("files_search", { query: "zzz", path: "~/Documents/many" });
      expect(outputOf(budget)).toContain("stopped after 5 entries");
    } finally {
      await small.close();
    }
  });

  it("stops walking as soon as its signal aborts", async () => {
    for (let d = 0; d < 20; d += 1) {
      mkdirSync(join(docs, "deep", `d${d}`), { recursive: true });
      for (let i = 0; i < 20; i += 1) writeFileSync(join(docs, "deep", `d${d}`, `f${i}.txt`), "hay");
    }
    // A clock that pulls the plug on the 10th entry: the walk must notice at the next one.
    const controller = new AbortController();
    let ticks = 0;
    const clock = {
      now: () => {
        ticks += 1;
        if (ticks === 10) controller.abort(new DOMException("killed", "AbortError"));
        return 0;
      },
    };
    const tool = createSearchTool({ ...h.runtime.deps, clock });
    const run = tool.execute(
      {
        query: "needle",
        path: join(docs, "deep"),
        match: "content",
        hidden: false,
        limit: 50,
        max_depth: 20,
      },
      {
        signal: controller.signal,
        runId: "run_1",
        callId: "call_1",
        handles: new MemoryHandleStore(),
        logger: silentLogger,
        clock,
      },
    );
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(ticks).toBeLessThanOrEqual(11);
  });
});

describe("compileNameMatcher", () => {
  it("matches globs against the whole name and plain words as substrings", () => {
    expect(compileNameMatcher("*.pdf")("Scan.PDF")).toBe(true);
    expect(compileNameMatcher("*.pdf")("scan.pdf.txt")).toBe(false);
    expect(compileNameMatcher("img_[0-9]?.jpg")("img_12.jpg")).toBe(true);
    expect(compileNameMatcher("[!a]*")("abc")).toBe(false);
    expect(compileNameMatcher("a+b(c)")("xa+b(c)y")).toBe(true);
    expect(compileNameMatcher("a.b*")("axb")).toBe(false);
  });
});
