import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JarvisError } from "../../core/errors.js";
import { findProgram } from "../../platform/programs.js";
import { type AudioSink, type AudioSource, Reframer } from "./io.js";
import { CHUNK_SAMPLES, encodeWav, type PcmAudio, SAMPLE_RATE } from "./wav.js";

/**
 * How to record 16 kHz mono s16le to stdout / play raw PCM from stdin, per program. Small
 * capture periods matter for barge-in: arecord's default period is a quarter of its 500 ms
 * buffer (125 ms) and sox's default buffer 8 KiB (256 ms) — audio would arrive that late.
 */
const RECORDERS: Record<string, string[]> = {
  arecord: [
    "-q",
    "-t",
    "raw",
    "-f",
    "S16_LE",
    "-r",
    String(SAMPLE_RATE),
    "-c",
    "1",
    "--period-time=16000",
    "--buffer-time=160000",
  ],
  rec: [
    "-q",
    "--buffer",
    String(CHUNK_SAMPLES * 2),
    "-t",
    "raw",
    "-e",
    "signed",
    "-b",
    "16",
    "-r",
    String(SAMPLE_RATE),
    "-c",
    "1",
    "-",
  ],
};

/** The recorder's argv (arecord, or sox's `rec` for anything else): 16 kHz mono s16le on stdout. */
export function recorderArgs(program: string): string[] {
  return [...(RECORDERS[program] ?? RECORDERS.rec ?? [])];
}

/** The player's argv (aplay, or sox's `play`): raw mono s16le at `rate` on stdin. */
export function playerArgs(program: string, rate: number): string[] {
  if (program === "aplay") return ["-q", "-t", "raw", "-f", "S16_LE", "-r", String(rate), "-c", "1", "-"];
  return ["-q", "-t", "raw", "-e", "signed", "-b", "16", "-r", String(rate), "-c", "1", "-"];
}

/** Picks the first available recorder: arecord (ALSA) on Linux, sox's `rec` elsewhere. */
export function defaultMicrophone(env: NodeJS.ProcessEnv = process.env): CommandMicrophone {
  const order = process.platform === "darwin" ? ["rec"] : ["arecord", "rec"];
  const program = order.find((p) => findProgram(p, env));
  if (!program) {
    throw new JarvisError("UNAVAILABLE", "no microphone recorder found (arecord or sox's rec)", {
      fix: process.platform === "darwin" ? "brew install sox" : "sudo apt-get install alsa-utils (or sox)",
    });
  }
  return new CommandMicrophone(program, env);
}

/** Picks aplay (Linux), afplay (macOS) or sox's `play`. */
export function defaultSpeaker(env: NodeJS.ProcessEnv = process.env): AudioSink {
  const order = process.platform === "darwin" ? ["afplay", "play"] : ["aplay", "play"];
  const program = order.find((p) => findProgram(p, env));
  if (!program) {
    throw new JarvisError("UNAVAILABLE", "no audio player found (aplay, afplay or sox's play)", {
      fix:
        process.platform === "darwin"
          ? "afplay ships with macOS"
          : "sudo apt-get install alsa-utils (or sox)",
    });
  }
  return program === "afplay" ? new AfplaySpeaker() : new CommandSpeaker(program, env);
}

export class CommandMicrophone implements AudioSource {
  constructor(
    private readonly program: string,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  async *frames(signal: AbortSignal): AsyncIterable<Int16Array> {
    const child = spawn(this.program, recorderArgs(this.program), {
      stdio: ["ignore", "pipe", "pipe"],
      signal,
      env: this.env,
    });
    let failure: Error | undefined;
    let stderr = "";
    child.on("error", (error) => {
      failure = error;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-1000);
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const reframer = new Reframer(CHUNK_SAMPLES);
    try {
      for await (const chunk of child.stdout) {
        for (const frame of reframer.push(chunk as Buffer)) {
          if (signal.aborted) return; // one read may hold many chunks: none after a stop
          yield frame;
        }
      }
      const code = await exited;
      if (!signal.aborted && (failure || code !== 0)) {
        const detail = failure?.message ?? stderr.trim().split("\n").pop() ?? `exit ${code}`;
        throw new JarvisError("UNAVAILABLE", `microphone (${this.program}) failed: ${detail}`, {
          fix: "check the input device (arecord -l), or use jarvis listen --file in.wav",
        });
      }
    } finally {
      if (child.exitCode === null) child.kill("SIGTERM");
    }
  }
}

/** aplay / play reading raw PCM on stdin; stopping kills the process (barge-in). */
export class CommandSpeaker implements AudioSink {
  constructor(
    private readonly program: string,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  play(audio: PcmAudio, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return resolve();
      const child = spawn(this.program, playerArgs(this.program, audio.sampleRate), {
        stdio: ["pipe", "ignore", "pipe"],
        env: this.env,
      });
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        stderr = (stderr + chunk).slice(-1000);
      });
      const stop = () => {
        if (child.exitCode === null) child.kill("SIGKILL");
      };
      signal.addEventListener("abort", stop, { once: true });
      const fail = (detail: string) =>
        reject(
          new JarvisError("UNAVAILABLE", `speaker (${this.program}) failed: ${detail}`, {
            fix: 'check the output device (aplay -l), or write to a file: jarvis say "…" --out f.wav',
          }),
        );
      child.stdin.on("error", () => {});
      child.on("error", (error) => fail(error.message));
      child.on("close", (code) => {
        signal.removeEventListener("abort", stop);
        if (code === 0 || signal.aborted) resolve();
        else fail(stderr.trim().split("\n").pop() || `exit ${code}`);
      });
      child.stdin.end(Buffer.from(audio.samples.buffer, audio.samples.byteOffset, audio.samples.byteLength));
    });
  }
}

/** macOS `afplay` only plays files: each clip goes through a private temp WAV. */
export class AfplaySpeaker implements AudioSink {
  play(audio: PcmAudio, signal: AbortSignal): Promise<void> {
    const dir = mkdtempSync(join(tmpdir(), "jarvis-play-"));
    const file = join(dir, "clip.wav");
    writeFileSync(file, encodeWav(audio));
    return new Promise<void>((resolve) => {
      const child = spawn("afplay", [file], { stdio: "ignore", signal });
      child.on("error", () => resolve());
      child.on("close", () => resolve());
    }).finally(() => rmSync(dir, { recursive: true, force: true }));
  }
}
