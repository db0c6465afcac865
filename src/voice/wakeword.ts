import * as ort from "onnxruntime-node";
import { FRAME_SAMPLES } from "./audio/wav.js";
import type { VoiceModelFiles } from "./models.js";
import { floatOutput } from "./onnx.js";
import type { SileroVadModel, VadStream } from "./vad.js";

/**
 * openWakeWord's streaming feature pipeline (upstream `utils.py` AudioFeatures + `model.py`),
 * reproduced step for step because the wake-word model was trained on exactly these features:
 * - samples stay on the int16 scale (as float32), never normalised to [-1, 1];
 * - each 1280-sample chunk adds the melspectrogram of the last 1280 + 480 samples (8 frames),
 *   transformed `x / 10 + 2`;
 * - one embedding per chunk from the last 76 mel frames; the model reads the last 16 embeddings;
 * - the mel buffer starts as ones, the embedding buffer as embeddings of 4 s of low noise;
 * - the first 5 predictions are forced to 0 while buffers fill.
 */
const MEL_CONTEXT = 160 * 3;
const MEL_BINS = 32;
const EMBED_WINDOW = 76;
const EMBED_STEP = 8;
const EMBED_DIM = 96;
const WARMUP_PREDICTIONS = 5;

const sessionOptions: ort.InferenceSession.SessionOptions = {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: "sequential",
};

export class WakeWordModel {
  private constructor(
    private readonly mel: ort.InferenceSession,
    private readonly embedding: ort.InferenceSession,
    private readonly classifier: ort.InferenceSession,
    readonly inputFrames: number,
    private readonly initialFeatures: Float32Array[],
  ) {}

  static async load(
    files: Pick<VoiceModelFiles, "melspectrogram" | "embedding" | "wakeWord">,
  ): Promise<WakeWordModel> {
    const [mel, embedding, classifier] = await Promise.all([
      ort.InferenceSession.create(files.melspectrogram, sessionOptions),
      ort.InferenceSession.create(files.embedding, sessionOptions),
      ort.InferenceSession.create(files.wakeWord, sessionOptions),
    ]);
    const shape = classifier.inputMetadata[0];
    const dims = shape && "shape" in shape ? shape.shape : [];
    const inputFrames = typeof dims[1] === "number" ? dims[1] : 16;
    const features = await initialFeatures(mel, embedding);
    return new WakeWordModel(mel, embedding, classifier, inputFrames, features);
  }

  createStream(): WakeWordStream {
    return new WakeWordStream(this, this.initialFeatures.slice(-this.inputFrames));
  }

  melspectrogram(samples: Float32Array): Promise<Float32Array[]> {
    return runMelspectrogram(this.mel, samples);
  }

  embed(windows: Float32Array[][]): Promise<Float32Array[]> {
    return runEmbedding(this.embedding, windows);
  }

  async classify(features: Float32Array[]): Promise<number> {
    const input = new Float32Array(features.length * EMBED_DIM);
    features.forEach((f, i) => {
      input.set(f, i * EMBED_DIM);
    });
    const out = await this.classifier.run({
      [this.classifier.inputNames[0] ?? "x.1"]: new ort.Tensor("float32", input, [
        1,
        features.length,
        EMBED_DIM,
      ]),
    });
    return floatOutput(out, this.classifier.outputNames[0])[0] ?? 0;
  }

  async release(): Promise<void> {
    await Promise.all([this.mel.release(), this.embedding.release(), this.classifier.release()]);
  }
}

/** int16-scale samples → transformed mel frames (rows of 32). */
async function runMelspectrogram(
  session: ort.InferenceSession,
  samples: Float32Array,
): Promise<Float32Array[]> {
  const input = new ort.Tensor("float32", samples, [1, samples.length]);
  const out = await session.run({ [session.inputNames[0] ?? "input"]: input });
  const data = floatOutput(out, session.outputNames[0]);
  const rows: Float32Array[] = [];
  for (let offset = 0; offset + MEL_BINS <= data.length; offset += MEL_BINS) {
    const row = new Float32Array(MEL_BINS);
    for (let i = 0; i < MEL_BINS; i++) row[i] = (data[offset + i] ?? 0) / 10 + 2;
    rows.push(row);
  }
  return rows;
}

/** Embeds a batch of 76-frame mel windows into 96-dim features. */
async function runEmbedding(
  session: ort.InferenceSession,
  windows: Float32Array[][],
): Promise<Float32Array[]> {
  const input = new Float32Array(windows.length * EMBED_WINDOW * MEL_BINS);
  windows.forEach((window, w) => {
    window.forEach((row, r) => {
      input.set(row, (w * EMBED_WINDOW + r) * MEL_BINS);
    });
  });
  const tensor = new ort.Tensor("float32", input, [windows.length, EMBED_WINDOW, MEL_BINS, 1]);
  const out = await session.run({ [session.inputNames[0] ?? "input_1"]: tensor });
  const data = floatOutput(out, session.outputNames[0]);
  return windows.map((_, w) => data.slice(w * EMBED_DIM, (w + 1) * EMBED_DIM));
}

