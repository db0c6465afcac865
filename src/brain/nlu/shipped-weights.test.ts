import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KETTLE_AND_RADIO } from "../../testing/nlu.js";
import { type BuildOptions, createNluInWorker } from "./build.js";
import type { NluTool } from "./catalog.js";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "jarvis-nlu-shipped-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const TOOLS = KETTLE_AND_RADIO;

/** A tool added after the weights were trained (an extension, a skill, an upgrade). */
const BACKUP: NluTool = {
  name: "backup_run",
  group: "backup",
  language: [
    {
      templates: [
        "back up my (files|documents|photos)",
        "(start|run) a backup [now]",
        "make a backup [of my (files|documents|photos)]",
      ],
    },
  ],
};

const CONTEXT = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
const LINES = ["boil the kettle", "play some jazz", "boil the kettel", "hello", "what's the weather"];
const kept = (dir: string) => readdirSync(dir).filter((name) => name.startsWith("nlu-"));
/** The build's weights for `tools`: trained once into a folder of their own, as the build script does. */
async function shipped(tools = TOOLS): Promise<string> {
  const ship = tempDir();
  await createNluInWorker(tools, { timezone: "UTC", cacheDir: ship, shippedDir: tempDir() });
  return ship;
}
const start = (tools: readonly NluTool[], options: BuildOptions) =>
  createNluInWorker(tools, { timezone: "UTC", ...options });
/** Writes scheduled off the answer's path have happened. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("first start from the build's weights", () => {
  it("a clean start with no cache and no build weights trains, answers and keeps its weights", async () => {
    const cache = join(tempDir(), "cache");
    const nlu = await start(TOOLS, { cacheDir: cache, shippedDir: tempDir() });
    expect(nlu.stats.trainedIn).not.toBe("cache");
    expect(nlu.parse("play some jazz", CONTEXT).tool).toBe("radio_on");
    expect(kept(cache)).toHaveLength(1);
  });

  it("loads the build's weights for its catalog, reads as training would, and keeps them in the cache", async () => {
    const ship = await shipped();
    const trained = await start(TOOLS, { cacheDir: tempDir(), shippedDir: tempDir() });
    const cache = tempDir();
    const first = await start(TOOLS, { cacheDir: cache, shippedDir: ship });
    expect(first.stats.trainedIn).toBe("cache");
    for (const text of LINES) expect(first.parse(text, CONTEXT)).toEqual(trained.parse(text, CONTEXT));
    await settled();
    expect(kept(cache)).toEqual(kept(ship));
    // Later starts read the cache's copy, with or without the build's
    const later = await start(TOOLS, { cacheDir: cache, shippedDir: tempDir() });
    expect(later.stats.trainedIn).toBe("cache");
  });

  it("a new tool misses the build's and the cached weights: it trains, and the new tool is learnt", async () => {
    const ship = await shipped();
    const cache = tempDir();
    await start(TOOLS, { cacheDir: cache, shippedDir: ship });
    await settled();
    const grown = await start([...TOOLS, BACKUP], { cacheDir: cache, shippedDir: ship });
    expect(grown.stats.trainedIn).not.toBe("cache");
    expect(grown.stats.classes).toBeGreaterThan((await start(TOOLS, { cacheDir: tempDir() })).stats.classes);
    expect(grown.parse("back up my photos", CONTEXT).tool).toBe("backup_run");
    expect(grown.parse("could you make a backup of my documents", CONTEXT).tool).toBe("backup_run");
    expect(grown.parse("play some jazz", CONTEXT).tool).toBe("radio_on");
    // Its weights replace the old ones in the cache, and serve the next start
    const next = await start([...TOOLS, BACKUP], { cacheDir: cache, shippedDir: ship });
    expect(next.stats.trainedIn).toBe("cache");
    expect(next.parse("back up my photos", CONTEXT).tool).toBe("backup_run");
  });

  it("a damaged cache file is said in one line and trained again, reading as before", async () => {
    const cache = tempDir();
    const before = await start(TOOLS, { cacheDir: cache, shippedDir: tempDir() });
    const [file] = kept(cache);
    writeFileSync(join(cache, file!), "half a weights file");
    const lines: string[] = [];
    const warn = (line: string) => lines.push(line);
    const after = await start(TOOLS, { cacheDir: cache, shippedDir: tempDir(), warn });
    expect(after.stats.trainedIn).not.toBe("cache");
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("\n");
    expect(lines[0]).toMatch(/could not be read.*training them again/);
    for (const text of LINES) expect(after.parse(text, CONTEXT)).toEqual(before.parse(text, CONTEXT));
    // Rewritten whole: the next start reads it and says nothing
    const next = await start(TOOLS, { cacheDir: cache, warn });
    expect(next.stats.trainedIn).toBe("cache");
    expect(lines).toHaveLength(1);
  });

  it("a damaged cache file with the build's weights at hand loads those instead", async () => {
    const ship = await shipped();
    const cache = tempDir();
    await start(TOOLS, { cacheDir: cache, shippedDir: ship });
    await settled();
    writeFileSync(join(cache, kept(cache)[0]!), "garbled");
    const lines: string[] = [];
    const nlu = await start(TOOLS, { cacheDir: cache, shippedDir: ship, warn: (line) => lines.push(line) });
    expect(nlu.stats.trainedIn).toBe("cache");
    expect(lines).toEqual([expect.stringMatching(/using the installed ones/)]);
    expect(nlu.parse("play some jazz", CONTEXT).tool).toBe("radio_on");
  });
});
