import { describe, expect, it } from "vitest";
import { BargeInDetector } from "./barge.js";
import { ONSET_BLOCK, OnsetDetector } from "./onset.js";

/** Deterministic white noise (xorshift32), `amplitude` peak. */
function noise(blocks: number, amplitude: number, seed = 1): Int16Array {
  const out = new Int16Array(blocks * ONSET_BLOCK);
  let x = seed * 2654435761;
  for (let i = 0; i < out.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = Math.round(((x >>> 0) / 2 ** 32 - 0.5) * 2 * amplitude);
  }
  return out;
}

/** A low tone (rumble): loud, but with little high-frequency energy. */
function tone(blocks: number, amplitude: number, hz: number): Int16Array {
  const out = new Int16Array(blocks * ONSET_BLOCK);
  for (let i = 0; i < out.length; i++)
    out[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / 16_000));
  return out;
}

const join = (...parts: Int16Array[]) => {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
};

/** Which 16 ms blocks end with an onset open. */
function openBlocks(detector: OnsetDetector, samples: Int16Array): number[] {
  const open: number[] = [];
  for (let b = 0; b * ONSET_BLOCK < samples.length; b++)
    if (detector.push(samples.subarray(b * ONSET_BLOCK, (b + 1) * ONSET_BLOCK))) open.push(b);
  return open;
}

describe("OnsetDetector", () => {
  it("stays closed on steady noise and opens two blocks into a hiss 20 dB above it", () => {
    const detector = new OnsetDetector();
    const open = openBlocks(detector, join(noise(60, 300), noise(10, 3000, 7), noise(30, 300, 3)));
    expect(open[0]).toBe(61); // the hiss starts at block 60; held for 2 blocks
    expect(open.every((b) => b >= 61 && b < 61 + 20)).toBe(true); // one window of 320 ms
  });

  it("ignores a click shorter than the hold and a low rumble (no high-frequency rise)", () => {
    const detector = new OnsetDetector();
    expect(openBlocks(detector, join(noise(60, 300), noise(1, 20_000, 5), noise(40, 300, 9)))).toEqual([]);
    const tilted = new OnsetDetector();
    expect(openBlocks(tilted, join(noise(60, 300), tone(40, 8000, 60)))).toEqual([]);
    // Without the tilt the same rumble is a rise of level.
    expect(
      openBlocks(new OnsetDetector({ tilt: false }), join(noise(60, 300), tone(40, 8000, 60))),
    ).not.toEqual([]);
  });

  it("opens once per rise: a steady hiss gets one window, then the floor climbs towards it", () => {
    const detector = new OnsetDetector({ holdMs: 160 });
    const open = openBlocks(detector, join(noise(60, 300), noise(200, 3000, 7)));
    expect(open).toEqual([61, 62, 63, 64, 65, 66, 67, 68, 69, 70]);
    expect(detector.floor ?? 0).toBeGreaterThan(54); // ≈ 47 dB before; it climbs 3 dB/s
  });

  it("gives the same answer whatever the chunk size", () => {
    const samples = join(noise(60, 300), noise(10, 3000, 7), noise(30, 300, 3));
    const by = (size: number) => {
      const d = new OnsetDetector();
      const states: boolean[] = [];
      for (let i = 0; i < samples.length; i += size) {
        d.push(samples.subarray(i, i + size));
        if ((i + size) % (ONSET_BLOCK * 4) === 0) states.push(d.active);
      }
      return states;
    };
    expect(by(128)).toEqual(by(256));
    expect(by(1024)).toEqual(by(256));
  });
});

describe("BargeInDetector", () => {
  /** A windowed VAD that scores every 256 samples with the next value. */
  const scripted = (scores: number[]) => ({
    resets: 0,
    async push(samples: Int16Array) {
      return Array.from({ length: Math.floor(samples.length / 256) }, () => scores.shift() ?? 0);
    },
    reset() {
      this.resets += 1;
    },
  });
  const thresholds = { threshold: 0.6, onsetThreshold: 0.35 };

  async function decide(samples: Int16Array, scores: number[]): Promise<number | undefined> {
    const detector = new BargeInDetector(scripted(scores), thresholds);
    for (let b = 0; b * 256 < samples.length; b++)
      if (await detector.push(samples.subarray(b * 256, (b + 1) * 256))) return b;
    return undefined;
  }

  it("a fricative onset lets 0.35 decide; without any rise of level even 0.99 does not", async () => {
    const hiss = join(noise(60, 300), noise(10, 3000, 7));
    const scores = [...Array(61).fill(0.05), 0.4, 0.4, 0.4];
    expect(await decide(hiss, scores)).toBe(61);
    // The same scores over steady noise (echo Silero hears as speech): no barge-in.
    expect(await decide(noise(70, 300), [...Array(61).fill(0.05), 0.99, 0.99, 0.99])).toBeUndefined();
  });

  it("a rise of level without hiss needs the full threshold", async () => {
    const rumble = join(noise(60, 300), tone(10, 8000, 150));
    expect(await decide(rumble, [...Array(61).fill(0.05), 0.5, 0.5, 0.55, 0.7])).toBe(64);
    // A 2 kHz tone raises the high band too, but its spectrum does not tilt up like /s/.
    const whistle = join(noise(60, 300), tone(10, 8000, 2000));
    expect(await decide(whistle, [...Array(61).fill(0.05), 0.5, 0.5, 0.55, 0.7])).toBe(64);
  });

  it("observe() tracks the floor without scoring; reset() clears Silero's state and open onsets", async () => {
    const vad = scripted([]);
    const detector = new BargeInDetector(vad, thresholds);
    detector.observe(noise(60, 300));
    detector.reset();
    expect(vad.resets).toBe(1);
    expect(await detector.push(noise(2, 3000, 7))).toBe(false); // scored 0
  });
});
