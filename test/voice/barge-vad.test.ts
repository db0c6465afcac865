/**
 * The barge-in detector on real audio: Silero on 32 ms windows, a score every 16 ms, gated by
 * the onset detectors (BargeInDetector).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/config/schema.js";
import { hasPrograms } from "../../src/testing/index.js";
import { createBargeIn, loadVadModel } from "../../src/voice/setup.js";
import type { SileroVadModel } from "../../src/voice/vad.js";
import { noise, scenario, speak } from "./corpus.js";

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

  /** Media time (ms) of the first 16 ms chunk the detector stops playback on, after `fromMs`. */
  async function decision(samples: Int16Array, fromMs: number): Promise<number | undefined> {
    const barge = createBargeIn(model);
    for (let start = 0; start < samples.length; start += 256) {
      const chunk = samples.subarray(start, start + 256);
      if (start < fromMs * 16)
        barge.observe(chunk); // before playback: the floor only
      else if (await barge.push(chunk)) return (start + 256) / 16;
    }
    return undefined;
  }

  it("decides on 'stop' (a fricative start) within 100 ms of its first sample", async () => {
    for (const voice of ["en-us", "en-gb"]) {
      const stop = scenario(dir, [1500, { text: "stop", voice: { voice, speed: 150 } }, 500], {
        noise: { kind: "pinknoise", volume: 0.02 },
      });
      const onset = stop.voiced[1]?.start ?? 0;
      const at = await decision(stop.samples, 1000);
      expect(at).toBeDefined();
      expect((at ?? 0) - onset).toBeGreaterThan(0);
      expect((at ?? 0) - onset).toBeLessThanOrEqual(100);
    }
  });

  it("does not stop for Jarvis's own voice echoed at -30 dB, nor for a burst of noise", async () => {
    const bed = noise(dir, "pinknoise", 6000, 0.02);
    const own = speak(dir, "Here is a long answer that keeps going for quite a while, with several words.", {
      voice: "en-us",
      speed: 175,
    });
    const echo = Int16Array.from(bed, (x, i) => x + Math.round((own[i - 8000] ?? 0) * 0.0316));
    expect(await decision(echo, 400)).toBeUndefined();
    const burst = noise(dir, "whitenoise", 1500, 0.05);
    const bursty = Int16Array.from(bed, (x, i) => x + (burst[i - 32_000] ?? 0));
    expect(await decision(bursty, 400)).toBeUndefined();
  });
});
