import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runProgram } from "../audio/process.js";
import { decodeWav, type PcmAudio } from "../audio/wav.js";
import type { TextToSpeech } from "./types.js";

/** Piper (neural, offline) when installed with a voice model (`voice.piper_model`). */
export class PiperTts implements TextToSpeech {
  readonly name = "piper";
  constructor(private readonly options: { model: string; program?: string }) {}

  async synthesize(text: string, signal: AbortSignal): Promise<PcmAudio> {
    const dir = mkdtempSync(join(tmpdir(), "jarvis-piper-"));
    try {
      const out = join(dir, "out.wav");
      await runProgram(
        this.options.program ?? "piper",
        ["--model", this.options.model, "--output_file", out],
        {
          input: text,
          signal,
          install: "piper (https://github.com/rhasspy/piper)",
        },
      );
      return decodeWav(readFileSync(out));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
