import * as ort from "onnxruntime-node";
import { FRAME_SAMPLES } from "./audio/wav.js";
import { floatOutput } from "./onnx.js";

/**
 * Silero VAD (the v4 model openWakeWord ships: inputs `input`, `sr`, `h`, `c`). Like upstream
 * openWakeWord we score each 80 ms frame as the mean of two 640-sample windows, samples in [-1, 1].
 */
const WINDOW = 640;
const STATE_SIZE = 2 * 1 * 64;

export class SileroVadModel {
  private constructor(private readonly session: ort.InferenceSession) {}

  static async load(path: string): Promise<SileroVadModel> {
    const session = await ort.InferenceSession.create(path, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: "sequential",
    });
    for (const name of ["input", "sr", "h", "c"]) {
      if (!session.inputNames.includes(name)) {
        throw new Error(
          `unsupported Silero VAD model: no input "${name}" (inputs: ${session.inputNames.join(", ")})`,
        );
      }
    }
    return new SileroVadModel(session);
  }

  /** One stream per audio source: the recurrent state belongs to the stream. */
  createStream(): VadStream {
    return new VadStream(this.session);
  }

  /** A barge-in detector for one audio source (its own recurrent state). */
  createWindowedStream(): WindowedVad {
    return new WindowedVad(this.session);
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}

/** One Silero inference: a window of samples in [-1, 1] and the recurrent state it updates. */
async function runWindow(
  session: ort.InferenceSession,
  state: { h: Float32Array; c: Float32Array },
  samples: Int16Array,
  sampleRate: ort.Tensor,
): Promise<number> {
  const input = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) input[i] = (samples[i] ?? 0) / 32767;
  const out = await session.run({
    input: new ort.Tensor("float32", input, [1, samples.length]),
    sr: sampleRate,
    h: new ort.Tensor("float32", state.h, [2, 1, 64]),
    c: new ort.Tensor("float32", state.c, [2, 1, 64]),
  });
  state.h = Float32Array.from(floatOutput(out, "hn"));
  state.c = Float32Array.from(floatOutput(out, "cn"));
  return floatOutput(out, "output")[0] ?? 0;
}

const sampleRateTensor = () => new ort.Tensor("int64", BigInt64Array.from([16_000n]), []);

export class VadStream {
  /**
   * The highest 40 ms window of the last frame: reacts to a speech onset up to a window sooner
   * than the frame mean (which upstream's wake-word gate uses).
   */
  peak = 0;
  private state = { h: new Float32Array(STATE_SIZE), c: new Float32Array(STATE_SIZE) };
  private readonly sampleRate = sampleRateTensor();

  constructor(private readonly session: ort.InferenceSession) {}

  /** Speech probability of one 80 ms frame (1280 int16 samples). */
  async process(frame: Int16Array): Promise<number> {
    if (frame.length !== FRAME_SAMPLES) throw new Error(`VAD frames must be ${FRAME_SAMPLES} samples`);
    let sum = 0;
    let peak = 0;
    for (let start = 0; start < FRAME_SAMPLES; start += WINDOW) {
      const probability = await runWindow(
        this.session,
        this.state,
        frame.subarray(start, start + WINDOW),
        this.sampleRate,
      );
      sum += probability;
      peak = Math.max(peak, probability);
    }
    this.peak = peak;
    return sum / (FRAME_SAMPLES / WINDOW);
  }

  reset(): void {
    this.state = { h: new Float32Array(STATE_SIZE), c: new Float32Array(STATE_SIZE) };
    this.peak = 0;
  }
}

/** Silero's smallest reliable window at 16 kHz (its docs: 512, 1024 or 1536); 320 misfires. */
export const BARGE_WINDOW = 512;

interface WindowPhase {
  state: { h: Float32Array; c: Float32Array };
  pending: Int16Array;
  filled: number;
}

const newPhase = (): WindowPhase => ({
  state: { h: new Float32Array(STATE_SIZE), c: new Float32Array(STATE_SIZE) },
  pending: new Int16Array(BARGE_WINDOW),
  filled: 0,
});

/**
 * Silero on 32 ms windows, scored as soon as each window is complete, whatever the size of the
 * chunks pushed — for barge-in, which decides per window instead of per 80 ms frame. Two streams
 * offset by half a window (each with its own recurrent state, as Silero needs contiguous
 * windows) give a fresh score every 16 ms.
 */
export class WindowedVad {
  private phases = [newPhase(), newPhase()];
  /** Samples the second stream still skips (its half-window offset). */
  private skip = BARGE_WINDOW / 2;
  private readonly sampleRate = sampleRateTensor();

  constructor(private readonly session: ort.InferenceSession) {}

  /** Appends samples; resolves with the probability of every window they completed, in order. */
  async push(samples: Int16Array): Promise<number[]> {
    const scores: number[] = [];
    let offset = 0;
    while (offset < samples.length) {
      // Up to the next window boundary of either stream, so scores come out in time order.
      const due = this.phases.map((phase, i) =>
        i === 1 && this.skip > 0 ? this.skip : BARGE_WINDOW - phase.filled,
      );
      const take = Math.min(...due, samples.length - offset);
      const piece = samples.subarray(offset, offset + take);
      offset += take;
      for (const [i, phase] of this.phases.entries()) {
        if (i === 1 && this.skip > 0) {
          this.skip -= take;
          continue;
        }
        phase.pending.set(piece, phase.filled);
        phase.filled += take;
        if (phase.filled === BARGE_WINDOW) {
          phase.filled = 0;
          scores.push(await runWindow(this.session, phase.state, phase.pending, this.sampleRate));
        }
      }
    }
    return scores;
  }

  reset(): void {
    this.phases = [newPhase(), newPhase()];
    this.skip = BARGE_WINDOW / 2;
  }
}

export interface SegmenterOptions {
  /** Probability at or above which a frame is speech. */
  startThreshold?: number;
  /** Probability below which a frame counts towards the end of speech (hysteresis). */
  endThreshold?: number;
  /** Consecutive speech frames before `start` (filters clicks). */
  minSpeechFrames?: number;
  /** Consecutive quiet frames that end an utterance (the hangover). */
  endSilenceFrames?: number;
}

export type SegmentEvent = "start" | "end" | undefined;

/** Turns per-frame probabilities into speech start/end with hysteresis and a hangover. */
export class SpeechSegmenter {
  readonly startThreshold: number;
  readonly endThreshold: number;
  readonly minSpeechFrames: number;
  readonly endSilenceFrames: number;
  private speaking = false;
  private run = 0;
  private quiet = 0;

  constructor(options: SegmenterOptions = {}) {
    this.startThreshold = options.startThreshold ?? 0.5;
    this.endThreshold = options.endThreshold ?? 0.35;
    this.minSpeechFrames = options.minSpeechFrames ?? 2;
    this.endSilenceFrames = options.endSilenceFrames ?? 6;
  }

  get inSpeech(): boolean {
    return this.speaking;
  }

  push(probability: number): SegmentEvent {
    if (!this.speaking) {
      this.run = probability >= this.startThreshold ? this.run + 1 : 0;
      if (this.run >= this.minSpeechFrames) {
        this.speaking = true;
        this.quiet = 0;
        return "start";
      }
      return undefined;
    }
    this.quiet = probability < this.endThreshold ? this.quiet + 1 : 0;
    if (this.quiet >= this.endSilenceFrames) {
      this.speaking = false;
      this.run = 0;
      return "end";
    }
    return undefined;
  }

  reset(): void {
    this.speaking = false;
    this.run = 0;
    this.quiet = 0;
  }
}
