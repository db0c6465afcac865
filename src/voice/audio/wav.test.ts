import { describe, expect, it } from "vitest";
import { ClipSource, PushSource, Reframer } from "./io.js";
import { concatSamples, decodeWav, encodeWav, FRAME_SAMPLES, parseWav, resample, toFrames } from "./wav.js";

function stereoWav(left: number[], right: number[], bits = 16, format = 1): Buffer {
  const data = Buffer.alloc(left.length * 4);
  left.forEach((l, i) => {
    data.writeInt16LE(l, i * 4);
    data.writeInt16LE(right[i] ?? 0, i * 4 + 2);
  });
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(format, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(64_000, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(bits, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

describe("WAV", () => {
  it("round-trips mono 16-bit PCM", () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768, 1234]);
    const decoded = decodeWav(encodeWav({ sampleRate: 22_050, samples }));
    expect(decoded.sampleRate).toBe(22_050);
    expect([...decoded.samples]).toEqual([...samples]);
  });

  it("mixes stereo down to mono", () => {
    expect([...decodeWav(stereoWav([100, -100], [300, 100])).samples]).toEqual([200, 0]);
  });

  it("reads a streamed header whose data size is unknown (espeak-ng --stdout)", () => {
    const wav = encodeWav({ sampleRate: 16_000, samples: Int16Array.from([5, 6, 7]) });
    wav.writeUInt32LE(0x7ffff000, 40);
    expect([...decodeWav(wav).samples]).toEqual([5, 6, 7]);
  });

  it.each([
    ["not a WAV", Buffer.from("hello world, not audio at all"), /not a WAV file/],
    ["8-bit samples", stereoWav([1], [1], 8), /8-bit samples; 16-bit is needed/],
    ["float samples", stereoWav([1], [1], 16, 3), /encoding 3 is not PCM/],
    [
      "no data chunk",
      encodeWav({ sampleRate: 16_000, samples: new Int16Array(0) }).subarray(0, 36),
      /no fmt\/data chunk/,
    ],
  ])("refuses %s with one clear line", (_name, buffer, message) => {
    expect(() => decodeWav(buffer)).toThrow(message);
  });

  it("resamples by rate ratio", () => {
    const audio = resample({ sampleRate: 22_050, samples: new Int16Array(22_050).fill(1000) }, 16_000);
    expect(audio.sampleRate).toBe(16_000);
    expect(audio.samples.length).toBe(16_000);
    expect(audio.samples[500]).toBe(1000);
  });

  it("cuts 80 ms frames and zero-pads the last", () => {
    const frames = toFrames(new Int16Array(FRAME_SAMPLES * 2 + 10).fill(3));
    expect(frames).toHaveLength(3);
    expect(frames[2]?.[9]).toBe(3);
    expect(frames[2]?.[10]).toBe(0);
    expect(parseWav(encodeWav({ sampleRate: 16_000, samples: concatSamples(frames) })).data.length).toBe(
      FRAME_SAMPLES * 3 * 2,
    );
  });
});

describe("audio sources", () => {
  it("reframes arbitrary byte chunks into exact frames", () => {
    const reframer = new Reframer();
    const bytes = Buffer.from(new Int16Array(FRAME_SAMPLES * 2).map((_, i) => i % 1000).buffer);
    const frames = [...reframer.push(bytes.subarray(0, 1001)), ...reframer.push(bytes.subarray(1001))];
    expect(frames).toHaveLength(2);
    expect(frames[1]?.[0]).toBe(FRAME_SAMPLES % 1000);
  });

  it("a push source yields what was pushed until it ends", async () => {
    const source = new PushSource();
    const seen: number[] = [];
    const done = (async () => {
      for await (const f of source.frames(new AbortController().signal)) seen.push(f[0] ?? -1);
    })();
    source.push(new Int16Array(FRAME_SAMPLES).fill(7));
    source.push(Buffer.alloc(FRAME_SAMPLES)); // half a frame: held back
    source.push(Buffer.alloc(FRAME_SAMPLES));
    source.end();
    source.push(new Int16Array(FRAME_SAMPLES).fill(9)); // after end: ignored
    await done;
    expect(seen).toEqual([7, 0]);
  });

  it("a clip source stops when aborted", async () => {
    const controller = new AbortController();
    let n = 0;
    for await (const _ of new ClipSource(new Int16Array(FRAME_SAMPLES * 10)).frames(controller.signal)) {
      n += 1;
      if (n === 3) controller.abort();
    }
    expect(n).toBe(3);
  });
});
