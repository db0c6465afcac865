import type { PcmAudio } from "../audio/wav.js";

/** Text in, mono 16-bit PCM out (at the engine's native rate; sinks play any rate). */
export interface TextToSpeech {
  readonly name: string;
  synthesize(text: string, signal: AbortSignal): Promise<PcmAudio>;
}
