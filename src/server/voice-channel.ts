import type { RawData } from "ws";
import { z } from "zod";
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

/** Loaded once per server (see `VoiceHub`). */
export interface VoiceServices {
  voice: typeof VoiceModule;
  stt: SpeechToText;
  /** Undefined when Jarvis has no voice (`voice.tts: none`, espeak-ng missing). */
  tts: TextToSpeech | undefined;
  vad: SileroVadModel;
  settings: VoiceSettings;
}

export interface VoiceLimits {
  /** Audio one press may send. */
  maxUtteranceMs: number;
  /** One binary message. */
  maxChunkBytes: number;
  /** How far audio may run ahead of real time. */
  burstMs: number;
  pressesPerMinute: number;
}

/** The WebSocket as a channel uses it. */
export interface VoiceSocket {
  send(data: string | Buffer): void;
}

/** 16 kHz × 16-bit mono. */
const BYTES_PER_MS = 32;
const FRAME_BYTES = 1280 * 2;
/** Frames waiting for the pipeline; beyond this the server is not keeping up. */
const MAX_QUEUED_FRAMES = 100;

const id = z.string().max(64).optional();
const VoiceMessage = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("voice_start"),
    id,
    v: z.number().int().optional(),
    sessionId: z.string().min(1).max(100).optional(),
    sampleRate: z.literal(16_000).optional(),
    format: z.literal("s16le").optional(),
  }),
  z.object({ type: z.literal("voice_end"), id }),
]);
type VoiceMessage = z.infer<typeof VoiceMessage>;

/** One press of the button: what it sent, and whether it was refused. */
interface Press {
  startedAt: number;
  bytes: number;
  pending: Buffer;
  /** No more audio is accepted (a limit was broken); the rest is dropped without a word. */
  refused: boolean;
  /** The pipeline would not listen (unavailable, busy): queued frames go nowhere. */
  failed: boolean;
  ended: boolean;
}

/**
 * Push-to-talk on one WebSocket. `voice_start` (button down) activates the pipeline without
 * the wake word; binary messages carry 16 kHz mono s16le PCM; `voice_end` (button up) ends the
 * utterance. The transcript runs as a turn of the chat's session (the same agent, cards and
 * confirmations as typed text), and each spoken clip goes back as a `voice_audio` header
 * followed by one binary message of WAV bytes. Audio is capped per message, per press and in
 * rate; once a press breaks a limit one `voice_error` says so and the rest is dropped.
 */
export class VoiceChannel {
  private pipeline: VoicePipeline | undefined;
  private services: VoiceServices | undefined;
  private press: Press | undefined;
  private presses: number[] = [];
  private chain: Promise<void> = Promise.resolve();
  private queued = 0;
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
    },
  ) {}

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
    const now = Date.now();
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
    // The chat's session; none (a new chat) starts a new one with the next turn.
    this.sessionId = message.sessionId;
    const press: Press = {
      startedAt: now,
      bytes: 0,
      pending: Buffer.alloc(0),
      refused: false,
      failed: false,
      ended: false,
    };
    this.press = press;
    this.strayNotified = false;
    this.enqueue(async () => {
      try {
        const pipeline = await this.ensurePipeline();
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

  /** The last partial frame (zero-padded), then the end of the utterance. */
  private finishPress(press: Press): void {
    if (press.pending.length > 0) {
      const tail = Buffer.alloc(FRAME_BYTES);
      press.pending.copy(tail);
      press.pending = Buffer.alloc(0);
      this.enqueueFrame(press, tail);
    }
    this.enqueue(async () => {
      if (!press.failed) this.pipeline?.release();
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
    const problem = this.limitBroken(press, bytes.length);
    if (problem) {
      this.refuse(press, problem[0], problem[1]);
      return;
    }
    let pending = press.pending.length > 0 ? Buffer.concat([press.pending, bytes]) : bytes;
    while (pending.length >= FRAME_BYTES) {
      this.enqueueFrame(press, pending.subarray(0, FRAME_BYTES));
      pending = pending.subarray(FRAME_BYTES);
    }
    press.pending = Buffer.from(pending);
  }

  /** The code and message of the first limit this message breaks (and counts it in). */
  private limitBroken(press: Press, length: number): [string, string] | undefined {
    const { limits } = this.options;
    if (length > limits.maxChunkBytes)
      return ["PAYLOAD_TOO_LARGE", `an audio message may hold at most ${limits.maxChunkBytes} bytes (1 s)`];
    if (length % 2 !== 0) return ["USAGE", "audio must be 16-bit samples (an even number of bytes)"];
    press.bytes += length;
    if (press.bytes > limits.maxUtteranceMs * BYTES_PER_MS)
      return [
        "LIMIT_REACHED",
        `push-to-talk takes at most ${limits.maxUtteranceMs / 1000} s of audio per press`,
      ];
    if (press.bytes > (Date.now() - press.startedAt + limits.burstMs) * BYTES_PER_MS)
      return ["TOO_MANY_REQUESTS", "audio is arriving faster than real time (expected 16 kHz mono 16-bit)"];
    if (this.queued >= MAX_QUEUED_FRAMES)
      return ["UNAVAILABLE", "Jarvis cannot keep up with the audio right now"];
    return undefined;
  }

  /** Ends the press where it broke a limit: what came before is still transcribed. */
  private refuse(press: Press, code: string, message: string): void {
    press.refused = true;
    press.ended = true;
    this.voiceError(code, message);
    this.finishPress(press);
  }

  private enqueueFrame(press: Press, bytes: Buffer): void {
    const frame = new Int16Array(bytes.length / 2);
    for (let i = 0; i < frame.length; i++) frame[i] = bytes.readInt16LE(i * 2);
    this.queued += 1;
    this.enqueue(async () => {
      this.queued -= 1;
      const pipeline = this.pipeline;
      // Only an utterance being listened to takes audio: once the VAD ended it (or Jarvis is
      // speaking, or idle), audio from a button still held must not start anything.
      if (press.failed || !pipeline || pipeline.state !== "listening") return;
      await pipeline.processFrame(frame);
    });
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
    this.pipeline = new voice.VoicePipeline({
      wake: NO_WAKE_WORD,
      vad: services.vad.createStream(),
      stt: services.stt,
      tts: services.tts ?? SILENT,
      sink: new BrowserSink(this),
      turns: voice.agentTurnHandler((request) => this.startTurn(request)),
      dialog: voice.keywordDialogClassifier,
      // Interrupting is pressing the button; audio is not even received while Jarvis speaks.
      settings: { ...services.settings, bargeIn: "off" },
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

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
