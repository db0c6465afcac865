/**
 * Fakes for the voice pipeline's collaborators, as code (no module mocking). Frames carry
 * their own "truth": sample 0 is the speech probability × 10000 and sample 1 is 1 when the
 * wake word is in the frame — so a test writes a scenario as a list of frames.
 */
import type { AudioSink } from "../voice/audio/io.js";
import { FRAME_SAMPLES, type PcmAudio } from "../voice/audio/wav.js";
import type { BargeInInput, VadInput, WakeWordInput } from "../voice/pipeline-types.js";
import type { ListenMode, SpeechToText, SttSession, Transcript } from "../voice/stt/types.js";
import type { TextToSpeech } from "../voice/tts/types.js";
import type { TurnHandler } from "../voice/turn.js";
import type { WakeDecision } from "../voice/wakeword.js";

export function frame(options: { speech?: number; wake?: boolean } = {}): Int16Array {
  const f = new Int16Array(FRAME_SAMPLES);
  f[0] = Math.round((options.speech ?? 0) * 10_000);
  f[1] = options.wake ? 1 : 0;
  return f;
}

export const silentFrames = (n: number) => Array.from({ length: n }, () => frame());
export const speechFrames = (n: number) => Array.from({ length: n }, () => frame({ speech: 0.9 }));

export function createFakeVad(): VadInput {
  const vad = {
    peak: 0,
    async process(f: Int16Array) {
      vad.peak = (f[0] ?? 0) / 10_000;
      return vad.peak;
    },
  };
  return vad;
}

/** Speech when a pushed piece's loudest sample (÷ 10000) reaches 0.6. */
export class FakeBarge implements BargeInInput {
  resets = 0;
  pushed = 0;
  observed = 0;
  async push(samples: Int16Array): Promise<boolean> {
    this.pushed += 1;
    let max = 0;
    for (const x of samples) max = Math.max(max, x);
    return max / 10_000 >= 0.6;
  }
  observe(): void {
    this.observed += 1;
  }
  reset(): void {
    this.resets += 1;
  }
}

export class FakeWake implements WakeWordInput {
  resets = 0;
  async processWithVad(f: Int16Array, vad: number): Promise<WakeDecision> {
    const detected = f[1] === 1;
    return { score: detected ? 0.99 : 0, vad, vadGate: vad, detected };
  }
  reset(): void {
    this.resets += 1;
  }
}

/** Answers each recognition with the next scripted text for its mode ("" = not understood). */
export class FakeStt implements SpeechToText {
  readonly name = "fake";
  readonly sessions: Array<{ mode: ListenMode; frames: number; cancelled: boolean }> = [];
  /** Per session, the speech probability of each frame written (what the recogniser heard). */
  readonly heard: number[][] = [];
  constructor(private readonly script: Record<ListenMode, string[]>) {}

  start(options: { mode: ListenMode }): SttSession {
    const record = { mode: options.mode, frames: 0, cancelled: false };
    this.sessions.push(record);
    const heard: number[] = [];
    this.heard.push(heard);
    const next = () => this.script[options.mode].shift() ?? "";
    return {
      write: (f) => {
        record.frames += 1;
        heard.push((f[0] ?? 0) / 10_000);
      },
      finish: async (): Promise<Transcript> => ({ text: next(), backend: this.name }),
      cancel: () => {
        record.cancelled = true;
      },
    };
  }
}

/** 100 ms of audio per word, at 16 kHz. */
export class FakeTts implements TextToSpeech {
  readonly name = "fake";
  readonly spoken: string[] = [];
  async synthesize(text: string): Promise<PcmAudio> {
    this.spoken.push(text);
    const words = text.split(/\s+/).filter(Boolean).length;
    return { sampleRate: 16_000, samples: new Int16Array(1600 * Math.max(1, words)) };
  }
}

/** Playback that lasts until the test calls `finishAll()` or the pipeline aborts it. */
export class ControlledSink implements AudioSink {
  readonly clips: Array<{ audio: PcmAudio; stopped: boolean; finished: boolean }> = [];
  private readonly waiting: Array<() => void> = [];

  get playing(): boolean {
    return this.waiting.length > 0;
  }

  play(audio: PcmAudio, signal: AbortSignal): Promise<void> {
    const clip = { audio, stopped: false, finished: false };
    this.clips.push(clip);
    return new Promise((resolve) => {
      if (signal.aborted) {
        clip.stopped = true;
        return resolve();
      }
      const done = () => {
        clip.finished = true;
        resolve();
      };
      this.waiting.push(done);
      signal.addEventListener(
        "abort",
        () => {
          clip.stopped = true;
          const index = this.waiting.indexOf(done);
          if (index >= 0) this.waiting.splice(index, 1);
          resolve();
        },
        { once: true },
      );
    });
  }

  finishAll(): void {
    for (const done of this.waiting.splice(0)) done();
  }
}

/** Lets pending promise chains run (child processes are not involved in fakes). */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Answers every turn by repeating what was heard: for pipeline tests where the answer is not the point. */
export const echoTurns: TurnHandler = {
  async *run(request) {
    yield { type: "text", text: `You said: ${request.text}.` };
  },
};
