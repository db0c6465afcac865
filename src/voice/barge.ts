import { ONSET_BLOCK, OnsetDetector } from "./onset.js";
import type { WindowedVad } from "./vad.js";

/** First-difference level over plain level, in dB, above which a block sounds like /s/ or /ʃ/. */
const HISS_TILT_DB = 0;

/** Decides barge-in as audio arrives while Jarvis speaks. */
export interface BargeInInput {
  /** Samples heard during playback; true when they hold speech that should stop it. */
  push(samples: Int16Array): Promise<boolean>;
  /** Samples heard at any other time: only for cheap level tracking (the noise floor). */
  observe?(samples: Int16Array): void;
  /** A new stretch of playback. */
  reset(): void;
}

export interface BargeInThresholds {
  /** Silero score that stops playback when the level also rose above the floor. */
  threshold: number;
  /** Lower score that is enough during a fricative-like (high-frequency) onset. */
  onsetThreshold: number;
}

/**
 * Silero on 32 ms windows every 16 ms, gated by two onset detectors (src/voice/onset.ts): the
 * level of the microphone must have just risen well above its floor — so steady noise and the
 * echo of Jarvis's own voice, which Silero scores as speech, do not stop it — and a rise of
 * high-frequency energy (the hiss that starts "stop" or "set") lets a lower score decide, so a
 * word that begins with a fricative stops playback about as fast as one that begins with a
 * vowel. Evaluated per 16 ms block whatever the chunk size, so onset and score line up.
 */
export class BargeInDetector implements BargeInInput {
  private readonly fricative = new OnsetDetector({ tilt: true });
  private readonly level = new OnsetDetector({ tilt: false });

  constructor(
    private readonly vad: Pick<WindowedVad, "push" | "reset">,
    private readonly thresholds: BargeInThresholds,
  ) {}

  observe(samples: Int16Array): void {
    this.fricative.push(samples);
    this.level.push(samples);
  }

  async push(samples: Int16Array): Promise<boolean> {
    let decided = false;
    let offset = 0;
    while (offset < samples.length) {
      const take = Math.min(ONSET_BLOCK, samples.length - offset);
      const piece = samples.subarray(offset, offset + take);
      offset += take;
      const onset = this.fricative.push(piece);
      const louder = this.level.push(piece);
      // A fricative now: the rise is in the high band, and the block's spectrum tilts up (its
      // first difference is louder than the samples), which broadband noise and voicing do not.
      const hiss = onset && this.fricative.level - this.level.level >= HISS_TILT_DB;
      // Every window is scored (Silero's state needs contiguous audio) even once decided.
      const scores = await this.vad.push(piece);
      if (decided) continue;
      const needed = hiss ? this.thresholds.onsetThreshold : louder ? this.thresholds.threshold : 2;
      decided = scores.some((score) => score >= needed);
    }
    return decided;
  }

  reset(): void {
    this.vad.reset();
    this.fricative.reset();
    this.level.reset();
  }
}
