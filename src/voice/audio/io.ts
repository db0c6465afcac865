import { setTimeout as sleep } from "node:timers/promises";
import { FRAME_SAMPLES, type PcmAudio } from "./wav.js";

/** A stream of 16 kHz mono 80 ms frames (microphone, file, browser push-to-talk). */
export interface AudioSource {
  frames(signal: AbortSignal): AsyncIterable<Int16Array>;
}

/** Plays audio; resolves when playback ends or `signal` aborts (then it stops at once). */
export interface AudioSink {
  play(audio: PcmAudio, signal: AbortSignal): Promise<void>;
}

/** Cuts arbitrary byte chunks (little-endian int16) into exact 1280-sample frames. */
export class Reframer {
  private pending: Buffer = Buffer.alloc(0);

  push(bytes: Buffer): Int16Array[] {
    this.pending = this.pending.length === 0 ? bytes : Buffer.concat([this.pending, bytes]);
    const frames: Int16Array[] = [];
    const frameBytes = FRAME_SAMPLES * 2;
    let offset = 0;
    for (; offset + frameBytes <= this.pending.length; offset += frameBytes) {
      const frame = new Int16Array(FRAME_SAMPLES);
      for (let i = 0; i < FRAME_SAMPLES; i++) frame[i] = this.pending.readInt16LE(offset + i * 2);
      frames.push(frame);
    }
    this.pending = this.pending.subarray(offset);
    return frames;
  }
}

/**
 * A file (or any in-memory clip) as a source. `pace` says how long to wait before each frame:
 * 0 runs faster than real time (idle listening is pure computation), 80 ms replays in real
 * time (while Jarvis thinks and speaks, so barge-in and timeouts see the audio as a mic would).
 */
export class ClipSource implements AudioSource {
  constructor(
    private readonly samples: Int16Array,
    private readonly pace: () => number = () => 0,
  ) {}

  async *frames(signal: AbortSignal): AsyncIterable<Int16Array> {
    // Paced frames are due on a fixed schedule (as a sound card delivers them), so time spent
    // processing a frame does not make the clip play slower than real time.
    let due = performance.now();
    for (let start = 0; start < this.samples.length; start += FRAME_SAMPLES) {
      if (signal.aborted) return;
      const step = this.pace();
      const now = performance.now();
      if (step <= 0) due = now;
      else {
        due = Math.max(due, now - step) + step;
        if (due > now) await sleep(due - now, undefined, { signal }).catch(() => {});
      }
      const frame = new Int16Array(FRAME_SAMPLES);
      frame.set(this.samples.subarray(start, Math.min(this.samples.length, start + FRAME_SAMPLES)));
      yield frame;
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
  readonly played: Array<{ audio: PcmAudio; startedAt: number; stoppedEarly: boolean; playedMs: number }> =
    [];

  constructor(private readonly realTime = true) {}

  async play(audio: PcmAudio, signal: AbortSignal): Promise<void> {
    const startedAt = performance.now();
    const entry = { audio, startedAt, stoppedEarly: false, playedMs: 0 };
    this.played.push(entry);
    const duration = (audio.samples.length / audio.sampleRate) * 1000;
    if (this.realTime) await sleep(duration, undefined, { signal }).catch(() => {});
    entry.stoppedEarly = signal.aborted;
    entry.playedMs = this.realTime ? Math.min(duration, performance.now() - startedAt) : duration;
  }
}
