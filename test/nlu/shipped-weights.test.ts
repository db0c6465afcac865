import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../src/testing/cli.js";

const run = promisify(execFile);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * The build trains the built-in catalog once (`scripts/ship-nlu-weights.mjs`): a first start
 * of the compiled NLU with an empty cache loads those weights instead of training, reads as a
 * start that trained does, and keeps them in its cache.
 */
describe("weights shipped with the build", () => {
  it("serve a first start with an empty cache, reading as training does", async () => {
    const cache = mkdtempSync(join(tmpdir(), "jarvis-nlu-first-"));
    dirs.push(cache);
    const entry = pathToFileURL(join(REPO_ROOT, "dist", "brain", "nlu", "index.js")).href;
    const testing = pathToFileURL(join(REPO_ROOT, "dist", "testing", "nlu.js")).href;
    const script = `
      const m = await import(${JSON.stringify(entry)});
      const tools = await (await import(${JSON.stringify(testing)})).builtinToolsForNlu();
      const context = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
      const first = await m.createNluInWorker(tools, { timezone: "UTC", cacheDir: ${JSON.stringify(cache)} });
      const trained = m.createNlu(tools, { timezone: "UTC" });
      const lines = ["set a timer for 5 minutes", "play some jazz", "delete my meeting", "hello", "remind me to call mum at 6"];
      await new Promise((resolve) => setTimeout(resolve, 50));
      console.log(JSON.stringify({
        trainedIn: first.stats.trainedIn,
        same: lines.every((l) => JSON.stringify(first.parse(l, context)) === JSON.stringify(trained.parse(l, context))),
      }));`;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
      timeout: 60_000,
    });
    const result = JSON.parse(stdout.trim()) as { trainedIn: string; same: boolean };
    expect(result.trainedIn).toBe("cache");
    expect(result.same).toBe(true);
    expect(readdirSync(cache).filter((name) => name.startsWith("nlu-"))).toHaveLength(1);
  });
});
