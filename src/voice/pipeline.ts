import { type Clock, systemClock } from "../core/clock.js";
import { toJarvisError } from "../core/errors.js";
import type { ConfirmAnswer } from "../core/events.js";
import type { ConfirmationBroker, ConfirmationRequest } from "../gate/confirm.js";
import type { AudioSink, AudioSource } from "./audio/io.js";
import { FRAME_MS } from "./audio/wav.js";
import { confirmationQuestion } from "./confirm.js";
import { SpeechOutput, type SpokenClip } from "./speech-output.js";
import type { ListenMode, SpeechToText, SttSession, Transcript } from "./stt/types.js";
import type { TextToSpeech } from "./tts/types.js";
import type { DialogClassifier, TurnHandler } from "./turn.js";
import type { VoiceEvent, VoiceSettings, VoiceState } from "./types.js";
import { SpeechSegmenter } from "./vad.js";
import type { WakeDecision } from "./wakeword.js";

/** Anything that scores frames for the wake word given the shared VAD probability. */
export interface WakeWordInput {
  processWithVad(frame: Int16Array, vad: number): Promise<WakeDecision>;
  reset(): void;
}

/** Per-frame speech probability (Silero's `VadStream`, or a fake in tests). */
export interface VadInput {
  /** Mean probability over the frame. */
  process(frame: Int16Array): Promise<number>;
  /** Highest sub-window probability of the last processed frame. */
  readonly peak: number;
}

export interface VoicePipelineOptions {
  wake: WakeWordInput;
  vad: VadInput;
  stt: SpeechToText;
  tts: TextToSpeech;
  sink: AudioSink;
  turns: TurnHandler;
  dialog: DialogClassifier;
  settings: VoiceSettings;
  onEvent(event: VoiceEvent): void;
  /** Wall clock for latencies (media time `t` comes from the frame count). */
  clock?: Clock;
}

interface Listener {
  mode: ListenMode;
  session: SttSession;
  frames: number;
  speechFrames: number;
  speech: boolean;
  resolve(transcript: Transcript | undefined): void;
}

const NOT_UNDERSTOOD = "Sorry, I didn't catch that.";

/**
 * The duplex voice loop: idle → (wake) → listening → transcribing → turn → speaking → idle.
 * Frames are processed strictly in order by `processFrame`; the conversation (STT, the turn,
 * speech output, spoken confirmations) runs as one async task beside it, so frames keep
 * flowing while Jarvis thinks and speaks — which is what makes barge-in possible.
 */
export class VoicePipeline {
  private current: VoiceState = "idle";
  private frameCount = 0;
  private listener: Listener | undefined;
  private readonly segmenter: SpeechSegmenter;
  private readonly output: SpeechOutput;
  private readonly clock: Clock;
  private task: Promise<void> | undefined;
  /** Aborts whatever is being spoken (and the turn producing it). */
  private speaking: AbortController | undefined;
  /** Frames heard since a barge-in, until the next `listen` picks them up. */
  private bargeBuffer: Array<{ frame: Int16Array; vad: number }> | undefined;
  private bargeRun = 0;
  private endOfSpeechAt: number | undefined;
  private ended = false;
  private readonly stopped = new AbortController();

  constructor(private readonly options: VoicePipelineOptions) {
    this.segmenter = new SpeechSegmenter({
      startThreshold: options.settings.vadThreshold,
      endThreshold: Math.max(0.05, options.settings.vadThreshold - 0.15),
      endSilenceFrames: Math.max(1, Math.round(options.settings.endSilenceMs / FRAME_MS)),
    });
    this.output = new SpeechOutput(options.tts, options.sink);
    this.clock = options.clock ?? systemClock;
  }

  get state(): VoiceState {
    return this.current;
  }

  /** Media time of the last frame, in ms. */
  get t(): number {
    return Math.round(this.frameCount * FRAME_MS);
  }

  /** True while Jarvis is working or talking (file sources replay in real time then). */
  get busy(): boolean {
    return this.current === "transcribing" || this.current === "turn" || this.current === "speaking";
  }

  /** Runs a whole source, then lets the last conversation finish. */
  async run(source: AudioSource, signal: AbortSignal): Promise<void> {
    const stop = () => this.stopped.abort(signal.reason);
    signal.addEventListener("abort", stop, { once: true });
    try {
      for await (const frame of source.frames(signal)) await this.processFrame(frame);
      await this.drain();
    } finally {
      signal.removeEventListener("abort", stop);
    }
  }

