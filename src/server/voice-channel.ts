import type { RawData } from "ws";
import { type Clock, systemClock } from "../core/clock.js";
import { isJarvisError } from "../core/errors.js";
import type { ConfirmationBroker } from "../gate/confirm.js";
import type { PcmAudio } from "../voice/audio/wav.js";
import type * as VoiceModule from "../voice/index.js";
import type { VoicePipeline } from "../voice/pipeline.js";
import type { SpeechToText } from "../voice/stt/types.js";
import type { TextToSpeech } from "../voice/tts/types.js";
import type { AgentTurn } from "../voice/turn.js";
import type { VoiceEvent, VoiceSettings } from "../voice/types.js";
import type { SileroVadModel } from "../voice/vad.js";
import type { ServerContext } from "./context.js";
import { HttpError, toErrorReply } from "./errors.js";
import { parseInput } from "./routes/body.js";
import { BrowserSink, firstAnswer, NO_WAKE_WORD, SILENT } from "./voice-parts.js";
import {
  CHUNK_BYTES,
  limitBroken,
  newPress,
  type Press,
  toBuffer,
  toSamples,
  type VoiceLimits,
  VoiceMessage,
} from "./voice-press.js";

export type { VoiceLimits } from "./voice-press.js";

/** Loaded once per server (see `VoiceHub`). */
export interface VoiceServices {
  voice: typeof VoiceModule;
  stt: SpeechToText;
  /** Undefined when Jarvis has no voice (`voice.tts: none`, espeak-ng missing). */
  tts: TextToSpeech | undefined;
  vad: SileroVadModel;
  settings: VoiceSettings;
}

/** The WebSocket as a channel uses it. */
export interface VoiceSocket {
  send(data: string | Buffer): void;
}

/**
 * Push-to-talk on one WebSocket. `voice_start` (button down) activates the pipeline without
 * the wake word; binary messages carry 16 kHz mono s16le PCM; `voice_end` (button up) ends the
 * utterance. The transcript runs as a turn of the chat's session (the same agent, cards and
 * confirmations as typed text), and each spoken clip goes back as a `voice_audio` header
 * followed by one binary message of WAV bytes. Audio is capped per message, per press and in
 * rate; once a press breaks a limit one `voice_error` says so and the rest is dropped.
 *
 * Hands-free barge-in: while the page plays an answer it keeps its microphone open and sends
 * `voice_start` with `bargeIn: true`, then audio. That audio reaches the pipeline only while it
 * speaks or listens: the barge-in detector hears speech over the answer, stops it (the page gets
 * `voice_stop` and the `barge_in` event) and listens to the follow-up, which the VAD ends. The
 * same limits apply to such a stretch as to a press.
 */
export class VoiceChannel {
  private pipeline: VoicePipeline | undefined;
  private services: VoiceServices | undefined;
  private press: Press | undefined;
  private presses: number[] = [];
  private chain: Promise<void> = Promise.resolve();
  private queued = 0;
  /** Of those, chunks that arrived while the voice models were loading (the first press). */
  private queuedWhileLoading = 0;
  private clips = 0;
  private sessionId: string | undefined;
  private strayNotified = false;
  private closed = false;

  constructor(
    private readonly options: {
      context: ServerContext;
      socket: VoiceSocket;
      services(): Promise<VoiceServices>;
      limits: VoiceLimits;
      protocol: number;
      onClose(): void;
      /** Wall time for the rate limits (tests pass a manual clock). */
      clock?: Clock;
    },
  ) {}

  private now(): number {
    return (this.options.clock ?? systemClock).now();
  }

  /** Takes binary messages and `voice_*` JSON messages; false for anything else. */
  handle(data: RawData, isBinary: boolean): boolean {
    if (isBinary) {
      this.audio(toBuffer(data));
      return true;
    }
    const text = toBuffer(data).toString("utf8");
    if (!text.includes('"voice_')) return false;
    let raw: { type?: unknown; id?: unknown };
    try {
      raw = JSON.parse(text) as { type?: unknown; id?: unknown };
    } catch {
      return false;
    }
    if (typeof raw?.type !== "string" || !raw.type.startsWith("voice_")) return false;
    const requestId = typeof raw.id === "string" ? raw.id.slice(0, 64) : undefined;
    try {
      const message = parseInput(VoiceMessage, raw, "message");
      if (message.type === "voice_start") this.start(message, requestId);
      else this.end(requestId);
    } catch (error) {
      this.replyError(requestId, error);
    }
    return true;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.press = undefined;
    this.pipeline?.stop();
    this.options.onClose();
  }

