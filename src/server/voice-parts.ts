import { setTimeout as sleep } from "node:timers/promises";
import type { ConfirmationBroker } from "../gate/confirm.js";
import type { AudioSink } from "../voice/audio/io.js";
import type { PcmAudio } from "../voice/audio/wav.js";
import type { WakeWordInput } from "../voice/pipeline-types.js";
import type { TextToSpeech } from "../voice/tts/types.js";

/** Push-to-talk needs no wake word: the button is the wake word. */
export const NO_WAKE_WORD: WakeWordInput = {
  async processWithVad(_frame, vad) {
    return { score: 0, vad, vadGate: vad, detected: false };
  },
  reset() {},
};

export const SILENT: TextToSpeech = {
  name: "none",
  async synthesize() {
    return { sampleRate: 16_000, samples: new Int16Array(0) };
  },
};

/** Plays in the page: sends the clip, then waits as long as it plays (so turns and questions follow it). */
export class BrowserSink implements AudioSink {
  constructor(
    private readonly channel: {
      sendAudio(audio: PcmAudio): number | undefined;
      stopAudio(clip: number): void;
    },
  ) {}

  async play(audio: PcmAudio, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    const clip = this.channel.sendAudio(audio);
    if (clip === undefined) return;
    await sleep((audio.samples.length / audio.sampleRate) * 1000, undefined, { signal }).catch(
      () => undefined,
    );
    if (signal.aborted) this.channel.stopAudio(clip);
  }
}

/**
 * Asks every broker at once (the web modal and the spoken question); the first answer wins and
 * withdraws the others, so a voice turn's confirmation can be clicked or said.
 */
export function firstAnswer(brokers: ConfirmationBroker[]): ConfirmationBroker {
  return {
    request(request, signal) {
      const settled = new AbortController();
      const forward = () => settled.abort(signal.reason);
      signal.addEventListener("abort", forward, { once: true });
      return Promise.race(brokers.map((broker) => broker.request(request, settled.signal))).finally(() => {
        signal.removeEventListener("abort", forward);
        settled.abort();
      });
    },
  };
}
