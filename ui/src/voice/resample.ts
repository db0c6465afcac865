/** What the server's voice pipeline takes: 16 kHz mono 16-bit. */
export const TARGET_RATE = 16_000;

/** Zero crossings of the filter kernel on each side: sharper cut-off for more taps. */
const ZERO_CROSSINGS = 8;

/**
 * Streaming resampler from the microphone's rate (44.1/48 kHz usually) to 16 kHz int16: a
 * windowed-sinc (Blackman) low-pass evaluated at each output instant, cut off just under the
 * lower Nyquist frequency, so nothing above 8 kHz folds back into the speech band. State
 * carries over between chunks, so chunk boundaries leave no clicks or gaps.
 */
export class Resampler {
  private readonly ratio: number;
  /** Filter cut-off in cycles per input sample, and the kernel's half-width in input samples. */
  private readonly cutoff: number;
  private readonly halfWidth: number;
  /** Input samples the next outputs still need. */
  private tail = new Float32Array(0);
  /** Where the next output sample falls, in `tail` indices. */
  private position = 0;

  constructor(inputRate: number, outputRate = TARGET_RATE) {
    if (!(inputRate > 0 && outputRate > 0)) throw new Error(`bad sample rates ${inputRate} → ${outputRate}`);
    this.ratio = inputRate / outputRate;
    this.cutoff = 0.45 * Math.min(1, 1 / this.ratio);
    this.halfWidth = Math.ceil(ZERO_CROSSINGS / (2 * this.cutoff));
  }

  push(input: Float32Array): Int16Array {
    const data = new Float32Array(this.tail.length + input.length);
    data.set(this.tail);
    data.set(input, this.tail.length);
    const width = this.halfWidth;
    const out: number[] = [];
    let p = this.position;
    while (p + width < data.length) {
      // Before the first sample is silence (a stream starts from nothing), so the kernel is
      // never cut short: a truncated one would let high frequencies through.
      let sum = 0;
      let weights = 0;
      for (let i = Math.ceil(p - width); i <= Math.floor(p + width); i++) {
        const w = this.kernel(i - p);
        sum += (data[i] ?? 0) * w;
        weights += w;
      }
      out.push(weights === 0 ? 0 : sum / weights);
      p += this.ratio;
    }
    const keep = Math.max(0, Math.min(data.length, Math.floor(p - width) - 1));
    this.tail = data.slice(keep);
    this.position = p - keep;
    return toInt16(out);
  }

  /** Blackman-windowed sinc at `t` input samples from the output instant. */
  private kernel(t: number): number {
    const x = 2 * this.cutoff * t;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const n = t / this.halfWidth; // -1 … 1
    const window = 0.42 + 0.5 * Math.cos(Math.PI * n) + 0.08 * Math.cos(2 * Math.PI * n);
    return sinc * window;
  }
}

export function toInt16(samples: ArrayLike<number>): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const x = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out[i] = Math.round(x * 32767);
  }
  return out;
}
