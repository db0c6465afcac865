import { JarvisError } from "../../core/errors.js";

/** The pipeline's audio unit: 16 kHz mono 16-bit PCM everywhere except TTS output (native rate). */
export interface PcmAudio {
  sampleRate: number;
  samples: Int16Array;
}

export const SAMPLE_RATE = 16_000;
/** openWakeWord's step: 80 ms at 16 kHz. Every source yields frames of exactly this size. */
export const FRAME_SAMPLES = 1280;
export const FRAME_MS = (FRAME_SAMPLES / SAMPLE_RATE) * 1000;
/** What sources deliver: 16 ms, so a 32 ms barge-in window completes every second chunk. */
export const CHUNK_SAMPLES = 256;

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  format: number;
  /** The PCM payload (a view into the input buffer). */
  data: Buffer;
}

/** Parses a RIFF/WAVE file, walking chunks (espeak-ng and sox write extra ones). */
export function parseWav(buffer: Buffer): WavInfo {
  if (
    buffer.length < 12 ||
    buffer.toString("ascii", 0, 4) !== "RIFF" ||
    buffer.toString("ascii", 8, 12) !== "WAVE"
  ) {
    throw new JarvisError("USAGE", "not a WAV file (no RIFF/WAVE header)", {
      fix: "convert it: sox in.mp3 -r 16000 -c 1 -b 16 in.wav",
    });
  }
  let offset = 12;
  let fmt: Omit<WavInfo, "data"> | undefined;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString("ascii", offset, offset + 4);
    const declared = buffer.readUInt32LE(offset + 4);
    const start = offset + 8;
    // Streams written to a pipe carry 0 or 0xffffffff as the data size: take the rest.
    const size = declared === 0 || declared === 0xffffffff ? buffer.length - start : declared;
    if (id === "fmt ") {
      fmt = {
        format: buffer.readUInt16LE(start),
        channels: buffer.readUInt16LE(start + 2),
        sampleRate: buffer.readUInt32LE(start + 4),
        bitsPerSample: buffer.readUInt16LE(start + 14),
      };
    } else if (id === "data") {
      if (!fmt) break;
      return { ...fmt, data: buffer.subarray(start, Math.min(buffer.length, start + size)) };
    }
    offset = start + size + (size % 2);
  }
  throw new JarvisError("USAGE", "WAV file has no fmt/data chunk", { fix: "re-encode it with sox" });
}

/** Decodes 16-bit PCM (any rate, any channel count) to mono by averaging channels. */
export function decodeWav(buffer: Buffer): PcmAudio {
  const info = parseWav(buffer);
  if (info.format !== 1 && info.format !== 0xfffe) {
    throw new JarvisError("USAGE", `WAV encoding ${info.format} is not PCM`, {
      fix: "convert it: sox in.wav -r 16000 -c 1 -b 16 out.wav",
    });
  }
  if (info.bitsPerSample !== 16) {
    throw new JarvisError("USAGE", `WAV has ${info.bitsPerSample}-bit samples; 16-bit is needed`, {
      fix: "convert it: sox in.wav -r 16000 -c 1 -b 16 out.wav",
    });
  }
  const channels = Math.max(1, info.channels);
  const count = Math.floor(info.data.length / (2 * channels));
  const samples = new Int16Array(count);
  for (let i = 0; i < count; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += info.data.readInt16LE((i * channels + c) * 2);
    samples[i] = Math.round(sum / channels);
  }
  return { sampleRate: info.sampleRate, samples };
}

/** A canonical 44-byte-header mono 16-bit WAV. */
export function encodeWav(audio: PcmAudio): Buffer {
  const dataBytes = audio.samples.length * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write("RIFF", 0, "ascii");
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write("WAVE", 8, "ascii");
  out.write("fmt ", 12, "ascii");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(audio.sampleRate, 24);
  out.writeUInt32LE(audio.sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36, "ascii");
  out.writeUInt32LE(dataBytes, 40);
  Buffer.from(audio.samples.buffer, audio.samples.byteOffset, dataBytes).copy(out, 44);
  return out;
}

/** Linear-interpolation resampler; good enough for speech into 16 kHz models. */
export function resample(audio: PcmAudio, targetRate: number): PcmAudio {
  if (audio.sampleRate === targetRate) return audio;
  const ratio = audio.sampleRate / targetRate;
  const length = Math.floor(audio.samples.length / ratio);
  const out = new Int16Array(length);
  for (let i = 0; i < length; i++) {
    const position = i * ratio;
    const index = Math.floor(position);
    const fraction = position - index;
    const a = audio.samples[index] ?? 0;
    const b = audio.samples[index + 1] ?? a;
    out[i] = Math.round(a + (b - a) * fraction);
  }
  return { sampleRate: targetRate, samples: out };
}

/** Splits 16 kHz audio into 80 ms frames; the last partial frame is zero-padded. */
export function toFrames(samples: Int16Array): Int16Array[] {
  const frames: Int16Array[] = [];
  for (let start = 0; start < samples.length; start += FRAME_SAMPLES) {
    const frame = new Int16Array(FRAME_SAMPLES);
    frame.set(samples.subarray(start, Math.min(samples.length, start + FRAME_SAMPLES)));
    frames.push(frame);
  }
  return frames;
}

export function concatSamples(parts: ReadonlyArray<Int16Array>): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function durationMs(audio: PcmAudio): number {
  return (audio.samples.length / audio.sampleRate) * 1000;
}
