import { describe, expect, it } from "vitest";
import { Resampler, toInt16 } from "../../ui/src/voice/resample.js";

const sine = (rate: number, hz: number, seconds: number) =>
  Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate),
  );

function crossings(samples: Int16Array): number {
  let n = 0;
  for (let i = 1; i < samples.length; i++) if ((samples[i - 1] ?? 0) < 0 !== (samples[i] ?? 0) < 0) n += 1;
  return n;
}

describe("push-to-talk resampler (page side)", () => {
  it.each([48_000, 44_100, 22_050, 8_000])("%i Hz → 16 kHz keeps length and pitch", (rate) => {
    const out = new Resampler(rate).push(sine(rate, 440, 1));
    // The filter holds back its half-width (under 2 ms) until more audio comes.
    expect(16_000 - out.length).toBeGreaterThanOrEqual(0);
    expect(16_000 - out.length).toBeLessThanOrEqual(32);
    // 440 Hz crosses zero 880 times a second.
    expect(Math.abs(crossings(out) - 880)).toBeLessThanOrEqual(2);
    expect(Math.max(...out)).toBeGreaterThan(0.45 * 32767);
  });

  it("gives the same samples whatever the chunking (no clicks at chunk boundaries)", () => {
    const input = sine(48_000, 300, 0.5);
    const whole = new Resampler(48_000).push(input);
    const chunked = new Resampler(48_000);
    const parts: number[] = [];
    for (let start = 0; start < input.length; start += 1000)
      parts.push(...chunked.push(input.subarray(start, start + 1000)));
    expect(parts.length).toBe(whole.length);
    expect(Math.max(...parts.map((x, i) => Math.abs(x - (whole[i] ?? 0))))).toBeLessThanOrEqual(1);
  });

  it("filters what 16 kHz cannot hold: a 12 kHz tone at 48 kHz is all but gone (no aliasing)", () => {
    const out = new Resampler(48_000).push(sine(48_000, 12_000, 0.2));
    // Past the onset (a tone switched on is a click, which is audible at any rate).
    const peak = Math.max(...out.subarray(50).map(Math.abs));
    expect(peak).toBeLessThan(0.02 * 0.5 * 32767);
  });

  it("clamps to 16-bit and refuses impossible rates", () => {
    expect([...toInt16([2, -2, 0.5])]).toEqual([32767, -32767, 16384]);
    expect(() => new Resampler(0)).toThrow(/bad sample rates/);
  });
});
