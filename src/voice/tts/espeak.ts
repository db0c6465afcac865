import { runProgram } from "../audio/process.js";
import { decodeWav, type PcmAudio } from "../audio/wav.js";
import type { TextToSpeech } from "./types.js";

export interface EspeakOptions {
  program?: string;
  voice?: string;
  /** Words per minute (espeak-ng default 175). */
  speed?: number;
}

/**
 * espeak-ng, the offline default. Text goes in on stdin (`--stdin`), never as an argument, so
 * text starting with "-" cannot be read as an option; WAV comes back on stdout.
 */
export class EspeakTts implements TextToSpeech {
  readonly name = "espeak-ng";
  constructor(private readonly options: EspeakOptions = {}) {}

  async synthesize(text: string, signal: AbortSignal): Promise<PcmAudio> {
    const args = ["--stdout", "--stdin", "-z"];
    if (this.options.voice) args.push("-v", this.options.voice);
    if (this.options.speed) args.push("-s", String(this.options.speed));
    const wav = await runProgram(this.options.program ?? "espeak-ng", args, {
      input: text,
      signal,
      install: "espeak-ng",
    });
    return decodeWav(wav);
  }
}
