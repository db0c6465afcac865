import { setTimeout as sleep } from "node:timers/promises";
import { CHUNK_SAMPLES, FRAME_SAMPLES, type PcmAudio, SAMPLE_RATE } from "./wav.js";

/**
 * A stream of 16 kHz mono samples (microphone, file, browser push-to-talk) in chunks of any
 * size; the pipeline assembles 80 ms frames. Sources here yield 16 ms chunks, so barge-in can
 * react between frames.
 */
export interface AudioSource {
  frames(signal: AbortSignal): AsyncIterable<Int16Array>;
}

/** Plays audio; resolves when playback ends or `signal` aborts (then it stops at once). */
export interface AudioSink {
  play(audio: PcmAudio, signal: AbortSignal): Promise<void>;
}

/** Cuts arbitrary byte chunks (little-endian int16) into exact blocks (default 1280-sample frames). */
export class Reframer {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly size = FRAME_SAMPLES) {}

  push(bytes: Buffer): Int16Array[] {
    this.pending = this.pending.length === 0 ? bytes : Buffer.concat([this.pending, bytes]);
    const frames: Int16Array[] = [];
    const frameBytes = this.size * 2;
    let offset = 0;
    for (; offset + frameBytes <= this.pending.length; offset += frameBytes) {
      const frame = new Int16Array(this.size);
      for (let i = 0; i < this.size; i++) frame[i] = this.pending.readInt16LE(offset + i * 2);
      frames.push(frame);
    }
    this.pending = this.pending.subarray(offset);
    return frames;
  }
}

/**
 * A file (or any in-memory clip) as a source, in 16 ms chunks (the last one zero-padded to end
 * on a whole frame). `realTime()` is asked before each chunk: false runs faster than real time
 * (idle listening is pure computation), true replays in real time (while Jarvis thinks and
 * speaks, so barge-in and timeouts see the audio as a microphone would deliver it).
 */
export class ClipSource implements AudioSource {
  constructor(
    private readonly samples: Int16Array,
    private readonly realTime: () => boolean = () => false,
    private readonly chunk = CHUNK_SAMPLES,
  ) {}

  async *frames(signal: AbortSignal): AsyncIterable<Int16Array> {
    // Paced chunks are due on a fixed schedule (as a sound card delivers them), so time spent
    // processing one does not make the clip play slower than real time.
    const step = (this.chunk / SAMPLE_RATE) * 1000;
    const total = Math.ceil(this.samples.length / FRAME_SAMPLES) * FRAME_SAMPLES;
    let due = performance.now();
    for (let start = 0; start < total; start += this.chunk) {
      if (signal.aborted) return;
      const now = performance.now();
      if (!this.realTime()) due = now;
      else {
        due = Math.max(due, now - step) + step;
        if (due > now) await sleep(due - now, undefined, { signal }).catch(() => {});
      }
      const chunk = new Int16Array(Math.min(this.chunk, total - start));
      chunk.set(this.samples.subarray(start, Math.min(this.samples.length, start + chunk.length)));
      yield chunk;
    }
  }
}

/**
 * Frames pushed from outside (the web UI's push-to-talk over WebSocket): `push` raw PCM
 * (16 kHz mono s16le, any chunk size), `end` when the user lets go.
 */
export class PushSource implements AudioSource {
  private readonly reframer = new Reframer();
  private readonly queue: Int16Array[] = [];
  private ended = false;
  private wake: (() => void) | undefined;

  push(pcm: Buffer | Int16Array): void {
    if (this.ended) return;
    const bytes = Buffer.isBuffer(pcm) ? pcm : Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
    this.queue.push(...this.reframer.push(bytes));
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  async *frames(signal: AbortSignal): AsyncIterable<Int16Array> {
    const onAbort = () => this.wake?.();
    signal.addEventListener("abort", onAbort);
    try {
      while (!signal.aborted) {
        const frame = this.queue.shift();
        if (frame) {
          yield frame;
          continue;
        }
        if (this.ended) return;
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = undefined;
      }
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
  }
}

/**
 * Stands in for a speaker where there is none (files, tests, the bench): keeps every clip it
 * "plays" and takes as long as real playback would, so barge-in can interrupt it.
 */
export class RecordingSink implements AudioSink {
  readonly played: Array<{
    audio: PcmAudio;
    startedAt: number;
    stoppedEarly: boolean;
    playedMs: number;
    /** `performance.now()` when playback was told to stop (the bench's kill time). */
    stoppedAt?: number;
  }> = [];

  constructor(private readonly realTime = true) {}

  async play(audio: PcmAudio, signal: AbortSignal): Promise<void> {
    const startedAt = performance.now();
    const entry: (typeof this.played)[number] = { audio, startedAt, stoppedEarly: false, playedMs: 0 };
    this.played.push(entry);
    signal.addEventListener(
      "abort",
      () => {
        entry.stoppedAt = performance.now();
      },
      { once: true },
    );
    const duration = (audio.samples.length / audio.sampleRate) * 1000;
    if (this.realTime) await sleep(duration, undefined, { signal }).catch(() => {});
    entry.stoppedEarly = signal.aborted;
    entry.playedMs = this.realTime ? Math.min(duration, performance.now() - startedAt) : duration;
  }
}
