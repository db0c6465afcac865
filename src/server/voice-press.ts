import type { RawData } from "ws";
import { z } from "zod";

/** What one press (or one stretch of listening over an answer) may send. */
export interface VoiceLimits {
  /** Audio one press may send. */
  maxUtteranceMs: number;
  /** One binary message. */
  maxChunkBytes: number;
  /** How far audio may run ahead of real time. */
  burstMs: number;
  pressesPerMinute: number;
}

/** 16 kHz × 16-bit mono. */
export const BYTES_PER_MS = 32;
/** Audio goes to the pipeline in 16 ms chunks, so barge-in can decide between 80 ms frames. */
export const CHUNK_BYTES = 256 * 2;
/** Chunks waiting for the pipeline (8 s); beyond this the server is not keeping up. */
export const MAX_QUEUED_CHUNKS = 500;

const id = z.string().max(64).optional();
export const VoiceMessage = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("voice_start"),
    id,
    v: z.number().int().optional(),
    sessionId: z.string().min(1).max(100).optional(),
    sampleRate: z.literal(16_000).optional(),
    format: z.literal("s16le").optional(),
    /**
     * Not a press: the page's microphone while Jarvis speaks (hands-free barge-in). The audio
     * only reaches the pipeline while it speaks or listens; the VAD decides the rest.
     */
    bargeIn: z.boolean().optional(),
  }),
  z.object({ type: z.literal("voice_end"), id }),
]);
export type VoiceMessage = z.infer<typeof VoiceMessage>;

/** One press of the button (or one stretch of listening over an answer). */
export interface Press {
  startedAt: number;
  bytes: number;
  pending: Buffer;
  /** Listening over the answer: no activation, no release at the end (the VAD decides). */
  monitor: boolean;
  /** No more audio is accepted (a limit was broken); the rest is dropped without a word. */
  refused: boolean;
  /** The pipeline would not listen (unavailable, busy): queued audio goes nowhere. */
  failed: boolean;
  ended: boolean;
}

export function newPress(monitor: boolean, now: number): Press {
  return {
    startedAt: now,
    bytes: 0,
    pending: Buffer.alloc(0),
    monitor,
    refused: false,
    failed: false,
    ended: false,
  };
}

/** The code and message of the first limit this message breaks (and counts it in). */
export function limitBroken(
  press: Press,
  length: number,
  limits: VoiceLimits,
  queued: number,
  now: number,
): [string, string] | undefined {
  if (length > limits.maxChunkBytes)
    return ["PAYLOAD_TOO_LARGE", `an audio message may hold at most ${limits.maxChunkBytes} bytes (1 s)`];
  if (length % 2 !== 0) return ["USAGE", "audio must be 16-bit samples (an even number of bytes)"];
  press.bytes += length;
  if (press.bytes > limits.maxUtteranceMs * BYTES_PER_MS)
    return [
      "LIMIT_REACHED",
      press.monitor
        ? `listening over an answer takes at most ${limits.maxUtteranceMs / 1000} s of audio`
        : `push-to-talk takes at most ${limits.maxUtteranceMs / 1000} s of audio per press`,
    ];
  if (press.bytes > (now - press.startedAt + limits.burstMs) * BYTES_PER_MS)
    return ["TOO_MANY_REQUESTS", "audio is arriving faster than real time (expected 16 kHz mono 16-bit)"];
  if (queued >= MAX_QUEUED_CHUNKS) return ["UNAVAILABLE", "Jarvis cannot keep up with the audio right now"];
  return undefined;
}

/** 16-bit little-endian bytes → samples. */
export function toSamples(bytes: Buffer): Int16Array {
  const samples = new Int16Array(bytes.length / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
  return samples;
}

/** A WebSocket message's bytes, whatever form `ws` delivered them in. */
export function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
