import type { Clock } from "../core/clock.js";
import type { AudioSink } from "./audio/io.js";
import type { PcmAudio } from "./audio/wav.js";
import type { BargeInInput } from "./barge.js";
import type { SpeechToText } from "./stt/types.js";
import type { TextToSpeech } from "./tts/types.js";
import type { DialogClassifier, TurnHandler } from "./turn.js";
import type { VoiceEvent, VoiceSettings } from "./types.js";
import type { WakeDecision } from "./wakeword.js";

/** Anything that scores frames for the wake word given the shared VAD probability. */
export interface WakeWordInput {
  processWithVad(frame: Int16Array, vad: number): Promise<WakeDecision>;
  reset(): void;
}

/** Per-frame speech probability (Silero's `VadStream`, or a fake in tests). */
export interface VadInput {
  /** Mean probability over the frame. */
  process(frame: Int16Array): Promise<number>;
  /** Highest sub-window probability of the last processed frame. */
  readonly peak: number;
}

export type { BargeInInput } from "./barge.js";

export interface VoicePipelineOptions {
  wake: WakeWordInput;
  vad: VadInput;
  /** Decides barge-in per 16 ms block (`BargeInDetector`); without it, per 80 ms frame on the VAD's peak. */
  barge?: BargeInInput;
  stt: SpeechToText;
  tts: TextToSpeech;
  sink: AudioSink;
  turns: TurnHandler;
  dialog: DialogClassifier;
  settings: VoiceSettings;
  /** Played on the sink when the wake word is heard (`earcon.ts`); none when absent. */
  earcon?: PcmAudio;
  onEvent(event: VoiceEvent): void;
  /** Wall clock for latencies (media time `t` comes from the sample count). */
  clock?: Clock;
}
