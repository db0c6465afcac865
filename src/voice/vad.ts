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

  async release(): Promise<void> {
    await this.session.release();
  }
}

export class VadStream {
  /**
   * The highest 40 ms window of the last frame: reacts to a speech onset up to a window sooner
   * than the frame mean (which upstream's wake-word gate uses), so barge-in uses it.
   */
  peak = 0;
  private h = new Float32Array(STATE_SIZE);
  private c = new Float32Array(STATE_SIZE);
  private readonly sampleRate = new ort.Tensor("int64", BigInt64Array.from([16_000n]), []);

  constructor(private readonly session: ort.InferenceSession) {}

  /** Speech probability of one 80 ms frame (1280 int16 samples). */
  async process(frame: Int16Array): Promise<number> {
    if (frame.length !== FRAME_SAMPLES) throw new Error(`VAD frames must be ${FRAME_SAMPLES} samples`);
    let sum = 0;
    let peak = 0;
    for (let start = 0; start < FRAME_SAMPLES; start += WINDOW) {
      const input = new Float32Array(WINDOW);
      for (let i = 0; i < WINDOW; i++) input[i] = (frame[start + i] ?? 0) / 32767;
      const out = await this.session.run({
        input: new ort.Tensor("float32", input, [1, WINDOW]),
        sr: this.sampleRate,
        h: new ort.Tensor("float32", this.h, [2, 1, 64]),
        c: new ort.Tensor("float32", this.c, [2, 1, 64]),
      });
      const probability = floatOutput(out, "output")[0] ?? 0;
      sum += probability;
      peak = Math.max(peak, probability);
      this.h = Float32Array.from(floatOutput(out, "hn"));
      this.c = Float32Array.from(floatOutput(out, "cn"));
    }
    this.peak = peak;
    return sum / (FRAME_SAMPLES / WINDOW);
  }

  reset(): void {
    this.h = new Float32Array(STATE_SIZE);
    this.c = new Float32Array(STATE_SIZE);
    this.peak = 0;
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
