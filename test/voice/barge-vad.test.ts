/** The barge-in detector on real audio: Silero on 32 ms windows, a score every 16 ms. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/config/schema.js";
import { hasPrograms } from "../../src/testing/index.js";
import { loadVadModel } from "../../src/voice/setup.js";
import type { SileroVadModel } from "../../src/voice/vad.js";
import { scenario } from "./corpus.js";

const ok = hasPrograms(["espeak-ng", "sox"], "espeak-ng sox");

describe.skipIf(!ok)("WindowedVad (barge-in)", () => {
  let model: SileroVadModel;
  let dir: string;
  let clip: ReturnType<typeof scenario>;
  beforeAll(async () => {
    model = await loadVadModel(defaultConfig().voice);
    dir = mkdtempSync(join(tmpdir(), "jarvis-barge-vad-"));
    clip = scenario(dir, [1000, { text: "what time is it" }, 500], {
      noise: { kind: "pinknoise", volume: 0.02 },
    });
  });
  afterAll(async () => {
    await model?.release();
    rmSync(dir, { recursive: true, force: true });
  });

  async function scores(chunk: number): Promise<number[]> {
    const vad = model.createWindowedStream();
    const out: number[] = [];
    for (let start = 0; start < clip.samples.length; start += chunk)
      out.push(...(await vad.push(clip.samples.subarray(start, start + chunk))));
    return out;
  }

  it("scores a window every 16 ms, in time order, whatever the chunk size", async () => {
    const by256 = await scores(256);
    const n = clip.samples.length;
    expect(by256).toHaveLength(Math.floor(n / 512) + Math.floor((n - 256) / 512));
    expect(await scores(1000)).toEqual(by256);
    expect(await scores(77)).toEqual(by256);
  });

  it("stays low on noise and fires within 100 ms of the voice's onset", async () => {
    const by256 = await scores(256);
    const atMs = (i: number) => (i + 2) * 16; // window i ends at (i + 2) × 256 samples
    const onset = clip.voiced[1]?.start ?? 0;
    const first = by256.findIndex((p) => p >= 0.6);
    expect(by256.slice(0, Math.floor(onset / 16) - 2).every((p) => p < 0.3)).toBe(true);
    expect(atMs(first) - onset).toBeGreaterThan(0);
    expect(atMs(first) - onset).toBeLessThanOrEqual(100);
  });
});
