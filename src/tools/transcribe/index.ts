import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom, pathString } from "../../core/schema.js";
import { defineTool, ok, type ToolDefinition } from "../../core/tool.js";
import { findProgram } from "../../platform/programs.js";
import type { ToolDeps } from "../deps.js";

const MAX_BYTES = 200 * 1024 * 1024;
const schema = z.object({
  path: pathString("read", "the audio or video file to transcribe (wav, flac, ogg, mp3, mp4, mkv, webm…)"),
});

/**
 * media_transcribe: free-form transcription of a local audio or video file through the voice settings'
 * OpenAI-compatible `/v1/audio/transcriptions` server (whisper.cpp, faster-whisper, a cloud API).
 * The offline pocketsphinx recogniser only knows Jarvis's command grammar, so it cannot do this.
 */
export function createTranscribeTools(deps: ToolDeps): ToolDefinition[] {
  const voice = deps.config.voice;
  const unavailable = (): string | undefined =>
    voice.stt !== "openai-compatible" || !voice.stt_base_url
      ? "media_transcribe needs a transcription server: set voice.stt to openai-compatible and voice.stt_base_url (e.g. a whisper.cpp server)"
      : undefined;

  return [
    defineTool<z.infer<typeof schema>>({
      name: "media_transcribe",
      group: "media",
      description:
        "Transcribe a local audio or video file to text with the configured speech-to-text server. The text is third-party content.",
      parameters: parametersFrom(schema),
      effects: ["read", "network"],
      risk: "safe",
      trust: "untrusted",
      timeoutMs: 600_000,
      examples: ["transcribe {path}"],
      available: unavailable,
      async execute(args, ctx) {
        const missing = unavailable();
        if (missing) throw new JarvisError("UNAVAILABLE", missing, { fix: "run `jarvis doctor`" });
        const size = (await stat(args.path)).size;
        if (size > MAX_BYTES) {
          throw new JarvisError("ARGS_INVALID", `${args.path} is larger than ${MAX_BYTES / 1024 / 1024} MB`);
        }
        const [{ decodeWav, resample }, { OpenAiStt, transcribe }, { runProgram }] = await Promise.all([
          import("../../voice/audio/wav.js"),
          import("../../voice/stt/index.js"),
          import("../../voice/audio/process.js"),
        ]);
        const wav = await toWav(args.path, ctx.signal, runProgram);
        try {
          const audio = resample(decodeWav(await readFile(wav.path)), 16_000);
          const stt = new OpenAiStt({
            baseUrl: voice.stt_base_url!,
            ...(voice.stt_model ? { model: voice.stt_model } : {}),
            ...(voice.api_key_env && deps.env[voice.api_key_env]
              ? { apiKey: deps.env[voice.api_key_env] }
              : {}),
          });
          const transcript = await transcribe(stt, audio, { mode: "command", signal: ctx.signal });
          const text = transcript.text.trim();
          return ok(text ? `Transcript of ${args.path}:\n${text}` : `No speech found in ${args.path}.`, {
            text,
            seconds: audio.samples.length / 16_000,
          });
        } finally {
          await wav.cleanup();
        }
      },
    }),
  ];
}

/** Containers that carry video (and so need ffmpeg): their audio track is what is transcribed. */
const VIDEO = new Set([
  ".mp4",
  ".m4v",
  ".mkv",
  ".webm",
  ".mov",
  ".avi",
  ".wmv",
  ".flv",
  ".mpg",
  ".mpeg",
  ".ts",
  ".3gp",
]);

/**
 * The argv that makes ffmpeg write `input`'s first audio track as 16 kHz mono 16-bit WAV.
 * The input is named with the file: protocol (a path is never read as a URL or "pipe:"), and
 * only local files may be opened, so a playlist inside a media file cannot make ffmpeg fetch.
 */
export function ffmpegArgs(input: string, output: string): string[] {
  return [
    ...["-nostdin", "-hide_banner", "-loglevel", "error", "-protocol_whitelist", "file"],
    ...["-i", `file:${input}`, "-map", "0:a:0?", "-vn", "-ac", "1", "-ar", "16000"],
    ...["-c:a", "pcm_s16le", "-f", "wav", "-y", `file:${output}`],
  ];
}

/**
 * WAV files are read as they are; anything else is converted to 16 kHz mono WAV by ffmpeg
 * (audio or video) or, without it, sox (audio only). argv arrays, never a shell.
 */
async function toWav(
  path: string,
  signal: AbortSignal,
  runProgram: (file: string, args: string[], options: { signal?: AbortSignal }) => Promise<unknown>,
): Promise<{ path: string; cleanup(): Promise<void> }> {
  const ext = extname(path).toLowerCase();
  if (ext === ".wav") return { path, cleanup: async () => {} };
  const ffmpeg = findProgram("ffmpeg");
  const sox = ffmpeg ? undefined : findProgram("sox");
  if (!ffmpeg && (VIDEO.has(ext) || !sox)) {
    throw new JarvisError(
      "UNAVAILABLE",
      VIDEO.has(ext) ? "transcribing a video needs ffmpeg" : "converting non-WAV audio needs ffmpeg or sox",
      { fix: "apt-get install ffmpeg" },
    );
  }
  const dir = await mkdtemp(join(tmpdir(), "jarvis-transcribe-"));
  const out = join(dir, "audio.wav");
  try {
    if (ffmpeg) await runProgram(ffmpeg, ffmpegArgs(path, out), { signal });
    else await runProgram(sox!, [path, "-r", "16000", "-c", "1", "-b", "16", out], { signal });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (signal.aborted) throw error;
    const reason = (error as Error).message.split("\n")[0] ?? "";
    throw new JarvisError(
      "TOOL_FAILED",
      /does not contain any stream/i.test(reason)
        ? `${path} has no audio track`
        : `cannot read ${path} as audio: ${reason}`,
    );
  }
  return { path: out, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
