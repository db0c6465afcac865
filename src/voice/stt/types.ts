import type { PcmAudio } from "../audio/wav.js";

export interface Transcript {
  text: string;
  /** Backend name, for events and the bench. */
  backend: string;
}

/** What the recogniser should expect: a command, or a yes/no answer to a confirmation. */
export type ListenMode = "command" | "dialog";

/**
 * One recognition. Audio is written as it arrives (so a streaming backend decodes while the user
 * speaks and answers right after the end); `finish` closes the input and returns the text.
 */
export interface SttSession {
  write(frame: Int16Array): void;
  finish(): Promise<Transcript>;
  /** Abandons the recognition (no speech came); never throws. */
  cancel(): void;
}

export interface SpeechToText {
  readonly name: string;
  start(options: { mode: ListenMode; signal: AbortSignal }): SttSession;
}

/** Convenience for whole clips: one session, all samples, finish. */
export async function transcribe(
  stt: SpeechToText,
  audio: PcmAudio,
  options: { mode: ListenMode; signal: AbortSignal },
): Promise<Transcript> {
  const session = stt.start(options);
  session.write(audio.samples);
  return session.finish();
}
