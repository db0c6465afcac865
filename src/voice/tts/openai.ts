import { JarvisError } from "../../core/errors.js";
import { decodeWav, type PcmAudio } from "../audio/wav.js";
import type { TextToSpeech } from "./types.js";

export interface OpenAiSpeechOptions {
  baseUrl: string;
  model?: string;
  voice?: string;
  apiKey?: string;
}

/** Any OpenAI-compatible `/v1/audio/speech` endpoint, asked for WAV. */
export class OpenAiTts implements TextToSpeech {
  readonly name = "openai-compatible";
  constructor(private readonly options: OpenAiSpeechOptions) {}

  async synthesize(text: string, signal: AbortSignal): Promise<PcmAudio> {
    const url = `${this.options.baseUrl.replace(/\/+$/, "")}/v1/audio/speech`;
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    const response = await fetch(url, {
      method: "POST",
      headers,
      signal,
      body: JSON.stringify({
        model: this.options.model ?? "tts-1",
        voice: this.options.voice ?? "alloy",
        input: text,
        response_format: "wav",
      }),
    }).catch((error: unknown) => {
      if (signal.aborted) throw error;
      throw new JarvisError("UNAVAILABLE", `speech server ${url} unreachable: ${(error as Error).message}`, {
        fix: "start it or change voice.tts_base_url",
      });
    });
    if (!response.ok) {
      const detail = (await response.text()).slice(0, 200);
      throw new JarvisError("TOOL_FAILED", `speech server answered ${response.status}: ${detail}`);
    }
    return decodeWav(Buffer.from(await response.arrayBuffer()));
  }
}
