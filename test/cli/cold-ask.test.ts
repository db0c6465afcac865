import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTempHome, runJarvis } from "../../src/testing/index.js";

// `jarvis ask` with no service, as a user runs it (the built CLI): the first start builds every
// tool group and keeps the catalog; later starts build only the group of the tool that runs
// (decision 0032). Both must answer, record and exit alike.
const temp = createTempHome("jarvis-cold-ask-");
const catalog = join(temp.jarvisHome, "cache", "catalog.json");
afterAll(() => temp.cleanup());

const ask = (...args: string[]) => runJarvis(["ask", ...args], { env: temp.env, timeoutMs: 120_000 });
const audit = async () =>
  (await runJarvis(["audit", "list", "--json"], { env: temp.env })).stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .map(({ tool, stage, decision, outcome, tier }) => ({ tool, stage, decision, outcome, tier }));

describe("a cold `jarvis ask` through the kept catalog", { timeout: 300_000 }, () => {
  it("answers, exits and is audited as the first (full) start was", async () => {
    const first = await ask("what is 15% of 240");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("36");
    const kept = statSync(catalog);
    const recorded = await audit();

    const second = await ask("what is 15% of 240");
    const timeless = (text: string) => text.replace(/\(\d+ ms\)/g, "(… ms)");
    expect(second.code).toBe(first.code);
    expect(second.stdout).toBe(first.stdout);
    expect(timeless(second.stderr)).toBe(timeless(first.stderr));
    // Not written again: this start registered its tools from the kept catalog
    expect(statSync(catalog).mtimeMs).toBe(kept.mtimeMs);
    const after = await audit();
    expect(after.slice(recorded.length)).toEqual(recorded);

    const json = await ask("--json", "what is 15% of 240");
    expect(json.code).toBe(0);
    const types = json.stdout
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { type: string }).type);
    expect(types).toContain("tool_finished");
  });

  it("reads a damaged catalog as none, says nothing about it, and keeps a good one again", async () => {
    writeFileSync(catalog, "{ damaged");
    const run = await ask("what is 15% of 240");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("36");
    expect(run.stderr).not.toMatch(/catalog|JSON/i);
    expect(JSON.parse(readFileSync(catalog, "utf8")).magic).toBe("jarvis-catalog/1");
  });
});
