import { FRAME_MS } from "./audio/wav.js";
import type { ListenMode, SttSession, Transcript } from "./stt/types.js";
import type { VoiceSettings } from "./types.js";
import type { SpeechSegmenter } from "./vad.js";

export type UtteranceEvent = "start" | "end" | "timeout" | undefined;

/** A frame as heard: the samples and the VAD's speech probability. */
export type HeardFrame = { frame: Int16Array; vad: number };

/**
 * Where the command starts among the frames heard up to the wake decision: after the last quiet
 * frame (the breath between "hey Jarvis" and the command), which is kept as the pre-roll. The
 * wake-word model decides 0.1–0.4 s after the phrase ends (bench `wake_pause`), so in one breath
 * the command is often under way by then, and starting at the decision would cut off its first
 * word ("what time is it" → "toggle mute"). With no quiet frame in the window the speech runs
 * on from the phrase itself, and nothing before the decision is taken.
 */
export function commandLeadIn(
  recent: ReadonlyArray<HeardFrame>,
  quietBelow: number,
  frames: number,
): HeardFrame[] {
  if (frames <= 0) return [];
  const window = recent.slice(-frames);
  for (let i = window.length - 1; i >= 0; i--) if ((window[i]?.vad ?? 1) < quietBelow) return window.slice(i);
  return [];
}

/**
 * One utterance being listened to: the VAD decides when speech starts, when it ends (or hits the
 * length limit), and when nobody spoke in time. The recogniser hears the speech and only the
 * last `preRollMs` of quiet before it: people wait for the chime after "hey Jarvis", and the
 * grammar-bound recogniser turns a long stretch of room noise in front of a command into some
 * other command, or into nothing (0 of 8 commands right after a 0.8 s pause, bench `wake_pause`).
 */
export class Utterance {
  private frames = 0;
  private speechFrames = 0;
  private speaking = false;
  /** Frames heard before speech started, newest last: the pre-roll and the VAD's onset. */
  private readonly waiting: Int16Array[] = [];
  private readonly keep: number;

  constructor(
    readonly mode: ListenMode,
    readonly session: SttSession,
    private readonly segmenter: SpeechSegmenter,
    private readonly settings: VoiceSettings,
    readonly resolve: (transcript: Transcript | undefined) => void,
  ) {
    segmenter.reset();
    // The frames that made the VAD decide speech started (but the deciding one) queue too.
    this.keep = Math.ceil(settings.preRollMs / FRAME_MS) + segmenter.minSpeechFrames - 1;
  }

  get speech(): boolean {
    return this.speaking;
  }

  push(frame: Int16Array, vad: number): UtteranceEvent {
    this.frames += 1;
    const event = this.segmenter.push(vad);
    if (event === "start") this.speaking = true;
    if (!this.speaking) {
      this.waiting.push(frame);
      if (this.waiting.length > this.keep) this.waiting.shift();
      const timeout = this.mode === "dialog" ? this.settings.confirmListenMs : this.settings.listenTimeoutMs;
      return this.frames * FRAME_MS >= timeout ? "timeout" : undefined;
    }
    for (const held of this.waiting.splice(0)) this.session.write(held);
    this.session.write(frame);
    this.speechFrames += 1;
    if (event === "end" || this.speechFrames * FRAME_MS >= this.settings.maxUtteranceMs) return "end";
    return event;
  }
}
