import { FRAME_MS } from "./audio/wav.js";
import type { ListenMode, SttSession, Transcript } from "./stt/types.js";
import type { VoiceSettings } from "./types.js";
import type { SpeechSegmenter } from "./vad.js";

export type UtteranceEvent = "start" | "end" | "timeout" | undefined;

/**
 * One utterance being listened to: every frame goes to the recogniser, and the VAD decides when
 * speech starts, when it ends (or hits the length limit), and when nobody spoke in time.
 */
export class Utterance {
  private frames = 0;
  private speechFrames = 0;
  private speaking = false;

  constructor(
    readonly mode: ListenMode,
    readonly session: SttSession,
    private readonly segmenter: SpeechSegmenter,
    private readonly settings: VoiceSettings,
    readonly resolve: (transcript: Transcript | undefined) => void,
  ) {
    segmenter.reset();
  }

  get speech(): boolean {
    return this.speaking;
  }

  push(frame: Int16Array, vad: number): UtteranceEvent {
    this.session.write(frame);
    this.frames += 1;
    const event = this.segmenter.push(vad);
    if (event === "start") this.speaking = true;
    if (!this.speaking) {
      const timeout = this.mode === "dialog" ? this.settings.confirmListenMs : this.settings.listenTimeoutMs;
      return this.frames * FRAME_MS >= timeout ? "timeout" : undefined;
    }
    this.speechFrames += 1;
    if (event === "end" || this.speechFrames * FRAME_MS >= this.settings.maxUtteranceMs) return "end";
    return event;
  }
}
