import { type AudioSink, type AudioSource, ClipSource, RecordingSink } from "../../src/voice/audio/io.js";
import { type PcmAudio, resample } from "../../src/voice/audio/wav.js";

/**
 * A room: what the sink plays comes back into the microphone `delayMs` later, `gainDb` down
 * (0 = no echo), mixed with the microphone's own audio — as a laptop's speaker and microphone
 * are, with or without the residue an echo canceller leaves.
 */
export class EchoRoom {
  private received = 0;
  /** Wall time each chunk was handed over, by the media time (ms) at its end. */
  readonly arrivals = new Map<number, number>();
  private readonly clips: Array<{ samples: Int16Array; at: number; stoppedAt?: number }> = [];
  readonly sink: RecordingSink & AudioSink;

  constructor(
    private readonly gain: number,
    private readonly delaySamples: number,
  ) {
    const recorder = new RecordingSink(true);
    const clips = this.clips;
    this.sink = Object.assign(recorder, {
      play: async (audio: PcmAudio, signal: AbortSignal) => {
        const entry: (typeof clips)[number] = { samples: resample(audio, 16_000).samples, at: this.received };
        clips.push(entry);
        await RecordingSink.prototype.play.call(recorder, audio, signal);
        if (signal.aborted) entry.stoppedAt = this.received;
      },
    });
  }

  source(samples: Int16Array, realTime: () => boolean): AudioSource {
    const clip = new ClipSource(samples, realTime);
    return {
      frames: async function* (this: EchoRoom, signal: AbortSignal) {
        for await (const chunk of clip.frames(signal)) {
          if (this.gain > 0) this.mixEcho(chunk);
          this.received += chunk.length;
          this.arrivals.set(Math.round(this.received / 16), performance.now());
          yield chunk;
        }
      }.bind(this),
    };
  }

  private mixEcho(chunk: Int16Array): void {
    for (const clip of this.clips) {
      for (let i = 0; i < chunk.length; i++) {
        const at = this.received + i - this.delaySamples;
        if (at < clip.at || (clip.stoppedAt !== undefined && at >= clip.stoppedAt)) continue;
        const echo = clip.samples[at - clip.at];
        if (echo === undefined) continue;
        chunk[i] = Math.max(-32768, Math.min(32767, Math.round((chunk[i] ?? 0) + echo * this.gain)));
      }
    }
  }
}