/** Upstream seeds the feature buffer with embeddings of 4 s of random ints in [-1000, 1000]. */
async function initialFeatures(
  mel: ort.InferenceSession,
  embedding: ort.InferenceSession,
): Promise<Float32Array[]> {
  let seed = 0x2545f491;
  const noise = new Float32Array(16_000 * 4);
  for (let i = 0; i < noise.length; i++) {
    seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
    noise[i] = Math.floor((seed / 2 ** 32) * 2000) - 1000;
  }
  const rows = await runMelspectrogram(mel, noise);
  const windows: Float32Array[][] = [];
  for (let i = 0; i + EMBED_WINDOW <= rows.length; i += EMBED_STEP)
    windows.push(rows.slice(i, i + EMBED_WINDOW));
  return runEmbedding(embedding, windows);
}

/** Per-source streaming state; feed 80 ms frames in order. */
export class WakeWordStream {
  private readonly raw = new Float32Array(FRAME_SAMPLES + MEL_CONTEXT);
  private rawFilled = 0;
  private mel: Float32Array[] = Array.from({ length: EMBED_WINDOW }, () =>
    new Float32Array(MEL_BINS).fill(1),
  );
  private features: Float32Array[];
  private predictions = 0;

  constructor(
    private readonly model: WakeWordModel,
    private readonly seedFeatures: Float32Array[],
  ) {
    this.features = [...seedFeatures];
  }

  /** The wake-word score (0..1) after this frame. */
  async process(frame: Int16Array): Promise<number> {
    if (frame.length !== FRAME_SAMPLES) throw new Error(`wake-word frames must be ${FRAME_SAMPLES} samples`);
    this.raw.copyWithin(0, FRAME_SAMPLES);
    for (let i = 0; i < FRAME_SAMPLES; i++) this.raw[MEL_CONTEXT + i] = frame[i] ?? 0;
    this.rawFilled = Math.min(this.raw.length, this.rawFilled + FRAME_SAMPLES);
    const rows = await this.model.melspectrogram(this.raw.slice(this.raw.length - this.rawFilled));
    this.mel = [...this.mel, ...rows].slice(-EMBED_WINDOW);
    const [embedding] = await this.model.embed([this.mel]);
    if (embedding) this.features = [...this.features, embedding].slice(-this.model.inputFrames);
    const score = await this.model.classify(this.features);
    this.predictions += 1;
    return this.predictions <= WARMUP_PREDICTIONS ? 0 : score;
  }

  reset(): void {
    this.raw.fill(0);
    this.rawFilled = 0;
    this.mel = Array.from({ length: EMBED_WINDOW }, () => new Float32Array(MEL_BINS).fill(1));
    this.features = [...this.seedFeatures];
    this.predictions = 0;
  }
}

export interface WakeDecision {
  /** Raw wake-word model score for this frame. */
  score: number;
  /** Silero speech probability for this frame. */
  vad: number;
  /** Highest VAD score 0.32–0.56 s before this frame (upstream's window); the gate value. */
  vadGate: number;
  detected: boolean;
}

/** Upstream's VAD window: the highest probability 4–6 frames (0.32–0.56 s) before frame `index`. */
export function vadGate(vads: ReadonlyArray<number>, index: number): number {
  let best = 0;
  for (let i = Math.max(0, index - 6); i <= index - 4; i++) best = Math.max(best, vads[i] ?? 0);
  return best;
}

export function wakeDetected(score: number, gate: number, options: WakeWordDetectorOptions): boolean {
  const vadThreshold = options.vadThreshold ?? 0.5;
  return score >= options.threshold && (vadThreshold <= 0 || gate >= vadThreshold);
}

export interface WakeWordDetectorOptions {
  threshold: number;
  /** Speech probability the VAD must have reported around the phrase; 0 disables the gate. */
  vadThreshold?: number;
}

/**
 * Wake word + VAD agreement, as upstream `Model.predict(vad_threshold=…)`: a score counts only if
 * the VAD heard speech 0.32–0.56 s before (where "hey jarvis" was being spoken), so noise and
 * non-speech sounds that excite the classifier do not wake Jarvis.
 */
export class WakeWordDetector {
  private readonly vadHistory: number[] = [];

  constructor(
    private readonly wake: WakeWordStream,
    private readonly vad: VadStream,
    private readonly options: WakeWordDetectorOptions,
  ) {}

  static create(
    wake: WakeWordModel,
    vad: SileroVadModel,
    options: WakeWordDetectorOptions,
  ): WakeWordDetector {
    return new WakeWordDetector(wake.createStream(), vad.createStream(), options);
  }

  async process(frame: Int16Array): Promise<WakeDecision> {
    const [score, vad] = await Promise.all([this.wake.process(frame), this.vad.process(frame)]);
    return this.decide(score, vad);
  }

  /** Feeds the VAD probability computed elsewhere (the pipeline shares one VAD stream). */
  async processWithVad(frame: Int16Array, vad: number): Promise<WakeDecision> {
    return this.decide(await this.wake.process(frame), vad);
  }

  private decide(score: number, vad: number): WakeDecision {
    this.vadHistory.push(vad);
    if (this.vadHistory.length > 16) this.vadHistory.shift();
    const gate = vadGate(this.vadHistory, this.vadHistory.length - 1);
    return { score, vad, vadGate: gate, detected: wakeDetected(score, gate, this.options) };
  }

  /** After a detection, so the tail of the same phrase does not fire again. */
  reset(): void {
    this.wake.reset();
    this.vadHistory.length = 0;
  }

  get vadStream(): VadStream {
    return this.vad;
  }
}
