import type { ConfirmAnswer, EventPayload } from "../core/events.js";
import type { ListenMode } from "./stt/types.js";

export type VoiceState = "idle" | "listening" | "transcribing" | "turn" | "speaking";

/** What may interrupt Jarvis while it speaks: any speech, only the wake word, or nothing. */
export type BargeInMode = "speech" | "wake" | "off";

export interface VoiceSettings {
  /** Silero probability that counts as speech. */
  vadThreshold: number;
  /** Quiet time that ends an utterance. */
  endSilenceMs: number;
  /** After the wake word: how long to wait for the command to start. */
  listenTimeoutMs: number;
  /** Quiet before the speech that the recogniser hears (the rest of a pause is left out). */
  preRollMs: number;
  /** How far back from the wake decision the command may have begun (0: from the decision on). */
  leadInMs: number;
  /** After a spoken confirmation question: silence this long means "no". */
  confirmListenMs: number;
  maxUtteranceMs: number;
  bargeIn: BargeInMode;
  /** Silero score that stops playback (with the microphone's level risen above its floor). */
  bargeInThreshold: number;
  /** The score that is enough during a fricative-like onset ("stop", "set"): see onset.ts. */
  bargeInOnsetThreshold: number;
}

export const DEFAULT_VOICE_SETTINGS: VoiceSettings = {
  vadThreshold: 0.5,
  endSilenceMs: 480,
  listenTimeoutMs: 5000,
  preRollMs: 320,
  leadInMs: 480,
  confirmListenMs: 6000,
  maxUtteranceMs: 12_000,
  bargeIn: "speech",
  bargeInThreshold: 0.6,
  bargeInOnsetThreshold: 0.35,
};

/**
 * Everything the pipeline reports (`jarvis listen --json` prints one per line). `t` is media
 * time in ms (position in the audio), so runs over the same file report the same `t`.
 */
export type VoiceEvent =
  | { type: "state"; t: number; state: VoiceState }
  | { type: "wake"; t: number; score: number; vad: number }
  /** The "I'm listening" chime after the wake word started playing. */
  | { type: "earcon"; t: number; durationMs: number }
  /** Push-to-talk started listening without the wake word. */
  | { type: "activated"; t: number }
  | { type: "speech_start"; t: number; mode: ListenMode }
  | { type: "speech_end"; t: number; mode: ListenMode }
  | { type: "listen_timeout"; t: number; mode: ListenMode }
  | { type: "transcript"; t: number; mode: ListenMode; text: string; backend: string; latencyMs: number }
  | { type: "turn_event"; event: EventPayload }
  | { type: "turn_text"; t: number; text: string; interrupted: boolean }
  | {
      type: "speak";
      t: number;
      text: string;
      durationMs: number;
      sampleRate: number;
      /** Only on the first clip after an utterance: end of speech → first audio, wall ms. */
      latencyMs?: number;
    }
  | { type: "barge_in"; t: number }
  | { type: "confirm_prompt"; t: number; tool: string; question: string }
  | { type: "confirm_answer"; t: number; heard: string; answer: ConfirmAnswer; reason: string }
  | { type: "error"; t: number; code: string; message: string };
