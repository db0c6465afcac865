/**
 * Real audio for the voice tests and the bench: speech synthesised by espeak-ng (several
 * voices and speeds), resampled and mixed with noise by sox, assembled into 16 kHz clips.
 * Everything is generated into a temp directory at run time; nothing is committed.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeWav, encodeWav } from "../../src/voice/audio/wav.js";

export const RATE = 16_000;

export interface Voice {
  voice: string;
  speed: number;
}

/** espeak-ng → sox (16 kHz mono 16-bit) → samples. */
export function speak(dir: string, text: string, voice: Voice): Int16Array {
  const raw = join(dir, `tts-${Math.random().toString(36).slice(2)}.wav`);
  const out = `${raw}.16k.wav`;
  execFileSync("espeak-ng", ["-v", voice.voice, "-s", String(voice.speed), "-w", raw, "--", text]);
  execFileSync("sox", ["-R", raw, "-r", String(RATE), "-c", "1", "-b", "16", out]);
  return decodeWav(readFileSync(out)).samples;
}

export type NoiseKind = "whitenoise" | "pinknoise" | "brownnoise";

/** sox-generated noise of `ms` length at amplitude `volume` (0..1). */
export function noise(dir: string, kind: NoiseKind, ms: number, volume: number): Int16Array {
  const out = join(dir, `noise-${Math.random().toString(36).slice(2)}.wav`);
  // -R: repeatable noise (same seed every run), so the tests see the same audio each time.
  execFileSync("sox", [
    "-R",
    "-n",
    "-r",
    String(RATE),
    "-c",
    "1",
    "-b",
    "16",
    out,
    "synth",
    String(ms / 1000),
    kind,
    "vol",
    String(volume),
  ]);
  return decodeWav(readFileSync(out)).samples;
}

/** Mixes `background` under `clip` with sox (`-m`), looping nothing: background is cut/padded. */
export function mixWithNoise(dir: string, clip: Int16Array, kind: NoiseKind, volume: number): Int16Array {
  const bed = noise(dir, kind, (clip.length / RATE) * 1000, volume);
  const a = writeRaw(dir, clip);
  const b = writeRaw(dir, bed);
  const out = join(dir, `mix-${Math.random().toString(36).slice(2)}.wav`);
  // -v 1 on each input so sox does not halve the speech (its default for -m).
  execFileSync("sox", ["-m", "-v", "1", a, "-v", "1", b, "-b", "16", out]);
  return decodeWav(readFileSync(out)).samples;
}

function writeRaw(dir: string, samples: Int16Array): string {
  const file = join(dir, `part-${Math.random().toString(36).slice(2)}.wav`);
  writeFileSync(file, encodeWav({ sampleRate: RATE, samples }));
  return file;
}

export function silence(ms: number): Int16Array {
  return new Int16Array(Math.round((ms / 1000) * RATE));
}

/** Concatenates parts; numbers are silences in ms. Returns samples and each part's start (ms). */
export function sequence(parts: Array<Int16Array | number>): { samples: Int16Array; starts: number[] } {
  const chunks = parts.map((p) => (typeof p === "number" ? silence(p) : p));
  const samples = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  const starts: number[] = [];
  let offset = 0;
  for (const chunk of chunks) {
    starts.push((offset / RATE) * 1000);
    samples.set(chunk, offset);
    offset += chunk.length;
  }
  return { samples, starts };
}

/**
 * A scenario as one clip: speech parts (text + voice) and silences (ms), optionally with a
 * noise bed under all of it; written to `file` when given. Returns each part's start in ms.
 */
export function scenario(
  dir: string,
  parts: Array<{ text: string; voice?: Voice } | number>,
  options: { noise?: { kind: NoiseKind; volume: number }; file?: string } = {},
): {
  samples: Int16Array;
  starts: number[];
  ends: number[];
  voiced: Array<{ start: number; end: number } | undefined>;
} {
  const chunks = parts.map((p) =>
    typeof p === "number" ? p : speak(dir, p.text, p.voice ?? { voice: "en-us", speed: 150 }),
  );
  const { samples, starts } = sequence(chunks);
  const ends = chunks.map(
    (c, i) => (starts[i] ?? 0) + (typeof c === "number" ? c : (c.length / RATE) * 1000),
  );
  // espeak-ng pads its output with silence: where the voice really starts and stops (ms).
  const voiced = chunks.map((c, i) => {
    if (typeof c === "number") return undefined;
    const loud = (x: number) => Math.abs(x) > 500;
    const first = c.findIndex(loud);
    const last = c.findLastIndex(loud);
    const at = starts[i] ?? 0;
    return { start: at + (Math.max(0, first) / RATE) * 1000, end: at + (Math.max(0, last) / RATE) * 1000 };
  });
  const mixed = options.noise
    ? mixWithNoise(dir, samples, options.noise.kind, options.noise.volume)
    : samples;
  if (options.file) writeFileSync(options.file, encodeWav({ sampleRate: RATE, samples: mixed }));
  return { samples: mixed, starts, ends, voiced };
}

/** Voices that espeak-ng ships with Debian, spanning accents and pitch. */
export const VOICES: readonly string[] = [
  "en-us",
  "en-gb",
  "en-us+f3",
  "en-gb-scotland",
  "en-us+m3",
  "en-gb-x-rp",
  "en-us-nyc",
  "en-029",
];

export const SPEEDS: readonly number[] = [130, 150, 170];

/** Other speech, including "jarvis" inside a sentence and near-misses of "hey jarvis". */
export const NEGATIVE_SENTENCES: readonly string[] = [
  "I told jarvis about it yesterday",
  "my friend jarvis lives in london",
  "have you seen jarvis today",
  "the jarvis project is running late again",
  "we named the dog jarvis last summer",
  "ask jarvis if he wants coffee",
  "hey there, how are you doing",
  "hey travis, come over here",
  "hey marvin, pass me the salt",
  "harvest season starts in the fall",
  "the weather is nice today",
  "set a timer for five minutes",
  "what time is it in tokyo",
  "please turn the music down a little",
  "I would like a cup of tea",
  "the meeting was moved to thursday afternoon",
  "can you hear me now",
  "open the window, it is hot in here",
  "nobody expected the results to be this good",
  "remind me to call my mother tonight",
];
