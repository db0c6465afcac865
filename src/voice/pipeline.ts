import { type Clock, systemClock } from "../core/clock.js";
import { toJarvisError } from "../core/errors.js";
import type { ConfirmAnswer } from "../core/events.js";
import type { ConfirmationBroker, ConfirmationRequest } from "../gate/confirm.js";
import type { AudioSource } from "./audio/io.js";
import { durationMs, FRAME_MS, FRAME_SAMPLES, SAMPLE_RATE } from "./audio/wav.js";
import { Listening } from "./listening.js";
import type { VoicePipelineOptions } from "./pipeline-types.js";
import { SpeechOutput, type SpokenClip } from "./speech-output.js";
import { confirmByVoice } from "./spoken-confirm.js";
import type { ListenMode, Transcript } from "./stt/types.js";
import type { VoiceEvent, VoiceState } from "./types.js";
import { commandLeadIn, type HeardFrame } from "./utterance.js";
import type { WakeDecision } from "./wakeword.js";

const NOT_UNDERSTOOD = "Sorry, I didn't catch that.";

/**
 * The duplex voice loop: idle → (wake) → listening → transcribing → turn → speaking → idle.
 * Frames are processed strictly in order by `processAudio`; the conversation (STT, the turn,
 * speech output, spoken confirmations) runs as one async task beside it, so frames keep
 * flowing while Jarvis thinks and speaks — which is what makes barge-in possible. The steps
 * live beside it: `Listening` (one utterance), `confirmByVoice` (a spoken yes/no),
 * `SpeechOutput` (sentence-by-sentence speech) and the barge-in detector (`barge.ts`).
 */
export class VoicePipeline {
  private current: VoiceState = "idle";
  /** Samples received: media time. */
  private sampleCount = 0;
  /** The frame being assembled from incoming chunks. */
  private readonly frame = new Int16Array(FRAME_SAMPLES);
  private frameFill = 0;
  private readonly listening: Listening;
  private readonly output: SpeechOutput;
  private readonly clock: Clock;
  private task: Promise<void> | undefined;
  /** Aborts whatever is being spoken (and the turn producing it). */
  private speaking: AbortController | undefined;
  /** Frames heard since a barge-in, until the next `listen` picks them up. */
  private bargeBuffer: HeardFrame[] | undefined;
  /** The last frames heard (`leadInMs`): a command may begin before the wake word is decided. */
  private readonly recent: HeardFrame[] = [];
  private ended = false;
  /** Push-to-talk let go before the next `listen` began (after a barge-in). */
  private released = false;
  private readonly stopped = new AbortController();

  constructor(private readonly options: VoicePipelineOptions) {
    this.output = new SpeechOutput(options.tts, options.sink);
    this.clock = options.clock ?? systemClock;
    this.listening = new Listening({
      stt: options.stt,
      settings: options.settings,
      stopped: this.stopped.signal,
      t: () => this.t,
      now: () => this.clock.now(),
      emit: (event) => this.emit(event),
      emitError: (error) => this.emitError(error),
      setState: (state) => this.setState(state),
    });
  }

  private get leadInFrames(): number {
    return Math.round(this.options.settings.leadInMs / FRAME_MS);
  }

  get state(): VoiceState {
    return this.current;
  }