  async processFrame(frame: Int16Array): Promise<void> {
    this.frameCount += 1;
    const vad = await this.options.vad.process(frame);
    const wake = await this.options.wake.processWithVad(frame, vad);
    if (this.bargeBuffer) {
      this.bargeBuffer.push({ frame, vad });
      return;
    }
    switch (this.current) {
      case "idle":
        if (wake.detected && !this.task) this.onWake(wake);
        break;
      case "listening":
        if (this.listener) this.listenFrame(this.listener, frame, vad);
        break;
      case "speaking": {
        const mode = this.options.settings.bargeIn;
        const peak = this.options.vad.peak;
        const heard =
          mode === "speech"
            ? peak >= this.options.settings.bargeInThreshold
            : mode === "wake" && wake.detected;
        this.bargeRun = heard ? this.bargeRun + 1 : 0;
        if (heard && this.bargeRun >= 1) this.bargeIn(frame, vad);
        break;
      }
      default:
        break;
    }
  }

  /**
   * Push-to-talk: start listening for a command now, as if the wake word was heard. Ignored
   * (false) while a conversation is already running.
   */
  activate(): boolean {
    if (this.task || this.current !== "idle") return false;
    this.emit({ type: "activated", t: this.t });
    this.options.wake.reset();
    this.startTask(() => this.converse());
    return true;
  }

  /** End of input: an utterance in progress ends here; then wait for the conversation. */
  async drain(): Promise<void> {
    this.ended = true;
    const listener = this.listener;
    if (listener?.speech) this.endListening(listener);
    else if (listener) this.abandonListening(listener, false);
    while (this.task) await this.task;
  }

  private emit(event: VoiceEvent): void {
    this.options.onEvent(event);
  }

  private setState(state: VoiceState): void {
    if (state === this.current) return;
    this.current = state;
    this.emit({ type: "state", state, t: this.t });
  }

  private onWake(decision: WakeDecision): void {
    this.emit({ type: "wake", t: this.t, score: round(decision.score), vad: round(decision.vadGate) });
    // The tail of the phrase must not fire again once we are back to idle.
    this.options.wake.reset();
    this.startTask(() => this.converse());
  }

  private startTask(fn: () => Promise<void>): void {
    const task = fn()
      .catch((error: unknown) => {
        const failure = toJarvisError(error);
        this.emit({ type: "error", t: this.t, code: failure.code, message: failure.message });
      })
      .finally(() => {
        if (this.task === task) this.task = undefined;
        this.listener = undefined;
        this.speaking = undefined;
        this.bargeBuffer = undefined;
        this.setState("idle");
      });
    this.task = task;
  }

  private async converse(): Promise<void> {
    for (;;) {
      const transcript = await this.listen("command");
      if (!transcript) return;
      const controller = new AbortController();
      this.speaking = controller;
      if (transcript.text.length === 0) await this.say(NOT_UNDERSTOOD, controller.signal);
      else await this.runTurn(transcript.text, controller);
      this.speaking = undefined;
      // Barge-in: the user interrupted; what they say now is the next command.
      if (!this.bargeBuffer) return;
    }
  }

  private async runTurn(text: string, controller: AbortController): Promise<void> {
    this.setState("turn");
    const turns = this.options.turns;
    const emit = (event: VoiceEvent) => this.emit(event);
    const broker = this.broker;
    const signal = controller.signal;
    async function* answer(): AsyncIterable<string> {
      for await (const chunk of turns.run({ text, signal, broker })) {
        if (signal.aborted) return;
        if (chunk.type === "event") emit({ type: "turn_event", event: chunk.event });
        else yield chunk.text;
      }
    }
    const full = await this.output.speak(answer(), signal, this.clipHooks());
    this.emit({ type: "turn_text", t: this.t, text: full, interrupted: signal.aborted });
  }

  private clipHooks() {
    return {
      onClipStart: (clip: SpokenClip) => {
        this.setState("speaking");
        const latencyMs =
          this.endOfSpeechAt === undefined ? undefined : this.clock.now() - this.endOfSpeechAt;
        this.endOfSpeechAt = undefined;
        this.emit({
          type: "speak",
          t: this.t,
          text: clip.text,
          durationMs: Math.round(clip.durationMs),
          sampleRate: clip.audio.sampleRate,
          ...(latencyMs === undefined ? {} : { latencyMs: Math.round(latencyMs) }),
        });
      },
      onError: (error: unknown) => {
        const failure = toJarvisError(error);
        this.emit({ type: "error", t: this.t, code: failure.code, message: failure.message });
      },
    };
  }

  private say(text: string, signal: AbortSignal): Promise<string> {
    return this.output.say(text, signal, this.clipHooks());
  }

