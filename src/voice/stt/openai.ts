import { JarvisError } from "../../core/errors.js";
import { concatSamples, encodeWav, SAMPLE_RATE } from "../audio/wav.js";
import type { ListenMode, SpeechToText, SttSession, Transcript } from "./types.js";

export interface OpenAiTranscriptionOptions {
  /** Server root, e.g. http://127.0.0.1:8080 (whisper.cpp server) — `/v1/audio/transcriptions` is appended. */
  baseUrl: string;
  model?: string;
  apiKey?: string;
  language?: string;
}

/**
 * Free-form speech through any OpenAI-compatible `/v1/audio/transcriptions` endpoint
 * (whisper.cpp's server, faster-whisper, a cloud API). Not streaming: the utterance is
 * buffered and posted as one WAV when speech ends.
 */
export class OpenAiStt implements SpeechToText {
  readonly name = "openai-compatible";
  constructor(private readonly options: OpenAiTranscriptionOptions) {}

  start(options: { mode: ListenMode; signal: AbortSignal }): SttSession {
    const frames: Int16Array[] = [];
    let cancelled = false;
    return {
      write: (frame) => {
        if (!cancelled) frames.push(frame.slice());
      },
      finish: () => this.post(concatSamples(frames), options),
      cancel: () => {
        cancelled = true;
        frames.length = 0;
      },
    };
  }

  private async post(
    samples: Int16Array,
    options: { mode: ListenMode; signal: AbortSignal },
  ): Promise<Transcript> {
    const url = `${this.options.baseUrl.replace(/\/+$/, "")}/v1/audio/transcriptions`;
    const form = new FormData();
    const wav = encodeWav({ sampleRate: SAMPLE_RATE, samples });
    form.append("file", new Blob([new Uint8Array(wav)], { type: "audio/wav" }), "speech.wav");
    form.append("model", this.options.model ?? "whisper-1");
    form.append("response_format", "json");
    if (this.options.language) form.append("language", this.options.language);
    // A hint: answers to a confirmation are one or two words.
    if (options.mode === "dialog") form.append("prompt", "Yes. No.");
    const headers: Record<string, string> = {};
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    const response = await fetch(url, { method: "POST", body: form, headers, signal: options.signal }).catch(
      (error: unknown) => {
        if (options.signal.aborted) throw error;
        throw new JarvisError(
          "UNAVAILABLE",
          `transcription server ${url} unreachable: ${(error as Error).message}`,
          {
            fix: "start it (e.g. whisper.cpp `server`) or change voice.stt_base_url",
          },
        );
      },
    );
    if (!response.ok) {
      const detail = (await response.text()).slice(0, 200);
      throw new JarvisError("TOOL_FAILED", `transcription server answered ${response.status}: ${detail}`);
    }
    const body = (await response.json().catch(() => ({}))) as { text?: unknown };
    if (typeof body.text !== "string") {
      throw new JarvisError("TOOL_FAILED", "transcription server sent no `text` field");
    }
    return { text: body.text.trim(), backend: this.name };
  }
}