  /** Media time of the audio received so far, in ms. */
  get t(): number {
    return Math.round((this.sampleCount * 1000) / SAMPLE_RATE);
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
      for await (const chunk of source.frames(signal)) await this.processAudio(chunk);
      await this.drain();
    } finally {
      signal.removeEventListener("abort", stop);
    }
  }

  /**
   * Audio in any chunk size (sources here yield 16 ms). The barge-in detector sees each chunk at
   * once; wake word, VAD and listening run per 80 ms frame as chunks complete one.
   */
  async processAudio(chunk: Int16Array): Promise<void> {
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(FRAME_SAMPLES - this.frameFill, chunk.length - offset);
      const piece = chunk.subarray(offset, offset + take);
      offset += take;
      this.sampleCount += take;
      await this.detectBargeIn(piece);
      this.frame.set(piece, this.frameFill);
      this.frameFill += take;
      if (this.frameFill === FRAME_SAMPLES) {
        this.frameFill = 0;
        await this.onFrame(this.frame.slice());
      }
    }
  }

  /** One whole 80 ms frame (1280 samples). */
  processFrame(frame: Int16Array): Promise<void> {
    return this.processAudio(frame);
  }

  /** End of a stretch of audio (push-to-talk let go): completes the partial frame with silence. */
  async padFrame(): Promise<void> {
    if (this.frameFill > 0) await this.processAudio(new Int16Array(FRAME_SAMPLES - this.frameFill));
  }

  private async onFrame(frame: Int16Array): Promise<void> {
    const vad = await this.options.vad.process(frame);
    const settings = this.options.settings;
    // Without a windowed detector, barge-in falls back to the frame's loudest VAD window. It
    // is decided before the wake-word model runs: stopping playback comes first.
    if (
      !this.options.barge &&
      this.current === "speaking" &&
      !this.bargeBuffer &&
      settings.bargeIn === "speech" &&
      this.options.vad.peak >= settings.bargeInThreshold
    )
      this.bargeIn([]);
    const wake = await this.options.wake.processWithVad(frame, vad);
    this.recent.push({ frame, vad });
    if (this.recent.length > this.leadInFrames) this.recent.shift();
    // "Hey Jarvis" heard while already listening for a command (it was what interrupted the
    // answer, or said again): that was the wake phrase, the command starts after it.
    if (this.bargeBuffer) {
      if (wake.detected) this.bargeBuffer = this.heardWake(wake);
      else this.bargeBuffer.push({ frame, vad });
      return;
    }
    switch (this.current) {
      case "idle":
        if (wake.detected && !this.task) {
          const leadIn = this.heardWake(wake);
          this.startTask(() => this.converse(leadIn));
        }
        break;
      case "listening":
        if (wake.detected && this.listening.mode === "command") this.listening.restart(this.heardWake(wake));
        else this.listening.frame(frame, vad);
        break;
      case "speaking":
        if (settings.bargeIn === "wake" && wake.detected) this.bargeIn(this.heardWake(wake));
        break;
      default:
        break;
    }
  }

  /**
   * While Jarvis speaks (and only then: Silero costs a model run per 16 ms), the detector
   * decides on each chunk whether speech over playback stops it; the rest of the time it only
   * tracks the microphone's level (its noise floor), which costs next to nothing.
   */
  private async detectBargeIn(piece: Int16Array): Promise<void> {
    const barge = this.options.barge;
    if (!barge || this.options.settings.bargeIn !== "speech") return;
    if (this.current !== "speaking" || this.bargeBuffer) {
      barge.observe?.(piece);
      return;
    }
    const speech = await barge.push(piece);
    if (speech && this.current === "speaking" && !this.bargeBuffer) this.bargeIn([]);
  }

  /**
   * Push-to-talk pressed: listen for a command now, as if the wake word was heard. While Jarvis
   * speaks it interrupts (barge-in); while it listens (a yes/no after a question) it just goes on.
   * False while Jarvis is transcribing or working on a turn.
   */
  activate(): boolean {
    this.released = false;
    if (this.current === "speaking" && this.speaking) {
      this.bargeIn([]);
      return true;
    }
    if (this.current === "listening") return true;
    if (this.task || this.current !== "idle") return false;
    this.emit({ type: "activated", t: this.t });
    this.options.wake.reset();
    this.startTask(() => this.converse());
    return true;
  }

  /**
   * Push-to-talk let go: the utterance ends here (unless the VAD ended it already). Without
   * speech the VAD agreed on, nothing was heard: the grammar-bound recogniser would otherwise
   * turn a cough into some command.
   */
  release(): void {
    if (!this.listening.active) {
      // Between a barge-in and the next `listen`: that listen ends at once.
      if (this.bargeBuffer) this.released = true;
      return;
    }
    this.listening.finish(true);
  }

  /** Stops for good (the browser went away): drops the utterance and whatever is being said. */
  stop(): void {
    this.ended = true;
    this.stopped.abort(new DOMException("voice stopped", "AbortError"));
    this.speaking?.abort(new DOMException("voice stopped", "AbortError"));
    this.listening.abandon(false);
  }

  /** End of input: an utterance in progress ends here; then wait for the conversation. */
  async drain(): Promise<void> {
    this.ended = true;
    this.listening.finish(false);
    while (this.task) await this.task;
  }

  private emit(event: VoiceEvent): void {
    this.options.onEvent(event);
  }

  private emitError(error: unknown): void {
    const failure = toJarvisError(error);
    this.emit({ type: "error", t: this.t, code: failure.code, message: failure.message });
  }

  private setState(state: VoiceState): void {
    if (state === this.current) return;
    // Fresh detector state for each stretch of speech output (none is fed in between).
    if (state === "speaking") this.options.barge?.reset();
    this.current = state;
    this.emit({ type: "state", state, t: this.t });
  }

  /** The wake word: the chime, and the frames the command may have begun with (`commandLeadIn`). */
  private heardWake(decision: WakeDecision): HeardFrame[] {
    this.emit({ type: "wake", t: this.t, score: round(decision.score), vad: round(decision.vadGate) });
    // The tail of the phrase must not fire again.
    this.options.wake.reset();
    const leadIn = commandLeadIn(this.recent, this.listening.quietBelow, this.leadInFrames);
    this.recent.length = 0;
    this.playEarcon();
    return leadIn;
  }

  /**
   * The chime that says "I'm listening", played while listening goes on (so a command spoken
   * over it still counts). Its echo is no command: the recogniser hears speech and only a short
   * pre-roll of what came before it (`Utterance`).
   */
  private playEarcon(): void {
    const earcon = this.options.earcon;
    if (!earcon) return;
    this.emit({ type: "earcon", t: this.t, durationMs: Math.round(durationMs(earcon)) });
    this.output.cue(earcon, this.stopped.signal, (error) => this.emitError(error));
  }

  private startTask(fn: () => Promise<void>): void {
    const task = fn()
      .catch((error: unknown) => this.emitError(error))
      .finally(() => {
        if (this.task === task) this.task = undefined;
        this.listening.clear();
        this.speaking = undefined;
        this.bargeBuffer = undefined;
        this.setState("idle");
      });
    this.task = task;
  }

  /** `leadIn`: frames heard before listening began that may hold the start of the command. */
  private async converse(leadIn: HeardFrame[] = []): Promise<void> {
    for (let first = true; ; first = false) {
      const transcript = await this.listen("command", first ? leadIn : []);
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
        const endOfSpeechAt = this.listening.endOfSpeechAt;
        const latencyMs = endOfSpeechAt === undefined ? undefined : this.clock.now() - endOfSpeechAt;
        this.listening.endOfSpeechAt = undefined;
        this.emit({
          type: "speak",
          t: this.t,
          text: clip.text,
          durationMs: Math.round(clip.durationMs),
          sampleRate: clip.audio.sampleRate,
          ...(latencyMs === undefined ? {} : { latencyMs: Math.round(latencyMs) }),
        });
      },
      onError: (error: unknown) => this.emitError(error),
    };
  }

  private say(text: string, signal: AbortSignal): Promise<string> {
    return this.output.say(text, signal, this.clipHooks());
  }

  /** Stops playback now (the sink kills the player) and listens; `seed` frames start the utterance. */
  private bargeIn(seed: HeardFrame[]): void {
    this.bargeBuffer = seed;
    this.speaking?.abort(new DOMException("barge-in", "AbortError"));
    this.emit({ type: "barge_in", t: this.t });
    this.setState("listening");
  }

  /** Listens for one utterance (`leadIn` first); undefined when nobody spoke before the timeout. */
  private listen(mode: ListenMode, leadIn: HeardFrame[] = []): Promise<Transcript | undefined> {
    const seed = this.bargeBuffer ?? leadIn;
    this.bargeBuffer = undefined;
    if (this.ended && seed.length === 0) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const utterance = this.listening.start(mode, resolve);
      for (const { frame, vad } of seed)
        if (this.listening.isCurrent(utterance)) this.listening.frame(frame, vad);
      if (!this.listening.isCurrent(utterance)) return;
      if (this.released) {
        this.released = false;
        this.release();
      } else if (this.ended) this.listening.finish(false);
    });
  }

  /** Confirmations raised during a turn are asked aloud and answered by voice. */
  readonly broker: ConfirmationBroker = {
    request: (request, signal) => this.confirm(request, signal),
  };

  private confirm(request: ConfirmationRequest, signal: AbortSignal): Promise<ConfirmAnswer> {
    return confirmByVoice(
      {
        dialog: this.options.dialog,
        t: () => this.t,
        emit: (event) => this.emit(event),
        setState: (state) => this.setState(state),
        whenIdle: () => this.output.whenIdle(),
        ask: async (question, asking) => {
          const previous = this.speaking;
          this.speaking = asking;
          await this.say(question, asking.signal);
          this.speaking = previous;
        },
        listen: (mode) => this.listen(mode),
        stopListening: (mode) => {
          if (this.listening.mode === mode) this.listening.abandon(false);
        },
      },
      request,
      signal,
    );
  }
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