  private start(
    message: Extract<VoiceMessage, { type: "voice_start" }>,
    requestId: string | undefined,
  ): void {
    const { protocol, limits } = this.options;
    if (message.v !== undefined && message.v !== protocol) {
      throw new HttpError(
        400,
        "USAGE",
        `voice protocol v${message.v} is not supported (this Jarvis speaks v${protocol})`,
      );
    }
    const monitor = message.bargeIn === true;
    const now = this.now();
    this.presses = this.presses.filter((t) => now - t < 60_000);
    if (this.presses.length >= limits.pressesPerMinute) {
      throw new HttpError(
        429,
        "TOO_MANY_REQUESTS",
        "too many push-to-talk presses in a minute; wait a moment",
      );
    }
    this.presses.push(now);
    if (this.press && !this.press.ended) this.press.ended = true;
    // The chat's session; none (a new chat) starts a new one with the next turn. Listening over
    // an answer continues the conversation being answered.
    if (!monitor) this.sessionId = message.sessionId;
    const press = newPress(monitor, now);
    this.press = press;
    this.strayNotified = false;
    this.enqueue(async () => {
      try {
        const pipeline = await this.ensurePipeline();
        if (monitor) {
          if (!this.handsFree()) {
            throw new HttpError(
              409,
              "UNAVAILABLE",
              "barge-in by voice is off here (voice.barge_in is not speech, or Jarvis has no voice)",
            );
          }
          // Nothing to talk over any more: the page closes its microphone.
          const listening = pipeline.state === "speaking" || pipeline.state === "listening";
          this.send({ type: "ack", id: requestId, voice: { v: protocol, monitoring: listening } });
          if (!listening) {
            press.ended = true;
            press.refused = true; // what the page sent meanwhile is dropped without a word
          }
          return;
        }
        if (!pipeline.activate()) {
          throw new HttpError(
            409,
            "BUSY",
            "Jarvis is still working on the last command; press again when it answers",
          );
        }
        this.send({
          type: "ack",
          id: requestId,
          voice: {
            v: protocol,
            sampleRate: 16_000,
            format: "s16le",
            maxUtteranceMs: limits.maxUtteranceMs,
            maxChunkBytes: limits.maxChunkBytes,
            speaks: this.services?.tts !== undefined,
            // The page may keep its microphone open while Jarvis speaks: talking interrupts.
            bargeIn: this.handsFree(),
          },
        });
      } catch (error) {
        press.failed = true;
        press.refused = true;
        this.replyError(requestId, error);
      }
    });
  }

  private end(requestId: string | undefined): void {
    const press = this.press;
    this.send({ type: "ack", id: requestId, voice: { ended: press !== undefined && !press.ended } });
    if (!press || press.ended) return;
    press.ended = true;
    this.finishPress(press);
  }

  /** The last partial chunk and frame (zero-padded), then the end of the utterance. */
  private finishPress(press: Press): void {
    if (press.pending.length > 0) {
      const tail = Buffer.alloc(CHUNK_BYTES);
      press.pending.copy(tail);
      press.pending = Buffer.alloc(0);
      this.enqueueChunk(press, tail);
    }
    // Over an answer nothing is released: the VAD ends what was said.
    if (press.monitor) return;
    this.enqueue(async () => {
      if (press.failed || !this.pipeline) return;
      if (this.pipeline.state === "listening") await this.pipeline.padFrame();
      this.pipeline.release();
    });
  }

  private audio(bytes: Buffer): void {
    const press = this.press;
    if (press?.refused) return;
    if (!press || press.ended) {
      if (!this.strayNotified) {
        this.strayNotified = true;
        this.voiceError("USAGE", "audio arrived outside push-to-talk (send voice_start first)");
      }
      return;
    }
    // Audio that waited for the voice models to load (the first press: a second, several on a
    // busy machine) is no sign of a server that cannot keep up; the press's own cap bounds it.
    const backlog = this.queued - this.queuedWhileLoading;
    const problem = limitBroken(press, bytes.length, this.options.limits, backlog, this.now());
    if (problem) {
      this.refuse(press, problem[0], problem[1]);
      return;
    }
    let pending = press.pending.length > 0 ? Buffer.concat([press.pending, bytes]) : bytes;
    const whole = pending.length - (pending.length % CHUNK_BYTES);
    if (whole > 0) this.enqueueChunk(press, pending.subarray(0, whole));
    pending = pending.subarray(whole);
    press.pending = Buffer.from(pending);
  }

  /** Ends the press where it broke a limit: what came before is still transcribed. */
  private refuse(press: Press, code: string, message: string): void {
    press.refused = true;
    press.ended = true;
    this.voiceError(code, message);
    this.finishPress(press);
  }

