import { FRAME_MS } from "./audio/wav.js";
import type { ListenMode, SpeechToText, Transcript } from "./stt/types.js";
import type { VoiceEvent, VoiceSettings, VoiceState } from "./types.js";
import { type HeardFrame, Utterance } from "./utterance.js";
import { SpeechSegmenter } from "./vad.js";

/** What listening needs from the pipeline around it. */
export interface ListeningHost {
  readonly stt: SpeechToText;
  readonly settings: VoiceSettings;
  /** Aborted when the pipeline stops for good (cancels recognition). */
  readonly stopped: AbortSignal;
  /** Media time, ms. */
  t(): number;
  /** Wall time, ms. */
  now(): number;
  emit(event: VoiceEvent): void;
  emitError(error: unknown): void;
  setState(state: VoiceState): void;
}

/**
 * The listening step: one utterance at a time. Frames go to the recogniser; the VAD decides
 * when speech starts and ends (or nobody spoke in time); the end hands the audio to the
 * recogniser and resolves the transcript.
 */
export class Listening {
  private utterance: Utterance | undefined;
  private readonly segmenter: SpeechSegmenter;
  /** Wall time of the last end of speech (for the end-of-speech → first-audio latency). */
  endOfSpeechAt: number | undefined;

  constructor(private readonly host: ListeningHost) {
    const settings = host.settings;
    this.segmenter = new SpeechSegmenter({
      startThreshold: settings.vadThreshold,
      endThreshold: Math.max(0.05, settings.vadThreshold - 0.15),
      endSilenceFrames: Math.max(1, Math.round(settings.endSilenceMs / FRAME_MS)),
    });
  }

  /** An utterance is being listened to. */
  get active(): boolean {
    return this.utterance !== undefined;
  }

  /** Below this speech probability a frame is quiet (the end of speech counts such frames). */
  get quietBelow(): number {
    return this.segmenter.endThreshold;
  }

  get mode(): ListenMode | undefined {
    return this.utterance?.mode;
  }

  /** Starts an utterance; `resolve` gets its transcript, or undefined when nothing was said. */
  start(mode: ListenMode, resolve: (transcript: Transcript | undefined) => void): Utterance {
    this.host.setState("listening");
    const session = this.host.stt.start({ mode, signal: this.host.stopped });
    const utterance = new Utterance(mode, session, this.segmenter, this.host.settings, resolve);
    this.utterance = utterance;
    return utterance;
  }

  /**
   * Listens afresh (same mode, same waiting turn): what was heard so far was the wake phrase,
   * and `leadIn` is what came after it.
   */
  restart(leadIn: ReadonlyArray<HeardFrame>): void {
    const previous = this.utterance;
    if (!previous) return;
    previous.session.cancel();
    const session = this.host.stt.start({ mode: previous.mode, signal: this.host.stopped });
    this.utterance = new Utterance(
      previous.mode,
      session,
      this.segmenter,
      this.host.settings,
      previous.resolve,
    );
    for (const heard of leadIn) this.frame(heard.frame, heard.vad);
  }

  /** True while `utterance` is still the one being listened to. */
  isCurrent(utterance: Utterance): boolean {
    return this.utterance === utterance;
  }

  frame(frame: Int16Array, vad: number): void {
    const utterance = this.utterance;
    if (!utterance) return;
    const event = utterance.push(frame, vad);
    if (event === "start") this.host.emit({ type: "speech_start", t: this.host.t(), mode: utterance.mode });
    else if (event === "timeout") this.abandon(true);
    else if (event === "end") this.end();
  }

  /** Ends the utterance here if speech was heard, else drops it (`timedOut`: say so). */
  finish(timedOut: boolean): void {
    if (this.utterance?.speech) this.end();
    else this.abandon(timedOut);
  }

  /** Drops the utterance: nothing was said (or it no longer matters). */
  abandon(timedOut: boolean): void {
    const utterance = this.utterance;
    if (!utterance) return;
    this.utterance = undefined;
    utterance.session.cancel();
    if (timedOut) this.host.emit({ type: "listen_timeout", t: this.host.t(), mode: utterance.mode });
    utterance.resolve(undefined);
  }

  /** End of speech: the recogniser finishes, the transcript resolves the utterance. */
  end(): void {
    const utterance = this.utterance;
    if (!utterance) return;
    const host = this.host;
    this.utterance = undefined;
    this.endOfSpeechAt = host.now();
    host.emit({ type: "speech_end", t: host.t(), mode: utterance.mode });
    host.setState("transcribing");
    const started = host.now();
    utterance.session.finish().then(
      (transcript) => {
        host.emit({
          type: "transcript",
          t: host.t(),
          mode: utterance.mode,
          text: transcript.text,
          backend: transcript.backend,
          latencyMs: Math.round(host.now() - started),
        });
        utterance.resolve(transcript);
      },
      (error: unknown) => {
        host.emitError(error);
        utterance.resolve({ text: "", backend: host.stt.name });
      },
    );
  }

  /** Forgets the utterance without resolving it (the conversation task ended). */
  clear(): void {
    this.utterance = undefined;
  }
}