  private bargeIn(frame: Int16Array, vad: number): void {
    this.emit({ type: "barge_in", t: this.t });
    this.bargeBuffer = [{ frame, vad }];
    this.bargeRun = 0;
    this.speaking?.abort(new DOMException("barge-in", "AbortError"));
    this.setState("listening");
  }

  /** Listens for one utterance; undefined when nobody spoke before the timeout. */
  private listen(mode: ListenMode): Promise<Transcript | undefined> {
    const seed = this.bargeBuffer ?? [];
    this.bargeBuffer = undefined;
    if (this.ended && seed.length === 0) return Promise.resolve(undefined);
    this.setState("listening");
    this.segmenter.reset();
    return new Promise((resolve) => {
      const listener: Listener = {
        mode,
        session: this.options.stt.start({ mode, signal: this.stopped.signal }),
        frames: 0,
        speechFrames: 0,
        speech: false,
        resolve,
      };
      this.listener = listener;
      for (const { frame, vad } of seed)
        if (this.listener === listener) this.listenFrame(listener, frame, vad);
      if (this.ended && this.listener === listener) {
        if (listener.speech) this.endListening(listener);
        else this.abandonListening(listener, false);
      }
    });
  }

  private listenFrame(listener: Listener, frame: Int16Array, vad: number): void {
    const settings = this.options.settings;
    listener.session.write(frame);
    listener.frames += 1;
    const event = this.segmenter.push(vad);
    if (event === "start") {
      listener.speech = true;
      this.emit({ type: "speech_start", t: this.t, mode: listener.mode });
    }
    if (!listener.speech) {
      const timeout = listener.mode === "dialog" ? settings.confirmListenMs : settings.listenTimeoutMs;
      if (listener.frames * FRAME_MS >= timeout) this.abandonListening(listener, true);
      return;
    }
    listener.speechFrames += 1;
    if (event === "end" || listener.speechFrames * FRAME_MS >= settings.maxUtteranceMs)
      this.endListening(listener);
  }

  private abandonListening(listener: Listener, timedOut: boolean): void {
    this.listener = undefined;
    listener.session.cancel();
    if (timedOut) this.emit({ type: "listen_timeout", t: this.t, mode: listener.mode });
    listener.resolve(undefined);
  }

  private endListening(listener: Listener): void {
    this.listener = undefined;
    this.endOfSpeechAt = this.clock.now();
    this.emit({ type: "speech_end", t: this.t, mode: listener.mode });
    this.setState("transcribing");
    const started = this.clock.now();
    listener.session.finish().then(
      (transcript) => {
        this.emit({
          type: "transcript",
          t: this.t,
          mode: listener.mode,
          text: transcript.text,
          backend: transcript.backend,
          latencyMs: Math.round(this.clock.now() - started),
        });
        listener.resolve(transcript);
      },
      (error: unknown) => {
        const failure = toJarvisError(error);
        this.emit({ type: "error", t: this.t, code: failure.code, message: failure.message });
        listener.resolve({ text: "", backend: this.options.stt.name });
      },
    );
  }

  /** Confirmations raised during a turn are asked aloud and answered by voice. */
  readonly broker: ConfirmationBroker = {
    request: (request, signal) => this.confirm(request, signal),
  };

  private async confirm(request: ConfirmationRequest, signal: AbortSignal): Promise<ConfirmAnswer> {
    const question = confirmationQuestion(request);
    // What the turn said before asking is still playing: the question comes after it.
    await this.output.whenIdle();
    for (let attempt = 0; attempt < 2; attempt++) {
      if (signal.aborted) return "timeout";
      this.emit({ type: "confirm_prompt", t: this.t, tool: request.tool, question });
      const asking = new AbortController();
      const previous = this.speaking;
      this.speaking = asking;
      const unlink = () => asking.abort();
      signal.addEventListener("abort", unlink, { once: true });
      await this.say(question, asking.signal);
      signal.removeEventListener("abort", unlink);
      this.speaking = previous;
      if (signal.aborted) return "timeout";
      const transcript = await this.listen("dialog");
      const heard = transcript?.text ?? "";
      const kind = heard ? this.options.dialog.classify(heard) : undefined;
      if (kind === "repeat" && attempt === 0) continue;
      const answer: ConfirmAnswer = kind === "yes" ? "approve" : "deny";
      this.emit({
        type: "confirm_answer",
        t: this.t,
        heard,
        answer,
        reason: heard ? (kind ?? "unclear") : "silence",
      });
      this.setState("turn");
      return answer;
    }
    return "deny";
  }
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
