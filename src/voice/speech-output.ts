import type { AudioSink } from "./audio/io.js";
import { durationMs, type PcmAudio } from "./audio/wav.js";
import { SentenceSplitter, speakable } from "./tts/sentences.js";
import type { TextToSpeech } from "./tts/types.js";

export interface SpokenClip {
  text: string;
  audio: PcmAudio;
  durationMs: number;
}

/**
 * Speaks streamed text sentence by sentence: each sentence is synthesised as soon as it is
 * complete (one at a time, ahead of playback) and played in order, so the first words come
 * out while the rest of the answer is still being produced. Aborting `signal` stops playback
 * at once and drops whatever was not yet spoken.
 */
export class SpeechOutput {
  /** The tail of everything queued for playback (a confirmation waits for it). */
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly tts: TextToSpeech,
    private readonly sink: AudioSink,
  ) {}

  /** Resolves with the full text once everything was spoken (or the signal aborted). */
  async speak(
    chunks: AsyncIterable<string>,
    signal: AbortSignal,
    hooks: { onClipStart?(clip: SpokenClip): void; onError?(error: unknown): void } = {},
  ): Promise<string> {
    const splitter = new SentenceSplitter();
    let full = "";
    let synthesis: Promise<unknown> = Promise.resolve();
    // After whatever is still playing (the chime after the wake word).
    let playback: Promise<void> = this.tail.catch(() => undefined);
    const enqueue = (sentence: string) => {
      const text = speakable(sentence);
      if (text.length === 0 || signal.aborted) return;
      // Synthesis runs one sentence at a time but ahead of playback.
      const audio = synthesis.then(() => (signal.aborted ? undefined : this.tts.synthesize(text, signal)));
      synthesis = audio.catch(() => undefined);
      playback = playback.then(async () => {
        const clip = await audio.catch((error: unknown) => {
          if (!signal.aborted) hooks.onError?.(error);
          return undefined;
        });
        if (!clip || signal.aborted || clip.samples.length === 0) return;
        hooks.onClipStart?.({ text, audio: clip, durationMs: durationMs(clip) });
        await this.sink.play(clip, signal);
      });
      this.tail = playback;
    };
    try {
      for await (const chunk of chunks) {
        if (signal.aborted) break;
        full += chunk;
        for (const sentence of splitter.push(chunk)) enqueue(sentence);
      }
    } catch (error) {
      if (!signal.aborted) hooks.onError?.(error);
    }
    for (const sentence of splitter.flush()) enqueue(sentence);
    await playback;
    return full.trim();
  }

  /** A short sound (the chime after the wake word), played now and before anything said after it. */
  cue(audio: PcmAudio, signal: AbortSignal, onError: (error: unknown) => void): void {
    this.tail = this.tail
      .catch(() => undefined)
      .then(() => (signal.aborted ? undefined : this.sink.play(audio, signal)))
      .catch(onError);
  }

  /** Resolves when nothing queued is still playing. */
  whenIdle(): Promise<void> {
    return this.tail;
  }

  /** One fixed text. */
  say(text: string, signal: AbortSignal, hooks: Parameters<SpeechOutput["speak"]>[2] = {}): Promise<string> {
    return this.speak(
      (async function* () {
        yield text;
      })(),
      signal,
      hooks,
    );
  }
}
