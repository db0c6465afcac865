import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPrograms } from "../../src/testing/programs.js";
import { toFrames } from "../../src/voice/audio/wav.js";
import { PocketsphinxStt } from "../../src/voice/stt/pocketsphinx.js";
import type { ListenMode } from "../../src/voice/stt/types.js";
import { scenario } from "./corpus.js";

const ok = hasPrograms(
  ["espeak-ng", "sox", "pocketsphinx_continuous"],
  "espeak-ng sox pocketsphinx pocketsphinx-en-us",
);

describe.skipIf(!ok)("pocketsphinx command recognition", () => {
  let dir: string;
  let stt: PocketsphinxStt;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "jarvis-sphinx-"));
    stt = new PocketsphinxStt({ workDir: join(dir, "grammar"), templates: ["what is on the screen"] });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function hear(text: string, mode: ListenMode, voice = "en-us") {
    const clip = scenario(dir, [300, { text, voice: { voice, speed: 150 } }, 500], {
      noise: { kind: "pinknoise", volume: 0.01 },
    });
    const session = stt.start({ mode, signal: new AbortController().signal });
    for (const frame of toFrames(clip.samples)) session.write(frame);
    return (await session.finish()).text;
  }

  it.each([
    ["set a timer for five minutes", "en-us"],
    ["what time is it", "en-gb"],
    ["add milk to my shopping list", "en-us"],
    ["what is on the screen", "en-us"],
  ])("command %j (%s) is heard exactly", async (text, voice) => {
    expect(await hear(text, "command", voice)).toBe(text);
  });

  it("the end of the wake phrase before a command is absorbed and left out of the transcript", async () => {
    expect(await hear("hey jarvis, what time is it", "command")).toBe("what time is it");
  });

  it.each(["yes", "no"])("a spoken %j is heard with the dialog grammar", async (word) => {
    expect(await hear(word, "dialog")).toBe(word);
  });

  it("the grammar file holds both rules and the catalog's slot-free examples", () => {
    expect(stt.grammar.text).toContain("public <command> = [ hey ] [ jarvis ] <sentence>;");
    expect(stt.grammar.text).toContain("public <dialog> =");
    expect(stt.grammar.text).toContain("( what is on the screen )");
  });

  it("cancel stops the recogniser and cleans up its FIFO", async () => {
    const before = readdirSync(tmpdir()).filter((f) => f.startsWith("jarvis-stt-")).length;
    const session = stt.start({ mode: "command", signal: new AbortController().signal });
    session.write(new Int16Array(1280));
    await new Promise((resolve) => setTimeout(resolve, 300));
    session.cancel();
    await expect(session.finish()).rejects.toMatchObject({ code: "CANCELLED" });
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith("jarvis-stt-")).length).toBeLessThanOrEqual(
      before,
    );
  });

  it("a missing program is reported in one line with the package to install", async () => {
    const missing = new PocketsphinxStt({
      workDir: join(dir, "g2"),
      program: "/nonexistent/pocketsphinx_continuous",
    });
    const session = missing.start({ mode: "command", signal: new AbortController().signal });
    await expect(session.finish()).rejects.toMatchObject({
      code: "UNAVAILABLE",
      fix: "sudo apt-get install pocketsphinx pocketsphinx-en-us",
    });
  });
});