  /** Whole 16 ms chunks of one message, in order after everything before them. */
  private enqueueChunk(press: Press, bytes: Buffer): void {
    const samples = toSamples(bytes);
    const chunks = Math.max(1, Math.round(bytes.length / CHUNK_BYTES));
    const loading = this.pipeline === undefined;
    this.queued += chunks;
    if (loading) this.queuedWhileLoading += chunks;
    this.enqueue(async () => {
      this.queued -= chunks;
      if (loading) this.queuedWhileLoading -= chunks;
      const pipeline = this.pipeline;
      if (press.failed || !pipeline) return;
      // Only an utterance being listened to takes audio: once the VAD ended it (or Jarvis is
      // speaking, or idle), audio from a button still held must not start anything. Over an
      // answer, audio also goes in while Jarvis speaks: that is what barge-in listens to.
      const takes = pipeline.state === "listening" || (press.monitor && pipeline.state === "speaking");
      if (!takes) return;
      for (let offset = 0; offset < samples.length; offset += 256)
        await pipeline.processAudio(samples.subarray(offset, offset + 256));
    });
  }

  /** Speech over an answer interrupts it (voice.barge_in: speech, and Jarvis has a voice). */
  private handsFree(): boolean {
    return this.services?.settings.bargeIn === "speech" && this.services.tts !== undefined;
  }

  private enqueue(step: () => Promise<void>): void {
    this.chain = this.chain.then(step).catch((error: unknown) => {
      this.options.context.logger.warn({ err: error }, "push-to-talk step failed");
    });
  }

  private async ensurePipeline(): Promise<VoicePipeline> {
    if (this.pipeline) return this.pipeline;
    const services = await this.options.services();
    if (this.closed) throw new HttpError(503, "UNAVAILABLE", "the connection closed");
    this.services = services;
    const { voice } = services;
    // The page has no wake word: "wake" barge-in means the button only, as "off" does.
    const bargeIn = services.settings.bargeIn === "speech" ? "speech" : "off";
    const nlu = this.options.context.turns.deps?.nlu;
    this.pipeline = new voice.VoicePipeline({
      wake: NO_WAKE_WORD,
      vad: services.vad.createStream(),
      barge: voice.createBargeIn(services.vad, services.settings),
      stt: services.stt,
      tts: services.tts ?? SILENT,
      sink: new BrowserSink(this),
      turns: voice.agentTurnHandler((request) => this.startTurn(request)),
      // Yes/no answers are read by the agent's own NLU (its `dialog` kind), as `jarvis listen` does.
      dialog: nlu ? voice.nluDialogClassifier(nlu) : voice.keywordDialogClassifier,
      settings: { ...services.settings, bargeIn },
      onEvent: (event) => this.onVoiceEvent(event),
    });
    return this.pipeline;
  }

  /** The transcript as a turn of the chat's session, answered through the web modal or by voice. */
  private startTurn(request: { text: string; broker: ConfirmationBroker }): AgentTurn {
    const { context } = this.options;
    const broker = firstAnswer([context.broker, request.broker]);
    const start = (sessionId: string | undefined) =>
      context.turns.startTurn({
        text: request.text,
        source: "voice",
        broker,
        ...(sessionId ? { sessionId } : {}),
      });
    let handle: ReturnType<typeof start>;
    try {
      handle = start(this.sessionId);
    } catch (error) {
      // A session this Jarvis does not know (deleted, another home): a fresh one, as the chat does.
      if (!(isJarvisError(error) && error.code === "NOT_FOUND" && this.sessionId)) throw error;
      handle = start(undefined);
    }
    this.sessionId = handle.sessionId;
    this.send({
      type: "voice_turn",
      v: this.options.protocol,
      runId: handle.runId,
      sessionId: handle.sessionId,
    });
    return {
      events: handle.events,
      sessionId: handle.sessionId,
      cancel: () => context.turns.kill(handle.runId),
    };
  }

  private onVoiceEvent(event: VoiceEvent): void {
    if (event.type === "turn_event") return; // the event hub already sent it to every client
    this.send({ type: "voice", v: this.options.protocol, event });
  }

  /** Sends one spoken clip: a header, then its WAV bytes as the next (binary) message. */
  sendAudio(audio: PcmAudio): number | undefined {
    if (this.closed || !this.services) return undefined;
    const wav = this.services.voice.encodeWav(audio);
    this.clips += 1;
    this.send({
      type: "voice_audio",
      v: this.options.protocol,
      clip: this.clips,
      format: "audio/wav",
      bytes: wav.length,
      sampleRate: audio.sampleRate,
      durationMs: Math.round((audio.samples.length / audio.sampleRate) * 1000),
    });
    this.options.socket.send(wav);
    return this.clips;
  }

  /** Playback was cut short (a new press, the answer cancelled): the page stops it. */
  stopAudio(clip: number): void {
    this.send({ type: "voice_stop", v: this.options.protocol, clip });
  }

  private voiceError(code: string, message: string): void {
    this.send({ type: "voice_error", v: this.options.protocol, error: { code, message } });
  }

  private replyError(requestId: string | undefined, error: unknown): void {
    this.send({ type: "error", id: requestId, ...toErrorReply(error).body });
  }

  private send(message: Record<string, unknown>): void {
    if (this.closed) return;
    try {
      this.options.socket.send(JSON.stringify(message));
    } catch {
      // the socket is closing; its close handler cleans up
    }
  }
}
